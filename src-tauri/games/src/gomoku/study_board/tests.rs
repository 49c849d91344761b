//! Gomoku's study board through its tool interface: the texts it reads, the refusals it
//! numbers, a game brought to it, and the engine's rounds on a won position.

use super::*;
use serde_json::json;
use std::sync::atomic::AtomicBool;

/// Reads a move list word by word, as the app's reader does for plain lists.
fn words(game: &dyn AnyGame, text: &str) -> Result<Vec<Value>, StudyError> {
    text.split_whitespace()
        .enumerate()
        .map(|(index, word)| {
            game.parse_move_text(word).ok_or_else(|| StudyError::IllegalMove {
                number: index + 1,
                text: word.into(),
                reason: "not a move".into(),
            })
        })
        .collect()
}

fn stones(board: &dyn StudyBoard) -> Vec<String> {
    let view = board.view();
    view["moves"].as_array().unwrap().iter().map(|m| m["notation"].as_str().unwrap().to_string()).collect()
}

#[test]
fn a_move_list_sets_the_stones_under_the_rule_of_the_setup() {
    let mut board = open();
    board.set_text(&json!({"rule": "renju"}), "H8 I9 J10", &words).unwrap();
    assert_eq!(stones(board.as_ref()), ["H8", "I9", "J10"]);
    assert_eq!(board.view()["rule"], "renju");
    board.set_text(&json!({"rule": "exactFive"}), "  ", &words).unwrap();
    assert!(stones(board.as_ref()).is_empty(), "an empty text clears the board");
}

/// Under Caro the study board plays on after a five blocked at both ends, which ends a
/// freestyle game: D8-H8 between white's C8 and I8, then a white stone.
#[test]
fn a_caro_board_goes_on_after_a_blocked_five() {
    let mut board = open();
    let moves = "D8 C8 E8 I8 F8 A1 G8 C1 H8 E1";
    board.set_text(&json!({"rule": "caro"}), moves, &words).unwrap();
    assert_eq!((stones(board.as_ref()).len(), board.view()["rule"].clone()), (10, json!("caro")));
    let refused = board.set_text(&json!({"rule": "freestyle"}), moves, &words).unwrap_err();
    assert!(matches!(refused, StudyError::IllegalMove { number: 10, .. }), "{refused:?}");
}

#[test]
fn an_occupied_point_is_refused_by_number_and_nothing_changes() {
    let mut board = open();
    board.set_text(&json!({"rule": "freestyle"}), "A1", &words).unwrap();
    let refused = board.set_text(&json!({"rule": "freestyle"}), "H8 I9 H8", &words).unwrap_err();
    assert_eq!(refused, StudyError::IllegalMove { number: 3, text: "H8".into(), reason: "occupied".into() });
    assert_eq!(stones(board.as_ref()), ["A1"]);
    assert!(matches!(board.set_text(&json!({"rule": "go"}), "H8", &words), Err(StudyError::BadArgument(_))));
    assert!(matches!(board.set_text(&json!({}), "H8", &words), Err(StudyError::BadArgument(_))));
}

#[test]
fn a_gomocup_game_sets_up_its_stones_under_its_rule_or_is_refused_by_its_code() {
    let mut board = open();
    let text = "Piskvorky 15x15, 11:11, 0\n8,8,100\n9,9,120\n8,9,90\nrule: renju\n";
    board.set_text(&json!({"rule": "freestyle"}), text, &words).unwrap();
    assert_eq!((board.view()["rule"].clone(), stones(board.as_ref()).len()), (json!("renju"), 3));
    match board.set_text(&json!({"rule": "freestyle"}), "Piskvorky 19x19, 11:11, 0\n1,1,0\n", &words) {
        Err(StudyError::Format { code, params, .. }) => {
            assert_eq!((code, params), ("psq_board_size", json!({"width": 19, "height": 19})))
        }
        other => panic!("{other:?}"),
    }
    // A 20x20 game sets up a 20x20 board, its stones beyond the 15th line too.
    board.set_text(&json!({"rule": "freestyle"}), "Piskvorky 20x20, 11:11, 0\n18,19,0\n20,20,0\n", &words).unwrap();
    assert_eq!((board.view()["size"].clone(), stones(board.as_ref()).len()), (json!(20), 2));
    board.edit(&json!({"size": 15})).unwrap_err();
    assert_eq!(board.view()["size"], json!(20), "a refused edit changes nothing");
    board.edit(&json!("clear")).unwrap();
    board.edit(&json!({"size": 15})).unwrap();
    assert_eq!(board.view()["size"], json!(15));
    assert!(board.edit(&json!({"size": 19})).is_err());
}

#[test]
fn edits_place_take_back_change_the_rule_and_refuse_what_they_do_not_understand() {
    let mut board = open();
    board.edit(&json!({"place": {"x": 7, "y": 7}})).unwrap();
    assert_eq!(
        board.edit(&json!({"place": {"x": 7, "y": 7}})),
        Err(StudyError::Rule(crate::RuleError::Illegal("occupied")))
    );
    board.edit(&json!({"rule": "renju"})).unwrap();
    assert_eq!(board.view()["rule"], "renju");
    board.edit(&json!("takeBack")).unwrap();
    assert!(stones(board.as_ref()).is_empty());
    for bad in [json!("undo everything"), json!({"place": "H8"}), json!({"rule": "go"})] {
        assert!(matches!(board.edit(&bad), Err(StudyError::BadArgument(_))), "{bad}");
    }
}

#[test]
fn a_game_brings_its_stones_and_another_game_is_refused() {
    let mut game = crate::new_game::<Gomoku>(&json!({"rule": "exactFive"}), 0).unwrap();
    game.play(&json!({"x": 7, "y": 7})).unwrap();
    let mut board = open();
    board.set_game(game.as_ref()).unwrap();
    assert_eq!((stones(board.as_ref()), board.view()["rule"].clone()), (vec!["H8".to_string()], json!("exactFive")));
    let field = (crate::minesweeper::KIND.info().new_game)(&json!({"level": "beginner"}), 1).unwrap();
    assert!(matches!(board.set_game(field.as_ref()), Err(StudyError::BadArgument(_))));
}

#[test]
fn the_engine_finds_a_forced_win_and_makes_it_its_last_look() {
    let mut board = open();
    // White to move with an open three (F9-H9): white wins by force.
    board.set_text(&json!({"rule": "freestyle"}), "A1 F9 C1 G9 E1 H9 A15", &words).unwrap();
    let mut looks = Vec::new();
    board.engine()(&AtomicBool::new(false), &mut |look, last| {
        looks.push((look, last));
        true
    });
    let (look, last) = looks.last().unwrap();
    assert!(*last && looks.iter().filter(|(_, last)| *last).count() == 1, "one last look, at the end");
    assert_eq!(look["forcedWin"]["winner"], "white", "{look}");
}

#[test]
fn a_cancelled_engine_tells_nothing() {
    let board = open();
    let mut told = 0;
    board.engine()(&AtomicBool::new(true), &mut |_, _| {
        told += 1;
        true
    });
    assert_eq!(told, 0);
}
