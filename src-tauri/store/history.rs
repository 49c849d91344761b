//! The history of finished games: filtered pages (newest first, by keyset, so the millionth row
//! costs what the first does) and counts. The chart of a category is in `chart.rs`, the rows of
//! the CSV export in `export.rs`, resetting the hall of fame in `reset.rs`.

use super::finished::{result_name, summary_of};
use super::Store;
use crate::error::AppResult;
use pastimes_games::{GameKind, Status};
use rusqlite::types::Value as SqlValue;
use rusqlite::{params_from_iter, Connection, Row};
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
    /// Whether its deal was seen before it was over: a restart, a game from a deal code, or one
    /// whose code was copied while it was played (unranked, marked).
    pub seen_deal: bool,
    /// Whether its full record is kept (games finished before records were kept have none):
    /// it can be watched and exported.
    pub has_record: bool,
    /// The game's competitive statistics, where it has them (Minesweeper's 3BV, 3BV/s...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<serde_json::Value>,
    /// What the work on the finished game found (Bubble Breaker's best line for the deal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analysis: Option<serde_json::Value>,
    /// The day (`YYYY-MM-DD`) whose daily deal's entry the game is, if it is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
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

pub(super) const ROW_COLUMNS: &str =
    "id, game, category, result, score, time_ms, moves, replay, started_at, finished_at, player, undos, hints, detail, analysis,
     imported, record IS NOT NULL, (SELECT day FROM daily_entries WHERE finished_id = finished_games.id)";

pub(super) fn history_row(row: &Row) -> rusqlite::Result<HistoryRow> {
    let origin = crate::assistance::Assistance::default().with_origin(row.get(15)?);
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
        imported: origin.imported,
        seen_deal: origin.seen_deal,
        has_record: row.get(16)?,
        summary: summary_of(&row.get::<_, String>(13)?),
        analysis: row.get::<_, Option<String>>(14)?.and_then(|text| serde_json::from_str(&text).ok()),
        daily: row.get(17)?,
    })
}

/// The filter as SQL conditions (joined with AND, or `1` for none) and their arguments.
pub(super) fn conditions(filter: &HistoryFilter) -> (Vec<&'static str>, Vec<SqlValue>) {
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

pub(super) fn where_sql(terms: &[&str]) -> String {
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
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::store::chart::{CHART_GAMES, RECORD_BEFORE};
    use crate::store::FinishedGame;
    use pastimes_games::{bubbles, gomoku, minesweeper};

    /// A finished game `minute` minutes into 2026.
    pub(in crate::store) fn game(
        kind: GameKind,
        category: &str,
        result: Status,
        minute: u32,
        time_ms: u64,
    ) -> FinishedGame {
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
    pub(in crate::store) fn mixed_store() -> (Store, Vec<FinishedGame>) {
        let mut store = Store::open_in_memory().unwrap();
        let mut games = vec![];
        for i in 0..150u32 {
            let (kind, category, result) = match i % 5 {
                0 => (minesweeper::KIND, "beginner", if i % 3 == 0 { Status::Lost } else { Status::Won }),
                1 => (minesweeper::KIND, "expert", Status::Won),
                2 => (bubbles::KIND, "standard", Status::Finished),
                3 => (gomoku::KIND, "freestyle-easy", if i % 2 == 0 { Status::Won } else { Status::Lost }),
                // Between two players, a draw or a win that names its colour.
                _ => (gomoku::KIND, "freestyle-human", if i % 3 == 0 { Status::Draw } else { Status::Won }),
            };
            // Every third game shares its minute with the one before: ties on time go by id.
            let mut finished = game(kind, category, result, i - i / 3, 1000 + u64::from(i * 37 % 101));
            if category == "freestyle-human" && result == Status::Won {
                let winner = if i % 7 < 3 { "white" } else { "black" };
                finished.detail = serde_json::json!({ "summary": { "winner": winner } }).to_string();
                finished.rank_key = None; // A two-player game never ranks.
            }
            games.push(finished);
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
        queries.push(("chart's record before it", RECORD_BEFORE.into(), before("minesweeper", "expert")));
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
