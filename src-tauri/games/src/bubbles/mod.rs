//! Bubble Breaker (SameGame): pop groups of same-coloured balls on a field of 5x5 to 30x20 balls
//! in 2 to 6 colours; the original's game, the default, is 11x11 in five colours.
//!
//! A click on a ball with a same-coloured orthogonal neighbour selects its group and shows what it
//! would score, n(n-1) in the original's scoring or (n-2)² in the classic one ([`Scoring`]); a second
//! click inside the selection pops it. The balls above fall, and the
//! field then settles by its [`Style`]. The game is over when no two neighbouring balls share a
//! colour.
//!
//! # Selection, moves and the move log
//!
//! Selecting is only a change of what is shown: [`Game::apply`] answers [`Applied::Transient`]
//! and the session does not log it. Only a pop is a real move ([`Applied::Move`]). Since the
//! session rebuilds a game by replaying its logged moves from the seed, with no selection, the
//! logged move must pop by itself. A `click` inside the selection does not: on a fresh state it
//! would only select. So a pop is always logged as [`Move::Pop`], which pops the group at its cell
//! whatever is selected, and which a click inside the selection (or a [`Move::QuickPop`], one-click
//! play's click, on a group) is exactly equivalent to.
//! [`Game::logged_move`] (which the session calls) gives the move to log for any move, and must be asked *before* the
//! move is applied (it looks at the selection the click was aimed at):
//!
//! ```
//! use pastimes_games::bubbles::{Bubbles, Move, Params};
//! use pastimes_games::{Applied, Game};
//!
//! let mut game = Bubbles::new(&Params::default(), 42).unwrap();
//! let mut log = Vec::new();
//! let (x, y) = game.first_group().expect("a fresh field has a group");
//! for click in [Move::Click { x, y }, Move::Click { x, y }] {
//!     let to_log = game.logged_move(&click);
//!     if game.apply(&click).unwrap() == Applied::Move {
//!         log.push(to_log);
//!     }
//! }
//! assert_eq!(log, vec![Move::Pop { x, y }]);
//!
//! let mut replayed = Bubbles::new(&Params::default(), 42).unwrap();
//! for mv in &log {
//!     replayed.apply(mv).unwrap();
//! }
//! assert_eq!(replayed, game);
//! ```

mod analysis;
mod colour;
mod compact;
mod dealer;
mod effects;
mod field;
mod gravity;
mod group;
mod hint;
mod info;
mod mask;
mod nrpa;
mod position;
mod refill;
mod scoring;
mod solver;
mod style;
mod view;

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

#[doc(hidden)]
pub use analysis::Weights;
pub use colour::Colour;
pub use dealer::NEWEST_DEAL;
pub use effects::{Burst, Effects, Entered, Selected, Slide};
pub use hint::{hint, Hint, HINT_BUDGET};
pub use info::KIND;
pub use position::{Position, PositionError, MAX_POSITION_BYTES};
pub use scoring::{Scoring, CLEARED_BONUS};
#[doc(hidden)]
pub use solver::solve_with;
pub use solver::{best_line, best_line_after, solve, Budget, Solution, BEST_LINE_TIME};
pub use style::Style;
pub use view::{Cell, ColourCounts, Edge, Side, View};

use crate::notation::{Notation, Rows, Written};
use crate::{Analyses, Applied, Deal, Game, GameKind, Hints, RuleError, Status};
use dealer::Dealer;
use field::Field;
pub use field::{HEIGHT, MAX_HEIGHT, MAX_WIDTH, MIN_SIDE, WIDTH};
use mask::Mask;
use refill::Refill;
use serde::{Deserialize, Serialize};

/// The choices before a game: `{"style": "standard", "width": 15, "height": 10, "colours": 3,
/// "scoring": "classic"}`. A missing style is MegaShift, the original's game; an unknown one is a
/// deserialisation error. A missing size, colour count or scoring is the original's (11x11, five
/// colours, n(n-1)), and the original's are left out of the JSON, so params stored before fields had
/// sizes read as they were written and are written as they were.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Params {
    #[serde(default)]
    pub style: Style,
    /// Columns, [`MIN_SIDE`] to [`MAX_WIDTH`].
    #[serde(default = "default_width", skip_serializing_if = "is_default_width")]
    pub width: i64,
    /// Rows, [`MIN_SIDE`] to [`MAX_HEIGHT`].
    #[serde(default = "default_height", skip_serializing_if = "is_default_height")]
    pub height: i64,
    /// Colours, [`MIN_COLOURS`] to [`MAX_COLOURS`].
    #[serde(default = "default_colours", skip_serializing_if = "is_default_colours")]
    pub colours: i64,
    #[serde(default, skip_serializing_if = "Scoring::is_default")]
    pub scoring: Scoring,
    /// A game from a position file ([`Position`]): its field's digits row by row from the top
    /// left (0 a hole), instead of a field dealt from the seed. Such a game never ranks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The dealer version ([`crate::deal`], [`NEWEST_DEAL`]); absent (version 1) in params
    /// stored before versions, and left out of the JSON for version 1.
    #[serde(default = "Deal::first", skip_serializing_if = "Deal::is_first")]
    pub deal: Deal,
}

/// The colour counts a field may have.
pub const MIN_COLOURS: i64 = 2;
pub const MAX_COLOURS: i64 = 6;
/// The original's colour count.
pub const COLOURS: i64 = 5;

fn default_width() -> i64 {
    WIDTH as i64
}

fn default_height() -> i64 {
    HEIGHT as i64
}

fn default_colours() -> i64 {
    COLOURS
}

fn is_default_width(width: &i64) -> bool {
    *width == WIDTH as i64
}

fn is_default_height(height: &i64) -> bool {
    *height == HEIGHT as i64
}

fn is_default_colours(colours: &i64) -> bool {
    *colours == COLOURS
}

/// The fields the game offers ready-made, as (width, height, colours): the original's 11x11 in five
/// colours, the KDE and GNOME games' 15x10 in three, four or five, and 15x15 in five, the field
/// of the search literature's standard positions.
pub const PRESETS: [(i64, i64, i64); 5] = [(11, 11, 5), (15, 10, 3), (15, 10, 4), (15, 10, 5), (15, 15, 5)];

impl Params {
    /// A new game's parameters in `style` on the original's field and scoring, dealt by the newest
    /// dealer.
    pub fn new(style: Style) -> Params {
        Params {
            style,
            width: default_width(),
            height: default_height(),
            colours: COLOURS,
            scoring: Scoring::default(),
            position: None,
            deal: NEWEST_DEAL,
        }
    }

    /// [`Params::new`] on a field of `width` by `height` in `colours` colours, scored by `scoring`
    /// (checked when a game starts: [`Params::check`]).
    pub fn sized(style: Style, width: i64, height: i64, colours: i64, scoring: Scoring) -> Params {
        Params { width, height, colours, scoring, ..Params::new(style) }
    }

    /// Whether these are the original's field, colours and scoring: its categories are the style's
    /// name alone (see [`info`]).
    pub fn is_seed_field(&self) -> bool {
        is_default_width(&self.width)
            && is_default_height(&self.height)
            && is_default_colours(&self.colours)
            && self.scoring.is_default()
    }

    /// The size and colours in range, or the first that is not as [`RuleError::OutOfRange`]; a
    /// position that does not fit them is [`RuleError::Malformed`].
    pub fn check(&self) -> Result<(), RuleError> {
        let ranges = [
            ("width", MIN_SIDE as i64, MAX_WIDTH as i64, self.width),
            ("height", MIN_SIDE as i64, MAX_HEIGHT as i64, self.height),
            ("colours", MIN_COLOURS, MAX_COLOURS, self.colours),
        ];
        for (what, min, max, value) in ranges {
            if !(min..=max).contains(&value) {
                return Err(RuleError::OutOfRange { what, min, max, value });
            }
        }
        if let Some(digits) = &self.position {
            position::field_of(self, digits)?;
        }
        Ok(())
    }
}

impl Default for Params {
    fn default() -> Params {
        Params::new(Style::default())
    }
}

/// One action of the player, e.g. `{"action": "click", "x": 3, "y": 10}`. Coordinates are
/// signed so that a stray negative one is refused as [`RuleError::OutOfBoard`], not as bad JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "camelCase")]
pub enum Move {
    /// A click on cell (x, y): inside the selection it pops (a [`Applied::Move`], logged as
    /// [`Move::Pop`]); on a ball with a same-coloured neighbour it selects that ball's group; on
    /// a lone ball or a hole it clears the selection. Selecting and clearing are transient.
    Click { x: i64, y: i64 },
    /// Pops the group at (x, y) at once, whatever is selected. The form a pop is logged in.
    /// A lone ball or a hole is refused with [`RuleError::Illegal`].
    Pop { x: i64, y: i64 },
    /// A click of one-click play (the player's option; Swell Foop's and Klickety's way): on a
    /// ball with a same-coloured neighbour it pops that ball's group at once (a [`Applied::Move`],
    /// logged as [`Move::Pop`]); on a lone ball or a hole it clears the selection (transient), as a
    /// [`Move::Click`] there does. The seed's two clicks stay [`Move::Click`]'s.
    QuickPop { x: i64, y: i64 },
    /// Clears the selection (transient), e.g. for the Escape key.
    Deselect,
}

/// A game of Bubble Breaker.
///
/// Equality compares everything, the random generator included: two equal games bring in the
/// same columns from then on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bubbles {
    style: Style,
    scoring: Scoring,
    field: Field,
    /// Dealt the field, then draws the new columns; kept so that replays and undo reproduce them.
    dealer: Dealer,
    /// The selected group: two balls or more of the current field, or empty.
    selection: Mask,
    score: i64,
    status: Status,
    /// The position the game started from, when it came from a file rather than the dealer.
    position: Option<std::sync::Arc<str>>,
}

impl Bubbles {
    /// The cells (x, y) of the 4-connected same-colour group at (x, y), row by row from the top
    /// left: one cell for a lone ball, none for a hole or a cell outside the field.
    pub fn group_at(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        if x >= self.field.width() || y >= self.field.height() {
            return Vec::new();
        }
        let width = self.field.width();
        group::group_at(&self.field, self.field.index(x, y)).iter().map(|i| (i % width, i / width)).collect()
    }

    /// A cell of some group that can be popped, scanning row by row from the top left; `None` when
    /// the game is over. Handy for hints and for demos.
    pub fn first_group(&self) -> Option<(i64, i64)> {
        let width = self.field.width();
        (0..self.field.len())
            .find(|&i| group::group_at(&self.field, i).len() >= 2)
            .map(|i| ((i % width) as i64, (i / width) as i64))
    }

    /// The colour at (x, y), or `None` for a hole or a cell outside the field.
    pub fn colour_at(&self, x: usize, y: usize) -> Option<Colour> {
        (x < self.field.width() && y < self.field.height()).then(|| self.field.colour(x, y)).flatten()
    }

    pub fn style(&self) -> Style {
        self.style
    }

    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// The field's width and height.
    pub fn size(&self) -> (usize, usize) {
        (self.field.width(), self.field.height())
    }

    /// How many colours the field is dealt and refilled in.
    pub fn colours(&self) -> u8 {
        self.dealer.colours()
    }

    /// The parameters this game was dealt by (its size, colours, style, scoring and dealer).
    pub fn params(&self) -> Params {
        let (width, height) = self.size();
        Params {
            style: self.style,
            width: width as i64,
            height: height as i64,
            colours: i64::from(self.colours()),
            scoring: self.scoring,
            position: self.position.as_deref().map(str::to_string),
            deal: self.dealer.deal(),
        }
    }

    /// Whether the game was started from a position ([`Position`]) rather than dealt.
    pub fn is_from_position(&self) -> bool {
        self.position.is_some()
    }

    /// Whether a group can still be popped, worked out afresh from the field (the original's
    /// `HasPossibilities`). [`Game::status`] is this, remembered after every pop.
    pub fn has_moves(&self) -> bool {
        self.field.has_pair()
    }

    fn is_selected(&self, x: i64, y: i64) -> bool {
        self.cell_index(x, y).is_ok_and(|i| self.selection.contains(i))
    }

    /// Whether (x, y) is a ball of a group of two or more: what a pop there needs.
    fn can_pop(&self, x: i64, y: i64) -> bool {
        self.cell_index(x, y).is_ok_and(|i| group::group_at(&self.field, i).len() >= 2)
    }

    /// Selects the group at cell `i` if it has two balls or more, else clears the selection.
    fn select(&mut self, i: usize) {
        let group = group::group_at(&self.field, i);
        self.selection = if group.len() >= 2 { group } else { Mask::EMPTY };
    }

    /// Pops the group at cell `i`: the one path for both [`Move::Pop`] and a click inside the
    /// selection, so that the two are the same move.
    fn pop_at(&mut self, i: usize) -> Result<Refill, RuleError> {
        let group = group::group_at(&self.field, i);
        if group.len() < 2 {
            return Err(RuleError::Illegal("only a group of two or more balls can be popped"));
        }
        Ok(self.pop(group))
    }

    /// Scores and removes `group`, lets the field settle and checks for the end.
    fn pop(&mut self, group: Mask) -> Refill {
        self.score += self.scoring.points(group.len());
        let columns = self.field.remove(group);
        self.selection = Mask::EMPTY;
        let refill = self.style.settle_after(&mut self.field, &mut self.dealer, columns);
        if self.scoring == Scoring::Classic {
            self.score += self.scoring.bonus(self.field.balls());
        }
        self.status = status_of(&self.field);
        refill
    }

    #[cfg(test)]
    fn from_field(style: Style, field: Field, dealer: Dealer) -> Bubbles {
        Bubbles::scored_from_field(style, Scoring::default(), field, dealer)
    }

    fn scored_from_field(style: Style, scoring: Scoring, field: Field, dealer: Dealer) -> Bubbles {
        let status = status_of(&field);
        Bubbles { style, scoring, field, dealer, selection: Mask::EMPTY, score: 0, status, position: None }
    }

    /// The game `params` and `seed` deal, with the dealer version the params name (both checked
    /// by [`Game::new`]).
    fn dealt(params: &Params, seed: u64) -> Bubbles {
        let mut dealer = Dealer::with_colours(params.deal, seed, params.colours as u8);
        if let Some(digits) = &params.position {
            if let Ok(field) = position::field_of(params, digits) {
                let mut game = Bubbles::scored_from_field(params.style, params.scoring, field, dealer);
                game.position = Some(digits.as_str().into());
                return game;
            }
        }
        let field = dealer.field(params.width as usize, params.height as usize);
        Bubbles::scored_from_field(params.style, params.scoring, field, dealer)
    }

    /// The index of cell (x, y), or why there is none.
    fn cell_index(&self, x: i64, y: i64) -> Result<usize, RuleError> {
        let (width, height) = self.size();
        let inside = |v: i64, size: usize| usize::try_from(v).ok().filter(|&v| v < size);
        match (inside(x, width), inside(y, height)) {
            (Some(x), Some(y)) => Ok(self.field.index(x, y)),
            _ => Err(RuleError::OutOfBoard { x, y, width, height }),
        }
    }
}

/// Playing while some two neighbours share a colour; an empty field has none, so it is finished
/// too. The original has no bonus for clearing the field; the classic scoring has ([`Scoring`]).
fn status_of(field: &Field) -> Status {
    if field.has_pair() {
        Status::Playing
    } else {
        Status::Finished
    }
}

impl Game for Bubbles {
    type Params = Params;
    type Move = Move;
    type View = View;
    type Effects = Effects;

    const KIND: GameKind = KIND;

    /// Deals a full field from `seed`; the same generator then draws every new column.
    fn new(params: &Params, seed: u64) -> Result<Bubbles, RuleError> {
        params.deal.checked(NEWEST_DEAL)?;
        params.check()?;
        Ok(Bubbles::dealt(params, seed))
    }

    /// The move to put in the move log for `mv`, asked *before* applying it: a click inside the
    /// selection, or a one-click pop on a group, becomes the [`Move::Pop`] it amounts to; every other move is itself (moves that
    /// turn out transient are not logged at all). See the module documentation.
    fn logged_move(&self, mv: &Move) -> Move {
        match *mv {
            Move::Click { x, y } if self.status == Status::Playing && self.is_selected(x, y) => Move::Pop { x, y },
            Move::QuickPop { x, y } if self.status == Status::Playing && self.can_pop(x, y) => Move::Pop { x, y },
            other => other,
        }
    }

    fn apply(&mut self, mv: &Move) -> Result<Applied, RuleError> {
        if self.status.is_over() {
            return Err(RuleError::GameOver);
        }
        match *mv {
            Move::Click { x, y } => {
                let i = self.cell_index(x, y)?;
                if self.selection.contains(i) {
                    self.pop_at(i)?;
                    return Ok(Applied::Move);
                }
                self.select(i);
                Ok(Applied::Transient)
            }
            Move::Pop { x, y } => {
                self.pop_at(self.cell_index(x, y)?)?;
                Ok(Applied::Move)
            }
            Move::QuickPop { x, y } => {
                let i = self.cell_index(x, y)?;
                if self.can_pop(x, y) {
                    self.pop_at(i)?;
                    return Ok(Applied::Move);
                }
                self.selection = Mask::EMPTY;
                Ok(Applied::Transient)
            }
            Move::Deselect => {
                self.selection = Mask::EMPTY;
                Ok(Applied::Transient)
            }
        }
    }

    /// A pop is traced on the field before it (see [`effects`]); a click that only selects
    /// tells the group it selected.
    fn effects(&self, mv: &Move, after: &Bubbles) -> Effects {
        match self.logged_move(mv) {
            Move::Pop { x, y } => match self.cell_index(x, y) {
                Ok(i) => effects::popped(self, group::group_at(&self.field, i), after),
                Err(_) => Effects::default(),
            },
            Move::Click { .. } => effects::selection(after),
            Move::QuickPop { .. } | Move::Deselect => Effects::default(),
        }
    }

    /// `pop C4`, the only move a log holds; its code is the cell, `y * width + x` (`y * 11 + x` on
    /// the original's field).
    const NOTATION: Notation = Notation { verbs: &["pop"], words: &[], rows: Rows::FromTop };

    fn grid(&self) -> (usize, usize) {
        self.size()
    }

    fn write(&self, mv: &Move) -> Option<Written> {
        match *mv {
            Move::Pop { x, y } => {
                Some(Written::Cell { verb: 0, x: usize::try_from(x).ok()?, y: usize::try_from(y).ok()? })
            }
            Move::Click { .. } | Move::QuickPop { .. } | Move::Deselect => None,
        }
    }

    fn read(&self, written: Written) -> Option<Move> {
        match written {
            Written::Cell { x, y, .. } => Some(Move::Pop { x: x as i64, y: y as i64 }),
            Written::Word(_) => None,
        }
    }

    fn status(&self) -> Status {
        self.status
    }

    fn view(&self) -> View {
        View::of(self)
    }

    fn category(&self) -> String {
        info::category(&self.params())
    }

    fn score(&self) -> Option<i64> {
        Some(self.score)
    }

    /// Every finished game ranks by its score: the highest first (ties go to the earlier game);
    /// a game from a position never does.
    fn rank_key(&self, _elapsed_ms: u64) -> Option<i64> {
        (self.status.is_over() && self.can_rank()).then_some(-self.score)
    }

    /// A game from a position file was set up by the player: it never enters the hall of fame.
    fn can_rank(&self) -> bool {
        self.position.is_none()
    }
}

impl Hints for Bubbles {
    /// The group the solver would pop, from what the player sees only (see [`hint()`]).
    fn hint(&self, _cancel: &std::sync::atomic::AtomicBool) -> Option<serde_json::Value> {
        hint::hint(self, HINT_BUDGET).and_then(|hint| serde_json::to_value(hint).ok())
    }
}

impl Analyses for Bubbles {
    const SHOWN: crate::Shown = crate::Shown::BestLine;

    /// The best line found for the whole deal in about 2 s, never below the player's own line
    /// ([`best_line_after`]): `{"bestScore": 2960, "moves": [...]}`.
    fn analyse(&self, seed: u64, moves: &[Move], cancel: &std::sync::atomic::AtomicBool) -> Option<serde_json::Value> {
        let best = best_line_after(&self.params(), seed, moves, Budget::time(BEST_LINE_TIME), cancel);
        let cancelled = cancel.load(std::sync::atomic::Ordering::Relaxed);
        (!cancelled).then(|| serde_json::json!({ "bestScore": best.score, "moves": best.moves }))
    }
}
