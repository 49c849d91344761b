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
//!
//! Both terms count in the game's own scoring ([`Scoring`]): n(n-1), or (n-2)² in the classic
//! one, where a pair is worth nothing and the potential of a colour of fewer than three is none.

use super::colour::EMPTY;
use super::field::{Field, MAX_CELLS};
use super::mask::Mask;
use super::scoring::Scoring;

/// The weights of the evaluation's terms, in eighths of a point (the score counts 8 a point).
///
/// Chosen with the `bubbles_tune` example, mean score of the search over seeded deals
/// (`groups,colours`): at 50,000 nodes a deal over 20 deals, Standard 0,0 496, 8,0 837, 4,2 873,
/// 8,1 928, 6,2 940; MegaShift 0,0 2115, 4,2 6295, 8,0 6565, 6,2 7604, 8,1 8083. At 300,000
/// nodes over 40 deals: Standard 4,1 835, 8,2 891, 6,1 908, 8,1 921, 6,2 929; MegaShift 8,1
/// 11465, 6,2 12073. Both terms pay; 6,2 is best or close in both styles (MegaShift's spread is
/// wide: 20 deals do not tell 6,2 from 8,1 apart). Tuned on the seed's 11x11 field in its own
/// scoring; other sizes and the classic scoring use them as they are.
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
    /// Its first cell, row by row from the top left: the cell a move names for it.
    pub first: u16,
    pub size: u32,
    pub colour: u8,
}

impl Group {
    /// The cell a move names for this group: its first cell, row by row from the top left.
    pub fn cell(self) -> usize {
        usize::from(self.first)
    }
}

/// A position taken apart: its poppable groups and the balls left of each colour.
///
/// The groups are found in one pass over the cells (union-find, each cell joined to its left
/// and upper neighbour of the same colour, the smaller index always the root), so a group's root
/// is its first cell, and what a pass costs grows with the field's cells alone, whatever their
/// shape.
pub struct Analysis {
    pub groups: Vec<Group>,
    pub counts: [u32; 7],
    /// The root (first cell) of each cell's group; meaningful for the field's balls only.
    roots: [u16; MAX_CELLS],
}

/// The root of `i`'s tree: every link points to a smaller index, so this ends.
fn find(parent: &mut [u16; MAX_CELLS], mut i: usize) -> usize {
    while usize::from(parent[i]) != i {
        let up = usize::from(parent[i]);
        parent[i] = parent[up];
        i = up;
    }
    i
}

impl Analysis {
    pub fn of(field: &Field) -> Analysis {
        let cells = field.cells();
        let width = field.width();
        let mut roots = [0u16; MAX_CELLS];
        let mut counts = [0; 7];
        for (i, &code) in cells.iter().enumerate() {
            roots[i] = i as u16;
            if code == EMPTY {
                continue;
            }
            counts[usize::from(code)] += 1;
            if i % width != 0 && cells[i - 1] == code {
                roots[i] = roots[i - 1];
            }
            if i >= width && cells[i - width] == code {
                let (a, b) = (find(&mut roots, i), find(&mut roots, i - width));
                let (low, high) = if a < b { (a, b) } else { (b, a) };
                roots[high] = low as u16;
            }
        }
        // Flatten: each link points lower, and the lower cells are flat already.
        let mut sizes = [0u16; MAX_CELLS];
        for (i, &code) in cells.iter().enumerate() {
            if code != EMPTY {
                let root = usize::from(roots[usize::from(roots[i])]);
                roots[i] = root as u16;
                sizes[root] += 1;
            }
        }
        let groups = (0..cells.len())
            .filter(|&i| sizes[i] >= 2)
            .map(|i| Group { first: i as u16, size: u32::from(sizes[i]), colour: cells[i] })
            .collect();
        Analysis { groups, counts, roots }
    }

    /// The cells of `group`, a group of this analysis's field.
    pub fn cells(&self, field: &Field, group: Group) -> Mask {
        let mut mask = Mask::EMPTY;
        let first = group.cell();
        for (i, &code) in field.cells().iter().enumerate().skip(first) {
            if code == group.colour && self.roots[i] == group.first {
                mask.insert(i);
            }
        }
        mask
    }

    /// How promising the position is with `score` made, in eighths of a point (see the module
    /// documentation), in `scoring`'s points.
    pub fn value(&self, score: i64, weights: Weights, scoring: Scoring) -> i64 {
        let structure: i64 = self.groups.iter().map(|g| scoring.points(g.size)).sum();
        let potential: i64 = self.counts.iter().skip(1).filter(|&&n| n >= 2).map(|&n| scoring.points(n)).sum();
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
        let sizes: Vec<(u8, u32)> = a.groups.iter().map(|g| (g.colour, g.size)).collect();
        // Three reds and two yellows; the green and the blue are lone.
        assert_eq!(sizes, vec![(1, 3), (3, 2)]);
        assert_eq!(a.counts, [0, 3, 1, 2, 1, 0, 0]);
        let w = Weights { groups: 1, colours: 0 };
        assert_eq!(a.value(10, w, Scoring::Original), 8 * 10 + 6 + 2);
        assert_eq!(a.value(10, w, Scoring::Classic), 8 * 10 + 1);
        let w = Weights { groups: 0, colours: 1 };
        assert_eq!(a.value(0, w, Scoring::Original), 6 + 2);
    }
}
