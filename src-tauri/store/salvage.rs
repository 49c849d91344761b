//! Reading back what can still be read from a damaged store: table by table, row by row,
//! skipping every row (and every stretch of the file) that errors.
//!
//! The damaged file is only read: opened `immutable`, or, when it has a write-ahead log to
//! replay, through a scratch copy of the two files. Two passes:
//! 1. Through SQLite: each table walked in rowid order; where a page cannot be read the walk
//!    seeks again past the rowid that failed, so one bad leaf costs only the rows on it.
//! 2. Straight from the file's pages (`pages`): every table leaf that is still well formed,
//!    for the rows below a damaged interior page, or when the schema (page 1) is gone.
//!
//! Every row is checked as the app would read it (a known game and result, times, JSON) before
//! it goes into the fresh store; the second pass adds only rows the first did not find.

use super::migrations::table_names;
use super::pages::leaf_rows;
use super::recovery::sidecar;
use super::{migrations, winners, Store};
use crate::error::{AppError, AppResult};
use pastimes_games::GameKind;
use rusqlite::types::Value as SqlValue;
use rusqlite::{Connection, OpenFlags, Row};
use std::path::{Path, PathBuf};

/// How many rows of each kind were read back.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Salvaged {
    pub games: u64,
    pub settings: u64,
    pub unfinished: u64,
}

/// After the last rowid known, how many failing rowids in a row end the walk of a table whose
/// largest rowid cannot be read.
const MISSES_PAST_THE_END: i64 = 20_000;

/// The finished games' columns every schema has (read by name from a file SQLite still opens).
const FINISHED_COLUMNS: &str =
    "id, game, category, result, score, time_ms, moves, replay, started_at, finished_at, player, detail, rank_key";
/// What a row goes into the fresh store as: schema 3 added the help taken, the rate, the
/// analysis and the record; schema 4 the imported mark.
const FINISHED_INSERT: &str = "id, game, category, result, score, time_ms, moves, replay, started_at, finished_at, \
     player, detail, rank_key, undos, hints, rate, analysis, record, imported";
const RESULTS: &[&str] = &["won", "lost", "draw", "finished", "abandoned"];

/// Copies every readable finished game, setting and game in progress from the damaged file at
/// `damaged` into the fresh store `into`. Never fails: what cannot be read is not counted.
pub(super) fn salvage(damaged: &Path, into: &mut Store) -> Salvaged {
    let mut salvaged = Salvaged::default();
    let Ok(tx) = into.conn.transaction() else { return salvaged };
    let scratch = ScratchCopy::of(damaged);
    match open_source(damaged, scratch.as_ref()) {
        Ok(source) => {
            let tables = table_names(&source).unwrap_or_default();
            let has = |table: &str| tables.is_empty() || tables.iter().any(|t| t == table);
            for (table, columns) in TABLES {
                if has(table) {
                    let copied = copy_rows(&source, table, columns, |rowid, values| insert(&tx, table, rowid, values));
                    salvaged.add(table, copied);
                }
            }
        }
        Err(error) => eprintln!("pastimes: SQLite cannot read {}: {error}", damaged.display()),
    }
    if let Ok(file) = std::fs::read(damaged) {
        for row in leaf_rows(&file) {
            // Rows written before schema 3 keep their shorter records (ALTER TABLE rewrites none);
            // schema 4 added the imported mark to both tables.
            let table = match row.values.len() {
                13 | 18 | 19 => "finished_games",
                2 => "settings",
                7 | 10 | 11 => "saved_games",
                6 => "daily_entries",
                _ => continue,
            };
            if insert(&tx, table, row.rowid, &row.values) {
                salvaged.add(table, 1);
            }
        }
    }
    let totals = tx.execute_batch(migrations::REBUILD_TOTALS).map_err(AppError::from);
    let written = totals.and_then(|()| winners::rebuild(&tx)).and_then(|()| Ok(tx.commit()?));
    if let Err(error) = written {
        eprintln!("pastimes: the salvaged games could not be written: {error}");
        return Salvaged::default();
    }
    salvaged
}

/// The tables salvaged, and their columns in the order the store declares them.
const TABLES: [(&str, &str); 4] = [
    ("finished_games", FINISHED_COLUMNS),
    ("settings", "key, value"),
    ("saved_games", "game, params, seed, moves, elapsed_ms, started_at, updated_at"),
    ("daily_entries", DAILY_COLUMNS),
];

/// The daily entries' columns (schema 8).
const DAILY_COLUMNS: &str = "game, day, choice, seed, started_at, finished_id";

impl Salvaged {
    fn add(&mut self, table: &str, rows: u64) {
        match table {
            "finished_games" => self.games += rows,
            "settings" => self.settings += rows,
            // The days' entries go with the games they link: not counted apart.
            "daily_entries" => {}
            _ => self.unfinished += rows,
        }
    }
}

/// Checks one row of `table` and adds it to the fresh store unless a row with its key is there
/// already; true when it was added.
fn insert(tx: &Connection, table: &str, rowid: i64, values: &[SqlValue]) -> bool {
    let checked = match table {
        "finished_games" => finished_row(rowid, values),
        "settings" => setting_row(values),
        "daily_entries" => daily_row(values),
        _ => saved_row(values),
    };
    let Some(values) = checked else { return false };
    let (columns, marks) = match table {
        "finished_games" => {
            (FINISHED_INSERT, "?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19")
        }
        "settings" => ("key, value", "?1, ?2"),
        "daily_entries" => (DAILY_COLUMNS, "?1, ?2, ?3, ?4, ?5, ?6"),
        _ => (
            "game, params, seed, moves, elapsed_ms, started_at, updated_at, undos, hints, times, imported",
            "?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11",
        ),
    };
    tx.prepare_cached(&format!("INSERT OR IGNORE INTO {table} ({columns}) VALUES ({marks})"))
        .and_then(|mut stmt| stmt.execute(rusqlite::params_from_iter(values)))
        .is_ok_and(|inserted| inserted == 1)
}

/// A copy of a damaged file and its write-ahead log in a scratch folder, so that SQLite can
/// replay the log without writing beside the original. Removed when dropped.
struct ScratchCopy {
    dir: PathBuf,
    database: PathBuf,
}

impl ScratchCopy {
    fn of(damaged: &Path) -> Option<ScratchCopy> {
        let wal = sidecar(damaged, "-wal");
        if !wal.metadata().is_ok_and(|m| m.len() > 0) {
            return None;
        }
        let dir =
            std::env::temp_dir().join(format!("pastimes-salvage-{}-{}", std::process::id(), rand::random::<u64>()));
        let database = dir.join("damaged.sqlite3");
        let copied = std::fs::create_dir_all(&dir)
            .and_then(|()| std::fs::copy(damaged, &database))
            .and_then(|_| std::fs::copy(&wal, sidecar(&database, "-wal")));
        let copy = ScratchCopy { dir, database };
        copied.is_ok().then_some(copy)
    }
}

impl Drop for ScratchCopy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The scratch copy (its log replayed), or the damaged file itself, opened so that nothing is
/// ever written to it: read-only and `immutable` (no locks, no log, no `-shm`).
fn open_source(damaged: &Path, scratch: Option<&ScratchCopy>) -> AppResult<Connection> {
    if let Some(copy) = scratch {
        if let Ok(conn) = Connection::open(&copy.database) {
            if conn.query_row("SELECT COUNT(*) FROM sqlite_master", [], |_| Ok(())).is_ok() {
                return Ok(conn);
            }
        }
    }
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    Ok(Connection::open_with_flags(format!("file:{}?mode=ro&immutable=1", uri_path(damaged)), flags)?)
}

/// A path as the path part of an SQLite `file:` URI: `%`, `?` and `#` (and anything not plain
/// ASCII) percent-encoded.
fn uri_path(path: &Path) -> String {
    let mut out = String::new();
    for byte in path.as_os_str().as_encoded_bytes() {
        match byte {
            b'%' | b'?' | b'#' => out.push_str(&format!("%{byte:02X}")),
            0x21..=0x7e => out.push(*byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// Walks `table` in rowid order, handing each readable row (its rowid first, then `columns`) to
/// `copy`, which answers whether it took it; returns how many it took. A row or page that errors
/// is skipped.
fn copy_rows(source: &Connection, table: &str, columns: &str, mut copy: impl FnMut(i64, &[SqlValue]) -> bool) -> u64 {
    let sql = format!("SELECT rowid, {columns} FROM {table} WHERE rowid >= ?1 ORDER BY rowid");
    let last = largest_rowid(source, table);
    let mut next = i64::MIN;
    let mut misses = 0;
    let mut copied = 0;
    loop {
        let (walked, failed_at) = walk_from(source, &sql, next, &mut copy);
        copied += walked.copied;
        let Some(at) = failed_at else { return copied };
        // After rows were read, seek again where it failed (once); then past it, one rowid at
        // a time, until a seek lands on a page that reads.
        next = if walked.read > 0 {
            misses = 0;
            at
        } else {
            misses += 1;
            match at {
                // The table's first seek failed: rowids start at 1.
                i64::MIN => 1,
                i64::MAX => return copied,
                at => at + 1,
            }
        };
        let done = match last {
            Some(last) => next > last,
            None => misses > MISSES_PAST_THE_END,
        };
        if done {
            return copied;
        }
    }
}

#[derive(Default)]
struct Walked {
    read: u64,
    copied: u64,
}

/// Reads rows from rowid `from` until the end (`None`) or the first error (`Some` of the rowid
/// it was seeking: one past the last row read).
fn walk_from(
    source: &Connection,
    sql: &str,
    from: i64,
    copy: &mut impl FnMut(i64, &[SqlValue]) -> bool,
) -> (Walked, Option<i64>) {
    let mut walked = Walked::default();
    let mut at = from;
    let Ok(mut stmt) = source.prepare_cached(sql) else { return (walked, None) };
    let Ok(mut rows) = stmt.query([from]) else { return (walked, Some(at)) };
    loop {
        match rows.next() {
            Ok(Some(row)) => {
                walked.read += 1;
                if let Ok(rowid) = row.get::<_, i64>(0) {
                    at = rowid;
                    let values = row_values(row);
                    if copy(rowid, &values) {
                        walked.copied += 1;
                    }
                }
                match at.checked_add(1) {
                    Some(after) => at = after,
                    None => return (walked, None),
                }
            }
            Ok(None) => return (walked, None),
            Err(_) => return (walked, Some(at)),
        }
    }
}

/// The table's largest rowid, if its rightmost pages read.
fn largest_rowid(source: &Connection, table: &str) -> Option<i64> {
    source.query_row(&format!("SELECT max(rowid) FROM {table}"), [], |row| row.get(0)).ok().flatten()
}

/// A row's columns after its rowid; a column that does not read is NULL (and fails its check).
fn row_values(row: &Row) -> Vec<SqlValue> {
    let count = row.as_ref().column_count();
    (1..count).map(|i| row.get::<_, SqlValue>(i).unwrap_or(SqlValue::Null)).collect()
}

fn text(value: &SqlValue) -> Option<&str> {
    match value {
        SqlValue::Text(text) => Some(text),
        _ => None,
    }
}

fn integer(value: &SqlValue) -> Option<i64> {
    match value {
        SqlValue::Integer(n) => Some(*n),
        _ => None,
    }
}

fn optional(value: &SqlValue, check: impl Fn(&SqlValue) -> bool) -> bool {
    *value == SqlValue::Null || check(value)
}

fn is_time(value: &SqlValue) -> bool {
    text(value).is_some_and(|time| chrono::DateTime::parse_from_rfc3339(time).is_ok())
}

/// A finished game as the history reads it; its id is the rowid (the record keeps NULL there).
/// A finished game's row: the columns of schema 2, then (read from the pages of a schema 3
/// file) the help taken, the rate, the analysis and the record, which an older row does not have.
fn finished_row(rowid: i64, values: &[SqlValue]) -> Option<Vec<SqlValue>> {
    let (base, later) = values.split_at(values.len().min(13));
    let [_, game, category, result, score, time_ms, moves, replay, started_at, finished_at, player, detail, rank_key] =
        base
    else {
        return None;
    };
    let count = |i: usize| later.get(i).map_or(Some(0), |v| integer(v).filter(|n| *n >= 0));
    let (undos, hints) = (count(0)?, count(1)?);
    let rate = match later.get(2) {
        None | Some(SqlValue::Null) => SqlValue::Null,
        Some(SqlValue::Real(rate)) if rate.is_finite() => SqlValue::Real(*rate),
        Some(_) => return None,
    };
    let analysis = match later.get(3) {
        None | Some(SqlValue::Null) => SqlValue::Null,
        Some(SqlValue::Text(text)) if serde_json::from_str::<serde_json::Value>(text).is_ok() => {
            SqlValue::Text(text.clone())
        }
        Some(_) => return None,
    };
    let record = match later.get(4) {
        None | Some(SqlValue::Null) => SqlValue::Null,
        Some(SqlValue::Blob(bytes)) => SqlValue::Blob(bytes.clone()),
        Some(_) => return None,
    };
    let valid = text(game).is_some_and(|game| GameKind::parse(game).is_some())
        && text(category).is_some_and(|c| !c.is_empty() && c.len() <= 200)
        && text(result).is_some_and(|r| RESULTS.contains(&r))
        && optional(score, |v| integer(v).is_some())
        && [time_ms, moves, replay].iter().all(|v| integer(v).is_some())
        && is_time(started_at)
        && is_time(finished_at)
        && optional(player, |v| text(v).is_some())
        && text(detail).is_some_and(|d| serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(d).is_ok())
        && optional(rank_key, |v| integer(v).is_some());
    let mut row = vec![SqlValue::Integer(rowid)];
    row.extend_from_slice(&base[1..]);
    let imported = count(5)?.min(2);
    row.extend([
        SqlValue::Integer(undos),
        SqlValue::Integer(hints),
        rate,
        analysis,
        record,
        SqlValue::Integer(imported),
    ]);
    valid.then_some(row)
}

fn setting_row(values: &[SqlValue]) -> Option<Vec<SqlValue>> {
    let [key, value] = values else { return None };
    let valid = text(key).is_some_and(|k| !k.is_empty() && k.len() <= 100)
        && text(value).is_some_and(|v| serde_json::from_str::<serde_json::Value>(v).is_ok());
    valid.then(|| values.to_vec())
}

/// A day's entry of the daily deal: a game's, a date, a choice, a seed, a time, and the
/// finished game's id or none.
fn daily_row(values: &[SqlValue]) -> Option<Vec<SqlValue>> {
    let [game, day, choice, seed, started_at, finished_id] = values else { return None };
    let is_day = text(day).is_some_and(|day| chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").is_ok());
    let valid = text(game).is_some_and(|game| GameKind::parse(game).is_some())
        && is_day
        && text(choice).is_some_and(|choice| !choice.is_empty() && choice.len() <= 100)
        && integer(seed).is_some()
        && is_time(started_at)
        && (matches!(finished_id, SqlValue::Null) || integer(finished_id).is_some_and(|id| id > 0));
    valid.then(|| values.to_vec())
}

/// A game in progress; whether it still replays is checked when the app restores it.
fn saved_row(values: &[SqlValue]) -> Option<Vec<SqlValue>> {
    let (base, later) = values.split_at(values.len().min(7));
    let [game, params, seed, moves, elapsed_ms, started_at, updated_at] = base else { return None };
    // Schema 3's help taken (undos, hints) and the clock at each move, absent from older rows.
    let count = |i: usize| later.get(i).map_or(Some(0), |v| integer(v).filter(|n| *n >= 0));
    let (undos, hints) = (count(0)?, count(1)?);
    let times = match later.get(2) {
        None => "[]".to_string(),
        Some(value) => text(value).filter(|t| serde_json::from_str::<Vec<u64>>(t).is_ok())?.to_string(),
    };
    let valid = text(game).is_some_and(|game| GameKind::parse(game).is_some())
        && text(params).is_some_and(|p| serde_json::from_str::<serde_json::Value>(p).is_ok())
        && integer(seed).is_some()
        && text(moves).is_some_and(|m| serde_json::from_str::<Vec<serde_json::Value>>(m).is_ok())
        && integer(elapsed_ms).is_some()
        && is_time(started_at)
        && is_time(updated_at);
    let mut row = base.to_vec();
    let imported = count(3)?.min(2);
    row.extend([
        SqlValue::Integer(undos),
        SqlValue::Integer(hints),
        SqlValue::Text(times),
        SqlValue::Integer(imported),
    ]);
    valid.then_some(row)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::store::winners::tests::two_player;
    use crate::store::{FinishedGame, DATABASE_FILE};
    use pastimes_games::Status;
    use rand::{Rng, SeedableRng};

    pub(crate) fn finished(i: u32) -> FinishedGame {
        let kinds = [pastimes_games::minesweeper::KIND, pastimes_games::bubbles::KIND, pastimes_games::gomoku::KIND];
        let won = !i.is_multiple_of(3);
        FinishedGame {
            game: kinds[i as usize % 3],
            category: ["beginner", "standard", "freestyle-medium"][i as usize % 3].into(),
            result: if won { Status::Won } else { Status::Lost },
            score: (i % 3 == 1).then_some(i64::from(i)),
            time_ms: 1000 + u64::from(i),
            moves: 10 + i,
            replay: false,
            started_at: "2026-01-01T00:00:00.000Z".into(),
            finished_at: format!("2026-{:02}-{:02}T00:00:{:02}.000Z", 1 + i / 3000 % 12, 1 + i / 100 % 28, i % 60),
            detail: format!("{{\"seed\":{i}}}"),
            rank_key: won.then_some(1000 + i64::from(i)),
            assistance: Default::default(),
            rate: None,
            record: None,
        }
    }

    /// A store of `games` finished games and a setting, checkpointed into the one file.
    pub(crate) fn build_store(dir: &Path, games: u32) -> PathBuf {
        let mut store = Store::open(dir).unwrap();
        store.record_many((0..games).map(finished)).unwrap();
        store.save_setting("theme", &serde_json::json!("dark")).unwrap();
        store.conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
        drop(store);
        dir.join(DATABASE_FILE)
    }

    /// Overwrites `fraction` of the file's pages (chosen from `seed`) with random bytes; returns
    /// how many pages it overwrote.
    pub(crate) fn damage_pages(path: &Path, fraction: f64, seed: u64) -> usize {
        let mut bytes = std::fs::read(path).unwrap();
        let page_size = usize::from(u16::from_be_bytes([bytes[16], bytes[17]]));
        let pages = bytes.len() / page_size;
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut order: Vec<usize> = (0..pages).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let damaged = ((pages as f64) * fraction).round() as usize;
        for &page in &order[..damaged] {
            rng.fill(&mut bytes[page * page_size..(page + 1) * page_size]);
        }
        std::fs::write(path, bytes).unwrap();
        damaged
    }

    fn salvage_into_fresh(damaged: &Path) -> (Salvaged, Store) {
        let fresh_dir = tempfile::tempdir().unwrap();
        let mut fresh = Store::open(fresh_dir.path()).unwrap();
        let salvaged = salvage(damaged, &mut fresh);
        // Keep the fresh store's folder alive as long as the store: leak it, it is a test.
        std::mem::forget(fresh_dir);
        (salvaged, fresh)
    }

    #[test]
    fn an_undamaged_file_gives_back_everything() {
        let dir = tempfile::tempdir().unwrap();
        let path = build_store(dir.path(), 300);
        let before = std::fs::read(&path).unwrap();
        let (salvaged, fresh) = salvage_into_fresh(&path);
        assert_eq!(salvaged, Salvaged { games: 300, settings: 1, unfinished: 0 });
        assert_eq!(std::fs::read(&path).unwrap(), before, "the source is only read");
        assert!(!sidecar(&path, "-shm").exists() && !sidecar(&path, "-wal").exists());
        let stats = fresh.category_stats(pastimes_games::minesweeper::KIND, "beginner").unwrap();
        assert_eq!(stats.played, 100);
        assert_eq!(fresh.hall_of_fame(pastimes_games::bubbles::KIND, "standard").unwrap().len(), 10);
    }

    #[test]
    fn the_days_entries_come_back_linked_to_their_games_and_a_bad_one_does_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = build_store(dir.path(), 3);
        let store = Store::open(dir.path()).unwrap();
        let bubbles = pastimes_games::bubbles::KIND;
        let entry = |day: &str| crate::store::DailyEntry {
            game: bubbles,
            day: day.into(),
            choice: "standard".into(),
            seed: 7,
            started_at: "2026-12-06T10:00:00.000Z".into(),
            finished_id: None,
        };
        assert!(store.begin_daily(&entry("2026-12-06")).unwrap());
        assert!(!store.begin_daily(&entry("2026-12-06")).unwrap(), "one entry a day");
        store.finish_daily(bubbles, 7, "2026-12-06T10:00:00.000Z", 2).unwrap();
        store.begin_daily(&entry("2026-12-07")).unwrap();
        store
            .conn
            .execute("INSERT INTO daily_entries VALUES ('bubbles', 'junk', 'standard', 1, 'x', NULL)", [])
            .unwrap();
        store.conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
        drop(store);
        let (_, fresh) = salvage_into_fresh(&path);
        let days: Vec<(String, Option<i64>)> = fresh
            .daily_results(bubbles)
            .unwrap()
            .into_iter()
            .map(|result| (result.entry.day, result.entry.finished_id))
            .collect();
        assert_eq!(days, [("2026-12-07".to_string(), None), ("2026-12-06".to_string(), Some(2))]);
    }

    #[test]
    fn the_wins_by_colour_come_back_with_the_games() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(dir.path()).unwrap();
        let winners = [Some("white"), Some("black"), None, Some("white")];
        store
            .record_many(winners.iter().enumerate().map(|(minute, winner)| two_player(*winner, minute as u32)))
            .unwrap();
        drop(store);
        let (salvaged, fresh) = salvage_into_fresh(&dir.path().join(DATABASE_FILE));
        assert_eq!(salvaged.games, 4);
        let stats = fresh.category_stats(pastimes_games::gomoku::KIND, "freestyle-human").unwrap();
        assert_eq!((stats.won, stats.drawn), (3, 1));
        assert_eq!(stats.wins_by, [("black".to_owned(), 1), ("white".to_owned(), 2)].into());
    }

    #[test]
    fn games_still_in_the_write_ahead_log_are_salvaged_from_a_copy() {
        let dir = tempfile::tempdir().unwrap();
        let path = build_store(dir.path(), 50);
        let conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
        conn.execute_batch("PRAGMA wal_autocheckpoint = 0").unwrap();
        conn.execute("UPDATE settings SET value = '\"light\"' WHERE key = 'theme'", []).unwrap();
        // Copy the file and its log as a crash would leave them.
        let crashed = dir.path().join("crashed.sqlite3");
        std::fs::copy(&path, &crashed).unwrap();
        std::fs::copy(sidecar(&path, "-wal"), sidecar(&crashed, "-wal")).unwrap();
        let log = std::fs::read(sidecar(&crashed, "-wal")).unwrap();
        let (salvaged, fresh) = salvage_into_fresh(&crashed);
        assert_eq!(salvaged.games, 50);
        assert_eq!(fresh.load_settings().unwrap()["theme"], "light", "the log's change is read");
        assert_eq!(std::fs::read(sidecar(&crashed, "-wal")).unwrap(), log, "the log is not changed");
    }

    /// The damage the salvage is made for: a store of 10,000 games with pages overwritten at random. A game is lost
    /// only with its own leaf page; the example `salvage` prints the figures over many seeds.
    #[test]
    fn ten_thousand_games_with_random_pages_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let whole = std::fs::read(build_store(dir.path(), 10_000)).unwrap();
        for (fraction, at_least) in [(0.01, 9_700), (0.10, 8_500), (0.50, 4_000)] {
            let path = dir.path().join(format!("damaged-{fraction}"));
            std::fs::write(&path, &whole).unwrap();
            damage_pages(&path, fraction, 2026);
            let (salvaged, fresh) = salvage_into_fresh(&path);
            assert!(salvaged.games >= at_least, "{} of 10,000 games at {fraction}", salvaged.games);
            assert_eq!(fresh.history_count(&Default::default()).unwrap() as u64, salvaged.games);
        }
    }

    #[test]
    fn page_one_overwritten_still_gives_the_games_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = build_store(dir.path(), 500);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[..4096].fill(0);
        std::fs::write(&path, bytes).unwrap();
        let (salvaged, _) = salvage_into_fresh(&path);
        assert_eq!(salvaged.games, 500);
    }

    #[test]
    fn deleted_games_do_not_come_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = build_store(dir.path(), 3000);
        let conn = Connection::open(&path).unwrap();
        conn.execute("DELETE FROM finished_games WHERE id <= 2000", []).unwrap();
        conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
        drop(conn);
        let (salvaged, _) = salvage_into_fresh(&path);
        assert_eq!(salvaged.games, 1000, "the pages freed by the deletion are not read");
    }

    #[test]
    fn a_path_is_escaped_for_a_uri() {
        assert_eq!(uri_path(Path::new("/tmp/a b?c#d%e")), "/tmp/a%20b%3Fc%23d%25e");
    }
}
