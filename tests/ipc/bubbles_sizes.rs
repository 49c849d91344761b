//! Bubble Breaker's fields of every size, colour count and scoring through the commands, and
//! "Open position..." from a position file's text: bad params and bad files get typed errors and
//! change nothing; a game from a file is imported and never ranks.

use super::harness_with_seed;
use serde_json::{json, Value};

fn code(error: Result<Value, Value>) -> Value {
    error.expect_err("an error")["code"].clone()
}

/// Pops the first group it finds, cell by cell, until the game ends.
fn pop_to_the_end(h: &super::Harness, mut snapshot: Value) -> Value {
    while snapshot["status"] == "playing" {
        let view = &snapshot["view"];
        let (width, height) = (view["width"].as_i64().unwrap(), view["height"].as_i64().unwrap());
        let cells = view["cells"].as_array().unwrap();
        let at = |x: i64, y: i64| -> i64 {
            if x < 0 || y < 0 || x >= width || y >= height {
                0
            } else {
                cells[(y * width + x) as usize].as_i64().unwrap()
            }
        };
        let (x, y) = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .find(|&(x, y)| at(x, y) != 0 && (at(x + 1, y) == at(x, y) || at(x, y + 1) == at(x, y)))
            .expect("a playing field has a pair");
        snapshot = h.call("play", json!({"game": "bubbles", "move": {"action": "pop", "x": x, "y": y}})).unwrap();
    }
    snapshot
}

#[test]
fn a_sized_classic_game_plays_to_its_end_under_its_own_category() {
    let h = harness_with_seed(Some(42));
    let params = json!({"style": "standard", "width": 15, "height": 10, "colours": 3, "scoring": "classic"});
    let snapshot = h.call("new_game", json!({"game": "bubbles", "params": params})).unwrap();
    let view = &snapshot["view"];
    assert_eq!(
        (view["width"].as_i64(), view["height"].as_i64(), view["colours"].as_i64()),
        (Some(15), Some(10), Some(3))
    );
    assert_eq!(view["scoring"], "classic");
    assert_eq!(view["cells"].as_array().unwrap().len(), 150);
    assert!(view["cells"].as_array().unwrap().iter().all(|c| (1..=3).contains(&c.as_i64().unwrap())));
    assert_eq!(snapshot["category"], "standard-15x10/3-classic");
    let finished = pop_to_the_end(&h, snapshot);
    assert_eq!(finished["status"], "finished");
    let rows = h.call("history", json!({"game": "bubbles"})).unwrap()["rows"].clone();
    assert_eq!(rows[0]["category"], "standard-15x10/3-classic", "{rows}");
    let hall = h.call("hall_of_fame", json!({"game": "bubbles"})).unwrap();
    let categories: Vec<&str> = hall.as_array().unwrap().iter().filter_map(|c| c["category"].as_str()).collect();
    assert!(categories.contains(&"standard-15x10/3-classic"), "{categories:?}");
    // The original's field keeps its category and its params' old shape.
    let seed = h.call("new_game", json!({"game": "bubbles", "params": {"style": "shifter"}})).unwrap();
    assert_eq!(seed["category"], "shifter");
    // Its view too: the original's colours and scoring are left out, as before fields had sizes.
    assert_eq!((seed["view"].get("scoring"), seed["view"].get("colours")), (None, None));
    assert_eq!((seed["view"]["width"].as_i64(), seed["view"]["height"].as_i64()), (Some(11), Some(11)));
}

#[test]
fn bad_sizes_and_colour_counts_get_a_typed_error_and_change_nothing() {
    let h = harness_with_seed(Some(1));
    h.call("new_game", json!({"game": "bubbles", "params": {"style": "standard"}})).unwrap();
    let before = h.call("snapshot", json!({"game": "bubbles"})).unwrap();
    let cases = [
        (json!({"width": 1_000_000_000, "height": 10}), "width", 5, 30, 1_000_000_000i64),
        (json!({"width": 15, "height": -3}), "height", 5, 20, -3),
        (json!({"width": 4}), "width", 5, 30, 4),
        (json!({"height": 21}), "height", 5, 20, 21),
        (json!({"colours": 0}), "colours", 2, 6, 0),
        (json!({"colours": 7}), "colours", 2, 6, 7),
        (json!({"colours": 1}), "colours", 2, 6, 1),
    ];
    for (params, what, min, max, value) in cases {
        let error = h.call("new_game", json!({"game": "bubbles", "params": params.clone()})).unwrap_err();
        assert_eq!(error["code"], "out_of_range", "{params}: {error}");
        assert_eq!(error["params"], json!({"what": what, "min": min, "max": max, "value": value}), "{params}");
    }
    for params in [json!({"width": "wide"}), json!({"scoring": "golf"}), json!({"colours": 2.5})] {
        assert_eq!(
            code(h.call("new_game", json!({"game": "bubbles", "params": params.clone()}))),
            "bad_argument",
            "{params}"
        );
    }
    assert_eq!(h.call("snapshot", json!({"game": "bubbles"})).unwrap(), before, "nothing changed");
}

const POSITION: &str = "bubbles style=standard scoring=classic\n11221\n12211\n33123\n31123\n22133\n";

#[test]
fn an_opened_position_plays_as_an_imported_game_that_never_ranks() {
    let h = harness_with_seed(Some(42));
    let opened = h.call("import_game", json!({"game": "bubbles", "format": "position", "text": POSITION})).unwrap()
        ["game"]
        .clone();
    assert_eq!(opened["assistance"]["imported"], true);
    assert_eq!(opened["canRank"], false);
    assert_eq!(opened["category"], "standard-5x5/3-classic");
    let view = &opened["view"];
    assert_eq!(view["fromPosition"], true);
    assert_eq!(view["cells"], json!([1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 3, 3, 1, 2, 3, 3, 1, 1, 2, 3, 2, 2, 1, 3, 3]));
    let finished = pop_to_the_end(&h, opened);
    assert_eq!(finished["status"], "finished");
    let rows = h.call("history", json!({"game": "bubbles"})).unwrap()["rows"].clone();
    assert_eq!(rows[0]["imported"], true, "{rows}");
    assert_eq!(h.call("verify_records", json!({})).unwrap()["mismatched"], json!([]), "it replays from its params");
    let hall = h.call("hall_of_fame", json!({"game": "bubbles"})).unwrap();
    let ranked: usize = hall.as_array().unwrap().iter().map(|c| c["entries"].as_array().map_or(0, Vec::len)).sum();
    assert_eq!(ranked, 0, "{hall}");
}

#[test]
fn bad_position_files_get_typed_errors_and_change_nothing() {
    let h = harness_with_seed(Some(7));
    h.call("new_game", json!({"game": "bubbles", "params": {"style": "megashift"}})).unwrap();
    let before = h.call("snapshot", json!({"game": "bubbles"})).unwrap();
    let open = |text: String| h.call("import_game", json!({"game": "bubbles", "format": "position", "text": text}));
    let ragged = open("bubbles\n11221\n1221\n33123\n31123\n22133\n".into()).unwrap_err();
    assert_eq!(ragged["code"], "position_invalid");
    assert!(ragged["params"]["reason"].as_str().unwrap().contains("line 3"), "{ragged}");
    assert_eq!(code(open("bubbles colours=2\n11221\n12211\n33123\n31123\n22133\n".into())), "position_invalid");
    assert_eq!(code(open("11221\n12211\n33123\n31123\n22133\n".into())), "position_invalid");
    assert_eq!(code(open("bubbles\n1122\n".into())), "position_invalid");
    let junk: String = (0..10 * 1024 * 1024).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
    assert_eq!(code(open(junk)), "position_too_large");
    // A game without position files refuses one by name.
    assert_eq!(
        code(h.call("import_game", json!({"game": "gomoku", "format": "position", "text": POSITION}))),
        "not_offered"
    );
    assert_eq!(h.call("snapshot", json!({"game": "bubbles"})).unwrap(), before, "nothing changed");
    assert_eq!(h.call("history_count", json!({})).unwrap(), json!(0));
}
