//! The chance that each unknown cell holds a mine, given what the player sees: for the hint when
//! logic proves nothing.
//!
//! # Exact over the frontier, weighted by the count
//!
//! Every layout that fits the open numbers and the total is equally likely. The unknown cells
//! beside an open number (the frontier) split into components that share no number; each is
//! enumerated alone by backtracking (cells in breadth-first order, so a number's cells are decided
//! together and it prunes early), counting for every mine count `m` the fitting assignments
//! `W[m]` and, per cell, those with a mine there. The `I` unknown cells no number touches take
//! the remaining `M - f` mines in `C(I, M - f)` ways, so the weight of a frontier assignment with
//! `f` mines in all is that binomial; components combine by convolution of their `W`s. A
//! frontier cell's chance is its mine-weight over the total weight, an interior cell's is the
//! expected `(M - f) / I`. Binomials are taken as logarithms and each component is scaled by its
//! largest count, so nothing overflows.
//!
//! # Beyond the documented size: an estimate
//!
//! A component is enumerated exactly when it has at most [`MAX_EXACT_CELLS`] cells and the search
//! of all components stays within [`MAX_NODES`] steps. A larger one is estimated instead: each of its cells gets
//! the highest density `r / |U|` among the numbers around it, the component is taken to hold the
//! rounded sum of those, and the result says it is not exact. Measured on Expert positions
//! (`cargo bench --bench mines_no_guess hint`), the exact case is the common one.

use super::solver::{Known, Solver};
use std::collections::VecDeque;

/// The largest frontier component enumerated exactly.
pub const MAX_EXACT_CELLS: usize = 64;
/// The most backtracking steps in all, over every component; the components left when they run
/// out are estimated. Bounds the hint's time: about 15 ms in release on the build machine.
pub const MAX_NODES: u64 = 300_000;

/// Per cell, the chance of a mine (`None` for cells the solver knows); `exact` is false when some
/// component was estimated.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Odds {
    pub mine: Vec<Option<f64>>,
    /// For frontier cells of enumerated components: `Some(true)` when every assignment of the
    /// component puts a mine there, `Some(false)` when none does. Decided on the counts of
    /// assignments, not on the floating-point chance, so it is a proof.
    pub sure: Vec<Option<bool>>,
    pub exact: bool,
}

/// One frontier component's enumeration, every figure scaled by the same constant.
struct Tally {
    cells: Vec<usize>,
    /// `ways[m]`: assignments with `m` mines.
    ways: Vec<f64>,
    /// `with_mine[m][i]`: those among them with a mine on `cells[i]`.
    with_mine: Vec<Vec<f64>>,
}

pub(super) fn mine_odds(solver: &Solver) -> Odds {
    let board = solver.board();
    let cells = board.cells();
    let unknown: Vec<usize> = (0..cells).filter(|&c| solver.known(c) == Known::Unknown).collect();
    let components = frontier_components(solver);
    let on_frontier = components.iter().map(Vec::len).sum::<usize>();
    let interior = unknown.len() - on_frontier;
    let mut mines_left = solver.mines_left();
    let mut mine = vec![None; cells];
    let mut exact = true;
    let mut tallies = Vec::new();
    let mut nodes_left = MAX_NODES;
    for component in components {
        match enumerate(solver, &component, &mut nodes_left) {
            Some(tally) => tallies.push(tally),
            None => {
                exact = false;
                mines_left = mines_left.saturating_sub(estimate(solver, &component, &mut mine));
            }
        }
    }
    combine(&tallies, interior, mines_left, &mut mine);
    let mut sure = vec![None; cells];
    for tally in &tallies {
        tally.settled(&mut sure);
    }
    if interior > 0 {
        let p = interior_chance(&tallies, interior, mines_left);
        for &c in &unknown {
            mine[c] = mine[c].or(Some(p));
        }
    }
    Odds { mine, sure, exact }
}

impl Tally {
    /// Marks the cells every assignment agrees on.
    fn settled(&self, sure: &mut [Option<bool>]) {
        let possible: Vec<usize> = (0..self.ways.len()).filter(|&m| self.ways[m] > 0.0).collect();
        for (p, &cell) in self.cells.iter().enumerate() {
            if possible.iter().all(|&m| self.with_mine[m][p] == 0.0) {
                sure[cell] = Some(false);
            } else if possible.iter().all(|&m| self.with_mine[m][p] == self.ways[m]) {
                sure[cell] = Some(true);
            }
        }
    }
}

fn unknown_around(solver: &Solver, cell: usize) -> Vec<usize> {
    solver.board().neighbours(cell).filter(|&n| solver.known(n) == Known::Unknown).collect()
}

/// The frontier cells in components linked by shared numbers, each in breadth-first order.
fn frontier_components(solver: &Solver) -> Vec<Vec<usize>> {
    let board = solver.board();
    let is_number = |c: usize| solver.remaining(c).is_some() && solver.unknown_around(c) > 0;
    let on_frontier = |c: usize| solver.known(c) == Known::Unknown && board.neighbours(c).any(is_number);
    let mut seen = vec![false; board.cells()];
    let mut components = Vec::new();
    for start in (0..board.cells()).filter(|&c| on_frontier(c)) {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut order = vec![];
        let mut queue = VecDeque::from([start]);
        while let Some(cell) = queue.pop_front() {
            order.push(cell);
            for number in board.neighbours(cell).filter(|&n| is_number(n)) {
                for next in unknown_around(solver, number) {
                    if !seen[next] {
                        seen[next] = true;
                        queue.push_back(next);
                    }
                }
            }
        }
        components.push(order);
    }
    components
}

/// The numbers touching a component, as (remaining mines, positions in `cells` of their cells).
fn constraints(solver: &Solver, cells: &[usize]) -> Vec<(u8, Vec<usize>)> {
    let mut numbers: Vec<usize> = cells.iter().flat_map(|&c| solver.board().neighbours(c)).collect();
    numbers.sort_unstable();
    numbers.dedup();
    numbers
        .into_iter()
        .filter_map(|n| {
            let left = solver.remaining(n)?;
            let at: Vec<usize> =
                unknown_around(solver, n).iter().filter_map(|c| cells.iter().position(|x| x == c)).collect();
            (!at.is_empty()).then_some((left, at))
        })
        .collect()
}

/// Backtracking state over one component.
struct Search {
    /// For each cell (by position), the constraints it is in.
    cell_constraints: Vec<Vec<usize>>,
    need: Vec<i32>,
    /// Per constraint: mines placed, cells not yet decided.
    placed: Vec<i32>,
    open: Vec<i32>,
    assignment: Vec<bool>,
    nodes_left: u64,
    ways: Vec<f64>,
    with_mine: Vec<Vec<f64>>,
}

/// Enumerates one component within `nodes_left` steps (what it uses is taken off).
fn enumerate(solver: &Solver, cells: &[usize], nodes_left: &mut u64) -> Option<Tally> {
    if cells.len() > MAX_EXACT_CELLS {
        return None;
    }
    let constraints = constraints(solver, cells);
    let mut cell_constraints = vec![Vec::new(); cells.len()];
    for (i, (_, at)) in constraints.iter().enumerate() {
        at.iter().for_each(|&p| cell_constraints[p].push(i));
    }
    let n = cells.len();
    let mut search = Search {
        cell_constraints,
        need: constraints.iter().map(|(left, _)| i32::from(*left)).collect(),
        placed: vec![0; constraints.len()],
        open: constraints.iter().map(|(_, at)| at.len() as i32).collect(),
        assignment: vec![false; n],
        nodes_left: *nodes_left,
        ways: vec![0.0; n + 1],
        with_mine: vec![vec![0.0; n]; n + 1],
    };
    let finished = search.descend(0, 0);
    *nodes_left = search.nodes_left;
    if !finished {
        return None;
    }
    let scale = search.ways.iter().copied().fold(0.0, f64::max);
    if scale == 0.0 {
        return None; // No assignment fits: not a real position.
    }
    let ways = search.ways.iter().map(|w| w / scale).collect();
    let with_mine = search.with_mine.iter().map(|row| row.iter().map(|w| w / scale).collect()).collect();
    Some(Tally { cells: cells.to_vec(), ways, with_mine })
}

impl Search {
    /// Decides cell `i` on; false when the node budget ran out.
    fn descend(&mut self, i: usize, mines: usize) -> bool {
        if self.nodes_left == 0 {
            return false;
        }
        self.nodes_left -= 1;
        if i == self.assignment.len() {
            self.ways[mines] += 1.0;
            for (p, _) in self.assignment.iter().enumerate().filter(|(_, &m)| m) {
                self.with_mine[mines][p] += 1.0;
            }
            return true;
        }
        for mine in [false, true] {
            if self.assign(i, mine) {
                self.assignment[i] = mine;
                let ok = self.descend(i + 1, mines + usize::from(mine));
                self.unassign(i, mine);
                if !ok {
                    return false;
                }
            } else {
                self.unassign(i, mine);
            }
        }
        self.assignment[i] = false;
        true
    }

    /// Places the choice for cell `i`; false when a constraint can no longer be met (the caller
    /// undoes it either way).
    fn assign(&mut self, i: usize, mine: bool) -> bool {
        let mut fits = true;
        for &k in &self.cell_constraints[i] {
            self.open[k] -= 1;
            self.placed[k] += i32::from(mine);
            fits &= self.placed[k] <= self.need[k] && self.placed[k] + self.open[k] >= self.need[k];
        }
        fits
    }

    fn unassign(&mut self, i: usize, mine: bool) {
        for &k in &self.cell_constraints[i] {
            self.open[k] += 1;
            self.placed[k] -= i32::from(mine);
        }
    }
}

/// The estimate for a component too large to enumerate; returns the mines it is taken to hold.
fn estimate(solver: &Solver, cells: &[usize], mine: &mut [Option<f64>]) -> usize {
    let mut total = 0.0;
    for &c in cells {
        let densities = solver.board().neighbours(c).filter_map(|n| {
            let left = solver.remaining(n)?;
            Some(f64::from(left) / f64::from(solver.unknown_around(n).max(1)))
        });
        let p = densities.fold(0.0, f64::max);
        mine[c] = Some(p);
        total += p;
    }
    total.round() as usize
}

/// `ln n!` for every `n <= max`.
fn ln_factorials(max: usize) -> Vec<f64> {
    let mut table = vec![0.0; max + 1];
    for n in 2..=max {
        table[n] = table[n - 1] + (n as f64).ln();
    }
    table
}

/// Polynomial product of mine-count distributions.
fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate().filter(|(_, x)| **x != 0.0) {
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// The weight `C(interior, mines_left - f)` of `f` frontier mines, for every `f < len`, scaled
/// by the largest; 0 where impossible.
fn interior_weights(len: usize, interior: usize, mines_left: usize) -> Vec<f64> {
    let ln_fact = ln_factorials(interior);
    let ln: Vec<Option<f64>> = (0..len)
        .map(|f| {
            let rest = mines_left.checked_sub(f)?;
            (rest <= interior).then(|| ln_fact[interior] - ln_fact[rest] - ln_fact[interior - rest])
        })
        .collect();
    let top = ln.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
    ln.iter().map(|l| l.map_or(0.0, |l| (l - top).exp())).collect()
}

/// Fills in every frontier cell's chance.
fn combine(tallies: &[Tally], interior: usize, mines_left: usize, mine: &mut [Option<f64>]) {
    let all = tallies.iter().fold(vec![1.0], |acc, t| convolve(&acc, &t.ways));
    let weights = interior_weights(all.len(), interior, mines_left);
    let total: f64 = all.iter().zip(&weights).map(|(d, w)| d * w).sum();
    if total == 0.0 {
        return;
    }
    for (j, tally) in tallies.iter().enumerate() {
        let others =
            tallies.iter().enumerate().filter(|(k, _)| *k != j).fold(vec![1.0], |acc, (_, t)| convolve(&acc, &t.ways));
        for (p, &cell) in tally.cells.iter().enumerate() {
            let mut weight = 0.0;
            for (m, row) in tally.with_mine.iter().enumerate() {
                if row[p] == 0.0 {
                    continue;
                }
                let rest: f64 =
                    others.iter().enumerate().map(|(f, d)| d * weights.get(m + f).copied().unwrap_or(0.0)).sum();
                weight += row[p] * rest;
            }
            mine[cell] = Some((weight / total).clamp(0.0, 1.0));
        }
    }
}

/// The chance of a mine on a cell no number touches: the expected `(mines_left - f) / interior`.
fn interior_chance(tallies: &[Tally], interior: usize, mines_left: usize) -> f64 {
    let all = tallies.iter().fold(vec![1.0], |acc, t| convolve(&acc, &t.ways));
    let weights = interior_weights(all.len(), interior, mines_left);
    let (mut total, mut expected) = (0.0, 0.0);
    for (f, (d, w)) in all.iter().zip(&weights).enumerate() {
        total += d * w;
        expected += d * w * mines_left.saturating_sub(f) as f64 / interior as f64;
    }
    if total == 0.0 {
        mines_left as f64 / interior as f64
    } else {
        (expected / total).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::solver::tests::Position;
    use super::*;

    #[test]
    fn exact_odds_match_brute_force() {
        let mut compared = 0;
        for seed in 0..300 {
            let position = Position::random(seed, 12);
            let (mine_count, layouts) = position.brute_force();
            let odds = mine_odds(&position.solver());
            assert!(odds.exact);
            for c in (0..position.board.cells()).filter(|&c| !position.open[c]) {
                let expected = mine_count[c] as f64 / layouts as f64;
                let got = odds.mine[c].expect("every closed cell has odds");
                assert!((got - expected).abs() < 1e-9, "seed {seed}, cell {c}: {got} against {expected}");
                match odds.sure[c] {
                    Some(false) => assert_eq!(mine_count[c], 0, "seed {seed}: cell {c} sure safe"),
                    Some(true) => assert_eq!(mine_count[c], layouts, "seed {seed}: cell {c} sure mine"),
                    None => {}
                }
                compared += 1;
            }
        }
        assert!(compared > 2000);
    }

    #[test]
    fn binomials_and_convolution() {
        let ln_fact = ln_factorials(10);
        assert!(((ln_fact[10] - ln_fact[3] - ln_fact[7]).exp() - 120.0).abs() < 1e-9);
        assert_eq!(convolve(&[1.0, 1.0], &[1.0, 2.0]), vec![1.0, 3.0, 2.0]);
    }
}
