//! The game as the app drives it: moves, refusals, results, undo and the view.

use super::board::POINTS;
use super::*;
use serde_json::json;

fn game(params: Params) -> Gomoku {
    Gomoku::new(&params, 7).unwrap()
}

fn at(name: &str) -> Move {
    Point::parse_notation(name).unwrap().into()
}

/// Plays the named points in turn, black first.
fn play_all(game: &mut Gomoku, names: &[&str]) {
    for name in names {
        game.apply(&at(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// Black makes five on row 8 (D8 to H8) while white plays along row 1.
const BLACK_FIVE: [&str; 9] = ["D8", "A1", "E8", "B1", "F8", "C1", "G8", "E1", "H8"];

#[test]
fn a_new_game_is_black_to_play() {
    let game = game(Params::default());
    assert_eq!(game.status(), Status::Playing);
    assert_eq!(game.side_to_move(), Colour::Black);
    assert!(!game.is_computer_turn());
    assert_eq!(game.category(), "freestyle-human");
    assert!(Gomoku::KIND.info().has_undo);
    let hard = Gomoku::new(&Params { rule: Rule::ExactFive, opponent: Opponent::Hard, ..Params::default() }, 1);
    assert_eq!(hard.unwrap().category(), "exactFive-hard");
}

#[test]
fn sides_alternate_and_the_computer_is_asked_on_its_turn() {
    let mut game = game(Params { opponent: Opponent::Medium, human_colour: Colour::White, ..Params::default() });
    assert!(game.is_computer_turn());
    play_all(&mut game, &["H8"]);
    assert_eq!(game.side_to_move(), Colour::White);
    assert!(!game.is_computer_turn());
    play_all(&mut game, &["J9"]);
    assert!(game.is_computer_turn());
}

#[test]
fn refused_moves_leave_the_game_unchanged() {
    let mut game = game(Params::default());
    play_all(&mut game, &BLACK_FIVE[..2]);
    let before = game.clone();
    assert_eq!(game.apply(&at("D8")), Err(RuleError::Illegal("occupied")));
    assert_eq!(game.apply(&at("A1")), Err(RuleError::Illegal("occupied")));
    assert_eq!(game, before);
    for (x, y) in [(-1, 0), (0, -1), (15, 3), (3, 15), (i64::MIN, i64::MAX)] {
        let err = game.apply(&Move { x, y }).unwrap_err();
        assert_eq!(err, RuleError::OutOfBoard { x, y, width: 15, height: 15 });
        assert_eq!(game, before);
    }
    play_all(&mut game, &BLACK_FIVE[2..]);
    assert_eq!(game.status(), Status::Won);
    let over = game.clone();
    assert_eq!(game.apply(&at("O15")), Err(RuleError::GameOver));
    assert_eq!(game.apply(&at("H8")), Err(RuleError::GameOver));
    assert_eq!(game.apply(&Move { x: 99, y: 0 }), Err(RuleError::GameOver));
    assert_eq!(game, over);
}

#[test]
fn status_is_the_players_point_of_view() {
    // Two humans: either five is "won"; the view says whose.
    let mut two = game(Params::default());
    play_all(&mut two, &["A15", "D8", "B15", "E8", "C15", "F8", "A13", "G8", "B13", "H8"]);
    assert_eq!(two.status(), Status::Won);
    assert_eq!(two.winner(), Some(Colour::White));
    // Against the computer: the human's five wins, the computer's loses.
    for (human, status) in [(Colour::Black, Status::Won), (Colour::White, Status::Lost)] {
        let mut vs = game(Params { opponent: Opponent::Easy, human_colour: human, ..Params::default() });
        play_all(&mut vs, &BLACK_FIVE);
        assert_eq!(vs.winner(), Some(Colour::Black));
        assert_eq!(vs.status(), status);
        assert!(!vs.is_computer_turn());
    }
}

/// A full board without five: colour by (x + 2y) mod 4, which gives runs of at most two in
/// every direction, and 113 black points for black's 113 moves.
fn full_board_moves() -> Vec<Point> {
    let is_black = |p: &Point| (p.x as usize + 2 * p.y as usize) % 4 < 2;
    let black: Vec<Point> = Point::all().filter(is_black).collect();
    let white: Vec<Point> = Point::all().filter(|p| !is_black(p)).collect();
    assert_eq!((black.len(), white.len()), (113, 112));
    let mut moves = Vec::new();
    for (i, &b) in black.iter().enumerate() {
        moves.push(b);
        moves.extend(white.get(i));
    }
    moves
}

#[test]
fn a_full_board_without_five_is_a_draw() {
    for rule in [Rule::Freestyle, Rule::ExactFive] {
        let mut game = game(Params { rule, ..Params::default() });
        for p in full_board_moves() {
            assert_eq!(game.status(), Status::Playing);
            game.apply(&p.into()).unwrap();
        }
        assert_eq!(game.status(), Status::Draw);
        assert_eq!(game.winner(), None);
        assert_eq!(game.apply(&at("H8")), Err(RuleError::GameOver));
        let view = game.view();
        assert_eq!((view.winner, view.side_to_move, view.status), (None, None, Status::Draw));
        assert!(view.stones.iter().all(|&s| s != 0));
    }
}

#[test]
fn undo_and_replay_restore_the_identical_game() {
    let mut game = game(Params::default());
    play_all(&mut game, &BLACK_FIVE[..8]);
    let snapshots: Vec<Gomoku> = {
        let mut g = Gomoku::new(game.params(), game.seed()).unwrap();
        let mut all = vec![g.clone()];
        for &p in game.moves() {
            g.apply(&p.into()).unwrap();
            all.push(g.clone());
        }
        all
    };
    assert_eq!(snapshots.last(), Some(&game));
    play_all(&mut game, &BLACK_FIVE[8..]);
    let won = game.clone();
    // Undo everything, checking each position and whose turn it is on the way...
    let mut undone = Vec::new();
    while let Some(mv) = game.undo() {
        undone.push(mv);
        assert_eq!(game, snapshots[game.moves().len()]);
        assert_eq!(game.status(), Status::Playing);
        assert_eq!(game.side_to_move(), Board::colour_of_move(game.moves().len()));
    }
    assert_eq!(game.undo(), None);
    // ...and redo it all.
    for mv in undone.into_iter().rev() {
        game.apply(&mv).unwrap();
    }
    assert_eq!(game, won);
    assert_eq!(game.status(), Status::Won);
}

#[test]
fn the_view_shows_the_stones_moves_and_result() {
    let mut game = game(Params { black_name: "Ann".into(), ..Params::default() });
    play_all(&mut game, &BLACK_FIVE);
    let view = game.view();
    assert_eq!(view.size, 15);
    assert_eq!(view.stones.len(), POINTS);
    assert_eq!(view.stones[Point::parse_notation("H8").unwrap().index()], 1);
    assert_eq!(view.stones[Point::parse_notation("A1").unwrap().index()], 2);
    assert_eq!(view.stones.iter().filter(|&&s| s != 0).count(), 9);
    assert_eq!(view.moves.len(), 9);
    assert_eq!(view.moves[1], MoveView { x: 0, y: 14, colour: Colour::White, notation: "A1".into() });
    assert_eq!(view.last_move.as_ref().unwrap().notation, "H8");
    let line: Vec<String> = view.winning_line.as_ref().unwrap().iter().map(|p| p.notation()).collect();
    assert_eq!(line, ["D8", "E8", "F8", "G8", "H8"]);
    assert_eq!(view.winner, Some(Colour::Black));
    assert_eq!(view.side_to_move, None);

    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["lastMove"], json!({"x": 7, "y": 7, "colour": "black", "notation": "H8"}));
    assert_eq!(json["winningLine"][0], json!({"x": 3, "y": 7}));
    assert_eq!(json["winner"], "black");
    assert_eq!(json["status"], "won");
    assert_eq!(json["rule"], "freestyle");
    assert_eq!(json["opponent"], "human");
    assert_eq!(json["humanColour"], "black");
    assert_eq!((json["blackName"].as_str(), json["whiteName"].as_str()), (Some("Ann"), Some("White")));
    assert_eq!(json["computerToMove"], false);
    assert_eq!(json["sideToMove"], serde_json::Value::Null);
}

#[test]
fn a_fresh_view_in_json() {
    let json = serde_json::to_value(game(Params::default()).view()).unwrap();
    assert_eq!(json["sideToMove"], "black");
    assert_eq!(json["lastMove"], serde_json::Value::Null);
    assert_eq!(json["winningLine"], serde_json::Value::Null);
    assert_eq!(json["winner"], serde_json::Value::Null);
    assert_eq!(json["moves"], json!([]));
    assert_eq!(json["status"], "playing");
}

#[test]
fn moves_parse_from_json_and_bad_numbers_are_refused_not_misread() {
    let mv: Move = serde_json::from_str(r#"{"x":7,"y":7}"#).unwrap();
    assert_eq!(mv, at("H8"));
    let mut game = game(Params::default());
    let far: Move = serde_json::from_str(r#"{"x":-3,"y":400}"#).unwrap();
    assert!(matches!(game.apply(&far), Err(RuleError::OutOfBoard { .. })));
}

#[test]
fn exact_five_games_do_not_end_on_an_overline() {
    let mut game = game(Params { rule: Rule::ExactFive, ..Params::default() });
    // Black fills D8 E8 F8 . H8 I8, then G8 makes six.
    play_all(&mut game, &["D8", "A1", "E8", "C1", "F8", "E1", "H8", "G1", "I8", "I1", "G8"]);
    assert_eq!(game.status(), Status::Playing);
    let mut free = Gomoku::new(&Params::default(), 0).unwrap();
    for &p in game.moves() {
        free.apply(&p.into()).unwrap();
    }
    assert_eq!(free.status(), Status::Won);
    assert_eq!(free.winning_line().unwrap().len(), 6);
}
