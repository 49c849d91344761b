//! The stored records of finished games, read back for checking, watching and reviewing.

use super::Store;
use crate::error::AppResult;
use rusqlite::OptionalExtension;

/// A finished game as stored, with its record: what a replay must reach.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredRecord {
    pub id: i64,
    pub game: String,
    pub result: String,
    pub score: Option<i64>,
    pub time_ms: i64,
    pub moves: i64,
    /// The game's detail (its parameters, seed and summary), as JSON.
    pub detail: String,
    pub record: Vec<u8>,
}

/// What the history says of a finished game beside its record: when it ended, the name on it
/// and what the work on it found. An imported record has none of it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RecordAbout {
    pub finished_at: Option<String>,
    pub player: Option<String>,
    /// The analysis as stored (JSON): Bubble Breaker's best line of the deal.
    pub analysis: Option<String>,
}

/// One finished game read back to be watched: its record (`None` for a game finished before
/// records were kept) and what the history says of it.
#[derive(Debug, Clone, PartialEq)]
pub struct FinishedRecord {
    pub id: i64,
    pub stored: Option<StoredRecord>,
    pub about: RecordAbout,
}

pub(super) const RECORD_COLUMNS: &str = "id, game, result, score, time_ms, moves, detail, record";

pub(super) fn stored_record(row: &rusqlite::Row) -> rusqlite::Result<StoredRecord> {
    Ok(StoredRecord {
        id: row.get(0)?,
        game: row.get(1)?,
        result: row.get(2)?,
        score: row.get(3)?,
        time_ms: row.get(4)?,
        moves: row.get(5)?,
        detail: row.get(6)?,
        record: row.get(7)?,
    })
}

impl Store {
    /// The finished game `id` with its record, or `None` if there is no such game.
    pub fn finished_record(&self, id: i64) -> AppResult<Option<FinishedRecord>> {
        let sql = format!("SELECT {RECORD_COLUMNS}, record IS NOT NULL, finished_at, player, analysis FROM finished_games WHERE id = ?1");
        let found = self
            .conn
            .query_row(&sql, [id], |row| {
                let has_record: bool = row.get(8)?;
                let stored = if has_record { Some(stored_record(row)?) } else { None };
                let about = RecordAbout { finished_at: row.get(9)?, player: row.get(10)?, analysis: row.get(11)? };
                Ok(FinishedRecord { id, stored, about })
            })
            .optional()?;
        Ok(found)
    }

    /// Hands every finished game that has a record to `check`, oldest first; returns how many.
    pub fn for_each_record(&self, mut check: impl FnMut(StoredRecord)) -> AppResult<u64> {
        let sql = format!("SELECT {RECORD_COLUMNS} FROM finished_games WHERE record IS NOT NULL ORDER BY id");
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map([], stored_record)?;
        let mut count = 0;
        for row in rows {
            check(row?);
            count += 1;
        }
        Ok(count)
    }
}
