//! Gomocup's game files (Piskvork's `.psq`) through the commands: the hand-written fixtures
//! imported with `import_game` (never stored) or refused by name, an imported game watched and
//! reviewed (id 0), and a game played here exported as a `.psq` that imports back to the same
//! stones, times and names. The save dialog (`export_game`) needs a desktop: the end-to-end
//! tests drive it.

use super::harness_with_seed;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/psq").join(name);
    std::fs::read_to_string(path).unwrap()
}

fn code(error: Result<Value, Value>) -> Value {
    error.expect_err("an error")["code"].clone()
}

#[test]
fn the_fixtures_import_with_their_names_and_times_or_are_refused_by_name() {
    let h = harness_with_seed(Some(5));
    let won = h
        .call("import_game", json!({"file": {"name": "game.psq", "bytes": fixture("won-by-five.psq").as_bytes()}}))
        .unwrap()["record"]
        .clone();
    assert_eq!(
        (won["id"].as_i64(), won["game"].as_str(), won["result"].as_str()),
        (Some(0), Some("gomoku"), Some("won"))
    );
    assert_eq!(won["moves"], 9);
    assert_eq!(won["timeMs"], 120 + 1410 + 980 + 1002 + 877 + 1530 + 640 + 2210 + 450, "the times added up");
    assert_eq!(
        (won["params"]["blackName"].as_str(), won["params"]["whiteName"].as_str()),
        (Some("alpha"), Some("beta"))
    );
    assert_eq!(
        (won["params"]["rule"].as_str(), won["category"].as_str()),
        (Some("freestyle"), Some("freestyle-human"))
    );
    assert_eq!(won["assistance"]["imported"], true, "an import never ranks");
    let watched = h.call("watch_import", json!({})).unwrap();
    assert_eq!((watched["moves"].as_u64(), watched["result"].as_str()), (Some(9), Some("won")));
    let last = h.call("watch_frame", json!({"index": 9})).unwrap();
    assert_eq!(last["view"]["winner"], "black");
    assert_eq!(last["elapsedMs"], won["timeMs"]);

    let unfinished = h
        .call("import_game", json!({"file": {"name": "game.psq", "bytes": fixture("unfinished.psq").as_bytes()}}))
        .unwrap()["record"]
        .clone();
    assert_eq!((unfinished["result"].as_str(), unfinished["moves"].as_i64()), (Some("abandoned"), Some(5)));
    assert_eq!(unfinished["params"]["blackName"], "Bob", "seat 2 began");

    for (name, expected) in [
        ("board-19x19.psq", "psq_board_size"),
        ("illegal-occupied.psq", "psq_illegal_move"),
        ("truncated.psq", "psq_truncated"),
    ] {
        let refused = h.call("import_game", json!({"file": {"name": "game.psq", "bytes": fixture(name).as_bytes()}}));
        assert_eq!(code(refused.clone()), expected, "{name}");
        if name == "board-19x19.psq" {
            assert_eq!(refused.unwrap_err()["params"], json!({"width": 19, "height": 19}));
        }
        let still = h.call("watch_import", json!({})).unwrap();
        assert_eq!(still["moves"], 5, "{name}: the last import stays");
    }
    let junk = "7".repeat(10 * 1024 * 1024);
    assert_eq!(
        code(h.call("import_game", json!({"file": {"name": "game.psq", "bytes": junk.as_bytes()}}))),
        "psq_too_large"
    );
    assert_eq!(h.call("history_count", json!({})).unwrap(), json!(0), "an import is only shown");
}

/// Asks for the review of the import until the engine is done.
fn reviewed_import(h: &super::Harness) -> Value {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let review = h.call("review", json!({"id": 0})).unwrap();
        if !review["analysis"].is_null() {
            assert_eq!(review["analysing"], false);
            return review;
        }
        assert_eq!(review["analysing"], true, "{review}");
        assert!(Instant::now() < deadline, "the review was not done within 2 minutes");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn an_imported_game_is_reviewed_and_a_new_import_drops_the_old_review() {
    let h = harness_with_seed(Some(5));
    assert_eq!(code(h.call("review", json!({"id": 0}))), "nothing_imported");
    h.call("import_game", json!({"file": {"name": "game.psq", "bytes": fixture("won-by-five.psq").as_bytes()}}))
        .unwrap();
    let review = reviewed_import(&h);
    assert_eq!((review["id"].as_i64(), review["result"].as_str()), (Some(0), Some("won")));
    assert_eq!(review["view"]["blackName"], "alpha");
    assert_eq!(review["analysis"]["evaluations"].as_array().unwrap().len(), 9, "one value per stone");

    h.call("import_game", json!({"file": {"name": "game.psq", "bytes": fixture("unfinished.psq").as_bytes()}}))
        .unwrap();
    let fresh = h.call("review", json!({"id": 0})).unwrap();
    assert_eq!(fresh["view"]["moves"].as_array().unwrap().len(), 5, "{fresh}");
    let review = reviewed_import(&h);
    assert_eq!(review["analysis"]["evaluations"].as_array().unwrap().len(), 5);
    // A Minesweeper import's review is its own, click by click, in place of the Gomoku one.
    h.call("import_game", json!({"text": minesweeper_record(&h)})).unwrap();
    let review = h.call("review", json!({"id": 0})).unwrap();
    assert_eq!(review["game"], "minesweeper", "{review}");
    assert!(review["analysis"]["clicks"].as_array().is_some_and(|clicks| !clicks.is_empty()), "{review}");
}

/// A finished Minesweeper game of the history, as a record file's text.
fn minesweeper_record(h: &super::Harness) -> String {
    let last = h.finish_a_beginner_game();
    let id = last["record"]["id"].as_i64().expect("recorded");
    h.state.export_record(id).unwrap().0
}

#[test]
fn a_game_played_here_exports_as_a_psq_that_imports_back_the_same() {
    let h = harness_with_seed(Some(9));
    let params = json!({"opponent": "human", "rule": "renju", "blackName": "Ann", "whiteName": "Bob"});
    h.call("new_game", json!({"game": "gomoku", "params": params})).unwrap();
    let stones = [(7, 7), (0, 0), (8, 7), (0, 14), (9, 7), (14, 14), (10, 7), (14, 0), (11, 7)];
    let mut last = Value::Null;
    for (x, y) in stones {
        std::thread::sleep(Duration::from_millis(15));
        last = h.call("play", json!({"game": "gomoku", "move": {"x": x, "y": y}})).unwrap();
    }
    assert_eq!(last["status"], "won", "{last}");
    let id = last["record"]["id"].as_i64().expect("recorded");
    let exported = h.state.export_game(pastimes_games::gomoku::KIND, Some(id), "psq").unwrap();
    let (text, file_name) = (String::from_utf8(exported.bytes).unwrap(), exported.file_name);
    assert!(file_name.ends_with(".psq"), "{file_name}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Piskvorky 15x15, 0:0, 0");
    assert_eq!(lines[1].split(',').take(2).collect::<Vec<_>>(), ["8", "8"], "H8, counted from 1");
    assert_eq!(&lines[10..], ["homo-Ann", "homo-Bob", "0", "rule: renju"]);

    let header = h.call("import_game", json!({"file": {"name": "game.psq", "bytes": text.as_bytes()}})).unwrap()
        ["record"]
        .clone();
    let record = h.call("watch_open", json!({"id": id})).unwrap();
    let back = h.call("watch_import", json!({})).unwrap();
    assert_eq!(back["timesMs"], record["timesMs"], "the same times");
    assert_eq!((header["params"]["rule"].as_str(), header["result"].as_str()), (Some("renju"), Some("won")));
    assert_eq!(
        (header["params"]["blackName"].as_str(), header["params"]["whiteName"].as_str()),
        (Some("Ann"), Some("Bob"))
    );
    for index in 1..=stones.len() {
        let ours = h.call("watch_frame", json!({"index": index})).unwrap();
        assert!(ours["move"].is_object(), "{ours}");
    }
    let here = h.call("watch_frame", json!({"index": stones.len()})).unwrap();
    assert_eq!(here["view"]["moves"], last["view"]["moves"], "the same stones");

    let minesweeper = h.finish_a_beginner_game()["record"]["id"].as_i64().unwrap();
    let refused = h.state.export_game(pastimes_games::minesweeper::KIND, Some(minesweeper), "psq").unwrap_err();
    assert_eq!(refused.code(), "not_offered");
}
