//! When a stone wins: five in a row through it, counted on the real 2D board.
//!
//! The original VB6 game kept the board in a one-dimensional array and stepped through it by 1,
//! 14, 15 and 16, so a "row" could run off the right edge and continue on the next line. Here a
//! line is followed with `(dx, dy)` steps that stop at every edge, so nothing wraps.

use super::board::{Board, Colour, Point, DIRECTIONS};
use super::caro;
use serde::{Deserialize, Serialize};

/// What counts as a win. Serialised as `"freestyle"`, `"exactFive"`, `"renju"` or `"caro"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Rule {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five wins; six or more (an overline) does not.
    ExactFive,
    /// The rule of the world championships: black wins only with exactly five and may not play
    /// a double three, double four or overline ([`super::renju`]); white wins with five or more.
    Renju,
    /// Five or more in a row win, except exactly five blocked at both ends by the opponent's
    /// stones; the edge does not block ([`super::caro`], Gomocup's `INFO rule 8`).
    Caro,
}

impl Rule {
    /// Every rule, in the order a settings menu lists them.
    pub const ALL: [Rule; 4] = [Rule::Freestyle, Rule::ExactFive, Rule::Renju, Rule::Caro];

    /// The stable name used in categories: `"freestyle"`, `"exactFive"`, `"renju"`, `"caro"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::ExactFive => "exactFive",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
        }
    }

    /// Whether a run of `len` stones in one line wins, for a side not named: under Renju this
    /// is black's rule (exactly five), the stricter one. See [`Rule::wins_for`]. Under Caro
    /// the length is not all: a five also needs an end that is not the opponent's
    /// ([`super::caro::run_wins`]; [`winning_line`] applies it).
    pub fn wins(self, len: usize) -> bool {
        match self {
            Rule::Freestyle | Rule::Caro => len >= 5,
            Rule::ExactFive | Rule::Renju => len == 5,
        }
    }

    /// Whether a run of `len` stones of `colour` in one line wins.
    pub fn wins_for(self, colour: Colour, len: usize) -> bool {
        match (self, colour) {
            (Rule::Renju, Colour::White) => len >= 5,
            _ => self.wins(len),
        }
    }

    /// Whether black has forbidden points ([`super::renju`]).
    pub fn has_forbidden_points(self) -> bool {
        self == Rule::Renju
    }
}

/// The stones in a row through `p` along `dir`, in board order, `p`'s own colour.
/// Empty when `p` is empty.
pub fn run_through(board: &Board, p: Point, dir: (i8, i8)) -> Vec<Point> {
    let Some(colour) = board.get(p) else {
        return Vec::new();
    };
    let same = |q: &Point| board.get(*q) == Some(colour);
    let back = (1..).map_while(|k| board.step(p, dir, -k).filter(same)).count() as i64;
    let forward = (1..).map_while(|k| board.step(p, dir, k).filter(same)).count() as i64;
    (-back..=forward).filter_map(|k| board.step(p, dir, k)).collect()
}

/// How long the run through `p` along `dir` is, without allocating: this is on every move.
fn run_length(board: &Board, p: Point, colour: Colour, dir: (i8, i8)) -> usize {
    let count =
        |sign: i64| (1..).map_while(|k| board.step(p, dir, sign * k).filter(|q| board.get(*q) == Some(colour))).count();
    1 + count(-1) + count(1)
}

/// The winning line made by the stone on `p`, if it made one: the whole run (five, or more under
/// freestyle and Caro and for white under Renju). The four directions are tried in
/// [`DIRECTIONS`] order and the first win is shown. Under Caro a five blocked at both ends is
/// no win ([`caro::run_wins`]).
pub fn winning_line(board: &Board, p: Point, rule: Rule) -> Option<Vec<Point>> {
    let colour = board.get(p)?;
    let wins = |dir: (i8, i8)| match rule {
        Rule::Caro => {
            run_length(board, p, colour, dir) >= 5 && caro::run_wins(board, &run_through(board, p, dir), dir, colour)
        }
        _ => rule.wins_for(colour, run_length(board, p, colour, dir)),
    };
    DIRECTIONS.into_iter().find(|&dir| wins(dir)).map(|dir| run_through(board, p, dir))
}

#[cfg(test)]
mod tests {
    use super::super::board::BoardSize;
    use super::*;
    use proptest::prelude::*;

    /// A board where black and white play the given lists in turn, black first.
    fn board_with(black: &[(i64, i64)], white: &[(i64, i64)]) -> Board {
        board_sized(BoardSize::Fifteen, black, white)
    }

    fn board_sized(size: BoardSize, black: &[(i64, i64)], white: &[(i64, i64)]) -> Board {
        let mut board = Board::new(size);
        let (mut b, mut w) = (black.iter(), white.iter());
        loop {
            let next = match board.side_to_move() {
                Colour::Black => b.next(),
                Colour::White => w.next(),
            };
            match next {
                Some(&(x, y)) => {
                    board.place(size.point(x, y).unwrap());
                }
                None => break,
            }
        }
        board
    }

    fn line(start: (i64, i64), dir: (i64, i64), n: i64) -> Vec<(i64, i64)> {
        (0..n).map(|k| (start.0 + dir.0 * k, start.1 + dir.1 * k)).collect()
    }

    /// Checks a black line of five from `start` along `dir` wins for every order of play, i.e.
    /// whichever of its stones comes last.
    fn assert_five_wins(size: BoardSize, start: (i64, i64), dir: (i64, i64)) {
        let five = line(start, dir, 5);
        for last in 0..5 {
            let mut order = five.clone();
            let p = order.remove(last);
            order.push(p);
            let white = whites_away_from(&order);
            let board = board_sized(size, &order, &white);
            let last_point = size.point(p.0, p.1).unwrap();
            let won = winning_line(&board, last_point, Rule::Freestyle)
                .unwrap_or_else(|| panic!("five from {start:?} along {dir:?} did not win"));
            let mut got: Vec<_> = won.iter().map(|q| (q.x as i64, q.y as i64)).collect();
            let mut want = five.clone();
            got.sort();
            want.sort();
            assert_eq!(got, want);
        }
    }

    /// One white stone fewer than `black` (so black plays last), spaced three apart so they make
    /// nothing themselves, and touching no black stone.
    fn whites_away_from(black: &[(i64, i64)]) -> Vec<(i64, i64)> {
        BoardSize::Fifteen
            .points()
            .map(|p| (p.x as i64, p.y as i64))
            .filter(|q| black.iter().all(|b| (b.0 - q.0).abs() > 1 || (b.1 - q.1).abs() > 1))
            .filter(|q| q.0 % 3 == 0 && q.1 % 3 == 0)
            .take(black.len() - 1)
            .collect()
    }

    #[test]
    fn five_wins_in_all_directions_at_every_edge_and_corner() {
        for size in BoardSize::ALL {
            five_wins_at_every_edge(size);
        }
    }

    fn five_wins_at_every_edge(size: BoardSize) {
        let last = size.side() as i64 - 1;
        let cases = [
            // Horizontal along the top and bottom edges, from both corners.
            ((0, 0), (1, 0)),
            ((last - 4, 0), (1, 0)),
            ((0, last), (1, 0)),
            ((last - 4, last), (1, 0)),
            // Vertical along the left and right edges.
            ((0, 0), (0, 1)),
            ((0, last - 4), (0, 1)),
            ((last, 0), (0, 1)),
            ((last, last - 4), (0, 1)),
            // Both diagonals from every corner.
            ((0, 0), (1, 1)),
            ((last - 4, last - 4), (1, 1)),
            ((0, last), (1, -1)),
            ((last - 4, 4), (1, -1)),
            // And in the middle.
            ((5, 7), (1, 0)),
            ((7, 5), (0, 1)),
            ((5, 5), (1, 1)),
            ((5, 9), (1, -1)),
        ];
        for (start, dir) in cases {
            assert_five_wins(size, start, dir);
        }
    }

    fn pt(x: i64, y: i64) -> Option<Point> {
        BoardSize::Fifteen.point(x, y)
    }

    #[test]
    fn four_does_not_win() {
        let black = line((3, 3), (1, 1), 4);
        let board = board_with(&black, &whites_away_from(&black));
        assert_eq!(winning_line(&board, pt(6, 6).unwrap(), Rule::Freestyle), None);
    }

    #[test]
    fn lines_never_wrap_around_an_edge() {
        // The end of row 3 and the start of row 4: five consecutive cells in a 1D array.
        let black = vec![(12, 3), (13, 3), (14, 3), (0, 4), (1, 4)];
        let board = board_with(&black, &whites_away_from(&black));
        for &(x, y) in &black {
            assert_eq!(winning_line(&board, pt(x, y).unwrap(), Rule::Freestyle), None);
        }
        // The original's "diagonal" steps of 14 and 16 wrap too: bottom of one column to the
        // top of the next, and along a diagonal through the right edge.
        let black = vec![(13, 12), (14, 13), (0, 14), (1, 0), (2, 1)];
        let board = board_with(&black, &whites_away_from(&black));
        for &(x, y) in &black {
            assert_eq!(winning_line(&board, pt(x, y).unwrap(), Rule::Freestyle), None);
        }
        let black = vec![(14, 10), (14, 11), (14, 12), (14, 13), (14, 14)];
        let board = board_with(&black, &whites_away_from(&black));
        assert!(winning_line(&board, pt(14, 14).unwrap(), Rule::Freestyle).is_some());
    }

    /// On 20x20 the rows run on past the 15th point, and still stop at the edge.
    #[test]
    fn lines_on_the_large_board_run_to_its_own_edge_only() {
        let size = BoardSize::Twenty;
        let black = vec![(13, 3), (14, 3), (15, 3), (16, 3), (17, 3)];
        let board = board_sized(size, &black, &whites_away_from(&black));
        assert!(winning_line(&board, size.point(17, 3).unwrap(), Rule::Freestyle).is_some());
        let black = vec![(17, 3), (18, 3), (19, 3), (0, 4), (1, 4)];
        let board = board_sized(size, &black, &whites_away_from(&black));
        for &(x, y) in &black {
            assert_eq!(winning_line(&board, size.point(x, y).unwrap(), Rule::Freestyle), None);
        }
    }

    #[test]
    fn overlines_win_under_freestyle_only() {
        for n in [6, 7] {
            let black = line((2, 8), (1, 0), n);
            let board = board_with(&black, &whites_away_from(&black));
            let p = pt(2 + n - 1, 8).unwrap();
            assert_eq!(winning_line(&board, p, Rule::Freestyle).map(|l| l.len()), Some(n as usize));
            assert_eq!(winning_line(&board, p, Rule::ExactFive), None);
        }
        // Filling the gap of XXX.XX makes six: freestyle wins, exact five does not.
        let black = vec![(0, 0), (1, 0), (2, 0), (4, 0), (5, 0), (3, 0)];
        let board = board_with(&black, &whites_away_from(&black));
        let p = pt(3, 0).unwrap();
        assert!(winning_line(&board, p, Rule::Freestyle).is_some());
        assert_eq!(winning_line(&board, p, Rule::ExactFive), None);
    }

    #[test]
    fn under_renju_white_wins_with_an_overline_and_black_does_not() {
        let black = line((2, 8), (1, 0), 6);
        let board = board_with(&black, &whites_away_from(&black));
        assert_eq!(winning_line(&board, pt(7, 8).unwrap(), Rule::Renju), None);
        // White's six: black plays away from it, white fills the row last.
        let white = line((2, 8), (1, 0), 6);
        let board = board_with(&whites_away_from(&line((2, 8), (1, 0), 7)), &white);
        let won = winning_line(&board, pt(7, 8).unwrap(), Rule::Renju).unwrap();
        assert_eq!(won.len(), 6);
        assert!(Rule::Renju.wins_for(Colour::White, 5) && Rule::Renju.wins_for(Colour::Black, 5));
    }

    #[test]
    fn exact_five_still_wins_in_another_direction_than_an_overline() {
        // The last stone makes six across and exactly five down.
        let mut black = line((0, 5), (1, 0), 3);
        black.extend(line((4, 5), (1, 0), 2));
        black.extend(line((3, 6), (0, 1), 4));
        black.push((3, 5));
        let board = board_with(&black, &whites_away_from(&black));
        let won = winning_line(&board, pt(3, 5).unwrap(), Rule::ExactFive).unwrap();
        assert!(won.iter().all(|p| p.x == 3), "{won:?}");
        assert_eq!(won.len(), 5);
    }

    /// The brute-force referee: does `colour` have a winning run anywhere on the board?
    fn brute_force_win(board: &Board, colour: Colour, rule: Rule) -> bool {
        let n = board.size().side() as i64;
        let mut won = false;
        for (dx, dy) in DIRECTIONS.map(|(dx, dy)| (dx as i64, dy as i64)) {
            for y in 0..n {
                for x in 0..n {
                    // Only start at the first stone of a run, and count to its end.
                    let before = board.at(x - dx, y - dy) == Some(colour);
                    if board.at(x, y) != Some(colour) || before {
                        continue;
                    }
                    let len = (0..).take_while(|&k| board.at(x + dx * k, y + dy * k) == Some(colour)).count();
                    won |= rule.wins_for(colour, len);
                }
            }
        }
        won
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

        /// Random games, packed into a small area so fives are common, checked against a
        /// referee that scans the whole board.
        #[test]
        fn win_detection_matches_brute_force(
            cells in proptest::collection::vec((0u8..7, 0u8..7), 1..120),
            offset in (0u8..14, 0u8..14),
            rule in 0usize..3,
            size in proptest::sample::select(BoardSize::ALL.to_vec()),
        ) {
            let rule = Rule::ALL[rule];
            let mut board = Board::new(size);
            // Packed against the far edges too: the offset reaches them on either board.
            let offset = (offset.0.min(size.side() as u8 - 7), offset.1.min(size.side() as u8 - 7));
            for (x, y) in cells {
                let p = Point { x: x + offset.0, y: y + offset.1 };
                if board.get(p).is_some() {
                    continue;
                }
                let colour = board.place(p);
                let line = winning_line(&board, p, rule);
                prop_assert_eq!(line.is_some(), brute_force_win(&board, colour, rule));
                if let Some(line) = line {
                    prop_assert!(line.contains(&p));
                    prop_assert!(rule.wins_for(colour, line.len()));
                    prop_assert!(line.iter().all(|q| board.get(*q) == Some(colour)));
                    break;
                }
            }
            prop_assert!(board.stone_count() <= size.count());
        }
    }
}
