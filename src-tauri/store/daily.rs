//! The daily deal's entries ([`pastimes_games::daily`]): one per game and local day, written at
//! the first move of that day's deal and linked to the finished game once it is over. The first
//! attempt is the day's entry, whatever became of it; a game finished or abandoned later never
//! changes it.

use super::Store;
use crate::error::AppResult;
use pastimes_games::GameKind;
use rusqlite::{params, OptionalExtension};

/// The day's entry of a game.
#[derive(Debug, Clone, PartialEq)]
pub struct DailyEntry {
    pub game: GameKind,
    /// The local date, `YYYY-MM-DD`.
    pub day: String,
    /// The player's choice of daily deal (Minesweeper's level).
    pub choice: String,
    pub seed: u64,
    /// When the game of the entry began, as its session keeps it (to the millisecond): with the
    /// seed, what links the entry to its game when it finishes. (Two games of one deal begun in
    /// the same millisecond would be told apart by nothing; no player starts games so fast.)
    pub started_at: String,
    /// The finished game (the history's id), once over.
    pub finished_id: Option<i64>,
}

/// An entry with what became of its game: its result, time, score and hall-of-fame key, when
/// finished (none while under way or abandoned).
#[derive(Debug, Clone, PartialEq)]
pub struct DailyResult {
    pub entry: DailyEntry,
    pub result: Option<String>,
    pub time_ms: Option<i64>,
    pub score: Option<i64>,
    /// Lower is better; none where the game does not rank (a loss, help).
    pub rank_key: Option<i64>,
    /// Whether the finished game keeps its record (to watch it again).
    pub has_record: bool,
}

impl Store {
    /// The entry of `game` on `day`, if its first move was made.
    pub fn daily_entry(&self, game: GameKind, day: &str) -> AppResult<Option<DailyEntry>> {
        Ok(self
            .conn
            .query_row(
                "SELECT choice, seed, started_at, finished_id FROM daily_entries WHERE game = ?1 AND day = ?2",
                params![game.as_str(), day],
                |row| {
                    Ok(DailyEntry {
                        game,
                        day: day.to_string(),
                        choice: row.get(0)?,
                        seed: row.get::<_, i64>(1)? as u64,
                        started_at: row.get(2)?,
                        finished_id: row.get(3)?,
                    })
                },
            )
            .optional()?)
    }

    /// Makes `entry` the day's entry, unless the day has one: whether it did.
    pub fn begin_daily(&self, entry: &DailyEntry) -> AppResult<bool> {
        let added = self.conn.execute(
            "INSERT OR IGNORE INTO daily_entries (game, day, choice, seed, started_at, finished_id)
             VALUES (?1, ?2, ?3, ?4, ?5, NULL)",
            params![entry.game.as_str(), entry.day, entry.choice, entry.seed as i64, entry.started_at],
        )?;
        Ok(added == 1)
    }

    /// Links the finished game `id` to the entry of its game (`game`, dealt from `seed`, begun at
    /// `started_at`), if it is one still open.
    pub fn finish_daily(&self, game: GameKind, seed: u64, started_at: &str, id: i64) -> AppResult<()> {
        self.conn.execute(
            "UPDATE daily_entries SET finished_id = ?4
             WHERE game = ?1 AND seed = ?2 AND started_at = ?3 AND finished_id IS NULL",
            params![game.as_str(), seed as i64, started_at, id],
        )?;
        Ok(())
    }

    /// Every entry of `game`, newest day first, with what became of its game.
    pub fn daily_results(&self, game: GameKind) -> AppResult<Vec<DailyResult>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT d.day, d.choice, d.seed, d.started_at, d.finished_id, f.result, f.time_ms, f.score, f.rank_key,
                    f.record IS NOT NULL
             FROM daily_entries AS d LEFT JOIN finished_games AS f ON f.id = d.finished_id
             WHERE d.game = ?1 ORDER BY d.day DESC",
        )?;
        let rows = stmt.query_map([game.as_str()], |row| {
            Ok(DailyResult {
                entry: DailyEntry {
                    game,
                    day: row.get(0)?,
                    choice: row.get(1)?,
                    seed: row.get::<_, i64>(2)? as u64,
                    started_at: row.get(3)?,
                    finished_id: row.get(4)?,
                },
                result: row.get(5)?,
                time_ms: row.get(6)?,
                score: row.get(7)?,
                rank_key: row.get(8)?,
                has_record: row.get::<_, Option<bool>>(9)?.unwrap_or(false),
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}
