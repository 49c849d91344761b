//! The stored records of finished games, read back for checking.

use super::Store;
use crate::error::AppResult;

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

impl Store {
    /// Hands every finished game that has a record to `check`, oldest first; returns how many.
    pub fn for_each_record(&self, mut check: impl FnMut(StoredRecord)) -> AppResult<u64> {
        let mut stmt = self.conn.prepare(
            "SELECT id, game, result, score, time_ms, moves, detail, record FROM finished_games
             WHERE record IS NOT NULL ORDER BY id",
        )?;
        let rows = stmt.query_map([], |row| {
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
        })?;
        let mut count = 0;
        for row in rows {
            check(row?);
            count += 1;
        }
        Ok(count)
    }
}
