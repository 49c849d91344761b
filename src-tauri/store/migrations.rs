//! Numbered schema migrations, tracked in `PRAGMA user_version`.
//!
//! Migration N (1-based) takes a database at version N-1 to version N. Never edit a migration
//! that has shipped: add a new one.

use crate::error::{AppError, AppResult};
use rusqlite::Connection;
use std::collections::BTreeMap;

/// The running totals of every category, computed from the finished games: migration 2 filled
/// `category_totals` with it (with the best time and score it had then: `$best`), and a salvaged
/// store rebuilds its totals with the same text.
macro_rules! totals_from_games {
    ($best:literal) => {
        concat!(
            "
     INSERT INTO category_totals
     WITH ordered AS (
         SELECT game, category, result,
                SUM(result <> 'won') OVER (PARTITION BY game, category ORDER BY finished_at, id
                                           ROWS UNBOUNDED PRECEDING) AS run
         FROM finished_games
     ),
     runs AS (
         SELECT game, category, run, SUM(result = 'won') AS wins FROM ordered GROUP BY game, category, run
     ),
     streaks AS (
         SELECT game, category, MAX(wins) AS longest,
                (SELECT last.wins FROM runs AS last
                 WHERE last.game = runs.game AND last.category = runs.category
                 ORDER BY last.run DESC LIMIT 1) AS current
         FROM runs GROUP BY game, category
     )
     SELECT f.game, f.category, COUNT(*), SUM(f.result = 'won'), SUM(f.result = 'lost'),
            SUM(f.result = 'draw'), COUNT(f.score), COALESCE(SUM(f.score), 0),
            COALESCE(SUM(CASE WHEN f.result = 'won' THEN f.time_ms END), 0),",
            $best,
            " s.current, s.longest
     FROM finished_games AS f JOIN streaks AS s ON s.game = f.game AND s.category = f.category
     GROUP BY f.game, f.category;"
        )
    };
}

/// Fills the empty `category_totals` from the finished games (the salvage fills
/// `category_winners` with [`super::winners::rebuild`]).
pub(super) const REBUILD_TOTALS: &str = totals_from_games!("");

/// The number in a Pastimes store's header (`PRAGMA application_id`, from migration 5): "PAST".
macro_rules! application_id {
    () => {
        "1346458452"
    };
}

pub(super) const MIGRATIONS: &[&str] = &[
    // 1: settings, games in progress, finished games and the hall-of-fame index.
    "CREATE TABLE settings (
         key   TEXT PRIMARY KEY,
         value TEXT NOT NULL
     );
     CREATE TABLE saved_games (
         game       TEXT PRIMARY KEY,
         params     TEXT NOT NULL,
         seed       INTEGER NOT NULL,
         moves      TEXT NOT NULL,
         elapsed_ms INTEGER NOT NULL,
         started_at TEXT NOT NULL,
         updated_at TEXT NOT NULL
     );
     CREATE TABLE finished_games (
         id          INTEGER PRIMARY KEY,
         game        TEXT NOT NULL,
         category    TEXT NOT NULL,
         result      TEXT NOT NULL,
         score       INTEGER,
         time_ms     INTEGER NOT NULL,
         moves       INTEGER NOT NULL,
         replay      INTEGER NOT NULL DEFAULT 0,
         started_at  TEXT NOT NULL,
         finished_at TEXT NOT NULL,
         player      TEXT,
         detail      TEXT NOT NULL DEFAULT '{}',
         -- Lower is better; NULL when the game does not count for the hall of fame
         -- (a loss, a replay, a two-player game, or a record reset away).
         rank_key    INTEGER
     );
     CREATE INDEX finished_by_date ON finished_games (finished_at);
     CREATE INDEX finished_by_category ON finished_games (game, category, finished_at);
     CREATE INDEX hall_of_fame ON finished_games (game, category, rank_key, finished_at, id)
         WHERE rank_key IS NOT NULL;",
    // 2: the history's filters and paging (newest first, by game, result and category), the
    // chart's best before its window, and running totals per category (statistics in one read).
    concat!(
        "CREATE INDEX history_by_game ON finished_games (game, finished_at);
     CREATE INDEX history_by_result ON finished_games (result, finished_at);
     CREATE INDEX history_by_game_result ON finished_games (game, result, finished_at);
     CREATE INDEX history_by_category_result ON finished_games (game, category, result, finished_at);
     CREATE INDEX best_time ON finished_games (game, category, result, time_ms);
     CREATE INDEX best_score ON finished_games (game, category, score) WHERE score IS NOT NULL;
     CREATE TABLE category_totals (
         game           TEXT NOT NULL,
         category       TEXT NOT NULL,
         played         INTEGER NOT NULL,
         won            INTEGER NOT NULL,
         lost           INTEGER NOT NULL,
         drawn          INTEGER NOT NULL,
         -- Games with a score, and their sum; the sum of the won games' times.
         scored         INTEGER NOT NULL,
         total_score    INTEGER NOT NULL,
         won_time_ms    INTEGER NOT NULL,
         best_time_ms   INTEGER,
         best_score     INTEGER,
         -- Wins in a row at the end of the category's history, and the most ever.
         current_streak INTEGER NOT NULL,
         longest_streak INTEGER NOT NULL,
         PRIMARY KEY (game, category)
     ) WITHOUT ROWID;",
        totals_from_games!(" MIN(CASE WHEN f.result = 'won' THEN f.time_ms END), MAX(f.score),")
    ),
    // 3: what helped the player (moves taken back, hints): an assisted game never ranks. Kept
    // for games in progress too, so a restart does not forget it.
    "ALTER TABLE finished_games ADD COLUMN undos INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE finished_games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE saved_games ADD COLUMN undos INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE saved_games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
     -- A second measure with its own hall of fame, higher is better (Minesweeper's 3BV/s); NULL
     -- where it does not rank (a loss, a replay, help, a game without one).
     ALTER TABLE finished_games ADD COLUMN rate REAL;
     -- What the work on a finished game found, as JSON (Bubble Breaker: the best line of the deal).
     ALTER TABLE finished_games ADD COLUMN analysis TEXT;
     -- Every move and the clock at each (src-tauri/record.rs): replayable, checkable. Games
     -- finished before have none.
     ALTER TABLE finished_games ADD COLUMN record BLOB;
     ALTER TABLE saved_games ADD COLUMN times TEXT NOT NULL DEFAULT '[]';
     CREATE INDEX rate_hall ON finished_games (game, category, rate DESC, finished_at, id)
         WHERE rate IS NOT NULL;",
    // 4: a game begun from a pasted position (assistance.rs): unranked, and marked so.
    "ALTER TABLE finished_games ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE saved_games ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;",
    // 5: the file says it is Pastimes' own in its header (see `owner`); no row changes.
    concat!("PRAGMA application_id = ", application_id!(), ";"),
    // 6: the wins of each category by who won, where the game names a winner (two-player
    // Gomoku's colours), counted as `category_totals` counts the rest; filled from the finished
    // games by `after` (see there).
    "CREATE TABLE category_winners (
         game     TEXT NOT NULL,
         category TEXT NOT NULL,
         winner   TEXT NOT NULL,
         won      INTEGER NOT NULL,
         PRIMARY KEY (game, category, winner)
     ) WITHOUT ROWID;",
    // 7: a category's best time and best score, in its chart and its statistics, are now the
    // hall of fame's record, read from `hall_of_fame` (a replay or a game played with help is no
    // best): the two indexes that served the chart and the totals' two columns serve nothing,
    // and every finished game wrote them.
    "DROP INDEX best_time;
     DROP INDEX best_score;
     ALTER TABLE category_totals DROP COLUMN best_time_ms;
     ALTER TABLE category_totals DROP COLUMN best_score;",
    // 8: the daily deal's entries (store/daily.rs): one per game and local day, the day's first
    // attempt, made at its first move; `finished_id` is its game in the history once over.
    "CREATE TABLE daily_entries (
         game        TEXT NOT NULL,
         day         TEXT NOT NULL,
         choice      TEXT NOT NULL,
         seed        INTEGER NOT NULL,
         started_at  TEXT NOT NULL,
         finished_id INTEGER,
         PRIMARY KEY (game, day)
     );",
    // 9: the puzzles' attempts (store/puzzles.rs): a row when a puzzle is solved, and one when
    // an attempt first goes wrong (a wrong move, the solution shown), which ends the streak.
    "CREATE TABLE puzzle_attempts (
         id     INTEGER PRIMARY KEY,
         game   TEXT NOT NULL,
         puzzle TEXT NOT NULL,
         kind   TEXT NOT NULL,
         grade  INTEGER NOT NULL,
         solved INTEGER NOT NULL,
         clean  INTEGER NOT NULL,
         at     TEXT NOT NULL
     );",
    // 10: the puzzle of the day's entries (store/daily_puzzles.rs), the daily offer of a game
    // with puzzles: one per game and local day, the day's first attempt, made at its first
    // action; `result` (`solved`, `failed`) and `time_ms` once it is decided. And the daily
    // deals' entries by their finished game: the history and its CSV export say which game is
    // a day's entry.
    "CREATE TABLE daily_puzzles (
         game       TEXT NOT NULL,
         day        TEXT NOT NULL,
         puzzle     TEXT NOT NULL,
         started_at TEXT NOT NULL,
         result     TEXT,
         time_ms    INTEGER,
         PRIMARY KEY (game, day)
     );
     CREATE INDEX daily_entries_finished ON daily_entries (finished_id);",
];

/// What migration `version` does beyond its SQL, in the same transaction: the work that needs
/// JSON read, which the bundled SQLite leaves out (`.cargo/config.toml`).
fn after(version: usize, tx: &Connection) -> AppResult<()> {
    match version {
        6 => super::winners::rebuild(tx),
        _ => Ok(()),
    }
}

/// [`application_id!`] as a number.
pub(super) const APPLICATION_ID: i64 = 0x5041_5354;

/// Whose database a file is, as far as its header and its tables tell.
#[derive(Debug, PartialEq)]
pub(super) enum Owner {
    /// A Pastimes store (at any version this Pastimes knows), or an empty database.
    Ours,
    /// A store of a newer Pastimes.
    Newer { found: i64, known: i64 },
    /// Another program's database, and what tells.
    Foreign(String),
}

/// Tells whose database `conn` is without writing anything, so that another program's file is
/// never changed (not even by the journal mode). A store since migration 5 says so in its
/// header. An older one is told by its version and its tables: at least one of ours, and each
/// table named like one of ours with exactly the columns our migrations gave it at that version.
/// A table named like ours is not enough, and neither is a version number; a table of ours
/// missing (its page damaged) or one more (added by hand) does not make a store another's.
pub(super) fn owner(conn: &Connection) -> AppResult<Owner> {
    let application_id: i64 = conn.pragma_query_value(None, "application_id", |row| row.get(0))?;
    let found = version(conn)?;
    let known = latest_version();
    if application_id == APPLICATION_ID {
        return Ok(if found > known { Owner::Newer { found, known } } else { Owner::Ours });
    }
    if application_id != 0 {
        return Ok(Owner::Foreign(format!("its header names another program (application id {application_id})")));
    }
    // Only an unmarked file (a store from before migration 5, once) needs its tables read.
    let tables = columns(conn)?;
    let names = || tables.keys().cloned().collect::<Vec<_>>().join(", ");
    if found > known {
        // A newer Pastimes marks its file; an unmarked one still counts if it has our tables.
        let ours = columns_at(known);
        let shared = tables.keys().any(|table| ours.contains_key(table));
        return Ok(if shared { Owner::Newer { found, known } } else { foreign(&names(), found) });
    }
    if tables.is_empty() {
        return Ok(if found == 0 { Owner::Ours } else { foreign("none", found) });
    }
    let expected = if found >= 1 { columns_at(found) } else { BTreeMap::new() };
    let shared: Vec<&String> = tables.keys().filter(|table| expected.contains_key(*table)).collect();
    let same_columns = shared.iter().all(|table| tables[*table] == expected[*table]);
    Ok(if !shared.is_empty() && same_columns { Owner::Ours } else { foreign(&names(), found) })
}

fn foreign(tables: &str, version: i64) -> Owner {
    Owner::Foreign(format!("its tables are another program's: {tables} (schema version {version})"))
}

/// The columns of each table a store has at `version`, as its migrations make them (in a
/// database in memory).
fn columns_at(version: i64) -> BTreeMap<String, Vec<String>> {
    let made = || -> AppResult<BTreeMap<String, Vec<String>>> {
        let conn = Connection::open_in_memory()?;
        for sql in MIGRATIONS.iter().take(version.max(0) as usize) {
            conn.execute_batch(sql)?;
        }
        columns(&conn)
    };
    made().unwrap_or_default()
}

/// The columns of each of the database's own tables, by name.
fn columns(conn: &Connection) -> AppResult<BTreeMap<String, Vec<String>>> {
    let mut tables = BTreeMap::new();
    for table in table_names(conn)? {
        let mut stmt = conn.prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")?;
        let names = stmt.query_map([&table], |row| row.get(0))?.collect::<Result<Vec<String>, _>>()?;
        tables.insert(table, names);
    }
    Ok(tables)
}

/// The database's own tables (not SQLite's `sqlite_*`), in name order.
pub(super) fn table_names(conn: &Connection) -> AppResult<Vec<String>> {
    let mut stmt = conn.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )?;
    let names = stmt.query_map([], |row| row.get(0))?.collect::<Result<Vec<String>, _>>()?;
    Ok(names)
}

/// The schema version this Pastimes writes.
pub(super) fn latest_version() -> i64 {
    MIGRATIONS.len() as i64
}

fn version(conn: &Connection) -> AppResult<i64> {
    Ok(conn.pragma_query_value(None, "user_version", |row| row.get(0))?)
}

/// Refuses, before anything is written, a database that is not a Pastimes store this
/// Pastimes can open: another program's, or a newer Pastimes'.
pub(super) fn refuse_unknown(conn: &Connection) -> AppResult<()> {
    match owner(conn)? {
        Owner::Ours => Ok(()),
        Owner::Newer { found, known } => Err(AppError::NewerSchema { found, known }),
        Owner::Foreign(reason) => Err(AppError::ForeignStore(reason)),
    }
}

/// Applies every migration the database lacks, each in its own transaction with its version bump.
pub(super) fn migrate(conn: &mut Connection) -> AppResult<()> {
    refuse_unknown(conn)?;
    let current = version(conn)?;
    for (index, sql) in MIGRATIONS.iter().enumerate().skip(current as usize) {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        after(index + 1, &tx)?;
        tx.pragma_update(None, "user_version", index as i64 + 1)?;
        tx.commit()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    fn tables(conn: &Connection) -> Vec<String> {
        let mut stmt = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").unwrap();
        stmt.query_map([], |row| row.get(0)).unwrap().map(Result::unwrap).collect()
    }

    #[test]
    fn an_empty_database_reaches_the_latest_version() {
        let store = Store::open_in_memory().unwrap();
        assert_eq!(version(store.connection()).unwrap(), latest_version());
        assert_eq!(
            tables(store.connection()),
            [
                "category_totals",
                "category_winners",
                "daily_entries",
                "daily_puzzles",
                "finished_games",
                "puzzle_attempts",
                "saved_games",
                "settings"
            ]
        );
    }

    #[test]
    fn the_header_mark_is_pastimes_own_number() {
        assert_eq!(application_id!().parse::<i64>().unwrap(), APPLICATION_ID);
        assert_eq!(&APPLICATION_ID.to_be_bytes()[4..], b"PAST");
        let store = Store::open_in_memory().unwrap();
        let id: i64 = store.connection().pragma_query_value(None, "application_id", |row| row.get(0)).unwrap();
        assert_eq!(id, APPLICATION_ID);
        assert_eq!(owner(store.connection()).unwrap(), Owner::Ours);
    }

    #[test]
    fn an_unmarked_store_with_a_table_lost_or_one_added_is_still_ours() {
        let conn = Connection::open_in_memory().unwrap();
        for sql in &MIGRATIONS[..2] {
            conn.execute_batch(sql).unwrap();
        }
        conn.execute_batch("DROP TABLE saved_games; CREATE TABLE padding (junk BLOB); PRAGMA user_version = 2;")
            .unwrap();
        assert_eq!(owner(&conn).unwrap(), Owner::Ours);
        // The same tables under a version that gave them other columns are not.
        conn.pragma_update(None, "user_version", 4).unwrap();
        assert!(matches!(owner(&conn).unwrap(), Owner::Foreign(_)));
    }

    #[test]
    fn every_earlier_version_migrates_to_the_latest() {
        for start in 0..latest_version() {
            let mut conn = Connection::open_in_memory().unwrap();
            for (index, sql) in MIGRATIONS.iter().enumerate().take(start as usize) {
                conn.execute_batch(sql).unwrap();
                conn.pragma_update(None, "user_version", index as i64 + 1).unwrap();
            }
            migrate(&mut conn).unwrap();
            assert_eq!(version(&conn).unwrap(), latest_version(), "from version {start}");
            // Migrating again is a no-op.
            migrate(&mut conn).unwrap();
        }
    }

    #[test]
    fn version_5_two_player_wins_get_counted_by_colour() {
        let mut conn = Connection::open_in_memory().unwrap();
        for (index, sql) in MIGRATIONS[..5].iter().enumerate() {
            conn.execute_batch(sql).unwrap();
            conn.pragma_update(None, "user_version", index as i64 + 1).unwrap();
        }
        let games = [
            ("won", r#"{"summary":{"winner":"black"}}"#),
            ("won", r#"{"seed":"7","summary":{"winner":"white"}}"#),
            ("won", r#"{"summary":{"winner":"black"}}"#),
            ("won", "{}"),                     // finished before the summary named the winner
            ("won", r#"{"winner": not json"#), // damaged
            ("draw", "{}"),
        ];
        for (result, detail) in games {
            conn.execute(
                "INSERT INTO finished_games (game, category, result, time_ms, moves, started_at, finished_at, detail)
                 VALUES ('gomoku', 'freestyle-human', ?1, 9000, 30, '2026', '2026-12-01T00:00:00.000Z', ?2)",
                rusqlite::params![result, detail],
            )
            .unwrap();
        }
        migrate(&mut conn).unwrap();
        let mut stmt = conn.prepare("SELECT winner, won FROM category_winners ORDER BY winner").unwrap();
        let wins: Vec<(String, i64)> =
            stmt.query_map([], |row| Ok((row.get(0)?, row.get(1)?))).unwrap().map(Result::unwrap).collect();
        assert_eq!(wins, [("black".to_owned(), 2), ("white".to_owned(), 1)]);
    }

    #[test]
    fn version_1_games_get_their_totals_and_streaks() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(MIGRATIONS[0]).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        // Recorded out of time order on purpose: the streaks follow the finishing times.
        let games = [
            ("won", 3000, None::<i64>, "05"),
            ("won", 2000, None, "01"),
            ("won", 2500, None, "02"),
            ("lost", 100, None, "03"),
            ("won", 4000, None, "04"),
            ("won", 1000, None, "06"),
        ];
        for (result, time, score, second) in games {
            // A win ranks by its time, as the app of then recorded it.
            conn.execute(
                "INSERT INTO finished_games (game, category, result, score, time_ms, moves, started_at, finished_at, rank_key)
                 VALUES ('minesweeper', 'beginner', ?1, ?2, ?3, 5, '2026', ?4, CASE WHEN ?1 = 'won' THEN ?3 END)",
                rusqlite::params![result, score, time, format!("2026-01-01T00:00:{second}.000Z")],
            )
            .unwrap();
        }
        conn.execute(
            "INSERT INTO finished_games (game, category, result, score, time_ms, moves, started_at, finished_at, rank_key)
             VALUES ('bubbles', 'standard', 'finished', 250, 9000, 40, '2026', '2026-01-01T00:00:00.000Z', -250)",
            [],
        )
        .unwrap();
        migrate(&mut conn).unwrap();
        let store = Store { conn, unsaved: Default::default() };
        let stats = store.category_stats(pastimes_games::minesweeper::KIND, "beginner").unwrap();
        assert_eq!((stats.played, stats.won, stats.lost), (6, 5, 1));
        assert_eq!((stats.current_streak, stats.longest_streak), (3, 3));
        assert_eq!((stats.best_time_ms, stats.average_time_ms), (Some(1000), Some(2500.0)));
        let bubbles = store.category_stats(pastimes_games::bubbles::KIND, "standard").unwrap();
        assert_eq!((bubbles.played, bubbles.best_score, bubbles.average_score), (1, Some(250), Some(250.0)));
        assert_eq!((bubbles.current_streak, bubbles.won), (0, 0));
    }

    #[test]
    fn a_newer_database_is_refused_and_left_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(crate::store::DATABASE_FILE);
        {
            let conn = Connection::open(&path).unwrap();
            // A newer Pastimes marks its store in the header, as this one does since migration 5.
            conn.execute_batch(
                "PRAGMA application_id = 1346458452; CREATE TABLE future (x); PRAGMA user_version = 99;",
            )
            .unwrap();
        }
        let before = std::fs::read(&path).unwrap();
        let error = Store::open(dir.path()).err().expect("a newer schema must be refused");
        assert!(matches!(error, AppError::NewerSchema { found: 99, .. }), "{error}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "the file must not change");
        assert!(!dir.path().join("pastimes.sqlite3-wal").exists());
    }
}
