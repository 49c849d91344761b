//! The study boards: the tool a game offers beside play ([`pastimes_games::study`]), one board
//! for each game whose table declares one, opened when first asked for. This module is the
//! tools' host and knows no game: it keeps each board, runs the board's engine on the worker
//! with a cancel flag, and tells the page of every new look through the notifier (the
//! `study_board` event). Every change of a position stops the engine's work on the old one.
//! Never a game: nothing here is recorded or ranked, and it touches no game in progress but to
//! mark one assisted when it is brought here unfinished (the state does that).

use crate::error::{AppError, AppResult};
use crate::play::live::Worker;
use crate::records::pasted_moves;
use crate::records::record_text::ImportError;
use pastimes_games::{AnyGame, GameKind, OpenStudyBoard, StudyBoard, StudyEngine, StudyError};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

/// What the page is told of one game's study board.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StudySnapshot {
    pub game: GameKind,
    /// Changes with every change of the position: a late look at an old one is recognised.
    pub revision: u64,
    /// Grows with every change of what is told (a position, the engine on or off, a look): of
    /// an answer and an event that cross on their way, the page keeps the later.
    pub sequence: u64,
    /// The position, as the game's screen draws it.
    pub view: Value,
    /// Whether the engine works on this position now.
    pub thinking: bool,
    /// Whether the player has the engine on (it rests once it has looked long enough).
    pub engine_on: bool,
    /// The engine's latest look at this position, as the game tells it (`null` before the
    /// first, and once it is over).
    pub look: Value,
    /// How long the engine has thought about this position, its rounds together, up to
    /// `look`, in milliseconds.
    pub thought_ms: u64,
    /// Whether the engine has looked as long as it will at this position.
    pub settled: bool,
}

/// Told of every look an engine finishes.
pub type StudyNotifier = Box<dyn Fn(&StudySnapshot) + Send + Sync>;

/// The study board a game declares, if any: its table's in the app, a stand-in in tests.
pub type Tools = fn(GameKind) -> Option<OpenStudyBoard>;

/// An engine the app brings to a game's board instead of the game's own (an added Gomoku
/// engine, `engines::helper`): its work on the board's position, `None` for a board it cannot
/// read.
pub type BoardEngine = Arc<dyn Fn(&dyn StudyBoard) -> Option<StudyEngine> + Send + Sync>;

/// The study boards of the app.
#[derive(Clone)]
pub struct StudyBoards {
    inner: Arc<Inner>,
}

struct Inner {
    open: Mutex<HashMap<GameKind, Open>>,
    notifier: OnceLock<StudyNotifier>,
    worker: Worker,
    tools: Tools,
    /// The engines brought to boards instead of their games' own.
    engines: Mutex<HashMap<GameKind, BoardEngine>>,
}

/// One game's board and what its engine has told of it.
struct Open {
    board: Box<dyn StudyBoard>,
    revision: u64,
    sequence: u64,
    engine_on: bool,
    /// Set while the engine works; setting the flag stops it.
    thinking: Option<Arc<AtomicBool>>,
    look: Value,
    thought_ms: u64,
    settled: bool,
}

impl StudyBoards {
    /// The boards the games' tables declare.
    pub fn new(worker: Worker) -> StudyBoards {
        StudyBoards::with_tools(worker, |kind| kind.info().study_board)
    }

    pub fn with_tools(worker: Worker, tools: Tools) -> StudyBoards {
        let inner = Inner {
            open: Mutex::new(HashMap::new()),
            notifier: OnceLock::new(),
            worker,
            tools,
            engines: Mutex::new(HashMap::new()),
        };
        StudyBoards { inner: Arc::new(inner) }
    }

    pub fn set_notifier(&self, notifier: StudyNotifier) {
        let _ = self.inner.notifier.set(notifier);
    }

    /// Refused unless `kind` declares a study board.
    pub fn offered(&self, kind: GameKind) -> AppResult<OpenStudyBoard> {
        (self.inner.tools)(kind).ok_or(AppError::NotOffered { game: kind, what: "studyBoard" })
    }

    /// The board as it stands. Asking for it starts the engine if it is on and idle: the page
    /// asks when the board is shown.
    pub fn snapshot(&self, kind: GameKind) -> AppResult<StudySnapshot> {
        self.with_open(kind, |open| {
            if open.engine_on && open.thinking.is_none() && !open.settled {
                self.start(kind, open);
                return Ok(open.told(kind));
            }
            Ok(open.snapshot(kind))
        })
    }

    /// One of the board's own edits; refused, nothing changes.
    pub fn edit(&self, kind: GameKind, edit: &Value) -> AppResult<StudySnapshot> {
        self.change(kind, |board| board.edit(edit))
    }

    /// The position `text` sets out under `setup`: a file the board reads itself, or else the
    /// moves of a move list or a Pastimes record ([`pasted_moves`]).
    pub fn set_text(&self, kind: GameKind, setup: &Value, text: &str) -> AppResult<StudySnapshot> {
        self.change(kind, |board| board.set_text(setup, text, &read_moves))
    }

    /// The position of `game` (brought from play).
    pub fn set_game(&self, kind: GameKind, game: &dyn AnyGame) -> AppResult<StudySnapshot> {
        self.change(kind, |board| board.set_game(game))
    }

    /// Switches the engine on or off (the page also switches it off while the board is hidden).
    pub fn set_engine(&self, kind: GameKind, on: bool) -> AppResult<StudySnapshot> {
        self.with_open(kind, |open| {
            open.engine_on = on;
            if on && !open.settled {
                if open.thinking.is_none() {
                    self.start(kind, open);
                }
            } else {
                open.stop();
            }
            Ok(open.told(kind))
        })
    }

    /// Sets the engine that looks at `kind`'s board (`None`: the game's own). A board open now
    /// is looked at afresh by it, as after a change of its position.
    pub fn set_board_engine(&self, kind: GameKind, engine: Option<BoardEngine>) {
        {
            let mut engines = self.inner.engines.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            match engine {
                Some(engine) => engines.insert(kind, engine),
                None => engines.remove(&kind),
            };
        }
        let mut boards = self.inner.lock();
        let Some(open) = boards.get_mut(&kind) else { return };
        open.restart();
        if open.engine_on && !open.settled {
            self.start(kind, open);
        }
        let snapshot = open.told(kind);
        drop(boards);
        if let Some(notify) = self.inner.notifier.get() {
            notify(&snapshot);
        }
    }

    /// Runs one change of a position (a board changes all or nothing): the engine's look at
    /// the old position is dropped and, if the engine is on, it starts on the new one.
    fn change(
        &self,
        kind: GameKind,
        change: impl FnOnce(&mut dyn StudyBoard) -> Result<(), StudyError>,
    ) -> AppResult<StudySnapshot> {
        self.with_open(kind, |open| {
            change(open.board.as_mut()).map_err(app_error)?;
            open.restart();
            if open.engine_on && !open.settled {
                self.start(kind, open);
            }
            Ok(open.told(kind))
        })
    }

    /// Starts the engine on `open`'s position, on the worker.
    fn start(&self, kind: GameKind, open: &mut Open) {
        let cancel = Arc::new(AtomicBool::new(false));
        open.thinking = Some(Arc::clone(&cancel));
        let brought = self.inner.engines.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).get(&kind).cloned();
        let engine = brought.and_then(|engine| engine(open.board.as_ref())).unwrap_or_else(|| open.board.engine());
        let revision = open.revision;
        let boards = self.clone();
        (self.inner.worker)(Box::new(move || {
            let started = Instant::now();
            engine(&cancel, &mut |look, last| {
                let thought_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
                boards.publish(kind, revision, &cancel, look, thought_ms, last)
            });
        }));
    }

    /// Takes the engine's look at the position of `revision` (if it still stands and this
    /// engine, the one `cancel` belongs to, still works on it) and tells the page; `last` when
    /// the engine is done with it. Returns whether to go on.
    fn publish(
        &self,
        kind: GameKind,
        revision: u64,
        cancel: &Arc<AtomicBool>,
        look: Value,
        thought_ms: u64,
        last: bool,
    ) -> bool {
        let mut boards = self.inner.lock();
        let Some(open) = boards.get_mut(&kind) else { return false };
        let ours = open.thinking.as_ref().is_some_and(|thinking| Arc::ptr_eq(thinking, cancel));
        if open.revision != revision || !ours {
            return false;
        }
        open.look = look;
        open.thought_ms = thought_ms;
        if last {
            open.thinking = None;
            open.settled = true;
        }
        let snapshot = open.told(kind);
        drop(boards);
        if let Some(notify) = self.inner.notifier.get() {
            notify(&snapshot);
        }
        !last
    }

    /// Runs `act` on `kind`'s board under the lock, the board opened on its starting position
    /// if it was not yet; refused for a game that declares none.
    fn with_open<R>(&self, kind: GameKind, act: impl FnOnce(&mut Open) -> AppResult<R>) -> AppResult<R> {
        let open_board = self.offered(kind)?;
        let mut boards = self.inner.lock();
        act(boards.entry(kind).or_insert_with(|| Open::new(open_board())))
    }
}

impl Inner {
    fn lock(&self) -> MutexGuard<'_, HashMap<GameKind, Open>> {
        self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Open {
    fn new(board: Box<dyn StudyBoard>) -> Open {
        let settled = board.is_over();
        Open {
            board,
            revision: 1,
            sequence: 1,
            engine_on: true,
            thinking: None,
            look: Value::Null,
            thought_ms: 0,
            settled,
        }
    }

    /// The position is new to the engine: its look at the old one is dropped.
    fn restart(&mut self) {
        self.stop();
        self.revision += 1;
        self.look = Value::Null;
        self.thought_ms = 0;
        self.settled = self.board.is_over();
    }

    fn stop(&mut self) {
        if let Some(cancel) = self.thinking.take() {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// What the page is told after a change (`sequence` grows).
    fn told(&mut self, kind: GameKind) -> StudySnapshot {
        self.sequence += 1;
        self.snapshot(kind)
    }

    fn snapshot(&self, kind: GameKind) -> StudySnapshot {
        StudySnapshot {
            game: kind,
            revision: self.revision,
            sequence: self.sequence,
            view: self.board.view(),
            thinking: self.thinking.is_some(),
            engine_on: self.engine_on,
            look: self.look.clone(),
            thought_ms: self.thought_ms,
            settled: self.settled,
        }
    }
}

/// The moves of a move list or a Pastimes record in `game` (as dealt): the app's reading of
/// pasted text, lent to the boards.
fn read_moves(game: &dyn AnyGame, text: &str) -> Result<Vec<Value>, StudyError> {
    let moves = pasted_moves::read(game, text).map_err(|error| StudyError::Format {
        code: error.code(),
        message: error.to_string(),
        params: error.params(),
    })?;
    Ok(moves.into_iter().map(|(_, mv)| mv).collect())
}

/// A board's refusal as the page is told it: a list's move as a pasted record's would be.
fn app_error(error: StudyError) -> AppError {
    match error {
        StudyError::Rule(rule) => AppError::Rule(rule),
        StudyError::BadArgument(what) => AppError::BadArgument(what),
        StudyError::IllegalMove { number, text, reason } => ImportError::IllegalMove { number, text, reason }.into(),
        StudyError::Format { code, message, params } => AppError::Import { code, message, params },
    }
}

#[cfg(test)]
mod tests;
