//! Opening the store whatever state its file is in: play never waits on a damaged file.
//!
//! - A damaged store (it cannot be opened, or fails `PRAGMA quick_check`: at start, or for a
//!   store too large to check then, at the next start, see [`super::check`]) is moved aside as
//!   `pastimes.sqlite3.damaged-<date>` with its `-wal` and `-shm`, never changed; a fresh store
//!   takes its place and gets every finished game and setting that can still be read from it.
//! - Another program's SQLite file is moved aside the same way, untouched and unread, as
//!   `pastimes.sqlite3.not-pastimes-<date>`. A file that is no SQLite file at all (junk, text)
//!   goes aside as a damaged one: it may be a Pastimes store whose first page was overwritten.
//! - A store from a newer Pastimes is left where it is, untouched; games go into a store in
//!   memory until the player chooses to start a new store, which moves the newer file aside.
//! - A data folder that cannot be written: games go into a store in memory.

use super::check::{self, Checked};
use super::migrations::{self, Owner};
use super::salvage::{salvage, Salvaged};
use super::{Store, DATABASE_FILE};
use crate::error::{AppError, AppResult};
use rusqlite::{Connection, ErrorCode, OpenFlags};
use serde::Serialize;
use std::io::Read;
use std::path::{Path, PathBuf};

/// What opening the store found, for the start-up dialog (the page reads it from `app_info`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum StoreReport {
    /// The store opened as it was, or was created.
    Opened,
    /// The file was moved aside and a fresh store started.
    MovedAside(MovedAside),
    /// The store is from a newer Pastimes: left untouched; games are kept in memory only.
    Newer { found: i64, known: i64, path: String },
    /// The newer store was moved aside at the player's request; a fresh store holds the games
    /// played meanwhile.
    NewerMovedAside { moved_to: String },
    /// The data folder cannot be written (or the file moved aside): games are kept in memory only.
    Unwritable { reason: String },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MovedAside {
    pub why: WhyMoved,
    /// What was wrong, in English (for a bug report).
    pub reason: String,
    /// Where the old file is now.
    pub moved_to: String,
    /// How many finished games, settings and games in progress were read back from it.
    pub games_recovered: u64,
    pub settings_recovered: u64,
    pub unfinished_recovered: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum WhyMoved {
    /// A Pastimes store that cannot be read whole.
    Damaged,
    /// An SQLite file of another program.
    Foreign,
    /// No SQLite file at all (junk, text, a directory).
    NotADatabase,
}

impl StoreReport {
    /// Whether the games played now are kept on disk.
    pub fn keeps_games(&self) -> bool {
        !matches!(self, StoreReport::Newer { .. } | StoreReport::Unwritable { .. })
    }
}

/// What the file at the store's place is.
#[derive(Debug, PartialEq)]
enum Found {
    /// No file, or a Pastimes store that passes its check: open it.
    Usable,
    /// A Pastimes store too large to check at start: open it, and check it in the background.
    Unchecked,
    Newer {
        found: i64,
        known: i64,
    },
    Unusable(WhyMoved, String),
    /// The file could not be read for a reason outside it (permissions, a full disk that leaves
    /// no room for the `-shm`, a lock): it is left where it is, and games go to memory.
    Unreadable(String),
}

impl Store {
    /// Opens the store in `data_dir` whatever its file's state (see the module's doc). Fails only
    /// if not even a store in memory can be made.
    pub fn open_recovering(data_dir: &Path) -> (AppResult<Store>, StoreReport) {
        let path = data_dir.join(DATABASE_FILE);
        let found = inspect(&path);
        match found {
            Found::Usable | Found::Unchecked => match Store::open(data_dir) {
                Ok(store) => {
                    if found == Found::Unchecked {
                        check::in_background(path);
                    }
                    (Ok(store), StoreReport::Opened)
                }
                Err(AppError::NewerSchema { found, known }) => newer(&path, found, known),
                Err(AppError::ForeignStore(reason)) => replace(data_dir, WhyMoved::Foreign, reason),
                Err(error) if looks_damaged(&error) => replace(data_dir, WhyMoved::Damaged, error.to_string()),
                Err(error) => in_memory(error.to_string()),
            },
            Found::Newer { found, known } => newer(&path, found, known),
            Found::Unusable(why, reason) => replace(data_dir, why, reason),
            Found::Unreadable(reason) => in_memory(reason),
        }
    }

    /// Moves a newer store aside and writes the games played meanwhile (this store, in memory)
    /// into a fresh store in its place, which it returns with where the newer file went. The
    /// fresh file is written first, beside: if that fails, nothing has moved.
    pub fn replace_newer(&self, data_dir: &Path) -> AppResult<(Store, PathBuf)> {
        let path = data_dir.join(DATABASE_FILE);
        let fresh = data_dir.join(format!("{DATABASE_FILE}.new"));
        let _ = std::fs::remove_file(&fresh);
        self.conn.execute("VACUUM INTO ?1", [fresh.to_string_lossy()])?;
        let moved_to = move_aside(data_dir, "newer")?;
        std::fs::rename(&fresh, &path)?;
        let store = Store::open(data_dir)?;
        store.unsaved.borrow_mut().listener = self.unsaved.borrow_mut().listener.take();
        Ok((store, moved_to))
    }
}

impl Store {
    /// For a store in memory because its folder could not be written: once a store file can be
    /// made there, and none has appeared meanwhile, writes this store's games into it and returns
    /// it (its saving listener told that saving resumed). Never replaces a file.
    pub fn adopt_folder(&self, data_dir: &Path) -> Option<Store> {
        let path = data_dir.join(DATABASE_FILE);
        if path.exists() || std::fs::create_dir_all(data_dir).is_err() {
            return None;
        }
        let fresh = data_dir.join(format!("{DATABASE_FILE}.new"));
        let _ = std::fs::remove_file(&fresh);
        let written = self.conn.execute("VACUUM INTO ?1", [fresh.to_string_lossy()]).is_ok()
            // A hard link, not a rename: it fails rather than replace a file that just appeared.
            && std::fs::hard_link(&fresh, &path).is_ok();
        let _ = std::fs::remove_file(&fresh);
        if !written {
            return None;
        }
        let store = Store::open(data_dir).ok()?;
        store.unsaved.borrow_mut().listener = self.unsaved.borrow_mut().listener.take();
        if let Some(listener) = &store.unsaved.borrow().listener {
            listener(true);
        }
        Some(store)
    }
}

fn newer(path: &Path, found: i64, known: i64) -> (AppResult<Store>, StoreReport) {
    eprintln!("pastimes: {} is from a newer Pastimes; games are kept in memory only", path.display());
    (Store::open_in_memory(), StoreReport::Newer { found, known, path: path.display().to_string() })
}

fn in_memory(reason: String) -> (AppResult<Store>, StoreReport) {
    eprintln!("pastimes: the store cannot be written ({reason}); games are kept in memory only");
    (Store::open_in_memory(), StoreReport::Unwritable { reason })
}

/// Moves the unusable file aside, starts a fresh store and salvages what it can into it.
fn replace(data_dir: &Path, why: WhyMoved, reason: String) -> (AppResult<Store>, StoreReport) {
    eprintln!("pastimes: the store cannot be used ({reason}); moving it aside");
    let label = if why == WhyMoved::Foreign { "not-pastimes" } else { "damaged" };
    let moved_to = match move_aside(data_dir, label) {
        Ok(moved_to) => moved_to,
        Err(error) => return in_memory(format!("{reason}; and it could not be moved aside: {error}")),
    };
    let mut store = match Store::open(data_dir) {
        Ok(store) => store,
        Err(error) => return in_memory(error.to_string()),
    };
    // Another program's file is not read; anything else may be a Pastimes store whose header
    // was hit, and what reads from it says so.
    let salvaged = match why {
        WhyMoved::Foreign => Salvaged::default(),
        _ => salvage(&moved_to, &mut store),
    };
    let found_ours = salvaged.games + salvaged.settings + salvaged.unfinished > 0;
    let why = if why == WhyMoved::NotADatabase && found_ours { WhyMoved::Damaged } else { why };
    let report = MovedAside {
        why,
        reason,
        moved_to: moved_to.display().to_string(),
        games_recovered: salvaged.games,
        settings_recovered: salvaged.settings,
        unfinished_recovered: salvaged.unfinished,
    };
    (Ok(store), StoreReport::MovedAside(report))
}

/// Errors that say the file's content is bad, not that the folder cannot be written. A read past
/// the end of a file cut short is damage too.
fn looks_damaged(error: &AppError) -> bool {
    match error {
        AppError::Store(rusqlite::Error::SqliteFailure(failure, _)) => {
            matches!(failure.code, ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase | ErrorCode::SchemaChanged)
                || failure.extended_code == rusqlite::ffi::SQLITE_IOERR_SHORT_READ
        }
        AppError::Store(_) => true,
        _ => false,
    }
}

/// Looks at the file without writing it: its header, its tables, its version, its check.
fn inspect(path: &Path) -> Found {
    let metadata = match std::fs::symlink_metadata(path) {
        Ok(metadata) => metadata,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Found::Usable,
        Err(error) => return Found::Unreadable(error.to_string()),
    };
    if !metadata.is_file() {
        return Found::Unusable(WhyMoved::NotADatabase, "it is not a file".into());
    }
    if metadata.len() == 0 {
        return Found::Usable; // a new, empty database
    }
    match has_sqlite_header(path) {
        Ok(true) => {}
        Ok(false) => return Found::Unusable(WhyMoved::NotADatabase, "it is not an SQLite database".into()),
        Err(error) => return Found::Unreadable(error.to_string()),
    }
    match inspect_database(path) {
        Ok(found) => found,
        Err(error) => failed_to_read(error),
    }
}

/// A failed read of the file: damage in it (move it aside), or a cause outside it (leave it).
fn failed_to_read(error: AppError) -> Found {
    if looks_damaged(&error) {
        Found::Unusable(WhyMoved::Damaged, error.to_string())
    } else {
        Found::Unreadable(error.to_string())
    }
}

fn has_sqlite_header(path: &Path) -> std::io::Result<bool> {
    let mut header = [0u8; 16];
    let mut file = std::fs::File::open(path)?;
    let mut read = 0;
    while read < header.len() {
        match file.read(&mut header[read..])? {
            0 => break,
            n => read += n,
        }
    }
    Ok(read == header.len() && &header == b"SQLite format 3\0")
}

fn inspect_database(path: &Path) -> AppResult<Found> {
    let mut conn = open_read_only(path)?;
    match migrations::owner(&conn)? {
        Owner::Ours => {}
        Owner::Newer { found, known } => return Ok(Found::Newer { found, known }),
        Owner::Foreign(reason) => return Ok(Found::Unusable(WhyMoved::Foreign, reason)),
    }
    match check::at_start(&mut conn, path, check::START_BUDGET)? {
        Checked::Passed => Ok(Found::Usable),
        Checked::Unfinished => Ok(Found::Unchecked),
        Checked::Failed(problems) => {
            Ok(Found::Unusable(WhyMoved::Damaged, format!("its check failed: {}", problems.join("; "))))
        }
    }
}

/// Opens a database only to read it: SQLite writes nothing to the file through it.
pub(super) fn open_read_only(path: &Path) -> AppResult<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    Ok(Connection::open_with_flags(path, flags)?)
}

/// Moves the store's file and its `-wal`, `-shm` and `-journal` out of the way, renamed (never
/// copied, never changed) to `pastimes.sqlite3.<label>-<date>`; returns the new path.
pub(super) fn move_aside(data_dir: &Path, label: &str) -> std::io::Result<PathBuf> {
    let path = data_dir.join(DATABASE_FILE);
    let date = chrono::Utc::now().format("%Y-%m-%d-%H%M%S");
    let mut target = data_dir.join(format!("{DATABASE_FILE}.{label}-{date}"));
    let mut attempt = 1;
    while target.exists() || sidecar(&target, "-wal").exists() {
        attempt += 1;
        target = data_dir.join(format!("{DATABASE_FILE}.{label}-{date}-{attempt}"));
    }
    std::fs::rename(&path, &target)?;
    for suffix in ["-wal", "-shm", "-journal"] {
        let from = sidecar(&path, suffix);
        if from.exists() {
            std::fs::rename(&from, sidecar(&target, suffix))?;
        }
    }
    Ok(target)
}

/// The path of a database's companion file: `name-wal`, `name-shm`, `name-journal`.
pub(super) fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::FinishedGame;
    use pastimes_games::Status;

    fn game(second: u32) -> FinishedGame {
        FinishedGame {
            game: pastimes_games::minesweeper::KIND,
            category: "beginner".into(),
            result: if second.is_multiple_of(3) { Status::Lost } else { Status::Won },
            score: None,
            time_ms: 1000 + u64::from(second),
            moves: 10,
            replay: false,
            started_at: "2026-01-01T00:00:00.000Z".into(),
            finished_at: format!("2026-01-01T{:02}:{:02}:{:02}.000Z", second / 3600, second / 60 % 60, second % 60),
            detail: "{}".into(),
            rank_key: (!second.is_multiple_of(3)).then_some(1000 + i64::from(second)),
            assistance: Default::default(),
            rate: None,
            record: None,
        }
    }

    fn moved_files(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name != DATABASE_FILE && !name.starts_with(&format!("{DATABASE_FILE}-")))
            .collect();
        names.sort();
        names
    }

    fn moved_aside(report: &StoreReport) -> &MovedAside {
        match report {
            StoreReport::MovedAside(moved) => moved,
            other => panic!("expected the file moved aside, got {other:?}"),
        }
    }

    #[test]
    fn a_missing_or_healthy_store_opens_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let (store, report) = Store::open_recovering(dir.path());
        assert_eq!(report, StoreReport::Opened);
        store.unwrap().record_finished(&game(1)).unwrap();
        let (store, report) = Store::open_recovering(dir.path());
        assert_eq!(report, StoreReport::Opened);
        assert_eq!(store.unwrap().history_count(&Default::default()).unwrap(), 1);
        assert!(moved_files(dir.path()).is_empty());
    }

    #[test]
    fn junk_text_and_a_directory_are_moved_aside_untouched() {
        let junk: Vec<u8> = (0..10_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        for content in [junk, b"my shopping list\n".to_vec()] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join(DATABASE_FILE);
            std::fs::write(&path, &content).unwrap();
            let (store, report) = Store::open_recovering(dir.path());
            let moved = moved_aside(&report);
            assert_eq!(moved.why, WhyMoved::NotADatabase);
            assert_eq!(std::fs::read(&moved.moved_to).unwrap(), content, "the file is moved, not changed");
            assert!(moved.moved_to.contains(".damaged-"), "{}", moved.moved_to);
            store.unwrap().save_setting("theme", &serde_json::json!("dark")).unwrap();
            assert!(path.is_file(), "a fresh store took its place");
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(DATABASE_FILE)).unwrap();
        let (store, report) = Store::open_recovering(dir.path());
        assert_eq!(moved_aside(&report).why, WhyMoved::NotADatabase);
        assert!(store.is_ok());
    }

    #[test]
    fn another_programs_sqlite_file_is_moved_aside_byte_for_byte() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(DATABASE_FILE);
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('bread');").unwrap();
        }
        let before = std::fs::read(&path).unwrap();
        let (store, report) = Store::open_recovering(dir.path());
        let moved = moved_aside(&report);
        assert_eq!(moved.why, WhyMoved::Foreign);
        assert_eq!(std::fs::read(&moved.moved_to).unwrap(), before, "not one byte changed");
        assert_eq!(moved.games_recovered, 0);
        assert!(moved.moved_to.contains(".not-pastimes-"), "{}", moved.moved_to);
        assert!(store.is_ok());
    }

    /// Another program's SQLite file at the store's place, made by `sql`.
    fn foreign_file(dir: &Path, sql: &str) -> (PathBuf, Vec<u8>) {
        let path = dir.join(DATABASE_FILE);
        Connection::open(&path).unwrap().execute_batch(sql).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        (path, bytes)
    }

    #[test]
    fn a_file_whose_tables_are_named_like_ours_is_still_not_ours_and_is_never_written() {
        let files = [
            // The case found: another program's one table, named as one of ours, version 0.
            "CREATE TABLE finished_games (id INTEGER PRIMARY KEY, player TEXT); INSERT INTO finished_games VALUES (1, 'x');",
            // All four of our names, at version 0.
            "CREATE TABLE settings (k); CREATE TABLE saved_games (k); CREATE TABLE finished_games (k);
             CREATE TABLE category_totals (k);",
            // Our names at a version we know, with other columns.
            "CREATE TABLE settings (k); CREATE TABLE saved_games (k); CREATE TABLE finished_games (k);
             CREATE TABLE category_totals (k); PRAGMA user_version = 4;",
            // A version we know, but no table of ours.
            "CREATE TABLE recipes (name TEXT); PRAGMA user_version = 3;",
            // Another program's number in the header.
            "CREATE TABLE settings (k); PRAGMA application_id = 42; PRAGMA user_version = 1;",
        ];
        for sql in files {
            let dir = tempfile::tempdir().unwrap();
            let (path, before) = foreign_file(dir.path(), sql);
            let error = Store::open(dir.path()).err().expect("another program's file is refused");
            assert!(matches!(error, AppError::ForeignStore(_)), "{sql}: {error}");
            assert_eq!(std::fs::read(&path).unwrap(), before, "{sql}: Store::open changed nothing");
            assert!(!sidecar(&path, "-wal").exists(), "{sql}: not even the journal mode");
            let (store, report) = Store::open_recovering(dir.path());
            let moved = moved_aside(&report);
            assert_eq!(moved.why, WhyMoved::Foreign, "{sql}");
            assert!(moved.moved_to.contains(".not-pastimes-"), "{}", moved.moved_to);
            assert_eq!(std::fs::read(&moved.moved_to).unwrap(), before, "{sql}: moved aside byte for byte");
            assert!(!sidecar(Path::new(&moved.moved_to), "-wal").exists());
            assert!(store.is_ok());
        }
    }

    #[test]
    fn a_store_of_every_earlier_version_is_ours_and_gets_the_header_mark() {
        for version in 0..=migrations::latest_version() {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join(DATABASE_FILE);
            {
                let conn = Connection::open(&path).unwrap();
                for sql in &migrations::MIGRATIONS[..version as usize] {
                    conn.execute_batch(sql).unwrap();
                }
                conn.pragma_update(None, "user_version", version).unwrap();
            }
            let (store, report) = Store::open_recovering(dir.path());
            assert_eq!(report, StoreReport::Opened, "version {version}");
            let id: i64 = store.unwrap().conn.pragma_query_value(None, "application_id", |row| row.get(0)).unwrap();
            assert_eq!(id, migrations::APPLICATION_ID, "version {version}");
        }
    }

    #[test]
    fn a_file_cut_in_half_is_moved_aside_and_its_games_salvaged() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(DATABASE_FILE);
        {
            let mut store = Store::open(dir.path()).unwrap();
            store.record_many((0..2000).map(game)).unwrap();
            store.save_setting("theme", &serde_json::json!("dark")).unwrap();
            store.connection().execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
        }
        let whole = std::fs::read(&path).unwrap();
        let half = &whole[..whole.len() / 2];
        std::fs::write(&path, half).unwrap();
        let (store, report) = Store::open_recovering(dir.path());
        let moved = moved_aside(&report);
        assert_eq!(moved.why, WhyMoved::Damaged, "{moved:?}");
        assert!(moved.moved_to.contains(".damaged-"), "{}", moved.moved_to);
        assert_eq!(std::fs::read(&moved.moved_to).unwrap(), half, "the damaged file is kept as it was");
        let store = store.unwrap();
        let recovered = store.history_count(&Default::default()).unwrap();
        assert_eq!(recovered as u64, moved.games_recovered);
        assert!(recovered > 500, "only {recovered} of 2000 games recovered from the first half");
        assert_eq!(moved.settings_recovered, 1);
        assert_eq!(store.load_settings().unwrap()["theme"], "dark");
        assert_eq!(store.category_stats(pastimes_games::minesweeper::KIND, "beginner").unwrap().played, recovered);
        let (_, again) = Store::open_recovering(dir.path());
        assert_eq!(again, StoreReport::Opened, "the fresh store is healthy");
    }

    #[test]
    fn a_newer_store_is_left_untouched_and_games_go_to_memory_until_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(DATABASE_FILE);
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch("CREATE TABLE finished_games (x); PRAGMA user_version = 99;").unwrap();
        }
        let before = std::fs::read(&path).unwrap();
        let (store, report) = Store::open_recovering(dir.path());
        assert!(matches!(report, StoreReport::Newer { found: 99, .. }), "{report:?}");
        assert!(!report.keeps_games());
        let mut store = store.unwrap();
        store.record_finished(&game(1)).unwrap();
        assert!(!store.keeps_games());
        assert_eq!(std::fs::read(&path).unwrap(), before, "the newer file is not changed");
        assert!(moved_files(dir.path()).is_empty());

        let (fresh, moved_to) = store.replace_newer(dir.path()).unwrap();
        assert_eq!(std::fs::read(&moved_to).unwrap(), before, "moved aside as it was");
        assert!(moved_to.to_string_lossy().contains(".newer-"));
        assert!(fresh.keeps_games());
        assert_eq!(fresh.history_count(&Default::default()).unwrap(), 1, "the game played meanwhile is kept");
        drop(fresh);
        let (reopened, report) = Store::open_recovering(dir.path());
        assert_eq!(report, StoreReport::Opened);
        assert_eq!(reopened.unwrap().history_count(&Default::default()).unwrap(), 1);
    }

    #[test]
    fn an_unwritable_folder_keeps_games_in_memory() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a-file");
        std::fs::write(&file, b"x").unwrap();
        // A data dir below a file can never be created.
        let (store, report) = Store::open_recovering(&file.join("data"));
        assert!(matches!(report, StoreReport::Unwritable { .. }), "{report:?}");
        assert!(!store.unwrap().keeps_games());
    }

    #[test]
    fn only_damage_in_the_file_moves_it_aside() {
        let sqlite = |code| AppError::Store(rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), None));
        for code in [rusqlite::ffi::SQLITE_CORRUPT, rusqlite::ffi::SQLITE_NOTADB] {
            assert!(matches!(failed_to_read(sqlite(code)), Found::Unusable(WhyMoved::Damaged, _)));
        }
        // A full disk (no room for the -shm), a permission, a lock: the file is left alone.
        for code in [
            rusqlite::ffi::SQLITE_CANTOPEN,
            rusqlite::ffi::SQLITE_IOERR,
            rusqlite::ffi::SQLITE_FULL,
            rusqlite::ffi::SQLITE_BUSY,
            rusqlite::ffi::SQLITE_PERM,
        ] {
            assert!(matches!(failed_to_read(sqlite(code)), Found::Unreadable(_)), "{code}");
        }
        let io = AppError::Io(std::io::Error::from(std::io::ErrorKind::PermissionDenied));
        assert!(matches!(failed_to_read(io), Found::Unreadable(_)));
    }

    #[test]
    fn a_folder_that_becomes_writable_gets_the_games_played_in_memory() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("blocker");
        std::fs::write(&blocker, b"x").unwrap();
        let data_dir = blocker.join("data");
        let (store, report) = Store::open_recovering(&data_dir);
        assert!(matches!(report, StoreReport::Unwritable { .. }));
        let mut store = store.unwrap();
        store.record_finished(&game(1)).unwrap();
        assert!(store.adopt_folder(&data_dir).is_none(), "still not writable");
        std::fs::remove_file(&blocker).unwrap();
        let adopted = store.adopt_folder(&data_dir).expect("the folder can be written now");
        assert!(adopted.keeps_games());
        assert_eq!(adopted.history_count(&Default::default()).unwrap(), 1);
        // A file that appeared meanwhile is never replaced.
        assert!(store.adopt_folder(&data_dir).is_none());
    }

    #[test]
    fn the_report_reads_as_the_page_expects() {
        let report = StoreReport::MovedAside(MovedAside {
            why: WhyMoved::NotADatabase,
            reason: "x".into(),
            moved_to: "/d/f".into(),
            games_recovered: 3,
            settings_recovered: 1,
            unfinished_recovered: 0,
        });
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["kind"], "movedAside");
        assert_eq!(json["why"], "notADatabase");
        assert_eq!(json["movedTo"], "/d/f");
        assert_eq!(json["gamesRecovered"], 3);
        let newer = serde_json::to_value(StoreReport::Newer { found: 9, known: 2, path: "p".into() }).unwrap();
        assert_eq!(newer, serde_json::json!({"kind": "newer", "found": 9, "known": 2, "path": "p"}));
    }
}
