//! The rules of Pastimes' games, free of any UI, storage or Tauri code.
//!
//! Every game is a value that implements [`Game`]: it is created from its parameters and a seed,
//! changed only by [`Game::apply`], and shows the player a [`Game::view`] that never contains
//! hidden information. The app's session driver handles the clock, undo, redo, persistence and
//! records for all games alike.

pub mod bubbles;
mod game;
pub mod gomoku;
pub mod minesweeper;
mod rng;

pub use game::{Applied, Game, GameKind, RuleError, Status};
pub use rng::GameRng;
