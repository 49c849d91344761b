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
/// Chosen with the lab's `bubbles_tune` example, mean score of the search over seeded deals
/// (`groups,colours`): at 50,000 nodes a deal over 20 deals, Standard 0,0 496, 8,0 837, 4,2 873,
/// 8,1 928, 6,2 940; MegaShift 0,0 2115, 4,2 6295, 8,0 6565, 6,2 7604, 8,1 8083. At 300,000
/// nodes over 40 deals: Standard 4,1 835, 8,2 891, 6,1 908, 8,1 921, 6,2 929; MegaShift 8,1
/// 11465, 6,2 12073. Both terms pay; 6,2 is best or close in both styles (MegaShift's spread is
/// wide: 20 deals do not tell 6,2 from 8,1 apart). Tuned on the original's 11x11 field in its own
/// scoring.
///
/// The classic scoring's weights (`groups,colours,keep,split`) were chosen the same way on 15x15
/// five-colour Standard deals, 1,000,000 positions a deal: 6,2,0,0 (no kept colour) 1526 over 4
/// deals, 6,2,8,8 2131 and 6,2,8,24 2350 over 8; a larger cost of splitting the kept colour
/// (48: 1707, 96: 1365 over 12 deals) or more weight on the other colours (6,4 1997, 6,8 1501,
/// 12,4 1669 over 12) did worse. The search itself values a classic position by a playout
/// ([`Weights::playouts`]); these weights then only finish an interrupted run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    pub groups: i64,
    pub colours: i64,
    /// Classic scoring only: the weight of the kept colour's potential, (n-2)² for its `n` balls.
    pub keep: i64,
    /// Classic scoring only: the cost of each piece beyond the first the kept colour is in, in
    /// eighths of a point per kept ball.
    pub split: i64,
    /// Whether the search values a position by playing it out ([`super::solver`]'s playouts)
    /// rather than by these weights.
    pub playouts: bool,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::for_scoring(Scoring::Original)
    }
}

impl Weights {
    /// The weights the search uses in `scoring`.
    pub fn for_scoring(scoring: Scoring) -> Weights {
        match scoring {
            Scoring::Original => Weights { groups: 6, colours: 2, keep: 0, split: 0, playouts: false },
            Scoring::Classic => Weights { groups: 6, colours: 2, keep: 8, split: 24, playouts: true },
        }
    }
}

/// The weights are in eighths: the score counts 8 a point.
pub(super) const SCORE_WEIGHT: i64 = 8;

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

/// The groups of a field, labelled in one pass over the cells (union-find, each cell joined to
/// its left and upper neighbour of the same colour, the smaller index always the root), so a
/// group's root is its first cell, and what a pass costs grows with the field's cells alone,
/// whatever their shape. Reused from position to position: the solver keeps two, so labelling a
/// child allocates nothing and clears only the cells the field has.
pub struct Labels {
    /// The root (first cell) of each cell's group; meaningful for the field's balls only.
    roots: [u16; MAX_CELLS],
    /// Each root's group size.
    sizes: [u16; MAX_CELLS],
    /// The balls of each colour, by colour code.
    counts: [u32; 7],
    /// The cells of the field last labelled.
    len: usize,
    /// Its first cell of the top row that holds a ball: the rows above are empty (balls fall),
    /// and the labelling neither writes nor reads them.
    start: usize,
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

impl Labels {
    pub fn new() -> Box<Labels> {
        Box::new(Labels { roots: [0; MAX_CELLS], sizes: [0; MAX_CELLS], counts: [0; 7], len: 0, start: 0 })
    }

    /// Labels the groups of `field`: each group's cells link to lower cells of it, and its root,
    /// its first cell, knows its size ([`Labels::flatten`] then points every cell at its root).
    pub fn label(&mut self, field: &Field) {
        let cells = field.cells();
        let width = field.width();
        let (roots, sizes) = (&mut self.roots, &mut self.sizes);
        self.counts = [0; 7];
        self.len = cells.len();
        let top = cells.chunks_exact(width).position(|row| row.iter().any(|&c| c != EMPTY));
        let top = top.unwrap_or(field.height());
        self.start = top * width;
        for (y, row) in cells.chunks_exact(width).enumerate().skip(top) {
            let base = y * width;
            // The root of the previous cell's group, once its own links are made.
            let mut left_root = 0usize;
            for (x, &code) in row.iter().enumerate() {
                let i = base + x;
                if code == EMPTY {
                    roots[i] = i as u16;
                    sizes[i] = 0;
                    continue;
                }
                self.counts[usize::from(code)] += 1;
                let mut root = if x > 0 && row[x - 1] == code {
                    roots[i] = left_root as u16;
                    sizes[left_root] += 1;
                    left_root
                } else {
                    roots[i] = i as u16;
                    sizes[i] = 1;
                    i
                };
                if y > 0 && cells[i - width] == code {
                    let above = find(roots, i - width);
                    if above != root {
                        let (low, high) = if above < root { (above, root) } else { (root, above) };
                        roots[high] = low as u16;
                        sizes[low] += sizes[high];
                        root = low;
                    }
                }
                left_root = root;
            }
        }
    }

    /// Points every ball's cell straight at its group's root, for [`Labels::cells`]: each link
    /// points lower, and the lower cells are flat already.
    pub fn flatten(&mut self, field: &Field) {
        for (i, &code) in field.cells().iter().enumerate().skip(self.start) {
            if code != EMPTY {
                self.roots[i] = self.roots[usize::from(self.roots[i])];
            }
        }
    }

    /// The colour with the most balls on the field last labelled (the lowest code of equals).
    pub fn most_balls(&self) -> u8 {
        (1..7).max_by_key(|&c| (self.counts[c], std::cmp::Reverse(c))).unwrap_or(1) as u8
    }

    /// How many balls the field last labelled holds.
    pub fn balls(&self) -> u32 {
        self.counts.iter().skip(1).sum()
    }

    /// Whether cell `i` is a root of a group of two or more.
    fn is_group(&self, i: usize) -> bool {
        usize::from(self.roots[i]) == i && self.sizes[i] >= 2
    }

    /// The groups of two or more of the field last labelled, by their first cells, into `out`.
    pub fn groups(&self, field: &Field, out: &mut Vec<Group>) {
        out.clear();
        let cells = field.cells();
        for (i, &colour) in cells.iter().enumerate().skip(self.start) {
            if self.is_group(i) {
                out.push(Group { first: i as u16, size: u32::from(self.sizes[i]), colour });
            }
        }
    }

    /// The cells of `group`, a group of the field last labelled and flattened.
    pub fn cells(&self, field: &Field, group: Group) -> Mask {
        let mut mask = Mask::EMPTY;
        let first = group.cell();
        let mut left = group.size;
        for (i, &code) in field.cells().iter().enumerate().skip(first) {
            if code == group.colour && self.roots[i] == group.first {
                mask.insert(i);
                left -= 1;
                if left == 0 {
                    break;
                }
            }
        }
        mask
    }

    /// How promising `field`, the field last labelled, is with `score` made, in eighths of a
    /// point (see the module documentation), in `scoring`'s points.
    pub fn value(&self, field: &Field, score: i64, weights: Weights, scoring: Scoring) -> i64 {
        if scoring == Scoring::Classic {
            return self.classic_value(field, score, weights);
        }
        let structure: i64 = (self.start..self.len)
            .filter(|&i| self.is_group(i))
            .map(|i| scoring.points(u32::from(self.sizes[i])))
            .sum();
        let potential: i64 = self.counts.iter().skip(1).filter(|&&n| n >= 2).map(|&n| scoring.points(n)).sum();
        SCORE_WEIGHT * score + weights.groups * structure + weights.colours * potential
    }

    /// The classic scoring's evaluation: the colour with the most balls is kept for a last big
    /// pop, worth (n-2)² for its `n` balls less a cost for every piece it is split into beyond
    /// one; the other colours count by their groups and, weighted down, their potential.
    fn classic_value(&self, field: &Field, score: i64, weights: Weights) -> i64 {
        let points = |n: u32| if n >= 3 { Scoring::Classic.points(n) } else { 0 };
        let kept = self.most_balls();
        let mut structure = 0;
        let mut pieces = 0i64;
        for (i, &code) in field.cells().iter().enumerate().skip(self.start) {
            if code == EMPTY || usize::from(self.roots[i]) != i {
                continue;
            }
            if code == kept {
                pieces += 1;
            } else {
                structure += points(u32::from(self.sizes[i]));
            }
        }
        let kept_balls = self.counts[usize::from(kept)];
        let others = (1..7).filter(|&c| c != usize::from(kept));
        let potential: i64 = others.map(|c| points(self.counts[c])).sum();
        SCORE_WEIGHT * score
            + weights.groups * structure
            + weights.colours * potential
            + weights.keep * points(kept_balls)
            - weights.split * (pieces - 1).max(0) * i64::from(kept_balls)
    }
}

/// A position taken apart: its poppable groups and the balls left of each colour (the
/// [`Labels`] of one field, for the tests that look at one position).
#[cfg(test)]
pub struct Analysis {
    pub groups: Vec<Group>,
    pub counts: [u32; 7],
    labels: Box<Labels>,
}

#[cfg(test)]
impl Analysis {
    pub fn of(field: &Field) -> Analysis {
        let mut labels = Labels::new();
        labels.label(field);
        labels.flatten(field);
        let mut groups = Vec::new();
        labels.groups(field, &mut groups);
        Analysis { groups, counts: labels.counts, labels }
    }

    /// The cells of `group`, a group of this analysis's field.
    pub fn cells(&self, field: &Field, group: Group) -> Mask {
        self.labels.cells(field, group)
    }

    /// How promising the position is with `score` made, in eighths of a point (see the module
    /// documentation), in `scoring`'s points.
    pub fn value(&self, field: &Field, score: i64, weights: Weights, scoring: Scoring) -> i64 {
        self.labels.value(field, score, weights, scoring)
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
        let w = Weights { groups: 1, colours: 0, ..Weights::default() };
        assert_eq!(a.value(&f, 10, w, Scoring::Original), 8 * 10 + 6 + 2);
        // In the classic scoring red, the colour with the most balls, is kept: its group counts
        // by the keep weight, (3-2)² = 1, and the yellow pair is worth nothing.
        assert_eq!(a.value(&f, 10, w, Scoring::Classic), 8 * 10);
        let kept = Weights { keep: 1, ..w };
        assert_eq!(a.value(&f, 10, kept, Scoring::Classic), 8 * 10 + 1);
        // A red apart from the others: four reds in two pieces, (4-2)² = 4 less the split weight
        // for each of the four.
        let split = Field::parse(&["....R......", "RR...Y.....", "GRB..Y...YY"]);
        let b = Analysis::of(&split);
        let costly = Weights { keep: 1, split: 2, ..w };
        assert_eq!(b.value(&split, 0, costly, Scoring::Classic), 4 - 2 * 4);
        let w = Weights { groups: 0, colours: 1, ..Weights::default() };
        assert_eq!(a.value(&f, 0, w, Scoring::Original), 6 + 2);
    }
}
