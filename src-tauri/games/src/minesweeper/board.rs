//! The checked size of a game and its geometry: cells are numbered row by row,
//! `index = y * width + x`, with `x` the column and `y` the row.

use crate::RuleError;

/// A checked board size and mine count. Only [`super::Level::board`] makes one, so every `Board`
/// respects the limits (at most 100x100 cells, fewer mines than cells).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
    mines: usize,
}

impl Board {
    pub(super) fn new(width: usize, height: usize, mines: usize) -> Board {
        debug_assert!(mines < width * height);
        Board { width, height, mines }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn mines(&self) -> usize {
        self.mines
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The number of cells without a mine: the player wins when all of them are open.
    pub fn safe_cells(&self) -> usize {
        self.cells() - self.mines
    }

    /// The index of `(x, y)`, or [`RuleError::OutOfBoard`]. Takes `i64` so any coordinate the UI
    /// sends, negative ones included, gets the same answer.
    pub fn checked_index(&self, x: i64, y: i64) -> Result<usize, RuleError> {
        let inside = |v: i64, len: usize| (0..len as i64).contains(&v);
        if inside(x, self.width) && inside(y, self.height) {
            Ok(y as usize * self.width + x as usize)
        } else {
            Err(RuleError::OutOfBoard { x, y, width: self.width, height: self.height })
        }
    }

    /// `(x, y)` of a cell.
    pub fn xy(&self, index: usize) -> (usize, usize) {
        (index % self.width, index / self.width)
    }

    /// The up to 8 cells around `index`, row by row.
    pub(super) fn neighbours(&self, index: usize) -> impl Iterator<Item = usize> {
        let mut cells = [0; 8];
        let mut len = 0;
        self.for_each_neighbour(index, |n| {
            cells[len] = n;
            len += 1;
        });
        cells.into_iter().take(len)
    }

    /// Whether `a` and `b` are different cells side by side or corner to corner.
    pub(super) fn touches(&self, a: usize, b: usize) -> bool {
        let ((ax, ay), (bx, by)) = (self.xy(a), self.xy(b));
        a != b && ax.abs_diff(bx) <= 1 && ay.abs_diff(by) <= 1
    }

    /// Calls `f` on each cell around `index`, row by row.
    pub(super) fn for_each_neighbour(&self, index: usize, mut f: impl FnMut(usize)) {
        self.for_each_neighbour_xy(self.xy(index), |n, _| f(n));
    }

    /// Calls `f(index, (x, y))` on each cell around `(x, y)`, row by row.
    ///
    /// This is the hot loop of the flood fill, hence its shape: coordinates in, so the caller's
    /// stack spares the division of [`Board::xy`]; a fixed table of offsets; and one unsigned
    /// comparison per axis for the edges, since `0 - 1` wraps to `usize::MAX`. (Nested loops over
    /// the clipped 3x3 square measured 25% slower, an iterator chain over ranges 2 to 3 times.)
    pub(super) fn for_each_neighbour_xy(&self, (x, y): (usize, usize), mut f: impl FnMut(usize, (usize, usize))) {
        const MINUS_ONE: usize = usize::MAX;
        const AROUND: [(usize, usize); 8] = [
            (MINUS_ONE, MINUS_ONE),
            (0, MINUS_ONE),
            (1, MINUS_ONE),
            (MINUS_ONE, 0),
            (1, 0),
            (MINUS_ONE, 1),
            (0, 1),
            (1, 1),
        ];
        // By reference: under the app's `opt-level = "s"` a by-value loop copied the 128-byte
        // table for every cell, which doubled the time of the flood fill.
        for &(dx, dy) in AROUND.iter() {
            let (nx, ny) = (x.wrapping_add(dx), y.wrapping_add(dy));
            if nx < self.width && ny < self.height {
                f(ny * self.width + nx, (nx, ny));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_edges_and_inner_cells_have_3_5_8_neighbours() {
        let b = Board::new(9, 9, 10);
        assert_eq!(b.neighbours(0).collect::<Vec<_>>(), vec![1, 9, 10]);
        assert_eq!(b.neighbours(80).count(), 3);
        assert_eq!(b.neighbours(4).count(), 5);
        assert_eq!(b.neighbours(40).collect::<Vec<_>>(), vec![30, 31, 32, 39, 41, 48, 49, 50]);
    }

    #[test]
    fn neighbours_do_not_wrap_around_rows() {
        let b = Board::new(10, 9, 10);
        // (9, 1) is at the right edge: no cell of column 0 is its neighbour.
        let right_edge = b.checked_index(9, 1).unwrap();
        assert!(b.neighbours(right_edge).all(|n| b.xy(n).0 >= 8));
    }

    #[test]
    fn checked_index_refuses_cells_outside() {
        let b = Board::new(30, 16, 99);
        assert_eq!(b.checked_index(29, 15), Ok(15 * 30 + 29));
        assert_eq!(b.xy(15 * 30 + 29), (29, 15));
        for (x, y) in [(30, 0), (0, 16), (-1, 0), (0, -1), (i64::MAX, i64::MIN)] {
            assert_eq!(b.checked_index(x, y), Err(RuleError::OutOfBoard { x, y, width: 30, height: 16 }));
        }
    }
}
