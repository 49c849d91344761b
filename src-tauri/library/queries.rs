//! The history's arguments as the page sends them (plain JSON), checked into the store's types:
//! a known game, a category of that game, a finished result, RFC 3339 times in order, a page
//! size in range. Anything else is a typed error, never a panic or a silent default.

use crate::error::{AppError, AppResult};
use crate::store::{Cursor, HistoryFilter, PageStart};
use pastimes_games::{GameKind, RuleError, Status};
use serde::Deserialize;
use serde_json::Value;

/// How many rows a history page may have, and how many it has unless the page asks otherwise.
pub const MAX_PAGE_SIZE: i64 = 500;
pub const DEFAULT_PAGE_SIZE: u32 = 50;

fn truncate(text: &str) -> String {
    text.chars().take(40).collect()
}

pub fn game(name: &str) -> AppResult<GameKind> {
    GameKind::parse(name).ok_or_else(|| AppError::bad_argument(format!("unknown game {:?}", truncate(name))))
}

/// A game or, for `null` / nothing, every game.
pub fn optional_game(value: Option<Value>) -> AppResult<Option<GameKind>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(name)) => game(&name).map(Some),
        Some(other) => Err(AppError::bad_argument(format!("a game is a name, not {other}"))),
    }
}

pub fn boolean(value: Option<Value>, what: &str) -> AppResult<bool> {
    match value {
        Some(Value::Bool(flag)) => Ok(flag),
        _ => Err(AppError::bad_argument(format!("{what} must be true or false"))),
    }
}

/// A category a game of `kind` writes (`"beginner"`, `"custom-20x12/40"`, `"megashift"`,
/// `"exactFive-hard"`...), as the game's own table decides.
pub fn category(kind: GameKind, category: &str) -> AppResult<String> {
    if kind.info().is_category(category) {
        Ok(category.to_string())
    } else {
        Err(AppError::UnknownCategory { game: kind, category: truncate(category) })
    }
}

/// An RFC 3339 time, as the store keeps times (UTC, milliseconds).
fn instant(text: &str, what: &str) -> AppResult<String> {
    let at = chrono::DateTime::parse_from_rfc3339(text)
        .map_err(|_| AppError::bad_argument(format!("{what} must be an RFC 3339 time, not {:?}", truncate(text))))?;
    Ok(crate::store::timestamp(at.with_timezone(&chrono::Utc)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFilter {
    game: Option<String>,
    category: Option<String>,
    result: Option<String>,
    from: Option<String>,
    to: Option<String>,
}

/// `{game?, category?, result?, from?, to?}`; a missing or `null` field does not filter. A
/// category needs its game; `from` (inclusive) must be before `to` (exclusive).
pub fn filter(value: Option<Value>) -> AppResult<HistoryFilter> {
    let value = value.unwrap_or(Value::Null);
    if value.is_null() {
        return Ok(HistoryFilter::default());
    }
    let raw: RawFilter =
        serde_json::from_value(value).map_err(|error| AppError::bad_argument(format!("filter: {error}")))?;
    let game = raw.game.as_deref().map(game).transpose()?;
    let category = match (raw.category, game) {
        (None, _) => None,
        (Some(name), Some(kind)) => Some(category(kind, &name)?),
        (Some(_), None) => return Err(AppError::bad_argument("a category needs its game")),
    };
    let result = match raw.result.as_deref() {
        None => None,
        Some("won") => Some(Status::Won),
        Some("lost") => Some(Status::Lost),
        Some("draw") => Some(Status::Draw),
        Some("finished") => Some(Status::Finished),
        // A game in progress that could not be resumed, kept in the history unfinished.
        Some("abandoned") => Some(Status::Playing),
        Some(other) => return Err(AppError::bad_argument(format!("unknown result {:?}", truncate(other)))),
    };
    let from = raw.from.as_deref().map(|t| instant(t, "from")).transpose()?;
    let to = raw.to.as_deref().map(|t| instant(t, "to")).transpose()?;
    if let (Some(from), Some(to)) = (&from, &to) {
        if from >= to {
            return Err(AppError::BadDateRange { from: from.clone(), to: to.clone() });
        }
    }
    Ok(HistoryFilter { game, category, result, from, to })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RawPage {
    size: Option<i64>,
    older_than: Option<Cursor>,
    newer_than: Option<Cursor>,
}

/// `{size?, olderThan?, newerThan?}`: `size` 1 to 500 (50 if left out), at most one cursor (the
/// `older` or `newer` of a page before); nothing means the newest page.
pub fn page(value: Option<Value>) -> AppResult<(PageStart, u32)> {
    let value = value.unwrap_or(Value::Null);
    if value.is_null() {
        return Ok((PageStart::Newest, DEFAULT_PAGE_SIZE));
    }
    let raw: RawPage =
        serde_json::from_value(value).map_err(|error| AppError::bad_argument(format!("page: {error}")))?;
    let size = match raw.size {
        None => DEFAULT_PAGE_SIZE,
        Some(size) if (1..=MAX_PAGE_SIZE).contains(&size) => size as u32,
        Some(size) => {
            return Err(RuleError::OutOfRange { what: "page size", min: 1, max: MAX_PAGE_SIZE, value: size }.into())
        }
    };
    let checked = |cursor: Cursor| -> AppResult<Cursor> {
        let finished_at = instant(&cursor.finished_at, "a page cursor")?;
        Ok(Cursor { finished_at, id: cursor.id })
    };
    let start = match (raw.older_than, raw.newer_than) {
        (None, None) => PageStart::Newest,
        (Some(cursor), None) => PageStart::OlderThan(checked(cursor)?),
        (None, Some(cursor)) => PageStart::NewerThan(checked(cursor)?),
        (Some(_), Some(_)) => return Err(AppError::bad_argument("a page goes older or newer, not both")),
    };
    Ok((start, size))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pastimes_games::{bubbles, gomoku, minesweeper};
    use serde_json::json;

    #[test]
    fn categories_are_those_the_games_write() {
        for (kind, good) in [
            (minesweeper::KIND, "beginner"),
            (minesweeper::KIND, "custom-20x12/40"),
            (minesweeper::KIND, "expert-noguess"),
            (minesweeper::KIND, "custom-20x12/40-noguess"),
            (bubbles::KIND, "megashift"),
            (gomoku::KIND, "exactFive-hard"),
            (gomoku::KIND, "freestyle-human"),
        ] {
            assert!(category(kind, good).is_ok(), "{good}");
        }
        for (kind, bad) in [
            (minesweeper::KIND, "custom"),
            (minesweeper::KIND, "custom-8x9/10"),
            (minesweeper::KIND, "custom-09x9/10"),
            (minesweeper::KIND, "custom-9x9/65"),
            (minesweeper::KIND, "megashift"),
            (minesweeper::KIND, "expert-noguess-noguess"),
            (minesweeper::KIND, "noguess"),
            (bubbles::KIND, "Standard"),
            (gomoku::KIND, "freestyle"),
            (gomoku::KIND, "exactfive-hard"),
            (gomoku::KIND, "freestyle-hard-x"),
        ] {
            assert!(category(kind, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_filter_is_checked_and_its_times_normalised() {
        let filter = filter(Some(json!({"game": "minesweeper", "category": "expert", "result": "won",
            "from": "2026-01-02T00:00:00+01:00", "to": "2026-01-03T00:00:00Z"})))
        .unwrap();
        assert_eq!(filter.game, Some(minesweeper::KIND));
        assert_eq!(filter.from.as_deref(), Some("2026-01-01T23:00:00.000Z"));
        assert_eq!(filter.to.as_deref(), Some("2026-01-03T00:00:00.000Z"));
        assert_eq!(super::filter(None).unwrap(), HistoryFilter::default());
        assert_eq!(super::filter(Some(json!({"game": null}))).unwrap(), HistoryFilter::default());
    }

    #[test]
    fn bad_filters_and_pages_are_refused_with_their_reason() {
        let code = |result: AppResult<HistoryFilter>| result.unwrap_err().code();
        assert_eq!(code(filter(Some(json!({"game": "chess"})))), "bad_argument");
        assert_eq!(code(filter(Some(json!({"game": "bubbles", "category": "expert"})))), "unknown_category");
        assert_eq!(code(filter(Some(json!({"category": "expert"})))), "bad_argument");
        assert_eq!(code(filter(Some(json!({"result": "surrendered"})))), "bad_argument");
        assert_eq!(code(filter(Some(json!({"from": "yesterday"})))), "bad_argument");
        assert_eq!(
            code(filter(Some(json!({"from": "2026-02-01T00:00:00Z", "to": "2026-01-01T00:00:00Z"})))),
            "bad_date_range"
        );
        assert_eq!(code(filter(Some(json!({"colour": "red"})))), "bad_argument");
        assert_eq!(code(filter(Some(json!([1, 2])))), "bad_argument");
        assert_eq!(code(filter(Some(json!({"game": 3})))), "bad_argument");

        let page_code = |value: Value| page(Some(value)).unwrap_err().code();
        assert_eq!(page_code(json!({"size": 0})), "out_of_range");
        assert_eq!(page_code(json!({"size": 501})), "out_of_range");
        assert_eq!(page_code(json!({"size": 2.5})), "bad_argument");
        assert_eq!(page_code(json!({"olderThan": {"finishedAt": "x", "id": 1}})), "bad_argument");
        assert_eq!(page_code(json!({"olderThan": {"finishedAt": "2026-01-01T00:00:00Z"}})), "bad_argument");
        let cursor = json!({"finishedAt": "2026-01-01T00:00:00Z", "id": 1});
        assert_eq!(page_code(json!({"olderThan": cursor, "newerThan": cursor})), "bad_argument");
        assert_eq!(page(None).unwrap(), (PageStart::Newest, DEFAULT_PAGE_SIZE));
        assert_eq!(page(Some(json!({"size": 500}))).unwrap().1, 500);
    }
}
