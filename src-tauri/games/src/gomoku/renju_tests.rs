//! Renju's forbidden points on the classic examples, each drawn as a diagram.
//!
//! In a diagram `X` is black, `O` white, `.` empty and `*` the empty point asked about. Its
//! top-left character lies on the board's (3, 3) unless a test says otherwise, so the rows and
//! columns around a drawing are empty board, not the edge. Each expectation was checked by hand
//! against the definitions in the module's documentation; the comments say how.

use super::super::board::{Board, Colour, Point, POINTS};
use super::super::renju::SIZE;
use super::*;
use proptest::prelude::*;

/// The cells of `rows` drawn from `origin`, and where the `*` is.
fn drawn_at(origin: (i64, i64), rows: &[&str]) -> ([Option<Colour>; POINTS], Point) {
    let mut cells = [None; POINTS];
    let mut star = None;
    for (dy, row) in rows.iter().enumerate() {
        for (dx, c) in row.chars().enumerate() {
            let p = SIZE.point(origin.0 + dx as i64, origin.1 + dy as i64).expect("the drawing fits the board");
            match c {
                'X' => cells[p.index()] = Some(Colour::Black),
                'O' => cells[p.index()] = Some(Colour::White),
                '*' => star = Some(p),
                '.' => {}
                other => panic!("unknown mark {other:?}"),
            }
        }
    }
    (cells, star.expect("the drawing marks a point with *"))
}

fn verdict_at(origin: (i64, i64), rows: &[&str]) -> Option<Forbidden> {
    let (cells, star) = drawn_at(origin, rows);
    Grid::from_cells(cells).forbidden(star)
}

fn verdict(rows: &[&str]) -> Option<Forbidden> {
    verdict_at((3, 3), rows)
}

#[test]
fn two_open_threes_are_a_double_three() {
    // Across `.XX*.`: a stone right of * makes `.XXXX.` with both ends free. Down the same.
    #[rustfmt::skip]
    let rows = [
        ".......",
        "...X...",
        "...X...",
        ".XX*...",
        ".......",
    ];
    assert_eq!(verdict(&rows), Some(Forbidden::DoubleThree));
}

#[test]
fn split_threes_count_too() {
    // Across `.X.X*..` (the gap filled makes a straight four) and down `X X . *` likewise.
    #[rustfmt::skip]
    let rows = [
        "....X..",
        "....X..",
        ".......",
        ".X.X*..",
        ".......",
    ];
    assert_eq!(verdict(&rows), Some(Forbidden::DoubleThree));
}

#[test]
fn a_three_closed_by_white_or_the_edge_is_no_three() {
    // Across `OXX*..`: the only four it can make, `OXXXX.`, has one free end: not straight.
    #[rustfmt::skip]
    let white = [
        "...X...",
        "...X...",
        "OXX*...",
        ".......",
    ];
    assert_eq!(verdict(&white), None);
    // The same against the left edge of the board.
    #[rustfmt::skip]
    let edge = [
        "..X....",
        "..X....",
        "XX*....",
        ".......",
    ];
    assert_eq!(verdict_at((0, 3), &edge), None);
    // One column further in, `.XX*.` is open again: forbidden.
    assert_eq!(verdict_at((1, 3), &edge), Some(Forbidden::DoubleThree));
}

#[test]
fn two_fours_are_a_double_four_even_when_each_is_closed() {
    // Across `OXX*X.`: one four (closed by O); down `XXX*`: another (open).
    #[rustfmt::skip]
    let rows = [
        "...X...",
        "...X...",
        "...X...",
        "OXX*X..",
        ".......",
    ];
    assert_eq!(verdict(&rows), Some(Forbidden::DoubleFour));
}

#[test]
fn two_fours_in_one_line_are_a_double_four() {
    // `X.X*X.X`: filling either gap makes an exact five, from different stones.
    assert_eq!(verdict(&["X.X*X.X"]), Some(Forbidden::DoubleFour));
    // `XX.*X.XX` and `XXX.*.XXX`: the same with longer arms.
    assert_eq!(verdict(&["XX.*X.XX"]), Some(Forbidden::DoubleFour));
    assert_eq!(verdict(&["XXX.*.XXX"]), Some(Forbidden::DoubleFour));
    // An open four `.XXX*.` is one four with two ends: allowed.
    assert_eq!(verdict(&[".XXX*."]), None);
}

#[test]
fn six_or_more_in_a_row_is_an_overline() {
    assert_eq!(verdict(&["XXX*XX"]), Some(Forbidden::Overline));
    assert_eq!(verdict(&["OXX*XXXO"]), Some(Forbidden::Overline));
    assert_eq!(verdict(&["XXXXXX*X"]), Some(Forbidden::Overline));
}

#[test]
fn a_four_and_a_three_are_allowed() {
    // Across `OXXX*.`: a four. Down `.XX*.`: a three. A four-three is black's way to win.
    #[rustfmt::skip]
    let rows = [
        ".......",
        "....X..",
        "....X..",
        "OXXX*..",
        ".......",
        ".......",
    ];
    assert_eq!(verdict(&rows), None);
}

#[test]
fn a_five_wins_whatever_else_the_stone_makes() {
    // Across: exactly five. Down: six (an overline), and two diagonal threes besides.
    #[rustfmt::skip]
    let rows = [
        "....X....",
        "....X....",
        "..X.X.X..",
        "XXXX*....",
        "....X....",
        "....X....",
    ];
    assert_eq!(verdict(&rows), None);
    // Without the five (one stone fewer across) the overline is forbidden.
    let mut no_five = rows;
    no_five[3] = ".XXX*....";
    assert_eq!(verdict(&no_five), Some(Forbidden::Overline));
    // A five beside a double four also wins.
    #[rustfmt::skip]
    let with_fours = [
        "....X....",
        "....X....",
        "....X....",
        "XXXX*.X..",
        "...X.....",
        "..X......",
        ".X.......",
    ];
    assert_eq!(verdict(&with_fours), None);
}

/// Across, `O.XX*..` is a three only through the point right of `*` (the left one leaves the
/// four closed by O). Down, `XX*` in the middle of empty points is a true three.
#[rustfmt::skip]
const FAKE_THREE: [&str; 9] = [
    ".....X..",
    "....XX..",
    "....XX..",
    "O.XX*...",
    ".....X..",
    ".....X..",
    "........",
    "........",
    "........",
];

#[test]
fn a_three_whose_only_completion_is_forbidden_is_no_three() {
    // The point right of * would make six down its column (XXX.XX): an overline. So the row is
    // no three, * makes one three only, and it is allowed.
    let rows: Vec<&str> = FAKE_THREE.to_vec();
    assert_eq!(verdict_at((3, 0), &rows), None);
    // The completing point itself is forbidden (with * played):
    let (mut cells, star) = drawn_at((3, 0), &rows);
    cells[star.index()] = Some(Colour::Black);
    let completion = SIZE.step(star, (1, 0), 1).unwrap();
    assert_eq!(Grid::from_cells(cells).forbidden(completion), Some(Forbidden::Overline));
}

#[test]
fn the_same_three_with_an_allowed_completion_makes_a_double_three() {
    // Take away the column's top stone and the two below the row: the completing point now
    // makes an open four across and a three down, a four-three, allowed. So the row is a three
    // and * a double three.
    let mut rows = FAKE_THREE;
    rows[0] = "........";
    rows[4] = "........";
    rows[5] = "........";
    assert_eq!(verdict_at((3, 0), &rows), Some(Forbidden::DoubleThree));
}

#[test]
fn a_three_whose_completion_is_a_double_four_is_no_three() {
    // Left of the column's stones as before, but now the completing point would make a four
    // down (XXX*) as well as the open four across: a double four, forbidden.
    let mut rows = FAKE_THREE;
    rows[4] = "........";
    rows[5] = "........";
    let (mut cells, star) = drawn_at((3, 0), &rows);
    cells[star.index()] = Some(Colour::Black);
    let completion = SIZE.step(star, (1, 0), 1).unwrap();
    assert_eq!(Grid::from_cells(cells).forbidden(completion), Some(Forbidden::DoubleFour));
    assert_eq!(verdict_at((3, 0), &rows), None);
}

#[test]
fn shapes_already_on_the_board_do_not_count() {
    // Black's open threes across and down are two points away from *: a stone on * makes no
    // four or three with them, so they do not make it a double three.
    #[rustfmt::skip]
    let rows = [
        "*..XXX..",
        "........",
        "........",
        "X.......",
        "X.......",
        "X.......",
    ];
    assert_eq!(verdict(&rows), None);
}

#[test]
fn forbidden_points_lists_each_cross_once_and_skips_taken_points() {
    let mut board = Board::default();
    // Black F8 G8 across and H9 H10 down: H8 is the double three of the first test.
    for name in ["F8", "A1", "G8", "A3", "H9", "A5", "H10"] {
        board.place(Point::parse_notation(name).unwrap());
    }
    let crosses = forbidden_points(&board);
    assert!(crosses.contains(&Point::parse_notation("H8").unwrap()), "{crosses:?}");
    for (i, &p) in crosses.iter().enumerate() {
        assert_eq!(board.get(p), None);
        assert!(forbidden(&board, p).is_some());
        assert!(!crosses[..i].contains(&p));
    }
    assert_eq!(forbidden(&board, Point::parse_notation("F8").unwrap()), None, "a taken point");
    assert!(black_can_move(&board));
}

#[test]
fn black_may_have_no_allowed_point_left() {
    // White everywhere but row 8's XXX.XX: the one empty point would make six.
    let mut cells = [Some(Colour::White); POINTS];
    for x in 0..6 {
        cells[Point { x, y: 7 }.index()] = if x == 3 { None } else { Some(Colour::Black) };
    }
    assert!(!Grid::from_cells(cells).black_can_move());
    // With a second empty point far away, black can move again.
    cells[Point { x: 14, y: 0 }.index()] = None;
    assert!(Grid::from_cells(cells).black_can_move());
}

/// The eight symmetries of the square board.
fn transform(p: Point, symmetry: u8) -> Point {
    let (x, y) = (p.x as i64, p.y as i64);
    let last = SIZE.side() as i64 - 1;
    let (x, y) = if symmetry & 1 == 1 { (y, x) } else { (x, y) };
    let x = if symmetry & 2 == 2 { last - x } else { x };
    let y = if symmetry & 4 == 4 { last - y } else { y };
    SIZE.point(x, y).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Forbidden points are a property of the shapes, so they turn with the board; and black
    /// making five is never forbidden.
    #[test]
    fn forbidden_points_are_symmetric_and_never_a_five(
        stones in proptest::collection::vec((4u8..11, 4u8..11, proptest::bool::weighted(0.7)), 10..40),
    ) {
        let mut cells = [None; POINTS];
        for &(x, y, black) in &stones {
            cells[Point { x, y }.index()] = Some(if black { Colour::Black } else { Colour::White });
        }
        let mut grid = Grid::from_cells(cells);
        let found: Vec<Point> = SIZE.points().filter(|&p| cells[p.index()].is_none() && grid.forbidden(p).is_some()).collect();
        for symmetry in 1..8u8 {
            let mut turned = [None; POINTS];
            for p in SIZE.points() {
                turned[transform(p, symmetry).index()] = cells[p.index()];
            }
            let mut turned_grid = Grid::from_cells(turned);
            for p in SIZE.points().filter(|p| cells[p.index()].is_none()) {
                prop_assert_eq!(
                    grid.forbidden(p),
                    turned_grid.forbidden(transform(p, symmetry)),
                    "{:?} under symmetry {}", p, symmetry
                );
            }
        }
        for p in found {
            let mut with = cells;
            with[p.index()] = Some(Colour::Black);
            let five = super::super::board::DIRECTIONS.iter().any(|&dir| {
                let count = |sign: i64| (1..).take_while(|&k| SIZE.step(p, dir, sign * k).is_some_and(|q| with[q.index()] == Some(Colour::Black))).count();
                count(-1) + count(1) + 1 == 5
            });
            prop_assert!(!five, "{:?} makes five but was called forbidden", p);
        }
    }
}
