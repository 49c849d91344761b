//! The stored records of finished games, read back for checking and for a game's review.

use super::Store;
use crate::error::AppResult;
use rusqlite::{params, OptionalExtension, Row};

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

/// The columns [`stored_record_of`] reads, in its order.
const RECORD_COLUMNS: &str = "id, game, result, score, time_ms, moves, detail, record";

fn stored_record_of(row: &Row) -> rusqlite::Result<StoredRecord> {
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
    /// Hands every finished game that has a record to `check`, oldest first; returns how many.
    pub fn for_each_record(&self, mut check: impl FnMut(StoredRecord)) -> AppResult<u64> {
        let mut stmt = self
            .conn
            .prepare(&format!("SELECT {RECORD_COLUMNS} FROM finished_games WHERE record IS NOT NULL ORDER BY id"))?;
        let rows = stmt.query_map([], stored_record_of)?;
        let mut count = 0;
        for row in rows {
            check(row?);
            count += 1;
        }
        Ok(count)
    }

    /// The finished game `id` with its record, and its analysis if it has one yet (`None`: no
    /// such game, or one kept without a record).
    pub fn stored_record(&self, id: i64) -> AppResult<Option<(StoredRecord, Option<serde_json::Value>)>> {
        let sql = format!("SELECT {RECORD_COLUMNS}, analysis FROM finished_games WHERE id = ?1 AND record IS NOT NULL");
        let found = self
            .conn
            .query_row(&sql, params![id], |row| {
                let analysis = row.get::<_, Option<String>>(8)?.and_then(|text| serde_json::from_str(&text).ok());
                Ok((stored_record_of(row)?, analysis))
            })
            .optional()?;
        Ok(found)
    }
}
