//! Exact play of small endgames: when few layouts fit the position, every one is listed and the
//! guess that wins most often, playing on perfectly, is found by exhaustive search.
//!
//! A set `S` of layouts (all equally likely) is worth:
//!
//! * 1 when one layout is left (every safe cell is then known);
//! * when some cell is safe in every layout of `S` but shows different numbers in them, the worth
//!   of opening it: the mean worth of the parts of `S` by its number. A safe cell costs
//!   nothing and must be opened to win, and what it shows can only help, so opening it first is
//!   never worse than any other move;
//! * otherwise the best, over the cells that hold a mine in some layouts and not in others, of
//!   `sum over v of |S_v| / |S| * worth(S_v)`, where `S_v` are the layouts without a mine there
//!   in which it shows `v`.
//!
//! Opening a cell here shows its number only, where the game floods from a zero. The worths are
//! the game's all the same: the cells a zero floods are safe in every layout left after it, so
//! the search opens them next, for nothing, as free cells (the exhaustive player of the tests,
//! `exhaustive.rs`, floods as the game does and finds the same chances). Worths are memoised by
//! the set. The search gives up beyond [`MAX_LAYOUTS`] layouts, [`MAX_CLOSED`] closed cells or
//! [`MAX_WORK`] steps, and the look-ahead decides.
//!
//! The worth is a forecast the hint must keep: it counts on every cell safe in all layouts left
//! being opened for free, so the hint must name such a cell safe rather than guess. It once did
//! not when only the mine count made the cell safe (`probability.rs` settled cells on each
//! frontier group's own numbers), and the exact endgame then won 3 % less than it forecast and
//! less than the look-ahead alone. A test holds the two together:
//! `a_later_look_values_what_is_left_as_the_earlier_search_did`.

use super::super::solver::{Known, Solver};
use set::Set;
use std::collections::HashMap;

mod set;

/// The most layouts searched exhaustively (one bit each in a [`Set`]).
pub const MAX_LAYOUTS: usize = Set::CAPACITY;
/// The most closed cells (one bit each in a layout).
pub const MAX_CLOSED: usize = 128;
/// The most steps of the search, a step being one layout looked at for one cell: tens of
/// milliseconds in release (the slowest Expert hint in the benchmark, endgame of up to 512
/// layouts included, took 57 ms on a shared machine).
pub const MAX_WORK: u64 = 20_000_000;
/// The most steps of listing the layouts.
const MAX_LIST_NODES: u64 = 200_000;

/// What opening a cell shows in a layout where it holds a mine: nothing, the game is lost.
const MINE: u32 = u32::MAX;

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
    /// Every layout that fits, as bits over `cells`.
    layouts: Vec<u128>,
    /// Per closed cell and layout, the number opening it shows, or [`MINE`].
    shows: Vec<Vec<u32>>,
}

struct Search<'a> {
    game: &'a Endgame,
    memo: HashMap<Set, f64>,
    work: u64,
}

impl Endgame {
    /// Lists every layout and what each cell shows in it; `None` beyond the limits, or when a
    /// cell proved safe is still closed (the hint names it before guessing, and the search does
    /// not model it).
    pub(super) fn of(solver: &Solver) -> Option<Endgame> {
        let board = solver.board();
        if (0..board.cells()).any(|c| solver.known(c) == Known::Safe) {
            return None;
        }
        let cells: Vec<usize> = (0..board.cells()).filter(|&c| solver.known(c) == Known::Unknown).collect();
        if cells.len() > MAX_CLOSED {
            return None;
        }
        let position = |c: usize| cells.iter().position(|&x| x == c);
        // Per closed cell: the closed cells around it (as bits) and the proved mines around it.
        let around: Vec<(u128, u8)> = cells
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
        let layouts = list.out;
        let shows = (0..cells.len()).map(|p| sights(&around, &layouts, p)).collect();
        Some(Endgame { cells, layouts, shows })
    }

    /// The best guess (board index) and its chance of winning; `None` when the search is too
    /// large or nothing is left to guess.
    pub(super) fn solve(&self) -> Option<(usize, f64)> {
        if self.layouts.len() < 2 {
            return None;
        }
        let (cell, worth) = Search::new(self).best_guess(self.all())?;
        Some((self.cells[cell], worth))
    }

    /// Every layout, as a set.
    fn all(&self) -> Set {
        Set::first(self.layouts.len())
    }

    /// The set of this endgame's layouts that agree with a later one's (`later`, listed for
    /// `solver`): a cell still closed as there, one opened since empty, one proved since a mine.
    #[cfg(test)]
    fn layouts_left(&self, later: &Endgame, solver: &Solver) -> Set {
        let agrees = |layout: u128, other: u128| {
            self.cells.iter().enumerate().all(|(p, &cell)| {
                let mine = layout & 1 << p != 0;
                match later.cells.iter().position(|&c| c == cell) {
                    Some(q) => mine == (other & 1 << q != 0),
                    None => mine == (solver.known(cell) == Known::Mine),
                }
            })
        };
        let fits = |&(_, &layout): &(usize, &u128)| later.layouts.iter().any(|&other| agrees(layout, other));
        let mut set = Set::default();
        self.layouts.iter().enumerate().filter(fits).for_each(|(i, _)| set.insert(i));
        set
    }
}

/// What opening the closed cell `p` shows in each layout: its number, or [`MINE`].
fn sights(around: &[(u128, u8)], layouts: &[u128], p: usize) -> Vec<u32> {
    let (closed, mines) = around[p];
    layouts
        .iter()
        .map(|&layout| if layout & 1 << p != 0 { MINE } else { u32::from(mines) + (layout & closed).count_ones() })
        .collect()
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

impl<'a> Search<'a> {
    fn new(game: &'a Endgame) -> Search<'a> {
        Search { game, memo: HashMap::new(), work: 0 }
    }

    /// The parts of `set` by the number `cell` shows, among its layouts without a mine there.
    fn parts(&mut self, set: Set, cell: usize) -> Vec<Set> {
        let shows = &self.game.shows[cell];
        let mut parts = [Set::default(); 9];
        for l in set.iter().filter(|&l| shows[l] != MINE) {
            parts[shows[l] as usize].insert(l);
        }
        self.work += u64::from(set.len());
        parts.into_iter().filter(|p| !p.is_empty()).collect()
    }

    /// The chance of winning from `set` with perfect play; `None` beyond the work limit.
    fn worth(&mut self, set: Set) -> Option<f64> {
        if set.len() <= 1 {
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
    fn free_cell(&mut self, set: Set) -> Option<usize> {
        let first = set.iter().next()?;
        self.work += (self.game.cells.len() as u64) * u64::from(set.len());
        (0..self.game.cells.len()).find(|&c| {
            let shows = &self.game.shows[c];
            shows[first] != MINE && set.iter().all(|l| shows[l] != MINE) && set.iter().any(|l| shows[l] != shows[first])
        })
    }

    /// `sum over the parts of |part| / |set| * worth(part)` for opening `cell`.
    fn mean_worth(&mut self, set: Set, cell: usize) -> Option<f64> {
        let total = f64::from(set.len());
        let mut w = 0.0;
        for part in self.parts(set, cell) {
            w += f64::from(part.len()) / total * self.worth(part)?;
        }
        Some(w)
    }

    /// The guess (position in `cells`) with the best chance of winning, and that chance.
    fn best_guess(&mut self, set: Set) -> Option<(usize, f64)> {
        if self.work > MAX_WORK {
            return None;
        }
        let total = set.len();
        // Cells with a mine in some layouts and not all, the safest first.
        let mut guesses: Vec<(u32, usize)> = (0..self.game.cells.len())
            .map(|c| (set.iter().filter(|&l| self.game.shows[c][l] == MINE).count() as u32, c))
            .filter(|&(m, _)| m > 0 && m < total)
            .collect();
        self.work += (self.game.cells.len() as u64) * u64::from(total);
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

#[cfg(test)]
mod tests {
    use super::super::super::hint::{hint_for, solved, Hint};
    use super::super::super::probability::mine_odds;
    use super::super::super::view::View;
    use super::super::super::{FirstClick, Minesweeper, Move, Params};
    use super::*;
    use crate::{Game, Status};

    /// The exhaustive test (`exhaustive.rs`) lists layouts by brute force, so only on tiny boards;
    /// here the endgame's own listing is checked on the larger positions real games meet, against
    /// the odds (`probability.rs`, which counts by components and never lists): the same number
    /// of layouts and the same chance of a mine in every closed cell.
    #[test]
    fn the_listing_agrees_with_the_odds_on_the_endgames_of_real_games() {
        let mut checked = 0;
        for seed in 0..150 {
            let params = Params::beginner().with_first_click(FirstClick::Safe);
            let mut game = Minesweeper::new(&params, seed).unwrap();
            game.apply(&Move::Open { x: 0, y: 0 }).unwrap();
            while game.status() == Status::Playing {
                let view = View::of(&game);
                let hint = hint_for(&view).unwrap();
                let solver = solved(&view).unwrap();
                let odds = mine_odds(&solver);
                let small = odds.ln_layouts.is_some_and(|l| l.is_finite() && l <= (MAX_LAYOUTS as f64 + 0.5).ln());
                // Every small position, guess or not: more of them than guesses alone.
                if let (true, Some(endgame)) = (small, Endgame::of(&solver)) {
                    let count = endgame.layouts.len() as f64;
                    assert!((count - odds.ln_layouts.unwrap().exp()).abs() < 1e-6, "seed {seed}: {count} layouts");
                    for (p, &cell) in endgame.cells.iter().enumerate() {
                        let mines = endgame.layouts.iter().filter(|&&l| l & 1 << p != 0).count() as f64;
                        let chance = odds.mine[cell].unwrap();
                        assert!((mines / count - chance).abs() < 1e-9, "seed {seed}: cell {cell}");
                    }
                    checked += 1;
                }
                let mv = match hint {
                    Hint::Safe { x, y, .. } | Hint::Guess { x, y, .. } => Move::Open { x: x as i64, y: y as i64 },
                    Hint::Mine { x, y, .. } => Move::Mark { x: x as i64, y: y as i64 },
                };
                game.apply(&mv).unwrap();
            }
        }
        assert!(checked > 50, "{checked}");
    }

    /// The search's worths are a fair forecast. From a guess, the hint plays on (opening what is
    /// proved, flagging, guessing again); at its next guess the position is a subset of the
    /// layouts the search saw, and the guess there is worth what that search made of the subset.
    /// The odds once missed cells safe only by the mine count: the search opened them for free,
    /// the hint guessed instead, and over 20,000 Expert games the forecast ran 3 % above what the
    /// hint won (seed 67 here).
    #[test]
    fn a_later_look_values_what_is_left_as_the_earlier_search_did() {
        let mut compared = 0;
        for seed in 1..=200 {
            let params = Params::expert().with_first_click(FirstClick::Safe);
            let mut game = Minesweeper::new(&params, seed).unwrap();
            game.apply(&Move::Open { x: 0, y: 0 }).unwrap();
            let mut earlier: Option<Endgame> = None;
            while game.status() == Status::Playing {
                let view = View::of(&game);
                let hint = hint_for(&view).unwrap();
                if matches!(hint, Hint::Guess { .. }) {
                    let solver = solved(&view).unwrap();
                    let now = Endgame::of(&solver).filter(|e| e.layouts.len() <= MAX_LAYOUTS);
                    if let (Some(before), Some(now)) = (&earlier, &now) {
                        let left = before.layouts_left(now, &solver);
                        let forecast = Search::new(before).worth(left).unwrap();
                        // What the hint's guess here is worth: a guess, not a free cell.
                        let fresh = now.solve().map_or(1.0, |(_, worth)| worth);
                        assert!((forecast - fresh).abs() < 1e-9, "seed {seed}: {forecast} forecast, {fresh} now");
                        compared += 1;
                    }
                    earlier = now;
                }
                let mv = match hint {
                    Hint::Safe { x, y, .. } | Hint::Guess { x, y, .. } => Move::Open { x: x as i64, y: y as i64 },
                    Hint::Mine { x, y, .. } => Move::Mark { x: x as i64, y: y as i64 },
                };
                game.apply(&mv).unwrap();
            }
        }
        assert!(compared > 12, "{compared}");
    }
}
