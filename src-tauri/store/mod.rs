//! The SQLite store: the only place that holds SQL.
//!
//! One file in the app's data dir keeps settings, the game of each kind in progress, and every
//! finished game (from which the hall of fame and the statistics are read).

mod chart;
mod check;
mod daily;
mod daily_puzzles;
mod export;
mod finished;
mod full_record;
mod history;
mod migrations;
mod pages;
mod puzzles;
mod records;
mod recovery;
mod reset;
mod salvage;
mod saved;
mod settings;
mod unsaved;
mod winners;

pub use chart::{CategoryChart, ChartPoint, CHART_POINTS};
pub use daily::{DailyEntry, DailyResult};
pub use daily_puzzles::DailyPuzzle;
pub(crate) use finished::result_name;
pub use finished::{CategoryStats, FinishedGame, HallEntry, Recorded, HALL_SIZE};
pub use full_record::FullRecord;
pub use history::{Cursor, HistoryFilter, HistoryPage, HistoryRow, PageStart};
pub use puzzles::{PuzzleAttempt, PuzzleRecord};
pub use records::{FinishedRecord, RecordAbout, StoredRecord};
pub use recovery::{MovedAside, StoreReport, WhyMoved};
pub use reset::ResetCounts;
pub use saved::SavedGame;
pub use unsaved::SavingListener;

use crate::error::AppResult;
use rusqlite::Connection;
use std::path::Path;
use std::time::Duration;

/// The database file's name inside the data dir.
pub const DATABASE_FILE: &str = "pastimes.sqlite3";

pub struct Store {
    conn: Connection,
    /// What could not be written for want of space (or a writable folder), kept until it can be.
    unsaved: std::cell::RefCell<unsaved::Unsaved>,
}

impl Store {
    /// Opens (creating if needed) the database in `data_dir` and brings its schema up to date.
    /// A database from a newer Pastimes, or another program's, is refused and left untouched.
    pub fn open(data_dir: &Path) -> AppResult<Store> {
        std::fs::create_dir_all(data_dir)?;
        let conn = Connection::open(data_dir.join(DATABASE_FILE))?;
        Store::prepare(conn)
    }

    /// A private database in memory, for tests.
    pub fn open_in_memory() -> AppResult<Store> {
        Store::prepare(Connection::open_in_memory()?)
    }

    fn prepare(conn: Connection) -> AppResult<Store> {
        // Check whose file it is before anything writes: WAL mode alone would change the file.
        migrations::refuse_unknown(&conn)?;
        conn.busy_timeout(Duration::from_secs(5))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        // WAL with NORMAL sync is durable across an app crash (only an OS crash may lose the last
        // commits), and keeps recording a finished game well under 2 ms, the most the history
        // benchmark allows it (`cargo bench --bench history` prints the median against it).
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", true)?;
        let mut store = Store { conn, unsaved: Default::default() };
        migrations::migrate(&mut store.conn)?;
        Ok(store)
    }

    #[cfg(test)]
    pub(crate) fn connection(&self) -> &Connection {
        &self.conn
    }

    /// The query plan SQLite chooses for `sql` (EXPLAIN QUERY PLAN's details, one per line), for
    /// the tests and the benchmark that check the history's queries use their indices.
    pub fn query_plan(&self, sql: &str, args: &[&dyn rusqlite::ToSql]) -> AppResult<String> {
        let mut stmt = self.conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}"))?;
        let rows = stmt.query_map(args, |row| row.get::<_, String>(3))?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?.join("\n"))
    }
}

/// Now, as stored: UTC, RFC 3339 with milliseconds, so that text order is time order.
pub fn timestamp(at: chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}
