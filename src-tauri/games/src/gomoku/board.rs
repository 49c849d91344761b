//! The board: 15x15 intersections, the stones on them and the order they were played in.
//!
//! Coordinates: `x` is the column, 0..15 from left to right (notation letters A..O); `y` is the
//! row *as drawn*, 0 at the top. Printed Gomoku boards number their rows from the bottom, so the
//! notation row is `15 - y` (see [`super::notation`]). A point's index in row-major arrays is
//! `y * 15 + x`.

use serde::{Deserialize, Serialize};

/// Intersections per side.
pub const SIZE: usize = 15;
/// Intersections on the board.
pub const POINTS: usize = SIZE * SIZE;

/// The four line directions a five can lie in, as `(dx, dy)`: horizontal, vertical, the
/// diagonal going down-right and the one going up-right. Their opposites are the same lines.
pub const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A stone's colour, which is also a side. Black moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for black, 1 for white: an index into per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The code of this colour's stones in [`super::View::stones`] (1 black, 2 white; 0 empty).
    pub fn code(self) -> u8 {
        self as u8 + 1
    }
}

/// An intersection on the board. Serialised as `{"x": 7, "y": 7}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

impl Point {
    /// The point at `(x, y)`, or `None` off the board. Takes wide integers so callers can pass
    /// untrusted input and `x + dx` steps without overflow checks of their own.
    pub fn new(x: i64, y: i64) -> Option<Point> {
        let inside = |v: i64| (0..SIZE as i64).contains(&v);
        (inside(x) && inside(y)).then_some(Point { x: x as u8, y: y as u8 })
    }

    /// The point with row-major index `index` (< [`POINTS`]).
    pub fn from_index(index: usize) -> Point {
        debug_assert!(index < POINTS);
        Point { x: (index % SIZE) as u8, y: (index / SIZE) as u8 }
    }

    pub fn index(self) -> usize {
        self.y as usize * SIZE + self.x as usize
    }

    /// The neighbour `steps` steps along `(dx, dy)`, if it is on the board.
    pub fn step(self, (dx, dy): (i8, i8), steps: i64) -> Option<Point> {
        Point::new(self.x as i64 + dx as i64 * steps, self.y as i64 + dy as i64 * steps)
    }

    /// Every point, row by row.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS).map(Point::from_index)
    }
}

/// The stones and their history. It knows nothing of winning: see [`super::rules`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    cells: [Option<Colour>; POINTS],
    /// Every stone in the order played; whose stone it was follows from its position (black
    /// first, then alternating), which is also why the side to move needs no field of its own.
    history: Vec<Point>,
}

impl Default for Board {
    fn default() -> Self {
        // Reserving the whole game up front keeps `place` free of reallocation, so a move costs
        // the same at move 1 and move 200 (the engine's move and undo are benchmarked).
        Board { cells: [None; POINTS], history: Vec::with_capacity(POINTS) }
    }
}

impl Board {
    pub fn get(&self, p: Point) -> Option<Colour> {
        self.cells[p.index()]
    }

    /// The colour at `(x, y)`; `None` when empty *or* off the board, which is what line scans want.
    pub fn at(&self, x: i64, y: i64) -> Option<Colour> {
        Point::new(x, y).and_then(|p| self.get(p))
    }

    /// Whose turn it is: black on even move counts.
    pub fn side_to_move(&self) -> Colour {
        Board::colour_of_move(self.history.len())
    }

    /// Puts the side to move's stone on `p`, which the caller has checked is empty.
    pub fn place(&mut self, p: Point) -> Colour {
        debug_assert!(self.get(p).is_none(), "{p:?} is occupied");
        let colour = self.side_to_move();
        self.cells[p.index()] = Some(colour);
        self.history.push(p);
        colour
    }

    /// Takes the last stone back, returning where it was and whose it was.
    pub fn take_back(&mut self) -> Option<(Point, Colour)> {
        let p = self.history.pop()?;
        let colour = self.cells[p.index()].take().expect("a played point holds a stone");
        Some((p, colour))
    }

    pub fn history(&self) -> &[Point] {
        &self.history
    }

    pub fn last(&self) -> Option<Point> {
        self.history.last().copied()
    }

    pub fn stone_count(&self) -> usize {
        self.history.len()
    }

    pub fn is_full(&self) -> bool {
        self.history.len() == POINTS
    }

    /// The colour of the `n`-th stone played (0-based).
    pub fn colour_of_move(n: usize) -> Colour {
        if n.is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_round_trip_through_their_index() {
        for i in 0..POINTS {
            assert_eq!(Point::from_index(i).index(), i);
        }
        assert_eq!(Point::all().count(), POINTS);
    }

    #[test]
    fn points_off_the_board_do_not_exist() {
        assert_eq!(Point::new(-1, 0), None);
        assert_eq!(Point::new(0, 15), None);
        assert_eq!(Point::new(i64::MAX, 3), None);
        assert_eq!(Point::new(14, 14), Some(Point { x: 14, y: 14 }));
        assert_eq!(Point { x: 14, y: 3 }.step((1, 0), 1), None);
    }

    #[test]
    fn colours_alternate_from_black_and_take_back_restores() {
        let mut board = Board::default();
        assert_eq!(board.place(Point { x: 7, y: 7 }), Colour::Black);
        assert_eq!(board.place(Point { x: 8, y: 7 }), Colour::White);
        assert_eq!(board.side_to_move(), Colour::Black);
        assert_eq!(board.take_back(), Some((Point { x: 8, y: 7 }, Colour::White)));
        assert_eq!(board.side_to_move(), Colour::White);
        assert_eq!(board.get(Point { x: 8, y: 7 }), None);
        assert_eq!(board.take_back(), Some((Point { x: 7, y: 7 }, Colour::Black)));
        assert_eq!(board, Board::default());
        assert_eq!(board.take_back(), None);
    }
}
