//! Minesweeper: open every cell without a mine.
//!
//! The rules, after the three original Minesweeper descriptions (originals 000, 001 and 002 of
//! `docs/ORIGINS.md`), with our refinements:
//!
//! * Sizes: beginner 9x9/10, intermediate 16x16/40, expert 30x16/99, or custom
//!   9..=100 x 9..=100 with 10..=(w-1)*(h-1) mines ([`Params`]).
//! * The mines are laid at the first click, from the seed, so that the first click is safe
//!   ([`FirstClick::Safe`]) or opens an area ([`FirstClick::OpensArea`], the default).
//! * Moves ([`Move`]): open, mark (none -> flag -> question -> none) and chord. A flag protects its
//!   cell, a question mark does not. Opening a zero floods its region and the region's border.
//! * The game is won when every safe cell is open (all mines then show as flags), lost when a mine
//!   is opened (the view then shows the exploded mine, the other mines and the wrong flags).
//! * "Try again" after a loss replays the same mines: [`Minesweeper::replay_params`] with the same
//!   seed.
//! * There is no undo ([`crate::GameInfo::has_undo`] is false): undoing a lost click would make the game
//!   trivially winnable.
//! * No guessing ([`Params::no_guess`]): the board is one the logic solver (`solver.rs`) clears from the
//!   first click by deduction alone ([`no_guess`]); when none is found within the budget the first
//!   click (or a replay's creation) is refused and the game stays as it was.
//!   [`no_guess_feasible`] is a quick trial for warning before the game starts.
//! * A hint ([`Minesweeper::hint`], [`hint_for`]) reads only the view. The competitive statistics
//!   (3BV, clicks, IOE, correctness, 3BV/s) are [`Minesweeper::stats`].

pub mod analysis_board;
mod bbbv;
mod board;
mod board_figures;
pub mod board_file;
mod counters;
mod effects;
mod field;
mod generate;
mod guess;
mod hint;
mod info;
mod layout;
mod mark;
mod moves;
pub mod no_guess;
mod odds;
mod params;
mod probability;
mod reveal;
pub mod review;
mod solver;
mod stats;
pub mod video;
mod view;

#[cfg(test)]
mod tests;

pub use board::Board;
pub use board_figures::BoardFigures;
pub use counters::Counters;
pub use effects::{Cell, Effects};
pub use generate::NEWEST_DEAL;
pub use hint::{hint_for, Hint, HintRule, Reason};
pub use info::KIND;
pub use layout::{parse_boards, BoardText, Layout};
pub use moves::Move;
pub use no_guess::feasible as no_guess_feasible;
pub use odds::{odds_for, Odds as BoardOdds};
pub use params::{FirstClick, Level, MineMap, Params, Point, MAX_SIDE, MIN_MINES, MIN_SIDE};
pub use stats::{bbbv_per_second, correctness, ioe, ios, rqp, throughput, Clicks, Stats};
pub use view::{cell_code, View};

use crate::notation::{Notation, Rows, Written};
use crate::{Applied, Game, GameKind, Hints, Rates, RuleError, Status};
use field::Field;
use info::{CUSTOM, NO_GUESS};
use mark::Mark;

/// A game of Minesweeper. Before the first open the mines are not laid yet (except in a replay).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Minesweeper {
    params: Params,
    board: Board,
    seed: u64,
    /// `None` until the first cell is opened (or, in a replay, laid at creation).
    field: Option<Field>,
    /// The cell the mines were laid around; with the seed it determines the layout.
    first_click: Option<usize>,
    marks: Vec<Mark>,
    /// How many safe cells are open: the game is won when this reaches `board.safe_cells()`.
    opened: usize,
    flags: usize,
    status: Status,
    /// The clicks so far, for the competitive statistics ([`Minesweeper::stats`]).
    clicks: Clicks,
}

impl Minesweeper {
    pub fn params(&self) -> &Params {
        &self.params
    }

    pub fn board(&self) -> Board {
        self.board
    }

    /// The 3BV ("Bechtel's Board Benchmark Value"): the fewest clicks that clear the board
    /// without flags. `None` before the mines are laid. Not in the view while playing, since it
    /// says something about the hidden mines.
    pub fn three_bv(&self) -> Option<u32> {
        self.field.as_ref().map(|f| bbbv::three_bv(&self.board, f))
    }

    /// The mines, once laid: their cell indices (row-major), in order. `None` before the first
    /// open of a dealt game. Not in the view while playing, since it is the hidden board.
    pub fn laid_mines(&self) -> Option<Vec<usize>> {
        self.field.as_ref().map(|field| field.mines().collect())
    }

    /// Lays the mines around `first` unless they are laid already. Only a no-guess board can
    /// fail (none found within the budget); the game is then unchanged.
    fn lay_mines(&mut self, first: usize) -> Result<(), RuleError> {
        if self.field.is_none() {
            let mines = generate::laid_mines(&self.params, &self.board, self.seed, first)?;
            self.field = Some(Field::new(&self.board, &mines));
            self.first_click = Some(first);
        }
        Ok(())
    }
}

impl Game for Minesweeper {
    type Params = Params;
    type Move = Move;
    type View = View;
    type Effects = Effects;

    const KIND: GameKind = KIND;

    fn new(params: &Params, seed: u64) -> Result<Minesweeper, RuleError> {
        let board = params.board()?;
        if no_guess_refused(params)? {
            return Err(RuleError::Illegal("noGuessImpossible"));
        }
        let mut game = Minesweeper {
            params: params.clone(),
            board,
            seed,
            field: None,
            first_click: None,
            marks: vec![Mark::Hidden; board.cells()],
            opened: 0,
            flags: 0,
            status: Status::Playing,
            clicks: Clicks::default(),
        };
        if let Some(p) = params.replay_of {
            // A replay lays the original mines now: where the player clicks first no longer matters.
            game.lay_mines(p.y * board.width() + p.x)?;
        }
        if params.layout.is_some() {
            // A given layout lays its mines now, wherever the first click falls; no first click
            // is kept, so it has no "try again" of its own.
            game.lay_mines(0)?;
            game.first_click = None;
        }
        Ok(game)
    }

    fn apply(&mut self, mv: &Move) -> Result<Applied, RuleError> {
        self.play(mv)
    }

    fn effects(&self, mv: &Move, after: &Minesweeper) -> Effects {
        effects::told(self, mv, after)
    }

    /// `open D5`, `mark A1` (the right click, which cycles flag, question mark, none) and
    /// `chord C3`; their codes are `cell * 3 + action`, two bytes for any Expert move.
    const NOTATION: Notation = Notation { verbs: &Move::ACTIONS, words: &[], rows: Rows::FromTop };

    fn grid(&self) -> (usize, usize) {
        (self.board.width(), self.board.height())
    }

    fn write(&self, mv: &Move) -> Option<Written> {
        let (x, y) = mv.xy();
        let verb = Move::ACTIONS.iter().position(|action| *action == mv.action_name())?;
        Some(Written::Cell { verb, x: usize::try_from(x).ok()?, y: usize::try_from(y).ok()? })
    }

    fn read(&self, written: Written) -> Option<Move> {
        match written {
            Written::Cell { verb, x, y } => Move::of_action(Move::ACTIONS.get(verb)?, x as i64, y as i64),
            Written::Word(_) => None,
        }
    }

    /// The competitive statistics of a finished game: 3BV, 3BV/s, clicks, IOE, correctness.
    fn summary(&self, elapsed_ms: u64) -> Option<serde_json::Value> {
        // Only once the game is over (it tells about the hidden board), and so not on every click.
        if !self.status.is_over() {
            return None;
        }
        serde_json::to_value(self.stats(elapsed_ms)?).ok()
    }

    /// The live counters ([`Counters`]): only what the open cells and the player's own clicks
    /// show, so on every snapshot.
    fn counters(&self, elapsed_ms: u64) -> Option<serde_json::Value> {
        serde_json::to_value(Minesweeper::counters(self, elapsed_ms)).ok()
    }

    fn status(&self) -> Status {
        self.status
    }

    fn view(&self) -> View {
        View::of(self)
    }

    /// `"beginner"`, `"intermediate"`, `"expert"` or `"custom-WxH/N"` (GNOME Mines groups custom
    /// games by size and mine count).
    fn category(&self) -> String {
        let size = match self.params.level {
            Level::Custom { .. } => {
                let b = self.board;
                CUSTOM.name(&[("width", b.width()), ("height", b.height()), ("mines", b.mines())])
            }
            level => level.name().to_string(),
        };
        // Boards that never force a guess rank apart from plain ones.
        if self.params.is_no_guess() {
            format!("{size}{NO_GUESS}")
        } else {
            size
        }
    }

    /// Whether this game replays the mines of an earlier one.
    fn is_replay(&self) -> bool {
        self.params.replay_of.is_some()
    }

    /// The parameters of a game with the same mines ("try again"), once the mines are laid:
    /// `Minesweeper::new(&game.replay_params().unwrap(), same_seed)`. The seed must be this game's
    /// seed: the params carry the first click, the seed the randomness.
    fn replay_params(&self) -> Option<Params> {
        let (x, y) = self.board.xy(self.first_click?);
        Some(Params { replay_of: Some(Point { x, y }), ..self.params.clone() })
    }

    /// Won games that are not replays rank by time: the fastest first.
    fn rank_key(&self, elapsed_ms: u64) -> Option<i64> {
        let counts = self.status == Status::Won && !self.is_replay();
        counts.then(|| i64::try_from(elapsed_ms).unwrap_or(i64::MAX))
    }
}

impl Rates for Minesweeper {
    const RATE_KEY: &'static str = "ms.stat.bbbvPerSecond";

    /// 3BV/s of a won board that is not a replay.
    fn rate(&self, elapsed_ms: u64) -> Option<f64> {
        if self.status != Status::Won || self.is_replay() {
            return None;
        }
        self.stats(elapsed_ms)?.bbbv_per_second
    }
}

impl Hints for Minesweeper {
    /// A cell that logic proves safe or a mine, with why; else the safest cell and its chance.
    fn hint(&self, _cancel: &std::sync::atomic::AtomicBool) -> Option<serde_json::Value> {
        Minesweeper::hint(self).and_then(|hint| serde_json::to_value(hint).ok())
    }
}

impl crate::Analyses for Minesweeper {
    const SHOWN: crate::Shown = crate::Shown::Review;
    /// A whole Expert game takes well under the 2 s it may (`benches/minesweeper.rs`), and the
    /// same record always gives the same review: nothing to keep or to run after the game.
    const ON_DEMAND: bool = true;

    /// The review of every click ([`review::review`]), from the deal of `seed` with this game's
    /// parameters.
    fn analyse(&self, seed: u64, moves: &[Move], _cancel: &std::sync::atomic::AtomicBool) -> Option<serde_json::Value> {
        let start = Minesweeper::new(&self.params, seed).ok()?;
        review::review(&start, moves).ok().and_then(|review| serde_json::to_value(review).ok())
    }
}

impl crate::Odds for Minesweeper {
    /// Each closed cell's chance of a mine, from the open numbers and the mine total.
    fn odds(&self) -> Option<serde_json::Value> {
        odds_for(&View::of(self)).and_then(|odds| serde_json::to_value(odds).ok())
    }
}

/// A no-guess custom size the quick trial ([`no_guess_feasible`]) finds no board for: refused
/// before the game starts, so the player is told then, never at the first click. The
/// three levels always have boards, and a replay keeps the board it had.
fn no_guess_refused(params: &Params) -> Result<bool, RuleError> {
    let custom = matches!(params.level, Level::Custom { .. });
    if !params.is_no_guess() || !custom || params.replay_of.is_some() {
        return Ok(false);
    }
    Ok(!no_guess::feasible(params)?)
}

/// The mines, as `(x, y)` in row-major order, of the game `Minesweeper::new(params, seed)` whose
/// first opened cell is `first_click` (ignored for a replay, whose first click is in `params`).
///
/// For tests that need to know the hidden board; the UI never calls it.
///
/// # Panics
/// If `params` or `first_click` are not valid for a game.
pub fn mine_layout(params: &Params, seed: u64, first_click: (usize, usize)) -> Vec<(usize, usize)> {
    let mut game = Minesweeper::new(params, seed).expect("valid params");
    let first = game.board.checked_index(first_click.0 as i64, first_click.1 as i64);
    game.lay_mines(first.expect("first click on the board")).expect("a board for these params");
    let field = game.field.as_ref().expect("mines laid");
    field.mines().map(|m| game.board.xy(m)).collect()
}
