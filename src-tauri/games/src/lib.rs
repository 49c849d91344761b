//! The rules of Pastimes' games, free of any UI, storage or Tauri code.
//!
//! Every game is a value that implements [`Game`]: it is created from its parameters and a seed,
//! changed only by [`Game::apply`], and shows the player a [`Game::view`] that never contains
//! hidden information. Each game's module also declares its [`GameInfo`] (name, ranking,
//! categories, defaults) and [`registry`] lists them; [`AnyGame`] hides which game it is, so the
//! app's session driver handles the clock, undo, redo, persistence and records for all alike.

pub mod bubbles;
pub mod daily;
pub mod deal;
pub mod deal_code;
mod erased;
pub mod file_format;
mod game;
pub mod gomoku;
mod kind;
#[cfg(feature = "test-game")]
pub mod lights;
pub mod minesweeper;
pub mod move_list;
pub mod names;
pub mod notation;
pub mod puzzle;
mod registry;
mod rng;
pub mod study;
pub mod time_control;

pub use daily::{Daily, DailyChoice, DailyDeal, DailyError, DailyOffer};
pub use deal::Deal;
pub use deal_code::{DealCode, DealCodeError, Deals};
pub use erased::{analysis_of, hint_of, new_game, odds_of, rate_of, AnyGame, ComputerMove, Played};
pub use file_format::{FileFormat, FormatError, GameFile, Reads, Writes};
pub use game::{Analyses, Applied, Game, Hints, Odds, Rates, RuleError, Status, Telling};
pub use kind::{
    AnalyseFn, Analysis, Better, Categories, CategoryPattern, CategoryVariant, Choice, Choices, FieldFormat,
    FieldSource, GameInfo, GameKind, HintFn, Measure, NewGame, PositionFileError, Ranking, Rate, Shown, SummaryField,
};
pub use puzzle::{DailyPuzzleError, Progress, PuzzleBoard, PuzzleError, PuzzleFileError, PuzzleSummary, Puzzles};
pub use rng::GameRng;
pub use study::{MovesReader, OpenStudyBoard, StudyBoard, StudyEngine, StudyError};
