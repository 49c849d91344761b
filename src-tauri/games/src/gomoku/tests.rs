//! The game as the app drives it: moves, refusals, results, undo and the view.

use super::*;
use crate::Telling;
use serde_json::json;
use std::sync::atomic::AtomicBool;

fn game(params: Params) -> Gomoku {
    Gomoku::new(&params, 7).unwrap()
}

fn at(name: &str) -> Action {
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
        let err = game.apply(&Move { x, y }.into()).unwrap_err();
        assert_eq!(err, RuleError::OutOfBoard { x, y, width: 15, height: 15 });
        assert_eq!(game, before);
    }
    play_all(&mut game, &BLACK_FIVE[2..]);
    assert_eq!(game.status(), Status::Won);
    let over = game.clone();
    assert_eq!(game.apply(&at("O15")), Err(RuleError::GameOver));
    assert_eq!(game.apply(&at("H8")), Err(RuleError::GameOver));
    assert_eq!(game.apply(&Move { x: 99, y: 0 }.into()), Err(RuleError::GameOver));
    assert_eq!(game, over);
}

#[test]
fn status_is_the_players_point_of_view() {
    // Two humans: either five is "won"; the view says whose.
    let mut two = game(Params::default());
    assert_eq!(two.summary(0), None, "nobody has won yet");
    play_all(&mut two, &["A15", "D8", "B15", "E8", "C15", "F8", "A13", "G8", "B13", "H8"]);
    assert_eq!(two.status(), Status::Won);
    assert_eq!(two.winner(), Some(Colour::White));
    assert_eq!(two.summary(0), Some(json!({"winner": "white"})), "the history learns whose five it was");
    // Against the computer: the human's five wins, the computer's loses.
    for (human, status) in [(Colour::Black, Status::Won), (Colour::White, Status::Lost)] {
        let mut vs = game(Params { opponent: Opponent::Easy, human_colour: human, ..Params::default() });
        play_all(&mut vs, &BLACK_FIVE);
        assert_eq!(vs.winner(), Some(Colour::Black));
        assert_eq!(vs.status(), status);
        assert_eq!(vs.summary(0), None, "won or lost says it");
        assert!(!vs.is_computer_turn());
    }
}

/// A full board without five: colour by (x + 2y) mod 4, which gives runs of at most two in
/// every direction, and 113 black points for black's 113 moves.
fn full_board_moves() -> Vec<Point> {
    let is_black = |p: &Point| (p.x as usize + 2 * p.y as usize) % 4 < 2;
    let black: Vec<Point> = crate::gomoku::BoardSize::Fifteen.points().filter(is_black).collect();
    let white: Vec<Point> = crate::gomoku::BoardSize::Fifteen.points().filter(|p| !is_black(p)).collect();
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
        assert_eq!(game.summary(0), None);
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
    assert_eq!(view.stones.len(), 225);
    // The view's stones are row-major on the board's own rows: y * 15 + x.
    let code = |name: &str| Point::parse_notation(name).map(|p| view.stones[usize::from(p.y) * 15 + usize::from(p.x)]);
    assert_eq!((code("H8"), code("A1"), code("O15")), (Some(1), Some(2), Some(0)));
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
    let mv: Action = serde_json::from_str(r#"{"x":7,"y":7}"#).unwrap();
    assert_eq!(mv, at("H8"));
    let mut game = game(Params::default());
    let far: Action = serde_json::from_str(r#"{"x":-3,"y":400}"#).unwrap();
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

/// A Renju game where black and white played the named points in turn.
fn renju_with(names: &[&str]) -> Gomoku {
    let mut game = game(Params { rule: Rule::Renju, ..Params::default() });
    play_all(&mut game, names);
    game
}

/// Black F8 G8 across and H9 H10 down, white in the corners: H8 is black's double three.
const DOUBLE_THREE_AT_H8: [&str; 8] = ["F8", "A1", "G8", "O1", "H9", "A15", "H10", "O15"];

#[test]
fn renju_refuses_black_on_a_forbidden_point_and_shows_the_crosses() {
    let mut game = renju_with(&DOUBLE_THREE_AT_H8);
    let before = game.clone();
    assert_eq!(game.apply(&at("H8")), Err(RuleError::Illegal("doubleThree")));
    assert_eq!(game, before);
    let view = serde_json::to_value(game.view()).unwrap();
    assert!(view["forbidden"].as_array().unwrap().contains(&json!({"x": 7, "y": 7})), "{}", view["forbidden"]);
    assert_eq!(view["rule"], "renju");
    // The same point is fine under freestyle, and for white.
    let mut free = game_with_rule(Rule::Freestyle, &DOUBLE_THREE_AT_H8);
    assert!(free.apply(&at("H8")).is_ok());
    assert!(free.forbidden_points().is_empty());
    play_all(&mut game, &["B1"]);
    assert_eq!(game.side_to_move(), Colour::White);
    assert!(game.forbidden_points().is_empty(), "no crosses while white is to move");
    play_all(&mut game, &["H8"]);
}

fn game_with_rule(rule: Rule, names: &[&str]) -> Gomoku {
    let mut game = game(Params { rule, ..Params::default() });
    play_all(&mut game, names);
    game
}

#[test]
fn renju_black_wins_with_exactly_five_even_through_a_forbidden_shape() {
    // D8 E8 F8 G8 across, H9 H10 H11 down (H7 empty): H8 makes five across and a four down.
    let mut game = renju_with(&["D8", "A1", "E8", "A3", "F8", "A5", "G8", "A7", "H9", "A9", "H10", "A11", "H11", "C1"]);
    play_all(&mut game, &["H8"]);
    assert_eq!((game.status(), game.winner()), (Status::Won, Some(Colour::Black)));
    // Six across is no win for black: it is refused as an overline.
    let mut six = renju_with(&["C8", "A1", "D8", "A3", "E8", "A5", "G8", "A7", "H8", "A9", "I8", "A11"]);
    assert_eq!(six.apply(&at("F8")), Err(RuleError::Illegal("overline")));
}

#[test]
fn renju_white_wins_with_an_overline() {
    // White C8 D8 E8 G8 H8, then F8 makes six; black plays along row 1 and 3, never in line.
    let mut game = renju_with(&["A1", "C8", "C1", "D8", "E1", "E8", "G1", "G8", "A3", "H8", "C3", "F8"]);
    assert_eq!(game.winner(), Some(Colour::White));
    assert_eq!(game.winning_line().unwrap().len(), 6);
    assert_eq!(game.apply(&at("O15")), Err(RuleError::GameOver));
}

#[test]
fn the_computer_never_plays_a_forbidden_point_as_black() {
    // H8 would be black's winning double three under freestyle; under Renju it is forbidden.
    let params =
        Params { rule: Rule::Renju, opponent: Opponent::Hard, human_colour: Colour::White, ..Params::default() };
    let mut game = Gomoku::new(&params, 3).unwrap();
    play_all(&mut game, &DOUBLE_THREE_AT_H8);
    assert!(game.is_computer_turn());
    let cancel = AtomicBool::new(false);
    let engine_choice = search_level(&game, Level::Master, &computer::quick(2_000), 1, &cancel).best.unwrap();
    let renju_choice = legal_stone(&game, Level::Hard, &computer::quick(2_000), 1, &cancel).unwrap();
    // The engine itself knows the rule now (ai/legality.rs); the rules' own check stays behind it.
    assert_ne!(engine_choice, at_move("H8"), "the engine does not play the forbidden point");
    assert_ne!(renju_choice, at_move("H8"));
    let freestyle = Gomoku { params: Params { rule: Rule::Freestyle, ..params.clone() }, ..game.clone() };
    let wanted = search_level(&freestyle, Level::Master, &computer::quick(2_000), 1, &cancel).best.unwrap();
    assert_eq!(wanted, at_move("H8"), "the test's premise: under freestyle the engine plays H8");
    assert!(game.clone().play(renju_choice).is_ok());
    for level in Level::ALL {
        let mv = computer_action(&game, level, &computer::quick(1_000), &cancel).unwrap();
        assert!(game.clone().apply(&mv).is_ok(), "{level:?} played {mv:?}");
    }
}

fn at_move(name: &str) -> Move {
    Point::parse_notation(name).unwrap().into()
}

fn choose(choice: Choice) -> Action {
    Action::Choose { choose: choice }
}

fn swap2(opponent: Opponent, human: Colour) -> Gomoku {
    game(Params { opening: Opening::Swap2, opponent, human_colour: human, ..Params::default() })
}

#[test]
fn swap2_taking_a_side_settles_who_plays_which_colour() {
    for (choice, first) in [(Choice::White, Colour::Black), (Choice::Black, Colour::White)] {
        let mut game = swap2(Opponent::Human, Colour::Black);
        assert_eq!(game.phase(), Phase::PlaceThree);
        assert_eq!(game.decider(), Some(Role::First));
        play_all(&mut game, &["H8", "I9", "G9"]);
        assert_eq!(game.phase(), Phase::ChooseSide);
        assert_eq!(game.decider(), Some(Role::Second));
        let before = game.clone();
        assert_eq!(game.apply(&at("J10")), Err(RuleError::Illegal("choicePending")));
        assert_eq!(game, before);
        game.apply(&choose(choice)).unwrap();
        assert_eq!(game.phase(), Phase::Done);
        assert_eq!(game.colour_of(Role::First), Some(first));
        // White moves next, whoever has it.
        assert_eq!(game.side_to_move(), Colour::White);
        assert_eq!(game.decider(), game.role_of(Colour::White));
        assert_eq!(game.apply(&choose(Choice::White)), Err(RuleError::Illegal("opening over")));
        play_all(&mut game, &["J10"]);
    }
}

#[test]
fn swap2_placing_two_more_passes_the_choice_back() {
    let mut game = swap2(Opponent::Human, Colour::Black);
    assert_eq!(game.apply(&choose(Choice::PlaceTwo)), Err(RuleError::Illegal("stones to place")));
    play_all(&mut game, &["H8", "I9", "G9"]);
    game.apply(&choose(Choice::PlaceTwo)).unwrap();
    assert_eq!((game.phase(), game.decider()), (Phase::PlaceTwo, Some(Role::Second)));
    play_all(&mut game, &["G7", "J9"]);
    assert_eq!((game.phase(), game.decider()), (Phase::ChooseColour, Some(Role::First)));
    assert_eq!(game.apply(&choose(Choice::PlaceTwo)), Err(RuleError::Illegal("choice not open")));
    let view = serde_json::to_value(game.view()).unwrap();
    assert_eq!(view["opening"], "swap2");
    assert_eq!(
        view["swap2"],
        json!({"phase": "chooseColour", "decider": "first", "deciderName": "Black", "computerDecides": false,
               "choices": ["white", "black"], "stonesLeft": 0, "firstColour": null})
    );
    game.apply(&choose(Choice::White)).unwrap();
    assert_eq!(game.colour_of(Role::First), Some(Colour::White));
    let view = game.view();
    // The first player (named "Black" in the settings) now holds white.
    assert_eq!((view.black_name.as_str(), view.white_name.as_str()), ("White", "Black"));
    assert_eq!(game.category(), "freestyle-human-swap2");
}

#[test]
fn swap2_undo_takes_back_choices_and_stones_in_order() {
    let mut game = swap2(Opponent::Human, Colour::Black);
    play_all(&mut game, &["H8", "I9", "G9"]);
    game.apply(&choose(Choice::PlaceTwo)).unwrap();
    play_all(&mut game, &["G7"]);
    let mut undone = Vec::new();
    while let Some(action) = game.undo() {
        undone.push(action);
    }
    assert_eq!(undone, [at("G7"), choose(Choice::PlaceTwo), at("G9"), at("I9"), at("H8")]);
    assert_eq!(game, swap2(Opponent::Human, Colour::Black));
    for action in undone.iter().rev() {
        game.apply(action).unwrap();
    }
    assert_eq!(game.phase(), Phase::PlaceTwo);
}

#[test]
fn swap2_actions_read_and_write_as_json() {
    let action: Action = serde_json::from_str(r#"{"choose":"placeTwo"}"#).unwrap();
    assert_eq!(action, choose(Choice::PlaceTwo));
    assert_eq!(serde_json::to_value(at("H8")).unwrap(), json!({"x": 7, "y": 7}));
    assert_eq!(serde_json::to_value(choose(Choice::Black)).unwrap(), json!({"choose": "black"}));
    assert!(serde_json::from_str::<Action>(r#"{"choose":"red"}"#).is_err());
    // Standard games have no choices.
    let mut standard = game(Params::default());
    assert_eq!(standard.apply(&choose(Choice::White)), Err(RuleError::Illegal("no opening choice")));
}

#[test]
fn the_computer_makes_either_players_opening_decisions() {
    let cancel = AtomicBool::new(false);
    for human in [Colour::Black, Colour::White] {
        for seed in 0..2 {
            let mut game = Gomoku::new(
                &Params {
                    opening: Opening::Swap2,
                    opponent: Opponent::Medium,
                    human_colour: human,
                    ..Params::default()
                },
                seed,
            )
            .unwrap();
            let human_stones = ["E5", "K11", "E11", "L4", "D12", "M3"];
            while game.moves().len() < 8 && !game.status().is_over() {
                let action = if game.is_computer_turn() {
                    let view = game.view();
                    assert!(view.computer_to_move);
                    computer_action(&game, Level::Medium, &computer::quick(600), &cancel).unwrap()
                } else if game.phase().takes_stones() {
                    let free = human_stones
                        .iter()
                        .find(|name| game.board().get(Point::parse_notation(name).unwrap()).is_none());
                    at(free.unwrap())
                } else {
                    // The human places two more when asked first, and then (or later) takes black.
                    choose(if game.phase() == Phase::ChooseSide { Choice::PlaceTwo } else { Choice::Black })
                };
                game.apply(&action).unwrap_or_else(|e| panic!("{action:?} in {:?}: {e}", game.phase()));
            }
            assert_eq!(game.phase(), Phase::Done, "human {human:?} seed {seed}");
            assert!(game.human_colour().is_some() && game.computer_colour() != game.human_colour());
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 16, ..Default::default() })]

    /// Under Renju a black stone is refused exactly on the points the view shows as crosses,
    /// and the refusal names why.
    #[test]
    fn renju_refuses_black_exactly_on_the_crosses(
        cells in proptest::collection::vec((4u8..11, 4u8..11), 10..60),
        seed in 0u64..1000,
    ) {
        let mut game = Gomoku::new(&Params { rule: Rule::Renju, ..Params::default() }, seed).unwrap();
        for (x, y) in cells {
            if game.status().is_over() {
                break;
            }
            let crosses = game.forbidden_points();
            let p = Point { x, y };
            let before = game.clone();
            match game.apply(&p.into()) {
                Err(RuleError::Illegal(reason)) if reason != "occupied" => {
                    proptest::prop_assert!(crosses.contains(&p), "{} refused ({}) but not a cross", p.notation(), reason);
                    proptest::prop_assert_eq!(&game, &before);
                }
                Err(_) => proptest::prop_assert!(!crosses.contains(&p)),
                Ok(colour) => proptest::prop_assert!(!crosses.contains(&p), "{:?} played on a cross", colour),
            }
            if game.side_to_move() == Colour::White {
                proptest::prop_assert!(game.forbidden_points().is_empty());
            }
        }
    }

    /// Any action of a Swap2 game is applied or refused without change, and undo brings back
    /// the game before it.
    #[test]
    fn swap2_actions_apply_or_leave_the_game_unchanged(
        actions in proptest::collection::vec((0u8..4, 5u8..10, 5u8..10), 1..24),
    ) {
        let mut game = swap2(Opponent::Human, Colour::Black);
        for (kind, x, y) in actions {
            let action = match kind {
                0 => choose(Choice::White),
                1 => choose(Choice::Black),
                2 => choose(Choice::PlaceTwo),
                _ => Point { x, y }.into(),
            };
            let before = game.clone();
            if game.apply(&action).is_ok() {
                let mut undone = game.clone();
                proptest::prop_assert_eq!(undone.undo(), Some(action));
                proptest::prop_assert_eq!(&undone, &before);
            } else {
                proptest::prop_assert_eq!(&game, &before);
            }
            let phase = game.phase();
            let choices = game.view().swap2.map(|view| view.choices).unwrap_or_default();
            proptest::prop_assert_eq!(choices.is_empty(), phase.takes_stones());
            proptest::prop_assert_eq!(game.colour_of(Role::First).is_some(), phase == Phase::Done);
        }
    }
}

fn against_an_engine() -> Gomoku {
    let engine = EngineSeat { id: "pbrain-x".into(), name: "X".into(), version: "1".into(), move_ms: 500 };
    game(Params { opponent: Opponent::Engine, engine: Some(engine), ..Params::default() })
}

/// An external engine loses by its fault only at its own turn; the game is then the player's,
/// never ranks, and the forfeit is written and coded like any move.
#[test]
fn an_engine_forfeits_only_at_its_turn_and_the_player_wins() {
    let mut game = against_an_engine();
    let forfeit = Action::Forfeit { forfeit: Fault::Timeout };
    assert!(matches!(game.apply(&forfeit), Err(RuleError::Illegal("notTheEngine"))), "the player's turn");
    play_all(&mut game, &["H8"]);
    assert!(game.computer_to_move() && game.computer_move(None, &AtomicBool::new(false)).is_none(), "the app plays it");
    assert_eq!(game.apply(&forfeit), Ok(Applied::Move));
    assert_eq!((game.status(), game.forfeited()), (Status::Won, Some(Fault::Timeout)));
    assert!(!game.can_rank() && game.rank_key(1000).is_none(), "an engine's games never rank");
    let view = game.view();
    assert_eq!((view.forfeit, view.engine.map(|e| e.name)), (Some(Fault::Timeout), Some("X".into())));
    for fault in Fault::ALL {
        let action = Action::Forfeit { forfeit: fault };
        let written = game.write(&action).unwrap();
        assert_eq!(game.read(written), Some(action));
        let text = Gomoku::NOTATION.text(written, (15, 15)).unwrap();
        assert_eq!(text, format!("forfeit {}", serde_json::to_value(fault).unwrap().as_str().unwrap()));
    }
    assert_eq!(game.undo(), Some(forfeit));
    assert_eq!(game.status(), Status::Playing);
    let mut two = Gomoku::new(&Params::default(), 7).unwrap();
    play_all(&mut two, &["H8"]);
    assert!(two.apply(&forfeit).is_err(), "no engine, no forfeit");
    let time_control = crate::time_control::TimeControl::PerMove { move_ms: 5_000 };
    let clocked = Params { time_control, ..against_an_engine().params.clone() };
    // An engine plays to the game's clock as a person does (told it by `INFO time_left`).
    let on_the_clock = Gomoku::new(&clocked, 7).expect("an engine on a clock");
    assert_eq!(on_the_clock.params().time_control, time_control);
}

fn timed(opponent: Opponent, opening: Opening) -> Gomoku {
    let time_control = crate::time_control::TimeControl::Fischer { main_ms: 60_000, increment_ms: 1_000 };
    game(Params { opponent, opening, time_control, ..Params::default() })
}

/// The clock's ruling ends the game for the player whose turn it was: against the computer a
/// loss or a win by part, between two people the other colour's win; it writes and reads back
/// as `first lost on time` (code 233), and an untimed game or the wrong player refuses it.
#[test]
fn a_loss_on_time_ends_the_game_for_the_player_to_act_and_replays() {
    let mut untimed = game(Params::default());
    let ruling = Action::LostOnTime { lost_on_time: Role::First };
    assert_eq!(untimed.apply(&ruling), Err(RuleError::Illegal("untimed")));
    assert_eq!(untimed.lost_on_time(0), None, "no ruling without a clock");

    let mut two = timed(Opponent::Human, Opening::Standard);
    play_all(&mut two, &["H8"]);
    assert_eq!(two.player_to_act(), Some(1));
    assert_eq!(two.apply(&ruling), Err(RuleError::Illegal("notTheirTurn")));
    let second = two.lost_on_time(1).unwrap();
    assert!(two.is_ruling(&second) && !two.is_ruling(&at("A1")));
    let effects = two.apply_with_effects(&second).unwrap().1;
    assert_eq!(effects.lost_on_time, Some(Role::Second));
    assert_eq!((two.status(), two.winner(), two.player_to_act()), (Status::Won, Some(Colour::Black), None));
    assert_eq!(two.summary(0), Some(json!({"winner": "black", "onTime": true})));
    assert_eq!(two.view().winner, Some(Colour::Black));
    let written = two.write(&second).unwrap();
    assert_eq!(Gomoku::NOTATION.text(written, (15, 15)).as_deref(), Some("second lost on time"));
    assert_eq!(Gomoku::NOTATION.code(written, (15, 15)), Some(234));
    assert_eq!(two.read(Gomoku::NOTATION.parse("first lost on time", (15, 15)).unwrap()), Some(ruling));
    assert_eq!(two.undo(), Some(second), "the engine's undo takes the ruling back first");
    assert_eq!(two.status(), Status::Playing);

    // Against the computer, in the Swap2 opening before any colour is chosen: by part.
    let mut opening = timed(Opponent::Hard, Opening::Swap2);
    assert_eq!(opening.apply(&ruling), Ok(Applied::Move));
    assert_eq!(opening.status(), Status::Lost, "the human opens and ran out of time");
    assert_eq!(opening.summary(0), Some(json!({"onTime": true})));
    let json = serde_json::to_value(Action::LostOnTime { lost_on_time: Role::Second }).unwrap();
    assert_eq!(json, json!({"lostOnTime": "second"}));
}

/// The computer reads its clock: on a nearly spent clock it still answers, at once.
#[test]
fn the_computer_plays_within_its_clock() {
    let mut game = timed(Opponent::Master, Opening::Standard);
    play_all(&mut game, &["H8"]);
    let time = crate::time_control::TurnTime { left_ms: 300, increment_ms: 0, per_move: false };
    let started = std::time::Instant::now();
    let mv = game.computer_move(Some(time), &AtomicBool::new(false));
    assert!(matches!(mv, Some(Action::Stone(_))), "{mv:?}");
    let (_, hard) = on_the_clock::move_time(&time);
    assert!(hard <= std::time::Duration::from_millis(300 - on_the_clock::RESERVE_MS - 15), "{hard:?}");
    assert!(started.elapsed() < std::time::Duration::from_millis(300), "{:?}", started.elapsed());
}

mod openings;

/// On the 20x20 board the hint and the review read the game's own board: the hint completes a
/// four beyond the 15th line, and the review names its stones as the 20x20 board does.
#[test]
fn the_hint_and_the_review_work_on_the_twenty_board() {
    let twenty = BoardSize::Twenty;
    let mut game = game(Params { size: twenty, ..Params::default() });
    let stones = ["Q20", "A1", "R20", "A3", "S20", "A5", "P20", "A7"];
    for name in stones {
        game.apply(&twenty.parse_name(name).unwrap().into()).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let hint = game.hint_stone(&AtomicBool::new(false)).expect("a hint");
    assert!(["T20", "O20"].contains(&hint.notation.as_str()), "{hint:?}");
    let actions: Vec<Action> = stones.iter().map(|name| twenty.parse_name(name).unwrap().into()).collect();
    let review = game.review(7, &actions, &AtomicBool::new(false)).expect("a review");
    let named: Vec<&str> = review.evaluations.iter().map(|e| e.notation.as_str()).collect();
    assert_eq!(named, stones);
}
