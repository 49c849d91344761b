//! Every file format through the one pair of commands: each format a game writes (its catalogue
//! `fileFormats`, the record file among them), exported from the history and imported back to
//! the same game; a format the game does not offer, or no format at all, refused by a typed
//! error that changes nothing.

use super::{harness_with_seed, Harness};
use pastimes_games::GameKind;
use serde_json::{json, Value};

/// A finished Gomoku game between two people, black's five on row 8: its id.
fn finish_a_gomoku_game(h: &Harness) -> i64 {
    let params = json!({"opponent": "human", "blackName": "Ann", "whiteName": "Bob"});
    h.call("new_game", json!({"game": "gomoku", "params": params})).unwrap();
    let mut last = Value::Null;
    for (x, y) in [(7, 7), (0, 0), (8, 7), (0, 14), (9, 7), (14, 14), (10, 7), (14, 0), (11, 7)] {
        std::thread::sleep(std::time::Duration::from_millis(5));
        last = h.call("play", json!({"game": "gomoku", "move": {"x": x, "y": y}})).unwrap();
    }
    last["record"]["id"].as_i64().expect("recorded")
}

/// The formats the catalogue offers for `game`'s finished games that read back as finished
/// games (one that reads a position, Gomoku's moves, starts a game again: tests/ipc/exchange.rs).
fn written_formats(h: &Harness, game: &str) -> Vec<Value> {
    let games = h.call("games", json!({})).unwrap();
    let entry = games.as_array().unwrap().iter().find(|entry| entry["id"] == game).unwrap().clone();
    let round_trips = |format: &&Value| format["writes"] == true && format["reads"] == "game";
    entry["fileFormats"].as_array().unwrap().iter().filter(round_trips).cloned().collect()
}

#[test]
fn every_format_a_game_writes_reads_back_as_the_same_game() {
    let h = harness_with_seed(Some(3));
    let mines = h.finish_a_beginner_game()["record"]["id"].as_i64().expect("recorded");
    let gomoku = finish_a_gomoku_game(&h);
    let mut covered = Vec::new();
    for (game, id) in [("minesweeper", mines), ("gomoku", gomoku)] {
        let stored = h.call("watch_open", json!({"id": id})).unwrap();
        for format in written_formats(&h, game) {
            let format_id = format["id"].as_str().unwrap();
            let exported = h.state.export_game(GameKind::parse(game).unwrap(), Some(id), format_id).unwrap();
            let extension = format["extensions"][0].as_str().unwrap();
            assert!(exported.file_name.ends_with(&format!(".{extension}")), "{}", exported.file_name);
            let file = json!({"name": exported.file_name, "bytes": exported.bytes});
            let header = h.call("import_game", json!({ "file": file })).unwrap()["record"].clone();
            assert_eq!((&header["id"], &header["game"]), (&json!(0), &json!(game)), "{format_id}");
            let back = h.call("watch_import", json!({})).unwrap();
            for field in ["moves", "timesMs", "result"] {
                assert_eq!(back[field], stored[field], "{game} as {format_id}: {field}");
            }
            covered.push(format_id.to_string());
        }
    }
    // Every format a game declares that writes and reads finished games is covered here (one
    // that reads a position, the test game's board or Gomoku's moves, starts a game again: its
    // own test covers it).
    for kind in pastimes_games::GameKind::all() {
        let writes_games = |format: &&pastimes_games::FileFormat| format.writes.is_some() && format.reads_games();
        for format in kind.info().file_formats.iter().filter(writes_games) {
            assert!(covered.iter().any(|id| id == format.id), "{kind:?}'s {} is not round-tripped", format.id);
        }
    }
    assert_eq!(h.call("history_count", json!({})).unwrap(), json!(2), "an import is only shown");
}

#[test]
fn a_format_the_game_does_not_offer_is_refused_and_changes_nothing() {
    let h = harness_with_seed(Some(3));
    let mines = h.finish_a_beginner_game()["record"]["id"].as_i64().expect("recorded");
    let gomoku = finish_a_gomoku_game(&h);
    h.call(
        "import_game",
        json!({"file": {"name": "a.txt", "bytes": h.state.export_record(gomoku).unwrap().0.as_bytes()}}),
    )
    .unwrap();
    let before = h.call("watch_import", json!({})).unwrap();
    let code = |result: Result<Value, Value>| result.expect_err("an error")["code"].clone();
    // Through the command: refused before its dialog.
    for (game, id, format) in
        [("minesweeper", mines, "psq"), ("gomoku", gomoku, "evf"), ("gomoku", gomoku, "docx"), ("gomoku", gomoku, "")]
    {
        let refused = h.call("export_game", json!({"game": game, "id": id, "format": format}));
        assert_eq!(code(refused), "not_offered", "{format}");
    }
    assert_eq!(code(h.call("export_game", json!({"game": "gomoku", "id": 999, "format": "record"}))), "nothing_to_do");
    let other = json!({"game": "minesweeper", "id": gomoku, "format": "record"});
    assert_eq!(code(h.call("export_game", other)), "nothing_to_do", "a game of another game");
    // A file whose extension names one game's format but holds another's.
    let video = h.state.export_game(GameKind::parse("minesweeper").unwrap(), Some(mines), "evf").unwrap().bytes;
    assert_eq!(code(h.call("import_game", json!({"file": {"name": "a.psq", "bytes": video}}))), "psq_not_psq");
    let psq = h.state.export_game(GameKind::parse("gomoku").unwrap(), Some(gomoku), "psq").unwrap().bytes;
    assert!(code(h.call("import_game", json!({"file": {"name": "a.evf", "bytes": psq}})))
        .as_str()
        .unwrap()
        .starts_with("video_"));
    assert_eq!(h.call("watch_import", json!({})).unwrap(), before, "the last import stays");
    assert_eq!(h.call("history_count", json!({})).unwrap(), json!(2));
}
