//! The features of a learned pattern evaluation (issue #61, item 2), as Rapfi's classical
//! evaluator reads a Gomoku board: for every empty point and each of the four directions, the
//! line pattern around it, four cells each side, each cell empty, the side to move's, the
//! other side's or off the board.
//!
//! A pattern's code is its eight cells in base 4, from the farthest on the negative side (the
//! lowest two bits) to the farthest on the positive side, so there are 4^8 = 65,536 codes; a pattern and its mirror image along the line are the same
//! shape, so each is counted under the smaller of the two codes ([`canonical`]). Patterns with
//! no stone in their window say nothing of the position but how empty it is, and are left out.

use crate::selfplay::Record;
use pastimes_games::gomoku::{BoardSize, Colour};

/// The patterns are read on the 15x15 board.
const SIZE: usize = BoardSize::Fifteen.side();

/// How many codes a table over the patterns needs.
pub const CODES: usize = 1 << 16;
/// Cells each side of the point, at most (a table's codes must fit [`CODES`]).
pub const REACH: usize = 4;
const DIRECTIONS: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A cell of a pattern, from the side to move's point of view.
const EMPTY: u32 = 0;
const MINE: u32 = 1;
const THEIRS: u32 = 2;
const OFF: u32 = 3;

/// The code of the pattern of `cells` cells read the other way along its line.
pub fn mirror(code: u32, cells: usize) -> u32 {
    (0..cells).fold(0, |acc, k| acc | (code >> (2 * k) & 3) << (2 * (cells - 1 - k)))
}

/// The code a pattern and its mirror image share: the smaller.
pub fn canonical(code: u32, cells: usize) -> u32 {
    code.min(mirror(code, cells))
}

/// Whether a pattern holds a stone.
fn has_stone(code: u32, cells: usize) -> bool {
    (0..cells).any(|k| matches!(code >> (2 * k) & 3, MINE | THEIRS))
}

/// The canonical codes of a position's patterns (`reach` cells each side of a point, at most
/// [`REACH`]) that hold a stone, each with how many times it occurs, sorted by code.
pub fn patterns(record: &Record, reach: usize) -> Vec<(u32, u32)> {
    assert!((1..=REACH).contains(&reach), "a reach of 1 to {REACH}");
    let (cells, reach) = (2 * reach, reach as i64);
    let n = SIZE as i64;
    let cell = |x: i64, y: i64| -> u32 {
        if x < 0 || y < 0 || x >= n || y >= n {
            return OFF;
        }
        match record.cells[(y * n + x) as usize] {
            None => EMPTY,
            Some(c) if c == record.to_move => MINE,
            Some(_) => THEIRS,
        }
    };
    let mut codes = Vec::new();
    for y in 0..n {
        for x in 0..n {
            if record.cells[(y * n + x) as usize].is_some() {
                continue;
            }
            for (dx, dy) in DIRECTIONS {
                let offsets = (-reach..=reach).filter(|&k| k != 0);
                let code = offsets.enumerate().fold(0, |acc, (i, k)| acc | cell(x + k * dx, y + k * dy) << (2 * i));
                if has_stone(code, cells) {
                    codes.push(canonical(code, cells));
                }
            }
        }
    }
    codes.sort_unstable();
    let mut counted: Vec<(u32, u32)> = Vec::new();
    for code in codes {
        match counted.last_mut() {
            Some((last, count)) if *last == code => *count += 1,
            _ => counted.push((code, 1)),
        }
    }
    counted
}

/// The side to move as a number (0 black, 1 white), for tables kept per colour.
pub fn colour_index(colour: Colour) -> usize {
    usize::from(colour == Colour::White)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::CELLS;
    use pastimes_games::gomoku::Rule;

    fn record(black: &[(i64, i64)], white: &[(i64, i64)], to_move: Colour) -> Record {
        let mut cells = [None; CELLS];
        for &(x, y) in black {
            cells[(y * SIZE as i64 + x) as usize] = Some(Colour::Black);
        }
        for &(x, y) in white {
            cells[(y * SIZE as i64 + x) as usize] = Some(Colour::White);
        }
        let played = BoardSize::Fifteen.point(0, 0).unwrap();
        Record { cells, to_move, rule: Rule::Freestyle, random: false, forced: false, outcome: 1, played, score: 0 }
    }

    #[test]
    fn mirrors_and_canonical_codes() {
        let code = 0b11_10_01_00_00_00_00_01;
        assert_eq!(mirror(mirror(code, 8), 8), code);
        assert_eq!(mirror(0b01, 8), 0b01 << 14);
        assert_eq!(canonical(0b01 << 14, 8), 0b01);
        assert_eq!(mirror(0b01, 6), 0b01 << 10);
    }

    #[test]
    fn one_stone_is_seen_from_its_neighbours_in_every_direction() {
        // One black stone in the middle, black to move: each direction's eight empty points in
        // reach see it, at distances 1 to 4 on either side (mirror images counted together).
        let lone = record(&[(7, 7)], &[], Colour::Black);
        let found = patterns(&lone, 4);
        assert_eq!(found.iter().map(|(_, n)| n).sum::<u32>(), 32);
        assert_eq!(found.len(), 4, "four distances, each with its mirror: {found:?}");
        assert!(found.iter().all(|&(_, n)| n == 8));
        // From white's side the same stone is the other side's.
        let theirs = patterns(&record(&[(7, 7)], &[], Colour::White), 4);
        assert_eq!(patterns(&lone, 2).len(), 2, "two distances at a reach of 2");
        assert_ne!(found, theirs);
        assert_eq!(theirs.iter().map(|(_, n)| n).sum::<u32>(), 32);
    }

    #[test]
    fn the_edge_is_part_of_the_pattern() {
        let corner = patterns(&record(&[(0, 0)], &[], Colour::Black), 4);
        let middle = patterns(&record(&[(7, 7)], &[], Colour::Black), 4);
        assert!(corner.iter().map(|(_, n)| n).sum::<u32>() < 32);
        assert!(corner.iter().any(|(code, _)| !middle.iter().any(|(c, _)| c == code)));
    }
}
