//! Caro's wins: the edge cases one by one, and random games against a referee written from the
//! rule's text alone (it scans the whole board for rows; it shares no code with the rules).

use super::super::board::{Board, BoardSize, Colour, Point, DIRECTIONS};
use super::super::rules::{winning_line, Rule};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

/// A board where black and white play the given points (`(x, y)`) in turn, black first; the
/// side with fewer stones listed passes by playing far fillers from `fillers`.
fn board_with(black: &[(i64, i64)], white: &[(i64, i64)]) -> Board {
    let mut board = Board::default();
    for i in 0..black.len().max(white.len()) {
        for side in [black, white] {
            let p = side.get(i).map(|&(x, y)| BoardSize::Fifteen.point(x, y).unwrap());
            board.place(p.unwrap_or_else(|| filler(&board)));
        }
    }
    board
}

/// An empty point in the bottom rows, away from the stones these tests play in the top half.
fn filler(board: &Board) -> Point {
    board.points().filter(|p| p.y >= 12 && p.x % 2 == 0).find(|p| board.get(*p).is_none()).unwrap()
}

fn row(x: i64, y: i64, n: i64) -> Vec<(i64, i64)> {
    (0..n).map(|k| (x + k, y)).collect()
}

/// Whether the last stone of `black`'s list wins under Caro.
fn black_wins(black: &[(i64, i64)], white: &[(i64, i64)]) -> bool {
    let board = board_with(black, white);
    let &(x, y) = black.last().unwrap();
    winning_line(&board, BoardSize::Fifteen.point(x, y).unwrap(), Rule::Caro).is_some()
}

#[test]
fn a_five_blocked_at_both_ends_does_not_win() {
    // White on C3 and I3, black fills D3..H3 (the last stone in the middle).
    let mut black = row(3, 3, 5);
    black.swap(2, 4);
    assert!(!black_wins(&black, &[(2, 3), (8, 3)]));
    // The same five vertically and on both diagonals.
    let down: Vec<_> = (0..5).map(|k| (6, 2 + k)).collect();
    assert!(!black_wins(&down, &[(6, 1), (6, 7)]));
    let diagonal: Vec<_> = (0..5).map(|k| (2 + k, 2 + k)).collect();
    assert!(!black_wins(&diagonal, &[(1, 1), (7, 7)]));
    let up: Vec<_> = (0..5).map(|k| (2 + k, 8 - k)).collect();
    assert!(!black_wins(&up, &[(1, 9), (7, 3)]));
}

#[test]
fn a_five_blocked_at_one_end_wins() {
    assert!(black_wins(&row(3, 3, 5), &[(2, 3)]));
    assert!(black_wins(&row(3, 3, 5), &[(8, 3)]));
    assert!(black_wins(&row(3, 3, 5), &[]));
    // A white stone one point further away blocks nothing.
    assert!(black_wins(&row(3, 3, 5), &[(2, 3), (9, 3)]));
}

#[test]
fn the_edge_does_not_block() {
    // A1..E1 along the left edge with white beyond the other end; also the other edges, and a
    // diagonal into the corner.
    let last = BoardSize::Fifteen.side() as i64 - 1;
    assert!(black_wins(&row(0, 3, 5), &[(5, 3)]));
    assert!(black_wins(&row(last - 4, 3, 5), &[(last - 5, 3)]));
    let top: Vec<_> = (0..5).map(|k| (4, k)).collect();
    assert!(black_wins(&top, &[(4, 5)]));
    let corner: Vec<_> = (0..5).map(|k| (k, k)).collect();
    assert!(black_wins(&corner, &[(5, 5)]));
    // Even with the edge at one end and nothing at the other.
    assert!(black_wins(&row(0, 3, 5), &[]));
}

#[test]
fn six_or_more_win_even_blocked_at_both_ends() {
    for n in [6, 7] {
        assert!(black_wins(&row(3, 3, n), &[(2, 3), (3 + n, 3)]), "{n}");
    }
    // Filling the gap of XXX.XX between two white stones makes six: a win.
    let black = vec![(3, 3), (4, 3), (5, 3), (7, 3), (8, 3), (6, 3)];
    assert!(black_wins(&black, &[(2, 3), (9, 3)]));
}

#[test]
fn four_does_not_win_and_white_plays_by_the_same_rule() {
    assert!(!black_wins(&row(3, 3, 4), &[]));
    // White's five between two black stones does not win either; with one end free it does.
    let white = row(3, 3, 5);
    let board = board_with(&[(2, 3), (8, 3), (0, 10), (2, 10), (4, 10)], &white);
    assert!(winning_line(&board, BoardSize::Fifteen.point(7, 3).unwrap(), Rule::Caro).is_none());
    let board = board_with(&[(2, 3), (0, 10), (2, 10), (4, 10), (6, 10)], &white);
    assert!(winning_line(&board, BoardSize::Fifteen.point(7, 3).unwrap(), Rule::Caro).is_some());
}

#[test]
fn a_blocked_five_does_not_hide_a_win_in_another_line() {
    // The last stone D3 closes a blocked five across (A3 and G3 white) and an open five down.
    let mut black = row(1, 3, 2);
    black.extend([(4, 3), (5, 3)]);
    black.extend((4..8).map(|y| (3, y)));
    black.push((3, 3));
    let board = board_with(&black, &[(0, 3), (6, 3)]);
    assert!(winning_line(&board, BoardSize::Fifteen.point(3, 3).unwrap(), Rule::Freestyle).is_some());
    let won = winning_line(&board, BoardSize::Fifteen.point(3, 3).unwrap(), Rule::Caro).unwrap();
    assert!(won.iter().all(|p| p.x == 3), "{won:?}");
}

/// The referee, from the rule's text: does `colour` have a row of five or more anywhere on the
/// board that wins (six or more always; exactly five unless the points just beyond both of
/// its ends are on the board and hold the other colour's stones)?
pub(crate) fn referee_wins(board: &Board, colour: Colour) -> bool {
    let n = board.size().side() as i64;
    let stone = |x: i64, y: i64| if (0..n).contains(&x) && (0..n).contains(&y) { board.at(x, y) } else { None };
    for (dx, dy) in DIRECTIONS.map(|(dx, dy)| (dx as i64, dy as i64)) {
        for y in 0..n {
            for x in 0..n {
                if stone(x, y) != Some(colour) || stone(x - dx, y - dy) == Some(colour) {
                    continue;
                }
                let len = (0..).take_while(|&k| stone(x + dx * k, y + dy * k) == Some(colour)).count() as i64;
                let before = stone(x - dx, y - dy);
                let after = stone(x + dx * len, y + dy * len);
                let blocked = before == Some(colour.other()) && after == Some(colour.other());
                if len >= 6 || (len == 5 && !blocked) {
                    return true;
                }
            }
        }
    }
    false
}

/// Plays `cells` (offset into the board) until a win; checks every stone against the referee.
/// Returns whether a blocked five was made on the way.
fn check_game(size: BoardSize, cells: &[(u8, u8)], offset: (u8, u8)) -> Result<bool, TestCaseError> {
    let mut board = Board::new(size);
    let mut saw_blocked = false;
    for &(x, y) in cells {
        let p = Point { x: x + offset.0, y: y + offset.1 };
        if board.get(p).is_some() {
            continue;
        }
        let colour = board.place(p);
        let line = winning_line(&board, p, Rule::Caro);
        prop_assert_eq!(line.is_some(), referee_wins(&board, colour), "{:?}", board);
        saw_blocked |= line.is_none() && winning_line(&board, p, Rule::Freestyle).is_some();
        if let Some(line) = line {
            prop_assert!(line.contains(&p) && line.len() >= 5);
            prop_assert!(line.iter().all(|q| board.get(*q) == Some(colour)));
            break;
        }
    }
    Ok(saw_blocked)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Random games packed into a small area (at the edges too, on both boards), against the
    /// referee.
    #[test]
    fn win_detection_matches_the_referee(
        cells in proptest::collection::vec((0u8..8, 0u8..8), 1..150),
        offset in (0u8..13, 0u8..13),
        size in proptest::sample::select(BoardSize::ALL.to_vec()),
    ) {
        let offset = (offset.0.min(size.side() as u8 - 8), offset.1.min(size.side() as u8 - 8));
        check_game(size, &cells, offset)?;
    }
}

/// The same over seeded games, counting the blocked fives met: the random games do reach the
/// case the rule is about.
#[test]
fn random_games_meet_blocked_fives() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(59);
    let mut blocked = 0;
    for _ in 0..1000 {
        let cells: Vec<(u8, u8)> = (0..150).map(|_| (rng.random_range(0..8), rng.random_range(0..8))).collect();
        let size = BoardSize::ALL[rng.random_range(0..2)];
        let far = size.side() as u8 - 7;
        let offset = (rng.random_range(0..far), rng.random_range(0..far));
        blocked += check_game(size, &cells, offset).unwrap() as u32;
    }
    assert!(blocked >= 20, "{blocked} blocked fives");
}
