//! The game of each kind in progress, saved after every move so a crash loses at most one move.

use super::{timestamp, Store};
use crate::assistance::Assistance;
use crate::error::AppResult;
use pastimes_games::GameKind;
use rusqlite::{params, Connection, OptionalExtension};

/// A game in progress as stored: enough to rebuild it exactly by replaying its moves.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedGame {
    pub game: GameKind,
    /// The game's parameters, as JSON.
    pub params: String,
    pub seed: u64,
    /// The logged moves, as a JSON array.
    pub moves: String,
    pub elapsed_ms: u64,
    /// When the game started, as stored (see [`timestamp`]).
    pub started_at: String,
    pub assistance: Assistance,
    /// The clock at each logged move (ms since the game began), as a JSON array.
    pub times: String,
}

impl Store {
    /// Saves (replacing) the game of this kind in progress, in one transaction; kept in memory
    /// while the disk is full (see `unsaved`).
    pub fn save_game(&self, saved: &SavedGame) -> AppResult<()> {
        self.write_or_keep(|store| save_game_in(&store.conn, saved), |unsaved| unsaved.keep_saved_game(saved))
    }

    pub fn load_saved_game(&self, game: GameKind) -> AppResult<Option<SavedGame>> {
        Ok(self
            .conn
            .query_row(
                "SELECT params, seed, moves, elapsed_ms, started_at, undos, hints, times, imported FROM saved_games
                 WHERE game = ?1",
                [game.as_str()],
                |row| {
                    Ok(SavedGame {
                        game,
                        params: row.get(0)?,
                        seed: row.get::<_, i64>(1)? as u64,
                        moves: row.get(2)?,
                        elapsed_ms: row.get::<_, i64>(3)?.max(0) as u64,
                        started_at: row.get(4)?,
                        assistance: Assistance { undos: row.get(5)?, hints: row.get(6)?, ..Assistance::default() }
                            .with_origin(row.get(8)?),
                        times: row.get(7)?,
                    })
                },
            )
            .optional()?)
    }

    pub fn delete_saved_game(&self, game: GameKind) -> AppResult<()> {
        self.write_or_keep(|store| delete_saved_game_in(&store.conn, game), |unsaved| unsaved.keep_deletion(game))
    }
}

pub(super) fn save_game_in(conn: &Connection, saved: &SavedGame) -> AppResult<()> {
    conn.prepare_cached(
        "INSERT INTO saved_games (game, params, seed, moves, elapsed_ms, started_at, updated_at, undos, hints, times,
             imported)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
         ON CONFLICT (game) DO UPDATE SET params = excluded.params, seed = excluded.seed,
             moves = excluded.moves, elapsed_ms = excluded.elapsed_ms,
             started_at = excluded.started_at, updated_at = excluded.updated_at,
             undos = excluded.undos, hints = excluded.hints, times = excluded.times,
             imported = excluded.imported",
    )?
    .execute(params![
        saved.game.as_str(),
        saved.params,
        // SQLite integers are signed: keep the seed's bits.
        saved.seed as i64,
        saved.moves,
        saved.elapsed_ms as i64,
        saved.started_at,
        timestamp(chrono::Utc::now()),
        saved.assistance.undos,
        saved.assistance.hints,
        saved.times,
        saved.assistance.origin(),
    ])?;
    Ok(())
}

pub(super) fn delete_saved_game_in(conn: &Connection, game: GameKind) -> AppResult<()> {
    conn.prepare_cached("DELETE FROM saved_games WHERE game = ?1")?.execute([game.as_str()])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use pastimes_games::{bubbles, minesweeper};

    fn sample(game: GameKind, moves: &str) -> SavedGame {
        SavedGame {
            game,
            params: r#"{"level":"beginner"}"#.into(),
            seed: u64::MAX - 3,
            moves: moves.into(),
            elapsed_ms: 1234,
            started_at: "2026-01-02T03:04:05.678Z".into(),
            assistance: Default::default(),
            times: "[0, 1200]".into(),
        }
    }

    #[test]
    fn a_saved_game_round_trips_and_is_replaced() {
        let store = Store::open_in_memory().unwrap();
        assert_eq!(store.load_saved_game(minesweeper::KIND).unwrap(), None);
        store.save_game(&sample(minesweeper::KIND, "[]")).unwrap();
        store.save_game(&sample(minesweeper::KIND, "[1]")).unwrap();
        store.save_game(&sample(bubbles::KIND, "[2]")).unwrap();
        let loaded = store.load_saved_game(minesweeper::KIND).unwrap().unwrap();
        assert_eq!(loaded, sample(minesweeper::KIND, "[1]"));
        store.delete_saved_game(minesweeper::KIND).unwrap();
        assert_eq!(store.load_saved_game(minesweeper::KIND).unwrap(), None);
        assert!(store.load_saved_game(bubbles::KIND).unwrap().is_some());
    }
}
