//! A set of cells of the field, stored as one bit per cell in a single `u128`.
//!
//! The field has 121 cells, so any set of them (a group, the selection, all the balls of one
//! colour) fits in one machine word pair. Set operations become single instructions, and the flood
//! fill becomes a handful of shifts per step instead of a stack walk over the cells.

use super::field::{CELLS, HEIGHT, WIDTH};

/// Bit `i` stands for cell `i = y * WIDTH + x`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Mask(u128);

/// Every cell of the field.
const ALL: u128 = (1u128 << CELLS) - 1;

/// The cells of column `x`, built at compile time.
const fn column(x: usize) -> u128 {
    let mut bits = 0u128;
    let mut y = 0;
    while y < HEIGHT {
        bits |= 1u128 << (y * WIDTH + x);
        y += 1;
    }
    bits
}

const LEFT_COLUMN: u128 = column(0);
const RIGHT_COLUMN: u128 = column(WIDTH - 1);

impl Mask {
    pub const EMPTY: Mask = Mask(0);

    pub fn single(i: usize) -> Mask {
        Mask(1u128 << i)
    }

    pub fn contains(self, i: usize) -> bool {
        self.0 >> i & 1 == 1
    }

    pub fn insert(&mut self, i: usize) {
        self.0 |= 1u128 << i;
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn intersection(self, other: Mask) -> Mask {
        Mask(self.0 & other.0)
    }

    /// This set without the cells of `other`.
    pub fn without(self, other: Mask) -> Mask {
        Mask(self.0 & !other.0)
    }

    /// The lowest cell index in the set, if any.
    pub fn first(self) -> Option<usize> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as usize)
    }

    /// This set plus every cell orthogonally next to one of its cells.
    ///
    /// A shift by one moves a cell sideways and a shift by `WIDTH` moves it a row; the edge
    /// columns are masked out first so that a cell never wraps around into the next row.
    pub fn grown(self) -> Mask {
        let m = self.0;
        let right = (m & !RIGHT_COLUMN) << 1;
        let left = (m & !LEFT_COLUMN) >> 1;
        let down = (m << WIDTH) & ALL;
        let up = m >> WIDTH;
        Mask(m | right | left | down | up)
    }

    /// The cells in increasing index order, i.e. row by row from the top left.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(i)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growing_does_not_wrap_around_the_edges() {
        // (10, 0) grows to (9, 0) and (10, 1), never to (0, 1).
        let grown = Mask::single(WIDTH - 1).grown();
        assert_eq!(grown.iter().collect::<Vec<_>>(), vec![WIDTH - 2, WIDTH - 1, 2 * WIDTH - 1]);
        // (0, 10), the bottom left, grows to (1, 10) and (0, 9), never to (10, 9).
        let corner = (HEIGHT - 1) * WIDTH;
        let grown = Mask::single(corner).grown();
        assert_eq!(grown.iter().collect::<Vec<_>>(), vec![corner - WIDTH, corner, corner + 1]);
    }

    #[test]
    fn set_operations() {
        let mut m = Mask::EMPTY;
        assert!(m.is_empty());
        m.insert(120);
        m.insert(3);
        assert!(m.contains(120) && m.contains(3) && !m.contains(4));
        assert_eq!(m.len(), 2);
        assert_eq!(m.intersection(Mask::single(3)), Mask::single(3));
    }
}
