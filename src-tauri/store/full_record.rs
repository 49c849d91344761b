//! One finished game with its record and everything the history says of it: what a text
//! record file (`record_text`) holds.

use super::records::{stored_record, RECORD_COLUMNS};
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
                &format!(
                    "SELECT {RECORD_COLUMNS}, category, started_at, finished_at, player, replay, undos, hints, imported
                     FROM finished_games WHERE id = ?1 AND record IS NOT NULL"
                ),
                [id],
                |row| {
                    Ok(FullRecord {
                        stored: stored_record(row)?,
                        category: row.get(8)?,
                        started_at: row.get(9)?,
                        finished_at: row.get(10)?,
                        player: row.get(11)?,
                        replay: row.get(12)?,
                        assistance: Assistance { undos: row.get(13)?, hints: row.get(14)?, ..Assistance::default() }
                            .with_origin(row.get(15)?),
                    })
                },
            )
            .optional()?;
        Ok(found)
    }
}
