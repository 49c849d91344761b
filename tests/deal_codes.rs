//! Deal codes that last: every code in `tests/fixtures/deal-codes.json` must deal the same board
//! in every later Pastimes, as the record corpus must replay. Each entry is a code, the moves
//! played on its deal and the view they lead to (Minesweeper's numbers show its mines); a change
//! to a dealer that alters one needs a new dealer version ([`pastimes_games::deal`]), not a new
//! fixture. The ignored test writes the file (for a new game or deal version: add, never rewrite).

use pastimes_games::{AnyGame, DealCode, GameKind};
use serde_json::{json, Value};
use std::path::PathBuf;

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/deal-codes.json")
}

/// Plays the deal of `code` through `moves`, each of which must be taken.
fn played(code: &DealCode, moves: &[Value]) -> Box<dyn AnyGame> {
    let mut game = code.deal().unwrap_or_else(|e| panic!("{}: {e}", code.write()));
    for mv in moves {
        game.play(mv).unwrap_or_else(|e| panic!("{}: {mv}: {e}", code.write()));
    }
    game
}

/// The fields of `view` the fixture was written with: a later Pastimes may tell the page more
/// of a position (a field added to the view is not the fixture's to check), but every field the
/// fixture holds must be there and read the same.
fn written_part(view: &Value, written: &Value) -> Value {
    let keys = written.as_object().expect("a view is an object").keys();
    Value::Object(keys.filter_map(|key| Some((key.clone(), view.get(key)?.clone()))).collect())
}

#[test]
fn every_committed_code_deals_the_same_board() {
    let entries: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(fixture()).unwrap()).unwrap();
    let mut checked = 0;
    for entry in &entries {
        let text = entry["code"].as_str().unwrap();
        let game = text.split(':').next().unwrap();
        if GameKind::parse(game).is_none() {
            continue; // the test game's codes, in a build without it
        }
        let code = DealCode::read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(code.write(), text, "a code reads and writes back the same");
        let moves = entry["moves"].as_array().unwrap();
        assert_eq!(written_part(&played(&code, moves).view(), &entry["view"]), entry["view"], "{text}");
        checked += 1;
    }
    assert!(checked >= 8, "{checked} codes checked");
}

/// Writes the fixture: for every game that deals, each of its choices at two seeds, the code
/// taken before any move and (where the deal is laid at the first move) after the first one.
#[test]
#[ignore = "writes tests/fixtures/deal-codes.json; run by hand for a new game or deal version"]
fn write_the_deal_code_fixtures() {
    let mut entries = Vec::new();
    for kind in GameKind::all().filter(|kind| kind.info().deals.is_some()) {
        let info = kind.info();
        let mut setups = vec![info.default_params()];
        for choices in info.choices.iter() {
            for choice in choices.items.iter().filter(|choice| !choice.asks) {
                let mut params = info.default_params();
                params[choices.key] = choice.id.into();
                setups.push(params);
            }
        }
        for params in &setups {
            for seed in [7_u64, 0x5eed_cafe_f00d] {
                let mut game = info.start_game(params, seed).unwrap();
                let before = DealCode::of(game.as_ref(), seed).unwrap();
                let mut moves = Vec::new();
                for code in 0..game.move_codes() {
                    let Some(mv) = game.code_move(code) else { continue };
                    if moves.len() < 3 && game.play(&mv).is_ok() {
                        moves.push(mv);
                    }
                }
                let view = played(&before, &moves).view();
                entries.push(json!({ "code": before.write(), "moves": moves, "view": view }));
                if info.deals.unwrap().laid_at_first_move && !moves.is_empty() {
                    let laid = DealCode::of(game.as_ref(), seed).unwrap();
                    let view = played(&laid, &moves).view();
                    assert_eq!(view["cells"], game.view()["cells"], "the laid deal is the same board");
                    entries.push(json!({ "code": laid.write(), "moves": moves, "view": view }));
                }
            }
        }
    }
    std::fs::write(fixture(), serde_json::to_string_pretty(&entries).unwrap() + "\n").unwrap();
}
