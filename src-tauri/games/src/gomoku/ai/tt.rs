//! The transposition table: what earlier searches learnt about a position, by its hash.
//!
//! Iterative deepening searches the same positions again and again, one move deeper each time;
//! remembering each position's best move makes the next search try it first, which is what
//! makes alpha-beta cut. Gomoku also reaches one position by many move orders.

use super::eval::WIN_FLOOR;

/// How a stored score relates to the true one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (the search was cut off by beta).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

#[derive(Debug, Clone, Copy)]
pub struct Entry {
    key: u64,
    score: i32,
    /// The best move found, or `NO_MOVE`.
    pub best: u16,
    pub depth: i8,
    pub bound: Bound,
}

pub const NO_MOVE: u16 = u16::MAX;

/// The bytes of one entry (two words).
pub const ENTRY_BYTES: u64 = 16;

/// Entries packed in two words, all zeros for an empty slot, so that a new table is memory
/// the system hands out zeroed (a table per search, and most searches touch a small part).
pub struct Table {
    slots: Vec<[u64; 2]>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        Table { slots: vec![[0; 2]; 1 << bits], mask: (1 << bits) - 1 }
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [stored_key, data] = self.slots[key as usize & self.mask];
        let bound = match data >> 56 & 0xff {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        (stored_key == key).then_some(Entry {
            key,
            score: data as u32 as i32,
            best: (data >> 32) as u16,
            depth: (data >> 48) as u8 as i8,
            bound,
        })
    }

    /// Stores a result, replacing what was there unless that was a deeper search of the same
    /// position (always replacing other positions keeps the table fresh as the game moves on).
    pub fn store(&mut self, key: u64, depth: i8, score: i32, bound: Bound, best: u16, ply: usize) {
        if self.probe(key).is_some_and(|e| e.key == key && e.depth > depth) {
            return;
        }
        let bound = match bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = to_stored(score, ply) as u32 as u64 | (best as u64) << 32 | (depth as u8 as u64) << 48 | bound << 56;
        self.slots[key as usize & self.mask] = [key, data];
    }
}

impl Entry {
    /// The score seen from a node `ply` moves below the root.
    pub fn score(&self, ply: usize) -> i32 {
        from_stored(self.score, ply)
    }
}

/// Win scores count moves from the root; stored, they count from the position itself, so they
/// stay right when the position is reached at another depth.
fn to_stored(score: i32, ply: usize) -> i32 {
    if score >= WIN_FLOOR {
        score + ply as i32
    } else if score <= -WIN_FLOOR {
        score - ply as i32
    } else {
        score
    }
}

fn from_stored(score: i32, ply: usize) -> i32 {
    if score >= WIN_FLOOR {
        score - ply as i32
    } else if score <= -WIN_FLOOR {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::super::eval::WIN;
    use super::*;

    #[test]
    fn win_scores_are_relative_to_the_position() {
        let mut table = Table::new(4);
        table.store(42, 3, WIN - 7, Bound::Exact, 5, 4);
        let entry = table.probe(42).unwrap();
        assert_eq!(entry.score(2), WIN - 5);
        assert_eq!(entry.best, 5);
        assert!(table.probe(42 + 16).is_none());
        // A shallower result for the same position does not replace a deeper one.
        table.store(42, 1, 0, Bound::Upper, 1, 0);
        assert_eq!(table.probe(42).unwrap().depth, 3);
    }
}
