//! The app's state: the store and the game of each kind in progress, and what every command
//! does to them. No Tauri in here, so the mock runtime and unit tests see the same logic.

use crate::any_session::{new_session, restore_session, AnySession};
use crate::error::{AppError, AppResult};
use crate::names::validate_name;
use crate::session::Snapshot;
use crate::settings;
use crate::store::{
    CategoryChart, CategoryStats, HallEntry, HistoryFilter, HistoryPage, PageStart, ResetCounts, SavingListener, Store,
    StoreReport,
};
use pastimes_games::{Applied, GameKind};
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// Where the app keeps its data and how it deals boards.
#[derive(Debug, Clone)]
pub struct Config {
    pub data_dir: PathBuf,
    /// Deal every new game from this seed (tests and bug reports); random otherwise.
    pub fixed_seed: Option<u64>,
}

/// One hall-of-fame category and its best ten.
#[derive(Debug, Clone, serde::Serialize)]
pub struct HallCategory {
    pub category: String,
    pub entries: Vec<HallEntry>,
}

/// A category with finished games, and how many (the history's category filter).
#[derive(Debug, Clone, serde::Serialize)]
pub struct PlayedCategory {
    pub game: String,
    pub category: String,
    pub played: i64,
}

/// Told of every snapshot that changes without a command: the computer's moves.
pub type Notifier = Box<dyn Fn(&Snapshot) + Send + Sync>;

struct Slot {
    session: Box<dyn AnySession>,
    /// Changes with every move, undo and new game, so a late computer answer is recognised.
    generation: u64,
    /// Set while the computer thinks; setting the flag asks the search to stop.
    thinking: Option<Arc<AtomicBool>>,
}

impl Slot {
    fn stop_thinking(&mut self) {
        if let Some(cancel) = self.thinking.take() {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    fn snapshot(&self) -> AppResult<Snapshot> {
        self.session.snapshot(self.thinking.is_some())
    }
}

pub struct AppState {
    config: Config,
    /// The store (on disk, or in memory when the file cannot be used), or why not even that.
    store: Result<Mutex<Store>, String>,
    /// What opening the store found (a file moved aside and what was salvaged, a newer store),
    /// for the start-up dialog. Lock order: before `slots`.
    store_report: Mutex<StoreReport>,
    /// Lock order: `slots` before `store`.
    slots: Mutex<HashMap<GameKind, Slot>>,
    generations: AtomicU64,
    notifier: OnceLock<Notifier>,
}

impl AppState {
    /// Opens the store and restores the unfinished game of each kind. A store that cannot be
    /// used never stops play (`Store::open_recovering`): it is moved aside or left alone, and the
    /// report says what happened.
    pub fn open(config: Config) -> AppState {
        let (store, report) = Store::open_recovering(&config.data_dir);
        let state = AppState {
            config,
            store: store.map(Mutex::new).map_err(|e| e.to_string()),
            store_report: Mutex::new(report),
            slots: Mutex::new(HashMap::new()),
            generations: AtomicU64::new(1),
            notifier: OnceLock::new(),
        };
        state.restore_saved_games();
        state
    }

    fn restore_saved_games(&self) {
        let Ok(store) = self.store() else { return };
        let mut slots = lock(&self.slots);
        for kind in GameKind::ALL {
            // A saved game that no longer replays (rules changed) is dropped, not fatal.
            let restored = store.load_saved_game(kind).and_then(|saved| saved.map(|s| restore_session(&s)).transpose());
            match restored {
                Ok(Some(session)) => {
                    slots.insert(kind, Slot { session, generation: self.next_generation(), thinking: None });
                }
                Ok(None) => {}
                Err(error) => {
                    eprintln!("pastimes: the saved {} game could not be restored: {error}", kind.as_str());
                    let _ = store.delete_saved_game(kind);
                }
            }
        }
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
        let session = new_session(kind, params, self.seed())?;
        let mut slots = lock(&self.slots);
        self.store()?.save_game(&session.saved()?)?;
        if let Some(old) = slots.get_mut(&kind) {
            old.stop_thinking();
        }
        let slot = slots.entry(kind).insert_entry(Slot { session, generation: self.next_generation(), thinking: None });
        self.start_computer_turn(kind, slot.into_mut());
        slots[&kind].snapshot()
    }

    /// The game of this kind in progress (or just finished), if any.
    pub fn snapshot(&self, kind: GameKind) -> AppResult<Option<Snapshot>> {
        lock(&self.slots).get(&kind).map(Slot::snapshot).transpose()
    }

    pub fn play(self: &Arc<Self>, kind: GameKind, mv: Value) -> AppResult<Snapshot> {
        self.change(kind, |slot| {
            if slot.thinking.is_some() {
                return Err(AppError::ComputerThinking);
            }
            Ok(slot.session.play(mv)? == Applied::Move)
        })
    }

    /// Takes back the last move; against the computer, back to the player's turn.
    pub fn undo(self: &Arc<Self>, kind: GameKind) -> AppResult<Snapshot> {
        self.change(kind, |slot| {
            slot.stop_thinking();
            slot.session.undo()?;
            while slot.session.computer_search().is_some() && slot.session.undo().is_ok() {}
            Ok(true)
        })
    }

    pub fn redo(self: &Arc<Self>, kind: GameKind) -> AppResult<Snapshot> {
        self.change(kind, |slot| {
            slot.stop_thinking();
            slot.session.redo()?;
            while slot.session.computer_search().is_some() && slot.session.redo().is_ok() {}
            Ok(true)
        })
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
        let running: Vec<GameKind> = lock(&self.slots)
            .iter()
            .filter_map(|(kind, slot)| slot.snapshot().ok().filter(|s| s.clock_running).map(|_| *kind))
            .collect();
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
        self.store()?.save_game(&session.saved()?)?;
        *slot = Slot { session, generation: self.next_generation(), thinking: None };
        slot.snapshot()
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
        }
        slot.snapshot()
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
            None => store.save_game(&slot.session.saved()?)?,
        }
        Ok(())
    }

    fn start_computer_turn(self: &Arc<Self>, kind: GameKind, slot: &mut Slot) {
        let Some(search) = slot.session.computer_search() else { return };
        let cancel = Arc::new(AtomicBool::new(false));
        slot.thinking = Some(Arc::clone(&cancel));
        let generation = slot.generation;
        let state = Arc::clone(self);
        std::thread::spawn(move || {
            let mv = search(&cancel);
            if !cancel.load(Ordering::Relaxed) {
                state.finish_computer_turn(kind, generation, mv);
            }
        });
    }

    fn finish_computer_turn(self: &Arc<Self>, kind: GameKind, generation: u64, mv: Option<Value>) {
        let snapshot = {
            let mut slots = lock(&self.slots);
            let Some(slot) = slots.get_mut(&kind).filter(|slot| slot.generation == generation) else {
                return; // the position changed while the computer thought
            };
            slot.thinking = None;
            let played = mv.map(|mv| slot.session.play(mv));
            if let Some(Err(error)) = &played {
                eprintln!("pastimes: the computer's move was refused: {error}");
            }
            slot.generation = self.next_generation();
            if let Err(error) = self.persist(slot) {
                eprintln!("pastimes: could not save the computer's move: {error}");
            }
            slot.snapshot()
        };
        if let (Ok(snapshot), Some(notify)) = (snapshot, self.notifier.get()) {
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
            .map(|category| Ok(HallCategory { entries: store.hall_of_fame(kind, &category)?, category }))
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
        let mut partial = path.as_os_str().to_owned();
        partial.push(".part");
        let partial = PathBuf::from(partial);
        let written = (|| {
            let mut file = std::fs::File::create(&partial)?;
            let rows = self.store()?.write_history_csv(filter, &mut file)?;
            file.sync_all()?;
            std::fs::rename(&partial, path)?;
            Ok(rows)
        })();
        if written.is_err() {
            let _ = std::fs::remove_file(&partial);
        }
        written
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

/// Locks a mutex; a panic elsewhere while holding it leaves data we can still use.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
