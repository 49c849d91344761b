//! An independent oracle: the field's own library, ms_toollib (the crate Pastimes already reads
//! competitive videos with), checks Pastimes' Minesweeper code on thousands of boards: the 3BV of
//! dealt boards, the exact odds on positions met in play, and that every no-guess board is
//! solvable by its checker too. Its boards are `board[row][column]`, -1 a mine; a position has
//! 10 for a closed cell.

use pastimes_games::minesweeper::{odds_for, FirstClick, Hint, Layout, Minesweeper, Move, Params, View};
use pastimes_games::{Game, Status};

/// The layout as ms_toollib's board: its numbers filled in by ms_toollib itself.
fn their_board(layout: &Layout) -> Vec<Vec<i32>> {
    let mut board: Vec<Vec<i32>> = (0..layout.height())
        .map(|y| (0..layout.width()).map(|x| if layout.is_mine(x, y) { -1 } else { 0 }).collect())
        .collect();
    ms_toollib::cal_board_numbers(&mut board);
    board
}

fn levels() -> [Params; 3] {
    [Params::beginner(), Params::intermediate(), Params::expert()]
}

#[test]
fn the_3bv_of_dealt_boards_agrees_with_ms_toollib() {
    for params in levels() {
        for seed in 0..700 {
            let layout = Layout::of_game(&params, seed, (0, 0)).unwrap();
            let theirs = ms_toollib::cal_bbbv(&their_board(&layout));
            assert_eq!(layout.three_bv() as usize, theirs, "{params:?} seed {seed}");
        }
    }
}

/// Every no-guess board is solvable by ms_toollib's checker too, or, where that checker stops
/// (it ignores the mine count, its documentation says: "不考虑剩余雷数"), the count the player
/// reads on the counter proves a cell safe in the very position it stopped at: Pastimes' board is
/// no-guess, and ms_toollib's checker is the weaker one there.
#[test]
fn every_no_guess_board_is_solvable_by_ms_toollib_too_or_by_the_count_where_it_stops() {
    let (mut agreed, mut by_count) = (0, 0);
    for params in levels() {
        let params = params.with_no_guess(true);
        for seed in 0..60 {
            let first = (3, 3);
            let layout = Layout::of_game(&params, seed, first).unwrap();
            let board = their_board(&layout);
            // ms_toollib's (x0, y0) is (row, column).
            if ms_toollib::is_solvable(&board, first.1, first.0) {
                agreed += 1;
                continue;
            }
            let (stuck, _) = ms_toollib::try_solve(&board, first.1, first.0);
            let view = position_view(&stuck, layout.mines());
            let odds = odds_for(&view).expect("a position under way");
            let proved_safe = odds
                .mine
                .iter()
                .enumerate()
                .any(|(cell, figure)| *figure == Some(0.0) && view.cells.as_bytes()[cell] == b'.');
            assert!(proved_safe, "{params:?} seed {seed}: stuck without a cell the count proves safe");
            by_count += 1;
        }
    }
    eprintln!("no-guess boards: {agreed} solvable by ms_toollib, {by_count} where the mine count decides");
    assert!(agreed > by_count, "{agreed} against {by_count}");
}

/// ms_toollib's game board (numbers, 10 closed, 11 a marked mine) as the view Pastimes' hint and
/// odds read, with the mine total on the counter.
fn position_view(board: &[Vec<i32>], mines: usize) -> View {
    let cells: String = board
        .iter()
        .flat_map(|row| {
            row.iter().map(|&code| match code {
                0..=8 => char::from(b'0' + code as u8),
                11 => 'F',
                _ => '.',
            })
        })
        .collect();
    View {
        width: board[0].len(),
        height: board.len(),
        mines,
        mines_left: mines as i64,
        cells,
        status: Status::Playing,
        level: "custom",
        first_click: FirstClick::OpensArea,
        question_marks: true,
        is_replay: false,
        bbbv: None,
        safe_start: None,
    }
}

/// The position a view shows, as ms_toollib reads one: open numbers, 10 for closed.
fn their_position(view: &View) -> Vec<Vec<i32>> {
    let cells: Vec<char> = view.cells.chars().collect();
    (0..view.height)
        .map(|y| {
            (0..view.width).map(|x| cells[y * view.width + x].to_digit(10).map_or(10, |digit| digit as i32)).collect()
        })
        .collect()
}

/// Positions met by following the hint on plain boards, each compared cell by cell where
/// Pastimes says its odds are exact.
#[test]
fn exact_odds_agree_with_ms_toollib_on_positions_met_in_play() {
    let mut compared = 0;
    for params in levels() {
        let params = params.with_first_click(FirstClick::Safe);
        for seed in 0..40 {
            let mut game = Minesweeper::new(&params, seed).unwrap();
            game.apply(&Move::Open { x: 0, y: 0 }).unwrap();
            for _ in 0..12 {
                if game.status() != Status::Playing {
                    break;
                }
                let view = game.view();
                let ours = odds_for(&view).unwrap();
                if ours.exact {
                    let (theirs, _) = ms_toollib::cal_probability_onboard(&their_position(&view), view.mines as f64)
                        .expect("a position that fits its numbers");
                    for (cell, figure) in ours.mine.iter().enumerate() {
                        let Some(figure) = figure else { continue };
                        let their = theirs[cell / view.width][cell % view.width];
                        assert!(
                            (figure - their).abs() < 1e-6,
                            "{params:?} seed {seed} cell {cell}: {figure} vs {their}"
                        );
                    }
                    compared += 1;
                }
                let mv = match game.hint() {
                    Some(Hint::Mine { x, y, .. }) => Move::Mark { x: x as i64, y: y as i64 },
                    Some(Hint::Safe { x, y, .. } | Hint::Guess { x, y, .. }) => Move::Open { x: x as i64, y: y as i64 },
                    None => break,
                };
                game.apply(&mv).unwrap();
            }
        }
    }
    assert!(compared > 500, "{compared} positions compared");
}

/// The board's figures beside its 3BV agree with ms_toollib's on dealt boards: openings,
/// islands and ZiNi. (ZiNi's "top-left-most" cell first read row by row made a quarter of the
/// boards end one to five clicks apart; ms_toollib keeps the original program's order, column
/// by column, and so does Pastimes now: see `board_figures`.)
#[test]
fn openings_islands_and_zini_agree_with_ms_toollib() {
    for params in levels() {
        for seed in 0..200 {
            let layout = Layout::of_game(&params, seed, (0, 0)).unwrap();
            let board = their_board(&layout);
            let ours = layout.figures();
            let theirs = (ms_toollib::cal_op(&board), ms_toollib::cal_isl(&board), ms_toollib::cal_zini(&board));
            assert_eq!(
                (ours.openings as usize, ours.islands as usize, ours.zini as usize),
                theirs,
                "{params:?} seed {seed}"
            );
            assert!(ours.zini <= layout.three_bv(), "{params:?} seed {seed}: a ZiNi above the 3BV");
        }
    }
}
