//! Gomoku's analysis board: a position the player sets up (stones for both sides in turn, taken
//! back, pasted, or brought from a game, its review or the watch view) and the engine thinking
//! about it without end while it stands. Never a game: nothing here is recorded or ranked, and
//! it touches no game in progress but to mark one assisted when it is brought here unfinished.
//!
//! The board is [`AnalysisBoard`] (the rules); the engine's look is
//! [`pastimes_games::gomoku::analyse`]; this module keeps the one board of the app, runs the
//! engine on the worker ([`thinker`]) and tells the page of every new look through the notifier
//! (the `analysis` event). Every change of the position stops the engine's work on the old one.

pub mod position;
mod thinker;

use crate::error::AppResult;
use crate::play::live::Worker;
use pastimes_games::gomoku::analysis_board::AnalysisBoard;
use pastimes_games::gomoku::{Analysis, Move, Rule, View};
use pastimes_games::Game;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// What the page is told: the position, whether the engine is thinking, and its latest look.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisSnapshot {
    /// Changes with every change of the position: a late look at an old one is recognised.
    pub revision: u64,
    /// Grows with every change of what is told (a position, the engine on or off, a look): of
    /// an answer and an event that cross on their way, the page keeps the later.
    pub sequence: u64,
    pub view: View,
    /// Whether the engine works on this position now.
    pub thinking: bool,
    /// Whether the player has the engine on (it rests once it has looked long enough).
    pub engine_on: bool,
    /// The engine's latest look at this position (`null` before the first, and once it is over).
    pub analysis: Option<Analysis>,
    /// How long the engine has thought about this position, its rounds together, up to
    /// `analysis`, in milliseconds (a round ends early when it has nothing left to learn).
    pub thought_ms: u64,
    /// Whether the engine has looked as long as it will at this position.
    pub settled: bool,
}

/// A change of the position, as the page sends it: `{"place":{"x":7,"y":7}}`, `"takeBack"`,
/// `"clear"` or `{"rule":"renju"}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Edit {
    Place(Move),
    TakeBack,
    Clear,
    Rule(String),
}

/// Told of every look the engine finishes.
pub type AnalysisNotifier = Box<dyn Fn(&AnalysisSnapshot) + Send + Sync>;

/// The app's analysis board.
#[derive(Clone)]
pub struct Desk {
    inner: Arc<Inner>,
}

struct Inner {
    open: Mutex<Open>,
    notifier: OnceLock<AnalysisNotifier>,
    worker: Worker,
}

struct Open {
    board: AnalysisBoard,
    revision: u64,
    sequence: u64,
    engine_on: bool,
    /// Set while the engine works; setting the flag stops it.
    thinking: Option<Arc<AtomicBool>>,
    analysis: Option<Analysis>,
    thought_ms: u64,
    settled: bool,
}

impl Desk {
    pub fn new(worker: Worker) -> Desk {
        let open = Open {
            board: AnalysisBoard::new(Rule::Freestyle),
            revision: 1,
            sequence: 1,
            engine_on: true,
            thinking: None,
            analysis: None,
            thought_ms: 0,
            settled: false,
        };
        Desk { inner: Arc::new(Inner { open: Mutex::new(open), notifier: OnceLock::new(), worker }) }
    }

    pub fn set_notifier(&self, notifier: AnalysisNotifier) {
        let _ = self.inner.notifier.set(notifier);
    }

    /// The board as it stands. Asking for it starts the engine if it is on and idle: the page
    /// asks when the board is shown.
    pub fn snapshot(&self) -> AnalysisSnapshot {
        let mut open = self.inner.lock();
        if open.engine_on && open.thinking.is_none() && !open.settled {
            self.start(&mut open);
            return open.told();
        }
        open.snapshot()
    }

    /// Changes the position; on error nothing changes.
    pub fn edit(&self, edit: Edit) -> AppResult<AnalysisSnapshot> {
        self.change(|board| {
            match edit {
                Edit::Place(mv) => {
                    board.place(mv)?;
                }
                Edit::TakeBack => board.take_back()?,
                Edit::Clear => *board = AnalysisBoard::new(board.rule()),
                Edit::Rule(name) => {
                    let rule = position::rule_named(&name)?;
                    board.set_rule(rule).map_err(position::refusal)?;
                }
            }
            Ok(())
        })
    }

    /// Sets the position to the stones `text` names, under the rule named `rule`.
    pub fn set(&self, rule: &str, text: &str) -> AppResult<AnalysisSnapshot> {
        let rule = position::rule_named(rule)?;
        let board = if text.trim().is_empty() { AnalysisBoard::new(rule) } else { position::board_of(rule, text)? };
        self.set_board(board)
    }

    /// Sets the position to `board` (a game brought here).
    pub fn set_board(&self, board: AnalysisBoard) -> AppResult<AnalysisSnapshot> {
        self.change(|open| {
            *open = board;
            Ok(())
        })
    }

    /// Switches the engine on or off (the page also switches it off while the board is hidden).
    pub fn set_engine(&self, on: bool) -> AnalysisSnapshot {
        let mut open = self.inner.lock();
        open.engine_on = on;
        if on && !open.settled {
            if open.thinking.is_none() {
                self.start(&mut open);
            }
        } else {
            open.stop();
        }
        open.told()
    }

    /// Runs one change of the position: the engine's look at the old one is dropped and, if the
    /// engine is on, it starts on the new one.
    fn change(&self, change: impl FnOnce(&mut AnalysisBoard) -> AppResult<()>) -> AppResult<AnalysisSnapshot> {
        let mut open = self.inner.lock();
        let mut board = open.board.clone();
        change(&mut board)?;
        open.stop();
        open.board = board;
        open.revision += 1;
        open.analysis = None;
        open.thought_ms = 0;
        open.settled = open.board.game().status().is_over();
        if open.engine_on && !open.settled {
            self.start(&mut open);
        }
        Ok(open.told())
    }

    fn start(&self, open: &mut Open) {
        let cancel = Arc::new(AtomicBool::new(false));
        open.thinking = Some(Arc::clone(&cancel));
        let job = thinker::Job { board: open.board.clone(), revision: open.revision, cancel };
        let inner = Arc::clone(&self.inner);
        (self.inner.worker)(Box::new(move || {
            let desk = Desk { inner };
            job.run(|revision, analysis, thought_ms, last| desk.publish(revision, analysis, thought_ms, last));
        }));
    }

    /// Takes the engine's look at the position of `revision` (if it still stands) and tells the
    /// page; `last` when the engine is done with it. Returns whether to go on.
    fn publish(&self, revision: u64, analysis: Option<Analysis>, thought_ms: u64, last: bool) -> bool {
        let mut open = self.inner.lock();
        if open.revision != revision || open.thinking.is_none() {
            return false;
        }
        open.analysis = analysis;
        open.thought_ms = thought_ms;
        if last {
            open.thinking = None;
            open.settled = true;
        }
        let snapshot = open.told();
        drop(open);
        if let Some(notify) = self.inner.notifier.get() {
            notify(&snapshot);
        }
        !last
    }
}

impl Inner {
    fn lock(&self) -> MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Open {
    fn stop(&mut self) {
        if let Some(cancel) = self.thinking.take() {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// What the page is told after a change (`sequence` grows).
    fn told(&mut self) -> AnalysisSnapshot {
        self.sequence += 1;
        self.snapshot()
    }

    fn snapshot(&self) -> AnalysisSnapshot {
        AnalysisSnapshot {
            revision: self.revision,
            sequence: self.sequence,
            view: self.board.view(),
            thinking: self.thinking.is_some(),
            engine_on: self.engine_on,
            analysis: self.analysis.clone(),
            thought_ms: self.thought_ms,
            settled: self.settled,
        }
    }
}
