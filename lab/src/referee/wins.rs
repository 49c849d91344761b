//! Who has won, from the rules' words (each rule's module in the games crate quotes its source;
//! this reading shares no code with it):
//!
//! - **freestyle**: an unbroken row of five or more stones wins;
//! - **exactly five**: a row of exactly five wins, six or more (an overline) do not, for both;
//! - **Renju**: black wins with exactly five (black may not even make six: a forbidden point),
//!   white with five or more;
//! - **Caro** (Gomocup's rule 8): five or more win, except a row of exactly five whose two
//!   neighbouring points along the row both hold the opponent's stones; the edge of the board
//!   blocks nothing, and six or more always win.

use super::grid::{Grid, DIRECTIONS};
use pastimes_games::gomoku::{Colour, Rule};

/// Whether a row of `len` stones of `colour`, between the points `ends` (what lies just beyond
/// each end: `None` empty or off the board), wins under `rule`.
pub fn row_wins(rule: Rule, colour: Colour, len: usize, ends: [Option<Colour>; 2]) -> bool {
    match (rule, colour) {
        (Rule::Freestyle, _) | (Rule::Renju, Colour::White) => len >= 5,
        (Rule::ExactFive, _) | (Rule::Renju, Colour::Black) => len == 5,
        (Rule::Caro, _) => len >= 6 || (len == 5 && ends != [Some(colour.other()); 2]),
    }
}

/// Whether `colour` has a winning row anywhere on the board.
pub fn has_won(grid: &Grid, rule: Rule, colour: Colour) -> bool {
    rows(grid, colour).any(|(len, ends)| row_wins(rule, colour, len, ends))
}

/// The rows of five or more of `colour` that do not win under `rule` (Caro's fives blocked at
/// both ends, overlines under exactly five): what the rule's exceptions met.
pub fn rows_not_winning(grid: &Grid, rule: Rule, colour: Colour) -> usize {
    rows(grid, colour).filter(|&(len, ends)| len >= 5 && !row_wins(rule, colour, len, ends)).count()
}

/// Every unbroken row of `colour` (each once, from its first stone): its length and what lies
/// just beyond its ends.
fn rows(grid: &Grid, colour: Colour) -> impl Iterator<Item = (usize, [Option<Colour>; 2])> + '_ {
    grid.points().flat_map(move |p| {
        DIRECTIONS.into_iter().filter_map(move |d| {
            let (first, last) = grid.run(p, d, 0, colour)?;
            let beyond = |k: i64| grid.get(p.0 + d.0 * k, p.1 + d.1 * k);
            (first == 0).then(|| ((last + 1) as usize, [beyond(-1), beyond(last + 1)]))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black on row 3 at `black`, white at `white`.
    fn row(black: &[i64], white: &[i64]) -> Grid {
        let mut grid = Grid::new(15);
        black.iter().for_each(|&x| grid.set(x, 3, Some(Colour::Black)));
        white.iter().for_each(|&x| grid.set(x, 3, Some(Colour::White)));
        grid
    }

    #[test]
    fn each_rule_reads_its_rows() {
        let five = row(&[3, 4, 5, 6, 7], &[2, 8]);
        let six = row(&[3, 4, 5, 6, 7, 8], &[2, 9]);
        let edge = row(&[0, 1, 2, 3, 4], &[5]);
        for (rule, wins) in [
            (Rule::Freestyle, [true, true, true]),
            (Rule::ExactFive, [true, false, true]),
            (Rule::Renju, [true, false, true]),
            (Rule::Caro, [false, true, true]),
        ] {
            let read = [&five, &six, &edge].map(|grid| has_won(grid, rule, Colour::Black));
            assert_eq!(read, wins, "{rule:?}");
        }
        assert!(!has_won(&row(&[3, 4, 5, 6], &[]), Rule::Freestyle, Colour::Black));
        assert_eq!(rows_not_winning(&five, Rule::Caro, Colour::Black), 1);
        assert_eq!(rows_not_winning(&six, Rule::ExactFive, Colour::Black), 1);
        assert_eq!(rows_not_winning(&five, Rule::Freestyle, Colour::Black), 0);
        let mut white_six = Grid::new(15);
        (0..6).for_each(|x| white_six.set(x, 9, Some(Colour::White)));
        assert!(
            has_won(&white_six, Rule::Renju, Colour::White) && !has_won(&white_six, Rule::ExactFive, Colour::White)
        );
    }
}
