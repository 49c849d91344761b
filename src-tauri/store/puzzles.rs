//! The puzzles' attempts ([`pastimes_games::puzzle`]): what was solved, the longest win solved
//! (the grade reached) and the streak of puzzles solved without a wrong move or the solution
//! shown. Never a finished game: nothing here reaches the history or the hall of fame.

use super::Store;
use crate::error::AppResult;
use pastimes_games::GameKind;
use rusqlite::params;
use serde::Serialize;

/// One attempt's row: a solve, or an attempt that first went wrong (`solved` false).
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleAttempt {
    pub game: GameKind,
    pub puzzle: String,
    pub kind: String,
    pub grade: u8,
    pub solved: bool,
    /// Solved without a wrong move and without the solution shown.
    pub clean: bool,
    /// When, as an RFC 3339 time.
    pub at: String,
}

/// A game's puzzle record.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleRecord {
    /// The puzzles solved at least once, by id.
    pub solved: Vec<String>,
    /// The longest win solved, in the player's moves.
    pub grade: Option<u8>,
    /// Puzzles solved cleanly in a row, up to the last attempt, and the most ever.
    pub streak: u32,
    pub longest_streak: u32,
}

impl Store {
    pub fn add_puzzle_attempt(&self, attempt: &PuzzleAttempt) -> AppResult<()> {
        self.conn.execute(
            "INSERT INTO puzzle_attempts (game, puzzle, kind, grade, solved, clean, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                attempt.game.as_str(),
                attempt.puzzle,
                attempt.kind,
                attempt.grade,
                attempt.solved,
                attempt.clean,
                attempt.at
            ],
        )?;
        Ok(())
    }

    pub fn puzzle_record(&self, game: GameKind) -> AppResult<PuzzleRecord> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT puzzle, grade, solved, clean FROM puzzle_attempts WHERE game = ?1 ORDER BY id")?;
        let rows = stmt.query_map([game.as_str()], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, u8>(1)?, row.get::<_, bool>(2)?, row.get::<_, bool>(3)?))
        })?;
        let mut record = PuzzleRecord::default();
        for row in rows {
            let (puzzle, grade, solved, clean) = row?;
            if solved && !record.solved.contains(&puzzle) {
                record.solved.push(puzzle);
            }
            if solved {
                record.grade = record.grade.max(Some(grade));
            }
            record.streak = if solved && clean { record.streak + 1 } else { 0 };
            record.longest_streak = record.longest_streak.max(record.streak);
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pastimes_games::gomoku;

    fn attempt(puzzle: &str, grade: u8, solved: bool, clean: bool) -> PuzzleAttempt {
        PuzzleAttempt {
            game: gomoku::KIND,
            puzzle: puzzle.into(),
            kind: "vcf".into(),
            grade,
            solved,
            clean,
            at: "2026-12-07T01:00:00Z".into(),
        }
    }

    #[test]
    fn the_record_counts_solves_the_grade_and_the_streak() {
        let store = Store::open_in_memory().unwrap();
        assert_eq!(store.puzzle_record(gomoku::KIND).unwrap(), PuzzleRecord::default());
        for a in [
            attempt("a", 3, true, true),
            attempt("b", 7, true, true),
            attempt("c", 9, false, false),
            attempt("c", 9, true, false),
            attempt("d", 4, true, true),
            attempt("a", 3, true, true),
        ] {
            store.add_puzzle_attempt(&a).unwrap();
        }
        let record = store.puzzle_record(gomoku::KIND).unwrap();
        assert_eq!(record.solved, ["a", "b", "c", "d"]);
        assert_eq!(record.grade, Some(9));
        assert_eq!((record.streak, record.longest_streak), (2, 2));
        assert_eq!(store.puzzle_record(pastimes_games::minesweeper::KIND).unwrap(), PuzzleRecord::default());
    }
}
