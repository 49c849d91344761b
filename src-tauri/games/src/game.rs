//! The one small interface all games share (after Simon Tatham's `struct game`).

use crate::notation::{Notation, Written};
use crate::time_control::{Player, TimeControl, TurnTime};
use crate::GameKind;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::sync::atomic::AtomicBool;

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Moves are accepted.
    Playing,
    /// The player won (Minesweeper cleared, Gomoku: the first player / the human made five).
    Won,
    /// The player lost (a mine, or the other side made five).
    Lost,
    /// Nobody won: a full Gomoku board.
    Draw,
    /// The game ran out of moves without a winner or loser: Bubble Breaker's end, scored by points.
    Finished,
}

impl Status {
    pub fn is_over(self) -> bool {
        self != Status::Playing
    }
}

/// What [`Game::apply`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applied {
    /// A real move: it goes into the move log, is persisted and can be undone.
    Move,
    /// A change of what is shown only (Bubble Breaker's selection): not logged, not undoable.
    Transient,
}

/// Why a game refused a move or parameters. Each variant is a stable code the UI can translate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("cell ({x}, {y}) is outside the {width}x{height} board")]
    OutOfBoard { x: i64, y: i64, width: usize, height: usize },
    #[error("the game is over: no more moves")]
    GameOver,
    #[error("{what} must be between {min} and {max}, not {value}")]
    OutOfRange { what: &'static str, min: i64, max: i64, value: i64 },
    #[error("that move is not allowed here: {0}")]
    Illegal(&'static str),
    /// A move or parameters that are not even of the game's shape (as JSON).
    #[error("malformed {what}: {reason}")]
    Malformed { what: &'static str, reason: String },
}

/// A game's rules. Implementations are pure: no clock, no I/O, all randomness from the seed.
pub trait Game: Clone + Send + Sync + 'static {
    /// What the player chooses before a game: level, size, style, rule, opponent.
    type Params: Serialize + DeserializeOwned + Clone + Debug + Send + Sync + 'static;
    /// One action of the player (or of the computer, in Gomoku).
    type Move: Serialize + DeserializeOwned + Clone + Debug + Send + Sync + 'static;
    /// What the player may see. Never contains hidden information while the game is playing.
    type View: Serialize;
    /// What a move did, told by the rules for the page to animate (cells opened in order, balls
    /// that fell where, the stone placed): the page never works it out from two views.
    type Effects: Serialize + Debug + Default;

    /// The game's entry in the registry: its [`crate::GameInfo`].
    const KIND: GameKind;

    /// A new game. Checks the parameters: out-of-range values give [`RuleError::OutOfRange`].
    fn new(params: &Self::Params, seed: u64) -> Result<Self, RuleError>;

    /// Applies one move; on error the game is unchanged. This is the game's one apply path: what
    /// a move did for the page ([`Telling::apply_with_effects`]) is told from the game before
    /// and after it by [`Game::effects`], never by a second way of applying it.
    fn apply(&mut self, mv: &Self::Move) -> Result<Applied, RuleError>;

    /// What `mv`, applied to this game (`self`, as it was before), did to give `after`: the
    /// cells it opened, the balls that fell and the points they earned, the stone placed, the
    /// decision made. A [`Applied::Transient`] move is told too (Bubble Breaker's click tells
    /// the group it selected); most games' transient moves tell nothing.
    fn effects(&self, mv: &Self::Move, after: &Self) -> Self::Effects;

    /// The form in which `mv` goes into the move log, decided before it is applied. Replaying
    /// the log from the seed must rebuild the game exactly: Bubble Breaker logs a click that
    /// pops its selection as a pop of that group, which needs no selection to replay.
    fn logged_move(&self, mv: &Self::Move) -> Self::Move {
        mv.clone()
    }

    fn status(&self) -> Status;

    fn view(&self) -> Self::View;

    /// The statistics and hall-of-fame category, e.g. `"beginner"`, `"custom-20x12/40"`,
    /// `"megashift"`, `"freestyle-hard"`. Stable: it is stored in the database.
    fn category(&self) -> String;

    /// Points, for games scored by points (Bubble Breaker). `None` for games scored by time.
    fn score(&self) -> Option<i64> {
        None
    }

    /// Whether the next move is the computer's (Gomoku against the computer). The app then asks
    /// [`Game::computer_move`] on a background thread.
    fn computer_to_move(&self) -> bool {
        false
    }

    /// The computer's move in this position, within `time` (its clock, in a timed game). Pure
    /// but possibly slow; it returns soon once `cancel` is set, and `None` when it has nothing
    /// to play.
    fn computer_move(&self, _time: Option<TurnTime>, _cancel: &AtomicBool) -> Option<Self::Move> {
        None
    }

    /// How the game is timed ([`crate::time_control`]): untimed by default.
    fn time_control(&self) -> TimeControl {
        TimeControl::None
    }

    /// Which of the two players acts now (whose clock runs), in a game of two; `None` once over.
    fn player_to_act(&self) -> Option<Player> {
        None
    }

    /// The ruling that `player`, whose time ran out, lost on time: a move only the clock makes,
    /// logged so that the game replays to its end. `None` in a game without clocks.
    fn lost_on_time(&self, _player: Player) -> Option<Self::Move> {
        None
    }

    /// Whether `mv` is such a ruling: a player may never send one.
    fn is_ruling(&self, _mv: &Self::Move) -> bool {
        false
    }

    /// Whether the computer plays every side now (Gomoku's demo): the app then paces its moves
    /// for the player to watch.
    fn plays_itself(&self) -> bool {
        false
    }

    /// Whether `mv` is one the player may make while the computer is at work, which stops it
    /// (taking over a side of Gomoku's demo).
    fn interrupts(&self, _mv: &Self::Move) -> bool {
        false
    }

    /// Parameters that deal this very board again (Minesweeper's "try again"), once that board
    /// is known. `None` where the game has no replay.
    fn replay_params(&self) -> Option<Self::Params> {
        None
    }

    /// This finished game's place in its hall-of-fame category, lower is better, given the time
    /// it took; `None` when it cannot be a record (a loss, a replay, a two-player game).
    fn rank_key(&self, _elapsed_ms: u64) -> Option<i64> {
        None
    }

    /// Whether this game is a replay of an earlier board: replays never enter the hall of fame.
    fn is_replay(&self) -> bool {
        false
    }

    /// Whether a win of this game could enter the hall of fame at all (not a replay, not a
    /// two-player game), whatever help the player takes.
    fn can_rank(&self) -> bool {
        !self.is_replay()
    }

    /// What a finished game's player is judged by besides its result, for the history and the
    /// game-over view (Minesweeper: 3BV, 3BV/s, clicks, IOE, correctness). `None` while playing:
    /// some of it tells about the hidden board.
    fn summary(&self, _elapsed_ms: u64) -> Option<serde_json::Value> {
        None
    }

    /// The figures a player may read while playing, so far, given the game's time (Minesweeper's
    /// live counters: clicks, solved 3BV, 3BV/s, efficiency). Unlike [`Game::summary`] it is
    /// there on every snapshot, so it must tell nothing the view does not: `None` by default.
    fn counters(&self, _elapsed_ms: u64) -> Option<serde_json::Value> {
        None
    }

    /// How the game writes its moves: the one notation from which a move's text in the records
    /// and its compact code are both derived (see [`crate::notation`]).
    const NOTATION: Notation;

    /// The board's width and height in cells, as the notation names and numbers its cells.
    fn grid(&self) -> (usize, usize);

    /// A move as the notation writes it; `None` for a move no log holds (Bubble Breaker's click
    /// that only selects) or one off the board.
    fn write(&self, mv: &Self::Move) -> Option<Written>;

    /// The move the notation's `written` stands for in this game.
    fn read(&self, written: Written) -> Option<Self::Move>;
}

// Capabilities: what only some games have. A game has one when it implements the trait and
// names it in its table ([`crate::GameInfo`]: `hint: Some(erased::hint_of::<G>)`); the table's
// entry cannot be written without the method, so the page's flags and the methods never disagree.

/// Help for the player to move, from what the player sees only (never a hidden mine or a future
/// refill), as JSON for the page: a cell proved safe, a group worth popping, the engine's move.
pub trait Hints: Game {
    /// `None` when there is nothing to hint. Slow games return soon once `cancel` is set.
    fn hint(&self, cancel: &AtomicBool) -> Option<serde_json::Value>;
}

/// The chances on the board, from what the player sees only (Minesweeper's *Show odds*: each
/// closed cell's chance of a mine), as JSON for the page. Help, like a hint.
pub trait Odds: Game {
    /// `None` when there is nothing to show (before the first move, after the end).
    fn odds(&self) -> Option<serde_json::Value>;
}

/// Work on a finished game over its whole deal (its seed and its logged moves), for the
/// game-over view and the history: Bubble Breaker's best line found for the deal, Gomoku's
/// review. It may use what the player could not see, as the game is over.
pub trait Analyses: Game {
    /// How the player sees the analysis: as a line of moves to watch, or in a review screen.
    const SHOWN: crate::kind::Shown;

    /// Quick and the same each time (Minesweeper's review): worked out when the player asks for
    /// it, never in the background after the game, and not kept with it.
    const ON_DEMAND: bool = false;

    /// Slow (seconds); returns soon once `cancel` is set, with `None` then.
    fn analyse(&self, seed: u64, moves: &[Self::Move], cancel: &AtomicBool) -> Option<serde_json::Value>;
}

/// A finished game's rate for the hall of fame's second table, higher is better (Minesweeper's
/// 3BV/s on a won board).
pub trait Rates: Game {
    /// The catalogue key of the rate's name.
    const RATE_KEY: &'static str;

    /// `None` where this game does not rank so (a loss, a replay).
    fn rate(&self, elapsed_ms: u64) -> Option<f64>;
}

/// The [`Game::rank_key`] of a game ranked by moves, then time ([`crate::Measure::Moves`]):
/// fewer moves first, the faster of equal moves next. Times past ten billion milliseconds (115
/// days) tie; the moves decide first.
pub fn moves_then_time(moves: i64, elapsed_ms: u64) -> i64 {
    const TIME_SPAN: i64 = 10_000_000_000;
    let time = i64::try_from(elapsed_ms).unwrap_or(i64::MAX).min(TIME_SPAN - 1);
    moves * TIME_SPAN + time
}

/// [`Game::apply`] with what the move did, for every game alike: the effects of an accepted move
/// are told by [`Game::effects`] from the game before and after it. A blanket impl, so no game
/// can apply a move a second way here.
pub trait Telling: Game {
    fn apply_with_effects(&mut self, mv: &Self::Move) -> Result<(Applied, Self::Effects), RuleError> {
        let before = self.clone();
        let applied = self.apply(mv)?;
        Ok((applied, before.effects(mv, self)))
    }
}

impl<G: Game> Telling for G {}
