//! One game's text record through the commands: a record file imported from its text
//! (`import_game` with `text`: replayed, checked, never stored), bad files refused by name, and
//! Gomoku's "Paste position" (`import_game` in its `moves` format) going on from pasted moves
//! as an imported game that never ranks, its moves written back as the same text. The dialogs
//! and the clipboard (`export_game`'s, `import_game`'s without a file or text) need a desktop:
//! the end-to-end tests drive them.

use super::harness_with_seed;
use serde_json::{json, Value};

/// A two-player Gomoku game black wins on the top row, A15 to E15, white below; a second between
/// moves.
fn gomoku_record() -> String {
    let moves = ["A15", "A14", "B15", "B14", "C15", "C14", "D15", "D14", "E15"];
    let lines: Vec<String> = moves.iter().enumerate().map(|(i, m)| format!("{} {m}", i * 1000)).collect();
    format!(
        "Pastimes record 1\ngame: gomoku\nparams: {{\"opponent\":\"human\"}}\ncategory: freestyle-human\n\
         started: 2026-12-01T10:00:00.000Z\nfinished: 2026-12-01T10:00:08.000Z\nresult: won\ntime: 8000\n\
         moves: 9\nplayer: Gus\nseed: 7\n\n{}\nend\n",
        lines.join("\n")
    )
}

fn code(error: Result<Value, Value>) -> Value {
    error.expect_err("an error")["code"].clone()
}

#[test]
fn a_record_file_imports_as_its_header_with_id_0_and_nothing_is_stored() {
    let h = harness_with_seed(Some(42));
    let header = h.call("import_game", json!({"text": gomoku_record()})).unwrap()["record"].clone();
    assert_eq!(header["id"], 0);
    assert_eq!(header["game"], "gomoku");
    assert_eq!((header["result"].as_str(), header["moves"].as_i64()), (Some("won"), Some(9)));
    assert_eq!((header["timeMs"].as_i64(), header["player"].as_str()), (Some(8000), Some("Gus")));
    assert_eq!(header["category"], "freestyle-human");
    assert_eq!(h.call("history_count", json!({})).unwrap(), json!(0), "an import is only shown");
}

#[test]
fn bad_files_are_refused_by_name() {
    let h = harness_with_seed(Some(42));
    let good = gomoku_record();
    let import = |text: String| h.call("import_game", json!({ "text": text }));
    assert_eq!(code(import(good[..good.len() - 30].to_string())), "record_truncated");
    assert_eq!(code(import(good.replace("game: gomoku", "game: chess"))), "record_wrong_game");
    let illegal = import(good.replace("1000 A14", "1000 A15")).unwrap_err();
    assert_eq!(illegal["code"], "record_illegal_move");
    assert_eq!((illegal["params"]["number"].as_i64(), illegal["params"]["text"].as_str()), (Some(2), Some("A15")));
    assert_eq!(code(import(good.replace("record 1", "record 7"))), "record_unknown_version");
    assert_eq!(code(import(good.replace("result: won", "result: lost"))), "record_mismatch");
    let junk: String = (0..10 * 1024 * 1024).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
    assert_eq!(code(import(junk)), "record_too_large");
    assert_eq!(code(import("just some words".into())), "record_not_a_record");
    assert_eq!(h.call("history_count", json!({})).unwrap(), json!(0));
}

#[test]
fn a_pasted_position_goes_on_as_an_imported_game_that_never_ranks() {
    let h = harness_with_seed(Some(42));
    let params = json!({"opponent": "human"});
    let paste = |text: &str| {
        let pasted = json!({"game": "gomoku", "format": "moves", "params": params, "text": text});
        h.call("import_game", pasted).map(|imported| imported["game"].clone())
    };
    let pasted = paste("1. H8 2. I9 3. J10").unwrap();
    assert_eq!(pasted["moveCount"], 3);
    assert_eq!(pasted["assistance"]["imported"], true);
    assert_eq!(pasted["canRank"], false);
    assert_eq!(pasted["view"]["moves"].as_array().unwrap().len(), 3, "{}", pasted["view"]);
    // It plays on like any game.
    let played = h.call("play", json!({"game": "gomoku", "move": {"x": 0, "y": 0}})).unwrap();
    assert_eq!(played["moveCount"], 4);
    // Its moves, as Copy moves writes them: the game under way in the same format.
    let copied = h.state.export_game(pastimes_games::gomoku::KIND, None, "moves").unwrap();
    assert!(copied.file_name.starts_with("pastimes-gomoku-") && copied.file_name.ends_with(".txt"));
    assert_eq!(copied.bytes, b"H8 I9 J10 A15");

    // Illegal, unreadable, of another game: refused, the game in progress unchanged.
    assert_eq!(code(paste("H8 H8")), "record_illegal_move");
    assert_eq!(code(paste("H8 Q99")), "record_illegal_move");
    assert_eq!(code(paste(" ")), "record_no_moves");
    assert_eq!(code(paste("Pastimes record 1\ngame: bubbles\n\n0 pop A1\nend\n")), "record_wrong_game");
    let now = h.call("snapshot", json!({"game": "gomoku"})).unwrap();
    assert_eq!(now["moveCount"], 4, "nothing changed");

    // A whole game pasted, finished: in the history with its mark, out of the hall of fame.
    let finished = paste(&gomoku_record()).unwrap();
    assert_eq!(finished["status"], "won");
    let rows = h.call("history", json!({})).unwrap()["rows"].clone();
    assert_eq!(rows[0]["imported"], true, "{rows}");
    assert_eq!(rows[0]["hasRecord"], true);
    assert_eq!(h.call("verify_records", json!({})).unwrap()["mismatched"], json!([]));
}

/// A finished game's moves written (the history's export, Copy moves of a row) and read back:
/// the same stones, a new game of the chosen parameters; a game whose format writes only
/// finished games, or one with no moves format, refuses the game under way or the format.
#[test]
fn a_finished_games_moves_start_the_same_position_again() {
    let h = harness_with_seed(Some(42));
    let params = json!({"opponent": "human"});
    h.call("new_game", json!({"game": "gomoku", "params": params})).unwrap();
    let mut last = Value::Null;
    for (x, y) in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)] {
        last = h.call("play", json!({"game": "gomoku", "move": {"x": x, "y": y}})).unwrap();
    }
    let id = last["record"]["id"].as_i64().expect("recorded");
    let text = h
        .state
        .export_game(pastimes_games::gomoku::KIND, Some(id), "moves")
        .unwrap()
        .into_text(pastimes_games::gomoku::KIND)
        .unwrap();
    assert_eq!(text, "A15 A14 B15 B14 C15 C14 D15 D14 E15");
    let pasted = json!({"game": "gomoku", "format": "moves", "params": params, "text": text});
    let again = h.call("import_game", pasted).unwrap()["game"].clone();
    assert_eq!(
        (again["status"].as_str(), again["view"]["moves"].clone()),
        (Some("won"), last["view"]["moves"].clone())
    );

    let code = |result: pastimes_lib::error::AppResult<pastimes_lib::records::file_formats::ExportedFile>| {
        result.map(|_| ()).expect_err("refused").code()
    };
    let mines = pastimes_games::minesweeper::KIND;
    h.call("new_game", json!({"game": "minesweeper", "params": {"level": "beginner"}})).unwrap();
    assert_eq!(code(h.state.export_game(mines, None, "record")), "not_offered", "a record file is of a finished game");
    assert_eq!(code(h.state.export_game(mines, None, "moves")), "not_offered");
    assert_eq!(code(h.state.export_game(pastimes_games::bubbles::KIND, None, "moves")), "not_offered");
}
