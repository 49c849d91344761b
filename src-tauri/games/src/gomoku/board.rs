//! The board: 15x15 or 20x20 intersections ([`BoardSize`]), the stones on them and the order
//! they were played in.
//!
//! Coordinates: `x` is the column, 0 to n-1 from left to right (notation letters A..O on 15x15,
//! A..T on 20x20); `y` is the row *as drawn*, 0 at the top. Printed Gomoku boards number their
//! rows from the bottom, so the notation row is `n - y` (see [`super::notation`]).
//!
//! A point's index in per-point arrays is `y * 20 + x` on either board ([`Point::index`]):
//! the largest board's layout, so that an index never needs the board's size to be read and
//! one array type serves both sizes. On 15x15 the indices with `x` of 15 or more are simply
//! never points of the board.

use serde::{Deserialize, Serialize};

/// Intersections per side of the largest board, and the stride of [`Point::index`].
pub const MAX_SIZE: usize = 20;
/// The size of per-point arrays: every index of the largest board.
pub const POINTS: usize = MAX_SIZE * MAX_SIZE;

/// The board's size: 15x15, the size Renju is defined on and Pastimes' default, or 20x20, the
/// size Gomocup plays its freestyle and exactly-five leagues on (and Piskvork's default).
/// Serialised as the number of intersections a side, `15` or `20`; any other number is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum BoardSize {
    #[default]
    Fifteen,
    Twenty,
}

impl BoardSize {
    pub const ALL: [BoardSize; 2] = [BoardSize::Fifteen, BoardSize::Twenty];

    pub fn is_fifteen(&self) -> bool {
        *self == BoardSize::Fifteen
    }

    /// Intersections a side.
    pub const fn side(self) -> usize {
        match self {
            BoardSize::Fifteen => 15,
            BoardSize::Twenty => 20,
        }
    }

    /// The size with `side` intersections a side, if Pastimes plays it.
    pub fn of_side(side: usize) -> Option<BoardSize> {
        BoardSize::ALL.into_iter().find(|size| size.side() == side)
    }

    /// Intersections on the board.
    pub const fn count(self) -> usize {
        self.side() * self.side()
    }

    /// The point at `(x, y)`, or `None` off this board. Takes wide integers so callers can
    /// pass untrusted input and `x + dx` steps without overflow checks of their own.
    pub fn point(self, x: i64, y: i64) -> Option<Point> {
        let inside = |v: i64| (0..self.side() as i64).contains(&v);
        (inside(x) && inside(y)).then_some(Point { x: x as u8, y: y as u8 })
    }

    pub fn contains(self, p: Point) -> bool {
        usize::from(p.x) < self.side() && usize::from(p.y) < self.side()
    }

    /// The neighbour of `p` `steps` steps along `(dx, dy)`, if it is on this board.
    pub fn step(self, p: Point, (dx, dy): (i8, i8), steps: i64) -> Option<Point> {
        self.point(p.x as i64 + dx as i64 * steps, p.y as i64 + dy as i64 * steps)
    }

    /// Every point, row by row.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let side = self.side() as u8;
        (0..side).flat_map(move |y| (0..side).map(move |x| Point { x, y }))
    }

    /// The centre point (on 20x20, which has no middle intersection, the one below and right
    /// of the middle: K10, where Gomocup's openings are centred).
    pub fn centre(self) -> Point {
        let c = (self.side() / 2) as u8;
        Point { x: c, y: c }
    }
}

impl From<BoardSize> for u8 {
    fn from(size: BoardSize) -> u8 {
        size.side() as u8
    }
}

impl TryFrom<u8> for BoardSize {
    type Error = String;

    fn try_from(side: u8) -> Result<BoardSize, String> {
        BoardSize::of_side(usize::from(side))
            .ok_or_else(|| format!("a board of {side}x{side}: Pastimes plays 15x15 and 20x20"))
    }
}

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
    /// The point with index `index` (< [`POINTS`]; see [`Point::index`]).
    pub fn from_index(index: usize) -> Point {
        debug_assert!(index < POINTS);
        Point { x: (index % MAX_SIZE) as u8, y: (index / MAX_SIZE) as u8 }
    }

    /// The point's index in per-point arrays, `y * 20 + x` on either board.
    pub fn index(self) -> usize {
        self.y as usize * MAX_SIZE + self.x as usize
    }
}

/// The stones and their history. It knows nothing of winning: see [`super::rules`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    size: BoardSize,
    cells: [Option<Colour>; POINTS],
    /// Every stone in the order played; whose stone it was follows from its position (black
    /// first, then alternating), which is also why the side to move needs no field of its own.
    history: Vec<Point>,
}

impl Default for Board {
    fn default() -> Self {
        Board::new(BoardSize::default())
    }
}

impl Board {
    pub fn new(size: BoardSize) -> Board {
        // Reserving the whole game up front keeps `place` free of reallocation, so a move costs
        // the same at move 1 and move 200 (the engine's move and undo are benchmarked).
        Board { size, cells: [None; POINTS], history: Vec::with_capacity(size.count()) }
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The point at `(x, y)` if it is on this board.
    pub fn point(&self, x: i64, y: i64) -> Option<Point> {
        self.size.point(x, y)
    }

    /// The neighbour of `p` `steps` steps along `dir`, if it is on this board.
    pub fn step(&self, p: Point, dir: (i8, i8), steps: i64) -> Option<Point> {
        self.size.step(p, dir, steps)
    }

    /// Every point of this board, row by row.
    pub fn points(&self) -> impl Iterator<Item = Point> {
        self.size.points()
    }

    pub fn get(&self, p: Point) -> Option<Colour> {
        self.cells[p.index()]
    }

    /// The colour at `(x, y)`; `None` when empty *or* off the board, which is what line scans want.
    pub fn at(&self, x: i64, y: i64) -> Option<Colour> {
        self.point(x, y).and_then(|p| self.get(p))
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
        self.history.len() == self.size.count()
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
        for size in BoardSize::ALL {
            assert_eq!(size.points().count(), size.count());
            assert!(size.points().all(|p| size.contains(p) && p.index() < POINTS));
        }
    }

    #[test]
    fn points_off_the_board_do_not_exist() {
        let (fifteen, twenty) = (BoardSize::Fifteen, BoardSize::Twenty);
        assert_eq!(fifteen.point(-1, 0), None);
        assert_eq!(fifteen.point(0, 15), None);
        assert_eq!(twenty.point(0, 15), Some(Point { x: 0, y: 15 }));
        assert_eq!(twenty.point(20, 0), None);
        assert_eq!(fifteen.point(i64::MAX, 3), None);
        assert_eq!(fifteen.point(14, 14), Some(Point { x: 14, y: 14 }));
        assert_eq!(fifteen.step(Point { x: 14, y: 3 }, (1, 0), 1), None);
        assert_eq!(twenty.step(Point { x: 14, y: 3 }, (1, 0), 1), Some(Point { x: 15, y: 3 }));
        assert_eq!((fifteen.centre(), twenty.centre()), (Point { x: 7, y: 7 }, Point { x: 10, y: 10 }));
    }

    #[test]
    fn sizes_serialise_as_their_side_and_refuse_others() {
        assert_eq!(serde_json::to_string(&BoardSize::Twenty).unwrap(), "20");
        assert_eq!(serde_json::from_str::<BoardSize>("15").unwrap(), BoardSize::Fifteen);
        for bad in ["19", "0", "300", "\"20\""] {
            assert!(serde_json::from_str::<BoardSize>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_full_board_is_full_at_its_own_size() {
        let mut board = Board::new(BoardSize::Fifteen);
        for p in BoardSize::Fifteen.points() {
            assert!(!board.is_full());
            board.place(p);
        }
        assert!(board.is_full());
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
