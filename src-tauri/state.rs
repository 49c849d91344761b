//! The app's state: the owner of the locks (the store and the game of each kind in progress),
//! each command a line or two that takes them and calls the layer that does the work: `play`
//! (the games in progress), `records`, `library`, `prefs` and the store; `rows` turns the
//! sessions' data into the store's rows and back, and brings the games in progress back at
//! opening. No Tauri in here, so the mock runtime and unit tests see the same logic.

pub(crate) mod daily;
#[cfg(test)]
mod daily_puzzle_tests;
#[cfg(test)]
mod daily_tests;
pub(crate) mod rows;

pub use daily::DailyStatus;

use crate::error::{AppError, AppResult};
pub use crate::library::hall::{HallCategory, PlayedCategory};
use crate::library::{export, hall};
use crate::play::deals::{self, CodeOfDeal};
use crate::play::live::{self, Host, Slots};
pub use crate::play::live::{Hinted, Notifier, Runtime, Unresumed, Worker};
use crate::play::session::{Session, Snapshot};
pub use crate::prefs::config::Config;
use crate::prefs::settings;
use crate::puzzles::{PuzzleHost, PuzzleList, PuzzleSnapshot};
use crate::records::file_formats::{self, ExportedFile};
use crate::records::import_review::ImportReview;
use crate::records::review::{self, Review};
use crate::records::verify::{self, Verified};
use crate::records::{exchange, record_text};
use crate::store::{
    CategoryChart, CategoryStats, FullRecord, HistoryFilter, HistoryPage, PageStart, Recorded, ResetCounts,
    SavingListener, Store, StoreReport,
};
use crate::study::{StudyBoards, StudyNotifier, StudySnapshot};
use pastimes_games::GameKind;
use serde_json::{Map, Value};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// What an import became (`import_game`'s answer), named by its one key in JSON: a finished
/// game to watch, `{"record": header}` (id 0), or a new game started from a position,
/// `{"game": snapshot}`.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ImportedGame {
    Record(record_text::RecordHeader),
    Game(Snapshot),
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
    slots: Mutex<Slots>,
    generations: AtomicU64,
    notifier: OnceLock<Notifier>,
    /// The record file imported last (id 0), for the watch view to show: never stored.
    /// Lock order: before `import_review`.
    last_import: Mutex<Option<FullRecord>>,
    /// The review of the last import (a Gomoku game's), once asked for.
    import_review: ImportReview,
    /// The games in progress that could not be resumed at start (see `rows::restore_saved_games`).
    unresumed: Mutex<Vec<Unresumed>>,
    /// The study boards of the games that offer one.
    study_boards: StudyBoards,
    /// The open puzzle of each game that offers puzzles.
    puzzles: PuzzleHost,
}

/// The locks, lent to the games in progress.
impl Host for AppState {
    fn runtime(&self) -> &Runtime {
        &self.runtime
    }

    fn slots(&self) -> MutexGuard<'_, Slots> {
        lock(&self.slots)
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

    fn notify(&self, snapshot: &Snapshot) {
        if let Some(notify) = self.notifier.get() {
            notify(snapshot);
        }
    }

    fn save(store: &Store, session: &Session) -> AppResult<()> {
        rows::save(store, session)
    }

    fn record(store: &mut Store, session: &Session) -> AppResult<Option<Recorded>> {
        rows::record(store, session)
    }

    fn first_move(store: &Store, session: &mut Session, today: chrono::NaiveDate) -> AppResult<()> {
        daily::first_move(store, session, today)
    }
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
            store: store.map(Mutex::new).map_err(|e| e.to_string()),
            store_report: Mutex::new(report),
            slots: Mutex::new(Slots::new()),
            generations: AtomicU64::new(1),
            notifier: OnceLock::new(),
            last_import: Mutex::new(None),
            import_review: ImportReview::default(),
            unresumed: Mutex::new(Vec::new()),
            study_boards: StudyBoards::new(runtime.worker.clone()),
            puzzles: PuzzleHost::default().timed(runtime.time.clone()),
            runtime,
        };
        // A game that can no longer be resumed goes into the history unfinished; the start-up
        // dialog tells the player once ([`AppState::unresumed`]).
        *lock(&state.unresumed) = rows::restore_saved_games(&state);
        state.choose_helper();
        state
    }

    /// The added engine the player chose as Gomoku's hint and study board engine
    /// (`engines::helper`), if the setting names one still listed.
    fn helper(&self) -> Option<crate::engines::helper::Helper> {
        let store = self.store().ok()?;
        let settings = settings::load(&store).ok()?;
        let engines = crate::prefs::engines::list(&store).ok()?;
        crate::engines::helper::chosen(settings.get(crate::engines::helper::SETTING), &engines)
    }

    /// Gives Gomoku's study board the helper engine now chosen (or its own again).
    fn choose_helper(&self) {
        let engine = self.helper().map(|helper| {
            let engine: crate::study::BoardEngine =
                Arc::new(move |board| crate::engines::helper::analysis(&helper, board));
            engine
        });
        self.study_boards.set_board_engine(crate::engines::GAME, engine);
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

    fn seed(&self) -> u64 {
        self.config.fixed_seed.unwrap_or_else(rand::random)
    }

    // ----- games in progress (play/live.rs) -----

    /// A new game; against an external engine, the engine of the player's list its params name
    /// (`engines::seat`).
    pub fn new_game(self: &Arc<Self>, kind: GameKind, params: Value) -> AppResult<Snapshot> {
        let params = crate::engines::seat::seated(kind, params, || crate::prefs::engines::list(&*self.store()?))?;
        live::new_game(self, kind, params, self.seed())
    }

    /// The player's external engines.
    pub fn engines(&self) -> AppResult<Vec<crate::prefs::engines::EngineEntry>> {
        crate::prefs::engines::list(&*self.store()?)
    }

    /// Checks the program at `path`, which the player chose in the native dialog (it runs for a
    /// few seconds, holding no lock), and lists it; a program that fails a check is refused
    /// with its fault, and the list is unchanged.
    pub fn add_engine(&self, path: &std::path::Path) -> AppResult<Vec<crate::prefs::engines::EngineEntry>> {
        let checked = crate::engines::check::check(path)
            .map_err(|failure| AppError::engine(crate::engines::trouble_of(failure.fault), failure.detail))?;
        let rules = checked.rules.iter().map(|rule| rule.as_str().to_string()).collect();
        let sizes = checked.sizes.iter().map(|&size| u8::from(size)).collect();
        let abilities = crate::prefs::engines::Abilities { rules, sizes, swap2: checked.swap2, nbest: checked.nbest };
        let about = checked.about;
        let engines = crate::prefs::engines::add(&*self.store()?, path, about.name, about.version, abilities);
        self.choose_helper();
        engines
    }

    /// Lists the program at `path` without its checks: for tests of brains that fail them (the
    /// fake brains of `tests/fixtures/brains/`), never in a shipped build.
    #[cfg(feature = "test-game")]
    pub fn add_engine_unchecked(&self, path: &std::path::Path, name: &str) -> AppResult<()> {
        let rules = ["freestyle", "exactFive", "renju"].map(String::from).to_vec();
        let abilities = crate::prefs::engines::Abilities { rules, sizes: vec![15, 20], swap2: true, nbest: false };
        crate::prefs::engines::add(&*self.store()?, path, name.into(), "1".into(), abilities).map(drop)?;
        self.choose_helper();
        Ok(())
    }

    /// Takes the engine `id` off the list (its games stay, naming it).
    pub fn remove_engine(&self, id: &str) -> AppResult<Vec<crate::prefs::engines::EngineEntry>> {
        let engines = crate::prefs::engines::remove(&*self.store()?, id);
        self.choose_helper();
        engines
    }

    /// The game of this kind in progress (or just finished), if any.
    pub fn snapshot(&self, kind: GameKind) -> AppResult<Option<Snapshot>> {
        Ok(live::snapshot(&lock(&self.slots), kind))
    }

    /// Plays a move of the player; the snapshot carries what the move did (its effects).
    pub fn play(self: &Arc<Self>, kind: GameKind, mv: Value) -> AppResult<Snapshot> {
        live::play(self, kind, mv)
    }

    /// Takes back the last move; against the computer, back to the player's turn.
    pub fn undo(self: &Arc<Self>, kind: GameKind) -> AppResult<Snapshot> {
        live::undo(self, kind)
    }

    pub fn redo(self: &Arc<Self>, kind: GameKind) -> AppResult<Snapshot> {
        live::redo(self, kind)
    }

    /// The game's hint for the position now; the game is then assisted.
    pub fn hint(self: &Arc<Self>, kind: GameKind) -> AppResult<Hinted> {
        let helper = (kind == crate::engines::GAME).then(|| self.helper()).flatten();
        live::hint(self, kind, helper)
    }

    /// The study board of `kind` as it stands (the engine starts if it is on and has work).
    pub fn study_board(&self, kind: GameKind) -> AppResult<StudySnapshot> {
        self.study_boards.snapshot(kind)
    }

    /// One of the board's own edits.
    pub fn edit_study_board(&self, kind: GameKind, edit: &Value) -> AppResult<StudySnapshot> {
        self.study_boards.edit(kind, edit)
    }

    /// The study board set to the position `text` sets out under `setup` (pasted, or a reviewed
    /// or watched game at some move).
    pub fn set_study_board(&self, kind: GameKind, setup: &Value, text: &str) -> AppResult<StudySnapshot> {
        self.study_boards.set_text(kind, setup, text)
    }

    /// The study board set to the game of `kind` in progress (or just finished); a game still
    /// going is then assisted.
    pub fn study_game(self: &Arc<Self>, kind: GameKind) -> AppResult<StudySnapshot> {
        self.study_boards.offered(kind)?;
        let game = live::game_for_study(self, kind)?;
        self.study_boards.set_game(kind, game.as_ref())
    }

    pub fn set_study_engine(&self, kind: GameKind, on: bool) -> AppResult<StudySnapshot> {
        self.study_boards.set_engine(kind, on)
    }

    pub fn set_study_notifier(&self, notifier: StudyNotifier) {
        self.study_boards.set_notifier(notifier);
    }

    /// The odds on the board now; the game is then assisted.
    pub fn odds(self: &Arc<Self>, kind: GameKind) -> AppResult<live::Oddsed> {
        live::odds(self, kind)
    }

    pub fn pause(self: &Arc<Self>, kind: GameKind) -> AppResult<Snapshot> {
        live::pause(self, kind)
    }

    /// Pauses every game that is running (the window was minimised or hidden); returns the
    /// snapshots that changed.
    pub fn pause_running(self: &Arc<Self>) -> Vec<Snapshot> {
        live::pause_running(self)
    }

    pub fn resume(self: &Arc<Self>, kind: GameKind) -> AppResult<Snapshot> {
        live::resume(self, kind)
    }

    /// Takes over a side of a demo (the game's move `mv`, which stops the computer).
    pub fn take_over(self: &Arc<Self>, kind: GameKind, mv: Value) -> AppResult<Snapshot> {
        live::take_over(self, kind, mv)
    }

    /// Sets the wait before each of the computer's moves while it plays itself.
    pub fn set_pace(self: &Arc<Self>, kind: GameKind, ms: i64) -> AppResult<Snapshot> {
        live::set_pace(self, kind, ms)
    }

    /// Deals the board of the finished game of this kind again ("try again").
    pub fn replay(self: &Arc<Self>, kind: GameKind) -> AppResult<Snapshot> {
        live::replay(self, kind)
    }

    /// Names the player who set the record `id`, one of the games just finished here.
    /// Restarts the game of `kind` from its deal's start (F5); marked when its board was seen.
    pub fn restart(self: &Arc<Self>, kind: GameKind) -> AppResult<Snapshot> {
        deals::restart(self, kind)
    }

    /// The deal code of the finished game `id` of `kind`, or of the game of `kind` under way
    /// (`None`), which it marks: whoever holds the code knows the board.
    pub fn deal_code(self: &Arc<Self>, kind: GameKind, id: Option<i64>) -> AppResult<CodeOfDeal> {
        let Some(id) = id else { return deals::code_of_game_under_way(self, kind) };
        let full = self.store()?.full_record(id)?.filter(|full| full.stored.game == kind.as_str());
        let full = full.ok_or(AppError::NoSuchGame(id))?;
        Ok(CodeOfDeal::finished(&crate::records::replay::deal_code(&full.stored)?))
    }

    /// Starts the game a deal code names ("Open deal..."), or the numbered deal `text` of the
    /// game and parameters of `setup`; marked as a deal seen before. A text that is no code
    /// changes nothing.
    pub fn open_deal(self: &Arc<Self>, text: &str, setup: Option<(GameKind, Value)>) -> AppResult<Snapshot> {
        deals::open(self, text, setup)
    }

    /// Starts today's daily deal of `kind` (of `choice` when the player has not picked one for
    /// today): refused for a game that offers none.
    pub fn daily_start(self: &Arc<Self>, kind: GameKind, choice: Option<&str>) -> AppResult<Snapshot> {
        daily::start(self, kind, choice)
    }

    /// Today's daily entry of `kind`, its streaks and its all-days table.
    pub fn daily_status(self: &Arc<Self>, kind: GameKind) -> AppResult<DailyStatus> {
        let today = daily::day_of((self.runtime.today)());
        daily::status(self, kind, self.puzzles.day_attempt_under_way(kind, &today))
    }

    // ----- the puzzles (puzzles/ over the store) -----

    /// The puzzle set of `kind`, the player's record and today's puzzle.
    pub fn puzzles(&self, kind: GameKind) -> AppResult<PuzzleList> {
        let today = daily::day_of((self.runtime.today)());
        self.puzzles.list(kind, &*self.store()?, &today)
    }

    /// Opens the puzzle `id` of `kind` (`None`: today's) at its start.
    pub fn open_puzzle(&self, kind: GameKind, id: Option<&str>) -> AppResult<PuzzleSnapshot> {
        let today = daily::day_of((self.runtime.today)());
        self.puzzles.open(kind, id, &*self.store()?, &today)
    }

    /// One of the player's actions on the open puzzle of `kind` (a move, retry, the solution).
    pub fn puzzle_act(&self, kind: GameKind, action: &Value) -> AppResult<PuzzleSnapshot> {
        let today = daily::day_of((self.runtime.today)());
        let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        self.puzzles.act(kind, action, || self.store(), &today, &now)
    }

    pub fn name_record(&self, id: i64, name: &str) -> AppResult<()> {
        live::name_record(self, id, name)
    }

    // ----- the library (library/ over the store) -----

    pub fn statistics(&self, kind: GameKind, category: &str) -> AppResult<CategoryStats> {
        self.store()?.category_stats(kind, category)
    }

    /// Every category of a game with its best ten.
    pub fn hall_of_fame(&self, kind: GameKind) -> AppResult<Vec<HallCategory>> {
        hall::hall_of_fame(&*self.store()?, kind)
    }

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
        hall::played_categories(&*self.store()?)
    }

    /// What resetting the hall of fame of `kind` (or of every game) would remove.
    pub fn reset_preview(&self, kind: Option<GameKind>) -> AppResult<ResetCounts> {
        self.store()?.reset_preview(kind)
    }

    /// Resets the hall of fame of `kind` (or of every game), with its history if asked.
    pub fn reset_hall(&self, kind: Option<GameKind>, with_history: bool) -> AppResult<ResetCounts> {
        let today = daily::day_of((self.runtime.today)());
        self.store()?.reset_hall(kind, with_history, &today)
    }

    /// Writes the history that passes `filter` to `path` as CSV, whole or not at all; returns
    /// how many games.
    pub fn export_history(&self, filter: &HistoryFilter, path: &Path) -> AppResult<u64> {
        export::export_history(|| self.store(), filter, path)
    }

    // ----- finished games' records (records/) -----

    /// Replays every stored record through the rules: how many, and which do not lead to what
    /// is stored with them.
    pub fn verify_records(&self) -> AppResult<Verified> {
        verify::verify_records(&*self.store()?)
    }

    /// The finished game `id` for its review (a game that offers one): its final position, and
    /// its analysis or whether it is still under way (the game that just ended here is analysed
    /// in the background; a game whose analysis was cancelled by a new one has none).
    /// Id 0 is the game imported last, reviewed once asked for ([`ImportReview`]).
    pub fn review(&self, id: i64) -> AppResult<Review> {
        if id == 0 {
            let last = lock(&self.last_import);
            let imported = last.as_ref().ok_or(AppError::NothingImported)?;
            return self.import_review.review(imported, &*self.runtime.worker);
        }
        // The game slots before the store, as `live::finish_analysis` takes them: the review is
        // either stored or still running, never neither in between.
        let slots = lock(&self.slots);
        let analysing = GameKind::all().any(|kind| live::analysing(&slots, kind, id));
        let found = self.store()?.finished_record(id)?;
        drop(slots);
        review::review_of(found, id, analysing)
    }

    /// One finished game with its record, to watch; an unknown id is an error.
    pub fn finished_record(&self, id: i64) -> AppResult<crate::store::FinishedRecord> {
        self.store()?.finished_record(id)?.ok_or(AppError::NoSuchGame(id))
    }

    /// The finished game `id` as a record file's text, and the file name to offer for it.
    pub fn export_record(&self, id: i64) -> AppResult<(String, String)> {
        exchange::export_record(&*self.store()?, id)
    }

    /// The game of `kind` in the file format `format` of its game (the record file, `"record"`,
    /// or one its game declares), the file name to offer and the format: the finished game `id`
    /// (one of `kind`'s, else [`AppError::NothingTo`]), or without one the game of `kind` in
    /// progress or just finished, where the format writes such games.
    pub fn export_game(&self, kind: GameKind, id: Option<i64>, format: &str) -> AppResult<ExportedFile> {
        let Some(id) = id else {
            return file_formats::export_under_way(kind, format, || live::game_file(&lock(&self.slots), kind));
        };
        let full = self.store()?.full_record(id)?.filter(|full| full.stored.game == kind.as_str());
        file_formats::export(&full.ok_or(AppError::NothingTo("export"))?, format)
    }

    /// Writes an exported file to `path`, whole or not at all.
    pub fn save_export(&self, bytes: &[u8], path: &Path) -> AppResult<()> {
        crate::library::export::write_whole(path, |file| Ok(std::io::Write::write_all(file, bytes)?))
    }

    /// The file at `path` read by the one of `readers` its name picks
    /// ([`file_formats::read_file`]), bounded before it is read: see [`AppState::import`].
    pub fn import_file(
        self: &Arc<Self>,
        readers: &[file_formats::Format],
        path: &Path,
        chosen: Option<&Value>,
    ) -> AppResult<ImportedGame> {
        self.import(file_formats::read_file(readers, path, chosen)?)
    }

    /// A file's content (its `name`), or a pasted text (no name), read as
    /// [`AppState::import_file`] reads a file.
    pub fn import_content(
        self: &Arc<Self>,
        readers: &[file_formats::Format],
        name: Option<&str>,
        bytes: &[u8],
        chosen: Option<&Value>,
    ) -> AppResult<ImportedGame> {
        self.import(file_formats::read_content(readers, name, bytes, chosen)?)
    }

    /// What was read: a finished game (id 0, replayed and checked) becomes the last import,
    /// for the watch view, and nothing is stored; a position starts a new game of its kind,
    /// marked imported (it never ranks).
    fn import(self: &Arc<Self>, read: file_formats::Contents) -> AppResult<ImportedGame> {
        match read {
            file_formats::Contents::Game(full) => {
                Ok(ImportedGame::Record(record_text::header(&self.keep_import(full)?)))
            }
            file_formats::Contents::Position(kind, position) => {
                Ok(ImportedGame::Game(live::new_game_from_position(self, kind, position, self.seed())?))
            }
        }
    }

    fn keep_import(&self, full: FullRecord) -> AppResult<FullRecord> {
        let mut last = lock(&self.last_import);
        *last = Some(full.clone());
        self.import_review.forget();
        Ok(full)
    }

    /// The record file imported last, if any: what the watch view shows for id 0.
    pub fn last_import(&self) -> Option<FullRecord> {
        lock(&self.last_import).clone()
    }

    // ----- settings (prefs/) -----

    pub fn settings(&self) -> AppResult<Map<String, Value>> {
        settings::load(&*self.store()?)
    }

    pub fn set_setting(&self, key: &str, value: Value) -> AppResult<Map<String, Value>> {
        settings::validate(key, &value)?;
        let saved = settings::save(&*self.store()?, key, &value)?;
        if key == crate::engines::helper::SETTING {
            self.choose_helper();
        }
        Ok(saved)
    }

    /// The window's last position and size, written by the app itself (not a page setting).
    pub fn window_placement(&self) -> Option<Value> {
        settings::window_placement(&*self.store().ok()?)
    }

    pub fn save_window_placement(&self, placement: Value) -> AppResult<()> {
        settings::save_window_placement(&*self.store()?, placement)
    }
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
    use pastimes_games::{bubbles, gomoku, minesweeper, RuleError, Status};
    use serde_json::json;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    type Job = Box<dyn FnOnce() + Send>;
    /// A timer set: its delay, its cancel flag and what it runs.
    type Timers = Arc<Mutex<Vec<(Duration, Arc<AtomicBool>, Job)>>>;

    struct Harness {
        state: Arc<AppState>,
        jobs: Arc<Mutex<Vec<Job>>>,
        /// The timers set (for a flag), each with its delay and whether it was cancelled.
        timers: Timers,
        told: Arc<Mutex<Vec<Snapshot>>>,
    }

    impl Harness {
        /// An app on the data in `dir`: a second one on the same folder is the app started again.
        fn new(dir: &Path, hand: &Arc<ManualTime>) -> Harness {
            let hand = Arc::clone(hand);
            let jobs: Arc<Mutex<Vec<Job>>> = Arc::default();
            let queue = Arc::clone(&jobs);
            let timers: Timers = Arc::default();
            let set = Arc::clone(&timers);
            let runtime = Runtime {
                time: hand.clone(),
                worker: Arc::new(move |job| lock(&queue).push(job)),
                today: Arc::new(|| chrono::NaiveDate::from_ymd_opt(2026, 12, 6).expect("a date")),
                timer: Arc::new(move |delay, cancel, job| lock(&set).push((delay, cancel, job))),
            };
            let config = Config { data_dir: dir.to_path_buf(), fixed_seed: Some(5) };
            let state = Arc::new(AppState::open_on(config, runtime));
            let told: Arc<Mutex<Vec<Snapshot>>> = Arc::default();
            let sink = Arc::clone(&told);
            state.set_notifier(Box::new(move |snapshot| lock(&sink).push(snapshot.clone())));
            Harness { state, jobs, timers, told }
        }

        /// Runs the searches started so far, in order.
        fn run_jobs(&self) -> usize {
            let jobs: Vec<Job> = lock(&self.jobs).drain(..).collect();
            let count = jobs.len();
            jobs.into_iter().for_each(|job| job());
            count
        }

        /// Fires the timers set so far that were not cancelled; returns how many, and the
        /// delay of the last.
        fn fire_timers(&self) -> (usize, Option<Duration>) {
            let timers: Vec<_> = lock(&self.timers).drain(..).collect();
            let live: Vec<_> = timers.into_iter().filter(|(_, cancel, _)| !cancel.load(Ordering::Relaxed)).collect();
            let (count, last) = (live.len(), live.last().map(|(delay, _, _)| *delay));
            live.into_iter().for_each(|(_, _, job)| job());
            (count, last)
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
        live::finish_computer_turn(&h.state, gomoku::KIND, stale, late);
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
        let readers = file_formats::readers(Some(gomoku::KIND), Some("moves")).unwrap();
        let chosen = against_computer("black");
        let imported = h.state.import_content(&readers, None, b"H8 I9 J10", Some(&chosen)).unwrap();
        let ImportedGame::Game(pasted) = imported else { panic!("a new game: {imported:?}") };
        assert!(pasted.assistance.imported && pasted.rankable && !pasted.can_rank, "{:?}", pasted.assistance);
        assert!(pasted.computer_thinking, "white, the computer, is to move");
        assert_eq!(h.run_jobs(), 1);
        assert_eq!(h.state.snapshot(gomoku::KIND).unwrap().unwrap().move_count, 4);
        let copied = h.state.export_game(gomoku::KIND, None, "moves").unwrap().into_text(gomoku::KIND).unwrap();
        assert_eq!(copied.split(' ').take(3).collect::<Vec<_>>(), ["H8", "I9", "J10"]);
        drop(h);
        let reopened = Harness::new(dir.path(), &hand).state;
        let restored = reopened.snapshot(gomoku::KIND).unwrap().expect("the game came back");
        assert!(restored.assistance.imported && !restored.can_rank, "the mark survives a restart");
    }

    /// Two players on a clock of 5 s and 1 s a move: Fischer's `{"kind":"fischer",...}`.
    fn timed(opponent: &str) -> Value {
        json!({"opponent": opponent, "timeControl": {"kind": "fischer", "mainMs": 5_000, "incrementMs": 1_000}})
    }

    fn clocks(snapshot: &Snapshot) -> [u64; 2] {
        snapshot.clocks.as_ref().expect("a timed game has clocks").left_ms
    }

    /// Nobody clicks: the timer set for the running clock fires, the game ends on time, is
    /// recorded as lost on time and the page is told.
    #[test]
    fn a_flag_falls_by_the_timer_and_the_game_is_recorded_lost_on_time() {
        let dir = tempfile::tempdir().unwrap();
        let hand = Arc::new(ManualTime::default());
        let h = Harness::new(dir.path(), &hand);
        let first = h.state.new_game(gomoku::KIND, timed("human")).unwrap();
        assert_eq!(clocks(&first), [5_000, 5_000]);
        assert_eq!(h.fire_timers().0, 0, "no clock runs before the first move");
        h.state.play(gomoku::KIND, stone(7, 7)).unwrap();
        hand.advance(Duration::from_millis(1_500));
        let second = h.state.play(gomoku::KIND, stone(8, 8)).unwrap();
        assert_eq!(clocks(&second), [6_000, 4_500], "black's increment, white's 1.5 s less 1 s back");
        assert_eq!(second.clocks.as_ref().unwrap().running, Some(0));
        hand.advance(Duration::from_millis(5_999));
        let (fired, delay) = h.fire_timers();
        assert_eq!((fired, delay), (1, Some(Duration::from_millis(6_001))), "only the last timer waits");
        assert!(h.told().is_empty(), "a millisecond is left: the timer waits again");
        hand.advance(Duration::from_millis(1));
        assert_eq!(h.fire_timers().0, 1);
        let told = h.told();
        let ended = told.last().expect("the flag fall is told");
        assert!(ended.ended && ended.status == Status::Won, "{:?}", ended.status);
        assert_eq!(ended.view["winner"], "white");
        assert_eq!(ended.effects["lostOnTime"], "first");
        let clocks_then = ended.clocks.clone().unwrap();
        assert_eq!((clocks_then.fallen, clocks_then.running, clocks_then.left_ms), (Some(0), None, [0, 4_500]));
        let recorded = ended.record.expect("recorded");
        let page = h.state.history(&Default::default(), &crate::store::PageStart::Newest, 5).unwrap();
        assert_eq!(page.rows[0].summary, Some(json!({"winner": "white", "onTime": true})));
        let (text, _) = h.state.export_record(recorded.id).unwrap();
        assert!(text.contains("\n7500 first lost on time\nend"), "the ruling at the flag's moment: {text}");
        assert!(text.contains(r#""timeControl":{"incrementMs":1000,"kind":"fischer","mainMs":5000}"#), "{text}");
        assert!(h.state.play(gomoku::KIND, stone(9, 9)).is_err(), "the game is over");
    }

    /// A move that arrives after the mover's flag fell, before the timer fired, is answered by
    /// the ruling; a player can never send the ruling.
    #[test]
    fn a_late_move_loses_on_time_and_no_player_may_rule() {
        let dir = tempfile::tempdir().unwrap();
        let hand = Arc::new(ManualTime::default());
        let h = Harness::new(dir.path(), &hand);
        h.state.new_game(gomoku::KIND, timed("human")).unwrap();
        h.state.play(gomoku::KIND, stone(7, 7)).unwrap();
        let ruling = h.state.play(gomoku::KIND, json!({"lostOnTime": "first"}));
        assert!(matches!(ruling, Err(AppError::Rule(RuleError::Illegal("ruling")))), "{ruling:?}");
        hand.advance(Duration::from_millis(5_000));
        let late = h.state.play(gomoku::KIND, stone(8, 8)).unwrap();
        assert!(late.ended && late.status == Status::Won && late.view["winner"] == "black");
        assert_eq!(late.move_count, 2, "the stone was not placed: the ruling was");
    }

    /// Pause stops both clocks and the timer; a game resumed after the app was closed (or
    /// crashed: it is saved at every move) resumes both clocks where they stood.
    #[test]
    fn pause_stops_the_clocks_and_a_restart_resumes_them_where_they_stood() {
        let dir = tempfile::tempdir().unwrap();
        let hand = Arc::new(ManualTime::default());
        let h = Harness::new(dir.path(), &hand);
        h.state.new_game(gomoku::KIND, timed("human")).unwrap();
        h.state.play(gomoku::KIND, stone(7, 7)).unwrap();
        hand.advance(Duration::from_millis(2_000));
        let paused = h.state.pause(gomoku::KIND).unwrap();
        assert_eq!(clocks(&paused), [6_000, 3_000]);
        assert_eq!(paused.clocks.as_ref().unwrap().running, None);
        hand.advance(Duration::from_secs(60));
        assert_eq!(h.fire_timers().0, 0, "pausing cancelled the timer");
        assert!(h.told().is_empty() && !h.state.snapshot(gomoku::KIND).unwrap().unwrap().status.is_over());
        drop(h);

        let reopened = Harness::new(dir.path(), &hand);
        let restored = reopened.state.snapshot(gomoku::KIND).unwrap().unwrap();
        assert!(restored.paused);
        assert_eq!(clocks(&restored), [6_000, 3_000], "both clocks as they stood");
        let resumed = reopened.state.resume(gomoku::KIND).unwrap();
        assert_eq!(resumed.clocks.as_ref().unwrap().running, Some(1));
        hand.advance(Duration::from_millis(1_000));
        assert_eq!(clocks(&reopened.state.snapshot(gomoku::KIND).unwrap().unwrap()), [6_000, 2_000]);
        let (fired, delay) = reopened.fire_timers();
        assert_eq!((fired, delay), (1, Some(Duration::from_millis(3_001))), "the timer set on resuming");
        hand.advance(Duration::from_millis(2_000));
        assert_eq!(reopened.fire_timers().0, 1);
        assert!(reopened.told().last().unwrap().status.is_over(), "white's flag fell");
    }

    /// The computer's flag falls too: against it, the human wins on time.
    #[test]
    fn the_computer_loses_on_time_if_its_search_outlasts_its_clock() {
        let dir = tempfile::tempdir().unwrap();
        let hand = Arc::new(ManualTime::default());
        let h = Harness::new(dir.path(), &hand);
        let params = json!({"opponent": "easy", "timeControl": {"kind": "perMove", "moveMs": 2_000}});
        h.state.new_game(gomoku::KIND, params).unwrap();
        let thinking = h.state.play(gomoku::KIND, stone(7, 7)).unwrap();
        assert!(thinking.computer_thinking);
        hand.advance(Duration::from_millis(2_000));
        h.fire_timers();
        let ended = h.told().last().cloned().unwrap();
        assert_eq!(ended.status, Status::Won);
        assert!(!ended.computer_thinking, "its search was stopped");
        assert!(h.run_jobs() >= 1, "its search, and the finished game's review");
        assert_eq!(h.state.snapshot(gomoku::KIND).unwrap().unwrap().move_count, 2, "its late move is dropped");
    }

    /// Zero, negative and absurd time controls are refused by name and change nothing.
    #[test]
    fn an_absurd_time_control_is_refused_and_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let h = Harness::new(dir.path(), &Arc::default());
        h.state.new_game(gomoku::KIND, json!({})).unwrap();
        h.state.play(gomoku::KIND, stone(7, 7)).unwrap();
        for control in [
            json!({"kind": "fischer", "mainMs": 0, "incrementMs": 0}),
            json!({"kind": "fischer", "mainMs": -60_000, "incrementMs": 0}),
            json!({"kind": "perMove", "moveMs": 3 * 86_400_000_u64}),
            json!({"kind": "fischer", "mainMs": 60_000, "incrementMs": 86_400_000}),
            json!({"kind": "sandglass"}),
        ] {
            let refused = h.state.new_game(gomoku::KIND, json!({"timeControl": control}));
            assert!(
                matches!(refused, Err(AppError::Rule(RuleError::OutOfRange { .. } | RuleError::Malformed { .. }))),
                "{control}: {refused:?}"
            );
        }
        assert_eq!(h.state.snapshot(gomoku::KIND).unwrap().unwrap().move_count, 1, "the game under way is untouched");
    }

    /// Gomoku's demo, on this harness.
    mod demo;
}
