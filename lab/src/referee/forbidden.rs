//! Renju's forbidden points for black, from the RIF's definitions alone (the games crate's
//! `renju` module quotes them; this reading shares no code with it):
//!
//! - a **five** is exactly five black stones in a row, and a stone that makes one is never
//!   forbidden, whatever else it makes;
//! - an **overline** (six or more in a row) is forbidden;
//! - a **four** is four stones that one more stone turns into a five: counted by its four
//!   stones, so `.XXXX.` is one four and `X.XXX.X` two; two fours at once (a **double four**,
//!   in one line or two) are forbidden;
//! - a **straight four** is four in a row whose both ends make a five; a **three** is three
//!   stones that one more stone, *itself allowed*, turns into a straight four; at most one
//!   three counts in a line, none in a line that holds a four; two threes at once (a **double
//!   three**) are forbidden.
//!
//! Only rows through the new stone count: a shape already on the board was not made by it.

use super::grid::{Grid, DIRECTIONS};
use pastimes_games::gomoku::Colour;

/// Why black may not play a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    Overline,
    DoubleFour,
    DoubleThree,
}

/// Why black may not play the empty point `p`, or `None` if black may.
pub fn forbidden(grid: &Grid, p: (i64, i64)) -> Option<Why> {
    let mut grid = grid.clone();
    grid.set(p.0, p.1, Some(Colour::Black));
    placed_verdict(&mut grid, p)
}

/// Whether black has a point left to play.
pub fn black_can_move(grid: &Grid) -> bool {
    grid.points().any(|(x, y)| grid.is_empty(x, y) && forbidden(grid, (x, y)).is_none())
}

/// [`forbidden`] with black's stone already on `p` (the grid comes back as it was given).
fn placed_verdict(grid: &mut Grid, p: (i64, i64)) -> Option<Why> {
    let lengths = DIRECTIONS.map(|d| grid.run(p, d, 0, Colour::Black).map_or(0, |(first, last)| last - first + 1));
    if lengths.contains(&5) {
        return None;
    }
    if lengths.iter().any(|&len| len >= 6) {
        return Some(Why::Overline);
    }
    let fours = DIRECTIONS.map(|d| fours_in_line(grid, p, d));
    if fours.iter().sum::<usize>() >= 2 {
        return Some(Why::DoubleFour);
    }
    let threes = DIRECTIONS.into_iter().zip(fours).filter(|&(d, four)| four == 0 && three_in_line(grid, p, d)).count();
    (threes >= 2).then_some(Why::DoubleThree)
}

/// The empty points along `d` within four steps of `p`, as steps.
fn empty_steps(grid: &Grid, p: (i64, i64), d: (i64, i64)) -> Vec<i64> {
    (-4..=4).filter(|&k| k != 0 && grid.is_empty(p.0 + d.0 * k, p.1 + d.1 * k)).collect()
}

/// The fours through `p` along `d`, each counted once by its four stones.
fn fours_in_line(grid: &mut Grid, p: (i64, i64), d: (i64, i64)) -> usize {
    let mut fours: Vec<Vec<i64>> = Vec::new();
    for k in empty_steps(grid, p, d) {
        let q = (p.0 + d.0 * k, p.1 + d.1 * k);
        grid.set(q.0, q.1, Some(Colour::Black));
        if let Some((first, last)) = grid.run(p, d, 0, Colour::Black) {
            if last - first + 1 == 5 && (first..=last).contains(&k) {
                let stones: Vec<i64> = (first..=last).filter(|&s| s != k).collect();
                if !fours.contains(&stones) {
                    fours.push(stones);
                }
            }
        }
        grid.set(q.0, q.1, None);
    }
    fours.len()
}

/// Whether one more allowed stone along `d` makes a straight four through `p`.
fn three_in_line(grid: &mut Grid, p: (i64, i64), d: (i64, i64)) -> bool {
    empty_steps(grid, p, d).into_iter().any(|k| {
        let q = (p.0 + d.0 * k, p.1 + d.1 * k);
        grid.set(q.0, q.1, Some(Colour::Black));
        let straight = grid.run(p, d, 0, Colour::Black).is_some_and(|(first, last)| {
            let at = |s: i64| (p.0 + d.0 * s, p.1 + d.1 * s);
            let makes_five = |end: i64, beyond: i64| {
                let (e, b) = (at(end), at(beyond));
                grid.is_empty(e.0, e.1) && grid.get(b.0, b.1) != Some(Colour::Black)
            };
            last - first + 1 == 4
                && (first..=last).contains(&k)
                && makes_five(first - 1, first - 2)
                && makes_five(last + 1, last + 2)
        });
        let allowed = straight && placed_verdict(grid, q).is_none();
        grid.set(q.0, q.1, None);
        allowed
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A drawing (`X` black, `O` white, `*` the point asked about) with its top-left on `origin`.
    fn verdict_at(origin: (i64, i64), rows: &[&str]) -> Option<Why> {
        let mut grid = Grid::new(15);
        let mut star = None;
        for (dy, row) in rows.iter().enumerate() {
            for (dx, c) in row.chars().enumerate() {
                let (x, y) = (origin.0 + dx as i64, origin.1 + dy as i64);
                match c {
                    'X' => grid.set(x, y, Some(Colour::Black)),
                    'O' => grid.set(x, y, Some(Colour::White)),
                    '*' => star = Some((x, y)),
                    _ => {}
                }
            }
        }
        forbidden(&grid, star.expect("a star"))
    }

    fn verdict(rows: &[&str]) -> Option<Why> {
        verdict_at((3, 3), rows)
    }

    /// The classic examples (the games crate's `renju_tests` draws the same, checked by hand).
    #[test]
    fn the_classic_shapes() {
        assert_eq!(verdict(&["...X...", "...X...", ".XX*...", "......."]), Some(Why::DoubleThree));
        assert_eq!(verdict(&["....X..", "....X..", ".......", ".X.X*.."]), Some(Why::DoubleThree), "split");
        assert_eq!(verdict(&["...X...", "...X...", "OXX*...", "......."]), None, "a three closed by white");
        assert_eq!(verdict(&["...X...", "...X...", "...X...", "OXX*X..", "......."]), Some(Why::DoubleFour));
        assert_eq!(verdict(&["X.X*X.X"]), Some(Why::DoubleFour), "two fours in one line");
        assert_eq!(verdict(&["XXX.*.XXX"]), Some(Why::DoubleFour));
        assert_eq!(verdict(&[".XXX*."]), None, "an open four is one four");
        assert_eq!(verdict(&["XXX*XX"]), Some(Why::Overline));
        assert_eq!(verdict(&[".......", "....X..", "....X..", "OXXX*..", "......."]), None, "four-three");
        let five_and_six = ["....X....", "....X....", "..X.X.X..", "XXXX*....", "....X....", "....X...."];
        assert_eq!(verdict(&five_and_six), None, "a five wins whatever else");
        let shapes_away = ["*..XXX..", "........", "........", "X.......", "X.......", "X......."];
        assert_eq!(verdict(&shapes_away), None, "shapes already on the board");
    }

    /// Across, `O.XX*..` is a three only through the point right of `*`, and down `XX*` is one;
    /// with the column above and below, that point would make an overline: no three there.
    #[test]
    fn a_three_counts_only_through_an_allowed_point() {
        let mut rows = [".....X..", "....XX..", "....XX..", "O.XX*...", ".....X..", ".....X..", "........", "........"];
        assert_eq!(verdict_at((3, 0), &rows), None, "its completion makes six");
        rows[4] = "........";
        rows[5] = "........";
        assert_eq!(verdict_at((3, 0), &rows), None, "its completion makes a double four");
        rows[0] = "........";
        assert_eq!(verdict_at((3, 0), &rows), Some(Why::DoubleThree), "its completion is a four-three");
    }
}
