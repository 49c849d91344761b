//! Exact play of small endgames: when few layouts fit the position, every one is listed and the
//! guess that wins most often, playing on perfectly, is found by exhaustive search.
//!
//! A set `S` of layouts (all equally likely) is worth:
//!
//! * 1 when one layout is left (every safe cell is then known);
//! * when some cell is safe in every layout of `S` but shows different numbers in them, the
//!   worth of opening it: the mean worth of the parts of `S` by that number (a safe cell costs
//!   nothing and must be opened to win, so opening it first is never worse);
//! * otherwise the best, over the cells that hold a mine in some layouts and not in others, of
//!   `sum over v of |S_v| / |S| * worth(S_v)`, where `S_v` are the layouts without a mine there
//!   in which it shows `v`.
//!
//! Worths are memoised by the set. Opening a zero floods its neighbours in the game; here it
//! reveals only its own number, so a worth is a lower bound of the true chance when zeros are
//! possible (the same for every guess compared). The search gives up beyond [`MAX_LAYOUTS`]
//! layouts, [`MAX_CLOSED`] closed cells or [`MAX_WORK`] steps, and the look-ahead decides.

use super::super::solver::{Known, Solver};
use std::collections::HashMap;

/// The most layouts searched exhaustively (one bit each in a set).
pub const MAX_LAYOUTS: usize = 64;
/// The most closed cells (one bit each in a layout).
pub const MAX_CLOSED: usize = 128;
/// The most cell-times-layout steps of the search (about 20 ms in release).
pub const MAX_WORK: u64 = 20_000_000;
/// The most steps of listing the layouts.
const MAX_LIST_NODES: u64 = 200_000;

/// The guess that wins most often with perfect play after it, when the position is small enough;
/// `ln_layouts` is the logarithm of the number of layouts that fit it.
pub(super) fn best(solver: &Solver, ln_layouts: f64) -> Option<usize> {
    if ln_layouts > (MAX_LAYOUTS as f64 + 0.5).ln() {
        return None;
    }
    let endgame = Endgame::of(solver)?;
    let (cell, _) = endgame.solve()?;
    Some(cell)
}

/// The listed endgame.
pub(super) struct Endgame {
    /// The closed cells, by board index.
    cells: Vec<usize>,
    /// Per closed cell, the closed cells around it (as bits) and the known mines around it.
    around: Vec<(u128, u8)>,
    /// Every layout that fits, as bits over `cells`.
    layouts: Vec<u128>,
}

struct Search<'a> {
    game: &'a Endgame,
    memo: HashMap<u64, f64>,
    work: u64,
}

impl Endgame {
    /// Lists every layout; `None` beyond the limits.
    pub(super) fn of(solver: &Solver) -> Option<Endgame> {
        let board = solver.board();
        let cells: Vec<usize> = (0..board.cells()).filter(|&c| solver.known(c) == Known::Unknown).collect();
        if cells.len() > MAX_CLOSED {
            return None;
        }
        let position = |c: usize| cells.iter().position(|&x| x == c);
        let around = cells
            .iter()
            .map(|&c| {
                let closed = board.neighbours(c).filter_map(position).fold(0u128, |m, p| m | 1 << p);
                let mines = board.neighbours(c).filter(|&n| solver.known(n) == Known::Mine).count() as u8;
                (closed, mines)
            })
            .collect();
        // The numbers: (mines still to place, their closed cells as bits).
        let mut numbers: Vec<(u32, u128)> = (0..board.cells())
            .filter_map(|n| {
                let left = solver.remaining(n)?;
                let closed = board.neighbours(n).filter_map(position).fold(0u128, |m, p| m | 1 << p);
                (closed != 0).then_some((u32::from(left), closed))
            })
            .collect();
        numbers.sort_unstable();
        numbers.dedup();
        let mut list = Lister { numbers: &numbers, n: cells.len(), mines: solver.mines_left(), nodes: 0, out: vec![] };
        list.descend(0, 0, 0)?;
        Some(Endgame { cells, around, layouts: list.out })
    }

    /// The best guess (board index) and its chance of winning; `None` when the search is too
    /// large or nothing is left to guess.
    pub(super) fn solve(&self) -> Option<(usize, f64)> {
        if self.layouts.len() < 2 {
            return None;
        }
        let mut search = Search { game: self, memo: HashMap::new(), work: 0 };
        let all = if self.layouts.len() == 64 { u64::MAX } else { (1u64 << self.layouts.len()) - 1 };
        let (cell, worth) = search.best_guess(all)?;
        Some((self.cells[cell], worth))
    }

    fn number(&self, layout: u128, cell: usize) -> u8 {
        let (closed, mines) = self.around[cell];
        mines + (layout & closed).count_ones() as u8
    }
}

/// Backtracking over the closed cells with the numbers and the mine count as constraints.
struct Lister<'a> {
    numbers: &'a [(u32, u128)],
    n: usize,
    mines: usize,
    nodes: u64,
    out: Vec<u128>,
}

impl Lister<'_> {
    /// `None` when the limits are passed.
    fn descend(&mut self, i: usize, layout: u128, placed: usize) -> Option<()> {
        self.nodes += 1;
        if self.nodes > MAX_LIST_NODES || self.out.len() > MAX_LAYOUTS {
            return None;
        }
        if placed > self.mines || placed + (self.n - i) < self.mines {
            return Some(());
        }
        // Every number: not more than its mines placed, and room for the rest among the cells
        // still undecided.
        let decided = if i >= 128 { u128::MAX } else { (1u128 << i) - 1 };
        for &(need, cells) in self.numbers {
            let have = (layout & cells).count_ones();
            let open = (cells & !decided).count_ones();
            if have > need || have + open < need {
                return Some(());
            }
        }
        if i == self.n {
            self.out.push(layout);
            return Some(());
        }
        self.descend(i + 1, layout, placed)?;
        self.descend(i + 1, layout | 1 << i, placed + 1)
    }
}

impl Search<'_> {
    /// The parts of `set` by the number `cell` shows, among its layouts without a mine there.
    fn parts(&mut self, set: u64, cell: usize) -> Vec<u64> {
        let mut parts = [0u64; 9];
        let mut bits = set;
        while bits != 0 {
            let l = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let layout = self.game.layouts[l];
            if layout & 1 << cell == 0 {
                parts[usize::from(self.game.number(layout, cell))] |= 1 << l;
            }
        }
        self.work += set.count_ones() as u64;
        parts.into_iter().filter(|&p| p != 0).collect()
    }

    /// The chance of winning from `set` with perfect play; `None` beyond the work limit.
    fn worth(&mut self, set: u64) -> Option<f64> {
        if set.count_ones() <= 1 {
            return Some(1.0);
        }
        if let Some(&w) = self.memo.get(&set) {
            return Some(w);
        }
        let w = match self.free_cell(set) {
            Some(cell) => self.mean_worth(set, cell)?,
            None => self.best_guess(set)?.1,
        };
        self.memo.insert(set, w);
        Some(w)
    }

    /// A cell safe in every layout of `set` whose number differs between them.
    fn free_cell(&mut self, set: u64) -> Option<usize> {
        let layouts: Vec<u128> = bits(set).map(|l| self.game.layouts[l]).collect();
        let any_mine = layouts.iter().fold(0u128, |m, l| m | l);
        self.work += (self.game.cells.len() * layouts.len()) as u64;
        (0..self.game.cells.len()).filter(|&c| any_mine & 1 << c == 0).find(|&c| {
            let first = self.game.number(layouts[0], c);
            layouts.iter().any(|&l| self.game.number(l, c) != first)
        })
    }

    /// `sum over the parts of |part| / |set| * worth(part)` for opening `cell`.
    fn mean_worth(&mut self, set: u64, cell: usize) -> Option<f64> {
        let total = f64::from(set.count_ones());
        let mut w = 0.0;
        for part in self.parts(set, cell) {
            w += f64::from(part.count_ones()) / total * self.worth(part)?;
        }
        Some(w)
    }

    /// The guess (position in `cells`) with the best chance of winning, and that chance.
    fn best_guess(&mut self, set: u64) -> Option<(usize, f64)> {
        if self.work > MAX_WORK {
            return None;
        }
        let layouts: Vec<u128> = bits(set).map(|l| self.game.layouts[l]).collect();
        let total = layouts.len() as u32;
        // Cells with a mine in some layouts and not all, the safest first.
        let mut guesses: Vec<(u32, usize)> = (0..self.game.cells.len())
            .map(|c| (layouts.iter().filter(|&&l| l & 1 << c != 0).count() as u32, c))
            .filter(|&(m, _)| m > 0 && m < total)
            .collect();
        self.work += (self.game.cells.len() * layouts.len()) as u64;
        guesses.sort_unstable();
        let mut best: Option<(usize, f64)> = None;
        for (mines, cell) in guesses {
            let safe = f64::from(total - mines) / f64::from(total);
            // The worth cannot pass the chance of surviving this guess.
            if best.is_some_and(|(_, w)| safe <= w + 1e-12) {
                break;
            }
            let w = self.mean_worth(set, cell)?;
            if best.is_none_or(|(_, b)| w > b + 1e-12) {
                best = Some((cell, w));
            }
        }
        best
    }
}

/// The set bits of `set`.
fn bits(set: u64) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let l = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            l
        })
    })
}

#[cfg(test)]
mod tests {
    use super::super::super::solver::tests::Position;
    use super::*;

    /// Every layout that fits, by brute force over the closed cells.
    fn layouts(p: &Position) -> Vec<Vec<bool>> {
        let closed: Vec<usize> = (0..p.board.cells()).filter(|&c| !p.open[c]).collect();
        (0u32..1 << closed.len())
            .filter(|bits| bits.count_ones() as usize == p.board.mines())
            .map(|bits| {
                let mut mine = vec![false; p.board.cells()];
                closed.iter().enumerate().for_each(|(i, &c)| mine[c] = bits & 1 << i != 0);
                mine
            })
            .filter(|mine| {
                let number = |c: usize| p.board.neighbours(c).filter(|&n| mine[n]).count() as u8;
                (0..p.board.cells()).filter(|&c| p.open[c]).all(|c| number(c) == p.number(c))
            })
            .collect()
    }

    /// Perfect play by plain recursion (no memo, no pruning, no bits): the chance of winning
    /// after guessing `cell` first.
    fn worth_of(p: &Position, all: &[&Vec<bool>], cell: usize) -> f64 {
        let mut parts: Vec<Vec<&Vec<bool>>> = vec![vec![]; 9];
        for &m in all.iter().filter(|m| !m[cell]) {
            parts[p.board.neighbours(cell).filter(|&n| m[n]).count()].push(m);
        }
        parts.iter().filter(|s| !s.is_empty()).map(|s| s.len() as f64 / all.len() as f64 * worth(p, s)).sum()
    }

    fn worth(p: &Position, all: &[&Vec<bool>]) -> f64 {
        if all.len() <= 1 {
            return 1.0;
        }
        let closed = (0..p.board.cells()).filter(|&c| !p.open[c]);
        let mines_in = |c: usize| all.iter().filter(|m| m[c]).count();
        let number = |m: &Vec<bool>, c: usize| p.board.neighbours(c).filter(|&n| m[n]).count();
        let free = closed.clone().find(|&c| mines_in(c) == 0 && all.iter().any(|m| number(m, c) != number(all[0], c)));
        if let Some(c) = free {
            return worth_of(p, all, c);
        }
        closed.filter(|&c| mines_in(c) > 0 && mines_in(c) < all.len()).map(|c| worth_of(p, all, c)).fold(0.0, f64::max)
    }

    #[test]
    fn the_endgame_guess_wins_as_often_as_the_best_by_exhaustive_play() {
        let (mut solved, mut not_the_safest) = (0, 0);
        for seed in 0..400 {
            let position = Position::random(seed, 10);
            let all = layouts(&position);
            let refs: Vec<&Vec<bool>> = all.iter().collect();
            let Some(endgame) = Endgame::of(&position.solver()) else { continue };
            assert_eq!(endgame.layouts.len(), all.len(), "seed {seed}");
            let Some((cell, chance)) = endgame.solve() else { continue };
            // Only positions where nothing is safe for sure are guesses.
            let closed: Vec<usize> = (0..position.board.cells()).filter(|&c| !position.open[c]).collect();
            let mines_in = |c: usize| all.iter().filter(|m| m[c]).count();
            if closed.iter().any(|&c| mines_in(c) == 0) {
                continue;
            }
            let best = worth(&position, &refs);
            assert!((chance - best).abs() < 1e-9, "seed {seed}: {chance} against {best}");
            assert!((worth_of(&position, &refs, cell) - best).abs() < 1e-9, "seed {seed}");
            let safest = closed.iter().map(|&c| mines_in(c)).filter(|&m| m > 0).min().unwrap();
            if mines_in(cell) > safest {
                // The safest cell would have won less often.
                let worst_safest = closed
                    .iter()
                    .filter(|&&c| mines_in(c) == safest)
                    .map(|&c| worth_of(&position, &refs, c))
                    .fold(1.0, f64::min);
                assert!(worst_safest < chance, "seed {seed}");
                not_the_safest += 1;
            }
            solved += 1;
        }
        assert!(solved > 50, "{solved}");
        assert!(not_the_safest > 0, "no position where the safest cell is not the best guess");
    }
}
