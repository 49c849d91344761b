//! Writes that cannot be made now: a full disk, a data folder or file made read-only, a disk that
//! went away. Play must go on, so such a write is kept in memory and counts as done; every later
//! write first tries to write what was kept, and saving resumes by itself once space is back.
//!
//! Only what is still owed is kept: the latest state of each kind's game in progress, every
//! finished game, and the latest value of each setting. A finished game kept here is not yet in
//! the history; the page is told (once) that games are not being saved, so no game that the
//! player was told is saved can be lost.

use super::finished::insert_finished;
use super::saved::{delete_saved_game_in, save_game_in};
use super::{FinishedGame, SavedGame, Store};
use crate::error::{AppError, AppResult};
use rusqlite::ErrorCode;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Told `false` when games stop being saved, and `true` when saving resumes.
pub type SavingListener = Box<dyn Fn(bool) + Send>;

#[derive(Default)]
pub(super) struct Unsaved {
    /// The latest state of each kind's game in progress: to save, or (`None`) to forget.
    saved_games: BTreeMap<&'static str, Option<SavedGame>>,
    finished: Vec<FinishedGame>,
    settings: BTreeMap<String, Value>,
    /// Set while writes fail.
    failing: bool,
    pub(super) listener: Option<SavingListener>,
}

impl Unsaved {
    fn is_empty(&self) -> bool {
        self.saved_games.is_empty() && self.finished.is_empty() && self.settings.is_empty()
    }

    fn set_failing(&mut self, failing: bool) {
        if self.failing != failing {
            self.failing = failing;
            if let Some(listener) = &self.listener {
                listener(!failing);
            }
        }
    }

    pub(super) fn keep_saved_game(&mut self, saved: &SavedGame) {
        self.saved_games.insert(saved.game.as_str(), Some(saved.clone()));
    }

    pub(super) fn keep_finished(&mut self, finished: &FinishedGame) {
        self.finished.push(finished.clone());
        self.saved_games.insert(finished.game.as_str(), None);
    }

    pub(super) fn keep_deletion(&mut self, game: pastimes_games::GameKind) {
        self.saved_games.insert(game.as_str(), None);
    }

    pub(super) fn keep_setting(&mut self, key: &str, value: &Value) {
        self.settings.insert(key.to_string(), value.clone());
    }

    /// Settings not yet written, over those read from the file.
    pub(super) fn overlay_settings(&self, settings: &mut Map<String, Value>) {
        for (key, value) in &self.settings {
            settings.insert(key.clone(), value.clone());
        }
    }

    /// How many finished games wait to be written.
    pub(super) fn finished_count(&self) -> usize {
        self.finished.len()
    }
}

/// Whether a write failed for a reason that may pass (space, permissions, a disk away), rather
/// than for a reason in the data (which keeping it would not mend).
pub(super) fn cannot_write_now(error: &AppError) -> bool {
    match error {
        AppError::Store(rusqlite::Error::SqliteFailure(failure, _)) => matches!(
            failure.code,
            ErrorCode::DiskFull
                | ErrorCode::ReadOnly
                | ErrorCode::SystemIoFailure
                | ErrorCode::CannotOpen
                | ErrorCode::PermissionDenied
                | ErrorCode::DatabaseBusy
                | ErrorCode::DatabaseLocked
        ),
        AppError::Io(_) => true,
        _ => false,
    }
}

impl Store {
    /// Makes a write, or keeps it for later when it cannot be made now (see the module's doc).
    /// While something is kept, a new write is kept too, behind it, so the order is never lost.
    pub(super) fn write_or_keep<T>(
        &self,
        write: impl FnOnce(&Store) -> AppResult<T>,
        keep: impl FnOnce(&mut Unsaved) -> T,
    ) -> AppResult<T> {
        if self.write_unsaved() {
            match write(self) {
                Ok(done) => return Ok(done),
                Err(error) if cannot_write_now(&error) => {
                    eprintln!("pastimes: games are not being saved: {error}");
                }
                Err(error) => return Err(error),
            }
        }
        let mut unsaved = self.unsaved.borrow_mut();
        let kept = keep(&mut unsaved);
        unsaved.set_failing(true);
        Ok(kept)
    }

    /// Writes what was kept, in one transaction; true when nothing is left owing.
    pub(super) fn write_unsaved(&self) -> bool {
        let mut unsaved = self.unsaved.borrow_mut();
        if unsaved.is_empty() {
            return true;
        }
        match self.write_all(&unsaved) {
            Ok(()) => {
                unsaved.saved_games.clear();
                unsaved.finished.clear();
                unsaved.settings.clear();
                unsaved.set_failing(false);
                true
            }
            Err(_) => false,
        }
    }

    fn write_all(&self, unsaved: &Unsaved) -> AppResult<()> {
        let tx = self.conn.unchecked_transaction()?;
        for finished in &unsaved.finished {
            insert_finished(&tx, finished)?;
            delete_saved_game_in(&tx, finished.game)?;
        }
        for (key, value) in &unsaved.settings {
            super::settings::save_setting_in(&tx, key, value)?;
        }
        for (game, saved) in &unsaved.saved_games {
            match saved {
                Some(saved) => save_game_in(&tx, saved)?,
                None => {
                    tx.prepare_cached("DELETE FROM saved_games WHERE game = ?1")?.execute([game])?;
                }
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// Tries again to write what was kept (on a timer, and as the app quits); true when nothing
    /// is left owing.
    pub fn retry_unsaved(&self) -> bool {
        self.write_unsaved()
    }

    /// Whether games go to disk now: false while writes fail and for a store in memory.
    pub fn keeps_games(&self) -> bool {
        let in_memory = self.conn.path().is_none_or(str::is_empty);
        !in_memory && !self.unsaved.borrow().failing
    }

    /// How many finished games wait in memory for space to be written.
    pub fn unsaved_finished_games(&self) -> usize {
        self.unsaved.borrow().finished_count()
    }

    /// Tells `listener` each time games stop being saved and each time saving resumes.
    pub fn set_saving_listener(&self, listener: SavingListener) {
        self.unsaved.borrow_mut().listener = Some(listener);
    }
}

impl Drop for Store {
    /// A last try at what was kept, as the app closes.
    fn drop(&mut self) {
        self.write_unsaved();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pastimes_games::Status;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    fn lost_game(second: u32) -> FinishedGame {
        FinishedGame {
            game: pastimes_games::minesweeper::KIND,
            category: "beginner".into(),
            result: Status::Lost,
            score: None,
            time_ms: 1000,
            moves: 3,
            replay: false,
            started_at: "2026-01-01T00:00:00.000Z".into(),
            finished_at: format!("2026-01-01T00:{:02}:{:02}.000Z", second / 60, second % 60),
            detail: format!("{{\"padding\":\"{}\"}}", "x".repeat(600)),
            rank_key: None,
            assistance: Default::default(),
            rate: None,
            record: None,
        }
    }

    fn saved(moves: &str) -> SavedGame {
        SavedGame {
            game: pastimes_games::minesweeper::KIND,
            params: "{}".into(),
            seed: 7,
            moves: moves.into(),
            elapsed_ms: 10,
            started_at: "2026-01-01T00:00:00.000Z".into(),
            assistance: Default::default(),
            times: "[]".into(),
        }
    }

    fn count(store: &Store) -> i64 {
        store.connection().query_row("SELECT COUNT(*) FROM finished_games", [], |row| row.get(0)).unwrap()
    }

    /// `PRAGMA max_page_count` at the file's size: the disk is full for this connection.
    fn fill_disk(store: &Store) {
        let pages: i64 = store.connection().query_row("PRAGMA page_count", [], |row| row.get(0)).unwrap();
        store.connection().pragma_update(None, "max_page_count", pages).unwrap();
    }

    fn free_disk(store: &Store) {
        store.connection().pragma_update(None, "max_page_count", 1_000_000_000i64).unwrap();
    }

    #[test]
    fn a_full_disk_keeps_games_in_memory_and_writes_them_once_space_is_back() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(dir.path()).unwrap();
        let changes = Arc::new(AtomicUsize::new(0));
        let seen = Arc::clone(&changes);
        store.set_saving_listener(Box::new(move |_| {
            seen.fetch_add(1, Ordering::Relaxed);
        }));
        fill_disk(&store);
        let mut recorded = 0;
        while store.keeps_games() {
            store.record_finished(&lost_game(recorded)).unwrap();
            recorded += 1;
            assert!(recorded < 1000, "the disk never filled");
        }
        // Play goes on: more games, moves and settings, each answered as done.
        for second in recorded..recorded + 20 {
            store.save_game(&saved(&format!("[{second}]"))).unwrap();
            let kept = store.record_finished(&lost_game(second)).unwrap();
            assert_eq!(kept.rank, None, "a game kept in memory is no record yet");
        }
        store.save_game(&saved("[\"last\"]")).unwrap();
        store.save_setting("theme", &serde_json::json!("dark")).unwrap();
        assert_eq!(store.load_settings().unwrap()["theme"], "dark", "the page sees its setting");
        assert!(store.unsaved_finished_games() >= 20);
        assert_eq!(changes.load(Ordering::Relaxed), 1, "told once that games are not being saved");

        free_disk(&store);
        // The timer's retry writes it all, with no move from the player.
        assert!(store.retry_unsaved());
        assert!(store.keeps_games(), "saving resumed");
        store.save_setting("zoom", &serde_json::json!(1.25)).unwrap();
        assert_eq!(changes.load(Ordering::Relaxed), 2, "and told so");
        assert_eq!(count(&store), i64::from(recorded) + 20, "no finished game lost");
        assert_eq!(store.unsaved_finished_games(), 0);
        assert_eq!(store.load_saved_game(pastimes_games::minesweeper::KIND).unwrap().unwrap().moves, "[\"last\"]");
        let stats = store.category_stats(pastimes_games::minesweeper::KIND, "beginner").unwrap();
        assert_eq!(stats.played, i64::from(recorded) + 20);
        drop(store);
        let reopened = Store::open(dir.path()).unwrap();
        assert_eq!(reopened.load_settings().unwrap()["theme"], "dark");
    }

    #[test]
    fn what_is_kept_is_written_when_the_store_closes() {
        let dir = tempfile::tempdir().unwrap();
        {
            let mut store = Store::open(dir.path()).unwrap();
            fill_disk(&store);
            let mut second = 0;
            while store.keeps_games() {
                store.record_finished(&lost_game(second)).unwrap();
                second += 1;
            }
            free_disk(&store);
        }
        let reopened = Store::open(dir.path()).unwrap();
        assert!(count(&reopened) > 0);
        assert_eq!(reopened.unsaved_finished_games(), 0);
    }

    #[test]
    fn an_error_in_the_data_is_not_kept() {
        let store = Store::open_in_memory().unwrap();
        let error = AppError::Store(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT),
            None,
        ));
        assert!(!cannot_write_now(&error));
        let full = AppError::Store(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_FULL),
            None,
        ));
        assert!(cannot_write_now(&full));
        assert!(!store.keeps_games(), "a store in memory keeps nothing");
    }

    /// Through the app's state, as the commands see it: a full disk stops no game, and every
    /// game that finished while it was full is in the history once space is back.
    #[test]
    fn the_game_in_progress_goes_on_while_the_disk_is_full() {
        use crate::state::{AppState, Config};
        use serde_json::json;
        let dir = tempfile::tempdir().unwrap();
        let state = Arc::new(AppState::open(Config { data_dir: dir.path().to_path_buf(), fixed_seed: Some(5) }));
        let told = Arc::new(AtomicUsize::new(0));
        let seen = Arc::clone(&told);
        state.watch_saving(Box::new(move |_| {
            seen.fetch_add(1, Ordering::Relaxed);
        }));
        let params = pastimes_games::minesweeper::Params::beginner();
        let (x, y) = pastimes_games::minesweeper::mine_layout(&params, 5, (4, 4))[0];
        let lose = |state: &Arc<AppState>| {
            state.new_game(pastimes_games::minesweeper::KIND, json!({"level": "beginner"})).unwrap();
            state.play(pastimes_games::minesweeper::KIND, json!({"action": "open", "x": 4, "y": 4})).unwrap();
            let lost =
                state.play(pastimes_games::minesweeper::KIND, json!({"action": "open", "x": x, "y": y})).unwrap();
            assert_eq!(lost.status, Status::Lost);
        };
        lose(&state);
        fill_disk(&state.store_for_tests());
        let mut lost = 1;
        while state.keeps_games() {
            lose(&state);
            lost += 1;
            assert!(lost < 500, "the disk never filled");
        }
        for _ in 0..5 {
            lose(&state);
            lost += 1;
        }
        // A game in progress goes on too.
        state.new_game(pastimes_games::minesweeper::KIND, json!({"level": "beginner"})).unwrap();
        let moved = state.play(pastimes_games::minesweeper::KIND, json!({"action": "open", "x": 4, "y": 4})).unwrap();
        assert_eq!(moved.move_count, 1);
        assert_eq!(told.load(Ordering::Relaxed), 1, "told once");

        free_disk(&state.store_for_tests());
        state.set_setting("theme", json!("dark")).unwrap();
        assert!(state.keeps_games(), "saving resumed");
        assert_eq!(told.load(Ordering::Relaxed), 2);
        assert_eq!(state.history_count(&Default::default()).unwrap(), lost, "every finished game is kept");
    }
}
