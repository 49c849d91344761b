//! Gomoku's opening rules through the commands: an opening with a rule it does not fit refused by
//! name; a Soosõrv-8 game of two people played to its end, its decisions in the record's moves
//! (the words `choose black`, `offers 2`, the offered stones) and replayed from them; the
//! computer making its part's decisions as events.

use super::harness_with_seed;
use serde_json::{json, Value};

fn play(h: &super::Harness, mv: Value) -> Result<Value, Value> {
    h.call("play", json!({"game": "gomoku", "move": mv}))
}

fn stone(x: u8, y: u8) -> Value {
    json!({"x": x, "y": y})
}

#[test]
fn an_opening_that_does_not_fit_the_rule_is_refused_by_name() {
    let h = harness_with_seed(Some(3));
    for (rule, opening) in [("freestyle", "soosorv8"), ("caro", "taraguchi10"), ("exactFive", "soosorv8")] {
        let params = json!({"rule": rule, "opening": opening});
        let refused = h.call("new_game", json!({"game": "gomoku", "params": params})).unwrap_err();
        assert_eq!(refused["code"], "illegal_move", "{refused}");
        assert_eq!(refused["params"]["reason"], "openingNotForRule", "{refused}");
    }
    let params = json!({"rule": "caro", "opening": "swap1"});
    assert!(h.call("new_game", json!({"game": "gomoku", "params": params})).is_ok());
}

#[test]
fn a_soosorv8_game_records_its_decisions_and_replays_from_them() {
    let h = harness_with_seed(Some(5));
    let params = json!({"rule": "renju", "opening": "soosorv8", "opponent": "human"});
    h.call("new_game", json!({"game": "gomoku", "params": params})).unwrap();
    let refused = play(&h, stone(0, 0)).unwrap_err();
    assert_eq!(refused["params"]["reason"], "outsideArea", "{refused}");
    for mv in [stone(7, 7), stone(8, 8), stone(9, 9), json!({"choose": "white"}), stone(0, 14)] {
        play(&h, mv).unwrap();
    }
    let snap = play(&h, json!({"offers": 2})).unwrap();
    assert_eq!(snap["view"]["swap2"]["phase"], "swap", "{}", snap["view"]["swap2"]);
    let refused = play(&h, json!({"offers": 3})).unwrap_err();
    assert_eq!(refused["params"]["reason"], "noOffersNow");
    for mv in [json!({"choose": "black"}), stone(6, 8), stone(10, 6)] {
        play(&h, mv).unwrap();
    }
    let snap = h.call("snapshot", json!({"game": "gomoku"})).unwrap();
    assert_eq!(snap["view"]["swap2"]["offers"], json!([{"x": 6, "y": 8}, {"x": 10, "y": 6}]));
    assert_eq!(snap["view"]["swap2"]["phase"], "pickOffer");
    play(&h, stone(10, 6)).unwrap();
    // White looks away; black makes five across row 12 (H3 to L3).
    let mut last = Value::Null;
    for (x, y) in [(0, 0), (7, 12), (0, 2), (8, 12), (0, 4), (9, 12), (0, 6), (10, 12), (0, 10), (11, 12)] {
        last = play(&h, stone(x, y)).unwrap();
    }
    assert_eq!((last["status"].as_str(), last["view"]["winner"].as_str()), (Some("won"), Some("black")), "{last}");
    let id = last["record"]["id"].as_i64().expect("recorded");
    let text = h
        .state
        .export_game(pastimes_games::gomoku::KIND, Some(id), "moves")
        .unwrap()
        .into_text(pastimes_games::gomoku::KIND)
        .unwrap();
    assert!(text.starts_with("H8 I7 J6 choose white A1 offers 2 choose black G7 K9 K9 "), "{text}");
    let rows = h.call("history", json!({})).unwrap()["rows"].clone();
    assert_eq!(rows[0]["category"], "renju-human-soosorv8", "{rows}");
    // The moves replay to the same end under the same parameters.
    let pasted = json!({"game": "gomoku", "format": "moves", "params": params, "text": text});
    let again = h.call("import_game", pasted).unwrap()["game"].clone();
    assert_eq!(
        (again["status"].as_str(), again["view"]["moves"].clone()),
        (Some("won"), last["view"]["moves"].clone())
    );
    assert_eq!(h.call("verify_records", json!({})).unwrap()["mismatched"], json!([]));
}

#[test]
fn the_computer_opens_taraguchi10_and_the_player_decides_in_turn() {
    let h = harness_with_seed(Some(11));
    let params = json!({"rule": "renju", "opening": "taraguchi10", "opponent": "easy", "humanColour": "white"});
    h.call("new_game", json!({"game": "gomoku", "params": params})).unwrap();
    // The computer places the centre stone; the player then may swap.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let snap = loop {
        let snap = h.call("snapshot", json!({"game": "gomoku"})).unwrap();
        if !snap["computerThinking"].as_bool().unwrap_or(false) && !snap["view"]["computerToMove"].as_bool().unwrap() {
            break snap;
        }
        assert!(std::time::Instant::now() < deadline, "the computer never answered");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(snap["view"]["moves"][0]["notation"], "H8");
    assert_eq!(snap["view"]["swap2"]["phase"], "swap");
    assert_eq!(snap["view"]["swap2"]["decider"], "second");
    play(&h, json!({"choose": "white"})).unwrap();
    let refused = play(&h, stone(10, 10)).unwrap_err();
    assert_eq!(refused["params"]["reason"], "outsideArea");
    let after = play(&h, stone(8, 8)).unwrap();
    assert_eq!(after["view"]["moves"].as_array().unwrap().len(), 2, "{after}");
}
