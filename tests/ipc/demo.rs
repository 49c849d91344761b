//! Gomoku's demo (the computer against itself) through the commands, on the app's real threads
//! and timers: it plays to its end under every rule at the fast levels and no wait, the player
//! takes over mid-game and moves, a timed demo plays every opening rule's decisions, and bad
//! requests get typed errors.

use super::{harness_with_seed, Harness};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Asks for the game until `done` says so, within `seconds`.
pub(super) fn wait_until(h: &Harness, seconds: u64, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        let snapshot = h.call("snapshot", json!({"game": "gomoku"})).unwrap();
        if done(&snapshot) {
            return snapshot;
        }
        assert!(Instant::now() < deadline, "waited too long for {what}: {snapshot}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn demo(rule: &str) -> Value {
    json!({"game": "gomoku", "params": {"rule": rule, "opponent": "beginner", "demo": "easy"}})
}

#[test]
fn a_demo_plays_to_its_end_under_every_rule_and_stays_in_the_history_unranked() {
    let h = harness_with_seed(Some(11));
    h.call("new_game", demo("freestyle")).unwrap();
    h.call("set_pace", json!({"game": "gomoku", "ms": 0})).unwrap();
    for rule in ["freestyle", "exactFive", "renju", "caro"] {
        h.call("new_game", demo(rule)).unwrap();
        let over = wait_until(&h, 120, "the demo's end", |s| s["status"] != "playing");
        assert_eq!(over["category"], format!("{rule}-demo"));
        assert!(over["record"]["id"].is_i64(), "{rule}: recorded");
        assert_eq!(over["record"]["rank"], Value::Null, "{rule}: never ranks");
        assert_eq!(over["canRank"], false);
        let refused = h.call("take_over", json!({"game": "gomoku", "move": {"takeOver": "first"}})).unwrap_err();
        assert_eq!(refused["code"], "game_over", "{rule}");
    }
    let page = h.call("history", json!({"filter": {"game": "gomoku"}})).unwrap();
    let demos = page["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| row["category"].as_str().is_some_and(|c| c.ends_with("-demo")))
        .count();
    assert!(demos >= 4, "{page}");
}

#[test]
fn the_player_takes_over_a_running_demo_and_moves() {
    let h = harness_with_seed(Some(12));
    h.call("new_game", demo("freestyle")).unwrap();
    // A long wait: the take-over comes while the computer waits its pace.
    h.call("set_pace", json!({"game": "gomoku", "ms": 10_000})).unwrap();
    let taken = h.call("take_over", json!({"game": "gomoku", "move": {"takeOver": "first"}})).unwrap();
    assert_eq!(taken["effects"]["takenOver"], "first");
    assert_eq!(taken["computerThinking"], false, "black is the player's, and black is to move");
    let played = h.call("play", json!({"game": "gomoku", "move": {"x": 7, "y": 7}})).unwrap();
    assert_eq!(played["effects"]["placed"]["colour"], "black");
    let answered = wait_until(&h, 30, "white's answer", |s| s["moveCount"] == 3 && s["computerThinking"] == false);
    assert_eq!(answered["view"]["sideToMove"], "black");
    for (ms, code) in [(-1, "out_of_range"), (10_001, "out_of_range")] {
        let refused = h.call("set_pace", json!({"game": "gomoku", "ms": ms})).unwrap_err();
        assert_eq!(refused["code"], code, "{refused}");
    }
    let refused = h.call("set_pace", json!({"game": "gomoku", "ms": "fast"})).unwrap_err();
    assert_eq!(refused["code"], "bad_argument", "{refused}");
    let again = h.call("take_over", json!({"game": "gomoku", "move": {"takeOver": "second"}})).unwrap_err();
    assert_eq!(again["code"], "illegal_move", "{again}");
    let stone = h.call("take_over", json!({"game": "gomoku", "move": {"x": 1, "y": 1}})).unwrap_err();
    assert_eq!(stone["code"], "illegal_move", "{stone}");
    let settings = h.call("get_settings", json!({})).unwrap();
    assert_eq!(settings["demoPaceMs"], 10_000, "the pace is kept");
}

#[test]
fn a_timed_demo_plays_every_opening_rule_s_decisions_to_its_end() {
    let h = harness_with_seed(Some(13));
    h.call("new_game", demo("freestyle")).unwrap();
    h.call("set_pace", json!({"game": "gomoku", "ms": 0})).unwrap();
    let clock = json!({"kind": "fischer", "mainMs": 120_000, "incrementMs": 1_000});
    for (rule, opening) in [("freestyle", "swap2"), ("caro", "swap1"), ("renju", "soosorv8"), ("renju", "taraguchi10")]
    {
        let params =
            json!({"rule": rule, "opening": opening, "opponent": "beginner", "demo": "easy", "timeControl": clock});
        h.call("new_game", json!({"game": "gomoku", "params": params})).unwrap();
        let over = wait_until(&h, 180, "the demo's end", |s| s["status"] != "playing");
        assert_eq!(over["category"], format!("{rule}-demo-{opening}"));
        assert_eq!(over["record"]["rank"], Value::Null, "{opening}: never ranks");
        assert!(over["clocks"].is_object(), "{opening}: timed");
        assert!(over["view"]["moves"].as_array().unwrap().len() >= 5, "{opening}: played past the opening");
    }
}
