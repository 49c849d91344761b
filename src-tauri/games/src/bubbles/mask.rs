//! A set of cells of the field, one bit per cell: bit `i` stands for cell `i = y * width + x`.
//!
//! The largest field has 600 cells, so a set is ten 64-bit words. It holds a group, the
//! selection or a pop's balls; the solver's hot path does not grow masks cell by cell (it labels
//! the field's groups in one pass, [`super::analysis`]), so the width of a set costs little.

use super::field::MAX_CELLS;

/// How many words a set of the largest field takes.
const WORDS: usize = MAX_CELLS.div_ceil(64);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Mask([u64; WORDS]);

impl Mask {
    pub const EMPTY: Mask = Mask([0; WORDS]);

    pub fn single(i: usize) -> Mask {
        let mut mask = Mask::EMPTY;
        mask.insert(i);
        mask
    }

    pub fn contains(self, i: usize) -> bool {
        i < MAX_CELLS && self.0[i / 64] >> (i % 64) & 1 == 1
    }

    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1u64 << (i % 64);
    }

    pub fn len(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub fn intersection(self, other: Mask) -> Mask {
        let mut out = self;
        for (w, o) in out.0.iter_mut().zip(other.0) {
            *w &= o;
        }
        out
    }

    /// This set without the cells of `other`.
    pub fn without(self, other: Mask) -> Mask {
        let mut out = self;
        for (w, o) in out.0.iter_mut().zip(other.0) {
            *w &= !o;
        }
        out
    }

    /// The lowest cell index in the set, if any.
    pub fn first(self) -> Option<usize> {
        self.0.iter().enumerate().find(|(_, &w)| w != 0).map(|(k, w)| k * 64 + w.trailing_zeros() as usize)
    }

    /// The cells in increasing index order, i.e. row by row from the top left.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(k, word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some(k * 64 + i)
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut m = Mask::EMPTY;
        assert!(m.is_empty());
        m.insert(120);
        m.insert(3);
        m.insert(599);
        assert!(m.contains(120) && m.contains(3) && m.contains(599) && !m.contains(4) && !m.contains(600));
        assert_eq!(m.len(), 3);
        assert_eq!(m.first(), Some(3));
        assert_eq!(m.iter().collect::<Vec<_>>(), vec![3, 120, 599]);
        assert_eq!(m.intersection(Mask::single(3)), Mask::single(3));
        assert_eq!(m.without(Mask::single(3)).first(), Some(120));
    }
}
