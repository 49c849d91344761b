//! The store's integrity check (`PRAGMA quick_check`) at start-up, within a budget.
//!
//! The check reads every page: about 5 s for a million games (889 MiB) on the 2-core build
//! machine, where a start takes a quarter of a second. So the start gives it [`START_BUDGET`]
//! (it runs beside the webview's own start, so a small store's check costs nothing visible);
//! a store too large to check in that time opens at once and is checked on a thread of its own.
//! If that check finds damage it leaves a marker beside the file, and the next start checks in
//! full, without a budget, and moves the damaged file aside as it always did. A store that
//! fails its check is never written to by the check itself (it reads a read-only connection).

use super::recovery::open_read_only;
use crate::error::AppResult;
use rusqlite::{Connection, ErrorCode};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long the start waits for the check.
pub(super) const START_BUDGET: Duration = Duration::from_millis(150);
/// How many of the check's steps (pages, roughly) pass between two looks at the clock.
const PROGRESS_STEPS: i32 = 16;

/// What the check at start found.
#[derive(Debug, PartialEq)]
pub(super) enum Checked {
    Passed,
    /// The first problems SQLite found.
    Failed(Vec<String>),
    /// Out of time: the file is large; it is checked in the background instead.
    Unfinished,
}

/// Checks the store at `path` (open on `conn`): in full if the last background check asked
/// for it, else within `budget`.
pub(super) fn at_start(conn: &mut Connection, path: &Path, budget: Duration) -> AppResult<Checked> {
    let asked = marker(path).exists();
    let checked = if asked { full(conn)? } else { within(conn, budget)? };
    if checked == Checked::Passed && asked {
        let _ = std::fs::remove_file(marker(path));
    }
    Ok(checked)
}

/// Checks the store on a thread of its own; damage leaves the marker for the next start.
pub(super) fn in_background(path: PathBuf) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let checked = open_read_only(&path).and_then(|conn| full(&conn));
        let damaged = match checked {
            Ok(Checked::Passed) => return,
            Ok(checked) => format!("{checked:?}"),
            Err(error) => error.to_string(),
        };
        eprintln!("pastimes: the store's check found damage ({damaged}); it is repaired at the next start");
        let _ = std::fs::write(marker(&path), damaged);
    })
}

fn full(conn: &Connection) -> AppResult<Checked> {
    let problems = quick_check(conn)?;
    Ok(if problems == ["ok"] { Checked::Passed } else { Checked::Failed(problems) })
}

/// The check, stopped once `budget` has passed. SQLite asks the progress handler every few
/// steps of the check, on the checking thread itself, so the deadline is read there: a timer
/// thread's interrupt could come too late on a busy machine, which might not run it at all
/// before a small store's check had ended.
fn within(conn: &mut Connection, budget: Duration) -> AppResult<Checked> {
    let deadline = Instant::now() + budget;
    conn.progress_handler(PROGRESS_STEPS, Some(move || Instant::now() >= deadline))?;
    let checked = full(conn);
    conn.progress_handler(0, None::<fn() -> bool>)?;
    match checked {
        Err(crate::error::AppError::Store(rusqlite::Error::SqliteFailure(failure, _)))
            if failure.code == ErrorCode::OperationInterrupted =>
        {
            Ok(Checked::Unfinished)
        }
        checked => checked,
    }
}

/// The first problems `PRAGMA quick_check` finds, or `["ok"]`.
fn quick_check(conn: &Connection) -> AppResult<Vec<String>> {
    let mut stmt = conn.prepare("PRAGMA quick_check(5)")?;
    let rows = stmt.query_map([], |row| row.get(0))?.collect::<Result<Vec<String>, _>>()?;
    Ok(rows)
}

/// Left beside the store when the background check found damage.
fn marker(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".check-needed");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A store file with `rows` rows, for the checks.
    fn store_file(dir: &Path, rows: usize) -> PathBuf {
        let path = dir.join("store.sqlite3");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE t (x BLOB); CREATE INDEX t_x ON t (x);").unwrap();
        conn.execute(
            "WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
             INSERT INTO t SELECT randomblob(500) FROM n",
            [rows as i64],
        )
        .unwrap();
        path
    }

    #[test]
    fn a_small_store_is_checked_within_the_budget() {
        let dir = tempfile::tempdir().unwrap();
        let path = store_file(dir.path(), 10);
        let mut conn = open_read_only(&path).unwrap();
        assert_eq!(at_start(&mut conn, &path, START_BUDGET).unwrap(), Checked::Passed);
    }

    #[test]
    fn out_of_time_the_check_is_unfinished_and_a_marker_makes_the_next_one_full() {
        let dir = tempfile::tempdir().unwrap();
        let path = store_file(dir.path(), 20_000);
        let mut conn = open_read_only(&path).unwrap();
        assert_eq!(at_start(&mut conn, &path, Duration::ZERO).unwrap(), Checked::Unfinished);
        std::fs::write(marker(&path), "damage").unwrap();
        assert_eq!(at_start(&mut conn, &path, Duration::ZERO).unwrap(), Checked::Passed, "in full, however long");
        assert!(!marker(&path).exists(), "a passed check takes the marker away");
    }

    #[test]
    fn damage_found_in_the_background_is_checked_in_full_at_the_next_start() {
        let dir = tempfile::tempdir().unwrap();
        let path = store_file(dir.path(), 2_000);
        in_background(path.clone()).join().unwrap();
        assert!(!marker(&path).exists(), "a sound store leaves no marker");
        super::super::salvage::tests::damage_pages(&path, 0.2, 7);
        in_background(path.clone()).join().unwrap();
        assert!(marker(&path).exists(), "damage leaves the marker");
        let found = open_read_only(&path).and_then(|mut conn| at_start(&mut conn, &path, Duration::ZERO));
        assert!(
            !matches!(found, Ok(Checked::Passed | Checked::Unfinished)),
            "the next start sees the damage: {found:?}"
        );
    }
}
