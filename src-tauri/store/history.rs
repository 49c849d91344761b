//! The history of finished games: filtered pages (newest first, by keyset, so the millionth row
//! costs what the first does), counts, the chart of a category, CSV export, and resetting the
//! hall of fame.

use super::finished::{result_name, HALL_SIZE};
use super::{CategoryStats, Store};
use crate::error::AppResult;
use pastimes_games::{GameKind, Measure, Status};
use rusqlite::types::Value as SqlValue;
use rusqlite::{params, params_from_iter, Connection, Row};
use serde::{Deserialize, Serialize};

/// Which finished games the history shows. Checked by the caller (known game, category of that
/// game, a finished result, `from <= to`); the times are stored-format UTC timestamps.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HistoryFilter {
    pub game: Option<GameKind>,
    pub category: Option<String>,
    pub result: Option<Status>,
    /// Games finished at or after this instant.
    pub from: Option<String>,
    /// Games finished before this instant.
    pub to: Option<String>,
}

/// A place in the history: the finishing time and id of a row (ties on time go by id).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Cursor {
    pub finished_at: String,
    pub id: i64,
}

/// Where a page starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageStart {
    Newest,
    /// The rows just older than this one (the next page).
    OlderThan(Cursor),
    /// The rows just newer than this one (the previous page).
    NewerThan(Cursor),
}

/// One finished game as the history lists it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryRow {
    pub id: i64,
    pub game: String,
    pub category: String,
    pub result: String,
    pub score: Option<i64>,
    pub time_ms: i64,
    pub moves: i64,
    pub replay: bool,
    pub started_at: String,
    pub finished_at: String,
    /// The name given to a record, if any.
    pub player: Option<String>,
    /// Moves taken back and hints asked for: a game with either is assisted.
    pub undos: i64,
    pub hints: i64,
    /// Whether the game began from a pasted position (unranked, marked).
    pub imported: bool,
    /// Whether its full record is kept (games finished before records were kept have none):
    /// it can be watched and exported.
    pub has_record: bool,
    /// The game's competitive statistics, where it has them (Minesweeper's 3BV, 3BV/s...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<serde_json::Value>,
    /// What the work on the finished game found (Bubble Breaker's best line for the deal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analysis: Option<serde_json::Value>,
}

/// A page of the history, newest first, and the cursors to its neighbours (`None` at either end).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryPage {
    pub rows: Vec<HistoryRow>,
    /// Pass as `olderThan` for the next (older) page; `None` when this page reaches the oldest.
    pub older: Option<Cursor>,
    /// Pass as `newerThan` for the previous (newer) page; `None` when this page is the newest.
    pub newer: Option<Cursor>,
}

/// At most this many games are drawn in a category's chart: the most recent ones.
pub const CHART_POINTS: i64 = 1000;

/// One game in a category's chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChartPoint {
    pub id: i64,
    pub finished_at: String,
    pub result: String,
    /// The time (ms) of a won game, or the score of a scored game; `None` for a game that has
    /// none (a lost Minesweeper game).
    pub value: Option<i64>,
    /// The best value up to and including this game, over the whole history of the category.
    pub best: Option<i64>,
}

/// The chart and the statistics of one category.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryChart {
    /// `"time"` (lower is better) or `"score"` (higher is better).
    pub measure: &'static str,
    /// The most recent games of the category, oldest first; at most [`CHART_POINTS`].
    pub points: Vec<ChartPoint>,
    pub stats: CategoryStats,
}

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

/// The most recent games of a category, for its chart.
const CHART_GAMES: &str = "SELECT id, finished_at, result, time_ms, score FROM finished_games
     WHERE game = ?1 AND category = ?2 ORDER BY finished_at DESC, id DESC LIMIT ?3";

/// The best time and the best score before a game (`?3`, `?4`: its time and id), read in value
/// order from the `best_time` / `best_score` index. The unary `+` keeps SQLite from reading the
/// time range from another index and sorting what it finds instead.
const BEST_TIME_BEFORE: &str = "SELECT time_ms FROM finished_games
     WHERE game = ?1 AND category = ?2 AND result = 'won'
       AND (+finished_at < ?3 OR (+finished_at = ?3 AND id < ?4))
     ORDER BY time_ms LIMIT 1";
const BEST_SCORE_BEFORE: &str = "SELECT score FROM finished_games
     WHERE game = ?1 AND category = ?2 AND score IS NOT NULL
       AND (+finished_at < ?3 OR (+finished_at = ?3 AND id < ?4))
     ORDER BY score DESC LIMIT 1";

const ROW_COLUMNS: &str =
    "id, game, category, result, score, time_ms, moves, replay, started_at, finished_at, player, undos, hints, detail, analysis,
     imported, record IS NOT NULL";

fn history_row(row: &Row) -> rusqlite::Result<HistoryRow> {
    Ok(HistoryRow {
        id: row.get(0)?,
        game: row.get(1)?,
        category: row.get(2)?,
        result: row.get(3)?,
        score: row.get(4)?,
        time_ms: row.get(5)?,
        moves: row.get(6)?,
        replay: row.get(7)?,
        started_at: row.get(8)?,
        finished_at: row.get(9)?,
        player: row.get(10)?,
        undos: row.get(11)?,
        hints: row.get(12)?,
        imported: row.get(15)?,
        has_record: row.get(16)?,
        summary: summary_of(&row.get::<_, String>(13)?),
        analysis: row.get::<_, Option<String>>(14)?.and_then(|text| serde_json::from_str(&text).ok()),
    })
}

/// The `summary` a game's detail holds, if any (older games and most games have none).
fn summary_of(detail: &str) -> Option<serde_json::Value> {
    let mut detail: serde_json::Value = serde_json::from_str(detail).ok()?;
    Some(detail.get_mut("summary")?.take())
}

/// The filter as SQL conditions (joined with AND, or `1` for none) and their arguments.
fn conditions(filter: &HistoryFilter) -> (Vec<&'static str>, Vec<SqlValue>) {
    let mut terms = Vec::new();
    let mut args = Vec::new();
    if let Some(game) = filter.game {
        terms.push("game = ?");
        args.push(SqlValue::Text(game.as_str().into()));
    }
    if let Some(category) = &filter.category {
        terms.push("category = ?");
        args.push(SqlValue::Text(category.clone()));
    }
    if let Some(result) = filter.result {
        terms.push("result = ?");
        args.push(SqlValue::Text(result_name(result).into()));
    }
    if let Some(from) = &filter.from {
        terms.push("finished_at >= ?");
        args.push(SqlValue::Text(from.clone()));
    }
    if let Some(to) = &filter.to {
        terms.push("finished_at < ?");
        args.push(SqlValue::Text(to.clone()));
    }
    (terms, args)
}

fn where_sql(terms: &[&str]) -> String {
    if terms.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", terms.join(" AND "))
    }
}

/// Whether any row of the filter lies beyond `cursor` (older with `Less`, newer otherwise).
fn any_beyond(conn: &Connection, filter: &HistoryFilter, cursor: &Cursor, older: bool) -> AppResult<bool> {
    let (mut terms, mut args) = conditions(filter);
    terms.push(if older { "(finished_at, id) < (?, ?)" } else { "(finished_at, id) > (?, ?)" });
    args.push(SqlValue::Text(cursor.finished_at.clone()));
    args.push(SqlValue::Integer(cursor.id));
    let sql = format!("SELECT EXISTS (SELECT 1 FROM finished_games{})", where_sql(&terms));
    Ok(conn.prepare_cached(&sql)?.query_row(params_from_iter(args), |row| row.get(0))?)
}

fn cursor_of(row: &HistoryRow) -> Cursor {
    Cursor { finished_at: row.finished_at.clone(), id: row.id }
}

impl Store {
    /// One page of `size` finished games that pass `filter`, newest first, from `start`.
    pub fn history(&self, filter: &HistoryFilter, start: &PageStart, size: u32) -> AppResult<HistoryPage> {
        let (mut terms, mut args) = conditions(filter);
        let (key, order) = match start {
            PageStart::Newest => (None, "DESC"),
            PageStart::OlderThan(cursor) => (Some(("(finished_at, id) < (?, ?)", cursor)), "DESC"),
            PageStart::NewerThan(cursor) => (Some(("(finished_at, id) > (?, ?)", cursor)), "ASC"),
        };
        if let Some((term, cursor)) = key {
            terms.push(term);
            args.push(SqlValue::Text(cursor.finished_at.clone()));
            args.push(SqlValue::Integer(cursor.id));
        }
        // One more than asked: whether there is more in the direction of reading.
        args.push(SqlValue::Integer(i64::from(size) + 1));
        let sql = format!(
            "SELECT {ROW_COLUMNS} FROM finished_games{} ORDER BY finished_at {order}, id {order} LIMIT ?",
            where_sql(&terms)
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query_map(params_from_iter(args), history_row)?.collect::<Result<Vec<_>, _>>()?;
        let more = rows.len() > size as usize;
        rows.truncate(size as usize);
        let (mut older, mut newer) = (None, None);
        match start {
            PageStart::NewerThan(_) => {
                rows.reverse();
                if more {
                    newer = rows.first().map(cursor_of);
                }
                if let Some(last) = rows.last() {
                    older = any_beyond(&self.conn, filter, &cursor_of(last), true)?.then(|| cursor_of(last));
                }
            }
            _ => {
                if more {
                    older = rows.last().map(cursor_of);
                }
                if let (PageStart::OlderThan(_), Some(first)) = (start, rows.first()) {
                    newer = any_beyond(&self.conn, filter, &cursor_of(first), false)?.then(|| cursor_of(first));
                }
            }
        }
        Ok(HistoryPage { rows, older, newer })
    }

    /// How many finished games pass `filter`.
    pub fn history_count(&self, filter: &HistoryFilter) -> AppResult<i64> {
        let (terms, args) = conditions(filter);
        let sql = format!("SELECT COUNT(*) FROM finished_games{}", where_sql(&terms));
        Ok(self.conn.prepare_cached(&sql)?.query_row(params_from_iter(args), |row| row.get(0))?)
    }

    /// The most recent games of a category with the best-so-far line, and its statistics.
    /// Games ranked by points chart their scores (higher is better); the others the times of
    /// won games.
    pub fn category_chart(&self, game: GameKind, category: &str) -> AppResult<CategoryChart> {
        let by_score = game.info().ranking.measure == Measure::Score;
        let mut stmt = self.conn.prepare_cached(CHART_GAMES)?;
        let mut points = stmt
            .query_map(params![game.as_str(), category, CHART_POINTS], |row| {
                let result: String = row.get(2)?;
                let value = if by_score { row.get(4)? } else { (result == "won").then(|| row.get(3)).transpose()? };
                Ok(ChartPoint { id: row.get(0)?, finished_at: row.get(1)?, result, value, best: None })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        points.reverse();
        // The best before the first point drawn: the best-ranked game outside the window. The
        // scan in value order skips at most the window's own games.
        let mut best: Option<i64> = match points.first() {
            None => None,
            Some(first) => {
                let sql = if by_score { BEST_SCORE_BEFORE } else { BEST_TIME_BEFORE };
                let found = self
                    .conn
                    .prepare_cached(sql)?
                    .query_row(params![game.as_str(), category, first.finished_at, first.id], |row| row.get(0));
                match found {
                    Ok(value) => Some(value),
                    Err(rusqlite::Error::QueryReturnedNoRows) => None,
                    Err(error) => return Err(error.into()),
                }
            }
        };
        for point in &mut points {
            if let Some(value) = point.value {
                let better = match best {
                    None => true,
                    Some(b) if by_score => value > b,
                    Some(b) => value < b,
                };
                if better {
                    best = Some(value);
                }
            }
            point.best = best;
        }
        Ok(CategoryChart {
            measure: if by_score { "score" } else { "time" },
            points,
            stats: self.category_stats(game, category)?,
        })
    }

    /// Gives every finished game that passes `filter` to `each`, newest first, as it is read
    /// (the CSV export writes them so, holding one at a time); returns how many.
    pub fn for_each_history_row(
        &self,
        filter: &HistoryFilter,
        mut each: impl FnMut(&HistoryRow) -> AppResult<()>,
    ) -> AppResult<u64> {
        let (terms, args) = conditions(filter);
        let sql =
            format!("SELECT {ROW_COLUMNS} FROM finished_games{} ORDER BY finished_at DESC, id DESC", where_sql(&terms));
        let mut stmt = self.conn.prepare(&sql)?;
        let mut rows = stmt.query(params_from_iter(args))?;
        let mut count = 0;
        while let Some(row) = rows.next()? {
            each(&history_row(row)?)?;
            count += 1;
        }
        Ok(count)
    }

    /// What resetting the hall of fame of `game` (or of every game) would remove.
    pub fn reset_preview(&self, game: Option<GameKind>) -> AppResult<ResetCounts> {
        count_for_reset(&self.conn, game)
    }

    /// Resets the hall of fame of `game`, or of every game: its records leave the hall (their
    /// rank key goes), and with `with_history` every finished game of it is deleted too. One
    /// transaction: on any failure nothing changes. Returns what was removed.
    pub fn reset_hall(&mut self, game: Option<GameKind>, with_history: bool) -> AppResult<ResetCounts> {
        let tx = self.conn.transaction()?;
        let mut counts = count_for_reset(&tx, game)?;
        let (only, args): (&str, Vec<&str>) = match game {
            Some(game) => (" AND game = ?1", vec![game.as_str()]),
            None => ("", vec![]),
        };
        if with_history {
            tx.execute(&format!("DELETE FROM finished_games WHERE 1{only}"), params_from_iter(&args))?;
            tx.execute(&format!("DELETE FROM category_totals WHERE 1{only}"), params_from_iter(&args))?;
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
    use crate::store::FinishedGame;
    use pastimes_games::{bubbles, gomoku, minesweeper};

    /// A finished game `minute` minutes into 2026.
    fn game(kind: GameKind, category: &str, result: Status, minute: u32, time_ms: u64) -> FinishedGame {
        let at = chrono::DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z").unwrap().with_timezone(&chrono::Utc)
            + chrono::Duration::minutes(i64::from(minute));
        let score = (kind == bubbles::KIND).then_some(time_ms as i64);
        let rank_key = match (score, result) {
            (Some(score), _) => Some(-score),
            (None, Status::Won) => Some(time_ms as i64),
            _ => None,
        };
        FinishedGame {
            game: kind,
            category: category.into(),
            result,
            score,
            time_ms,
            moves: 10,
            replay: false,
            started_at: crate::store::timestamp(at - chrono::Duration::seconds(30)),
            finished_at: crate::store::timestamp(at),
            detail: "{}".into(),
            rank_key,
            assistance: Default::default(),
            rate: None,
            record: None,
        }
    }

    /// A mixed history: 3 games, several categories and results, some finishing at the same time.
    fn mixed_store() -> (Store, Vec<FinishedGame>) {
        let mut store = Store::open_in_memory().unwrap();
        let mut games = vec![];
        for i in 0..150u32 {
            let (kind, category, result) = match i % 5 {
                0 => (minesweeper::KIND, "beginner", if i % 3 == 0 { Status::Lost } else { Status::Won }),
                1 => (minesweeper::KIND, "expert", Status::Won),
                2 => (bubbles::KIND, "standard", Status::Finished),
                3 => (gomoku::KIND, "freestyle-easy", if i % 2 == 0 { Status::Won } else { Status::Lost }),
                _ => (gomoku::KIND, "freestyle-human", Status::Draw),
            };
            // Every third game shares its minute with the one before: ties on time go by id.
            games.push(game(kind, category, result, i - i / 3, 1000 + u64::from(i * 37 % 101)));
        }
        store.record_many(games.clone()).unwrap();
        (store, games)
    }

    fn passes(filter: &HistoryFilter, game: &FinishedGame) -> bool {
        filter.game.is_none_or(|g| g == game.game)
            && filter.category.as_ref().is_none_or(|c| *c == game.category)
            && filter.result.is_none_or(|r| r == game.result)
            && filter.from.as_ref().is_none_or(|from| game.finished_at >= *from)
            && filter.to.as_ref().is_none_or(|to| game.finished_at < *to)
    }

    fn filters() -> Vec<HistoryFilter> {
        let minute = |m: u32| {
            crate::store::timestamp(
                game(bubbles::KIND, "standard", Status::Won, m, 0)
                    .finished_at
                    .parse::<chrono::DateTime<chrono::Utc>>()
                    .unwrap(),
            )
        };
        vec![
            HistoryFilter::default(),
            HistoryFilter { game: Some(minesweeper::KIND), ..Default::default() },
            HistoryFilter { game: Some(minesweeper::KIND), category: Some("beginner".into()), ..Default::default() },
            HistoryFilter { result: Some(Status::Won), ..Default::default() },
            HistoryFilter { game: Some(gomoku::KIND), result: Some(Status::Lost), ..Default::default() },
            HistoryFilter {
                game: Some(minesweeper::KIND),
                category: Some("beginner".into()),
                result: Some(Status::Won),
                from: Some(minute(10)),
                to: Some(minute(60)),
            },
            HistoryFilter { from: Some(minute(20)), to: Some(minute(21)), ..Default::default() },
            HistoryFilter { game: Some(bubbles::KIND), result: Some(Status::Lost), ..Default::default() },
        ]
    }

    #[test]
    fn pages_walk_every_filter_newest_first_and_back() {
        let (store, games) = mixed_store();
        for filter in filters() {
            // The expected order: newest first, ties on time by the later id first.
            let mut expected: Vec<i64> =
                (1..=games.len() as i64).filter(|id| passes(&filter, &games[*id as usize - 1])).collect();
            expected.sort_by(|a, b| {
                let (ga, gb) = (&games[*a as usize - 1], &games[*b as usize - 1]);
                gb.finished_at.cmp(&ga.finished_at).then(b.cmp(a))
            });
            assert_eq!(store.history_count(&filter).unwrap(), expected.len() as i64, "{filter:?}");
            for size in [1, 7, 50, 500] {
                let mut seen = vec![];
                let mut pages = vec![];
                let mut start = PageStart::Newest;
                loop {
                    let page = store.history(&filter, &start, size).unwrap();
                    assert!(page.rows.len() <= size as usize);
                    assert_eq!(page.newer.is_some(), !seen.is_empty() && !page.rows.is_empty(), "{filter:?}");
                    seen.extend(page.rows.iter().map(|row| row.id));
                    pages.push(page.rows.iter().map(|row| row.id).collect::<Vec<_>>());
                    match page.older {
                        Some(cursor) => start = PageStart::OlderThan(cursor),
                        None => break,
                    }
                }
                assert_eq!(seen, expected, "{filter:?} by {size}");
                // And back to the newest, page by page, the same pages.
                let mut back = pages.len() - 1;
                let mut cursor = store.history(&filter, &start, size).unwrap().newer;
                while let Some(newer) = cursor {
                    back -= 1;
                    let page = store.history(&filter, &PageStart::NewerThan(newer), size).unwrap();
                    assert_eq!(page.rows.iter().map(|row| row.id).collect::<Vec<_>>(), pages[back]);
                    assert!(page.older.is_some());
                    cursor = page.newer;
                }
                assert_eq!(back, 0, "{filter:?} by {size}: back at the newest page");
            }
        }
    }

    #[test]
    fn rows_carry_what_the_history_shows() {
        let mut store = Store::open_in_memory().unwrap();
        let mut replay = game(minesweeper::KIND, "expert", Status::Won, 1, 12_345);
        replay.replay = true;
        replay.rank_key = None;
        store.record_finished(&replay).unwrap();
        let page = store.history(&HistoryFilter::default(), &PageStart::Newest, 10).unwrap();
        let row = &page.rows[0];
        assert_eq!((row.game.as_str(), row.category.as_str(), row.result.as_str()), ("minesweeper", "expert", "won"));
        assert_eq!((row.time_ms, row.moves, row.replay, row.score), (12_345, 10, true, None));
        assert_eq!(row.finished_at, "2026-01-01T00:01:00.000Z");
        assert_eq!((page.older.clone(), page.newer.clone()), (None, None));
        let empty =
            store.history(&HistoryFilter { game: Some(bubbles::KIND), ..Default::default() }, &PageStart::Newest, 10);
        assert_eq!(empty.unwrap(), HistoryPage { rows: vec![], older: None, newer: None });
    }

    /// The statistics as a first principle: every game of the category, in time order.
    fn recomputed(games: &[FinishedGame], kind: GameKind, category: &str) -> CategoryStats {
        let mut mine: Vec<&FinishedGame> = games.iter().filter(|g| g.game == kind && g.category == category).collect();
        mine.sort_by(|a, b| a.finished_at.cmp(&b.finished_at));
        let mut stats = CategoryStats::default();
        let (mut won_time, mut scored) = (0, 0);
        for g in &mine {
            stats.played += 1;
            match g.result {
                Status::Won => {
                    stats.won += 1;
                    won_time += g.time_ms as i64;
                    stats.best_time_ms = Some(stats.best_time_ms.map_or(g.time_ms as i64, |b| b.min(g.time_ms as i64)));
                    stats.current_streak += 1;
                }
                Status::Lost => {
                    stats.lost += 1;
                    stats.current_streak = 0;
                }
                Status::Draw => {
                    stats.drawn += 1;
                    stats.current_streak = 0;
                }
                _ => stats.current_streak = 0,
            }
            stats.longest_streak = stats.longest_streak.max(stats.current_streak);
            if let Some(score) = g.score {
                scored += 1;
                stats.total_score += score;
                stats.best_score = Some(stats.best_score.map_or(score, |b| b.max(score)));
            }
        }
        stats.average_time_ms = (stats.won > 0).then(|| won_time as f64 / stats.won as f64);
        stats.average_score = (scored > 0).then(|| stats.total_score as f64 / scored as f64);
        stats
    }

    #[test]
    fn running_totals_match_the_statistics_recomputed_from_every_game() {
        let (mut store, mut games) = mixed_store();
        // A few more, one at a time, as games finish.
        for (i, result) in [Status::Won, Status::Won, Status::Lost, Status::Won].into_iter().enumerate() {
            let g = game(minesweeper::KIND, "beginner", result, 500 + i as u32, 900);
            store.record_finished(&g).unwrap();
            games.push(g);
        }
        for (kind, category) in [
            (minesweeper::KIND, "beginner"),
            (minesweeper::KIND, "expert"),
            (bubbles::KIND, "standard"),
            (gomoku::KIND, "freestyle-easy"),
            (gomoku::KIND, "freestyle-human"),
            (gomoku::KIND, "exactFive-hard"),
        ] {
            let stats = store.category_stats(kind, category).unwrap();
            assert_eq!(stats, recomputed(&games, kind, category), "{category}");
        }
        let expert = store.category_stats(minesweeper::KIND, "expert").unwrap();
        assert_eq!((expert.current_streak, expert.longest_streak), (30, 30));
    }

    #[test]
    fn streaks_count_wins_in_a_row() {
        let mut store = Store::open_in_memory().unwrap();
        let runs = "WWLWWWLWDWW";
        for (i, c) in runs.chars().enumerate() {
            let result = match c {
                'W' => Status::Won,
                'L' => Status::Lost,
                _ => Status::Draw,
            };
            store.record_finished(&game(gomoku::KIND, "exactFive-medium", result, i as u32, 1000)).unwrap();
        }
        let stats = store.category_stats(gomoku::KIND, "exactFive-medium").unwrap();
        assert_eq!((stats.played, stats.won, stats.lost, stats.drawn), (11, 8, 2, 1));
        assert_eq!((stats.current_streak, stats.longest_streak), (2, 3));
        assert_eq!(store.category_stats(gomoku::KIND, "freestyle-hard").unwrap(), CategoryStats::default());
    }

    #[test]
    fn the_chart_shows_the_recent_games_and_the_best_so_far() {
        let mut store = Store::open_in_memory().unwrap();
        let times = [5000, 7000, 4000, 0, 4500, 3000];
        for (i, time) in times.iter().enumerate() {
            let result = if *time == 0 { Status::Lost } else { Status::Won };
            store.record_finished(&game(minesweeper::KIND, "beginner", result, i as u32, *time)).unwrap();
        }
        let chart = store.category_chart(minesweeper::KIND, "beginner").unwrap();
        assert_eq!(chart.measure, "time");
        let values: Vec<_> = chart.points.iter().map(|p| p.value).collect();
        assert_eq!(values, [Some(5000), Some(7000), Some(4000), None, Some(4500), Some(3000)]);
        let best: Vec<_> = chart.points.iter().map(|p| p.best.unwrap()).collect();
        assert_eq!(best, [5000, 5000, 4000, 4000, 4000, 3000]);
        assert_eq!(chart.stats.played, 6);

        // More games than the chart draws: the best line starts from the best before them.
        let mut many = vec![];
        for i in 0..CHART_POINTS as u32 + 5 {
            many.push(game(bubbles::KIND, "shifter", Status::Finished, i, if i == 2 { 900 } else { 100 }));
        }
        store.record_many(many).unwrap();
        let chart = store.category_chart(bubbles::KIND, "shifter").unwrap();
        assert_eq!(chart.measure, "score");
        assert_eq!(chart.points.len(), CHART_POINTS as usize);
        assert_eq!(chart.points[0].value, Some(100));
        assert_eq!(chart.points[0].best, Some(900), "the record from before the window");
        assert!(store.category_chart(bubbles::KIND, "standard").unwrap().points.is_empty());
    }

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
        let done = store.reset_hall(Some(minesweeper::KIND), false).unwrap();
        assert_eq!(done, ResetCounts { records: 20, categories: 2, games: 0 });
        assert!(store.hall_categories(minesweeper::KIND).unwrap().is_empty());
        assert!(store.hall_of_fame(minesweeper::KIND, "expert").unwrap().is_empty());
        assert_eq!(all_games(&store), 150, "the history stays");
        assert_eq!(store.category_stats(minesweeper::KIND, "expert").unwrap().played, 30);
        assert_eq!(store.hall_categories(bubbles::KIND).unwrap(), ["standard"], "other games keep theirs");
        // A new record after the reset is first again.
        let fresh = store.record_finished(&game(minesweeper::KIND, "expert", Status::Won, 900, 99_999)).unwrap();
        assert_eq!(fresh.rank, Some(1));

        let done = store.reset_hall(Some(gomoku::KIND), true).unwrap();
        assert_eq!(done, ResetCounts { records: 10, categories: 1, games: 60 });
        assert_eq!(store.history_count(&HistoryFilter { game: Some(gomoku::KIND), ..Default::default() }).unwrap(), 0);
        assert_eq!(store.category_stats(gomoku::KIND, "freestyle-easy").unwrap(), CategoryStats::default());
        assert_eq!(all_games(&store), 91);
    }

    #[test]
    fn a_reset_of_everything_with_and_without_history() {
        let (mut store, _) = mixed_store();
        let preview = store.reset_preview(None).unwrap();
        assert_eq!(preview, ResetCounts { records: 40, categories: 4, games: 150 });
        assert_eq!(store.reset_hall(None, false).unwrap(), ResetCounts { games: 0, ..preview });
        assert_eq!(ranked(&store), 0);
        assert_eq!(all_games(&store), 150);
        // Nothing left in the hall: a reset says so, and succeeds.
        assert_eq!(store.reset_hall(None, false).unwrap(), ResetCounts::default());
        assert_eq!(store.reset_hall(None, true).unwrap(), ResetCounts { records: 0, categories: 0, games: 150 });
        assert_eq!(all_games(&store), 0);
        assert!(store.played_categories().unwrap().is_empty());
        let mut empty = Store::open_in_memory().unwrap();
        assert_eq!(empty.reset_preview(None).unwrap(), ResetCounts::default());
        assert_eq!(empty.reset_hall(Some(bubbles::KIND), true).unwrap(), ResetCounts::default());
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
        let error = store.reset_hall(Some(minesweeper::KIND), true).unwrap_err();
        assert!(error.to_string().contains("injected failure"), "{error}");
        let error = store.reset_hall(None, true).unwrap_err();
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
        assert!(store.reset_hall(None, false).is_err());
        assert_eq!((ranked(&store), all_games(&store), store.played_categories().unwrap()), before);
        // Once the fault is gone, the same reset works.
        store.connection().execute_batch("DROP TRIGGER fail_records;").unwrap();
        assert_eq!(store.reset_hall(None, false).unwrap().records, 40);
    }

    #[test]
    fn the_csv_export_quotes_names_and_reads_back() {
        let mut store = Store::open_in_memory().unwrap();
        let names = ["Smith, Ada", "the \"best\"", "two\nlines", "<b>Ann</b>", "=1+1"];
        for (i, name) in names.iter().enumerate() {
            let recorded =
                store.record_finished(&game(minesweeper::KIND, "beginner", Status::Won, i as u32, 1234)).unwrap();
            store.set_player_name(recorded.id, name).unwrap();
        }
        store.record_finished(&game(bubbles::KIND, "standard", Status::Finished, 10, 56)).unwrap();
        let mut out = Vec::new();
        let filter = HistoryFilter { game: Some(minesweeper::KIND), ..Default::default() };
        assert_eq!(crate::library::csv::write_history(&store, &filter, &mut out).unwrap(), 5);
        let text = String::from_utf8(out).unwrap();
        let mut lines = text.split("\r\n");
        assert_eq!(lines.next().unwrap(), crate::library::csv::HEADER.join(","));
        assert!(text.ends_with("\r\n"));
        // Newest first: the formula, then the markup, the line break, the quotes, the comma.
        assert!(text.contains(",minesweeper,beginner,won,,1.234,10,no,0,0,'=1+1,5\r\n"), "{text}");
        assert!(text.contains(",no,0,0,<b>Ann</b>,4\r\n"));
        assert!(text.contains(",no,0,0,\"two\nlines\",3\r\n"));
        assert!(text.contains(",no,0,0,\"the \"\"best\"\"\",2\r\n"));
        assert!(text.contains(",no,0,0,\"Smith, Ada\",1\r\n"));
        assert!(text.contains("2026-01-01T00:04:00.000Z,2026-01-01T00:03:30.000Z,"));
        assert!(!text.contains("bubbles"));
    }

    /// Every query the history, the hall and the chart make, with its arguments.
    fn key_queries() -> Vec<(&'static str, String, Vec<SqlValue>)> {
        let text = |s: &str| SqlValue::Text(s.into());
        let mut queries = vec![];
        for filter in filters() {
            let (mut terms, mut args) = conditions(&filter);
            terms.push("(finished_at, id) < (?, ?)");
            args.extend([text("2026-06-01T00:00:00.000Z"), SqlValue::Integer(5), SqlValue::Integer(51)]);
            let sql = format!(
                "SELECT {ROW_COLUMNS} FROM finished_games{} ORDER BY finished_at DESC, id DESC LIMIT ?",
                where_sql(&terms)
            );
            queries.push(("history page", sql, args));
        }
        queries.push((
            "hall of fame",
            super::super::finished::HALL_TOP.into(),
            vec![text("minesweeper"), text("expert"), SqlValue::Integer(10)],
        ));
        queries.push(("chart", CHART_GAMES.into(), vec![text("minesweeper"), text("expert"), SqlValue::Integer(1000)]));
        let before = |game: &str, category: &str| vec![text(game), text(category), text("2026"), SqlValue::Integer(5)];
        queries.push(("chart best time", BEST_TIME_BEFORE.into(), before("minesweeper", "expert")));
        queries.push(("chart best score", BEST_SCORE_BEFORE.into(), before("bubbles", "standard")));
        queries.push(("count", "SELECT COUNT(*) FROM finished_games WHERE game = ?1".into(), vec![text("gomoku")]));
        queries
    }

    #[test]
    fn the_key_queries_use_an_index_and_never_sort() {
        let (store, _) = mixed_store();
        for (what, sql, args) in key_queries() {
            let args: Vec<&dyn rusqlite::ToSql> = args.iter().map(|a| a as &dyn rusqlite::ToSql).collect();
            let plan = store.query_plan(&sql, &args).unwrap();
            assert!(plan.contains("USING INDEX") || plan.contains("USING COVERING INDEX"), "{what}: {plan}\n{sql}");
            assert!(!plan.contains("TEMP B-TREE"), "{what} sorts: {plan}\n{sql}");
            assert!(!plan.lines().any(|l| l.starts_with("SCAN") && !l.contains("INDEX")), "{what}: {plan}");
        }
    }
}
