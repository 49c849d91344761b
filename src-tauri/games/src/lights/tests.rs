use super::*;
use crate::Telling;
use proptest::prelude::*;

fn params(side: usize) -> Params {
    Params { side, deal: Deal::FIRST, lit: None }
}

fn follow_hints(game: &mut Lights) -> u32 {
    let mut presses = 0;
    while game.status() == Status::Playing {
        let hint = game.hint(&AtomicBool::new(false)).expect("every dealt board has a solution");
        let press = Press { x: hint["x"].as_i64().unwrap(), y: hint["y"].as_i64().unwrap() };
        game.apply(&press).unwrap();
        presses += 1;
        assert!(presses <= 49, "the hint goes round in circles");
    }
    presses
}

#[test]
fn a_press_toggles_the_cell_and_its_four_neighbours() {
    let mut lit = vec![false; 9];
    lit[8] = true;
    let mut game = Lights::with_lights(3, lit);
    game.apply(&Press { x: 1, y: 1 }).unwrap();
    assert_eq!(game.lit(), [false, true, false, true, true, true, false, true, true]);
    let (_, effects) = game.apply_with_effects(&Press { x: 0, y: 0 }).unwrap();
    assert_eq!(effects.toggled, [[0, 0], [1, 0], [0, 1]]);
    assert_eq!(game.lit(), [true, false, false, false, true, true, false, true, true]);
    assert_eq!(game.view().presses, 2);
}

#[test]
fn the_game_is_won_when_every_light_is_out_and_then_takes_no_press() {
    let mut game = Lights::with_lights(3, vec![false, true, false, true, true, true, false, true, false]);
    assert_eq!(game.status(), Status::Playing);
    game.apply(&Press { x: 1, y: 1 }).unwrap();
    assert_eq!(game.status(), Status::Won);
    assert_eq!(game.rank_key(2_000), Some(10_000_000_000 + 2_000));
    assert_eq!(game.apply(&Press { x: 0, y: 0 }), Err(RuleError::GameOver));
}

#[test]
fn bad_sizes_and_presses_off_the_board_are_refused_and_change_nothing() {
    for side in [0, 2, 8, 1000] {
        assert!(matches!(Lights::new(&params(side), 1), Err(RuleError::OutOfRange { what: "side", .. })), "{side}");
    }
    let mut game = Lights::new(&params(5), 1).unwrap();
    let before = game.clone();
    for (x, y) in [(-1, 0), (5, 0), (0, 5), (i64::MAX, i64::MIN)] {
        assert!(matches!(game.apply(&Press { x, y }), Err(RuleError::OutOfBoard { .. })));
    }
    assert_eq!(game, before);
}

#[test]
fn moves_are_written_as_presses_of_named_cells() {
    let game = crate::new_game::<Lights>(&serde_json::json!({}), 3).unwrap();
    assert_eq!(game.move_text(&serde_json::json!({"x": 2, "y": 3})).as_deref(), Some("press C4"));
    assert_eq!(game.parse_move_text("press e5"), Some(serde_json::json!({"x": 4, "y": 4})));
    assert_eq!(game.parse_move_text("press F1"), None, "off a 5x5 board");
    assert_eq!(game.move_code(&serde_json::json!({"x": 2, "y": 3})), Some(17));
    assert_eq!(game.category(), "5x5");
}

proptest! {
    #[test]
    fn every_deal_is_lit_reproducible_and_solved_by_following_the_hint(seed: u64, side in SIDES) {
        let mut game = Lights::new(&params(side), seed).unwrap();
        prop_assert_eq!(&game, &Lights::new(&params(side), seed).unwrap());
        prop_assert_eq!(game.status(), Status::Playing);
        let fewest = solve::fewest_presses(side, game.lit()).unwrap().iter().filter(|p| **p).count();
        prop_assert_eq!(follow_hints(&mut game) as usize, fewest);
    }

    #[test]
    fn pressing_a_cell_twice_changes_no_light(seed: u64, x in 0i64..5, y in 0i64..5) {
        let mut game = Lights::new(&params(5), seed).unwrap();
        let before = game.lit().to_vec();
        game.apply(&Press { x, y }).unwrap();
        if game.status() == Status::Playing {
            game.apply(&Press { x, y }).unwrap();
            prop_assert_eq!(game.lit(), &before[..]);
        }
    }
}
