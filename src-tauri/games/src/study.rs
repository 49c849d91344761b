//! The study board: a tool a game offers beside play (Gomoku's). The player sets up a position
//! freely (the board's own edits, a pasted text, a game brought from play, a review or the
//! watch view) and the game's engine looks at it in the background while it stands. It is never
//! a game: nothing on it is recorded or ranked.
//!
//! A game implements [`StudyBoard`] in its own folder and declares it in its table
//! ([`crate::GameInfo::study_board`]). The app keeps one board of each such game, runs
//! [`StudyBoard::engine`] on a thread of its own with a cancel flag, and tells the page of each
//! new look. What crosses to the page is JSON that the game's own screen draws (the position's
//! view, the edits, the looks), so the app names no game and no game's field for it.

use crate::erased::AnyGame;
use crate::RuleError;
use serde_json::Value;
use std::sync::atomic::AtomicBool;

/// Opens a game's study board on its starting position (an empty board).
pub type OpenStudyBoard = fn() -> Box<dyn StudyBoard>;

/// Reads the moves a text names in a game of the board's kind (a move list or a Pastimes
/// record): the app's reading, lent to [`StudyBoard::set_text`], each move as the game logs it.
pub type MovesReader<'a> = dyn Fn(&dyn AnyGame, &str) -> Result<Vec<Value>, StudyError> + 'a;

/// The engine's work on one position, run away from the caller: it calls `tell` with each new
/// look (JSON, `null` when it found nothing) and whether that look is its last, and stops after
/// its last look, when `tell` answers `false` or when `cancel` is set.
pub type StudyEngine = Box<dyn FnOnce(&AtomicBool, &mut dyn FnMut(Value, bool) -> bool) + Send>;

/// A position the player studies, and the engine that looks at it. Every change is all or
/// nothing: refused, the position stays as it was.
pub trait StudyBoard: Send {
    /// The position as the game's screen draws it.
    fn view(&self) -> Value;

    /// Whether the position is over (a side has won, the board is full): nothing to look at.
    fn is_over(&self) -> bool;

    /// Applies one of the board's own edits, as the page sends it (Gomoku's
    /// `{"place":{"x":7,"y":7}}`, `"takeBack"`, `"clear"`, `{"rule":"renju"}`).
    fn edit(&mut self, edit: &Value) -> Result<(), StudyError>;

    /// Sets up the position `text` sets out, under `setup` (the board's own settings, such as
    /// Gomoku's `{"rule":"renju"}`): a file of the game's own that the board reads itself, or
    /// else the moves `read_moves` finds in it.
    fn set_text(&mut self, setup: &Value, text: &str, read_moves: &MovesReader) -> Result<(), StudyError>;

    /// Sets up the position of `game`, a game of the board's kind in progress or finished.
    fn set_game(&mut self, game: &dyn AnyGame) -> Result<(), StudyError>;

    /// The engine's work on the position as it stands.
    fn engine(&self) -> StudyEngine;

    /// The board itself, for a host that brings an engine of its own to a game's board (the
    /// app's external Gomoku engines read Gomoku's position).
    fn as_any(&self) -> &dyn std::any::Any;
}

/// Why a study board refuses a change.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StudyError {
    /// An edit or a move the rules refuse (an occupied point, nothing to take back).
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// An edit or a setting the board does not understand.
    #[error("invalid argument: {0}")]
    BadArgument(String),
    /// A move of a list that the rules refuse (a text, a game, the stones under a new rule):
    /// its number in the list from 1, its text and why.
    #[error("move {number} ({text}) is refused: {reason}")]
    IllegalMove { number: usize, text: String, reason: String },
    /// A text of a file format refused by that format, with the format's stable code and the
    /// values its message needs (a Gomocup file's `psq_board_size`, a record's
    /// `record_too_large`).
    #[error("{message}")]
    Format { code: &'static str, message: String, params: Value },
}
