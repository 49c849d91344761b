//! What the solver reads off a position: its groups, and a number for how promising it is.
//!
//! The evaluation adds three things, all in points:
//!
//! - the score already made;
//! - the **group structure**: what the groups on the field pay if popped as they stand,
//!   Σ g(g-1) over groups of two or more. Joined balls are worth more than scattered ones, so
//!   this favours positions where colours touch;
//! - the **colour potential**: Σ n(n-1) over the balls left of each colour, what every colour
//!   would pay if all its balls came together in one group. No position reaches that, so it is
//!   weighted down; but its shape is the point of the game. Popping `k` of a colour's `n` balls
//!   costs the potential 2k(n-k) more than the k(k-1) it scores, which is least when a colour is
//!   taken whole or its balls are left in one piece. Positions that clear the small colours and
//!   keep one colour together for a last big pop rank first, which is how strong players play.
//!
//! In Continuous and MegaShift new balls add to the potential, so a line that brings in more
//! columns ranks higher, as it should: every new ball is more to score.

use super::colour::EMPTY;
use super::field::Field;
use super::group::{fill, points};
use super::mask::Mask;

/// The weights of the evaluation's terms, in eighths of a point (the score counts 8 a point).
///
/// Chosen with the `bubbles_tune` example, mean score of the search over seeded deals
/// (`groups,colours`): at 50,000 nodes a deal over 20 deals, Standard 0,0 496, 8,0 837, 4,2 873,
/// 8,1 928, 6,2 940; MegaShift 0,0 2115, 4,2 6295, 8,0 6565, 6,2 7604, 8,1 8083. At 300,000
/// nodes over 40 deals: Standard 4,1 835, 8,2 891, 6,1 908, 8,1 921, 6,2 929; MegaShift 8,1
/// 11465, 6,2 12073. Both terms pay; 6,2 is best or close in both styles (MegaShift's spread is
/// wide: 20 deals do not tell 6,2 from 8,1 apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    pub groups: i64,
    pub colours: i64,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights { groups: 6, colours: 2 }
    }
}

/// The weights are in eighths: the score counts 8 a point.
const SCORE_WEIGHT: i64 = 8;

/// A group of two balls or more: what a pop can take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    pub cells: Mask,
    pub colour: u8,
}

impl Group {
    /// The cell a move names for this group: its first cell, row by row from the top left.
    pub fn cell(self) -> usize {
        self.cells.first().unwrap_or(0)
    }
}

/// The balls of each colour as sets, indexed by colour code (index 0, the holes, stays empty).
fn colour_masks(field: &Field) -> [Mask; 6] {
    let mut masks = [Mask::EMPTY; 6];
    for (i, &code) in field.cells.iter().enumerate() {
        if code != EMPTY {
            masks[usize::from(code)].insert(i);
        }
    }
    masks
}

/// A position taken apart: its poppable groups and the balls left of each colour.
pub struct Analysis {
    pub groups: Vec<Group>,
    pub counts: [u32; 6],
}

impl Analysis {
    pub fn of(field: &Field) -> Analysis {
        let masks = colour_masks(field);
        let mut groups = Vec::new();
        let mut counts = [0; 6];
        for (code, &mask) in masks.iter().enumerate().skip(1) {
            counts[code] = mask.len();
            let mut rest = mask;
            while let Some(i) = rest.first() {
                let cells = fill(Mask::single(i), mask);
                rest = rest.without(cells);
                if cells.len() >= 2 {
                    groups.push(Group { cells, colour: code as u8 });
                }
            }
        }
        Analysis { groups, counts }
    }

    /// How promising the position is with `score` made, in eighths of a point (see the module
    /// documentation).
    pub fn value(&self, score: i64, weights: Weights) -> i64 {
        let structure: i64 = self.groups.iter().map(|g| points(g.cells.len())).sum();
        let potential: i64 = self.counts.iter().skip(1).map(|&n| points(n.max(1))).sum();
        SCORE_WEIGHT * score + weights.groups * structure + weights.colours * potential
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_and_counts_of_a_small_field() {
        let f = Field::parse(&[
            "RR.........", //
            "GRB......YY",
        ]);
        let a = Analysis::of(&f);
        let sizes: Vec<(u8, u32)> = a.groups.iter().map(|g| (g.colour, g.cells.len())).collect();
        // Three reds and two yellows; the green and the blue are lone.
        assert_eq!(sizes, vec![(1, 3), (3, 2)]);
        assert_eq!(a.counts, [0, 3, 1, 2, 1, 0]);
        let w = Weights { groups: 1, colours: 0 };
        assert_eq!(a.value(10, w), 8 * 10 + 6 + 2);
        let w = Weights { groups: 0, colours: 1 };
        assert_eq!(a.value(0, w), 6 + 2);
    }
}
