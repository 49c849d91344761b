//! The app's state: the store and the game of each kind in progress, and what every command
//! does to them. No Tauri in here, so the mock runtime and unit tests see the same logic.

use crate::error::{AppError, AppResult};
use crate::play::clock::{system_time, Time};
use crate::play::session::{Session, Snapshot};
pub use crate::prefs::config::Config;
use crate::prefs::names::validate_name;
use crate::prefs::settings;
use crate::records::record_text;
use crate::records::review::GomokuReview;
use crate::records::verify::Verified;
use crate::store::{
    CategoryChart, CategoryStats, FullRecord, HallEntry, HistoryFilter, HistoryPage, PageStart, ResetCounts,
    SavingListener, Store, StoreReport,
};
use pastimes_games::{gomoku, Applied, ComputerMove, GameKind};
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// One hall-of-fame category and its best ten.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HallCategory {
    pub category: String,
    pub entries: Vec<HallEntry>,
    /// The best ten by the game's rate (Minesweeper's 3BV/s); empty for games without one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub by_rate: Vec<HallEntry>,
}

/// A category with finished games, and how many (the history's category filter).
#[derive(Debug, Clone, serde::Serialize)]
pub struct PlayedCategory {
    pub game: String,
    pub category: String,
    pub played: i64,
}

/// A hint and the game it now marks as assisted.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Hinted {
    pub hint: Value,
    pub snapshot: Snapshot,
}

/// Told of every snapshot that changes without a command: the computer's moves.
pub type Notifier = Box<dyn Fn(&Snapshot) + Send + Sync>;

/// Runs a slow job (the computer's search) away from the caller: on a new thread in the app, and
/// whenever a test says so in tests.
pub type Worker = Arc<dyn Fn(Box<dyn FnOnce() + Send>) + Send + Sync>;

/// What the app's logic runs on: the game clocks' time and the worker for slow jobs.
#[derive(Clone)]
pub struct Runtime {
    pub time: Time,
    pub worker: Worker,
}

impl Runtime {
    /// The system's monotonic clock and a thread for each search.
    pub fn system() -> Runtime {
        Runtime {
            time: system_time(),
            worker: Arc::new(|job| {
                std::thread::spawn(job);
            }),
        }
    }
}

struct Slot {
    session: Session,
    /// Changes with every move, undo and new game, so a late computer answer is recognised.
    generation: u64,
    /// Set while the computer thinks; setting the flag asks the search to stop.
    thinking: Option<Arc<AtomicBool>>,
    /// Set while the finished game is analysed; the same.
    analysing: Option<Arc<AtomicBool>>,
}

impl Slot {
    fn new(session: Session, generation: u64) -> Slot {
        Slot { session, generation, thinking: None, analysing: None }
    }

    fn stop_thinking(&mut self) {
        if let Some(cancel) = self.thinking.take() {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Stops whatever runs for this game: the computer's search and the analysis.
    fn stop_work(&mut self) {
        self.stop_thinking();
        if let Some(cancel) = self.analysing.take() {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    fn snapshot(&self) -> Snapshot {
        let snapshot = self.session.snapshot(self.thinking.is_some());
        Snapshot { revision: self.generation, analysing: self.analysing.is_some(), ..snapshot }
    }
}

pub struct AppState {
    config: Config,
    runtime: Runtime,
    /// The store (on disk, or in memory when the file cannot be used), or why not even that.
    store: Result<Mutex<Store>, String>,
    /// What opening the store found (a file moved aside and what was salvaged, a newer store),
    /// for the start-up dialog. Lock order: before `slots`.
    store_report: Mutex<StoreReport>,
    /// Lock order: `slots` before `store`.
    slots: Mutex<HashMap<GameKind, Slot>>,
    generations: AtomicU64,
    notifier: OnceLock<Notifier>,
    /// The record file imported last (id 0), for the watch view to show: never stored.
    last_import: Mutex<Option<FullRecord>>,
    /// The games in progress that could not be resumed at start (see `restore_saved_games`).
    unresumed: Mutex<Vec<Unresumed>>,
}

/// A game in progress that could not be resumed and went into the history unfinished: for the
/// start-up dialog.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Unresumed {
    pub game: GameKind,
    /// Why, in English.
    pub reason: String,
}

impl AppState {
    /// Opens the store and restores the unfinished game of each kind. A store that cannot be
    /// used never stops play (`Store::open_recovering`): it is moved aside or left alone, and the
    /// report says what happened.
    pub fn open(config: Config) -> AppState {
        AppState::open_on(config, Runtime::system())
    }

    /// As [`AppState::open`], on a given clock and worker (tests).
    pub fn open_on(config: Config, runtime: Runtime) -> AppState {
        let (store, report) = Store::open_recovering(&config.data_dir);
        let state = AppState {
            config,
            runtime,
            store: store.map(Mutex::new).map_err(|e| e.to_string()),
            store_report: Mutex::new(report),
            slots: Mutex::new(HashMap::new()),
            generations: AtomicU64::new(1),
            notifier: OnceLock::new(),
            last_import: Mutex::new(None),
            unresumed: Mutex::new(Vec::new()),
        };
        state.restore_saved_games();
        state
    }

    /// Brings back the game of each kind in progress. One that can no longer be resumed (its
    /// moves no longer replay) is never dropped: it goes into the history as unfinished, with
    /// its record, and the start-up dialog tells the player once ([`AppState::unresumed`]).
    fn restore_saved_games(&self) {
        let Ok(mut store) = self.store() else { return };
        let mut slots = lock(&self.slots);
        for kind in GameKind::all() {
            let saved = match store.load_saved_game(kind) {
                Ok(Some(saved)) => saved,
                Ok(None) => continue,
                Err(error) => {
                    eprintln!("pastimes: the saved {} game could not be read: {error}", kind.as_str());
                    continue;
                }
            };
            match Session::restore(&saved, self.runtime.time.clone()) {
                Ok(session) => {
                    slots.insert(kind, Slot::new(session, self.next_generation()));
                }
                Err(error) => {
                    let reason = error.to_string();
                    eprintln!(
                        "pastimes: the saved {} game cannot be resumed ({reason}); kept in the history",
                        kind.as_str()
                    );
                    let unfinished = Session::unresumable(&saved, &reason);
                    // Deleted only once it is in the history: a failed write leaves it saved.
                    if store.record_finished(&unfinished).is_ok() {
                        let _ = store.delete_saved_game(kind);
                    }
                    lock(&self.unresumed).push(Unresumed { game: kind, reason });
                }
            }
        }
    }

    /// The games in progress that could not be resumed at start and were moved to the history.
    pub fn unresumed(&self) -> Vec<Unresumed> {
        lock(&self.unresumed).clone()
    }

    pub fn set_notifier(&self, notifier: Notifier) {
        let _ = self.notifier.set(notifier);
    }

    pub fn data_dir(&self) -> &Path {
        &self.config.data_dir
    }

    /// Why the store could not be opened, if it could not.
    pub fn startup_error(&self) -> Option<&str> {
        self.store.as_ref().err().map(String::as_str)
    }

    /// What opening the store found.
    pub fn store_report(&self) -> StoreReport {
        lock(&self.store_report).clone()
    }

    /// Whether games go to disk now (not while the disk is full, nor into a store in memory).
    pub fn keeps_games(&self) -> bool {
        self.store().is_ok_and(|store| store.keeps_games())
    }

    /// Tells `listener` each time games stop being saved, and each time saving resumes.
    pub fn watch_saving(&self, listener: SavingListener) {
        if let Ok(store) = self.store() {
            store.set_saving_listener(listener);
        }
    }

    /// Tries again to write what a full disk kept in memory (see `store::unsaved`); for a store
    /// in memory because the folder could not be written, tries to move it onto disk.
    pub fn retry_unsaved(&self) {
        let mut report = lock(&self.store_report);
        let Ok(mut store) = self.store() else { return };
        if !matches!(*report, StoreReport::Unwritable { .. }) {
            store.retry_unsaved();
        } else if let Some(adopted) = store.adopt_folder(&self.config.data_dir) {
            *store = adopted;
            *report = StoreReport::Opened;
        }
    }

    /// "Start a new store": moves a newer Pastimes's store aside and keeps the games played
    /// since start-up (in memory until now) in a fresh store in its place.
    pub fn start_new_store(&self) -> AppResult<StoreReport> {
        let mut report = lock(&self.store_report);
        if !matches!(*report, StoreReport::Newer { .. }) {
            return Err(AppError::bad_argument("there is no newer store to move aside"));
        }
        let _slots = lock(&self.slots);
        let mut store = self.store()?;
        let (fresh, moved_to) = store.replace_newer(&self.config.data_dir)?;
        *store = fresh;
        *report = StoreReport::NewerMovedAside { moved_to: moved_to.display().to_string() };
        Ok(report.clone())
    }

    #[cfg(test)]
    pub(crate) fn store_for_tests(&self) -> MutexGuard<'_, Store> {
        self.store().unwrap()
    }

    fn store(&self) -> AppResult<MutexGuard<'_, Store>> {
        match &self.store {
            Ok(store) => Ok(lock(store)),
            Err(reason) => Err(AppError::StoreUnavailable(reason.clone())),
        }
    }

    fn next_generation(&self) -> u64 {
        self.generations.fetch_add(1, Ordering::Relaxed)
    }

    fn seed(&self) -> u64 {
        self.config.fixed_seed.unwrap_or_else(rand::random)
    }

    // ----- games -----

    pub fn new_game(self: &Arc<Self>, kind: GameKind, params: Value) -> AppResult<Snapshot> {
        let session = Session::new(kind, &params, self.seed(), self.runtime.time.clone())?;
        let mut slots = lock(&self.slots);
        self.store()?.save_game(&session.saved())?;
        if let Some(old) = slots.get_mut(&kind) {
            old.stop_work();
        }
        let slot = slots.entry(kind).insert_entry(Slot::new(session, self.next_generation()));
        self.start_computer_turn(kind, slot.into_mut());
        Ok(slots[&kind].snapshot())
    }

    /// The game of this kind in progress (or just finished), if any.
    pub fn snapshot(&self, kind: GameKind) -> AppResult<Option<Snapshot>> {
        Ok(lock(&self.slots).get(&kind).map(Slot::snapshot))
    }

    /// Plays a move of the player; the snapshot carries what the move did (its effects).
    pub fn play(self: &Arc<Self>, kind: GameKind, mv: Value) -> AppResult<Snapshot> {
        let mut effects = Value::Null;
        let mut snapshot = self.change(kind, |slot| {
            if slot.thinking.is_some() {
                return Err(AppError::ComputerThinking);
            }
            let moved = slot.session.play(&mv)?;
            effects = moved.effects;
            Ok(moved.applied == Applied::Move)
        })?;
        snapshot.effects = effects;
        Ok(snapshot)
    }

    /// Takes back the last move; against the computer, back to the player's turn.
    pub fn undo(self: &Arc<Self>, kind: GameKind) -> AppResult<Snapshot> {
        self.change(kind, |slot| {
            slot.stop_thinking();
            slot.session.undo()?;
            Ok(true)
        })
    }

    pub fn redo(self: &Arc<Self>, kind: GameKind) -> AppResult<Snapshot> {
        self.change(kind, |slot| {
            slot.stop_thinking();
            slot.session.redo()?;
            Ok(true)
        })
    }

    /// The game's hint for the position now, worked out without holding the games (it may take
    /// a while); the game is then assisted. A position that changed meanwhile gets no hint.
    pub fn hint(self: &Arc<Self>, kind: GameKind) -> AppResult<Hinted> {
        let (search, generation) = {
            let slots = lock(&self.slots);
            let slot = slots.get(&kind).ok_or(AppError::NoGame(kind))?;
            if slot.thinking.is_some() {
                return Err(AppError::ComputerThinking);
            }
            (slot.session.hint_search()?, slot.generation)
        };
        let hint = search(&AtomicBool::new(false)).ok_or(AppError::NothingTo("hint"))?;
        let snapshot = self.change(kind, |slot| {
            if slot.generation != generation {
                return Err(AppError::NothingTo("hint"));
            }
            slot.session.count_hint();
            Ok(true)
        })?;
        Ok(Hinted { hint, snapshot })
    }

    pub fn pause(self: &Arc<Self>, kind: GameKind) -> AppResult<Snapshot> {
        self.change(kind, |slot| {
            slot.stop_thinking();
            slot.session.pause();
            Ok(true)
        })
    }

    /// Pauses every game that is running (the window was minimised or hidden); returns the
    /// snapshots that changed.
    pub fn pause_running(self: &Arc<Self>) -> Vec<Snapshot> {
        let running: Vec<GameKind> =
            lock(&self.slots).iter().filter(|(_, slot)| slot.snapshot().clock_running).map(|(kind, _)| *kind).collect();
        running.into_iter().filter_map(|kind| self.pause(kind).ok()).collect()
    }

    pub fn resume(self: &Arc<Self>, kind: GameKind) -> AppResult<Snapshot> {
        self.change(kind, |slot| {
            slot.session.resume();
            Ok(true)
        })
    }

    /// Deals the board of the finished game of this kind again ("try again").
    pub fn replay(self: &Arc<Self>, kind: GameKind) -> AppResult<Snapshot> {
        let mut slots = lock(&self.slots);
        let slot = slots.get_mut(&kind).ok_or(AppError::NoGame(kind))?;
        let session = slot.session.replay()?;
        self.store()?.save_game(&session.saved())?;
        slot.stop_work();
        *slot = Slot::new(session, self.next_generation());
        Ok(slot.snapshot())
    }

    /// Runs one change on the game of `kind`; when it changed the game (`Ok(true)`) the game is
    /// saved, or recorded if it just finished, and the computer starts thinking if it is its turn.
    fn change(
        self: &Arc<Self>,
        kind: GameKind,
        change: impl FnOnce(&mut Slot) -> AppResult<bool>,
    ) -> AppResult<Snapshot> {
        let mut slots = lock(&self.slots);
        let slot = slots.get_mut(&kind).ok_or(AppError::NoGame(kind))?;
        if change(slot)? {
            slot.generation = self.next_generation();
            self.persist(slot)?;
            self.start_computer_turn(kind, slot);
            self.start_analysis(kind, slot);
        }
        Ok(slot.snapshot())
    }

    /// Once a game is over, works on it on the worker (Bubble Breaker's best line for the deal),
    /// then keeps what it found with the finished game and tells the page. A new game cancels it.
    fn start_analysis(self: &Arc<Self>, kind: GameKind, slot: &mut Slot) {
        if kind.info().analysis.is_none() || slot.analysing.is_some() || slot.session.record().is_none() {
            return;
        }
        let Some(analyse) = slot.session.analysis_search() else { return };
        let cancel = Arc::new(AtomicBool::new(false));
        slot.analysing = Some(Arc::clone(&cancel));
        let state = Arc::clone(self);
        (self.runtime.worker)(Box::new(move || {
            let found = analyse(&cancel);
            if !cancel.load(Ordering::Relaxed) {
                state.finish_analysis(kind, &cancel, found);
            }
        }));
    }

    /// Keeps what the analysis that `cancel` belongs to found, if its game is still the one here.
    fn finish_analysis(self: &Arc<Self>, kind: GameKind, cancel: &Arc<AtomicBool>, found: Option<Value>) {
        let snapshot = {
            let mut slots = lock(&self.slots);
            let ours = |slot: &&mut Slot| slot.analysing.as_ref().is_some_and(|running| Arc::ptr_eq(running, cancel));
            let Some(slot) = slots.get_mut(&kind).filter(ours) else {
                return; // another game began meanwhile
            };
            slot.analysing = None;
            if let Some(found) = found {
                if let (Some(record), Ok(store)) = (slot.session.record(), self.store()) {
                    if let Err(error) = store.save_analysis(record.id, &found) {
                        eprintln!("pastimes: could not keep the game's analysis: {error}");
                    }
                }
                slot.session.set_analysis(found);
            }
            slot.generation = self.next_generation();
            slot.snapshot()
        };
        if let Some(notify) = self.notifier.get() {
            notify(&snapshot);
        }
    }

    /// Saves a game in progress, or records a game that just finished (once).
    fn persist(&self, slot: &mut Slot) -> AppResult<()> {
        let mut store = self.store()?;
        match slot.session.finished() {
            Some(finished) if slot.session.record().is_none() => {
                let recorded = store.record_finished(&finished)?;
                slot.session.set_record(recorded);
            }
            Some(_) => {}
            None => store.save_game(&slot.session.saved())?,
        }
        Ok(())
    }

    fn start_computer_turn(self: &Arc<Self>, kind: GameKind, slot: &mut Slot) {
        let Some(search) = slot.session.computer_search() else { return };
        let cancel = Arc::new(AtomicBool::new(false));
        slot.thinking = Some(Arc::clone(&cancel));
        let generation = slot.generation;
        let state = Arc::clone(self);
        (self.runtime.worker)(Box::new(move || {
            let mv = search(&cancel);
            if !cancel.load(Ordering::Relaxed) {
                state.finish_computer_turn(kind, generation, mv);
            }
        }));
    }

    fn finish_computer_turn(self: &Arc<Self>, kind: GameKind, generation: u64, mv: Option<ComputerMove>) {
        let snapshot = {
            let mut slots = lock(&self.slots);
            let Some(slot) = slots.get_mut(&kind).filter(|slot| slot.generation == generation) else {
                return; // the position changed while the computer thought
            };
            slot.thinking = None;
            let played = mv.map(|mv| slot.session.play_computer(mv));
            let effects = match played {
                Some(Ok(moved)) => moved.effects,
                Some(Err(error)) => {
                    eprintln!("pastimes: the computer's move was refused: {error}");
                    Value::Null
                }
                None => Value::Null,
            };
            slot.generation = self.next_generation();
            if let Err(error) = self.persist(slot) {
                eprintln!("pastimes: could not save the computer's move: {error}");
            }
            // Its turn again (Swap2's three opening stones are one side's actions in a row).
            self.start_computer_turn(kind, slot);
            self.start_analysis(kind, slot);
            Snapshot { effects, ..slot.snapshot() }
        };
        if let Some(notify) = self.notifier.get() {
            notify(&snapshot);
        }
    }

    /// Names the player who set the record `id`, one of the games just finished here: the page
    /// cannot name any other game.
    pub fn name_record(&self, id: i64, name: &str) -> AppResult<()> {
        let name = validate_name(name)?;
        let slots = lock(&self.slots);
        let is_fresh_record = slots
            .values()
            .filter_map(|slot| slot.session.record())
            .any(|record| record.id == id && record.rank.is_some());
        if !is_fresh_record {
            return Err(AppError::NotARecord);
        }
        let store = self.store()?;
        store.set_player_name(id, &name)?;
        store.save_setting("playerName", &Value::String(name))
    }

    // ----- records -----

    pub fn statistics(&self, kind: GameKind, category: &str) -> AppResult<CategoryStats> {
        self.store()?.category_stats(kind, category)
    }

    /// Every category of a game with its best ten.
    pub fn hall_of_fame(&self, kind: GameKind) -> AppResult<Vec<HallCategory>> {
        let store = self.store()?;
        store
            .hall_categories(kind)?
            .into_iter()
            .map(|category| {
                let by_rate = if kind.info().rate.is_some() { store.rate_hall(kind, &category)? } else { Vec::new() };
                Ok(HallCategory { entries: store.hall_of_fame(kind, &category)?, by_rate, category })
            })
            .collect()
    }

    // ----- history -----

    pub fn history(&self, filter: &HistoryFilter, start: &PageStart, size: u32) -> AppResult<HistoryPage> {
        self.store()?.history(filter, start, size)
    }

    pub fn history_count(&self, filter: &HistoryFilter) -> AppResult<i64> {
        self.store()?.history_count(filter)
    }

    pub fn category_chart(&self, kind: GameKind, category: &str) -> AppResult<CategoryChart> {
        self.store()?.category_chart(kind, category)
    }

    pub fn played_categories(&self) -> AppResult<Vec<PlayedCategory>> {
        let played = self.store()?.played_categories()?;
        Ok(played.into_iter().map(|(game, category, played)| PlayedCategory { game, category, played }).collect())
    }

    /// Replays every stored record through the rules: how many, and which do not lead to what
    /// is stored with them.
    pub fn verify_records(&self) -> AppResult<Verified> {
        let mut verified = Verified::default();
        verified.checked =
            self.store()?.for_each_record(|stored| crate::records::verify::tally(&mut verified, &stored))?;
        Ok(verified)
    }

    /// The finished Gomoku game `id` for its review: its stones, and the engine's review or
    /// whether it is still under way (the game that just ended here is reviewed in the
    /// background; a game whose review was cancelled by a new one has none).
    pub fn gomoku_review(&self, id: i64) -> AppResult<GomokuReview> {
        // The game slots before the store, as `finish_analysis` takes them: the review is either
        // stored or still running, never neither in between.
        let slots = lock(&self.slots);
        let analysing = slots.get(&gomoku::KIND).is_some_and(|slot| {
            slot.analysing.is_some() && slot.session.record().is_some_and(|record| record.id == id)
        });
        let found = self.store()?.finished_record(id)?;
        drop(slots);
        let (stored, about) = found
            .and_then(|found| Some((found.stored?, found.about)))
            .ok_or_else(|| AppError::BadArgument(format!("no finished game {id} with a record")))?;
        let analysis = about.analysis.and_then(|text| serde_json::from_str(&text).ok());
        crate::records::review::gomoku_review(stored, analysis, analysing)
    }

    /// One finished game with its record, to watch; an unknown id is an error.
    pub fn finished_record(&self, id: i64) -> AppResult<crate::store::FinishedRecord> {
        self.store()?.finished_record(id)?.ok_or(AppError::NoSuchGame(id))
    }

    /// What resetting the hall of fame of `kind` (or of every game) would remove.
    pub fn reset_preview(&self, kind: Option<GameKind>) -> AppResult<ResetCounts> {
        self.store()?.reset_preview(kind)
    }

    /// Resets the hall of fame of `kind` (or of every game), with its history if asked.
    pub fn reset_hall(&self, kind: Option<GameKind>, with_history: bool) -> AppResult<ResetCounts> {
        self.store()?.reset_hall(kind, with_history)
    }

    /// Writes the history that passes `filter` to `path` as CSV; returns how many games. The
    /// file appears whole or not at all: it is written beside and renamed into place.
    pub fn export_history(&self, filter: &HistoryFilter, path: &Path) -> AppResult<u64> {
        write_whole(path, |file| crate::library::csv::write_history(&*self.store()?, filter, file))
    }

    // ----- one game exported and imported as a text record (record_text.rs) -----

    /// The finished game `id` as a record file's text, and the file name to offer for it.
    pub fn export_record(&self, id: i64) -> AppResult<(String, String)> {
        let full = self.store()?.full_record(id)?.ok_or(AppError::NothingTo("export"))?;
        Ok((record_text::export(&full)?, record_text::file_name(&full)))
    }

    /// Writes an exported record's text to `path`, whole or not at all.
    pub fn save_record_text(&self, text: &str, path: &Path) -> AppResult<()> {
        write_whole(path, |file| Ok(std::io::Write::write_all(file, text.as_bytes())?))
    }

    /// A record file's text as a finished game (id 0), replayed and checked; it becomes the
    /// last import, for the watch view. Nothing is stored.
    pub fn import_record_text(&self, text: &str) -> AppResult<FullRecord> {
        let full = record_text::import(text)?;
        *lock(&self.last_import) = Some(full.clone());
        Ok(full)
    }

    /// The record file at `path`, imported as [`AppState::import_record_text`] does; a file
    /// above the size limit is refused before it is read.
    pub fn import_record_file(&self, path: &Path) -> AppResult<FullRecord> {
        let file = std::fs::File::open(path)?;
        if file.metadata()?.len() > record_text::MAX_BYTES {
            return Err(record_text::ImportError::TooLarge.into());
        }
        let full = record_text::import_from(file)?;
        *lock(&self.last_import) = Some(full.clone());
        Ok(full)
    }

    /// The record file imported last, if any: what the watch view shows for id 0.
    pub fn last_import(&self) -> Option<FullRecord> {
        lock(&self.last_import).clone()
    }

    /// The moves of the game of `kind` in progress (or just finished), or of the finished
    /// game `id`, as the board names them, one space between: `H8 I9 J10`.
    pub fn moves_text(&self, kind: GameKind, id: Option<i64>) -> AppResult<String> {
        let Some(id) = id else {
            let slots = lock(&self.slots);
            let session = &slots.get(&kind).ok_or(AppError::NoGame(kind))?.session;
            return Ok(record_text::moves_text(session.game(), session.moves()));
        };
        let full = self.store()?.full_record(id)?.filter(|full| full.stored.game == kind.as_str());
        record_text::moves_text_of(&full.ok_or(AppError::NothingTo("copy"))?).map_err(AppError::from)
    }

    /// A new game of `kind` with `params` (the current setup) that goes on from the moves
    /// `text` names (`pasted_moves`): marked imported, so it never ranks. A text that is not
    /// such moves, or a move the rules refuse, changes nothing.
    pub fn new_game_from_moves(self: &Arc<Self>, kind: GameKind, params: Value, text: &str) -> AppResult<Snapshot> {
        let mut session = Session::new(kind, &params, self.seed(), self.runtime.time.clone())?;
        let moves = crate::records::pasted_moves::read(session.game(), text)?;
        for (index, (text, mv)) in moves.into_iter().enumerate() {
            let refused = |reason: String| record_text::ImportError::IllegalMove { number: index + 1, text, reason };
            match session.play(&mv) {
                Ok(moved) if moved.applied == Applied::Move => {}
                Ok(_) => return Err(refused("it changes nothing".into()).into()),
                Err(error) => return Err(refused(error.to_string()).into()),
            }
        }
        session.mark_imported();
        let mut slots = lock(&self.slots);
        if let Some(old) = slots.get_mut(&kind) {
            old.stop_work();
        }
        let slot = slots.entry(kind).insert_entry(Slot::new(session, self.next_generation())).into_mut();
        self.persist(slot)?;
        self.start_computer_turn(kind, slot);
        Ok(slot.snapshot())
    }

    // ----- settings -----

    pub fn settings(&self) -> AppResult<Map<String, Value>> {
        Ok(settings::with_defaults(self.store()?.load_settings()?))
    }

    pub fn set_setting(&self, key: &str, value: Value) -> AppResult<Map<String, Value>> {
        settings::validate(key, &value)?;
        let store = self.store()?;
        store.save_setting(key, &value)?;
        Ok(settings::with_defaults(store.load_settings()?))
    }

    /// The window's last position and size, written by the app itself (not a page setting).
    pub fn window_placement(&self) -> Option<Value> {
        self.store().ok()?.load_settings().ok()?.remove("window")
    }

    pub fn save_window_placement(&self, placement: Value) -> AppResult<()> {
        self.store()?.save_setting("window", &placement)
    }
}

/// Writes a file beside `path` and renames it into place, so it appears whole or not at all.
fn write_whole<T>(path: &Path, write: impl FnOnce(&mut std::fs::File) -> AppResult<T>) -> AppResult<T> {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".part");
    let partial = PathBuf::from(partial);
    let written = (|| {
        let mut file = std::fs::File::create(&partial)?;
        let value = write(&mut file)?;
        file.sync_all()?;
        std::fs::rename(&partial, path)?;
        Ok(value)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written
}

/// Locks a mutex; a panic elsewhere while holding it leaves data we can still use.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    //! The app's glue on a hand-moved clock and a worker that runs the computer's search only
    //! when the test says so: every interleaving below is chosen, none is waited for.

    use super::*;
    use crate::play::clock::ManualTime;
    use pastimes_games::{bubbles, gomoku, minesweeper};
    use serde_json::json;
    use std::time::Duration;

    type Job = Box<dyn FnOnce() + Send>;

    struct Harness {
        state: Arc<AppState>,
        jobs: Arc<Mutex<Vec<Job>>>,
        told: Arc<Mutex<Vec<Snapshot>>>,
    }

    impl Harness {
        /// An app on the data in `dir`: a second one on the same folder is the app started again.
        fn new(dir: &Path, hand: &Arc<ManualTime>) -> Harness {
            let hand = Arc::clone(hand);
            let jobs: Arc<Mutex<Vec<Job>>> = Arc::default();
            let queue = Arc::clone(&jobs);
            let runtime = Runtime { time: hand.clone(), worker: Arc::new(move |job| lock(&queue).push(job)) };
            let config = Config { data_dir: dir.to_path_buf(), fixed_seed: Some(5) };
            let state = Arc::new(AppState::open_on(config, runtime));
            let told: Arc<Mutex<Vec<Snapshot>>> = Arc::default();
            let sink = Arc::clone(&told);
            state.set_notifier(Box::new(move |snapshot| lock(&sink).push(snapshot.clone())));
            Harness { state, jobs, told }
        }

        /// Runs the searches started so far, in order.
        fn run_jobs(&self) -> usize {
            let jobs: Vec<Job> = lock(&self.jobs).drain(..).collect();
            let count = jobs.len();
            jobs.into_iter().for_each(|job| job());
            count
        }

        fn told(&self) -> Vec<Snapshot> {
            lock(&self.told).clone()
        }
    }

    fn against_computer(human: &str) -> Value {
        json!({"opponent": "easy", "humanColour": human})
    }

    fn stone(x: i64, y: i64) -> Value {
        json!({"x": x, "y": y})
    }

    #[test]
    fn the_computer_thinks_on_the_worker_and_its_move_is_announced() {
        let dir = tempfile::tempdir().unwrap();
        let h = Harness::new(dir.path(), &Arc::default());
        let first = h.state.new_game(gomoku::KIND, against_computer("white")).unwrap();
        assert!(first.computer_thinking, "black is the computer's: it thinks at once");
        assert_eq!(first.move_count, 0);
        assert!(matches!(h.state.play(gomoku::KIND, stone(7, 7)), Err(AppError::ComputerThinking)));
        assert_eq!(h.run_jobs(), 1);
        let told = h.told();
        assert_eq!(told.len(), 1);
        assert_eq!(told[0].move_count, 1);
        assert!(!told[0].computer_thinking);
        assert_eq!(told[0].effects["placed"]["colour"], "black", "the computer's stone is told");
        assert!(told[0].revision > first.revision, "the event is newer than the answer before it");
        assert_eq!(h.state.snapshot(gomoku::KIND).unwrap().unwrap().move_count, 1);
    }

    #[test]
    fn the_computer_takes_its_actions_in_a_row_one_search_after_another() {
        let dir = tempfile::tempdir().unwrap();
        let h = Harness::new(dir.path(), &Arc::default());
        // In Swap2 the opener (the computer here) places three stones before the player chooses.
        let params = json!({"opening": "swap2", "opponent": "easy", "humanColour": "white"});
        assert!(h.state.new_game(gomoku::KIND, params).unwrap().computer_thinking);
        for stones in 1..=3 {
            assert_eq!(h.run_jobs(), 1, "one search at a time");
            assert_eq!(h.told().last().unwrap().move_count, stones);
        }
        let choosing = h.told().last().cloned().unwrap();
        assert!(!choosing.computer_thinking, "the player's choice is next: {:?}", choosing.view["swap2"]);
        assert_eq!(h.run_jobs(), 0);
    }

    #[test]
    fn undo_while_the_computer_thinks_cancels_it_and_its_answer_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let h = Harness::new(dir.path(), &Arc::default());
        h.state.new_game(gomoku::KIND, against_computer("black")).unwrap();
        let thinking = h.state.play(gomoku::KIND, stone(7, 7)).unwrap();
        assert!(thinking.computer_thinking);
        let undone = h.state.undo(gomoku::KIND).unwrap();
        assert!(!undone.computer_thinking);
        assert_eq!(undone.move_count, 0);
        h.run_jobs();
        assert!(h.told().is_empty(), "a cancelled search announces nothing");
        assert_eq!(h.state.snapshot(gomoku::KIND).unwrap().unwrap().move_count, 0);
    }

    #[test]
    fn a_new_game_cancels_the_search_of_the_old_one() {
        let dir = tempfile::tempdir().unwrap();
        let h = Harness::new(dir.path(), &Arc::default());
        h.state.new_game(gomoku::KIND, against_computer("black")).unwrap();
        h.state.play(gomoku::KIND, stone(7, 7)).unwrap();
        let fresh = h.state.new_game(gomoku::KIND, against_computer("black")).unwrap();
        assert!(!fresh.computer_thinking);
        h.run_jobs();
        assert!(h.told().is_empty());
        assert_eq!(h.state.snapshot(gomoku::KIND).unwrap().unwrap().move_count, 0);
    }

    #[test]
    fn a_late_answer_for_an_older_position_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let h = Harness::new(dir.path(), &Arc::default());
        h.state.new_game(gomoku::KIND, against_computer("black")).unwrap();
        h.state.play(gomoku::KIND, stone(7, 7)).unwrap();
        // The answer the search would give, delivered with the generation before the last change.
        let (late, stale) = {
            let slots = lock(&h.state.slots);
            let slot = &slots[&gomoku::KIND];
            let search = slot.session.computer_search().expect("the computer's turn");
            (search(&AtomicBool::new(false)), slot.generation - 1)
        };
        h.state.finish_computer_turn(gomoku::KIND, stale, late);
        assert!(h.told().is_empty());
        let now = h.state.snapshot(gomoku::KIND).unwrap().unwrap();
        assert_eq!(now.move_count, 1, "the late move was not played");
        assert!(now.computer_thinking, "the current search still counts");
        h.run_jobs();
        assert_eq!(h.told().len(), 1);
        assert_eq!(h.state.snapshot(gomoku::KIND).unwrap().unwrap().move_count, 2);
    }

    /// Pops the first group until the field has none left.
    fn finish_bubbles(h: &Harness) -> Snapshot {
        let mut last = h.state.new_game(bubbles::KIND, json!({"style": "standard"})).unwrap();
        while last.status == pastimes_games::Status::Playing {
            let view = &last.view;
            let (width, cells) = (view["width"].as_u64().unwrap() as usize, view["cells"].as_array().unwrap());
            let pair = (0..cells.len()).find(|&i| {
                let same = |j: usize| cells.get(j).is_some_and(|c| c == &cells[i]);
                cells[i] != 0 && ((i % width + 1 < width && same(i + 1)) || same(i + width))
            });
            let i = pair.expect("a playing field has a pair");
            last = h.state.play(bubbles::KIND, json!({"action": "pop", "x": i % width, "y": i / width})).unwrap();
        }
        last
    }

    #[test]
    fn a_finished_deal_is_analysed_on_the_worker_and_the_best_is_kept_and_told() {
        let dir = tempfile::tempdir().unwrap();
        let h = Harness::new(dir.path(), &Arc::default());
        let over = finish_bubbles(&h);
        assert!(over.analysing, "the analysis starts with the end of the game");
        assert_eq!(h.run_jobs(), 1);
        let told = h.told();
        let best = told.last().and_then(|s| s.analysis.clone()).expect("the best line is told");
        assert!(best["bestScore"].as_i64().unwrap() >= over.score.unwrap(), "never below the player's: {best}");
        let now = h.state.snapshot(bubbles::KIND).unwrap().unwrap();
        assert!(!now.analysing && now.analysis.is_some());
        let page = h.state.history(&Default::default(), &crate::store::PageStart::Newest, 5).unwrap();
        assert_eq!(page.rows[0].analysis, Some(best), "kept with the finished game");
    }

    #[test]
    fn a_new_game_cancels_the_analysis_of_the_last() {
        let dir = tempfile::tempdir().unwrap();
        let h = Harness::new(dir.path(), &Arc::default());
        finish_bubbles(&h);
        h.state.new_game(bubbles::KIND, json!({"style": "standard"})).unwrap();
        h.run_jobs();
        assert!(h.told().is_empty(), "a cancelled analysis tells nothing");
        let page = h.state.history(&Default::default(), &crate::store::PageStart::Newest, 5).unwrap();
        assert_eq!(page.rows[0].analysis, None);
    }

    #[test]
    fn a_restored_game_comes_back_paused_with_its_time_and_resumes() {
        let dir = tempfile::tempdir().unwrap();
        let hand = Arc::new(ManualTime::default());
        let h = Harness::new(dir.path(), &hand);
        h.state.new_game(minesweeper::KIND, json!({"level": "expert"})).unwrap();
        h.state.play(minesweeper::KIND, json!({"action": "open", "x": 15, "y": 8})).unwrap();
        hand.advance(Duration::from_millis(4_200));
        let before = h.state.snapshot(minesweeper::KIND).unwrap().unwrap();
        // Closing the window pauses (and so saves) every running game.
        assert_eq!(h.state.pause_running().len(), 1);
        drop(h);

        let reopened = Harness::new(dir.path(), &hand).state;
        let paused = reopened.snapshot(minesweeper::KIND).unwrap().expect("the game came back");
        assert!(paused.paused && !paused.clock_running);
        assert_eq!(paused.view, Value::Null);
        assert_eq!(paused.elapsed_ms, 4_200);
        hand.advance(Duration::from_secs(100));
        assert_eq!(reopened.snapshot(minesweeper::KIND).unwrap().unwrap().elapsed_ms, 4_200);
        let resumed = reopened.resume(minesweeper::KIND).unwrap();
        assert!(resumed.clock_running);
        assert_eq!(resumed.view, before.view);
        hand.advance(Duration::from_millis(800));
        assert_eq!(reopened.snapshot(minesweeper::KIND).unwrap().unwrap().elapsed_ms, 5_000);
    }

    #[test]
    fn a_pasted_position_against_the_computer_is_answered_and_stays_imported_after_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let hand = Arc::new(ManualTime::default());
        let h = Harness::new(dir.path(), &hand);
        let pasted = h.state.new_game_from_moves(gomoku::KIND, against_computer("black"), "H8 I9 J10").unwrap();
        assert!(pasted.assistance.imported && pasted.rankable && !pasted.can_rank, "{:?}", pasted.assistance);
        assert!(pasted.computer_thinking, "white, the computer, is to move");
        assert_eq!(h.run_jobs(), 1);
        assert_eq!(h.state.snapshot(gomoku::KIND).unwrap().unwrap().move_count, 4);
        assert_eq!(
            h.state.moves_text(gomoku::KIND, None).unwrap().split(' ').take(3).collect::<Vec<_>>(),
            ["H8", "I9", "J10"]
        );
        drop(h);
        let reopened = Harness::new(dir.path(), &hand).state;
        let restored = reopened.snapshot(gomoku::KIND).unwrap().expect("the game came back");
        assert!(restored.assistance.imported && !restored.can_rank, "the mark survives a restart");
    }
}
