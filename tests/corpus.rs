//! Records that last: every committed corpus (`tests/fixtures/records/*/`, written by the
//! `record_corpus` example of the Pastimes named in its folder's README) replays in this
//! Pastimes exactly as it was played.
//!
//! - Each record file imports (through the rules, checking its result, score, moves and time),
//!   plays to its end in the watch view with its recorded clock, reaches the final view stored
//!   beside it (3BV included), and exports again to the very same text.
//! - Each store file opens as it is: every finished game verifies, the game of each kind in
//!   progress resumes, and the migrations leave every row it had as it was.
//! - A saved game that cannot be resumed is kept in the history as unfinished, never dropped.
//!
//! A corpus is never written again to make these pass: a file that no longer replays is named,
//! and what changed must deal the old games as before (a new dealer version, `pastimes_games::deal`).

use pastimes_games::GameKind;
use pastimes_lib::records::record_text;
use pastimes_lib::records::watch::Watch;
use pastimes_lib::state::{AppState, Config};
use pastimes_lib::store::{HistoryFilter, PageStart, StoreReport, DATABASE_FILE};
use rusqlite::Connection;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The folder of the corpus of the test build's fourth game, which only a test build replays.
const TEST_GAME_CORPUS: &str = "test-game";

fn corpora() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/records");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .filter(|path| cfg!(feature = "test-game") || !path.ends_with(TEST_GAME_CORPUS))
        .collect();
    dirs.sort();
    assert!(!dirs.is_empty(), "no corpus in {}", root.display());
    dirs
}

fn record_files(corpus: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_record_file_replays_to_its_result_time_and_final_view_and_exports_the_same() {
    let mut games = BTreeMap::<String, usize>::new();
    for corpus in corpora() {
        for file in record_files(&corpus) {
            let name = file.display();
            let text = std::fs::read_to_string(&file).unwrap();
            let full = record_text::import(&text).unwrap_or_else(|error| panic!("{name} no longer replays: {error}"));
            assert_eq!(record_text::export(&full).unwrap(), text, "{name} exports to other text");
            let watch = Watch::imported(&full).unwrap_or_else(|error| panic!("{name} cannot be watched: {error}"));
            let header = watch.header().clone();
            assert_eq!(header.result, full.stored.result, "{name}");
            let last = watch.frame(header.moves as u64).unwrap();
            assert_eq!(i64::try_from(last.elapsed_ms).unwrap(), full.stored.time_ms, "{name}: the clock at the end");
            let view: Value =
                serde_json::from_str(&std::fs::read_to_string(file.with_extension("view.json")).unwrap()).unwrap();
            assert_eq!(last.view, view, "{name}: the final view");
            if let Some(bbbv) = view.get("bbbv").filter(|bbbv| !bbbv.is_null()) {
                assert_eq!(last.summary.as_ref().map(|s| &s["bbbv"]), Some(bbbv), "{name}: 3BV");
            }
            *games.entry(format!("{} {}", full.stored.game, full.stored.result)).or_default() += 1;
        }
    }
    // The corpus holds every registered game, and games won, lost and finished.
    for kind in GameKind::all() {
        let id = format!("{} ", kind.as_str());
        assert!(games.keys().any(|game| game.starts_with(&id)), "no {kind:?} game in the corpus: {games:?}");
    }
    for result in ["won", "lost", "finished"] {
        assert!(games.keys().any(|game| game.ends_with(&format!(" {result}"))), "no game {result}: {games:?}");
    }
}

/// Every row of every table, as text, by table; `columns` limits the tables and their columns to
/// those named (a store's own from before the migrations, which may add tables and columns).
fn rows(path: &Path, columns: Option<&BTreeMap<String, Vec<String>>>) -> BTreeMap<String, Vec<String>> {
    let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let mut tables = BTreeMap::new();
    let names_of = match columns {
        Some(columns) => columns.clone(),
        None => columns_of(&conn),
    };
    for (table, names) in names_of {
        let names = if columns.is_some() { names.join(", ") } else { "*".to_string() };
        let mut stmt = conn.prepare(&format!("SELECT {names} FROM {table} ORDER BY 1, 2")).unwrap();
        let count = stmt.column_count();
        let values: Vec<String> = stmt
            .query_map([], |row| {
                let cells: Vec<String> = (0..count).map(|i| format!("{:?}", row.get_ref(i).unwrap())).collect();
                Ok(cells.join(" | "))
            })
            .unwrap()
            .map(Result::unwrap)
            .collect();
        tables.insert(table, values);
    }
    tables
}

/// The games a corpus store holds a game in progress of: every game it was written with (a
/// game registered since, such as the test build's fourth game, has none there), each known.
fn saved_kinds(path: &Path) -> Vec<GameKind> {
    let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let mut stmt = conn.prepare("SELECT game FROM saved_games ORDER BY game").unwrap();
    let ids: Vec<String> = stmt.query_map([], |row| row.get(0)).unwrap().map(Result::unwrap).collect();
    let kinds: Vec<GameKind> = ids.iter().map(|id| GameKind::parse(id).unwrap_or_else(|| panic!("{id}"))).collect();
    assert!(!kinds.is_empty(), "{}: games in progress", path.display());
    kinds
}

/// The columns of the store `before` that the migrations kept in `after`. The only ones they
/// may drop are those migration 7 dropped: the totals' best time and score, which the hall of
/// fame's record replaced.
fn kept_columns(before: &Path, after: &Path) -> BTreeMap<String, Vec<String>> {
    let read = |path: &Path| {
        columns_of(&Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap())
    };
    let (had, has) = (read(before), read(after));
    let mut kept = BTreeMap::new();
    for (table, names) in had {
        let now = has.get(&table).unwrap_or_else(|| panic!("table {table} is gone"));
        let (stay, gone): (Vec<String>, Vec<String>) = names.into_iter().partition(|name| now.contains(name));
        let allowed = if table == "category_totals" { &["best_time_ms", "best_score"][..] } else { &[] };
        assert!(gone.iter().all(|name| allowed.contains(&name.as_str())), "{table} lost {gone:?}");
        kept.insert(table, stay);
    }
    kept
}

fn columns_of(conn: &Connection) -> BTreeMap<String, Vec<String>> {
    let mut stmt = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").unwrap();
    let tables: Vec<String> = stmt.query_map([], |row| row.get(0)).unwrap().map(Result::unwrap).collect();
    tables
        .into_iter()
        .map(|table| {
            let mut info = conn.prepare(&format!("PRAGMA table_info({table})")).unwrap();
            let names = info.query_map([], |row| row.get::<_, String>(1)).unwrap().map(Result::unwrap).collect();
            (table, names)
        })
        .collect()
}

/// The corpus's store, copied into a fresh data folder.
fn store_copy(corpus: &Path) -> tempfile::TempDir {
    let data = tempfile::tempdir().unwrap();
    std::fs::copy(corpus.join("store.sqlite3"), data.path().join(DATABASE_FILE)).unwrap();
    data
}

fn open(data: &Path) -> AppState {
    AppState::open(Config { data_dir: data.to_path_buf(), fixed_seed: None })
}

fn history_len(state: &AppState) -> i64 {
    state.history_count(&HistoryFilter::default()).unwrap()
}

#[test]
fn every_store_opens_with_its_records_verified_its_games_resumed_and_its_rows_as_they_were() {
    for corpus in corpora().into_iter().filter(|corpus| corpus.join("store.sqlite3").exists()) {
        let name = corpus.display();
        let data = store_copy(&corpus);
        let path = data.path().join(DATABASE_FILE);
        // The store as it was, read from a copy of its own: SQLite leaves files beside any store
        // it opens, and the corpus stays as it is in the repository.
        let untouched = store_copy(&corpus);
        let original = untouched.path().join(DATABASE_FILE);
        let before = rows(&original, None);
        {
            let state = open(data.path());
            assert_eq!(state.store_report(), StoreReport::Opened, "{name}");
            assert!(state.unresumed().is_empty(), "{name}: {:?}", state.unresumed());
            let verified = state.verify_records().unwrap();
            assert!(verified.mismatched.is_empty(), "{name}: {:?}", verified.mismatched);
            assert_eq!(verified.checked as usize, before["finished_games"].len(), "{name}: every game has its record");
            for kind in saved_kinds(&path) {
                let snapshot = state.snapshot(kind).unwrap().unwrap_or_else(|| panic!("{name}: no {kind:?} game"));
                assert!(snapshot.paused && snapshot.move_count > 0, "{name}: {kind:?} comes back paused");
            }
        }
        let kept = kept_columns(&original, &path);
        assert_eq!(rows(&path, Some(&kept)), rows(&original, Some(&kept)), "{name}: opening it changed a row");

        // Then played on: each game resumes and takes its next move.
        let state = std::sync::Arc::new(open(data.path()));
        for kind in saved_kinds(&path) {
            let resumed = state.resume(kind).unwrap();
            assert!(!resumed.paused && resumed.view.is_object(), "{name}: {kind:?} resumes");
        }
        assert!(state.history(&HistoryFilter::default(), &PageStart::Newest, 100).unwrap().rows.len() > 10);
    }
}

#[test]
fn a_saved_game_that_no_longer_replays_goes_into_the_history_unfinished_and_is_told_once() {
    let corpus = corpora().into_iter().find(|corpus| corpus.join("store.sqlite3").exists()).expect("a store");
    let data = store_copy(&corpus);
    let path = data.path().join(DATABASE_FILE);
    let finished = {
        let conn = Connection::open(&path).unwrap();
        // Bubble Breaker's third pop refused by the rules, Minesweeper dealt by a dealer of a
        // later Pastimes: neither can be resumed here.
        let moves: String =
            conn.query_row("SELECT moves FROM saved_games WHERE game = 'bubbles'", [], |row| row.get(0)).unwrap();
        let mut moves: Vec<Value> = serde_json::from_str(&moves).unwrap();
        moves.push(serde_json::json!({"action": "pop", "x": 0, "y": 0}));
        moves.push(serde_json::json!({"action": "pop", "x": 0, "y": 0}));
        conn.execute(
            "UPDATE saved_games SET moves = ?1 WHERE game = 'bubbles'",
            [serde_json::to_string(&moves).unwrap()],
        )
        .unwrap();
        let params: String =
            conn.query_row("SELECT params FROM saved_games WHERE game = 'minesweeper'", [], |row| row.get(0)).unwrap();
        let mut params: Value = serde_json::from_str(&params).unwrap();
        params["deal"] = 99.into();
        conn.execute("UPDATE saved_games SET params = ?1 WHERE game = 'minesweeper'", [params.to_string()]).unwrap();
        conn.query_row("SELECT COUNT(*) FROM finished_games", [], |row| row.get::<_, i64>(0)).unwrap()
    };
    let state = open(data.path());
    let told: Vec<&str> = state.unresumed().iter().map(|u| u.game.as_str()).collect();
    assert_eq!(told, ["minesweeper", "bubbles"]);
    assert!(state.unresumed()[0].reason.contains("deal"), "{:?}", state.unresumed());
    assert_eq!(history_len(&state), finished + 2, "both kept in the history");
    let filter: HistoryFilter =
        pastimes_lib::library::queries::filter(Some(serde_json::json!({"result": "abandoned"}))).unwrap();
    let page = state.history(&filter, &PageStart::Newest, 10).unwrap();
    assert_eq!(page.rows.len(), 2);
    for row in &page.rows {
        assert_eq!(row.result, "abandoned");
        assert!(row.has_record);
        // Its record keeps every move as saved: exported, it names them all.
        let (text, _) = state.export_record(row.id).unwrap();
        assert!(text.contains("result: abandoned"), "{text}");
    }
    // Known not to replay, they are no mismatch for Verify records.
    assert!(state.verify_records().unwrap().mismatched.is_empty());
    let gomoku = pastimes_games::gomoku::KIND;
    assert!(state.snapshot(gomoku).unwrap().is_some(), "the game that resumes is there");
    assert!(state.snapshot(pastimes_games::bubbles::KIND).unwrap().is_none());
    drop(state);
    let again = open(data.path());
    assert!(again.unresumed().is_empty(), "told once");
    assert_eq!(history_len(&again), finished + 2);
}

/// Values a damaged or hostile record file may carry in place of any of its lines' values: the
/// ends of the number types, dates chrono cannot add to, other games' words, markup, nothing.
const HOSTILE: &[&str] = &[
    "",
    "-1",
    "18446744073709551615",
    "-9223372036854775808",
    "+262143-12-31T23:59:59Z",
    "{\"level\":\"custom\",\"width\":100,\"height\":100,\"mines\":1}",
    "null",
    "won",
    "open Z99",
    "pop A1",
    "choose white",
    "<b>\u{0}</b>",
];

/// Every header line and the first and last moves of every record file of the newest corpus
/// (and, in a test build, of the test game's), its value (a header's, a move's time, a move) put in turn to each of [`HOSTILE`]: the import
/// refuses it with its typed error or replays it, and a game it takes is watched to its end;
/// nothing panics. (A `.psq`'s and a video's importers have fuzzing of their own in the IPC
/// tests.)
#[test]
fn a_record_file_changed_line_by_line_is_refused_or_replays_and_never_panics() {
    let (test_game, shipped): (Vec<PathBuf>, Vec<PathBuf>) =
        corpora().into_iter().partition(|corpus| corpus.ends_with(TEST_GAME_CORPUS));
    let mut files = record_files(shipped.last().unwrap());
    files.extend(test_game.iter().flat_map(|corpus| record_files(corpus)));
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // Every header line, and of the moves the first three and the last two (and `end`).
        let moves_from = lines.iter().position(|line| line.is_empty()).unwrap() + 1;
        let kept = |at: usize| at < moves_from + 3 || at + 3 >= lines.len();
        for (at, line) in lines.iter().enumerate().filter(|(at, _)| kept(*at)) {
            for value in HOSTILE {
                let changed: Vec<String> = match (line.split_once(": "), line.split_once(' ')) {
                    (Some((key, _)), _) => vec![format!("{key}: {value}")],
                    (None, Some((time, mv))) => vec![format!("{value} {mv}"), format!("{time} {value}")],
                    (None, None) => vec![value.to_string()],
                };
                for replacement in changed {
                    let mut damaged = lines.clone();
                    damaged[at] = &replacement;
                    let damaged = damaged.join("\n") + "\n";
                    if let Ok(full) = record_text::import(&damaged) {
                        let watch = Watch::imported(&full).unwrap_or_else(|e| panic!("{damaged}: {e}"));
                        watch.frame(watch.header().moves as u64).unwrap();
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 3_000, "{checked} damaged files");
}
