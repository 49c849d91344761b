//! The board as the referee sees it: its own cells, filled from the game's record one action at
//! a time, and read along lines with nothing of the game's code.

use pastimes_games::gomoku::Colour;

/// The four lines through a point, as steps: across, down and the two diagonals.
pub const DIRECTIONS: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A square board of `size` points a side; a point off it holds no stone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    size: i64,
    cells: Vec<Option<Colour>>,
}

impl Grid {
    pub fn new(size: usize) -> Grid {
        Grid { size: size as i64, cells: vec![None; size * size] }
    }

    pub fn size(&self) -> i64 {
        self.size
    }

    pub fn on_board(&self, x: i64, y: i64) -> bool {
        (0..self.size).contains(&x) && (0..self.size).contains(&y)
    }

    /// The stone on `(x, y)`; `None` for an empty point or one off the board.
    pub fn get(&self, x: i64, y: i64) -> Option<Colour> {
        if self.on_board(x, y) {
            self.cells[(y * self.size + x) as usize]
        } else {
            None
        }
    }

    /// Whether `(x, y)` is on the board and empty.
    pub fn is_empty(&self, x: i64, y: i64) -> bool {
        self.on_board(x, y) && self.get(x, y).is_none()
    }

    pub fn set(&mut self, x: i64, y: i64, stone: Option<Colour>) {
        assert!(self.on_board(x, y), "({x}, {y}) is off the board");
        self.cells[(y * self.size + x) as usize] = stone;
    }

    pub fn is_full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// Every point, row by row.
    pub fn points(&self) -> impl Iterator<Item = (i64, i64)> {
        let size = self.size;
        (0..size).flat_map(move |y| (0..size).map(move |x| (x, y)))
    }

    /// The stones on the board, with their colours.
    pub fn stones(&self) -> Vec<((i64, i64), Colour)> {
        self.points().filter_map(|(x, y)| self.get(x, y).map(|c| ((x, y), c))).collect()
    }

    /// The unbroken row of `colour` along `d` through the point `k` steps from `(x, y)`: the
    /// steps (from `(x, y)`) of its first and last stones; `None` if that point is not `colour`.
    pub fn run(&self, (x, y): (i64, i64), d: (i64, i64), k: i64, colour: Colour) -> Option<(i64, i64)> {
        let at = |k: i64| self.get(x + d.0 * k, y + d.1 * k) == Some(colour);
        if !at(k) {
            return None;
        }
        let (mut first, mut last) = (k, k);
        while at(first - 1) {
            first -= 1;
        }
        while at(last + 1) {
            last += 1;
        }
        Some((first, last))
    }
}
