//! A set of an endgame's layouts, one bit each: the key the search memoises its worths by.

/// 64-bit words in a set.
const WORDS: usize = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(super) struct Set([u64; WORDS]);

impl Set {
    /// The most layouts a set holds.
    pub(super) const CAPACITY: usize = 64 * WORDS;

    /// The layouts `0..n`.
    pub(super) fn first(n: usize) -> Set {
        let mut set = Set::default();
        for (w, word) in set.0.iter_mut().enumerate() {
            let bits = n.saturating_sub(64 * w).min(64);
            *word = if bits == 64 { u64::MAX } else { (1 << bits) - 1 };
        }
        set
    }

    pub(super) fn insert(&mut self, layout: usize) {
        self.0[layout / 64] |= 1 << (layout % 64);
    }

    pub(super) fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The layouts in the set, in order.
    pub(super) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    64 * w + bit
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_what_was_put_in_across_its_words() {
        let mut set = Set::default();
        assert!(set.is_empty());
        for layout in [0, 63, 64, 200, Set::CAPACITY - 1] {
            set.insert(layout);
        }
        assert_eq!(set.len(), 5);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 63, 64, 200, Set::CAPACITY - 1]);
        assert_eq!(Set::first(130).iter().collect::<Vec<_>>(), (0..130).collect::<Vec<_>>());
        assert_eq!(Set::first(Set::CAPACITY).len() as usize, Set::CAPACITY);
        assert!(Set::first(0).is_empty());
    }
}
