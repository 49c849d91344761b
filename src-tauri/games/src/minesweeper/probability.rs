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
//! The result is exact when every component has at most [`MAX_EXACT_CELLS`] cells, the search
//! of all of them stays within [`MAX_NODES`] steps and the frontier has at most
//! [`MAX_EXACT_FRONTIER`] cells. Otherwise it is an estimate, and says so:
//!
//! * a component too large (or left when the steps ran out) gives each of its cells the highest
//!   density `r / |U|` among the numbers around it, and is taken to hold the rounded sum;
//! * a frontier too large (only on big custom boards) weighs each component alone by the
//!   density of the rest (see `weigh_by_density`), which is what the binomial weighting tends to
//!   when the interior is large.
//!
//! Measured on Expert positions (`cargo bench --bench mines_no_guess hint`): 12 of 820 guesses
//! in games played by the hint were estimates, and the slowest hint took about 8 ms.

use super::solver::{Known, Solver};
use std::collections::VecDeque;

/// The largest frontier component enumerated exactly.
pub const MAX_EXACT_CELLS: usize = 64;
/// The largest frontier (all components) weighted exactly by the count; beyond it the
/// components are weighted by the interior density instead. Every Expert position is within it
/// (the board has 480 cells).
pub const MAX_EXACT_FRONTIER: usize = 600;
/// The most backtracking steps in all, over every component; the components left when they run
/// out are estimated. Bounds the hint's time: about 15 ms in release on the build machine.
pub const MAX_NODES: u64 = 300_000;

/// Per cell, the chance of a mine (`None` for cells the solver knows); `exact` is false when some
/// component was estimated.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Odds {
    pub mine: Vec<Option<f64>>,
    /// `Some(true)` when every layout that fits puts a mine there, `Some(false)` when none does:
    /// for frontier cells of enumerated components, and for the interior when every component
    /// was enumerated. Decided on which assignments and mine counts are possible, the total
    /// included, not on the floating-point chance, so it is a proof.
    pub sure: Vec<Option<bool>>,
    pub exact: bool,
    /// The natural logarithm of the number of mine layouts that fit the position, when it is
    /// exact (minus infinity when none fits); `None` for an estimate. The guess's look-ahead
    /// (`guess.rs`) divides two of these to get the chance of each number a cell may show.
    pub ln_layouts: Option<f64>,
    /// The backtracking steps the enumeration took (at most [`MAX_NODES`]): the work a caller
    /// that solves many positions counts against its budget, the same on every machine.
    pub steps: u64,
    /// The cells of the frontier components whose numbers no assignment fits: where a position
    /// no layout fits goes wrong (the analysis board names their numbers).
    pub unfit: Vec<usize>,
}

/// One frontier component's enumeration, every figure scaled by the same constant.
struct Tally {
    cells: Vec<usize>,
    /// `ways[m]`: assignments with `m` mines.
    ways: Vec<f64>,
    /// `with_mine[m][i]`: those among them with a mine on `cells[i]`.
    with_mine: Vec<Vec<f64>>,
    /// The natural logarithm of the constant the figures were divided by.
    ln_scale: f64,
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
    let mut unfit_cells = Vec::new();
    // A number that needs more mines than it has closed cells (only in a look-ahead's
    // hypothetical position) leaves no layout, even once it has no closed cells to enumerate.
    let mut no_layout = (0..cells).any(|c| solver.remaining(c).is_some_and(|r| r > solver.unknown_around(c)));
    for component in components {
        match enumerate(solver, &component, &mut nodes_left) {
            Ok(tally) => tallies.push(tally),
            Err(unfit) => {
                if unfit == Unfit::NoLayout {
                    no_layout = true;
                    unfit_cells.extend_from_slice(&component);
                }
                exact = false;
                mines_left = mines_left.saturating_sub(estimate(solver, &component, &mut mine));
            }
        }
    }
    let every_component_listed = exact;
    let (interior_chance, weighed_exactly) = weigh(&tallies, interior, mines_left, &mut mine);
    exact &= weighed_exactly;
    let mut sure = vec![None; cells];
    if every_component_listed {
        let allowed = Allowed::counts(&tallies, interior, mines_left);
        for (tally, counts) in tallies.iter().zip(&allowed.per_component) {
            tally.settled(counts, &mut sure);
        }
        let mut on_frontier = vec![false; cells];
        tallies.iter().flat_map(|t| &t.cells).for_each(|&c| on_frontier[c] = true);
        allowed.settle_interior(unknown.iter().copied().filter(|&c| !on_frontier[c]), &mut sure);
    } else {
        // An estimated component's count is not known, so each listed one is settled on its
        // own numbers alone.
        for tally in &tallies {
            tally.settled(&tally.possible(), &mut sure);
        }
    }
    if interior > 0 {
        for &c in &unknown {
            mine[c] = mine[c].or(Some(interior_chance));
        }
    }
    let ln_layouts = if no_layout {
        Some(f64::NEG_INFINITY)
    } else if exact {
        ln_layouts(&tallies, interior, mines_left).or(Some(f64::NEG_INFINITY))
    } else {
        None
    };
    Odds { mine, sure, exact, ln_layouts, steps: MAX_NODES - nodes_left, unfit: unfit_cells }
}

/// `ln` of the number of layouts: the frontier assignments with `f` mines in all (the
/// convolution of the components' `ways`), each times the `C(interior, mines_left - f)` ways of
/// the interior. `None` when no layout fits the mine count.
fn ln_layouts(tallies: &[Tally], interior: usize, mines_left: usize) -> Option<f64> {
    let all = tallies.iter().fold(vec![1.0], |acc, t| convolve(&acc, &t.ways));
    let ln_fact = ln_factorials(interior);
    let terms: Vec<f64> = all
        .iter()
        .enumerate()
        .filter(|(_, &d)| d > 0.0)
        .filter_map(|(f, &d)| {
            let rest = mines_left.checked_sub(f)?;
            (rest <= interior).then(|| d.ln() + ln_fact[interior] - ln_fact[rest] - ln_fact[interior - rest])
        })
        .collect();
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !top.is_finite() {
        return None;
    }
    let scales: f64 = tallies.iter().map(|t| t.ln_scale).sum();
    Some(top + terms.iter().map(|t| (t - top).exp()).sum::<f64>().ln() + scales)
}

impl Tally {
    /// For every mine count, whether some assignment of the component's own numbers has it.
    fn possible(&self) -> Vec<bool> {
        self.ways.iter().map(|&w| w > 0.0).collect()
    }

    /// Marks the cells every assignment agrees on, among the assignments whose mine count is
    /// `allowed`.
    fn settled(&self, allowed: &[bool], sure: &mut [Option<bool>]) {
        let possible: Vec<usize> = (0..self.ways.len()).filter(|&m| allowed[m]).collect();
        if possible.is_empty() {
            // No layout fits at all (a look-ahead's impossible position): nothing to settle.
            return;
        }
        for (p, &cell) in self.cells.iter().enumerate() {
            if possible.iter().all(|&m| self.with_mine[m][p] == 0.0) {
                sure[cell] = Some(false);
            } else if possible.iter().all(|&m| self.with_mine[m][p] == self.ways[m]) {
                sure[cell] = Some(true);
            }
        }
    }
}

/// The mine counts the whole board allows once the total is counted: a component's count must
/// leave the others and the interior a way to hold the rest of the mines. Without this, a cell
/// safe only because the mines would run out (numbers that allow more mines than are left, so
/// only their smallest layouts fit) was not proved, and the hint guessed beside a safe cell. Worked out on whether counts
/// are possible, never on the floating-point weights, so it stays a proof.
struct Allowed {
    /// Per component, by mine count.
    per_component: Vec<Vec<bool>>,
    /// By the number of mines the interior holds.
    interior: Vec<bool>,
}

impl Allowed {
    fn counts(tallies: &[Tally], interior: usize, mines_left: usize) -> Allowed {
        let possible: Vec<Vec<bool>> = tallies.iter().map(Tally::possible).collect();
        // before[j]: the totals the components before j can hold; after[j]: from j on.
        let mut before = vec![vec![true]];
        for p in &possible {
            before.push(sums(before.last().expect("starts with one"), p));
        }
        let mut after = vec![vec![true]; tallies.len() + 1];
        for j in (0..tallies.len()).rev() {
            after[j] = sums(&after[j + 1], &possible[j]);
        }
        let interior_takes = |total: usize| mines_left.checked_sub(total).filter(|&rest| rest <= interior);
        let all = &before[tallies.len()];
        let mut interior_counts = vec![false; interior + 1];
        (0..all.len()).filter(|&f| all[f]).filter_map(interior_takes).for_each(|rest| interior_counts[rest] = true);
        // Most positions leave the interior room for every total: nothing more to rule out.
        if (0..all.len()).filter(|&f| all[f]).all(|f| interior_takes(f).is_some()) {
            return Allowed { per_component: possible, interior: interior_counts };
        }
        let per_component = (0..tallies.len())
            .map(|j| {
                let others = sums(&before[j], &after[j + 1]);
                (0..possible[j].len())
                    .map(|m| possible[j][m] && (0..others.len()).any(|t| others[t] && interior_takes(m + t).is_some()))
                    .collect()
            })
            .collect();
        Allowed { per_component, interior: interior_counts }
    }

    /// Marks the interior cells when every allowed count leaves them all empty or all mines.
    fn settle_interior(&self, cells: impl Iterator<Item = usize>, sure: &mut [Option<bool>]) {
        let full = self.interior.len() - 1;
        let counts: Vec<usize> = (0..=full).filter(|&k| self.interior[k]).collect();
        let settled = match counts[..] {
            [0] if full > 0 => Some(false),
            [k] if k == full && full > 0 => Some(true),
            _ => None,
        };
        if settled.is_some() {
            cells.for_each(|c| sure[c] = settled);
        }
    }
}

/// The totals `a + b` over every possible `a` of one and `b` of the other: [`convolve`] on
/// whether counts are possible, since products of the scaled floating-point ways may underflow
/// to zero and would rule out a count that is only unlikely.
fn sums(one: &[bool], other: &[bool]) -> Vec<bool> {
    let mut out = vec![false; one.len() + other.len() - 1];
    for a in (0..one.len()).filter(|&a| one[a]) {
        for b in (0..other.len()).filter(|&b| other[b]) {
            out[a + b] = true;
        }
    }
    out
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

/// Why a component has no [`Tally`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unfit {
    /// Too many cells, or the steps ran out: estimated.
    TooLarge,
    /// No assignment fits its numbers: not a real position (a look-ahead's impossible number).
    NoLayout,
}

/// Enumerates one component within `nodes_left` steps (what it uses is taken off).
fn enumerate(solver: &Solver, cells: &[usize], nodes_left: &mut u64) -> Result<Tally, Unfit> {
    if cells.len() > MAX_EXACT_CELLS {
        return Err(Unfit::TooLarge);
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
        return Err(Unfit::TooLarge);
    }
    let scale = search.ways.iter().copied().fold(0.0, f64::max);
    if scale == 0.0 {
        return Err(Unfit::NoLayout);
    }
    let ways = search.ways.iter().map(|w| w / scale).collect();
    let with_mine = search.with_mine.iter().map(|row| row.iter().map(|w| w / scale).collect()).collect();
    Ok(Tally { cells: cells.to_vec(), ways, with_mine, ln_scale: scale.ln() })
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

/// Fills in every enumerated frontier cell's chance and returns an interior cell's: exactly when
/// the enumerated frontier has at most [`MAX_EXACT_FRONTIER`] cells, else by the mean-field
/// estimate (then `false`, not exact).
fn weigh(tallies: &[Tally], interior: usize, mines_left: usize, mine: &mut [Option<f64>]) -> (f64, bool) {
    let frontier: usize = tallies.iter().map(|t| t.cells.len()).sum();
    if frontier <= MAX_EXACT_FRONTIER {
        (weigh_exactly(tallies, interior, mines_left, mine), true)
    } else {
        (weigh_by_density(tallies, interior, mines_left, mine), false)
    }
}

/// The exact weighting. With `w[f]` the interior's weight for `f` frontier mines and
/// `V_j[t] = sum over the mines b of the components after j of (their ways to hold b) * w[t + b]`
/// (built backwards, `V_j[t] = sum_c W_{j+1}[c] V_{j+1}[t + c]`), a cell of component `j` with
/// `m` mines there and `a` mines in the components before it weighs `P_j[a] * V_j[a + m]`, where
/// `P_j` is the convolution of the components before `j` (built forwards). So every cell's weight
/// costs a pass over `P_j`, and the whole is linear in the frontier times its length, not
/// quadratic in the number of components.
fn weigh_exactly(tallies: &[Tally], interior: usize, mines_left: usize, mine: &mut [Option<f64>]) -> f64 {
    let len = tallies.iter().map(|t| t.cells.len()).sum::<usize>() + 1;
    let w = interior_weights(len, interior, mines_left);
    let correlate = |v: &[f64], ways: &[f64]| -> Vec<f64> {
        (0..len).map(|t| ways.iter().enumerate().map(|(c, x)| x * v.get(t + c).copied().unwrap_or(0.0)).sum()).collect()
    };
    // after[j] = V_j; after[k - 1] = w.
    let mut after = vec![w.clone(); tallies.len().max(1)];
    for j in (1..tallies.len()).rev() {
        after[j - 1] = correlate(&after[j], &tallies[j].ways);
    }
    let mut before = vec![1.0];
    for (j, tally) in tallies.iter().enumerate() {
        // rest[m]: the weight of everything else when this component holds m mines.
        let rest: Vec<f64> = (0..tally.ways.len())
            .map(|m| before.iter().enumerate().map(|(a, p)| p * after[j].get(a + m).copied().unwrap_or(0.0)).sum())
            .collect();
        let total: f64 = tally.ways.iter().zip(&rest).map(|(x, r)| x * r).sum();
        if total > 0.0 {
            for (p, &cell) in tally.cells.iter().enumerate() {
                let weight: f64 = tally.with_mine.iter().zip(&rest).map(|(row, r)| row[p] * r).sum();
                mine[cell] = Some((weight / total).clamp(0.0, 1.0));
            }
        }
        before = convolve(&before, &tally.ways);
    }
    // `before` is now the distribution of all frontier mines.
    let (mut total, mut expected) = (0.0, 0.0);
    for (f, (d, w)) in before.iter().zip(&w).enumerate() {
        total += d * w;
        expected += d * w * mines_left.saturating_sub(f) as f64;
    }
    let share = if total > 0.0 { expected / total } else { mines_left as f64 };
    (share / interior.max(1) as f64).clamp(0.0, 1.0)
}

/// The estimate for a large frontier: each component weighted alone as if every other unknown
/// cell held a mine with the same density `d`, so `m` mines weigh `W[m] (d / (1 - d))^m` (the
/// limit of the binomial weighting on a large board), with `d` the interior density that this
/// gives, found by a few rounds of fixed-point iteration.
fn weigh_by_density(tallies: &[Tally], interior: usize, mines_left: usize, mine: &mut [Option<f64>]) -> f64 {
    let unknown = interior + tallies.iter().map(|t| t.cells.len()).sum::<usize>();
    let mut density = mines_left as f64 / unknown.max(1) as f64;
    for _ in 0..20 {
        // Bounded so that odds^64 stays finite.
        let odds = (density / (1.0 - density)).clamp(1e-4, 1e4);
        let mut expected_frontier = 0.0;
        for tally in tallies {
            let factor: Vec<f64> = (0..tally.ways.len()).map(|m| odds.powi(m as i32)).collect();
            let total: f64 = tally.ways.iter().zip(&factor).map(|(x, f)| x * f).sum();
            for (p, &cell) in tally.cells.iter().enumerate() {
                let weight: f64 = tally.with_mine.iter().zip(&factor).map(|(row, f)| row[p] * f).sum();
                let chance = if total > 0.0 { (weight / total).clamp(0.0, 1.0) } else { 0.0 };
                mine[cell] = Some(chance);
                expected_frontier += chance;
            }
        }
        let next = ((mines_left as f64 - expected_frontier) / interior.max(1) as f64).clamp(1e-6, 1.0 - 1e-6);
        if (next - density).abs() < 1e-9 {
            break;
        }
        density = next;
    }
    density
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
                // Sure exactly when every layout agrees, the mine count included.
                let agreed = (mine_count[c] == 0).then_some(false).or((mine_count[c] == layouts).then_some(true));
                assert_eq!(odds.sure[c], agreed, "seed {seed}: cell {c}, {} of {layouts} layouts", mine_count[c]);
                compared += 1;
            }
        }
        assert!(compared > 2000);
    }

    /// The solver after the first click of a plain Expert game, as the hint sees it.
    fn expert_after_first_click(seed: u64) -> Solver {
        use crate::minesweeper::{Minesweeper, Move, Params};
        use crate::Game;
        let mut game = Minesweeper::new(&Params::expert(), seed).unwrap();
        game.apply(&Move::Open { x: 15, y: 8 }).unwrap();
        let view = game.view();
        let mut solver = Solver::new(game.board());
        for (c, code) in view.cells.bytes().enumerate().filter(|(_, b)| b.is_ascii_digit()) {
            solver.learn_open(c, code - b'0');
        }
        solver.run(&mut super::super::solver::NoReveal);
        solver
    }

    #[test]
    fn the_density_estimate_is_close_to_the_exact_weighting_on_expert() {
        let mut compared = 0;
        for seed in 0..20 {
            let solver = expert_after_first_click(seed);
            let unknown = (0..solver.board().cells()).filter(|&c| solver.known(c) == Known::Unknown).count();
            let components = frontier_components(&solver);
            let interior = unknown - components.iter().map(Vec::len).sum::<usize>();
            let mut nodes = MAX_NODES;
            let tallies: Vec<Tally> =
                components.iter().filter_map(|c| enumerate(&solver, c, &mut nodes).ok()).collect();
            let (mut exact, mut estimate) = (vec![None; solver.board().cells()], vec![None; solver.board().cells()]);
            let p_exact = weigh_exactly(&tallies, interior, solver.mines_left(), &mut exact);
            let p_estimate = weigh_by_density(&tallies, interior, solver.mines_left(), &mut estimate);
            assert!((p_exact - p_estimate).abs() < 0.01, "seed {seed}: interior {p_exact} against {p_estimate}");
            for (e, a) in exact.iter().zip(&estimate).filter_map(|(e, a)| Some((e.as_ref()?, a.as_ref()?))) {
                assert!((e - a).abs() < 0.03, "seed {seed}: {e} against {a}");
                compared += 1;
            }
        }
        assert!(compared > 100, "{compared}");
    }

    #[test]
    fn the_number_of_layouts_is_counted_exactly() {
        for seed in 0..300 {
            let position = Position::random(seed, 12);
            let (_, layouts) = position.brute_force();
            let odds = mine_odds(&position.solver());
            let counted = odds.ln_layouts.expect("exact").exp();
            assert!(
                (counted - layouts as f64).abs() < 1e-6 * layouts as f64,
                "seed {seed}: {counted} against {layouts}"
            );
        }
    }

    #[test]
    fn binomials_and_convolution() {
        let ln_fact = ln_factorials(10);
        assert!(((ln_fact[10] - ln_fact[3] - ln_fact[7]).exp() - 120.0).abs() < 1e-9);
        assert_eq!(convolve(&[1.0, 1.0], &[1.0, 2.0]), vec![1.0, 3.0, 2.0]);
    }
}
