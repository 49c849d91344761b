//! The review on hand-made games whose answers are known, on no-guess boards, and checked
//! against a brute force over every layout on small boards.

use super::*;
use crate::minesweeper::tests::rigged;
use crate::minesweeper::{Params, Point};
use crate::Game;
use proptest::prelude::*;

fn open(x: i64, y: i64) -> Move {
    Move::Open { x, y }
}

fn kinds(review: &Review) -> Vec<Kind> {
    review.clicks.iter().map(|c| c.kind).collect()
}

/// `.*..*.`: the first open proves the mine beside it; the second is a guess (one mine in four
/// cells, nothing provable) that proves its right neighbour safe; opening the far end then is a
/// guess beside that safe cell: avoidable, and the review names the cell.
#[test]
fn a_guess_beside_a_proven_safe_cell_is_avoidable() {
    let game = rigged(&[".*..*."]);
    let review = review(&game, &[open(0, 0), open(2, 0), open(5, 0), open(3, 0)]).unwrap();
    assert_eq!(kinds(&review), [Kind::First, Kind::Guess, Kind::AvoidableGuess, Kind::Safe]);
    let guess = &review.clicks[1];
    assert_eq!(guess.mine_probability, Some(0.25));
    assert!(guess.best.is_some(), "a guess has the hint's guess beside it");
    let avoidable = &review.clicks[2];
    let safe = avoidable.safe.as_ref().expect("the safe cell is named");
    assert_eq!((safe.x, safe.y), (3, 0));
    assert_eq!(safe.because.numbers, [Point { x: 2, y: 0 }], "read from the 1 the guess showed");
    assert_eq!(avoidable.mine_probability, Some(0.5));
    let safe_open = &review.clicks[3];
    assert!(safe_open.because.is_some(), "a safe open says why");
    let summary = &review.summary;
    assert_eq!((summary.status, summary.guesses, summary.avoidable, summary.forced), (Status::Won, 2, 1, 0));
    assert!((summary.survival - 0.75 * 0.5).abs() < 1e-9, "{}", summary.survival);
    assert!(summary.best_survival > summary.survival, "the best choices survive more often");
}

/// Two closed cells under a 1 that sees both, nothing else to tell them apart: the last click is
/// a coin toss no logic could avoid, won or lost.
#[test]
fn a_fifty_fifty_at_the_end_is_forced() {
    let game = rigged(&["...", "*.."]);
    let won = review(&game, &[open(2, 0), open(0, 0)]).unwrap();
    assert_eq!(kinds(&won), [Kind::First, Kind::ForcedGuess]);
    assert_eq!(won.clicks[1].mine_probability, Some(0.5));
    assert!(won.clicks[1].best.as_ref().is_some_and(|best| best.coin_toss));
    assert_eq!((won.summary.status, won.summary.forced, won.summary.avoidable), (Status::Won, 1, 0));
    assert!((won.summary.survival - won.summary.best_survival).abs() < 1e-9);

    let lost = review(&game, &[open(2, 0), open(0, 1)]).unwrap();
    assert_eq!(kinds(&lost), [Kind::First, Kind::ForcedGuess]);
    assert!(lost.clicks[1].lost && !lost.clicks[0].lost);
    assert_eq!(lost.summary.status, Status::Lost);
    assert_eq!(lost.summary.wasted, 0, "the click that lost is not a wasted one");
}

/// Flags: on a proved mine, on a mine not proved yet, on a safe cell; taking one off.
#[test]
fn flags_are_told_apart() {
    let game = rigged(&[".*..*."]);
    let moves = [
        Move::Mark { x: 4, y: 0 },
        open(0, 0),
        Move::Mark { x: 1, y: 0 },
        Move::Mark { x: 5, y: 0 },
        Move::Mark { x: 5, y: 0 },
    ];
    let review = review(&game, &moves).unwrap();
    assert_eq!(kinds(&review), [Kind::UnprovenFlag, Kind::First, Kind::Flag, Kind::WrongFlag, Kind::Unmark]);
    assert!(review.clicks[2].because.is_some());
    assert_eq!((review.summary.wrong_flags, review.summary.unproven_flags), (1, 1));
    assert_eq!(review.summary.status, Status::Playing, "a game under way is reviewed as far as it went");
}

/// Opening a cell logic proved a mine is said so, and it is the click that lost.
#[test]
fn opening_a_proved_mine_is_told() {
    let game = rigged(&[".*..*."]);
    let review = review(&game, &[open(0, 0), open(1, 0)]).unwrap();
    assert_eq!(kinds(&review), [Kind::First, Kind::KnownMine]);
    assert!(review.clicks[1].lost);
}

/// A chord with a wrong flag loses, and the review names the flag.
#[test]
fn a_chord_on_a_wrong_flag_names_it() {
    let game = rigged(&["...", ".*.", "..."]);
    let moves = [open(0, 0), Move::Mark { x: 1, y: 0 }, Move::Chord { x: 0, y: 0 }];
    let review = review(&game, &moves).unwrap();
    assert_eq!(kinds(&review), [Kind::First, Kind::WrongFlag, Kind::Chord]);
    assert!(review.clicks[2].lost);
    assert_eq!(review.clicks[2].wrong_flags, [Point { x: 1, y: 0 }]);
}

/// On a board logic clears from the first click, every guess is avoidable: here the player opens
/// an unproved safe cell whenever there is one, and a proved one otherwise.
#[test]
fn every_guess_on_a_no_guess_board_is_avoidable() {
    for seed in 1..4 {
        let start = Minesweeper::new(&Params::intermediate().with_no_guess(true), seed).unwrap();
        let mut game = start.clone();
        let mut moves = vec![open(8, 8)];
        game.play(&moves[0]).unwrap();
        while game.status == Status::Playing {
            let mv = next_click(&game);
            game.play(&mv).unwrap();
            moves.push(mv);
        }
        let review = review(&start, &moves).unwrap();
        let guesses: Vec<Kind> = review.clicks.iter().map(|c| c.kind).filter(|k| k.is_guess()).collect();
        assert!(!guesses.is_empty(), "seed {seed}: the test took no guess: {:?}", kinds(&review));
        assert!(guesses.iter().all(|&k| k == Kind::AvoidableGuess), "seed {seed}: {guesses:?}");
        assert_eq!(review.summary.avoidable, review.summary.guesses);
        assert_eq!(review.summary.status, Status::Won);
    }
}

/// A closed safe cell logic has not proved, else one it has.
fn next_click(game: &Minesweeper) -> Move {
    let field = game.field.as_ref().unwrap();
    let solver = solved(&View::of(game)).unwrap();
    let odds = mine_odds(&solver);
    let closed_safe = |c: &usize| game.marks[*c] != Mark::Open && !field.is_mine(*c);
    let unproved = |c: &usize| solver.known(*c) == Known::Unknown && odds.sure[*c].is_none();
    let cells = 0..game.board.cells();
    let cell = cells.clone().filter(closed_safe).find(unproved).or_else(|| cells.clone().find(closed_safe)).unwrap();
    let (x, y) = game.board.xy(cell);
    open(x as i64, y as i64)
}

/// Every layout of the board's mines that fits the open numbers of `before` (the view's cells).
fn layouts(before: &str, width: usize, mines: usize) -> Vec<Vec<bool>> {
    let cells = before.as_bytes();
    let height = cells.len() / width;
    let closed: Vec<usize> = (0..cells.len()).filter(|&c| !cells[c].is_ascii_digit()).collect();
    let fits = |mine: &[bool]| {
        (0..cells.len()).filter(|&c| cells[c].is_ascii_digit()).all(|c| {
            let (x, y) = ((c % width) as i64, (c / width) as i64);
            let around = (-1..=1)
                .flat_map(|dy| (-1..=1).map(move |dx| (x + dx, y + dy)))
                .filter(|&(nx, ny)| (nx, ny) != (x, y) && nx >= 0 && ny >= 0 && nx < width as i64 && ny < height as i64)
                .filter(|&(nx, ny)| mine[ny as usize * width + nx as usize])
                .count();
            around == usize::from(cells[c] - b'0')
        })
    };
    let mut found = Vec::new();
    for chosen in 0u32..(1 << closed.len()) {
        if chosen.count_ones() as usize != mines {
            continue;
        }
        let mut mine = vec![false; cells.len()];
        closed.iter().enumerate().filter(|(i, _)| chosen & (1 << i) != 0).for_each(|(_, &c)| mine[c] = true);
        if fits(&mine) {
            found.push(mine);
        }
    }
    found
}

/// A small board (at most 16 cells, so that every layout can be listed) with its mines, and the
/// cells clicked in order.
fn small_game() -> impl Strategy<Value = (Vec<String>, Vec<usize>)> {
    (3usize..=4, 3usize..=4)
        .prop_flat_map(|(w, h)| {
            let mines = prop::collection::btree_set(0..w * h, 2..=4);
            let clicks = prop::collection::vec(0..w * h, 1..30);
            (Just(w), Just(h), mines, clicks)
        })
        .prop_map(|(w, h, mines, clicks)| {
            let rows = (0..h)
                .map(|y| (0..w).map(|x| if mines.contains(&(y * w + x)) { '*' } else { '.' }).collect())
                .collect();
            (rows, clicks)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Whatever the review calls safe (a safe open, the safe cell beside an avoidable guess) is
    /// free of mines in every layout that fits what the player saw; and where it calls an open a
    /// plain guess, no closed cell was (the odds are exact on boards this small).
    #[test]
    fn avoidable_only_beside_a_truly_safe_cell((rows, clicks) in small_game()) {
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let start = rigged(&rows);
        let width = rows[0].len();
        let mut game = start.clone();
        let mut moves = Vec::new();
        for cell in clicks {
            // Open closed cells only, and a mine only as the last click.
            if game.status != Status::Playing || game.marks[cell] == Mark::Open {
                continue;
            }
            let mv = open((cell % width) as i64, (cell / width) as i64);
            game.play(&mv).unwrap();
            moves.push(mv);
        }
        let review = review(&start, &moves).unwrap();
        for click in &review.clicks {
            let all = layouts(&click.before, width, start.board.mines());
            prop_assert!(!all.is_empty());
            let safe_in_all = |x: usize, y: usize| all.iter().all(|mine| !mine[y * width + x]);
            let closed = |c: usize| !click.before.as_bytes()[c].is_ascii_digit();
            match click.kind {
                Kind::AvoidableGuess => {
                    let safe = click.safe.as_ref().unwrap();
                    prop_assert!(safe_in_all(safe.x, safe.y), "{:?} named a cell a layout mines", click);
                    prop_assert!(!safe_in_all(click.x, click.y), "{:?} opened a proved cell", click);
                }
                Kind::Safe => prop_assert!(safe_in_all(click.x, click.y), "{:?}", click),
                Kind::Guess | Kind::ForcedGuess => {
                    let any_safe = (0..all[0].len()).filter(|&c| closed(c)).any(|c| safe_in_all(c % width, c / width));
                    prop_assert!(!any_safe, "{:?} was a guess while a cell was safe", click);
                    let share = all.iter().filter(|mine| mine[click.y * width + click.x]).count() as f64 / all.len() as f64;
                    prop_assert!((click.mine_probability.unwrap() - share).abs() < 1e-9, "{:?}: {}", click, share);
                }
                _ => {}
            }
        }
    }
}
