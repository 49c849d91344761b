//! A game read from another program's file (a competitive Minesweeper video, a Gomocup `.psq`)
//! as a finished game of the history's shape, for the watch view and the review. It is marked
//! imported, so it never ranks, and the app never stores it.

use crate::assistance::Assistance;
use crate::records::record::{self, GameRecord};
use crate::store::{result_name, timestamp, FullRecord, StoredRecord};
use pastimes_games::AnyGame;
use serde_json::Value;

/// What the file gave: the game as dealt, as it ended after `record`'s moves, the game's
/// `detail` (its seed and parameters, and what else it keeps), when it began and who played.
pub(crate) struct Imported<'a> {
    pub dealt: &'a dyn AnyGame,
    pub played: &'a dyn AnyGame,
    pub record: &'a GameRecord,
    pub detail: Value,
    pub started: chrono::DateTime<chrono::Utc>,
    pub player: Option<String>,
}

impl Imported<'_> {
    /// The finished game (id 0), its time the clock of its last move.
    pub(crate) fn into_full_record(self) -> FullRecord {
        let last = self.record.times_ms.last().copied().unwrap_or(0);
        // The readers refuse a game longer than a day; a clock past what a date can hold would
        // panic here, so it ends the game as it began instead.
        let finished = i64::try_from(last)
            .ok()
            .and_then(chrono::TimeDelta::try_milliseconds)
            .and_then(|took| self.started.checked_add_signed(took))
            .unwrap_or(self.started);
        FullRecord {
            stored: StoredRecord {
                id: 0,
                game: self.dealt.kind().as_str().to_string(),
                result: result_name(self.played.status()).to_string(),
                score: None,
                time_ms: last as i64,
                moves: self.record.moves.len() as i64,
                detail: self.detail.to_string(),
                record: record::encode(self.dealt, self.record),
            },
            category: self.played.category(),
            started_at: timestamp(self.started),
            finished_at: timestamp(finished),
            player: self.player,
            replay: false,
            assistance: Assistance { imported: true, ..Assistance::default() },
        }
    }
}
