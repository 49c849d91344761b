//! Sessions of any game behind one object-safe interface, so the app holds one per kind and
//! commands take moves and parameters as JSON.

use crate::error::{AppError, AppResult};
use crate::session::{Session, Snapshot};
use crate::store::{FinishedGame, Recorded, SavedGame};
use pastimes_games::bubbles::Bubbles;
use pastimes_games::gomoku::Gomoku;
use pastimes_games::minesweeper::Minesweeper;
use pastimes_games::{Applied, Game, GameKind};
use serde_json::Value;
use std::sync::atomic::AtomicBool;

/// The computer's search for one position, to run on a background thread.
pub type ComputerSearch = Box<dyn FnOnce(&AtomicBool) -> Option<Value> + Send>;

pub trait AnySession: Send {
    fn play(&mut self, mv: Value) -> AppResult<Applied>;
    fn undo(&mut self) -> AppResult<()>;
    fn redo(&mut self) -> AppResult<()>;
    fn pause(&mut self);
    fn resume(&mut self);
    fn snapshot(&self, computer_thinking: bool) -> AppResult<Snapshot>;
    fn saved(&self) -> AppResult<SavedGame>;
    fn finished(&self) -> Option<FinishedGame>;
    fn record(&self) -> Option<Recorded>;
    fn set_record(&mut self, record: Recorded);
    fn replay(&self) -> AppResult<Box<dyn AnySession>>;
    /// The computer's search, when it is the computer's turn.
    fn computer_search(&self) -> Option<ComputerSearch>;
}

impl<G: Game> AnySession for Session<G> {
    fn play(&mut self, mv: Value) -> AppResult<Applied> {
        let mv: G::Move = serde_json::from_value(mv).map_err(AppError::bad_argument)?;
        Session::play(self, mv)
    }

    fn undo(&mut self) -> AppResult<()> {
        Session::undo(self)
    }

    fn redo(&mut self) -> AppResult<()> {
        Session::redo(self)
    }

    fn pause(&mut self) {
        Session::pause(self)
    }

    fn resume(&mut self) {
        Session::resume(self)
    }

    fn snapshot(&self, computer_thinking: bool) -> AppResult<Snapshot> {
        Session::snapshot(self, computer_thinking)
    }

    fn saved(&self) -> AppResult<SavedGame> {
        Session::saved(self)
    }

    fn finished(&self) -> Option<FinishedGame> {
        Session::finished(self)
    }

    fn record(&self) -> Option<Recorded> {
        Session::record(self)
    }

    fn set_record(&mut self, record: Recorded) {
        Session::set_record(self, record)
    }

    fn replay(&self) -> AppResult<Box<dyn AnySession>> {
        Ok(Box::new(Session::replay(self)?))
    }

    fn computer_search(&self) -> Option<ComputerSearch> {
        if !self.computer_to_move() {
            return None;
        }
        let search = Session::computer_search(self);
        Some(Box::new(move |cancel| search(cancel).and_then(|mv| serde_json::to_value(mv).ok())))
    }
}

/// A new game of `kind` from JSON parameters (checked by the game's rules).
pub fn new_session(kind: GameKind, params: Value, seed: u64) -> AppResult<Box<dyn AnySession>> {
    fn build<G: Game>(params: Value, seed: u64) -> AppResult<Box<dyn AnySession>> {
        let params: G::Params = serde_json::from_value(params).map_err(AppError::bad_argument)?;
        Ok(Box::new(Session::<G>::new(params, seed)?))
    }
    match kind {
        GameKind::Minesweeper => build::<Minesweeper>(params, seed),
        GameKind::Bubbles => build::<Bubbles>(params, seed),
        GameKind::Gomoku => build::<Gomoku>(params, seed),
    }
}

/// A saved game of any kind, rebuilt by replaying its moves.
pub fn restore_session(saved: &SavedGame) -> AppResult<Box<dyn AnySession>> {
    fn build<G: Game>(saved: &SavedGame) -> AppResult<Box<dyn AnySession>> {
        Ok(Box::new(Session::<G>::restore(saved)?))
    }
    match saved.game {
        GameKind::Minesweeper => build::<Minesweeper>(saved),
        GameKind::Bubbles => build::<Bubbles>(saved),
        GameKind::Gomoku => build::<Gomoku>(saved),
    }
}
