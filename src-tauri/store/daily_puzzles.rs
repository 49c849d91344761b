//! The puzzle of the day's entries ([`pastimes_games::DailyOffer::Puzzle`]): one per game and
//! local day, written at the first action on that day's puzzle and decided once: `solved` when
//! solved without a wrong move or the solution shown, `failed` at the first wrong move or the
//! solution shown, with the time taken. A later attempt that day never changes it. Never a
//! game: nothing here reaches the history or the hall of fame, and a reset of the hall leaves
//! these days alone, as it leaves the puzzles' record.

use super::{DailyEntry, DailyResult, Store};
use crate::error::AppResult;
use pastimes_games::GameKind;
use rusqlite::{params, OptionalExtension};

/// A day's attempt at the puzzle of the day, as it begins.
#[derive(Debug, Clone, PartialEq)]
pub struct DailyPuzzle {
    pub game: GameKind,
    /// The local date, `YYYY-MM-DD`.
    pub day: String,
    /// The puzzle's id in its set.
    pub puzzle: String,
    /// When the attempt began (RFC 3339, to the millisecond): what tells it from a later one.
    pub started_at: String,
}

impl Store {
    /// Makes `attempt` the day's entry, unless the day has one: whether it did.
    pub fn begin_daily_puzzle(&self, attempt: &DailyPuzzle) -> AppResult<bool> {
        let added = self.conn.execute(
            "INSERT OR IGNORE INTO daily_puzzles (game, day, puzzle, started_at) VALUES (?1, ?2, ?3, ?4)",
            params![attempt.game.as_str(), attempt.day, attempt.puzzle, attempt.started_at],
        )?;
        Ok(added == 1)
    }

    /// Decides the day's entry begun by `attempt`, if still undecided: solved or failed, in
    /// `time_ms`.
    pub fn decide_daily_puzzle(&self, attempt: &DailyPuzzle, solved: bool, time_ms: i64) -> AppResult<()> {
        self.conn.execute(
            "UPDATE daily_puzzles SET result = ?4, time_ms = ?5
             WHERE game = ?1 AND day = ?2 AND started_at = ?3 AND result IS NULL",
            params![
                attempt.game.as_str(),
                attempt.day,
                attempt.started_at,
                if solved { "solved" } else { "failed" },
                time_ms
            ],
        )?;
        Ok(())
    }

    /// The day's attempt of `game` on `day`, if begun.
    pub fn daily_puzzle(&self, game: GameKind, day: &str) -> AppResult<Option<DailyPuzzle>> {
        Ok(self
            .conn
            .query_row(
                "SELECT puzzle, started_at FROM daily_puzzles WHERE game = ?1 AND day = ?2",
                params![game.as_str(), day],
                |row| Ok(DailyPuzzle { game, day: day.to_string(), puzzle: row.get(0)?, started_at: row.get(1)? }),
            )
            .optional()?)
    }

    /// Every day's entry of `game`, newest first, as the daily framework reads a day: the
    /// choice `puzzle`, its result and time once decided, ranked by the time of a solve.
    pub fn daily_puzzle_results(&self, game: GameKind) -> AppResult<Vec<DailyResult>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT day, started_at, result, time_ms FROM daily_puzzles WHERE game = ?1 ORDER BY day DESC",
        )?;
        let rows = stmt.query_map([game.as_str()], |row| {
            let result: Option<String> = row.get(2)?;
            let time_ms: Option<i64> = row.get(3)?;
            Ok(DailyResult {
                entry: DailyEntry {
                    game,
                    day: row.get(0)?,
                    choice: "puzzle".to_string(),
                    seed: 0,
                    started_at: row.get(1)?,
                    finished_id: None,
                },
                rank_key: time_ms.filter(|_| result.as_deref() == Some("solved")),
                result,
                time_ms,
                score: None,
                has_record: false,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pastimes_games::gomoku;

    fn attempt(day: &str, started_at: &str) -> DailyPuzzle {
        DailyPuzzle { game: gomoku::KIND, day: day.into(), puzzle: "p".into(), started_at: started_at.into() }
    }

    #[test]
    fn the_first_attempt_of_a_day_is_its_entry_and_is_decided_once() {
        let store = Store::open_in_memory().unwrap();
        let first = attempt("2026-12-06", "a");
        assert!(store.begin_daily_puzzle(&first).unwrap());
        assert!(!store.begin_daily_puzzle(&attempt("2026-12-06", "b")).unwrap(), "one entry a day");
        store.decide_daily_puzzle(&attempt("2026-12-06", "b"), true, 5).unwrap();
        let open = store.daily_puzzle_results(gomoku::KIND).unwrap();
        assert_eq!((open[0].result.as_deref(), open[0].time_ms), (None, None), "a later attempt decides nothing");
        store.decide_daily_puzzle(&first, false, 9_000).unwrap();
        store.decide_daily_puzzle(&first, true, 10).unwrap();
        assert!(store.begin_daily_puzzle(&attempt("2026-12-07", "c")).unwrap());
        store.decide_daily_puzzle(&attempt("2026-12-07", "c"), true, 4_000).unwrap();
        let days = store.daily_puzzle_results(gomoku::KIND).unwrap();
        let seen: Vec<_> =
            days.iter().map(|d| (d.entry.day.as_str(), d.result.as_deref(), d.time_ms, d.rank_key)).collect();
        assert_eq!(
            seen,
            [
                ("2026-12-07", Some("solved"), Some(4_000), Some(4_000)),
                ("2026-12-06", Some("failed"), Some(9_000), None)
            ]
        );
        assert_eq!(store.daily_puzzle(gomoku::KIND, "2026-12-06").unwrap(), Some(first));
        assert!(store.daily_puzzle_results(pastimes_games::minesweeper::KIND).unwrap().is_empty());
    }
}
