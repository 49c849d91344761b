//! Finished games: the history, the hall of fame (the best ten per category) and statistics.

use super::{winners, Store};
use crate::assistance::Assistance;
use crate::error::AppResult;
use pastimes_games::{GameKind, Measure, Status};
use rusqlite::{params, Connection};
use serde::Serialize;
use std::collections::BTreeMap;

/// How many places each hall-of-fame category has.
pub const HALL_SIZE: i64 = 10;

/// The best of a category by rate, from the `rate_hall` index.
const RATE_TOP: &str =
    "SELECT id, player, score, time_ms, moves, finished_at, rate, record IS NOT NULL, detail FROM finished_games
     WHERE game = ?1 AND category = ?2 AND rate IS NOT NULL
     ORDER BY rate DESC, finished_at, id LIMIT ?3";

/// The best of a category, from the `hall_of_fame` index.
pub(super) const HALL_TOP: &str =
    "SELECT id, player, score, time_ms, moves, finished_at, rate, record IS NOT NULL, detail FROM finished_games
     WHERE game = ?1 AND category = ?2 AND rank_key IS NOT NULL
     ORDER BY rank_key, finished_at, id LIMIT ?3";

/// A game the session saw finish, as it goes into the history.
#[derive(Debug, Clone)]
pub struct FinishedGame {
    pub game: GameKind,
    pub category: String,
    pub result: Status,
    pub score: Option<i64>,
    pub time_ms: u64,
    pub moves: u32,
    pub replay: bool,
    pub started_at: String,
    pub finished_at: String,
    /// Game-specific facts for the history (seed, players' names), as a JSON object.
    pub detail: String,
    /// Its place in the hall-of-fame order, lower is better; `None` if it cannot be a record.
    pub rank_key: Option<i64>,
    /// What helped the player; an assisted game has no `rank_key`.
    pub assistance: Assistance,
    /// Its place in the second table (see [`pastimes_games::Rates::rate`]), higher is better.
    pub rate: Option<f64>,
    /// Every move and the clock at each, stored compactly ([`crate::records::record`]).
    pub record: Option<Vec<u8>>,
}

/// What recording a finished game gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Recorded {
    pub id: i64,
    /// The place it took in the hall of fame (1-based), if it made the top ten.
    pub rank: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HallEntry {
    pub id: i64,
    pub rank: i64,
    pub name: Option<String>,
    pub score: Option<i64>,
    pub time_ms: u64,
    pub moves: u32,
    pub finished_at: String,
    /// Its rate, in the second table (3BV/s).
    pub rate: Option<f64>,
    /// Whether it kept its full record, to be watched.
    pub has_record: bool,
    /// The game's own figures, as the history's rows carry them (Minesweeper's say whether it
    /// was won without flags, which the rankings mark); `null` for games that keep none.
    pub summary: Option<serde_json::Value>,
}

/// Per-category statistics, as GNOME Mines shows them.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryStats {
    /// Whether the category's games can rank at all: not between two players, where a "win" is
    /// whoever made five ([`pastimes_games::Categories::ranks`]).
    pub ranked: bool,
    pub played: i64,
    pub won: i64,
    /// The share of the games played that were won, in percent (`None` before any game): the
    /// figure every statistics table shows, worked out here once.
    pub win_rate: Option<f64>,
    pub lost: i64,
    pub drawn: i64,
    /// The record's time (a game ranked by time) or score (by points): the best game that
    /// ranks, never a replay or a game played with help. Gone with a reset of the hall of fame.
    pub best_time_ms: Option<i64>,
    pub best_score: Option<i64>,
    pub total_score: i64,
    /// The mean time of the won games, and the mean score of the scored ones.
    pub average_time_ms: Option<f64>,
    pub average_score: Option<f64>,
    pub current_streak: i64,
    pub longest_streak: i64,
    /// The best rate of the category (3BV/s), if its games have one.
    pub best_rate: Option<f64>,
    /// The wins by who won, where the games name a winner (two-player Gomoku: `black`, `white`);
    /// empty otherwise.
    pub wins_by: BTreeMap<String, i64>,
}

impl Store {
    /// Records a finished game and forgets the saved game of its kind, in one transaction. While
    /// the disk is full the game is kept in memory (see `unsaved`) and answered as id 0 with no
    /// rank: it is no record until it is written.
    pub fn record_finished(&mut self, finished: &FinishedGame) -> AppResult<Recorded> {
        self.write_or_keep(
            |store| store.record_now(finished),
            |unsaved| {
                unsaved.keep_finished(finished);
                Recorded { id: 0, rank: None }
            },
        )
    }

    fn record_now(&self, finished: &FinishedGame) -> AppResult<Recorded> {
        let tx = self.conn.unchecked_transaction()?;
        let id = insert_finished(&tx, finished)?;
        super::saved::delete_saved_game_in(&tx, finished.game)?;
        let rank = match finished.rank_key {
            Some(_) if !finished.assistance.is_assisted() => rank_of(&tx, id)?,
            _ => None,
        };
        tx.commit()?;
        Ok(Recorded { id, rank })
    }

    /// Records many finished games in one transaction (imports, and the benchmark's database).
    /// Returns how many were recorded.
    pub fn record_many(&mut self, games: impl IntoIterator<Item = FinishedGame>) -> AppResult<u64> {
        let tx = self.conn.transaction()?;
        let mut count = 0;
        for finished in games {
            insert_finished(&tx, &finished)?;
            count += 1;
        }
        tx.commit()?;
        Ok(count)
    }

    /// Keeps what the analysis of a finished game found.
    pub fn save_analysis(&self, id: i64, analysis: &serde_json::Value) -> AppResult<()> {
        self.conn
            .execute("UPDATE finished_games SET analysis = ?2 WHERE id = ?1", params![id, analysis.to_string()])?;
        Ok(())
    }

    /// Puts the player's name on a finished game (the new-record dialog).
    pub fn set_player_name(&self, id: i64, name: &str) -> AppResult<()> {
        self.conn.execute("UPDATE finished_games SET player = ?2 WHERE id = ?1", params![id, name])?;
        Ok(())
    }

    /// The best ten of a category: lowest rank key first, ties to the earlier result.
    pub fn hall_of_fame(&self, game: GameKind, category: &str) -> AppResult<Vec<HallEntry>> {
        let mut stmt = self.conn.prepare_cached(HALL_TOP)?;
        let rows = stmt.query_map(params![game.as_str(), category, HALL_SIZE], hall_entry)?;
        ranked(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// The best ten of a category by rate (3BV/s): highest first, ties to the earlier result.
    pub fn rate_hall(&self, game: GameKind, category: &str) -> AppResult<Vec<HallEntry>> {
        let mut stmt = self.conn.prepare_cached(RATE_TOP)?;
        let rows = stmt.query_map(params![game.as_str(), category, HALL_SIZE], hall_entry)?;
        ranked(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// The categories of a game that have hall-of-fame entries, in name order. The categories
    /// come from the running totals (a few rows), each checked with one probe of the hall index.
    pub fn hall_categories(&self, game: GameKind) -> AppResult<Vec<String>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT category FROM category_totals AS t WHERE game = ?1
               AND EXISTS (SELECT 1 FROM finished_games AS f
                           WHERE f.game = t.game AND f.category = t.category AND f.rank_key IS NOT NULL)
             ORDER BY category",
        )?;
        let rows = stmt.query_map([game.as_str()], |row| row.get(0))?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// Every category with at least one finished game, with how many: `(game, category, played)`.
    pub fn played_categories(&self) -> AppResult<Vec<(String, String, i64)>> {
        let mut stmt =
            self.conn.prepare_cached("SELECT game, category, played FROM category_totals ORDER BY game, category")?;
        let rows = stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// Played, won, best, averages and streaks of one category, from its running totals.
    /// Replays count as played games.
    pub fn category_stats(&self, game: GameKind, category: &str) -> AppResult<CategoryStats> {
        let found = self
            .conn
            .prepare_cached(
                "SELECT played, won, lost, drawn, scored, total_score, won_time_ms, current_streak, longest_streak
                 FROM category_totals WHERE game = ?1 AND category = ?2",
            )?
            .query_row(params![game.as_str(), category], |row| {
                let (played, won, scored): (i64, i64, i64) = (row.get(0)?, row.get(1)?, row.get(4)?);
                let (total_score, won_time_ms): (i64, i64) = (row.get(5)?, row.get(6)?);
                Ok(CategoryStats {
                    ranked: false,
                    played,
                    won,
                    win_rate: win_rate(played, won),
                    lost: row.get(2)?,
                    drawn: row.get(3)?,
                    best_time_ms: None,
                    best_score: None,
                    total_score,
                    average_time_ms: (won > 0).then(|| won_time_ms as f64 / won as f64),
                    average_score: (scored > 0).then(|| total_score as f64 / scored as f64),
                    current_streak: row.get(7)?,
                    longest_streak: row.get(8)?,
                    best_rate: None,
                    wins_by: BTreeMap::new(),
                })
            });
        let ranked = (game.info().categories.ranks)(category);
        let stats = match found {
            Ok(stats) => stats,
            Err(rusqlite::Error::QueryReturnedNoRows) => {
                return Ok(CategoryStats { ranked, ..CategoryStats::default() })
            }
            Err(error) => return Err(error.into()),
        };
        // The first row of the rate index is the best.
        let best_rate = self
            .conn
            .prepare_cached(
                "SELECT MAX(rate) FROM finished_games WHERE game = ?1 AND category = ?2 AND rate IS NOT NULL",
            )?
            .query_row(params![game.as_str(), category], |row| row.get(0))?;
        let (best_time_ms, best_score) = self.record_measures(game, category)?;
        Ok(CategoryStats {
            ranked,
            best_time_ms,
            best_score,
            best_rate,
            wins_by: winners::wins_by(&self.conn, game, category)?,
            ..stats
        })
    }

    /// The best time and the best score of a category: its record's, the first game of its
    /// hall of fame (so never a replay's or a game's played with help), as the game ranks
    /// (a game ranked by moves has neither).
    fn record_measures(&self, game: GameKind, category: &str) -> AppResult<(Option<i64>, Option<i64>)> {
        let mut stmt = self.conn.prepare_cached(HALL_TOP)?;
        let first = stmt.query_map(params![game.as_str(), category, 1], hall_entry)?.next().transpose()?;
        let Some(record) = first else { return Ok((None, None)) };
        let time_ms = i64::try_from(record.time_ms).unwrap_or(i64::MAX);
        Ok(match game.info().ranking.measure {
            Measure::Time => (Some(time_ms), None),
            Measure::Score => (None, record.score),
            Measure::Moves => (None, None),
        })
    }
}

/// The percentage of `played` games that were won, as `100 * won / played` (the order of the
/// operations the page used before, so a rounded figure reads as it always did).
pub(super) fn win_rate(played: i64, won: i64) -> Option<f64> {
    (played > 0).then(|| (100 * won) as f64 / played as f64)
}

/// A row of [`HALL_TOP`] or [`RATE_TOP`], its rank still to be numbered.
fn hall_entry(row: &rusqlite::Row) -> rusqlite::Result<HallEntry> {
    Ok(HallEntry {
        id: row.get(0)?,
        rank: 0,
        name: row.get(1)?,
        score: row.get(2)?,
        time_ms: row.get::<_, i64>(3)?.max(0) as u64,
        moves: row.get(4)?,
        finished_at: row.get(5)?,
        rate: row.get(6)?,
        has_record: row.get(7)?,
        summary: summary_of(&row.get::<_, String>(8)?),
    })
}

/// The `summary` a game's detail holds, if any (older games and most games have none).
pub(super) fn summary_of(detail: &str) -> Option<serde_json::Value> {
    let mut detail: serde_json::Value = serde_json::from_str(detail).ok()?;
    Some(detail.get_mut("summary")?.take())
}

/// Numbers a best-ten list from 1.
fn ranked(mut entries: Vec<HallEntry>) -> AppResult<Vec<HallEntry>> {
    for (index, entry) in entries.iter_mut().enumerate() {
        entry.rank = index as i64 + 1;
    }
    Ok(entries)
}

/// Inserts one finished game and adds it to its category's running totals.
pub(super) fn insert_finished(tx: &Connection, finished: &FinishedGame) -> AppResult<i64> {
    tx.prepare_cached(
        "INSERT INTO finished_games (game, category, result, score, time_ms, moves, replay,
             started_at, finished_at, detail, rank_key, undos, hints, rate, record, imported)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
    )?
    .execute(params![
        finished.game.as_str(),
        finished.category,
        result_name(finished.result),
        finished.score,
        finished.time_ms as i64,
        finished.moves,
        finished.replay,
        finished.started_at,
        finished.finished_at,
        finished.detail,
        // Never a record with help, whoever built the game.
        finished.rank_key.filter(|_| !finished.assistance.is_assisted()),
        finished.assistance.undos,
        finished.assistance.hints,
        finished.rate.filter(|_| !finished.assistance.is_assisted()),
        finished.record,
        finished.assistance.origin(),
    ])?;
    let id = tx.last_insert_rowid();
    let won = finished.result == Status::Won;
    let won_time = won.then_some(finished.time_ms as i64);
    // In DO UPDATE, a bare column is the stored value and `excluded.` the new game's.
    tx.prepare_cached(
        "INSERT INTO category_totals (game, category, played, won, lost, drawn, scored, total_score,
             won_time_ms, current_streak, longest_streak)
         VALUES (?1, ?2, 1, ?3, ?4, ?5, ?6 IS NOT NULL, COALESCE(?6, 0), COALESCE(?7, 0), ?3, ?3)
         ON CONFLICT (game, category) DO UPDATE SET
             played = played + 1,
             won = won + excluded.won,
             lost = lost + excluded.lost,
             drawn = drawn + excluded.drawn,
             scored = scored + excluded.scored,
             total_score = total_score + excluded.total_score,
             won_time_ms = won_time_ms + excluded.won_time_ms,
             current_streak = CASE WHEN excluded.won = 1 THEN current_streak + 1 ELSE 0 END,
             longest_streak = MAX(longest_streak, CASE WHEN excluded.won = 1 THEN current_streak + 1 ELSE 0 END)",
    )?
    .execute(params![
        finished.game.as_str(),
        finished.category,
        won,
        finished.result == Status::Lost,
        finished.result == Status::Draw,
        finished.score,
        won_time,
    ])?;
    winners::add(tx, finished)?;
    Ok(id)
}

/// The 1-based place of game `id` in its category's hall-of-fame order, if it is among the best
/// ten. Counts at most ten better games, so a slow game in a long hall costs no more than a fast one.
fn rank_of(tx: &Connection, id: i64) -> AppResult<Option<i64>> {
    let better: i64 = tx
        .prepare_cached(
            "SELECT COUNT(*) FROM (
             SELECT 1 FROM finished_games AS other, finished_games AS this
             WHERE this.id = ?1 AND other.game = this.game AND other.category = this.category
               AND other.rank_key IS NOT NULL AND other.id <> this.id
               AND (other.rank_key < this.rank_key
                    OR (other.rank_key = this.rank_key AND (other.finished_at < this.finished_at
                        OR (other.finished_at = this.finished_at AND other.id < this.id))))
             LIMIT ?2)",
        )?
        .query_row(params![id, HALL_SIZE], |row| row.get(0))?;
    Ok((better < HALL_SIZE).then_some(better + 1))
}

pub(crate) fn result_name(status: Status) -> &'static str {
    match status {
        Status::Won => "won",
        Status::Lost => "lost",
        Status::Draw => "draw",
        Status::Finished => "finished",
        Status::Playing => "abandoned",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::timestamp;
    use pastimes_games::minesweeper;

    fn won_in(time_ms: u64, finished_at: &str) -> FinishedGame {
        FinishedGame {
            game: minesweeper::KIND,
            category: "beginner".into(),
            result: Status::Won,
            score: None,
            time_ms,
            moves: 20,
            replay: false,
            started_at: "2026-01-01T00:00:00.000Z".into(),
            finished_at: finished_at.into(),
            detail: "{}".into(),
            rank_key: Some(time_ms as i64),
            assistance: Default::default(),
            rate: None,
            record: None,
        }
    }

    #[test]
    fn ranks_by_key_then_earlier_result() {
        let mut store = Store::open_in_memory().unwrap();
        let first = store.record_finished(&won_in(5000, "2026-01-01T00:00:05.000Z")).unwrap();
        assert_eq!(first.rank, Some(1));
        let faster = store.record_finished(&won_in(4000, "2026-01-01T00:00:06.000Z")).unwrap();
        assert_eq!(faster.rank, Some(1));
        let tie = store.record_finished(&won_in(5000, "2026-01-01T00:00:07.000Z")).unwrap();
        assert_eq!(tie.rank, Some(3), "a tie ranks after the earlier result");
        let ids: Vec<i64> = store.hall_of_fame(minesweeper::KIND, "beginner").unwrap().iter().map(|e| e.id).collect();
        assert_eq!(ids, [faster.id, first.id, tie.id]);
    }

    #[test]
    fn an_assisted_game_is_kept_with_its_help_but_never_ranks() {
        let mut store = Store::open_in_memory().unwrap();
        let helped = FinishedGame {
            assistance: Assistance { undos: 2, hints: 1, ..Assistance::default() },
            ..won_in(1, "2026-01-01T00:00:00.000Z")
        };
        let recorded = store.record_finished(&helped).unwrap();
        assert_eq!(recorded.rank, None, "even with a rank key, help keeps it out");
        assert!(store.hall_of_fame(minesweeper::KIND, "beginner").unwrap().is_empty());
        let page = store.history(&Default::default(), &crate::store::PageStart::Newest, 10).unwrap();
        assert_eq!((page.rows[0].undos, page.rows[0].hints), (2, 1));
    }

    #[test]
    fn the_second_table_ranks_by_rate_highest_first() {
        let mut store = Store::open_in_memory().unwrap();
        let with_rate = |rate: f64, at: &str| FinishedGame { rate: Some(rate), ..won_in(5000, at) };
        let slow = store.record_finished(&with_rate(1.5, "2026-01-01T00:00:01.000Z")).unwrap();
        let fast = store.record_finished(&with_rate(3.25, "2026-01-01T00:00:02.000Z")).unwrap();
        store.record_finished(&won_in(4000, "2026-01-01T00:00:03.000Z")).unwrap();
        let helped = FinishedGame {
            assistance: Assistance { hints: 1, ..Assistance::default() },
            ..with_rate(9.0, "2026-01-01T00:00:04.000Z")
        };
        store.record_finished(&helped).unwrap();
        let by_rate = store.rate_hall(minesweeper::KIND, "beginner").unwrap();
        let ids: Vec<(i64, i64)> = by_rate.iter().map(|e| (e.rank, e.id)).collect();
        assert_eq!(ids, [(1, fast.id), (2, slow.id)], "no rate, no place; help, no place");
        assert_eq!(store.category_stats(minesweeper::KIND, "beginner").unwrap().best_rate, Some(3.25));
    }

    /// Both tables carry each record's summary from its detail (Minesweeper's NF mark reads it),
    /// and none for a game that keeps none.
    #[test]
    fn records_carry_their_summary() {
        let mut store = Store::open_in_memory().unwrap();
        let detail = r#"{"seed":"1","summary":{"bbbv":12,"noFlags":true}}"#;
        let nf = FinishedGame { detail: detail.into(), rate: Some(2.0), ..won_in(3000, "2026-01-01T00:00:01.000Z") };
        store.record_finished(&nf).unwrap();
        store.record_finished(&won_in(4000, "2026-01-01T00:00:02.000Z")).unwrap();
        let by_time = store.hall_of_fame(minesweeper::KIND, "beginner").unwrap();
        let summaries: Vec<_> = by_time.iter().map(|e| e.summary.clone()).collect();
        assert_eq!(summaries, [Some(serde_json::json!({"bbbv": 12, "noFlags": true})), None]);
        let by_rate = store.rate_hall(minesweeper::KIND, "beginner").unwrap();
        assert_eq!(by_rate[0].summary, summaries[0]);
        let json = serde_json::to_value(&by_time[1]).unwrap();
        assert_eq!(json["summary"], serde_json::Value::Null);
    }

    #[test]
    fn only_ten_places_and_no_place_for_unranked_games() {
        let mut store = Store::open_in_memory().unwrap();
        for i in 0..10 {
            let recorded = store.record_finished(&won_in(1000 + i, "2026-01-01T00:00:00.000Z")).unwrap();
            assert!(recorded.rank.is_some());
        }
        let slow = store.record_finished(&won_in(9999, "2026-01-02T00:00:00.000Z")).unwrap();
        assert_eq!(slow.rank, None);
        let lost = FinishedGame { result: Status::Lost, rank_key: None, ..won_in(1, "2026-01-03T00:00:00.000Z") };
        assert_eq!(store.record_finished(&lost).unwrap().rank, None);
        assert_eq!(store.hall_of_fame(minesweeper::KIND, "beginner").unwrap().len(), 10);
    }

    #[test]
    fn stats_count_streaks_in_time_order() {
        let mut store = Store::open_in_memory().unwrap();
        let results = [true, true, false, true, true, true, false, true];
        for (i, won) in results.iter().enumerate() {
            let mut game = won_in(1000 + i as u64, &format!("2026-01-01T00:00:0{i}.000Z"));
            if !won {
                game.result = Status::Lost;
                game.rank_key = None;
            }
            store.record_finished(&game).unwrap();
        }
        let stats = store.category_stats(minesweeper::KIND, "beginner").unwrap();
        assert_eq!((stats.played, stats.won, stats.lost, stats.drawn), (8, 6, 2, 0));
        assert_eq!((stats.current_streak, stats.longest_streak), (1, 3));
        assert_eq!(stats.best_time_ms, Some(1000));
    }

    #[test]
    fn recording_forgets_the_saved_game_of_that_kind() {
        let mut store = Store::open_in_memory().unwrap();
        let saved = crate::store::SavedGame {
            game: minesweeper::KIND,
            params: "{}".into(),
            seed: 1,
            moves: "[]".into(),
            elapsed_ms: 0,
            started_at: timestamp(chrono::Utc::now()),
            assistance: Default::default(),
            times: "[]".into(),
        };
        store.save_game(&saved).unwrap();
        store.record_finished(&won_in(1, "2026-01-01T00:00:00.000Z")).unwrap();
        assert_eq!(store.load_saved_game(minesweeper::KIND).unwrap(), None);
    }
}
