//! Lights Out, the fourth game that only test builds have, through the commands as the page
//! calls them: nothing of the app names it, yet it starts from its catalogue entry, plays to a
//! win by its hints, ranks in its hall of fame, shows in the history, is watched frame by frame,
//! exports as a record file and imports again; its one file format, a board, is written from a
//! finished game and starts a game on that board; its one summary field is stored and verified.

use super::harness_with_seed;
use serde_json::{json, Value};

#[test]
fn the_fourth_game_plays_to_a_win_and_is_found_watched_exported_and_imported() {
    let h = harness_with_seed(Some(5));
    let games = h.call("games", json!({})).unwrap();
    let entry = games.as_array().unwrap().iter().find(|game| game["id"] == "lights").expect("in the catalogue").clone();
    assert_eq!((&entry["hasHint"], &entry["hasUndo"]), (&json!(true), &json!(true)));
    assert_eq!(entry["listedCategories"], json!(["5x5"]));

    let mut last = h.call("new_game", json!({"game": "lights", "params": entry["defaultParams"]})).unwrap();
    assert_eq!((&last["status"], &last["category"]), (&json!("playing"), &json!("5x5")));
    let mut presses = 0;
    while last["status"] == "playing" {
        // The hint marks the game as helped; a clean game follows the same presses by itself.
        let hint = h.call("hint", json!({"game": "lights"})).unwrap();
        let press = json!({"x": hint["hint"]["x"], "y": hint["hint"]["y"]});
        last = h.call("play", json!({"game": "lights", "move": press})).unwrap();
        presses += 1;
        assert!(presses <= 25, "the hints lead to the end");
    }
    assert_eq!(last["status"], "won", "{last}");
    assert_eq!(h.call("play", json!({"game": "lights", "move": {"x": 0, "y": 0}})).unwrap_err()["code"], "game_over");

    // The same board played again without help ranks.
    let moves = last["view"]["presses"].as_u64().unwrap();
    let clean = play_clean(&h, moves);
    assert_eq!(clean["status"], "won");
    let rank = clean["record"]["rank"].as_i64().expect("a record");
    assert_eq!(rank, 1);
    h.call("submit_record_name", json!({"id": clean["record"]["id"], "name": "Lux"})).unwrap();
    let hall = h.call("hall_of_fame", json!({"game": "lights"})).unwrap();
    let first = &hall[0]["entries"][0];
    assert_eq!((&hall[0]["category"], &first["name"]), (&json!("5x5"), &json!("Lux")), "{hall}");

    let history = h.call("history", json!({"filter": {"game": "lights"}})).unwrap();
    let rows = history["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{history}");
    assert!(rows.iter().all(|row| row["game"] == "lights" && row["result"] == "won" && row["hasRecord"] == true));

    let id = clean["record"]["id"].clone();
    let header = h.call("watch_open", json!({"id": id})).unwrap();
    assert_eq!((&header["game"], &header["moves"]), (&json!("lights"), &json!(moves)));
    let end = h.call("watch_frame", json!({"index": moves})).unwrap();
    assert_eq!((&end["view"], &end["status"]), (&clean["view"], &json!("won")));

    let (text, file) = h.state.export_record(id.as_i64().unwrap()).unwrap();
    assert!(file.ends_with(".txt") && text.contains("game: lights") && text.contains(" press "), "{file}\n{text}");
    let imported = h.call("import_game", json!({"text": text})).unwrap()["record"].clone();
    assert_eq!(
        (&imported["game"], &imported["result"], &imported["moves"]),
        (&json!("lights"), &json!("won"), &json!(moves))
    );
    let watched = h.call("watch_import", json!({})).unwrap();
    assert_eq!(watched["moves"], json!(moves));
    assert_eq!(h.call("watch_frame", json!({"index": moves})).unwrap()["view"], clean["view"]);
    assert_eq!(
        h.call("history_count", json!({"filter": {"game": "lights"}})).unwrap(),
        json!(2),
        "an import is never stored"
    );
}

/// A new game of the default board on the harness's fixed seed (the same deal as before), won
/// by the fewest presses, worked out here from the board the page is shown.
fn play_clean(h: &super::Harness, expected: u64) -> Value {
    let dealt = h.call("new_game", json!({"game": "lights", "params": {"side": 5}})).unwrap();
    let lit: Vec<bool> = dealt["view"]["lit"].as_array().unwrap().iter().map(|v| v.as_bool().unwrap()).collect();
    let board = pastimes_games::lights::Lights::with_lights(5, lit);
    let mut presses = Vec::new();
    let mut solving = board.clone();
    while pastimes_games::Game::status(&solving) == pastimes_games::Status::Playing {
        let hint = pastimes_games::Hints::hint(&solving, &std::sync::atomic::AtomicBool::new(false)).unwrap();
        let press = pastimes_games::lights::Press { x: hint["x"].as_i64().unwrap(), y: hint["y"].as_i64().unwrap() };
        pastimes_games::Game::apply(&mut solving, &press).unwrap();
        presses.push(press);
    }
    // `u64::MAX`: whatever the fewest are.
    assert!(expected == u64::MAX || presses.len() as u64 == expected, "the same deal, the same fewest presses");
    let mut last = dealt;
    for press in presses {
        last = h.call("play", json!({"game": "lights", "move": press})).unwrap();
    }
    last
}

/// The board file: the history writes the board a game was dealt, the file starts a game on that
/// very board, marked imported (it never ranks); the summary field, the fewest presses, is stored
/// with the game and replayed by Verify; a file that sets out no board changes nothing.
#[test]
fn the_fourth_games_board_file_and_summary_field_go_through_the_generic_paths() {
    let h = harness_with_seed(Some(5));
    let games = h.call("games", json!({})).unwrap();
    let entry = games.as_array().unwrap().iter().find(|game| game["id"] == "lights").unwrap().clone();
    assert_eq!(entry["fileFormats"][1]["id"], "board", "after the record file: {}", entry["fileFormats"]);
    assert_eq!(entry["summaryFields"][0]["key"], "fewest");

    let won = play_clean(&h, 0_u64.wrapping_sub(1));
    let id = won["record"]["id"].as_i64().unwrap();
    let row = &h.call("history", json!({"filter": {"game": "lights"}})).unwrap()["rows"][0];
    let fewest = row["summary"]["fewest"].as_u64().expect("the summary field is stored");
    assert_eq!(fewest, won["view"]["presses"].as_u64().unwrap(), "a clean game by the fewest presses");
    let verified = h.call("verify_records", json!({})).unwrap();
    assert_eq!((&verified["checked"], &verified["mismatched"]), (&json!(1), &json!([])), "{verified}");

    let exported = h.state.export_game(pastimes_games::lights::KIND, Some(id), "board").unwrap();
    assert!(exported.file_name.ends_with(".txt"), "{}", exported.file_name);
    let text = String::from_utf8(exported.bytes).unwrap();
    let dealt = pastimes_games::lights::board_file::text(5, &first_board(&h, id));
    assert_eq!(text, dealt, "the board as it was dealt");
    let started =
        h.call("import_game", json!({"game": "lights", "format": "board", "text": text})).unwrap()["game"].clone();
    assert_eq!(started["status"], "playing");
    assert_eq!(pastimes_games::lights::board_file::text(5, &lit_of(&started["view"])), dealt);
    assert_eq!(started["assistance"]["imported"], true, "a game from a file never ranks: {started}");

    for bad in ["", "#\n", "...\n...\n...\n", "#x#\n###\n###\n"] {
        let before = h.call("snapshot", json!({"game": "lights"})).unwrap();
        let error = h.call("import_game", json!({"game": "lights", "format": "board", "text": bad})).unwrap_err();
        assert_eq!(error["code"], "position_invalid", "{bad:?}: {error}");
        assert_eq!(h.call("snapshot", json!({"game": "lights"})).unwrap(), before, "{bad:?} changed the game");
    }
}

fn lit_of(view: &Value) -> Vec<bool> {
    view["lit"].as_array().unwrap().iter().map(|v| v.as_bool().unwrap()).collect()
}

/// The board the finished game `id` started on, as the watch view shows its first frame.
fn first_board(h: &super::Harness, id: i64) -> Vec<bool> {
    h.call("watch_open", json!({"id": id})).unwrap();
    lit_of(&h.call("watch_frame", json!({"index": 0})).unwrap()["view"])
}
