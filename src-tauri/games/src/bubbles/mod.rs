//! Bubble Breaker (SameGame): pop groups of same-coloured balls on an 11x11 field.
//!
//! A click on a ball with a same-coloured orthogonal neighbour selects its group and shows what it
//! would score, n(n-1); a second click inside the selection pops it. The balls above fall, and the
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
//! whatever is selected, and which a click inside the selection is exactly equivalent to.
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
mod dealer;
mod effects;
mod field;
mod gravity;
mod group;
mod hint;
mod info;
mod mask;
mod refill;
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
pub use effects::{Burst, Effects, Entered, Slide};
pub use hint::{hint, Hint, HINT_BUDGET};
pub use info::KIND;
#[doc(hidden)]
pub use solver::solve_with;
pub use solver::{best_line, best_line_after, solve, Budget, Solution, BEST_LINE_TIME};
pub use style::Style;
pub use view::{Cell, ColourCounts, Edge, Side, View};

use crate::notation::{Notation, Rows, Written};
use crate::{Analyses, Applied, Deal, Game, GameKind, Hints, RuleError, Status};
use dealer::Dealer;
use field::{index, Field, HEIGHT, WIDTH};
use mask::Mask;
use refill::Refill;
use serde::{Deserialize, Serialize};

/// The choices before a game: `{"style": "megashift"}`. A missing style is MegaShift, the
/// seed's game; an unknown one is a deserialisation error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Params {
    #[serde(default)]
    pub style: Style,
    /// The dealer version ([`crate::deal`], [`NEWEST_DEAL`]); absent (version 1) in params
    /// stored before versions, and left out of the JSON for version 1.
    #[serde(default = "Deal::first", skip_serializing_if = "Deal::is_first")]
    pub deal: Deal,
}

impl Params {
    /// A new game's parameters in `style`, dealt by the newest dealer.
    pub fn new(style: Style) -> Params {
        Params { style, deal: NEWEST_DEAL }
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
    field: Field,
    /// Dealt the field, then draws the new columns; kept so that replays and undo reproduce them.
    dealer: Dealer,
    /// The selected group: two balls or more of the current field, or empty.
    selection: Mask,
    score: i64,
    status: Status,
}

impl Bubbles {
    /// The cells (x, y) of the 4-connected same-colour group at (x, y), row by row from the top
    /// left: one cell for a lone ball, none for a hole or a cell outside the field.
    pub fn group_at(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        if x >= WIDTH || y >= HEIGHT {
            return Vec::new();
        }
        group::group_at(&self.field, index(x, y)).iter().map(|i| (i % WIDTH, i / WIDTH)).collect()
    }

    /// A cell of some group that can be popped, scanning row by row from the top left; `None` when
    /// the game is over. Handy for hints and for demos.
    pub fn first_group(&self) -> Option<(i64, i64)> {
        (0..HEIGHT * WIDTH)
            .find(|&i| group::group_at(&self.field, i).len() >= 2)
            .map(|i| ((i % WIDTH) as i64, (i / WIDTH) as i64))
    }

    /// The colour at (x, y), or `None` for a hole or a cell outside the field.
    pub fn colour_at(&self, x: usize, y: usize) -> Option<Colour> {
        (x < WIDTH && y < HEIGHT).then(|| self.field.colour(x, y)).flatten()
    }

    pub fn style(&self) -> Style {
        self.style
    }

    /// Whether a group can still be popped, worked out afresh from the field (the seed's
    /// `HasPossibilities`). [`Game::status`] is this, remembered after every pop.
    pub fn has_moves(&self) -> bool {
        self.field.has_pair()
    }

    fn is_selected(&self, x: i64, y: i64) -> bool {
        cell_index(x, y).is_ok_and(|i| self.selection.contains(i))
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
        self.score += group::points(group.len());
        self.field.remove(group);
        self.selection = Mask::EMPTY;
        let refill = self.style.settle(&mut self.field, &mut self.dealer);
        self.status = status_of(&self.field);
        refill
    }

    fn from_field(style: Style, field: Field, dealer: Dealer) -> Bubbles {
        let status = status_of(&field);
        Bubbles { style, field, dealer, selection: Mask::EMPTY, score: 0, status }
    }

    /// The game `params` and `seed` deal, with the dealer version the params name (checked by
    /// [`Game::new`]).
    fn dealt(params: &Params, seed: u64) -> Bubbles {
        let mut dealer = Dealer::new(params.deal, seed);
        let field = dealer.field();
        Bubbles::from_field(params.style, field, dealer)
    }
}

/// Playing while some two neighbours share a colour; an empty field has none, so it is finished
/// too. There is no bonus for clearing the field: the seed has none.
fn status_of(field: &Field) -> Status {
    if field.has_pair() {
        Status::Playing
    } else {
        Status::Finished
    }
}

/// The index of cell (x, y), or why there is none.
fn cell_index(x: i64, y: i64) -> Result<usize, RuleError> {
    let inside = |v: i64, size: usize| usize::try_from(v).ok().filter(|&v| v < size);
    match (inside(x, WIDTH), inside(y, HEIGHT)) {
        (Some(x), Some(y)) => Ok(index(x, y)),
        _ => Err(RuleError::OutOfBoard { x, y, width: WIDTH, height: HEIGHT }),
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
        Ok(Bubbles::dealt(params, seed))
    }

    /// The move to put in the move log for `mv`, asked *before* applying it: a click inside the
    /// selection becomes the [`Move::Pop`] it amounts to; every other move is itself (moves that
    /// turn out transient are not logged at all). See the module documentation.
    fn logged_move(&self, mv: &Move) -> Move {
        match *mv {
            Move::Click { x, y } if self.status == Status::Playing && self.is_selected(x, y) => Move::Pop { x, y },
            other => other,
        }
    }

    fn apply(&mut self, mv: &Move) -> Result<Applied, RuleError> {
        if self.status.is_over() {
            return Err(RuleError::GameOver);
        }
        match *mv {
            Move::Click { x, y } => {
                let i = cell_index(x, y)?;
                if self.selection.contains(i) {
                    self.pop_at(i)?;
                    return Ok(Applied::Move);
                }
                self.select(i);
                Ok(Applied::Transient)
            }
            Move::Pop { x, y } => {
                self.pop_at(cell_index(x, y)?)?;
                Ok(Applied::Move)
            }
            Move::Deselect => {
                self.selection = Mask::EMPTY;
                Ok(Applied::Transient)
            }
        }
    }

    /// A pop is traced on the field before it (see [`effects`]).
    fn effects(&self, mv: &Move, _after: &Bubbles) -> Effects {
        match self.logged_move(mv) {
            Move::Pop { x, y } => match cell_index(x, y) {
                Ok(i) => effects::trace(&self.field, group::group_at(&self.field, i), self.style, &self.dealer),
                Err(_) => Effects::default(),
            },
            _ => Effects::default(),
        }
    }

    /// `pop C4`, the only move a log holds; its code is the cell, `y * 11 + x`.
    const NOTATION: Notation = Notation { verbs: &["pop"], words: &[], rows: Rows::FromTop };

    fn grid(&self) -> (usize, usize) {
        (WIDTH, HEIGHT)
    }

    fn write(&self, mv: &Move) -> Option<Written> {
        match *mv {
            Move::Pop { x, y } => {
                Some(Written::Cell { verb: 0, x: usize::try_from(x).ok()?, y: usize::try_from(y).ok()? })
            }
            Move::Click { .. } | Move::Deselect => None,
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
        self.style.name().to_string()
    }

    fn score(&self) -> Option<i64> {
        Some(self.score)
    }

    /// Every finished game ranks by its score: the highest first (ties go to the earlier game).
    fn rank_key(&self, _elapsed_ms: u64) -> Option<i64> {
        self.status.is_over().then_some(-self.score)
    }
}

impl Hints for Bubbles {
    /// The group the solver would pop, from what the player sees only (see [`hint`]).
    fn hint(&self, _cancel: &std::sync::atomic::AtomicBool) -> Option<serde_json::Value> {
        hint::hint(self, HINT_BUDGET).and_then(|hint| serde_json::to_value(hint).ok())
    }
}

impl Analyses for Bubbles {
    const SHOWN: crate::Shown = crate::Shown::BestLine;

    /// The best line found for the whole deal in about 2 s, never below the player's own line
    /// ([`best_line_after`]): `{"bestScore": 2960, "moves": [...]}`.
    fn analyse(&self, seed: u64, moves: &[Move], cancel: &std::sync::atomic::AtomicBool) -> Option<serde_json::Value> {
        let params = Params { style: self.style, deal: self.dealer.deal() };
        let best = best_line_after(&params, seed, moves, Budget::time(BEST_LINE_TIME), cancel);
        let cancelled = cancel.load(std::sync::atomic::Ordering::Relaxed);
        (!cancelled).then(|| serde_json::json!({ "bestScore": best.score, "moves": best.moves }))
    }
}
