//! The analysis board: its texts and their refusals, its edits, *Play on*, and its look
//! against the hint, the odds overlay and brute force.

use super::analysis::look;
use super::*;
use crate::minesweeper::{hint_for, odds_for, Move, Params};
use crate::rng::{self, GameRng};
use crate::Game;
use rand::Rng;

fn no_moves(_: &dyn AnyGame, _: &str) -> Result<Vec<Value>, StudyError> {
    Ok(vec![])
}

fn pasted(text: &str, mines: Option<i64>) -> Result<Box<dyn StudyBoard>, StudyError> {
    let mut board = open();
    board.set_text(&json!({ "mines": mines }), text, &no_moves)?;
    Ok(board)
}

fn code(error: StudyError) -> (&'static str, Value) {
    match error {
        StudyError::Format { code, params, .. } => (code, params),
        other => panic!("{other:?}"),
    }
}

/// The engine's one look at the board.
fn looked(board: &dyn StudyBoard) -> Value {
    let mut looks = Vec::new();
    board.engine()(&std::sync::atomic::AtomicBool::new(false), &mut |look, last| {
        looks.push((look, last));
        true
    });
    assert_eq!(looks.len(), 1);
    assert!(looks[0].1, "its one look is its last");
    looks.pop().unwrap().0
}

#[test]
fn a_text_sets_out_its_rows_and_keeps_them() {
    let board = pasted("\n  ..1\n.F2 \n*..\n\n", None).unwrap();
    let view = board.view();
    assert_eq!((view["width"].clone(), view["height"].clone()), (json!(3), json!(3)));
    assert_eq!(view["cells"], "..1.F2*..");
    // A `*` makes the layout known: the mines are the `*` and `F` cells.
    assert_eq!((view["layoutKnown"].clone(), view["mines"].clone()), (json!(true), json!(2)));
    assert_eq!(view["text"], "..1\n.F2\n*..\n");
    let board = pasted("..1\n.F2\n...", Some(3)).unwrap();
    assert_eq!((board.view()["layoutKnown"].clone(), board.view()["mines"].clone()), (json!(false), json!(3)));
}

#[test]
fn bad_texts_are_refused_by_their_code_and_change_nothing() {
    let mut board = pasted("1.\n..", Some(1)).unwrap();
    let before = board.view();
    let cases: Vec<(String, Option<i64>, &str)> = vec![
        ("1.\n...".into(), Some(1), "ms_position_ragged"),
        ("1.\n.x".into(), Some(1), "ms_position_character"),
        ("19\n..".into(), Some(1), "ms_position_character"),
        (".".repeat(101), Some(1), "ms_position_size"),
        ("\n\n".into(), Some(1), "ms_position_size"),
        ("..\n..".into(), Some(4), "ms_position_mines"),
        ("*".into(), None, "ms_position_mines"),
        ("..\n..\n".repeat(5_000_000 / 6), Some(1), "ms_position_too_long"),
    ];
    for (text, mines, expected) in cases {
        let refused = board.set_text(&json!({ "mines": mines }), &text, &no_moves).unwrap_err();
        assert_eq!(code(refused).0, expected, "{:?}", &text[..text.len().min(20)]);
        assert_eq!(board.view(), before);
    }
    let (code_of_ragged, params) = code(board.set_text(&json!({"mines": 1}), "1.\n...", &no_moves).unwrap_err());
    assert_eq!((code_of_ragged, params), ("ms_position_ragged", json!({"row": 2, "length": 3, "expected": 2})));
    assert!(matches!(board.set_text(&json!({"mines": -1}), "..", &no_moves), Err(StudyError::BadArgument(_))));
    assert!(matches!(board.set_text(&json!({"rule": "x"}), "..", &no_moves), Err(StudyError::BadArgument(_))));
    assert_eq!(board.view(), before);
}

#[test]
fn edits_set_cells_resize_change_the_total_and_are_taken_back() {
    let mut board = pasted("...\n...", Some(1)).unwrap();
    board.edit(&json!({"set": {"x": 0, "y": 1, "to": "1"}})).unwrap();
    board.edit(&json!({"set": {"x": 2, "y": 0, "to": "F"}})).unwrap();
    assert_eq!(board.view()["cells"], "..F1..");
    board.edit(&json!({"size": {"width": 2, "height": 3}})).unwrap();
    assert_eq!(board.view()["cells"], "..1...");
    board.edit(&json!({"mines": 2})).unwrap();
    assert_eq!(board.view()["mines"], 2);
    let before = board.view();
    for (bad, expected) in [
        (json!({"size": {"width": 0, "height": 3}}), "ms_position_size"),
        (json!({"size": {"width": 101, "height": 3}}), "ms_position_size"),
        (json!({"mines": 6}), "ms_position_mines"),
    ] {
        assert_eq!(code(board.edit(&bad).unwrap_err()).0, expected, "{bad}");
    }
    assert!(matches!(board.edit(&json!({"set": {"x": 5, "y": 0, "to": "1"}})), Err(StudyError::Rule(_))));
    assert!(matches!(board.edit(&json!({"set": {"x": 0, "y": 0, "to": "9"}})), Err(StudyError::BadArgument(_))));
    assert!(matches!(board.edit(&json!("undo all")), Err(StudyError::BadArgument(_))));
    assert_eq!(board.view(), before);
    board.edit(&json!("takeBack")).unwrap();
    assert_eq!(board.view()["mines"], 1);
    board.edit(&json!("clear")).unwrap();
    assert_eq!(board.view()["cells"], "......");
}

/// A few Expert positions of real games, part way, as the player saw them.
fn expert_positions() -> Vec<View> {
    let mut views = Vec::new();
    for seed in 1..=12u64 {
        let mut game = Minesweeper::new(&Params::expert(), seed).unwrap();
        game.apply(&Move::Open { x: 15, y: 8 }).unwrap();
        for click in 0..60 {
            if game.status.is_over() {
                break;
            }
            if click % 6 == 0 {
                views.push(View::of(&game));
            }
            let Some(hint) = game.hint() else { break };
            let mv = match hint {
                Hint::Safe { x, y, .. } | Hint::Guess { x, y, .. } => Move::Open { x: x as i64, y: y as i64 },
                Hint::Mine { x, y, .. } => Move::Mark { x: x as i64, y: y as i64 },
            };
            game.apply(&mv).unwrap();
        }
    }
    views
}

use crate::minesweeper::Hint;

#[test]
fn the_look_agrees_with_the_hint_and_the_odds_overlay() {
    for view in expert_positions() {
        let seen = look(&view);
        let look = seen;
        assert!(look.possible, "a real game's position is possible");
        assert_eq!(look.hint, hint_for(&view));
        assert_eq!(look.odds, odds_for(&view));
        let odds = look.odds.as_ref().unwrap();
        for proven in &look.proven {
            let figure = odds.mine[proven.y * view.width + proven.x];
            assert_eq!(figure, Some(if proven.mine { 1.0 } else { 0.0 }), "{proven:?}");
        }
        if let Some(Hint::Guess { .. }) = look.hint {
            assert_eq!(look.guess, look.hint);
        }
    }
}

#[test]
fn a_position_from_its_text_is_looked_at_as_the_game_shows_it() {
    let view = &expert_positions()[3];
    let rows: Vec<&str> = (0..view.height).map(|y| &view.cells[y * view.width..(y + 1) * view.width]).collect();
    let board = pasted(&rows.join("\n"), Some(view.mines as i64)).unwrap();
    let look = looked(board.as_ref());
    assert_eq!(look["hint"], serde_json::to_value(hint_for(view)).unwrap());
    assert_eq!(look["odds"], serde_json::to_value(odds_for(view)).unwrap());
}

#[test]
fn proven_cells_carry_the_hints_reasons() {
    // 1 2 1 under three closed cells: the corners are mines by the subset rule, the middle safe.
    let look = look(&Position::of_text("...\n121", Some(2)).unwrap().seen());
    assert!(look.possible);
    let proven: Vec<(usize, bool)> = look.proven.iter().map(|p| (p.x, p.mine)).collect();
    assert_eq!(proven, [(0, true), (1, false), (2, true)]);
    assert_eq!(look.guess, None);
    assert!(matches!(look.hint, Some(Hint::Safe { x: 1, y: 0, .. })));
    // A flag on the safe cell is a wrong flag.
    let look = super::analysis::look(&Position::of_text(".F.\n121", Some(2)).unwrap().seen());
    assert_eq!(look.wrong_flags, [crate::minesweeper::Point { x: 1, y: 0 }]);
}

#[test]
fn impossible_positions_are_said_with_the_numbers_that_contradict() {
    let of = |text: &str, mines: usize| look(&Position::of_text(text, Some(mines)).unwrap().seen());
    // A 3 with two closed cells around it.
    let three = of("3.\n00", 1);
    assert!(!three.possible);
    let contradiction = three.contradiction.unwrap();
    assert!(contradiction.numbers.contains(&crate::minesweeper::Point { x: 0, y: 0 }), "{contradiction:?}");
    assert!(three.odds.is_none() && three.guess.is_none());
    // A 0 beside a 1 whose only closed cell the 0 clears.
    let ones = of("1.\n00\n..", 1);
    assert!(!ones.possible, "{ones:?}");
    // Numbers that fit, but not the total: one mine among cells that need two.
    let total = of("..\n22", 1);
    assert!(!total.possible);
    assert!(total.contradiction.unwrap().total);
}

/// Per cell, whether some layout of `mines` mines that fits the numbers of `cells` has a mine
/// there and whether one has none (brute force); `None` when no layout fits.
fn layouts(width: usize, cells: &[Cell], mines: usize) -> Option<Vec<(bool, bool)>> {
    let closed: Vec<usize> = (0..cells.len()).filter(|&c| !cells[c].is_open()).collect();
    let board = crate::minesweeper::board::Board::new(width, cells.len() / width, mines.min(cells.len() - 1));
    let mut seen = vec![(false, false); cells.len()];
    let mut any = false;
    for bits in (0u32..1 << closed.len()).filter(|bits| bits.count_ones() as usize == mines) {
        let mut mine = vec![false; cells.len()];
        closed.iter().enumerate().for_each(|(i, &c)| mine[c] = bits & (1 << i) != 0);
        let fit = (0..cells.len()).all(|c| match cells[c] {
            Cell::Open(n) => board.neighbours(c).filter(|&m| mine[m]).count() == usize::from(n),
            _ => true,
        });
        if fit {
            any = true;
            for c in 0..cells.len() {
                seen[c].0 |= mine[c];
                seen[c].1 |= !mine[c];
            }
        }
    }
    any.then_some(seen)
}

/// A small position from a random layout, half the time with one number or the total put
/// out by one (which may or may not leave a layout that fits).
fn random_position(rng: &mut GameRng) -> Position {
    let (width, height) = (rng.random_range(2..=4usize), rng.random_range(2..=4usize));
    let cells = width * height;
    let board = crate::minesweeper::board::Board::new(width, height, 1);
    let mine: Vec<bool> = (0..cells).map(|_| rng.random_bool(0.3)).collect();
    let mut mines = mine.iter().filter(|&&m| m).count().min(cells - 1);
    let mut code: Vec<char> = (0..cells)
        .map(|c| match (mine[c], rng.random_bool(0.5)) {
            (false, true) => char::from(b'0' + board.neighbours(c).filter(|&n| mine[n]).count() as u8),
            _ => '.',
        })
        .collect();
    if rng.random_bool(0.5) {
        let c = rng.random_range(0..cells);
        match code[c] {
            '.' => mines = (mines + 1).min(cells - 1),
            '0' => code[c] = '1',
            digit => code[c] = char::from(digit as u8 - 1),
        }
    }
    let rows: Vec<String> = code.chunks(width).map(|row| row.iter().collect()).collect();
    Position::of_text(&rows.join("\n"), Some(mines)).unwrap()
}

#[test]
fn a_position_is_impossible_exactly_when_no_layout_fits() {
    let mut rng = rng::seeded(58);
    let (mut possible, mut impossible) = (0, 0);
    for _ in 0..3000 {
        let position = random_position(&mut rng);
        let look = look(&position.seen());
        let expected = layouts(position.width(), position.cells(), position.mines());
        assert_eq!(look.possible, expected.is_some(), "{}mines {}", position.to_text(), position.mines());
        if let Some(seen) = expected {
            possible += 1;
            // What it proves holds in every layout that fits.
            for proven in &look.proven {
                let (can_be_mine, can_be_safe) = seen[proven.y * position.width() + proven.x];
                assert_eq!((can_be_mine, can_be_safe), (proven.mine, !proven.mine), "{proven:?}");
            }
        } else {
            impossible += 1;
            let contradiction = look.contradiction.unwrap();
            assert!(contradiction.total || !contradiction.numbers.is_empty());
        }
    }
    assert!(possible > 1000 && impossible > 300, "{possible} possible, {impossible} impossible");
}

#[test]
fn play_on_opens_what_is_proven_and_guesses_on_a_known_layout() {
    // One mine in the corner of a 4x4 field, nothing open: the first step is a guess.
    let mut board = pasted("*...\n....\n....\n....", None).unwrap();
    let mut steps = 0;
    while board.view()["exploded"].is_null() && board.view()["cells"].as_str().unwrap().contains('.') {
        board.edit(&json!("playOn")).unwrap();
        steps += 1;
        assert!(steps < 20);
    }
    let view = board.view();
    if view["exploded"].is_null() {
        assert_eq!(view["cells"], "F100110000000000");
        assert_eq!(board.edit(&json!("playOn")), Err(StudyError::Rule(RuleError::Illegal("nothing is left to open"))));
    } else {
        assert_eq!(board.edit(&json!("playOn")), Err(StudyError::Rule(RuleError::GameOver)));
    }
    board.edit(&json!("takeBack")).unwrap();
    // Without a layout it only flags the mines it proves.
    let mut board = pasted("...\n121", Some(2)).unwrap();
    board.edit(&json!("playOn")).unwrap();
    assert_eq!(board.view()["cells"], "F.F121");
    assert_eq!(board.view()["step"], json!({"opened": 0, "flagged": 2, "guess": null, "exploded": false}));
    assert!(matches!(board.edit(&json!("playOn")), Err(StudyError::Rule(RuleError::Illegal(_)))));
}

#[test]
fn play_on_clears_a_known_layout_that_logic_solves() {
    let mut board = pasted("00000\n01110\n01*10\n01110\n00000", None).unwrap();
    board.edit(&json!({"set": {"x": 0, "y": 0, "to": "."}})).unwrap();
    board.edit(&json!("playOn")).unwrap();
    assert_eq!(board.view()["cells"], "0000001110012100111000000".replace("012", "01F"));
}

#[test]
fn a_game_brings_what_its_player_sees_and_its_mines_once_over() {
    let mut game = crate::new_game::<Minesweeper>(&json!({"level": "beginner"}), 7).unwrap();
    game.play(&json!({"action": "open", "x": 4, "y": 4})).unwrap();
    let mut board = open();
    board.set_game(game.as_ref()).unwrap();
    let cells = board.view()["cells"].as_str().unwrap().to_string();
    assert!(!cells.contains('*'), "a game under way keeps its mines hidden");
    assert_eq!(board.view()["mines"], 10);
    let mines = game.as_any().downcast_ref::<Minesweeper>().unwrap().laid_mines().unwrap();
    game.play(&json!({"action": "open", "x": mines[0] % 9, "y": mines[0] / 9})).unwrap();
    board.set_game(game.as_ref()).unwrap();
    assert_eq!(board.view()["cells"].as_str().unwrap().matches('*').count(), 10);
    let gomoku = (crate::gomoku::KIND.info().new_game)(&json!({}), 1).unwrap();
    assert!(matches!(board.set_game(gomoku.as_ref()), Err(StudyError::BadArgument(_))));
}

#[test]
fn a_board_file_sets_out_its_mines_and_a_bad_one_is_refused() {
    let mut board = open();
    let layout = crate::minesweeper::MineMap::new(3, 2, vec![true, false, false, false, false, true]).unwrap();
    let hex: String = board_file::bytes(&layout).iter().map(|b| format!("{b:02x}")).collect();
    board.set_text(&json!({"boardFile": true}), &hex, &no_moves).unwrap();
    assert_eq!(board.view()["cells"], "*....*");
    let before = board.view();
    assert_eq!(code(board.set_text(&json!({"boardFile": true}), "0302", &no_moves).unwrap_err()).0, "position_invalid");
    assert!(matches!(board.set_text(&json!({"boardFile": true}), "zz", &no_moves), Err(StudyError::BadArgument(_))));
    assert_eq!(board.view(), before);
}

#[test]
fn a_known_layout_stays_known_once_play_on_has_flagged_its_mines() {
    let mut board = pasted("111.\n1*1.\n111.", None).unwrap();
    board.edit(&json!("playOn")).unwrap();
    let view = board.view();
    assert_eq!((view["cells"].clone(), view["layoutKnown"].clone()), (json!("11101F101110"), json!(true)));
    assert_eq!(view["mines"], 1);
    assert_eq!(board.edit(&json!("playOn")), Err(StudyError::Rule(RuleError::Illegal("nothing is left to open"))));
    board.edit(&json!("clear")).unwrap();
    assert_eq!(board.view()["layoutKnown"], false);
}

#[test]
fn a_won_game_brings_its_mines_as_a_known_layout() {
    let mut game = crate::new_game::<Minesweeper>(&json!({"level": "beginner"}), 9).unwrap();
    game.play(&json!({"action": "open", "x": 4, "y": 4})).unwrap();
    let mines = game.as_any().downcast_ref::<Minesweeper>().unwrap().laid_mines().unwrap();
    for cell in (0..81).filter(|c| !mines.contains(c)) {
        let _ = game.play(&json!({"action": "open", "x": cell % 9, "y": cell / 9}));
    }
    assert_eq!(game.status(), crate::Status::Won);
    let mut board = open();
    board.set_game(game.as_ref()).unwrap();
    let view = board.view();
    assert_eq!((view["layoutKnown"].clone(), view["mines"].clone()), (json!(true), json!(10)));
}
