//! Gomoku's puzzles through the commands: the set and today's puzzle, the day's puzzle opened
//! and its first move answered, bad actions refused with typed errors and nothing changed, a
//! solve never in the history; and every command refused for a game without puzzles.

use super::*;
use pastimes_games::gomoku::puzzles::shipped;

#[test]
fn the_puzzle_of_the_day_opens_and_a_right_move_is_answered() {
    let h = harness_with_seed(Some(1));
    let list = h.call("puzzles", json!({"game": "gomoku"})).unwrap();
    assert!(list["puzzles"].as_array().unwrap().len() >= 30, "{}", list["puzzles"]);
    assert_eq!(list["record"]["streak"], 0);
    let opened = h.call("puzzle_open", json!({"game": "gomoku"})).unwrap();
    assert_eq!(opened["id"], list["today"]["id"]);
    assert_eq!(opened["daily"], true);
    assert_eq!(opened["view"]["phase"], "solving");
    let puzzle = shipped().unwrap().iter().find(|p| json!(p.id) == opened["id"]).unwrap();

    for bad in [json!("undo"), json!({"play": {"x": 99, "y": 0}}), json!({"play": puzzle.stones[0]}), json!("retry")] {
        let refused = h.call("puzzle_act", json!({"game": "gomoku", "action": bad})).unwrap_err();
        assert!(refused["code"].is_string(), "{refused}");
    }
    let first = h.call("puzzle_act", json!({"game": "gomoku", "action": {"play": puzzle.line[0]}})).unwrap();
    let moves = first["view"]["board"]["moves"].as_array().unwrap().len();
    assert_eq!(moves, puzzle.stones.len() + 2.min(puzzle.line.len()), "the move and the line's answer");
    for pair in puzzle.line[2..].chunks(2) {
        h.call("puzzle_act", json!({"game": "gomoku", "action": {"play": pair[0]}})).unwrap();
    }
    let solved = h.call("puzzles", json!({"game": "gomoku"})).unwrap();
    assert_eq!(solved["record"]["solved"], json!([puzzle.id]));
    assert_eq!(solved["record"]["streak"], 1);
    // The day's first attempt, solved: Gomoku's daily offer, as the daily framework shows it.
    let day = h.call("daily_status", json!({"game": "gomoku"})).unwrap();
    assert_eq!(
        (&day["offer"], &day["done"], &day["today"]["state"]),
        (&json!("puzzle"), &json!(true), &json!("solved"))
    );
    assert_eq!(day["wonStreak"]["current"], 1);
    assert!(day["today"]["timeMs"].is_i64(), "{day}");
    assert_eq!(h.call("history", json!({})).unwrap()["rows"], json!([]), "never a game of the history");
}

#[test]
fn a_game_without_puzzles_refuses_them() {
    let h = harness_with_seed(Some(1));
    for (command, args) in [
        ("puzzles", json!({"game": "minesweeper"})),
        ("puzzle_open", json!({"game": "bubbles"})),
        ("puzzle_act", json!({"game": "minesweeper", "action": "retry"})),
    ] {
        assert_eq!(h.call(command, args).unwrap_err()["code"], "not_offered", "{command}");
    }
    let unknown = h.call("puzzle_open", json!({"game": "gomoku", "id": "nope"})).unwrap_err();
    assert_eq!(unknown["code"], "bad_argument");
    let none_open = h.call("puzzle_act", json!({"game": "gomoku", "action": "retry"})).unwrap_err();
    assert_eq!(none_open["code"], "nothing_to_do");
}
