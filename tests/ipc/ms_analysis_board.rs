//! Minesweeper's analysis board through the commands: a pasted position and its look (the
//! odds and the best guess), a bad text refused by its code with nothing changed, an impossible
//! position said so, and the game in progress brought to it (then assisted, its mines hidden).

use super::*;
use std::time::{Duration, Instant};

/// Asks for the board until its look at the position of `revision` has come (the engine runs
/// on a thread of its own), for at most a minute.
fn looked(h: &Harness, revision: &Value) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let snapshot = h.call("study_board", json!({"game": "minesweeper"})).unwrap();
        if &snapshot["revision"] == revision && !snapshot["look"].is_null() {
            return snapshot;
        }
        assert!(Instant::now() < deadline, "no look came: {snapshot}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_pasted_position_gets_its_odds_and_best_guess_and_bad_text_changes_nothing() {
    let h = harness_with_seed(Some(1));
    let text = "..\n11";
    let set = h.call("study_board_set", json!({"game": "minesweeper", "setup": {"mines": 1}, "text": text})).unwrap();
    assert_eq!(set["view"]["cells"], "..11");
    let snapshot = looked(&h, &set["revision"]);
    let look = &snapshot["look"];
    assert_eq!(look["possible"], true);
    assert_eq!(look["odds"]["mine"], json!([0.5, 0.5, null, null]));
    assert_eq!(look["guess"]["kind"], "guess");
    assert_eq!(look["guess"]["coinToss"], true);

    let refused =
        h.call("study_board_set", json!({"game": "minesweeper", "setup": {"mines": 1}, "text": "..\n1x"})).unwrap_err();
    assert_eq!(refused["code"], "ms_position_character");
    assert_eq!(refused["params"], json!({"row": 2, "column": 2, "character": "x"}));
    let huge = ".".repeat(10 * 1024 * 1024);
    let refused =
        h.call("study_board_set", json!({"game": "minesweeper", "setup": {"mines": 1}, "text": huge})).unwrap_err();
    assert_eq!(refused["code"], "ms_position_too_long");
    let same = h.call("study_board", json!({"game": "minesweeper"})).unwrap();
    assert_eq!((&same["revision"], &same["view"]["cells"]), (&set["revision"], &json!("..11")));

    let impossible = h
        .call("study_board_edit", json!({"game": "minesweeper", "edit": {"set": {"x": 0, "y": 1, "to": "3"}}}))
        .unwrap();
    let look = looked(&h, &impossible["revision"])["look"].clone();
    assert_eq!(look["possible"], false);
    assert_eq!(look["contradiction"]["numbers"][0], json!({"x": 0, "y": 1}));
}

#[test]
fn the_game_in_progress_comes_with_its_mines_hidden_and_is_then_assisted() {
    let h = harness_with_seed(Some(1));
    h.call("new_game", json!({"game": "minesweeper", "params": {"level": "beginner"}})).unwrap();
    h.call("play", json!({"game": "minesweeper", "move": {"action": "open", "x": 4, "y": 4}})).unwrap();
    let brought = h.call("study_board_game", json!({"game": "minesweeper"})).unwrap();
    let cells = brought["view"]["cells"].as_str().unwrap();
    assert!(!cells.contains('*') && cells.len() == 81, "{cells}");
    assert_eq!(brought["view"]["layoutKnown"], false);
    let game = h.call("snapshot", json!({"game": "minesweeper"})).unwrap();
    assert_eq!(game["canRank"], false, "{game}");
}
