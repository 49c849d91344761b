//! The hint's guess against perfect play, on endgames small enough to play out every way.
//!
//! An independent player, sharing nothing with the hint but the board's geometry: it lists every
//! layout of mines that fits what the player sees (by brute force over the closed cells), then
//! searches the whole game tree. Opening a cell loses in the layouts with a mine there; in the
//! others it shows what the game shows, the cell's number and, from a zero, the whole flooded
//! region's numbers (the flood is written again here, not taken from `reveal.rs`). A set of
//! layouts that all agree is a win. The worth of a set is the best, over every cell whose opening
//! can tell its layouts apart, of the mean worth of what is left after opening it; the worth of
//! a guess is the same mean for that one cell. The search knows no shortcut: no "open the safe
//! cells first", no pruning, so that it cannot share a mistake with `endgame.rs`.
//!
//! The positions are reachable in play: mines dealt at random on a small board, then safe cells
//! opened (each click flooding as in the game) until few cells are closed. Only positions where
//! nothing is safe in every layout are kept (the hint then has to guess); the cells that hold a
//! mine in every layout are flagged, as a player following the hint would have done, so that the
//! hint does not name them first.

use super::super::board::Board;
use super::super::hint::{hint_for, solved, Hint};
use super::super::solver::tests::random_mines;
use super::super::view::{playing, View};
use super::endgame::{self, Endgame};
use crate::rng;
use rand::Rng;
use std::collections::{BTreeMap, HashMap};

/// A small position: the board, the true mines and which cells are open.
struct Tiny {
    board: Board,
    mine: Vec<bool>,
    open: Vec<bool>,
}

impl Tiny {
    /// Mines on a board of 3x3 to 6x5, then random safe clicks, each flooding from a zero as the
    /// game does, until at most `closed` cells are closed; `None` if the clicks won the game.
    fn random(seed: u64) -> Option<Tiny> {
        let mut rng = rng::seeded(seed);
        let (w, h) = (rng.random_range(3..=6usize), rng.random_range(3..=5usize));
        let cells = w * h;
        let closed_target = rng.random_range(5..=12usize).min(cells - 1);
        let mines = rng.random_range(1..closed_target);
        let board = Board::new(w, h, mines);
        let mine = random_mines(&mut rng, cells, mines);
        let mut open = vec![false; cells];
        while open.iter().filter(|&&o| !o).count() > closed_target {
            let safe: Vec<usize> = (0..cells).filter(|&c| !mine[c] && !open[c]).collect();
            let &click = safe.get(rng.random_range(0..safe.len().max(1)))?;
            for (c, _) in flood(board, &mine, &open, click) {
                open[c] = true;
            }
        }
        let won = (0..cells).all(|c| mine[c] || open[c]);
        (!won).then_some(Tiny { board, mine, open })
    }

    fn number(&self, cell: usize) -> u8 {
        number(self.board, &self.mine, cell)
    }

    /// Every layout of the board's mines over the closed cells that gives the open cells their
    /// numbers.
    fn layouts(&self) -> Vec<Vec<bool>> {
        let closed: Vec<usize> = (0..self.board.cells()).filter(|&c| !self.open[c]).collect();
        (0u32..1 << closed.len())
            .filter(|bits| bits.count_ones() as usize == self.board.mines())
            .map(|bits| {
                let mut mine = vec![false; self.board.cells()];
                closed.iter().enumerate().for_each(|(i, &c)| mine[c] = bits & 1 << i != 0);
                mine
            })
            .filter(|mine| {
                (0..self.board.cells()).filter(|&c| self.open[c]).all(|c| number(self.board, mine, c) == self.number(c))
            })
            .collect()
    }

    /// The view a player sees with `flags` flagged.
    fn view(&self, flags: &[usize]) -> View {
        let rows: Vec<String> = (0..self.board.height())
            .map(|y| {
                (0..self.board.width())
                    .map(|x| {
                        let c = y * self.board.width() + x;
                        match (self.open[c], flags.contains(&c)) {
                            (true, _) => char::from(b'0' + self.number(c)),
                            (false, true) => 'F',
                            (false, false) => '.',
                        }
                    })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        playing(&rows, self.board.mines())
    }
}

fn number(board: Board, mine: &[bool], cell: usize) -> u8 {
    board.neighbours(cell).filter(|&n| mine[n]).count() as u8
}

/// What opening the safe cell `start` shows in the layout `mine`: every cell the click opens
/// (itself and, from a zero, the flood) with its number, by cell. Open cells stay as they are.
fn flood(board: Board, mine: &[bool], open: &[bool], start: usize) -> Vec<(usize, u8)> {
    let mut shown = BTreeMap::new();
    let mut todo = vec![start];
    while let Some(c) = todo.pop() {
        if open[c] || shown.contains_key(&c) {
            continue;
        }
        let n = number(board, mine, c);
        shown.insert(c, n);
        if n == 0 {
            todo.extend(board.neighbours(c));
        }
    }
    shown.into_iter().collect()
}

/// Perfect play over the layouts of one position.
struct Perfect<'a> {
    tiny: &'a Tiny,
    layouts: Vec<Vec<bool>>,
    memo: HashMap<Vec<usize>, f64>,
}

impl Perfect<'_> {
    /// The layouts of `set` split by what opening `cell` shows; the layouts with a mine there
    /// are left out (they lose).
    fn split(&self, set: &[usize], cell: usize) -> Vec<Vec<usize>> {
        let mut parts: BTreeMap<Vec<(usize, u8)>, Vec<usize>> = BTreeMap::new();
        for &l in set.iter().filter(|&&l| !self.layouts[l][cell]) {
            let shown = flood(self.tiny.board, &self.layouts[l], &self.tiny.open, cell);
            parts.entry(shown).or_default().push(l);
        }
        parts.into_values().collect()
    }

    /// The chance of winning from `set` (equally likely layouts) by opening `cell` first and
    /// playing perfectly after.
    fn after(&mut self, set: &[usize], cell: usize) -> f64 {
        let parts = self.split(set, cell);
        parts.iter().map(|part| part.len() as f64 / set.len() as f64 * self.worth(part)).sum()
    }

    /// The chance of winning from `set` with perfect play.
    fn worth(&mut self, set: &[usize]) -> f64 {
        if set.len() <= 1 {
            return 1.0; // Every cell is known: open the safe ones.
        }
        if let Some(&w) = self.memo.get(set) {
            return w;
        }
        // Every closed cell that tells some layouts apart (a cell that does not would leave the
        // same set, and the same worth). Two different layouts differ at some cell, which is a
        // mine in one and not the other, so there is always one.
        let mut best = 0.0f64;
        for cell in (0..self.tiny.board.cells()).filter(|&c| !self.tiny.open[c]) {
            let parts = self.split(set, cell);
            if parts.len() == 1 && parts[0].len() == set.len() {
                continue;
            }
            best = best.max(self.after(set, cell));
        }
        self.memo.insert(set.to_vec(), best);
        best
    }
}

#[test]
fn on_tiny_endgames_the_hints_guess_wins_as_often_as_perfect_play() {
    let (mut compared, mut searched, mut safest_loses, mut coin_tosses, mut zeros) = (0, 0, 0, 0, 0);
    for seed in 0..3000 {
        let Some(tiny) = Tiny::random(seed) else { continue };
        let layouts = tiny.layouts();
        assert!(layouts.contains(&tiny.mine), "seed {seed}: the true layout fits");
        let closed: Vec<usize> = (0..tiny.board.cells()).filter(|&c| !tiny.open[c]).collect();
        let mines_in = |c: usize| layouts.iter().filter(|l| l[c]).count();
        // A tiny endgame: few layouts, and nothing safe in all of them, so the hint guesses.
        if layouts.len() > endgame::MAX_LAYOUTS || closed.iter().any(|&c| mines_in(c) == 0) {
            continue;
        }
        let flags: Vec<usize> = closed.iter().copied().filter(|&c| mines_in(c) == layouts.len()).collect();
        let view = tiny.view(&flags);
        let Some(Hint::Guess { x, y, coin_toss, .. }) = hint_for(&view) else {
            panic!("seed {seed}: nothing is safe for sure, yet the hint does not guess");
        };
        let cell = y * tiny.board.width() + x;
        let mut perfect = Perfect { tiny: &tiny, layouts: layouts.clone(), memo: HashMap::new() };
        let all: Vec<usize> = (0..perfect.layouts.len()).collect();
        let best = perfect.worth(&all);
        let chosen = perfect.after(&all, cell);
        assert!(
            (chosen - best).abs() < 1e-9,
            "seed {seed}: the hint's guess at ({x}, {y}) wins {chosen}, perfect play {best} ({} layouts)",
            all.len()
        );
        // The endgame search's own figure is that chance too.
        if let Some((_, chance)) = Endgame::of(&solved(&view).unwrap()).and_then(|e| e.solve()) {
            assert!((chance - best).abs() < 1e-9, "seed {seed}: the endgame says {chance}, perfect play {best}");
            searched += 1;
        }
        compared += 1;
        coin_tosses += usize::from(coin_toss);
        // Not vacuous: the cell least likely to hold a mine would have won less often here.
        let safest = closed.iter().map(|&c| mines_in(c)).filter(|&m| m < all.len()).min().unwrap();
        let worst_safest =
            closed.iter().filter(|&&c| mines_in(c) == safest).map(|&c| perfect.after(&all, c)).fold(1.0, f64::min);
        safest_loses += usize::from(worst_safest < best - 1e-9);
        // And the flood matters somewhere: a guess may open a zero.
        zeros += usize::from(closed.iter().any(|&c| {
            (0..perfect.layouts.len())
                .any(|l| !perfect.layouts[l][c] && number(tiny.board, &perfect.layouts[l], c) == 0)
        }));
    }
    assert!(compared > 300 && searched > 300, "{compared} {searched}");
    assert!(safest_loses > 10, "{safest_loses}");
    assert!(coin_tosses > 0 && zeros > 0, "{coin_tosses} {zeros}");
}
