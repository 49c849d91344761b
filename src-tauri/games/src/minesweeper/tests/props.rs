//! Properties over many seeds and sizes, checked against naive reference code.

use super::*;
use crate::minesweeper::{mine_layout, FirstClick};
use proptest::prelude::*;
use std::collections::HashMap;

/// A custom game (up to 30x24, any legal mine count), a seed and a first click on the board.
fn setup() -> impl Strategy<Value = (Params, u64, (usize, usize))> {
    (9i64..=30, 9i64..=24, any::<bool>())
        .prop_flat_map(|(w, h, safe)| {
            let rule = if safe { FirstClick::Safe } else { FirstClick::OpensArea };
            // Half the boards sparse (at most 1 mine in 6 cells), where floods are large.
            let most = (w - 1) * (h - 1);
            let mines = prop_oneof![10..=(w * h / 6).max(10), 10..=most];
            let params = mines.prop_map(move |m| Params::custom(w, h, m).with_first_click(rule));
            (params, any::<u64>(), 0..w as usize, 0..h as usize)
        })
        .prop_map(|(p, seed, x, y)| (p, seed, (x, y)))
}

/// The cells a first click at `first` must keep free of mines.
fn kept_free(params: &Params, first: (usize, usize)) -> Vec<(usize, usize)> {
    let board = params.board().unwrap();
    let (x, y) = first;
    match params.first_click {
        FirstClick::Safe => vec![first],
        FirstClick::OpensArea => (y.saturating_sub(1)..=(y + 1).min(board.height() - 1))
            .flat_map(|ny| (x.saturating_sub(1)..=(x + 1).min(board.width() - 1)).map(move |nx| (nx, ny)))
            .collect(),
    }
}

/// Grows `open` to a fixpoint: every open zero opens its unflagged neighbours. The naive
/// definition of the flood fill, with no stack and no visiting order.
fn reference_flood(grid: &[Vec<bool>], flags: &[Vec<bool>], open: &mut [Vec<bool>]) {
    let (w, h) = (grid[0].len() as i64, grid.len() as i64);
    let mut grew = true;
    while grew {
        grew = false;
        for y in 0..h {
            for x in 0..w {
                let (ux, uy) = (x as usize, y as usize);
                if !open[uy][ux] || grid[uy][ux] || brute_number(grid, ux, uy) != 0 {
                    continue;
                }
                for (nx, ny) in (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (x + dx, y + dy))) {
                    if (0..w).contains(&nx) && (0..h).contains(&ny) {
                        let (nx, ny) = (nx as usize, ny as usize);
                        if !flags[ny][nx] && !open[ny][nx] {
                            open[ny][nx] = true;
                            grew = true;
                        }
                    }
                }
            }
        }
    }
}

/// Which cells the view shows open.
fn open_cells(game: &Minesweeper) -> Vec<Vec<bool>> {
    picture(game).iter().map(|r| r.bytes().map(|c| c.is_ascii_digit()).collect()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn the_layout_has_exactly_the_mines_and_spares_the_first_click((params, seed, first) in setup()) {
        let mines = mine_layout(&params, seed, first);
        let mut distinct = mines.clone();
        distinct.sort_unstable();
        distinct.dedup();
        prop_assert_eq!(distinct.len(), params.board().unwrap().mines());
        prop_assert_eq!(mines.len(), distinct.len());
        for cell in kept_free(&params, first) {
            prop_assert!(!mines.contains(&cell), "{:?} must be free", cell);
        }
        prop_assert_eq!(mine_layout(&params, seed, first), mines, "reproducible");
    }

    #[test]
    fn every_number_matches_its_neighbours((params, seed, first) in setup()) {
        let grid = mine_grid(&params, seed, first);
        let mut game = Minesweeper::new(&params, seed).unwrap();
        open(&mut game, first.0 as i64, first.1 as i64).unwrap();
        for (y, row) in grid.iter().enumerate() {
            for (x, _) in row.iter().enumerate().filter(|(_, mine)| !**mine) {
                if game.view().cell(x, y) == '.' {
                    open(&mut game, x as i64, y as i64).unwrap();
                }
            }
        }
        prop_assert_eq!(game.status(), Status::Won);
        let view = game.view();
        for (y, row) in grid.iter().enumerate() {
            for (x, &mine) in row.iter().enumerate() {
                let expected = if mine { 'F' } else { char::from(b'0' + brute_number(&grid, x, y)) };
                prop_assert_eq!(view.cell(x, y), expected, "at ({}, {})", x, y);
            }
        }
    }

    #[test]
    fn opening_floods_exactly_like_the_reference(
        (params, seed, first) in setup(),
        flag_at in prop::collection::vec((0usize..30, 0usize..24), 0..40),
        second in (0usize..30, 0usize..24),
    ) {
        let grid = mine_grid(&params, seed, first);
        let (w, h) = (grid[0].len(), grid.len());
        let mut flags = vec![vec![false; w]; h];
        let mut game = Minesweeper::new(&params, seed).unwrap();
        for (x, y) in flag_at.into_iter().map(|(x, y)| (x % w, y % h)) {
            if (x, y) != first && !flags[y][x] {
                flags[y][x] = true;
                mark(&mut game, x as i64, y as i64).unwrap();
            }
        }
        let mut expected = vec![vec![false; w]; h];
        expected[first.1][first.0] = true;
        reference_flood(&grid, &flags, &mut expected);
        open(&mut game, first.0 as i64, first.1 as i64).unwrap();
        prop_assert_eq!(open_cells(&game), expected.clone());

        // A second open, on a closed safe unflagged cell if the game is still on.
        let (x, y) = (second.0 % w, second.1 % h);
        if game.status() == Status::Playing && !grid[y][x] && !flags[y][x] && !expected[y][x] {
            expected[y][x] = true;
            reference_flood(&grid, &flags, &mut expected);
            open(&mut game, x as i64, y as i64).unwrap();
            prop_assert_eq!(open_cells(&game), expected);
        }
    }

    #[test]
    fn a_replay_lays_the_same_mines((params, seed, first) in setup()) {
        let mut game = Minesweeper::new(&params, seed).unwrap();
        open(&mut game, first.0 as i64, first.1 as i64).unwrap();
        let replay = Minesweeper::new(&game.replay_params().unwrap(), seed).unwrap();
        prop_assert_eq!(&replay.field, &game.field);
        prop_assert_eq!(replay.three_bv(), game.three_bv());
    }

    /// Random moves, legal or not: refusals and no-ops leave the game untouched, and while the game
    /// is on the view shows closed cells only as the player marked them.
    #[test]
    fn random_play_keeps_the_rules(
        (params, seed, _) in setup(),
        moves in prop::collection::vec((0u8..3, -1i64..=30, -1i64..=24), 1..80),
    ) {
        let mut game = Minesweeper::new(&params, seed).unwrap();
        let mut marks: HashMap<(i64, i64), usize> = HashMap::new(); // mark moves per cell
        for (kind, x, y) in moves {
            let mv = match kind {
                0 => Move::Open { x, y },
                1 => Move::Mark { x, y },
                _ => Move::Chord { x, y },
            };
            let before = game.clone();
            match game.apply(&mv) {
                Ok(Applied::Move) if kind == 1 => *marks.entry((x, y)).or_default() += 1,
                Ok(Applied::Move) => {}
                Ok(Applied::Transient) | Err(_) => prop_assert_eq!(&game, &before, "{:?}", mv),
            }
            check_view(&game, &params, seed, &marks)?;
        }
    }
}

/// The view against the test's own record of marks and the public mine layout.
fn check_view(
    game: &Minesweeper,
    params: &Params,
    seed: u64,
    marks: &HashMap<(i64, i64), usize>,
) -> Result<(), TestCaseError> {
    let view = game.view();
    let grid = game.replay_params().map(|p| mine_grid(&p, seed, (0, 0)));
    let is_mine = |x: usize, y: usize| grid.as_ref().is_some_and(|g| g[y][x]);
    let marked = |x: usize, y: usize| {
        let cycle = if params.question_marks { ['.', 'F', '?'].as_slice() } else { &['.', 'F'] };
        cycle[marks.get(&(x as i64, y as i64)).copied().unwrap_or(0) % cycle.len()]
    };
    for y in 0..view.height {
        for x in 0..view.width {
            let c = view.cell(x, y);
            match game.status() {
                _ if c.is_ascii_digit() => {
                    let g = grid.as_ref().expect("open cells only once the mines are laid");
                    prop_assert_eq!(c, char::from(b'0' + brute_number(g, x, y)));
                }
                Status::Playing => prop_assert_eq!(c, marked(x, y), "closed cell ({}, {})", x, y),
                Status::Won => prop_assert_eq!(c, 'F'),
                _ => {
                    let expected = match marked(x, y) {
                        'F' if is_mine(x, y) => "F",
                        'F' => "W",
                        _ if is_mine(x, y) => "X*", // exploded or shown
                        m => {
                            if m == '?' {
                                "?"
                            } else {
                                "."
                            }
                        }
                    };
                    prop_assert!(expected.contains(c), "({}, {}) shows {}", x, y, c);
                }
            }
        }
    }
    let flags = view.cells.bytes().filter(|&c| c == b'F' || c == b'W').count() as i64;
    prop_assert_eq!(view.mines_left, view.mines as i64 - flags);
    prop_assert_eq!(view.bbbv.is_some(), game.status().is_over());
    prop_assert_eq!(game.status() == Status::Lost, view.cells.contains('X'));
    Ok(())
}

#[test]
fn the_first_click_is_safe_over_thousands_of_seeds() {
    for params in [Params::beginner(), Params::intermediate(), Params::expert()] {
        let board = params.board().unwrap();
        for seed in 0..2_000u64 {
            let first = ((seed as usize * 7) % board.width(), (seed as usize * 13) % board.height());
            for rule in [FirstClick::Safe, FirstClick::OpensArea] {
                let params = params.clone().with_first_click(rule);
                let mut game = Minesweeper::new(&params, seed).unwrap();
                open(&mut game, first.0 as i64, first.1 as i64).unwrap();
                assert_ne!(game.status(), Status::Lost, "{params:?} seed {seed}");
                let shown = game.view().cell(first.0, first.1);
                match rule {
                    FirstClick::Safe => assert!(shown.is_ascii_digit()),
                    FirstClick::OpensArea => assert_eq!(shown, '0', "{params:?} seed {seed}"),
                }
            }
        }
    }
}

#[test]
fn while_playing_the_view_shows_no_mine_over_many_seeds() {
    for seed in 0..500u64 {
        let mut game = Minesweeper::new(&Params::expert(), seed).unwrap();
        open(&mut game, 15, 8).unwrap();
        // Mark the closed cells 0, 1 or 2 times: mines and safe cells alike.
        let first_view = game.view();
        let closed: Vec<(usize, usize)> =
            (0..16).flat_map(|y| (0..30).map(move |x| (x, y))).filter(|&(x, y)| first_view.cell(x, y) == '.').collect();
        for (i, &(x, y)) in closed.iter().enumerate() {
            for _ in 0..i % 3 {
                mark(&mut game, x as i64, y as i64).unwrap();
            }
        }
        let view = game.view();
        for (i, &(x, y)) in closed.iter().enumerate() {
            assert_eq!(view.cell(x, y), ['.', 'F', '?'][i % 3]);
        }
        let json = serde_json::to_string(&view).unwrap();
        assert!(!json.contains(['*', 'X', 'W']) && json.contains("\"bbbv\":null"));
    }
}

/// A no-guess game: any level, or a custom size up to 30x24 at most about one mine in five cells
/// (denser boards take long in a debug build; the bench covers them), with either first-click
/// rule, a seed and a first click.
fn no_guess_setup() -> impl Strategy<Value = (Params, u64, (usize, usize))> {
    let custom =
        (9i64..=30, 9i64..=24).prop_flat_map(|(w, h)| (10..=(w * h / 5)).prop_map(move |m| Params::custom(w, h, m)));
    let level = prop_oneof![Just(Params::beginner()), Just(Params::intermediate()), Just(Params::expert()), custom];
    (level, any::<bool>(), any::<u64>(), 0usize..30, 0usize..24).prop_map(|(params, safe, seed, x, y)| {
        let rule = if safe { FirstClick::Safe } else { FirstClick::OpensArea };
        let board = params.board().unwrap();
        let params = params.with_first_click(rule).with_no_guess(true);
        (params, seed, (x % board.width(), y % board.height()))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_no_guess_board_is_cleared_by_the_solver_and_keeps_the_first_click_rule(
        (params, seed, first) in no_guess_setup()
    ) {
        let mines = mine_layout(&params, seed, first);
        let board = params.board().unwrap();
        prop_assert_eq!(mines.len(), board.mines());
        for cell in kept_free(&params, first) {
            prop_assert!(!mines.contains(&cell), "{:?} must be free", cell);
        }
        let layout = crate::minesweeper::Layout::of_game(&params, seed, first).unwrap();
        prop_assert!(layout.solvable_from(first));
        prop_assert_eq!(mine_layout(&params, seed, first), mines, "reproducible");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Small custom boards at any legal density, up to the densest: still cleared by the solver.
    #[test]
    fn dense_small_no_guess_boards_are_cleared_too(
        (w, h) in (9i64..=12, 9i64..=12),
        fill in 0.2f64..=1.0,
        seed in any::<u64>(),
        safe in any::<bool>(),
    ) {
        let most = (w - 1) * (h - 1);
        let mines = (10 + ((most - 10) as f64 * fill) as i64).min(most);
        let rule = if safe { FirstClick::Safe } else { FirstClick::OpensArea };
        let params = Params::custom(w, h, mines).with_first_click(rule).with_no_guess(true);
        let first = ((seed % w as u64) as usize, ((seed >> 8) % h as u64) as usize);
        // A refusal is allowed (the unit tests' budget is small); a board, if any, must be clear.
        if let Ok(layout) = crate::minesweeper::Layout::of_game(&params, seed, first) {
            prop_assert_eq!(layout.mines() as i64, mines);
            prop_assert!(layout.solvable_from(first));
            for cell in kept_free(&params, first) {
                prop_assert!(!layout.is_mine(cell.0, cell.1), "{:?} must be free", cell);
            }
        }
    }
}

proptest! {
    // Each case replays up to 200 moves with the statistics after each: fewer cases suffice.
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The live counters' solved 3BV, read from the open cells only, is never below the
    /// competitive count (which may wait for an opening beside an open number) and is the whole
    /// 3BV at a win; the clicks are the game's own.
    #[test]
    fn live_solved_bbbv_grows_to_the_whole_at_a_win(
        (params, seed, first) in setup(),
        moves in prop::collection::vec((0u8..3, 0i64..30, 0i64..24), 1..200),
    ) {
        let mut game = Minesweeper::new(&params, seed).unwrap();
        open(&mut game, first.0 as i64, first.1 as i64).unwrap();
        for (kind, x, y) in moves {
            if game.status().is_over() {
                break;
            }
            let mv = match kind {
                0 => Move::Open { x, y },
                1 => Move::Mark { x, y },
                _ => Move::Chord { x, y },
            };
            let _ = game.apply(&mv);
            if game.status() != Status::Playing {
                break;
            }
            let counters = game.counters(1_000);
            let stats = game.stats(1_000).unwrap();
            prop_assert!(counters.solved_bbbv >= stats.solved_bbbv);
            let clicks = game.clicks();
            prop_assert_eq!((counters.left, counters.right, counters.chords), (clicks.left, clicks.right, clicks.chord));
        }
        // Opening every safe cell wins: the count is then the whole 3BV.
        if game.status() == Status::Playing {
            let grid = mine_grid(&game.replay_params().unwrap(), seed, (0, 0));
            for (y, row) in grid.iter().enumerate() {
                for (x, &mine) in row.iter().enumerate() {
                    if !mine && game.view().cell(x, y) != 'F' && !game.view().cell(x, y).is_ascii_digit() {
                        let _ = open(&mut game, x as i64, y as i64);
                    }
                }
            }
            // A flag on a safe cell keeps it closed; only a win is compared.
            if game.status() == Status::Won {
                let seen = crate::minesweeper::counters::seen_solved_bbbv(&game.view());
                prop_assert_eq!(seen, game.three_bv().unwrap());
                prop_assert_eq!(game.counters(1_000).solved_bbbv, seen);
            }
        }
    }
}
