//! Gomoku's study board through the commands: stones for both sides, taken back, pasted,
//! brought from the game in progress (which is then assisted); bad edits refused with typed
//! errors and nothing changed; the engine's look arriving for the position that stands; and
//! every command refused for a game that declares no study board.

use super::*;
use std::time::{Duration, Instant};

fn stones(snapshot: &Value) -> Vec<String> {
    snapshot["view"]["moves"].as_array().unwrap().iter().map(|m| m["notation"].as_str().unwrap().to_string()).collect()
}

/// Asks for the board until `done` holds for it, for at most a minute (the engine runs on a
/// thread of its own).
fn wait_for(h: &Harness, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let snapshot = h.call("study_board", json!({"game": "gomoku"})).unwrap();
        if done(&snapshot) {
            return snapshot;
        }
        assert!(Instant::now() < deadline, "the engine never got there: {snapshot}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn stones_are_placed_for_both_sides_taken_back_and_bad_edits_change_nothing() {
    let h = harness_with_seed(Some(1));
    h.call("study_board_engine", json!({"game": "gomoku", "on": false})).unwrap();
    h.call("study_board_edit", json!({"game": "gomoku", "edit": {"place": {"x": 7, "y": 7}}})).unwrap();
    let two = h.call("study_board_edit", json!({"game": "gomoku", "edit": {"place": {"x": 8, "y": 8}}})).unwrap();
    assert_eq!(stones(&two), ["H8", "I7"]);
    assert_eq!(two["view"]["moves"][1]["colour"], "white");
    for (edit, code) in [
        (json!({"place": {"x": 8, "y": 8}}), "illegal_move"),
        (json!({"place": {"x": 15, "y": 0}}), "out_of_board"),
        (json!({"rule": "go"}), "bad_argument"),
        (json!("undo everything"), "bad_argument"),
        (json!({"place": "H8"}), "bad_argument"),
    ] {
        let error = h.call("study_board_edit", json!({"game": "gomoku", "edit": edit})).unwrap_err();
        assert_eq!(error["code"], code, "{edit}: {error}");
    }
    let error = h
        .call("study_board_set", json!({"game": "gomoku", "setup": {"rule": "freestyle"}, "text": "H8 I9 H8"}))
        .unwrap_err();
    assert_eq!(error["code"], "record_illegal_move", "{error}");
    let error = h
        .call(
            "study_board_set",
            json!({"game": "gomoku", "setup": {"rule": "freestyle"}, "text": "x".repeat(10 * 1024 * 1024)}),
        )
        .unwrap_err();
    assert_eq!(error["code"], "record_too_large", "{error}");
    let unchanged = h.call("study_board", json!({"game": "gomoku"})).unwrap();
    assert_eq!((stones(&unchanged), &unchanged["revision"]), (stones(&two), &two["revision"]));
    let one = h.call("study_board_edit", json!({"game": "gomoku", "edit": "takeBack"})).unwrap();
    assert_eq!(stones(&one), ["H8"]);
    let cleared = h.call("study_board_edit", json!({"game": "gomoku", "edit": "clear"})).unwrap();
    assert!(stones(&cleared).is_empty());
    assert_eq!(
        h.call("study_board_edit", json!({"game": "gomoku", "edit": "takeBack"})).unwrap_err()["code"],
        "illegal_move"
    );
}

#[test]
fn a_rule_that_forbids_a_stone_on_the_board_is_refused_and_renju_marks_forbidden_points() {
    let h = harness_with_seed(Some(1));
    h.call("study_board_engine", json!({"game": "gomoku", "on": false})).unwrap();
    let set = h
        .call(
            "study_board_set",
            json!({"game": "gomoku", "setup": {"rule": "freestyle"}, "text": "G8 A1 H8 A3 F10 A5 F9 A7 F8"}),
        )
        .unwrap();
    assert_eq!(set["view"]["rule"], "freestyle");
    let error = h.call("study_board_edit", json!({"game": "gomoku", "edit": {"rule": "renju"}})).unwrap_err();
    assert_eq!(error["code"], "record_illegal_move", "{error}");
    assert_eq!(h.call("study_board", json!({"game": "gomoku"})).unwrap()["view"]["rule"], "freestyle");
    h.call("study_board_edit", json!({"game": "gomoku", "edit": "takeBack"})).unwrap();
    let renju = h.call("study_board_edit", json!({"game": "gomoku", "edit": {"rule": "renju"}})).unwrap();
    assert_eq!(renju["view"]["rule"], "renju");
    assert!(renju["view"]["forbidden"].as_array().unwrap().contains(&json!({"x": 5, "y": 7})), "{renju}");
}

#[test]
fn the_game_in_progress_comes_to_the_board_and_is_then_assisted() {
    let h = harness_with_seed(Some(1));
    assert_eq!(h.call("study_board_game", json!({"game": "gomoku"})).unwrap_err()["code"], "no_game");
    h.call("new_game", json!({"game": "gomoku", "params": {}})).unwrap();
    h.call("play", json!({"game": "gomoku", "move": {"x": 7, "y": 7}})).unwrap();
    h.call("play", json!({"game": "gomoku", "move": {"x": 6, "y": 6}})).unwrap();
    let board = h.call("study_board_game", json!({"game": "gomoku"})).unwrap();
    assert_eq!(stones(&board), ["H8", "G9"]);
    let game = h.call("snapshot", json!({"game": "gomoku"})).unwrap();
    assert_eq!((game["assistance"]["hints"].as_u64(), &game["canRank"]), (Some(1), &json!(false)));
}

#[test]
fn the_engine_finds_the_forced_win_of_the_position_that_stands() {
    let h = harness_with_seed(Some(1));
    // White to move with an open three (F9-H9): white wins by force.
    let set = h
        .call(
            "study_board_set",
            json!({"game": "gomoku", "setup": {"rule": "freestyle"}, "text": "A1 F9 C1 G9 E1 H9 A15"}),
        )
        .unwrap();
    let revision = set["revision"].clone();
    let found = wait_for(&h, |s| !s["look"]["forcedWin"].is_null());
    assert_eq!(found["revision"], revision);
    assert_eq!(found["look"]["forcedWin"]["winner"], "white");
    assert!(found["look"]["score"].as_i64().unwrap() < -9_000_000, "{found}");
    // A proven win is the engine's last word on the position: it rests.
    let rested = wait_for(&h, |s| s["thinking"] == false);
    assert_eq!(rested["settled"], true);
    // A new position drops the old look at once.
    let next = h.call("study_board_edit", json!({"game": "gomoku", "edit": "takeBack"})).unwrap();
    assert!(next["look"].is_null() && next["thinking"] == true, "{next}");
    let looked = wait_for(&h, |s| !s["look"].is_null());
    assert_eq!(looked["revision"], next["revision"]);
    assert!(!looked["look"]["choices"].as_array().unwrap().is_empty(), "{looked}");
    let off = h.call("study_board_engine", json!({"game": "gomoku", "on": false})).unwrap();
    assert_eq!((&off["thinking"], &off["engineOn"]), (&json!(false), &json!(false)));
}

/// The time the board tells ("after 0.1 s") is what the engine spent on the position, its
/// rounds together: on the empty board every round ends at once (one point to play), and the
/// engine rests having spent far less than the 25.6 s its last round was allowed.
#[test]
fn the_time_told_is_the_time_the_engine_spent() {
    let h = harness_with_seed(Some(1));
    let started = Instant::now();
    let set = h.call("study_board_edit", json!({"game": "gomoku", "edit": "clear"})).unwrap();
    let rested = wait_for(&h, |s| s["settled"] == true && s["revision"] == set["revision"]);
    let waited = started.elapsed().as_millis() as u64;
    let told = rested["thoughtMs"].as_u64().unwrap();
    assert!(told <= waited, "told {told} ms of thought after {waited} ms: {rested}");
}

/// A game whose table declares no study board is refused by every command, by name, and its
/// game in progress is left as it was (not assisted).
#[test]
fn a_game_without_a_study_board_is_refused_by_every_command() {
    let h = harness_with_seed(Some(1));
    h.call("new_game", json!({"game": "bubbles", "params": {"style": "standard"}})).unwrap();
    for (command, args) in [
        ("study_board", json!({})),
        ("study_board_edit", json!({"edit": "clear"})),
        ("study_board_set", json!({"setup": {}, "text": "A1"})),
        ("study_board_game", json!({})),
        ("study_board_engine", json!({"on": true})),
    ] {
        let mut args = args;
        args["game"] = json!("bubbles");
        let error = h.call(command, args).unwrap_err();
        assert_eq!(
            (&error["code"], &error["params"]["what"]),
            (&json!("not_offered"), &json!("studyBoard")),
            "{command}"
        );
        assert_eq!(error["params"]["game"], "bubbles");
    }
    let game = h.call("snapshot", json!({"game": "bubbles"})).unwrap();
    assert_eq!(game["assistance"]["hints"].as_u64(), Some(0), "{game}");
    assert_eq!(h.call("study_board", json!({"game": "chess"})).unwrap_err()["code"], "bad_argument");
}
