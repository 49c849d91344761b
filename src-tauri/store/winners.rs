//! The wins of each category by who won, where a game's summary names the winner (two-player
//! Gomoku: `{"winner": "black"}`), kept in `category_winners` beside the running totals so the
//! statistics stay one read. Games finished before their summary named the winner (5 December
//! 2026) count only in the totals.

use super::finished::{summary_of, FinishedGame};
use crate::error::AppResult;
use pastimes_games::{GameKind, Status};
use rusqlite::{params, Connection};
use std::collections::BTreeMap;

/// Counts the finished game `finished` under its winner, if it names one.
pub(super) fn add(tx: &Connection, finished: &FinishedGame) -> AppResult<()> {
    if finished.result != Status::Won {
        return Ok(());
    }
    if let Some(winner) = winner_in(&finished.detail) {
        count(tx, finished.game.as_str(), &finished.category, &winner)?;
    }
    Ok(())
}

/// Fills the empty table from every won game (migration 6, and a salvaged store). The bundled
/// SQLite has no JSON functions, so the details are read here; only those that mention a
/// winner are parsed. A row of a salvaged store whose cells are not text (damaged) is passed
/// over rather than failing the salvage.
pub(super) fn rebuild(tx: &Connection) -> AppResult<()> {
    let mut stmt = tx.prepare(
        "SELECT game, category, detail FROM finished_games
         WHERE result = 'won' AND detail LIKE '%\"winner\"%'
           AND typeof(game) = 'text' AND typeof(category) = 'text' AND typeof(detail) = 'text'",
    )?;
    let rows = stmt.query_map([], |row| Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?, row.get(2)?)))?;
    for row in rows {
        let (game, category, detail): (String, String, String) = row?;
        if let Some(winner) = winner_in(&detail) {
            count(tx, &game, &category, &winner)?;
        }
    }
    Ok(())
}

/// The wins of a category by who won; empty where its games name no winner.
pub(super) fn wins_by(conn: &Connection, game: GameKind, category: &str) -> AppResult<BTreeMap<String, i64>> {
    let mut stmt = conn.prepare_cached("SELECT winner, won FROM category_winners WHERE game = ?1 AND category = ?2")?;
    let rows = stmt.query_map(params![game.as_str(), category], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn count(tx: &Connection, game: &str, category: &str, winner: &str) -> AppResult<()> {
    tx.prepare_cached(
        "INSERT INTO category_winners (game, category, winner, won) VALUES (?1, ?2, ?3, 1)
         ON CONFLICT (game, category, winner) DO UPDATE SET won = won + 1",
    )?
    .execute(params![game, category, winner])?;
    Ok(())
}

/// The longest winner's name kept: the games name a colour, and a damaged store's detail may
/// hold anything.
const MAX_WINNER: usize = 32;

/// The winner a game's detail names in its summary, if any.
fn winner_in(detail: &str) -> Option<String> {
    let summary = summary_of(detail)?;
    let winner = summary.get("winner")?.as_str()?;
    (!winner.is_empty() && winner.len() <= MAX_WINNER).then(|| winner.to_owned())
}

#[cfg(test)]
pub(in crate::store) mod tests {
    use super::*;
    use crate::store::history::tests::game;
    use crate::store::Store;
    use pastimes_games::{gomoku, minesweeper};

    /// A game between two players that `winner` won (or a draw, with `None`).
    pub(in crate::store) fn two_player(winner: Option<&str>, minute: u32) -> FinishedGame {
        let result = if winner.is_some() { Status::Won } else { Status::Draw };
        let mut finished = game(gomoku::KIND, "freestyle-human", result, minute, 60_000);
        finished.rank_key = None;
        if let Some(winner) = winner {
            finished.detail = serde_json::json!({ "seed": "1", "summary": { "winner": winner } }).to_string();
        }
        finished
    }

    fn wins(store: &Store) -> Vec<(String, i64)> {
        wins_by(store.connection(), gomoku::KIND, "freestyle-human").unwrap().into_iter().collect()
    }

    #[test]
    fn wins_are_counted_by_winner_as_games_finish_and_rebuilt_the_same() {
        let mut store = Store::open_in_memory().unwrap();
        for (minute, winner) in ["black", "white", "black", "black", "white"].into_iter().enumerate() {
            store.record_finished(&two_player(Some(winner), minute as u32)).unwrap();
        }
        store.record_finished(&two_player(None, 10)).unwrap();
        // A game that names no winner, one whose detail is no JSON, a loss naming one (which no
        // game writes) and a winner of 10 KB count in no one's wins.
        let mut no_json = two_player(Some("black"), 11);
        no_json.detail = "{\"winner\": not json".into();
        let mut lost = two_player(Some("white"), 12);
        lost.result = Status::Lost;
        let mut figures = game(minesweeper::KIND, "expert", Status::Won, 13, 90_000);
        figures.detail = r#"{"summary":{"bbbv":120}}"#.into();
        let mut endless = two_player(None, 14);
        endless.result = Status::Won;
        endless.detail = serde_json::json!({ "summary": { "winner": "w".repeat(10_000) } }).to_string();
        store.record_many([no_json, lost, figures, endless]).unwrap();
        let expected = vec![("black".to_owned(), 3), ("white".to_owned(), 2)];
        assert_eq!(wins(&store), expected);
        assert!(wins_by(store.connection(), minesweeper::KIND, "expert").unwrap().is_empty());
        assert_eq!(store.category_stats(gomoku::KIND, "freestyle-human").unwrap().won, 7);

        store.connection().execute("DELETE FROM category_winners", []).unwrap();
        rebuild(store.connection()).unwrap();
        assert_eq!(wins(&store), expected);
    }
}
