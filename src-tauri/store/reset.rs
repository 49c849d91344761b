//! Resetting the hall of fame (of one game or of all), with the history or without it, and
//! what a reset would remove.

use super::finished::HALL_SIZE;
use super::Store;
use crate::error::AppResult;
use pastimes_games::GameKind;
use rusqlite::{params, params_from_iter, Connection};
use serde::Serialize;

/// What a reset of the hall of fame removes (or, before it, would remove).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResetCounts {
    /// Places in the hall of fame (the best ten of each category).
    pub records: i64,
    /// Categories that have records.
    pub categories: i64,
    /// Finished games in the history (removed only when the history goes too).
    pub games: i64,
}

impl Store {
    /// What resetting the hall of fame of `game` (or of every game) would remove.
    pub fn reset_preview(&self, game: Option<GameKind>) -> AppResult<ResetCounts> {
        count_for_reset(&self.conn, game)
    }

    /// Resets the hall of fame of `game`, or of every game: its records leave the hall (their
    /// rank key goes), and with `with_history` every finished game of it is deleted too, and the
    /// daily deals' days with them, but for `today`'s entry: the day's attempt was made, so the
    /// deal stays one that no longer ranks today (its link to the deleted game goes). One
    /// transaction: on any failure nothing changes. Returns what was removed.
    pub fn reset_hall(&mut self, game: Option<GameKind>, with_history: bool, today: &str) -> AppResult<ResetCounts> {
        let tx = self.conn.transaction()?;
        let mut counts = count_for_reset(&tx, game)?;
        let (only, args): (&str, Vec<&str>) = match game {
            Some(game) => (" AND game = ?1", vec![game.as_str()]),
            None => ("", vec![]),
        };
        if with_history {
            tx.execute(&format!("DELETE FROM finished_games WHERE 1{only}"), params_from_iter(&args))?;
            tx.execute(&format!("DELETE FROM category_totals WHERE 1{only}"), params_from_iter(&args))?;
            tx.execute(&format!("DELETE FROM category_winners WHERE 1{only}"), params_from_iter(&args))?;
            let game_only = game.map(GameKind::as_str);
            tx.execute(
                "DELETE FROM daily_entries WHERE day <> ?1 AND (?2 IS NULL OR game = ?2)",
                params![today, game_only],
            )?;
            tx.execute(
                "UPDATE daily_entries SET finished_id = NULL WHERE ?1 IS NULL OR game = ?1",
                params![game_only],
            )?;
        } else {
            let sql = format!("UPDATE finished_games SET rank_key = NULL WHERE rank_key IS NOT NULL{only}");
            tx.execute(&sql, params_from_iter(&args))?;
            counts.games = 0;
        }
        tx.commit()?;
        Ok(counts)
    }
}

/// Records (the best ten of each category, at most), categories with records, and games.
fn count_for_reset(conn: &Connection, game: Option<GameKind>) -> AppResult<ResetCounts> {
    let mut stmt = conn.prepare_cached(
        "SELECT SUM(played),
                SUM((SELECT COUNT(*) FROM (SELECT 1 FROM finished_games AS f
                     WHERE f.game = t.game AND f.category = t.category AND f.rank_key IS NOT NULL LIMIT ?2))),
                SUM(EXISTS (SELECT 1 FROM finished_games AS f
                     WHERE f.game = t.game AND f.category = t.category AND f.rank_key IS NOT NULL))
         FROM category_totals AS t WHERE ?1 IS NULL OR t.game = ?1",
    )?;
    Ok(stmt.query_row(params![game.map(GameKind::as_str), HALL_SIZE], |row| {
        Ok(ResetCounts {
            games: row.get::<_, Option<i64>>(0)?.unwrap_or(0),
            records: row.get::<_, Option<i64>>(1)?.unwrap_or(0),
            categories: row.get::<_, Option<i64>>(2)?.unwrap_or(0),
        })
    })?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::history::tests::{game, mixed_store};
    use crate::store::DailyEntry;
    use crate::store::{CategoryStats, HistoryFilter};
    use pastimes_games::{bubbles, gomoku, minesweeper, Status};

    const TODAY: &str = "2026-12-06";

    fn ranked(store: &Store) -> i64 {
        store
            .connection()
            .query_row("SELECT COUNT(*) FROM finished_games WHERE rank_key IS NOT NULL", [], |r| r.get(0))
            .unwrap()
    }

    fn all_games(store: &Store) -> i64 {
        store.history_count(&HistoryFilter::default()).unwrap()
    }

    #[test]
    fn a_reset_of_one_game_keeps_the_history_unless_asked() {
        let (mut store, _) = mixed_store();
        let preview = store.reset_preview(Some(minesweeper::KIND)).unwrap();
        // beginner and expert: ten places each; 60 games.
        assert_eq!(preview, ResetCounts { records: 20, categories: 2, games: 60 });
        let done = store.reset_hall(Some(minesweeper::KIND), false, TODAY).unwrap();
        assert_eq!(done, ResetCounts { records: 20, categories: 2, games: 0 });
        assert!(store.hall_categories(minesweeper::KIND).unwrap().is_empty());
        assert!(store.hall_of_fame(minesweeper::KIND, "expert").unwrap().is_empty());
        assert_eq!(all_games(&store), 150, "the history stays");
        assert_eq!(store.category_stats(minesweeper::KIND, "expert").unwrap().played, 30);
        assert_eq!(store.hall_categories(bubbles::KIND).unwrap(), ["standard"], "other games keep theirs");
        // A new record after the reset is first again.
        let fresh = store.record_finished(&game(minesweeper::KIND, "expert", Status::Won, 900, 99_999)).unwrap();
        assert_eq!(fresh.rank, Some(1));

        let done = store.reset_hall(Some(gomoku::KIND), true, TODAY).unwrap();
        assert_eq!(done, ResetCounts { records: 10, categories: 1, games: 60 });
        assert_eq!(store.history_count(&HistoryFilter { game: Some(gomoku::KIND), ..Default::default() }).unwrap(), 0);
        let none = CategoryStats { ranked: true, ..CategoryStats::default() };
        assert_eq!(store.category_stats(gomoku::KIND, "freestyle-easy").unwrap(), none);
        assert_eq!(
            store.category_stats(gomoku::KIND, "freestyle-human").unwrap(),
            CategoryStats::default(),
            "two players"
        );
        assert_eq!(all_games(&store), 91);
    }

    #[test]
    fn a_reset_of_everything_with_and_without_history() {
        let (mut store, _) = mixed_store();
        let preview = store.reset_preview(None).unwrap();
        assert_eq!(preview, ResetCounts { records: 40, categories: 4, games: 150 });
        assert_eq!(store.reset_hall(None, false, TODAY).unwrap(), ResetCounts { games: 0, ..preview });
        assert_eq!(ranked(&store), 0);
        assert_eq!(all_games(&store), 150);
        // Nothing left in the hall: a reset says so, and succeeds.
        assert_eq!(store.reset_hall(None, false, TODAY).unwrap(), ResetCounts::default());
        assert_eq!(store.reset_hall(None, true, TODAY).unwrap(), ResetCounts { records: 0, categories: 0, games: 150 });
        assert_eq!(all_games(&store), 0);
        assert!(store.played_categories().unwrap().is_empty());
        let mut empty = Store::open_in_memory().unwrap();
        assert_eq!(empty.reset_preview(None).unwrap(), ResetCounts::default());
        assert_eq!(empty.reset_hall(Some(bubbles::KIND), true, TODAY).unwrap(), ResetCounts::default());
    }

    #[test]
    fn a_failure_in_the_middle_of_a_reset_deletes_nothing() {
        let (mut store, _) = mixed_store();
        let before = (ranked(&store), all_games(&store), store.played_categories().unwrap());
        // The games go first, then the totals: a failure at the totals must undo the games.
        store
            .connection()
            .execute_batch(
                "CREATE TEMP TRIGGER fail_totals BEFORE DELETE ON category_totals
                 BEGIN SELECT RAISE(ABORT, 'injected failure'); END;",
            )
            .unwrap();
        let error = store.reset_hall(Some(minesweeper::KIND), true, TODAY).unwrap_err();
        assert!(error.to_string().contains("injected failure"), "{error}");
        let error = store.reset_hall(None, true, TODAY).unwrap_err();
        assert!(error.to_string().contains("injected failure"), "{error}");
        assert_eq!((ranked(&store), all_games(&store), store.played_categories().unwrap()), before);

        // Without the history: a failure on the 15th record leaves all records in place.
        store
            .connection()
            .execute_batch(
                "DROP TRIGGER fail_totals;
                 CREATE TEMP TABLE seen (n INTEGER);
                 INSERT INTO seen VALUES (0);
                 CREATE TEMP TRIGGER fail_records BEFORE UPDATE OF rank_key ON finished_games
                 BEGIN
                     UPDATE seen SET n = n + 1;
                     SELECT RAISE(ABORT, 'injected failure') WHERE (SELECT n FROM seen) = 15;
                 END;",
            )
            .unwrap();
        assert!(store.reset_hall(None, false, TODAY).is_err());
        assert_eq!((ranked(&store), all_games(&store), store.played_categories().unwrap()), before);
        // Once the fault is gone, the same reset works.
        store.connection().execute_batch("DROP TRIGGER fail_records;").unwrap();
        assert_eq!(store.reset_hall(None, false, TODAY).unwrap().records, 40);
    }

    /// Bubble Breaker's daily entries of yesterday and today, each linked to a finished game.
    fn with_daily_days(store: &mut Store) {
        for (day, seed) in [("2026-12-05", 5), (TODAY, 6)] {
            let entry = DailyEntry {
                game: bubbles::KIND,
                day: day.to_string(),
                choice: "standard".into(),
                seed,
                started_at: format!("{day}T10:00:00.000Z"),
                finished_id: None,
            };
            assert!(store.begin_daily(&entry).unwrap());
            let id = store.record_finished(&game(bubbles::KIND, "standard", Status::Finished, 900, 500)).unwrap().id;
            store.finish_daily(bubbles::KIND, seed, &entry.started_at, id).unwrap();
        }
    }

    #[test]
    fn a_reset_with_the_history_forgets_the_daily_days_but_todays_attempt() {
        let (mut store, _) = mixed_store();
        with_daily_days(&mut store);
        store.reset_hall(Some(minesweeper::KIND), true, TODAY).unwrap();
        assert_eq!(store.daily_results(bubbles::KIND).unwrap().len(), 2, "another game's reset keeps them");
        store.reset_hall(Some(bubbles::KIND), false, TODAY).unwrap();
        let kept = store.daily_results(bubbles::KIND).unwrap();
        assert!(kept.iter().all(|day| day.result.is_some() && day.rank_key.is_none()), "the days stay, unranked");

        store.reset_hall(None, true, TODAY).unwrap();
        let left = store.daily_results(bubbles::KIND).unwrap();
        assert_eq!(left.len(), 1, "today's attempt stays made: {left:?}");
        assert_eq!((left[0].entry.day.as_str(), left[0].entry.finished_id, &left[0].result), (TODAY, None, &None));
        let again = DailyEntry { started_at: "later".into(), ..left[0].entry.clone() };
        assert!(!store.begin_daily(&again).unwrap(), "no second first attempt today");
    }
}
