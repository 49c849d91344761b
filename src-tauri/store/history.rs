//! The history of finished games: filtered pages (newest first, by keyset, so the millionth row
//! costs what the first does), counts, the chart of a category, CSV export, and resetting the
//! hall of fame.

use super::finished::{result_name, HALL_SIZE};
use super::{CategoryStats, Store};
use crate::csv::CsvWriter;
use crate::error::AppResult;
use pastimes_games::{GameKind, Status};
use rusqlite::types::Value as SqlValue;
use rusqlite::{params, params_from_iter, Connection, Row};
use serde::{Deserialize, Serialize};
use std::io::Write;

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

const ROW_COLUMNS: &str =
    "id, game, category, result, score, time_ms, moves, replay, started_at, finished_at, player";

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
    })
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
    /// Bubble Breaker charts scores (higher is better); the others the times of won games.
    pub fn category_chart(&self, game: GameKind, category: &str) -> AppResult<CategoryChart> {
        let by_score = game == GameKind::Bubbles;
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, finished_at, result, time_ms, score FROM finished_games
             WHERE game = ?1 AND category = ?2 ORDER BY finished_at DESC, id DESC LIMIT ?3",
        )?;
        let mut points = stmt
            .query_map(params![game.as_str(), category, CHART_POINTS], |row| {
                let result: String = row.get(2)?;
                let value = if by_score {
                    row.get(4)?
                } else {
                    (result == "won").then(|| row.get(3)).transpose()?
                };
                Ok(ChartPoint { id: row.get(0)?, finished_at: row.get(1)?, result, value, best: None })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        points.reverse();
        // The best before the first point drawn: the best-ranked game outside the window. The
        // scan in value order skips at most the window's own games.
        let mut best: Option<i64> = match points.first() {
            None => None,
            Some(first) => {
                let sql = if by_score {
                    "SELECT score FROM finished_games
                     WHERE game = ?1 AND category = ?2 AND score IS NOT NULL
                       AND (finished_at < ?3 OR (finished_at = ?3 AND id < ?4))
                     ORDER BY score DESC LIMIT 1"
                } else {
                    "SELECT time_ms FROM finished_games
                     WHERE game = ?1 AND category = ?2 AND result = 'won'
                       AND (finished_at < ?3 OR (finished_at = ?3 AND id < ?4))
                     ORDER BY time_ms LIMIT 1"
                };
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

    /// Writes every finished game that passes `filter` as CSV, newest first; returns how many.
    pub fn write_history_csv(&self, filter: &HistoryFilter, out: &mut dyn Write) -> AppResult<u64> {
        let (terms, args) = conditions(filter);
        let sql = format!(
            "SELECT {ROW_COLUMNS} FROM finished_games{} ORDER BY finished_at DESC, id DESC",
            where_sql(&terms)
        );
        let mut csv = CsvWriter::new(out);
        csv.header()?;
        let mut stmt = self.conn.prepare(&sql)?;
        let mut rows = stmt.query(params_from_iter(args))?;
        let mut count = 0;
        while let Some(row) = rows.next()? {
            csv.game(&history_row(row)?)?;
            count += 1;
        }
        csv.finish()?;
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
