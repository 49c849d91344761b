//! Minesweeper's board files (`.mbf`, `.abf`) through the one pair of commands: a finished
//! game's board exported in both and opened again as a new game on the same mines, marked
//! imported and never ranked; a file that sets out no playable board refused by a typed error
//! that changes nothing.

use super::{harness_with_seed, Harness};
use pastimes_games::GameKind;
use serde_json::{json, Value};

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/boards").join(name)).unwrap()
}

fn code(answer: Result<Value, Value>) -> Value {
    answer.unwrap_err()["code"].clone()
}

fn open(h: &Harness, format: &str, name: &str, bytes: &[u8]) -> Result<Value, Value> {
    h.call("import_game", json!({"game": "minesweeper", "format": format, "file": {"name": name, "bytes": bytes}}))
}

/// The cells where the view shows a mine (a game over shows every one: a mine, the exploded
/// one, or a flag on one).
fn mines_shown(view: &Value) -> Vec<usize> {
    let cells = view["cells"].as_str().unwrap();
    cells.chars().enumerate().filter(|(_, c)| "*XF".contains(*c)).map(|(i, _)| i).collect()
}

#[test]
fn a_finished_games_board_opens_again_as_an_imported_game_on_the_same_mines_that_never_ranks() {
    let h = harness_with_seed(Some(3));
    let finished = h.finish_a_beginner_game();
    let id = finished["record"]["id"].as_i64().expect("recorded");
    let kind = GameKind::parse("minesweeper").unwrap();
    let mbf = h.state.export_game(kind, Some(id), "mbf").unwrap();
    let abf = h.state.export_game(kind, Some(id), "abf").unwrap();
    assert!(mbf.file_name.ends_with(".mbf") && abf.file_name.ends_with(".abf"), "{} {}", mbf.file_name, abf.file_name);
    assert_eq!(mbf.bytes, abf.bytes, "one layout");
    assert_eq!(&mbf.bytes[..4], &[9, 9, 0, 10], "Beginner, 10 mines");
    let history = h.call("history_count", json!({})).unwrap();

    // Read through Open board... (the format that takes either extension) and as `.abf`.
    for (format, name) in [("mbf", "board.mbf"), ("mbf", "board.abf"), ("abf", "board.abf")] {
        let opened = open(&h, format, name, &mbf.bytes).unwrap()["game"].clone();
        assert_eq!(opened["assistance"]["imported"], true, "{opened}");
        assert_eq!(opened["canRank"], false);
        assert_eq!(opened["status"], "playing");
        assert_eq!((&opened["view"]["width"], &opened["view"]["height"]), (&json!(9), &json!(9)));
    }
    // Played to its end, it lost or won on the very mines of the first game.
    let mut last = Value::Null;
    for (x, y) in (0..9).flat_map(|y| (0..9).map(move |x| (x, y))) {
        last =
            h.call("play", json!({"game": "minesweeper", "move": {"action": "open", "x": x, "y": y}})).unwrap_or(last);
        if last["status"] != "playing" {
            break;
        }
    }
    assert_ne!(last["status"], "playing");
    let mut expected: Vec<usize> =
        mbf.bytes[4..].chunks(2).map(|xy| usize::from(xy[1]) * 9 + usize::from(xy[0])).collect();
    expected.sort_unstable();
    assert_eq!(mines_shown(&last["view"]), expected, "{last}");
    let rows = h.call("history", json!({"game": "minesweeper"})).unwrap()["rows"].clone();
    assert_eq!(rows[0]["imported"], true, "{rows}");
    assert_eq!(h.call("history_count", json!({})).unwrap(), json!(history.as_i64().unwrap() + 1));
    assert_eq!(h.call("verify_records", json!({})).unwrap()["mismatched"], json!([]), "it replays from its params");
    let hall = h.call("hall_of_fame", json!({"game": "minesweeper"})).unwrap();
    let ranked: usize = hall.as_array().unwrap().iter().map(|c| c["entries"].as_array().map_or(0, Vec::len)).sum();
    assert_eq!(ranked, usize::from(finished["status"] == "won"), "only the dealt game may rank: {hall}");
    // The imported game's board exports again as the same file.
    let again = rows[0]["id"].as_i64().unwrap();
    assert_eq!(h.state.export_game(kind, Some(again), "mbf").unwrap().bytes, mbf.bytes);
}

#[test]
fn the_hand_made_fixtures_open_and_bad_board_files_get_typed_errors_that_change_nothing() {
    let h = harness_with_seed(Some(7));
    let opened = open(&h, "mbf", "classic-8x8.abf", &fixture("classic-8x8.abf")).unwrap()["game"].clone();
    assert_eq!((&opened["view"]["width"], &opened["view"]["height"]), (&json!(8), &json!(8)));
    assert_eq!(opened["assistance"]["imported"], true);
    h.call("new_game", json!({"game": "minesweeper", "params": {"level": "expert"}})).unwrap();
    h.call("play", json!({"game": "minesweeper", "move": {"action": "open", "x": 15, "y": 8}})).unwrap();
    let snapshot = || {
        let mut seen = h.call("snapshot", json!({"game": "minesweeper"})).unwrap();
        // The clock's reading, and the live 3BV/s taken over it.
        seen.as_object_mut().unwrap().remove("elapsedMs");
        seen["counters"].as_object_mut().unwrap().remove("bbbvPerSecond");
        seen
    };
    let before = snapshot();
    for name in ["mine-off-the-board.mbf", "too-many-mines.mbf", "truncated.mbf", "duplicate-mine.mbf"] {
        let error = open(&h, "mbf", name, &fixture(name)).unwrap_err();
        assert_eq!(error["code"], "position_invalid", "{name}: {error}");
        assert!(error["params"]["reason"].as_str().is_some_and(|reason| !reason.is_empty()), "{error}");
    }
    for bad in [&[][..], &[0, 9, 0, 1, 0, 0][..], &[9, 9, 0, 1, 0, 0, 0][..]] {
        assert_eq!(code(open(&h, "abf", "bad.abf", bad)), "position_invalid", "{bad:?}");
    }
    let junk: Vec<u8> = (0..10 * 1024 * 1024u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
    assert_eq!(code(open(&h, "abf", "junk.abf", &junk)), "position_too_large");
    let text = h.call("import_game", json!({"game": "minesweeper", "format": "mbf", "text": "junk"}));
    assert_eq!(code(text), "position_invalid");
    // Another game has no board files.
    let bubbles = json!({"game": "bubbles", "format": "mbf", "file": {"name": "x.mbf", "bytes": [9, 9, 0, 1, 0, 0]}});
    assert_eq!(code(h.call("import_game", bubbles)), "not_offered");
    assert_eq!(snapshot(), before, "nothing changed");
}
