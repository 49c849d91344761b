//! One finished game with its record and everything the history says of it: what a text
//! record file (`record_text`) holds.

use super::{Store, StoredRecord};
use crate::assistance::Assistance;
use crate::error::AppResult;
use rusqlite::OptionalExtension;

/// A finished game as a record file carries it: the stored record (what a replay must reach)
/// and the history's facts about it.
#[derive(Debug, Clone, PartialEq)]
pub struct FullRecord {
    pub stored: StoredRecord,
    pub category: String,
    pub started_at: String,
    pub finished_at: String,
    pub player: Option<String>,
    pub replay: bool,
    pub assistance: Assistance,
}

impl Store {
    /// The finished game `id` with its record; `None` if there is no such game or it was
    /// finished before records were kept.
    pub fn full_record(&self, id: i64) -> AppResult<Option<FullRecord>> {
        let found = self
            .conn
            .query_row(
                "SELECT id, game, result, score, time_ms, moves, detail, record, category, started_at,
                        finished_at, player, replay, undos, hints, imported
                 FROM finished_games WHERE id = ?1 AND record IS NOT NULL",
                [id],
                |row| {
                    Ok(FullRecord {
                        stored: StoredRecord {
                            id: row.get(0)?,
                            game: row.get(1)?,
                            result: row.get(2)?,
                            score: row.get(3)?,
                            time_ms: row.get(4)?,
                            moves: row.get(5)?,
                            detail: row.get(6)?,
                            record: row.get(7)?,
                        },
                        category: row.get(8)?,
                        started_at: row.get(9)?,
                        finished_at: row.get(10)?,
                        player: row.get(11)?,
                        replay: row.get(12)?,
                        assistance: Assistance { undos: row.get(13)?, hints: row.get(14)?, imported: row.get(15)? },
                    })
                },
            )
            .optional()?;
        Ok(found)
    }
}
