//! The command layer through Tauri's mock runtime, with the app's real config and capabilities,
//! so the ACL is tested too: a granted command answers, anything else is refused.

use pastimes_lib::state::{AppState, Config};
use serde_json::{json, Value};
use std::sync::Arc;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::{WebviewWindow, WebviewWindowBuilder};

#[path = "ipc/fuzz.rs"]
mod fuzz;

#[path = "ipc/ms_analysis_board.rs"]
mod ms_analysis_board;
#[path = "ipc/puzzles.rs"]
mod puzzles;
#[path = "ipc/study_board.rs"]
mod study_board;

#[path = "ipc/bubbles_sizes.rs"]
mod bubbles_sizes;
#[path = "ipc/deals.rs"]
mod deals;
#[path = "ipc/exchange.rs"]
mod exchange;

#[path = "ipc/video.rs"]
mod video;

#[path = "ipc/psq.rs"]
mod psq;

#[path = "ipc/file_formats.rs"]
mod file_formats;

#[path = "ipc/board_files.rs"]
mod board_files;

#[path = "ipc/demo.rs"]
mod demo;
#[path = "ipc/large_board.rs"]
mod large_board;
#[path = "ipc/openings.rs"]
mod openings;

#[cfg(feature = "test-game")]
#[path = "ipc/fourth_game.rs"]
mod fourth_game;

struct Harness {
    _app: tauri::App<tauri::test::MockRuntime>,
    /// The state the commands answer from, for what only a dialog reaches (a record's export).
    #[allow(dead_code)]
    state: Arc<AppState>,
    window: WebviewWindow<tauri::test::MockRuntime>,
    _data: tempfile::TempDir,
}

fn harness_with_seed(seed: Option<u64>) -> Harness {
    let data = tempfile::tempdir().unwrap();
    harness_in(data, seed)
}

fn harness_in(data: tempfile::TempDir, seed: Option<u64>) -> Harness {
    let state = Arc::new(AppState::open(Config { data_dir: data.path().to_path_buf(), fixed_seed: seed }));
    let app = pastimes_lib::app_builder(mock_builder(), Arc::clone(&state))
        .build(tauri::generate_context!("tauri.conf.json", test = true))
        .unwrap();
    let window = WebviewWindowBuilder::new(&app, "main", Default::default()).build().unwrap();
    Harness { _app: app, state, window, _data: data }
}

impl Harness {
    fn call(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        let request = InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().unwrap(),
            body: InvokeBody::Json(args),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        };
        get_ipc_response(&self.window, request).map(|body| body.deserialize::<Value>().unwrap())
    }

    /// A new beginner Minesweeper game, its cells opened row by row until it ends (won or lost);
    /// the last snapshot.
    fn finish_a_beginner_game(&self) -> Value {
        self.call("new_game", json!({"game": "minesweeper", "params": {"level": "beginner"}})).unwrap();
        let mut last = Value::Null;
        for (x, y) in (0..9).flat_map(|y| (0..9).map(move |x| (x, y))) {
            let open = json!({"game": "minesweeper", "move": {"action": "open", "x": x, "y": y}});
            last = self.call("play", open).unwrap_or(last);
            if last["status"] != "playing" {
                break;
            }
        }
        last
    }
}

#[test]
fn app_info_tells_version_and_licence() {
    let h = harness_with_seed(None);
    let info = h.call("app_info", json!({})).unwrap();
    assert_eq!(info["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(info["licence"], "MIT");
    assert_eq!(info["startupError"], Value::Null);
}

/// A core command that is registered but not granted: the ACL itself must refuse it (a plugin
/// that is not registered at all would fail without any ACL).
#[test]
fn a_file_that_is_no_store_is_moved_aside_and_play_goes_on() {
    let data = tempfile::tempdir().unwrap();
    std::fs::write(data.path().join("pastimes.sqlite3"), "my shopping list").unwrap();
    let h = harness_in(data, Some(1));
    let info = h.call("app_info", json!({})).unwrap();
    assert_eq!(info["store"]["kind"], "movedAside", "{info}");
    assert_eq!(info["store"]["why"], "notADatabase");
    assert!(info["store"]["movedTo"].as_str().unwrap().contains("pastimes.sqlite3.damaged-"), "{info}");
    assert_eq!(info["keepsGames"], true);
    assert_eq!(info["startupError"], Value::Null);
    h.call("new_game", json!({"game": "minesweeper", "params": {"level": "beginner"}})).unwrap();
}

#[test]
fn a_newer_store_lets_play_go_on_in_memory_until_a_new_store_is_started() {
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("pastimes.sqlite3");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE settings (key, value); PRAGMA user_version = 999;").unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let h = harness_in(data, Some(1));
    let info = h.call("app_info", json!({})).unwrap();
    assert_eq!(info["store"]["kind"], "newer", "{info}");
    assert_eq!(info["keepsGames"], false, "games are kept in memory only");
    h.call("new_game", json!({"game": "minesweeper", "params": {"level": "beginner"}})).unwrap();
    h.call("set_setting", json!({"key": "theme", "value": "dark"})).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), before, "the newer file is untouched");

    let started = h.call("start_new_store", json!({})).unwrap();
    assert_eq!(started["kind"], "newerMovedAside");
    let moved_to = started["movedTo"].as_str().unwrap();
    assert!(moved_to.contains("pastimes.sqlite3.newer-"), "{started}");
    assert_eq!(std::fs::read(moved_to).unwrap(), before, "moved aside as it was");
    assert_eq!(h.call("app_info", json!({})).unwrap()["keepsGames"], true);
    assert_eq!(h.call("get_settings", json!({})).unwrap()["theme"], "dark", "what was set meanwhile is kept");
    let again = h.call("start_new_store", json!({})).unwrap_err();
    assert_eq!(again["code"], "bad_argument");
}

#[test]
fn a_registered_command_outside_the_capabilities_is_refused_by_the_acl() {
    let h = harness_with_seed(None);
    let refused = h.call("plugin:window|close", json!({"label": "main"})).unwrap_err().to_string();
    assert!(refused.contains("not allowed"), "{refused}");
    assert!(!refused.contains("not found"), "{refused}");
    // The granted command of the same plugin goes through.
    h.call("plugin:window|set_title", json!({"label": "main", "value": "Pastimes"})).unwrap();
}

/// The one command list is what the ACL grants: every command of it passes the ACL (then its
/// arguments, of the wrong types here, are refused by the command itself, before any dialog).
#[test]
fn every_listed_command_is_granted_and_handled() {
    let h = harness_with_seed(None);
    let wrong = json!({"game": 1, "id": "x", "filter": 5, "params": 2, "move": 3, "key": 4, "text": 5,
        "name": 6, "index": "y", "withHistory": "z", "value": null, "kind": 7});
    assert_eq!(pastimes_lib::COMMANDS.len(), 53, "{:?}", pastimes_lib::COMMANDS);
    // add_engine takes no argument and opens the native open dialog: a test build takes this
    // program instead, which is no engine, so it is refused at once.
    std::env::set_var("PASTIMES_TEST_ENGINE", "/nonexistent/pbrain-none");
    for command in pastimes_lib::COMMANDS {
        if let Err(error) = h.call(command, wrong.clone()) {
            let text = error.to_string();
            assert!(!text.contains("not allowed") && !text.contains("not found"), "{command}: {text}");
        }
    }
    let unknown = h.call("no_such_command", json!({})).unwrap_err().to_string();
    assert!(unknown.contains("not allowed") || unknown.contains("not found"), "{unknown}");
}

#[test]
fn a_hint_answers_with_the_game_marked_assisted() {
    let h = harness_with_seed(Some(42));
    let before = h.call("hint", json!({"game": "minesweeper"})).unwrap_err();
    assert!(before.to_string().contains("no_game"), "{before}");
    h.call("new_game", json!({"game": "minesweeper", "params": {"level": "expert"}})).unwrap();
    h.call("play", json!({"game": "minesweeper", "move": {"action": "open", "x": 15, "y": 8}})).unwrap();
    let hinted = h.call("hint", json!({"game": "minesweeper"})).unwrap();
    assert!(hinted["hint"]["kind"].is_string(), "{hinted}");
    assert_eq!(hinted["snapshot"]["assistance"]["hints"], 1);
    assert_eq!(hinted["snapshot"]["canRank"], false);
    assert!(!hinted["snapshot"]["view"]["cells"].as_str().unwrap().contains('*'), "no mine is shown");
}

/// Show odds: nothing before the first click, then a figure for each closed cell (none for an
/// open one) that never tells a mine for sure unless logic does; the game is assisted once, not
/// once a look; a game without odds, a paused one and a finished one are refused, unchanged.
#[test]
fn the_odds_are_the_players_own_view_and_count_as_help_once() {
    let h = harness_with_seed(Some(42));
    h.call("new_game", json!({"game": "minesweeper", "params": {"level": "beginner", "noGuess": false}})).unwrap();
    let before = h.call("odds", json!({"game": "minesweeper"})).unwrap_err();
    assert_eq!(before["code"], "nothing_to_do", "{before}");
    let played = h.call("play", json!({"game": "minesweeper", "move": {"action": "open", "x": 4, "y": 4}})).unwrap();
    let cells = played["view"]["cells"].as_str().unwrap().to_string();
    let shown = h.call("odds", json!({"game": "minesweeper"})).unwrap();
    let figures = shown["odds"]["mine"].as_array().unwrap();
    assert_eq!(figures.len(), 81);
    for (figure, code) in figures.iter().zip(cells.chars()) {
        assert_eq!(figure.is_null(), code.is_ascii_digit(), "{code}: {figure}");
    }
    let total: f64 = figures.iter().filter_map(Value::as_f64).sum();
    assert!((total - 10.0).abs() < 1e-6, "the figures add up to the mines: {total}");
    assert_eq!(shown["odds"]["exact"], true);
    assert_eq!(shown["snapshot"]["assistance"]["hints"], 1);
    assert_eq!(shown["snapshot"]["canRank"], false);
    let again = h.call("odds", json!({"game": "minesweeper"})).unwrap();
    assert_eq!(again["snapshot"]["assistance"]["hints"], 1, "one game, one help");
    assert_eq!(again["snapshot"]["revision"], shown["snapshot"]["revision"], "a second look changes nothing");

    h.call("pause", json!({"game": "minesweeper"})).unwrap();
    assert_eq!(h.call("odds", json!({"game": "minesweeper"})).unwrap_err()["code"], "paused");
    h.call("new_game", json!({"game": "bubbles", "params": {"style": "standard"}})).unwrap();
    let refused = h.call("odds", json!({"game": "bubbles"})).unwrap_err();
    assert_eq!(refused["code"], "not_offered");
    let untouched = h.call("snapshot", json!({"game": "bubbles"})).unwrap();
    assert_eq!(untouched["assistance"]["hints"], 0);
}

#[test]
fn verify_records_replays_every_finished_game() {
    let h = harness_with_seed(Some(42));
    let empty = h.call("verify_records", json!({})).unwrap();
    assert_eq!(empty, json!({"checked": 0, "mismatched": []}));
    let last = h.finish_a_beginner_game();
    assert_ne!(last["status"], "playing", "a beginner board opened cell by cell ends");
    assert_eq!(h.call("verify_records", json!({})).unwrap(), json!({"checked": 1, "mismatched": []}));
}

/// A two-player Gomoku game to black's five on row 8, white looking away: the review command
/// gives its stones, and once the background review is done (it says so meanwhile), the review.
#[test]
fn a_finished_gomoku_game_is_reviewed_with_its_stones() {
    let h = harness_with_seed(Some(7));
    h.call("new_game", json!({"game": "gomoku", "params": {"opponent": "human"}})).unwrap();
    let stones = [(7, 7), (0, 0), (8, 7), (0, 14), (9, 7), (14, 14), (10, 7), (14, 0), (11, 7)];
    let mut last = Value::Null;
    for (x, y) in stones {
        last = h.call("play", json!({"game": "gomoku", "move": {"x": x, "y": y}})).unwrap();
    }
    assert_eq!(last["status"], "won", "{last}");
    let id = last["record"]["id"].as_i64().expect("recorded");

    let mut review = h.call("review", json!({"id": id})).unwrap();
    assert_eq!(review["game"], "gomoku");
    let moves = review["view"]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 9);
    assert_eq!((&moves[0]["notation"], &moves[0]["colour"]), (&json!("H8"), &json!("black")));
    assert_eq!(review["view"]["winner"], "black");
    // The engine works on it in the background; the command says so until it is done.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while review["analysis"].is_null() {
        assert_eq!(review["analysing"], true, "{review}");
        assert!(std::time::Instant::now() < deadline, "the review was not done within 2 minutes");
        std::thread::sleep(std::time::Duration::from_millis(20));
        review = h.call("review", json!({"id": id})).unwrap();
    }
    assert_eq!(review["analysing"], false);
    assert_eq!(review["analysis"]["evaluations"].as_array().unwrap().len(), 9, "one value per stone");
    let blunder = review["analysis"]["mistakes"].as_array().unwrap().iter().find(|m| m["colour"] == "white");
    assert!(blunder.is_some_and(|m| m["better"].is_string()), "{review}");

    let missing = h.call("review", json!({"id": id + 1})).unwrap_err();
    assert_eq!(missing["code"], "bad_argument", "{missing}");
    // Without an id Tauri itself refuses the call (the page reads that as a bad argument).
    let no_id = h.call("review", json!({})).unwrap_err().to_string();
    assert!(no_id.contains("missing required key id"), "{no_id}");
}

/// A review, copying and pasting moves are what a game's table offers (pasting moves is its
/// `moves` format): a game without them is refused with `not_offered`, and nothing changes.
#[test]
fn a_game_refuses_what_its_table_does_not_offer() {
    let h = harness_with_seed(Some(42));
    // Bubble Breaker's analysis is its best line, watched: it has no review.
    let mut last = h.call("new_game", json!({"game": "bubbles", "params": {"style": "standard"}})).unwrap();
    while last["status"] == "playing" {
        let cells = last["view"]["cells"].as_array().unwrap();
        let width = last["view"]["width"].as_u64().unwrap() as usize;
        let pair = (0..cells.len())
            .find(|&i| {
                cells[i] != 0
                    && ((i % width + 1 < width && cells[i + 1] == cells[i]) || cells.get(i + width) == Some(&cells[i]))
            })
            .expect("a game under way has a group");
        last = h
            .call("play", json!({"game": "bubbles", "move": {"action": "pop", "x": pair % width, "y": pair / width}}))
            .unwrap();
    }
    let id = last["record"]["id"].as_i64().unwrap_or_else(|| panic!("recorded: {last}"));
    let refused = h.call("review", json!({"id": id})).unwrap_err();
    assert_eq!(refused["code"], "not_offered", "{refused}");
    assert_eq!(refused["params"], json!({"game": "bubbles", "what": "review"}));
    let games = h.call("games", json!({})).unwrap();
    for game in games.as_array().unwrap().iter().filter(|game| game["exchangesMoves"] == false) {
        let before = h.call("snapshot", json!({"game": game["id"]})).unwrap();
        let pasted = json!({"game": game["id"], "format": "moves", "params": game["defaultParams"], "text": "A1"});
        let refused = h.call("import_game", pasted).unwrap_err();
        assert_eq!(refused["code"], "not_offered", "{refused}");
        assert_eq!(refused["params"]["what"], "import");
        assert_eq!(h.call("snapshot", json!({"game": game["id"]})).unwrap(), before, "{}", game["id"]);
    }
}

#[test]
fn a_finished_game_is_watched_frame_by_frame_from_the_history() {
    let h = harness_with_seed(Some(42));
    let none = h.call("watch_frame", json!({"index": 0})).unwrap_err();
    assert_eq!(none["code"], "not_watching");
    let last = h.finish_a_beginner_game();
    let row = h.call("history", json!({})).unwrap()["rows"][0].clone();
    assert_eq!(row["hasRecord"], true);
    let header = h.call("watch_open", json!({"id": row["id"]})).unwrap();
    assert_eq!(
        (&header["game"], &header["result"], &header["moves"]),
        (&json!("minesweeper"), &row["result"], &row["moves"])
    );
    assert_eq!(header["timesMs"].as_array().unwrap().len() as i64, row["moves"].as_i64().unwrap());
    let dealt = h.call("watch_frame", json!({"index": 0})).unwrap();
    assert!(dealt["view"]["cells"].as_str().unwrap().chars().all(|c| c == '.'));
    let end = h.call("watch_frame", json!({"index": header["moves"]})).unwrap();
    assert_eq!(end["view"], last["view"], "the last frame is the board the game ended on");
    assert_eq!(end["status"], last["status"]);
    let past = h.call("watch_frame", json!({"index": header["moves"].as_i64().unwrap() + 1})).unwrap_err();
    assert_eq!(past["code"], "no_such_frame");
    assert_eq!(h.call("watch_open", json!({"id": 999})).unwrap_err()["code"], "no_such_game");
    assert_eq!(h.call("watch_best_line", json!({"id": row["id"]})).unwrap_err()["code"], "no_best_line");
}

#[test]
fn the_games_catalogue_comes_from_the_registry() {
    let h = harness_with_seed(None);
    let games = h.call("games", json!({})).unwrap();
    let ids: Vec<&str> = games.as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, pastimes_games::GameKind::all().map(|kind| kind.as_str()).collect::<Vec<_>>());
    for game in games.as_array().unwrap() {
        let started = h.call("new_game", json!({"game": game["id"], "params": game["defaultParams"]})).unwrap();
        assert_eq!(started["game"], game["id"]);
        // A game with choices (levels, styles) says which one it was started with; the Game menu
        // and the compact control check it.
        match game["choices"].as_object() {
            Some(choices) => {
                let key = choices["key"].as_str().unwrap();
                assert_eq!(started["choice"], game["defaultParams"][key], "{}", game["id"]);
                let last = choices["items"].as_array().unwrap().iter().rfind(|item| item["asks"] == false).unwrap();
                let mut params = game["defaultParams"].clone();
                params[key] = last["id"].clone();
                let chosen = h.call("new_game", json!({"game": game["id"], "params": params})).unwrap();
                assert_eq!(chosen["choice"], last["id"], "{}", game["id"]);
            }
            None => assert_eq!(started["choice"], Value::Null, "{}", game["id"]),
        }
    }
    let custom = json!({"level": "custom", "width": 12, "height": 10, "mines": 20});
    let started = h.call("new_game", json!({"game": "minesweeper", "params": custom})).unwrap();
    assert_eq!(started["choice"], "custom");
}

#[test]
fn a_new_game_answers_a_snapshot_without_hidden_information() {
    let h = harness_with_seed(Some(42));
    let snapshot = h.call("new_game", json!({"game": "minesweeper", "params": {"level": "beginner"}})).unwrap();
    assert_eq!(snapshot["game"], "minesweeper");
    assert_eq!(snapshot["status"], "playing");
    assert_eq!(snapshot["view"]["cells"], ".".repeat(81));
    assert_eq!(snapshot["clockRunning"], false, "the clock starts with the first move");
    assert!(snapshot.get("seed").is_none());

    let played = h.call("play", json!({"game": "minesweeper", "move": {"action": "open", "x": 4, "y": 4}})).unwrap();
    assert_eq!(played["clockRunning"], true);
    assert_eq!(played["moveCount"], 1);
    let cells = played["view"]["cells"].as_str().unwrap();
    assert!(!cells.contains('*') && !cells.contains('X'), "no mine is shown while playing");
}

#[test]
fn bad_input_gets_a_typed_error_and_changes_nothing() {
    let h = harness_with_seed(Some(1));
    h.call("new_game", json!({"game": "minesweeper", "params": {"level": "beginner"}})).unwrap();
    let before = h.call("snapshot", json!({"game": "minesweeper"})).unwrap();

    let cases = [
        ("play", json!({"game": "minesweeper", "move": {"action": "open", "x": 9, "y": 0}}), "out_of_board"),
        ("play", json!({"game": "minesweeper", "move": {"action": "open", "x": -1, "y": 0}}), "out_of_board"),
        ("play", json!({"game": "minesweeper", "move": {"action": "explode"}}), "bad_argument"),
        ("play", json!({"game": "chess", "move": {}}), "bad_argument"),
        (
            "new_game",
            json!({"game": "minesweeper", "params": {"level": "custom", "width": 101, "height": 9, "mines": 10}}),
            "out_of_range",
        ),
        (
            "new_game",
            json!({"game": "minesweeper", "params": {"level": "custom", "width": 9, "height": 9, "mines": 65}}),
            "out_of_range",
        ),
        ("new_game", json!({"game": "minesweeper", "params": {"level": "legendary"}}), "bad_argument"),
        ("set_setting", json!({"key": "theme", "value": "<script>"}), "bad_argument"),
        ("set_setting", json!({"key": "no-such-key", "value": 1}), "unknown_setting"),
        ("submit_record_name", json!({"id": 1, "name": "x".repeat(10 * 1024)}), "invalid_name"),
        ("submit_record_name", json!({"id": 1, "name": "Ada"}), "not_a_record"),
        ("undo", json!({"game": "minesweeper"}), "nothing_to_do"),
        ("fit_window", json!({"width": 1e9, "height": 10}), "bad_argument"),
    ];
    for (command, args, code) in cases {
        let error = h.call(command, args.clone()).unwrap_err();
        assert_eq!(error["code"], code, "{command} {args}: {error}");
        assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let out_of_range = h
        .call(
            "new_game",
            json!({"game": "minesweeper", "params": {"level": "custom", "width": 101, "height": 9, "mines": 10}}),
        )
        .unwrap_err();
    assert_eq!(out_of_range["params"], json!({"what": "width", "min": 9, "max": 100, "value": 101}));
    assert_eq!(h.call("snapshot", json!({"game": "minesweeper"})).unwrap(), before, "nothing changed");
}

#[test]
fn settings_are_checked_and_kept() {
    let h = harness_with_seed(None);
    let settings = h.call("get_settings", json!({})).unwrap();
    assert_eq!(settings["theme"], "system");
    let changed = h.call("set_setting", json!({"key": "theme", "value": "contrast"})).unwrap();
    assert_eq!(changed["theme"], "contrast");
    assert_eq!(h.call("get_settings", json!({})).unwrap()["theme"], "contrast");
}

#[test]
fn a_game_in_progress_resumes_paused_after_a_restart() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path().to_path_buf();
    let first = harness_in(data, Some(9));
    first.call("new_game", json!({"game": "minesweeper", "params": {"level": "intermediate"}})).unwrap();
    first.call("play", json!({"game": "minesweeper", "move": {"action": "open", "x": 8, "y": 8}})).unwrap();
    let played = first.call("play", json!({"game": "minesweeper", "move": {"action": "mark", "x": 0, "y": 0}}));
    let before = played.unwrap();
    // A second app on the same data dir, as after a restart.
    let state = Arc::new(AppState::open(Config { data_dir: dir, fixed_seed: None }));
    let resumed = state.snapshot(pastimes_games::minesweeper::KIND).unwrap().unwrap();
    assert!(resumed.paused, "a resumed game waits, paused");
    assert_eq!(resumed.view, Value::Null, "a paused board is not shown");
    assert!(resumed.elapsed_ms >= before["elapsedMs"].as_u64().unwrap().saturating_sub(50));
    let shown = state.resume(pastimes_games::minesweeper::KIND).unwrap();
    assert_eq!(shown.view, before["view"], "the same board, flags and all");
    assert_eq!(shown.move_count, 2);
}

/// Finishes a Minesweeper game by opening a mine (the history then has a lost beginner game).
fn lose_a_game(h: &Harness) {
    h.call("new_game", json!({"game": "minesweeper", "params": {"level": "beginner"}})).unwrap();
    let params = pastimes_games::minesweeper::Params::beginner();
    let mines = pastimes_games::minesweeper::mine_layout(&params, 3, (4, 4));
    h.call("play", json!({"game": "minesweeper", "move": {"action": "open", "x": 4, "y": 4}})).unwrap();
    let (x, y) = mines[0];
    let lost = h.call("play", json!({"game": "minesweeper", "move": {"action": "open", "x": x, "y": y}})).unwrap();
    assert_eq!(lost["status"], "lost");
}

#[test]
fn the_history_answers_pages_counts_charts_and_categories() {
    let h = harness_with_seed(Some(3));
    lose_a_game(&h);
    let page = h.call("history", json!({"filter": {"game": "minesweeper"}, "page": {"size": 10}})).unwrap();
    assert_eq!(page["rows"].as_array().unwrap().len(), 1);
    let row = &page["rows"][0];
    assert_eq!(
        (row["game"].as_str(), row["category"].as_str(), row["result"].as_str()),
        (Some("minesweeper"), Some("beginner"), Some("lost"))
    );
    assert_eq!(row["replay"], false);
    assert_eq!((&page["older"], &page["newer"]), (&Value::Null, &Value::Null));
    assert_eq!(h.call("history", json!({})).unwrap()["rows"].as_array().unwrap().len(), 1, "no filter, no page");
    assert_eq!(h.call("history_count", json!({"filter": {"result": "won"}})).unwrap(), 0);
    assert_eq!(h.call("history_count", json!({})).unwrap(), 1);
    let chart = h.call("category_chart", json!({"game": "minesweeper", "category": "beginner"})).unwrap();
    assert_eq!(chart["measure"], "time");
    assert_eq!(chart["points"][0]["value"], Value::Null, "a lost game has no time to chart");
    assert_eq!(chart["stats"]["played"], 1);
    assert_eq!(chart["stats"]["currentStreak"], 0);
    assert_eq!(chart["stats"]["winRate"], 0.0, "the win rate is the store's, in percent");
    let played = h.call("played_categories", json!({})).unwrap();
    assert_eq!(played, json!([{"game": "minesweeper", "category": "beginner", "played": 1}]));
}

/// The statistics every table on the page shows are the store's: a Bubble Breaker style with a
/// scored game and a game left unfinished (the corpus's Megashift game in progress, given a pop
/// the rules refuse, so it cannot be resumed) averages over the scored game only, and the
/// `statistics` command and the history's chart give the same figures.
#[test]
fn bubble_breakers_statistics_average_over_the_scored_games() {
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("pastimes.sqlite3");
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/records/dealer1-schema5/store.sqlite3");
    std::fs::copy(corpus, &path).unwrap();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        let moves: String =
            conn.query_row("SELECT moves FROM saved_games WHERE game = 'bubbles'", [], |row| row.get(0)).unwrap();
        let mut moves: Vec<Value> = serde_json::from_str(&moves).unwrap();
        moves.push(json!({"action": "pop", "x": 0, "y": 0}));
        moves.push(json!({"action": "pop", "x": 0, "y": 0}));
        conn.execute("UPDATE saved_games SET moves = ?1 WHERE game = 'bubbles'", [json!(moves).to_string()]).unwrap();
    }
    let h = harness_in(data, Some(3));
    let megashift = json!({"game": "bubbles", "category": "megashift"});
    let stats = h.call("statistics", megashift.clone()).unwrap();
    assert_eq!((&stats["played"], &stats["won"], &stats["totalScore"]), (&json!(2), &json!(0), &json!(252)), "{stats}");
    assert_eq!(stats["averageScore"], 252.0, "over the one scored game, not the two played: {stats}");
    assert_eq!(stats["winRate"], 0.0);
    let unscored = h.call("history", json!({"filter": {"game": "bubbles", "result": "abandoned"}})).unwrap();
    assert_eq!(unscored["rows"][0]["score"], Value::Null, "the unfinished game has no score");
    assert_eq!(h.call("category_chart", megashift).unwrap()["stats"], stats, "the chart's table shows the same");
}

#[test]
fn bad_history_and_reset_requests_get_typed_errors() {
    let h = harness_with_seed(Some(3));
    lose_a_game(&h);
    let cursor = json!({"finishedAt": "2026-01-01T00:00:00Z", "id": 1});
    let cases = [
        ("history", json!({"filter": {"game": "chess"}}), "bad_argument"),
        ("history", json!({"filter": {"game": "minesweeper", "category": "legendary"}}), "unknown_category"),
        ("history", json!({"filter": {"game": "bubbles", "category": "beginner"}}), "unknown_category"),
        ("history", json!({"filter": {"category": "beginner"}}), "bad_argument"),
        ("history", json!({"filter": {"result": "surrendered"}}), "bad_argument"),
        ("history", json!({"filter": {"from": "2026-13-01"}}), "bad_argument"),
        (
            "history",
            json!({"filter": {"from": "2026-02-01T00:00:00Z", "to": "2026-01-01T00:00:00Z"}}),
            "bad_date_range",
        ),
        ("history", json!({"filter": {"colour": "red"}}), "bad_argument"),
        ("history", json!({"filter": "minesweeper"}), "bad_argument"),
        ("history", json!({"page": {"size": 0}}), "out_of_range"),
        ("history", json!({"page": {"size": 100000}}), "out_of_range"),
        ("history", json!({"page": {"size": "ten"}}), "bad_argument"),
        ("history", json!({"page": {"olderThan": {"finishedAt": "soon", "id": 1}}}), "bad_argument"),
        ("history", json!({"page": {"olderThan": cursor, "newerThan": cursor}}), "bad_argument"),
        ("history", json!({"page": [1]}), "bad_argument"),
        ("history_count", json!({"filter": {"to": 5}}), "bad_argument"),
        ("category_chart", json!({"game": "chess", "category": "beginner"}), "bad_argument"),
        ("category_chart", json!({"game": "gomoku", "category": "freestyle-grandmaster"}), "unknown_category"),
        ("reset_preview", json!({"game": "chess"}), "bad_argument"),
        ("reset_preview", json!({"game": 1}), "bad_argument"),
        ("reset_hall", json!({"game": "chess", "withHistory": false}), "bad_argument"),
        ("reset_hall", json!({"game": "minesweeper", "withHistory": "yes"}), "bad_argument"),
        ("reset_hall", json!({"game": "minesweeper"}), "bad_argument"),
        ("export_history", json!({"filter": {"game": "bubbles", "category": "beginner"}}), "unknown_category"),
    ];
    for (command, args, code) in cases {
        let error = h.call(command, args.clone()).unwrap_err();
        assert_eq!(error["code"], code, "{command} {args}: {error}");
        assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let range = h.call("history", json!({"filter": {"from": "2026-02-01T00:00:00Z", "to": "2026-01-01T00:00:00Z"}}));
    assert_eq!(
        range.unwrap_err()["params"],
        json!({"from": "2026-02-01T00:00:00.000Z", "to": "2026-01-01T00:00:00.000Z"})
    );
    // Nothing was reset by the refused requests.
    assert_eq!(h.call("history_count", json!({})).unwrap(), 1);
}

#[test]
fn a_reset_says_what_it_removes_and_an_empty_hall_resets_to_nothing() {
    let h = harness_with_seed(Some(3));
    let nothing = json!({"records": 0, "categories": 0, "games": 0});
    assert_eq!(h.call("reset_preview", json!({"game": null})).unwrap(), nothing);
    assert_eq!(h.call("reset_hall", json!({"game": null, "withHistory": true})).unwrap(), nothing);
    lose_a_game(&h);
    let preview = h.call("reset_preview", json!({"game": "minesweeper"})).unwrap();
    assert_eq!(preview, json!({"records": 0, "categories": 0, "games": 1}));
    assert_eq!(h.call("reset_hall", json!({"game": "minesweeper", "withHistory": false})).unwrap(), nothing);
    assert_eq!(h.call("history_count", json!({})).unwrap(), 1, "the history stays");
    let removed = h.call("reset_hall", json!({"game": "minesweeper", "withHistory": true})).unwrap();
    assert_eq!(removed, json!({"records": 0, "categories": 0, "games": 1}));
    assert_eq!(h.call("history_count", json!({})).unwrap(), 0);
}

#[test]
fn the_page_gets_none_of_the_dialog_plugins_commands() {
    let h = harness_with_seed(None);
    let refused = h.call("plugin:dialog|save", json!({"options": {}})).unwrap_err();
    assert!(refused.to_string().contains("not allowed"), "{refused}");
}
