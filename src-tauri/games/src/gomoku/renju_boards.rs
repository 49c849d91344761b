//! Whole boards with every forbidden point marked, from the Renju test set published with the
//! mintaka engine (github.com/junghyun397/mintaka, documents/renju-test-set.md and renju.md):
//! positions and answers only, as facts to check against. `X` black, `O` white, `.` empty;
//! `3`, `4`, `6` an empty point forbidden as a double three, double four or overline.
//!
//! `forbidden_points` must find exactly the marked points, for the marked reasons: this covers
//! the pseudo-forbidden points (shapes that look forbidden and are not), nested ones (a three
//! made false by a forbidden completion, several levels deep) and fours in one line.

use super::super::board::{Colour, Point};
use super::super::renju::SIZE;
use super::*;

/// Reads a diagram: the board and the marked points.
fn read(diagram: &str) -> (Grid, Vec<(Point, Forbidden)>) {
    let mut cells = [None; super::POINTS];
    let mut marked = Vec::new();
    for line in diagram.lines() {
        let mut tokens = line.split_whitespace();
        let Some(row) = tokens.next().and_then(|t| t.parse::<usize>().ok()) else { continue };
        let y = SIZE.side() - row;
        for (x, token) in tokens.take(SIZE.side()).enumerate() {
            let p = Point { x: x as u8, y: y as u8 };
            match token {
                "X" => cells[p.index()] = Some(Colour::Black),
                "O" => cells[p.index()] = Some(Colour::White),
                "3" => marked.push((p, Forbidden::DoubleThree)),
                "4" => marked.push((p, Forbidden::DoubleFour)),
                "6" => marked.push((p, Forbidden::Overline)),
                "." => {}
                other => panic!("unknown mark {other:?}"),
            }
        }
    }
    (Grid::from_cells(cells), marked)
}

fn check(name: &str, diagram: &str) {
    let (mut grid, mut want) = read(diagram);
    let empty: Vec<Point> = SIZE.points().filter(|&p| grid.is_empty(p)).collect();
    let mut got: Vec<(Point, Forbidden)> =
        empty.iter().filter_map(|&p| grid.forbidden(p).map(|why| (p, why))).collect();
    // The quick scan the board's crosses use finds the same points.
    let crosses: Vec<Point> = got.iter().map(|&(p, _)| p).collect();
    assert_eq!(grid.forbidden_points(), crosses, "{name}: the scan with its shortcut");
    want.sort_by_key(|(p, _)| p.index());
    got.sort_by_key(|(p, _)| p.index());
    let names = |list: &[(Point, Forbidden)]| {
        list.iter().map(|(p, why)| format!("{} {why:?}", p.notation())).collect::<Vec<_>>()
    };
    assert_eq!(names(&got), names(&want), "{name}");
}

#[test]
fn basic_forbidden_points() {
    check(
        "basic",
        "
15 . . . . . . . . . . . . . . . 15
14 . . . . 4 . . . . . . . . . . 14
13 . . . . X . . . . . . . . . . 13
12 . . X . X . . . . . . . . . . 12
11 . X . . X . . . . . . . . . . 11
10 X . . . O . . . . . . . . . . 10
 9 . . . . . . . . . . . . . . . 9
 8 . . . X X 6 X X X . . . . . . 8
 7 . . . . . . . . . . . . . . . 7
 6 . . . . . . . . . . . . . . . 6
 5 . . . . . . . . . . . . 3 . . 5
 4 . X . . . . . . . . . X X . . 4
 3 . X . X . . . . . . X . X . . 3
 2 . . . X . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1",
    );
}

#[test]
fn fours_in_one_line() {
    check(
        "single line",
        "
15 . . . . . . . . . . . . . . . 15
14 . . . . X . X 4 X . X . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . O O O O O O O . . . . 12
11 . . . . . . . . . . . . . . . 11
10 . . . . X . X X 4 . X . . . . 10
 9 . . . . . . . . . . . . . . . 9
 8 . . . . O O O O O O O . . . . 8
 7 . . . . . . . . . . . . . . . 7
 6 . . . . X X . X 4 . X X . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . . O O O O O O O . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . X . X . X X . . X X . X . 2
 1 . . . . . . . . . . . . . . . 1",
    );
}

#[test]
fn pseudo_forbidden_points_are_allowed() {
    check(
        "double-four pseudo",
        "
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . O . . . . . . . 11
10 . . . . . O . . . . . . . . . 10
 9 . . . . . X X . . . . . . . . 9
 8 . . . . . . O X O . . . . . . 8
 7 . . . . . . O X O . . . . . . 7
 6 . . . . . . . . X X X O . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1",
    );
    check(
        "pseudo 2",
        "
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . O . . . . . . . . . . 11
10 . . . . . X . . . . . . . . . 10
 9 . . . . . . X O O X . . . . . 9
 8 . . . . . . . X X . . . . . . 8
 7 . . . . . X . O O . . . . . . 7
 6 . . . . O X X . O X . . . . . 6
 5 . . . . . O . O . X . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1",
    );
    check(
        "pseudo 3",
        "
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . O . . . . . . . . . . 12
11 . . . . . O . . . . . . . . . 11
10 . . . . . X O . O X . . . . . 10
 9 . . . . . . X . X . . . . . . 9
 8 . . . . . . . X O X . . . . . 8
 7 . . . . . X O X O X O . . . . 7
 6 . . . . . X . . . O . . . . . 6
 5 . . . . . O . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1",
    );
}

#[test]
fn nested_forbidden_points() {
    check(
        "one level",
        "
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . O . . . . . . . . . 12
11 . . . . . X O . O . . . . . . 11
10 . . . . . . X . X . O . . . . 10
 9 . . . . O . O X . . . . . . . 9
 8 . . . . . X O X O . . . . . . 8
 7 . . . . . X . 3 X . . . . . . 7
 6 . . . . . . . . . . . . . . . 6
 5 . . . . . . . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1",
    );
    check(
        "nested",
        "
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . O . . O . . . . . . . . 11
10 . . . . X . . X . O . . . . . 10
 9 . . . . O X O X X . . . . . . 9
 8 . . . . . . X X 3 . . . . . . 8
 7 . . . . . . O O X X . . . . . 7
 6 . . . . . X . . . . . . . . . 6
 5 . . . . O X . . . . . . . . . 5
 4 . . . . . O . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1",
    );
    check(
        "nested, one white stone more",
        "
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . O . . O . . . . . . . . 11
10 . . . . X . 3 X 3 O . . . . . 10
 9 . . . . O X O X X . . . . . . 9
 8 . . . . . . X X 3 . O . . . . 8
 7 . . . . . . O O X X . . . . . 7
 6 . . . . . X O . . . . . . . . 6
 5 . . . . O X . . . . . . . . . 5
 4 . . . . . O . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1",
    );
    check(
        "two threes",
        "
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . O . . . . . . . 12
11 . . . . . . . X . . . . . . . 11
10 . . . . . O . X . . . . . . . 10
 9 . . . . . X O X O . . . . . . 9
 8 . . . . 3 X . X . O . . . . . 8
 7 . . O X X X X O X . . . . . . 7
 6 . . . . 3 X . O . O . . . . . 6
 5 . . . . X O O . . . . . . . . 5
 4 . . . O . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1",
    );
    check(
        "multiple nested",
        "
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . X . . . . . . . 12
11 . . . . . . . . . . . . X . . 11
10 . . . . . O . . . 3 . . O X . 10
 9 . . O X . . X O X X X O X . . 9
 8 . . . X O O . X O 3 . . . . . 8
 7 . O . . X X 3 . . X 3 . . . . 7
 6 . . . . . . X . . . X X O . . 6
 5 . . . . O . . . . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1",
    );
}

#[test]
fn complex_and_recursive_forbidden_points() {
    check(
        "complex",
        "
15 . . . . . . . . . . . . . . O 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . X . X . . . . . . . . 11
10 . . . . . . . . . X . . . . . 10
 9 . . . . . . 4 . . . . . . . . 9
 8 . . . . 3 . X X 3 . . . . . . 8
 7 . . . . X . 3 . X X . 3 . . . 7
 6 . . . . X . X . X . 3 . . . . 6
 5 . . . . . . . 3 4 X X X . . . 5
 4 . . . . . . . . X . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1",
    );
    check(
        "recursive",
        "
15 . . . . . . . . . . . . . . . 15
14 . . . . . . . . . . . . . . . 14
13 . . . . . . . . . . . . . . . 13
12 . . . . . . . . . . . . . . . 12
11 . . . . . . . . . . . . . . . 11
10 . . . . . . O O . . . . . . . 10
 9 . . . . . 3 X X 3 . . . . . . 9
 8 . . . . O X X X X O . . . . . 8
 7 . . . . O X X X X O . . . . . 7
 6 . . . . . 3 X X 3 . . . . . . 6
 5 . . . . . . O O . . . . . . . 5
 4 . . . . . . . . . . . . . . . 4
 3 . . . . . . . . . . . . . . . 3
 2 . . . . . . . . . . . . . . . 2
 1 . . . . . . . . . . . . . . . 1",
    );
}

/// One-line cases from the same test set: the stones, and the line with the forbidden points
/// marked, laid along row 8 from the left edge.
#[test]
fn one_line_fours_and_overlines() {
    let strips = [
        ("...X.XX..X...", ".......4....."),
        ("...X..XX.X...", ".....4......."),
        ("...XXX...XXX...", ".......4......."),
        ("...XX..X.XX...", "......4......."),
        ("...X.X.X.X...", "......4......"),
        ("...X.X.X.X.X...", "......4.4......"),
        ("...XXX..X.XX...", "..............."),
        ("...X.X.X.XX...", ".............."),
        ("...XXX.XX...", "......6....."),
        ("...X.XXXX...", "....6......."),
        ("...X.XXX.XXX...", "........6......"),
        ("...OXXXX.X...", "........6...."),
    ];
    for (stones, answer) in strips {
        let row: String = stones
            .chars()
            .zip(answer.chars())
            .map(|(stone, mark)| if mark == '.' { stone } else { mark })
            .flat_map(|c| [c, ' '])
            .collect();
        let padding = " .".repeat(SIZE.side() - stones.len());
        check(stones, &format!(" 8 {row}{padding} 8"));
    }
}
