//! Gomoku's 20x20 board through the commands: a game against the computer there, its record
//! replayed and written as a 20x20 `.psq`, a demo played to its end on it, and the sizes and
//! rules it refuses by name.

use super::demo::wait_until;
use super::{harness_with_seed, Harness};
use serde_json::{json, Value};

fn new_game(h: &Harness, params: Value) -> Result<Value, Value> {
    h.call("new_game", json!({"game": "gomoku", "params": params}))
}

#[test]
fn the_computer_plays_the_twenty_board_and_its_record_names_it() {
    let h = harness_with_seed(Some(20));
    let started = new_game(&h, json!({"rule": "caro", "size": 20, "opponent": "easy"})).unwrap();
    assert_eq!((started["view"]["size"].clone(), started["category"].clone()), (json!(20), json!("caro-easy-20x20")));
    assert_eq!(started["view"]["stones"].as_array().unwrap().len(), 400);
    // A stone beyond the 15th line, then the computer's answer near it.
    h.call("play", json!({"game": "gomoku", "move": {"x": 19, "y": 0}})).unwrap();
    let answered =
        wait_until(&h, 60, "the computer's answer", |s| s["moveCount"] == 2 && s["computerThinking"] == false);
    let reply = &answered["view"]["moves"][1];
    assert!(reply["x"].as_u64().unwrap() >= 17 && reply["y"].as_u64().unwrap() <= 2, "{reply}");
    assert_eq!(answered["view"]["moves"][0]["notation"], "T20");
    let off = h.call("play", json!({"game": "gomoku", "move": {"x": 20, "y": 3}})).unwrap_err();
    assert_eq!((off["code"].clone(), off["params"]["width"].clone()), (json!("out_of_board"), json!(20)), "{off}");
}

#[test]
fn a_demo_on_the_twenty_board_plays_to_its_end_unranked() {
    let h = harness_with_seed(Some(21));
    new_game(&h, json!({"rule": "freestyle", "size": 20, "opponent": "beginner", "demo": "easy"})).unwrap();
    h.call("set_pace", json!({"game": "gomoku", "ms": 0})).unwrap();
    let over = wait_until(&h, 180, "the demo's end", |s| s["status"] != "playing");
    assert_eq!(over["category"], "freestyle-demo-20x20");
    assert_eq!(over["record"]["rank"], Value::Null);
    let id = over["record"]["id"].clone();
    let header = h.call("watch_open", json!({"id": id})).unwrap();
    let end = h.call("watch_frame", json!({"index": header["moves"]})).unwrap();
    assert_eq!(end["view"], over["view"], "the record replays to the same 20x20 board");
    let exported = h.state.export_game(pastimes_games::gomoku::KIND, id.as_i64(), "psq").unwrap();
    let text = String::from_utf8(exported.bytes).unwrap();
    assert!(text.starts_with("Piskvorky 20x20, "), "{text}");
    // ...and imports back onto a 20x20 board.
    let imported = h.call("import_game", json!({"file": {"name": "demo.psq", "bytes": text.as_bytes()}})).unwrap();
    assert_eq!(imported["record"]["category"], "freestyle-human-20x20", "{imported}");
    // The record file names its stones on the 20x20 board and reads back to the same game.
    let record = h.state.export_record(id.as_i64().unwrap()).unwrap().0;
    assert!(record.contains("\"size\":20"), "{record}");
    let back = h.call("import_game", json!({"text": record})).unwrap();
    assert_eq!(
        (back["record"]["category"].clone(), back["record"]["moves"].clone()),
        (over["category"].clone(), over["moveCount"].clone())
    );
}

#[test]
fn sizes_and_rules_that_do_not_go_together_are_refused_by_name_and_change_nothing() {
    let h = harness_with_seed(Some(22));
    new_game(&h, json!({"rule": "freestyle", "size": 20})).unwrap();
    h.call("play", json!({"game": "gomoku", "move": {"x": 17, "y": 17}})).unwrap();
    let refused = new_game(&h, json!({"rule": "renju", "size": 20})).unwrap_err();
    assert_eq!(
        (refused["code"].clone(), refused["params"]["reason"].clone()),
        (json!("illegal_move"), json!("renjuIs15x15"))
    );
    for size in [json!(19), json!(0), json!(-20), json!(1e9), json!("20"), json!(null), json!([20])] {
        let refused = new_game(&h, json!({"rule": "freestyle", "size": size})).unwrap_err();
        assert!(refused["code"].is_string(), "{size}: {refused}");
    }
    let still = h.call("snapshot", json!({"game": "gomoku"})).unwrap();
    assert_eq!((still["view"]["size"].clone(), still["moveCount"].clone()), (json!(20), json!(1)), "nothing changed");
}
