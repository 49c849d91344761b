use super::*;
use crate::minesweeper::solver::tests::Position;
use crate::minesweeper::{Move, Params};
use crate::Game;
use serde_json::json;

use crate::minesweeper::view::playing as view;

fn at(x: usize, y: usize) -> Point {
    Point { x, y }
}

#[test]
fn the_one_two_one_gives_its_middle_cell() {
    // 1 2 1 under three closed cells: a 1 lies inside the 2's cells, so a corner is a mine (the
    // subset rule); then a 1 has its mine and (1,0) is safe (the single-cell rule).
    let hint = hint_for(&view(&["...", "121"], 2)).unwrap();
    let Hint::Safe { x: 1, y: 0, because } = hint else { panic!("{hint:?}") };
    assert_eq!(because.rule, HintRule::Single);
    assert_eq!(because.numbers.len(), 1);
}

#[test]
fn a_safe_cell_by_a_subset_names_its_two_numbers() {
    // The 1 at (0,1) sees (0,0) and (1,0); the 1 at (1,1) sees those and (2,0): (2,0) is safe.
    let hint = hint_for(&view(&["...", "11.", "..."], 1)).unwrap();
    let Hint::Safe { because, .. } = &hint else { panic!("{hint:?}") };
    assert_eq!(because.rule, HintRule::Subset, "{hint:?}");
    assert_eq!(because.numbers.len(), 2);
}

#[test]
fn a_proved_mine_is_shown_until_flagged() {
    // Every number sees only (1,0) closed: it is the mine.
    let hint = hint_for(&view(&["1.", "11"], 1)).unwrap();
    let Hint::Mine { x: 1, y: 0, because } = hint else { panic!("{hint:?}") };
    assert_eq!(because.rule, HintRule::Single);
    // Once flagged there is nothing left to hint (the game would be won).
    assert_eq!(hint_for(&view(&["1F", "11"], 1)), None);
}

#[test]
fn a_fifty_fifty_is_a_guess_at_one_half() {
    // Two closed cells side by side above two 1s, one mine: no cell is provable.
    let hint = hint_for(&view(&["..", "11"], 1)).unwrap();
    assert_eq!(hint, Hint::Guess { x: 0, y: 0, mine_probability: 0.5, exact: true, coin_toss: true });
}

#[test]
fn a_fifty_fifty_that_other_cells_can_still_inform_is_not_a_coin_toss() {
    // The 1s at (0,1) and (1,1) put one mine in (0,0) or (1,0), but the 1s at (2,0) and (2,1)
    // also see (1,0) and closed cells on the right: opening those may settle the pair.
    let v = view(&["..1..", "111.."], 2);
    let hint = hint_for(&v).unwrap();
    let Hint::Guess { coin_toss, .. } = hint else { panic!("{hint:?}") };
    assert!(!coin_toss, "{hint:?}");
}

#[test]
fn a_coin_toss_says_so_in_the_json() {
    let hint = hint_for(&view(&["..", "11"], 1)).unwrap();
    let json = serde_json::to_value(&hint).unwrap();
    assert_eq!(json, json!({"kind": "guess", "x": 0, "y": 0, "mineProbability": 0.5, "exact": true, "coinToss": true}));
}

#[test]
fn flags_are_not_trusted() {
    // The same position with a wrong flag on (0,0): the hint is the same safe cell.
    let plain = hint_for(&view(&["...", "121", "000"], 2));
    let flagged = hint_for(&view(&["F..", "121", "000"], 2));
    assert_eq!(plain, flagged);
}

#[test]
fn hints_on_random_positions_are_true_in_every_fitting_layout() {
    let mut kinds = [0; 3];
    for seed in 0..300 {
        let position = Position::random(seed, 12);
        let (mine_count, layouts) = position.brute_force();
        let rows: Vec<String> = (0..position.board.height())
            .map(|y| {
                (0..position.board.width())
                    .map(|x| {
                        let c = y * position.board.width() + x;
                        if position.open[c] {
                            char::from(b'0' + position.number(c))
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let Some(hint) = hint_for(&view(&rows, position.board.mines())) else { continue };
        let cell = |x: usize, y: usize| y * position.board.width() + x;
        match hint {
            Hint::Safe { x, y, .. } => {
                kinds[0] += 1;
                assert_eq!(mine_count[cell(x, y)], 0, "seed {seed}");
            }
            Hint::Mine { x, y, .. } => {
                kinds[1] += 1;
                assert_eq!(mine_count[cell(x, y)], layouts, "seed {seed}");
            }
            Hint::Guess { x, y, mine_probability, exact, .. } => {
                kinds[2] += 1;
                assert!(exact);
                // Not always the least likely cell (`guess.rs` may prefer another that wins more
                // often), but never one that holds a mine in every layout.
                assert!(mine_count[cell(x, y)] < layouts, "seed {seed}: a sure mine as a guess");
                assert!((mine_probability - mine_count[cell(x, y)] as f64 / layouts as f64).abs() < 1e-9);
            }
        }
    }
    assert!(kinds.iter().all(|&k| k > 10), "{kinds:?}");
}

#[test]
fn before_the_first_click_the_hint_is_the_centre_and_after_the_end_nothing() {
    let mut game = Minesweeper::new(&Params::expert(), 1).unwrap();
    let first = game.hint().unwrap();
    assert_eq!(first, Hint::Safe { x: 15, y: 8, because: Reason { rule: HintRule::FirstClick, numbers: vec![] } });
    game.apply(&Move::Open { x: 15, y: 8 }).unwrap();
    let replay = Minesweeper::new(&game.replay_params().unwrap(), 1).unwrap();
    assert!(matches!(replay.hint(), Some(Hint::Safe { x: 15, y: 8, .. })));
    assert!(game.hint().is_some());
}

#[test]
fn a_no_guess_game_is_won_by_following_the_hint() {
    let params = Params::expert().with_no_guess(true);
    let mut game = Minesweeper::new(&params, 4).unwrap();
    while game.status() == Status::Playing {
        match game.hint().unwrap() {
            Hint::Safe { x, y, .. } => game.apply(&Move::Open { x: x as i64, y: y as i64 }).unwrap(),
            Hint::Mine { x, y, .. } => game.apply(&Move::Mark { x: x as i64, y: y as i64 }).unwrap(),
            guess => panic!("a no-guess board needed a guess: {guess:?}"),
        };
    }
    assert_eq!(game.status(), Status::Won);
}

#[test]
fn json_shapes() {
    let safe = Hint::Safe { x: 1, y: 2, because: Reason { rule: HintRule::Subset, numbers: vec![at(0, 0), at(1, 1)] } };
    assert_eq!(
        serde_json::to_value(safe).unwrap(),
        json!({"kind": "safe", "x": 1, "y": 2, "because": {"rule": "subset", "numbers": [{"x": 0, "y": 0}, {"x": 1, "y": 1}]}})
    );
    let guess = Hint::Guess { x: 0, y: 0, mine_probability: 0.25, exact: false, coin_toss: false };
    assert_eq!(
        serde_json::to_value(guess).unwrap(),
        json!({"kind": "guess", "x": 0, "y": 0, "mineProbability": 0.25, "exact": false, "coinToss": false})
    );
    assert_eq!(serde_json::to_value(HintRule::FirstClick).unwrap(), json!("firstClick"));
}

#[test]
fn a_cell_safe_only_because_the_mines_would_run_out_is_named_safe_not_guessed() {
    // From a plain Expert game the hint played (seed 267): the numbers around the 18 closed
    // cells at the bottom left allow layouts with 5 mines and with more, but only 5 are left.
    // The two layouts with 5 agree that ten cells, (4,15) among them, hold none; the numbers
    // alone settle none of them, and before the odds counted the total the hint guessed here
    // (and the exact endgame, which counts it, expected those cells to be opened for free).
    let rows = [
        "00001111111F111101F2F1001F1011",
        "00001F23F21111F21223111121212F",
        "0011223FF200123F11F3222F212F32",
        "001F33F321001F22222FF3F33F22F1",
        "0013FF2222102221F113F44F311222",
        "1113F311FF101F1111012F3F2002F3",
        "F11F320123333221100022311013FF",
        "1112F22112FFF32F21001F21112F32",
        "00012F2F12F6FF22F32113F21F3331",
        "00112121112F32113FF113F4433FF1",
        "111F2100012321002F433F4FFF2221",
        "F113F31101F4F20012F3FF42322110",
        "2213F4F2122FF323222F5F42111F10",
        "..1...33F22322FFF1225FF2F11221",
        ".222....33F10135421F3F431101F1",
        "........F211001FF11122F1000111",
    ];
    let view = view(&rows, 99);
    let solver = solved(&view).unwrap();
    let odds = mine_odds(&solver);
    let board = solver.board();
    let index = |x, y| board.checked_index(x, y).unwrap();
    assert_eq!(odds.sure[index(4, 15)], Some(false));
    assert_eq!(odds.ln_layouts.map(f64::exp).map(f64::round), Some(2.0), "two layouts fit");
    let hint = hint_for(&view).unwrap();
    let Hint::Safe { x, y, because } = hint else { panic!("{hint:?}") };
    assert_eq!(odds.sure[index(x as i64, y as i64)], Some(false));
    assert_eq!(because.rule, HintRule::Cases);
}
