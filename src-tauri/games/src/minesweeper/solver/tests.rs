//! The solver against brute force: on small random positions, every cell it settles must be
//! settled the same way in every layout that fits what the player sees.

use super::*;
use crate::rng::{self, GameRng};
use rand::Rng;

/// A position as the player sees it: the board, the true mines, which cells are open.
pub(crate) struct Position {
    pub board: Board,
    pub mine: Vec<bool>,
    pub open: Vec<bool>,
}

/// `mines` mines on `cells` cells, drawn one at a time (a cell drawn twice is drawn again).
pub(crate) fn random_mines(rng: &mut GameRng, cells: usize, mines: usize) -> Vec<bool> {
    let mut mine = vec![false; cells];
    let mut placed = 0;
    while placed < mines {
        let c = rng.random_range(0..cells);
        placed += usize::from(!mine[c]);
        mine[c] = true;
    }
    mine
}

impl Position {
    /// A random small board (3..=5 x 3..=5) with some safe cells open and at most `max_closed`
    /// closed cells, so that brute force stays cheap.
    pub(crate) fn random(seed: u64, max_closed: usize) -> Position {
        let mut rng = rng::seeded(seed);
        let (w, h) = (rng.random_range(3..=5usize), rng.random_range(3..=5usize));
        let cells = w * h;
        let mines = rng.random_range(1..=(cells / 2).min(max_closed - 1));
        let mine = random_mines(&mut rng, cells, mines);
        // Open safe cells at random until few enough are closed, then maybe a few more.
        let mut open = vec![false; cells];
        let mut order: Vec<usize> = (0..cells).filter(|&c| !mine[c]).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let mut closed = cells;
        let extra = rng.random_range(0..3);
        for c in order {
            if closed <= max_closed.saturating_sub(extra).max(mines) {
                break;
            }
            open[c] = true;
            closed -= 1;
        }
        Position { board: Board::new(w, h, mines), mine, open }
    }

    pub(crate) fn number(&self, cell: usize) -> u8 {
        self.board.neighbours(cell).filter(|&n| self.mine[n]).count() as u8
    }

    /// For each cell, in how many layouts that fit the open numbers and the mine count it holds a
    /// mine; and how many layouts fit. Closed cells only are enumerated.
    pub(crate) fn brute_force(&self) -> (Vec<u64>, u64) {
        let closed: Vec<usize> = (0..self.board.cells()).filter(|&c| !self.open[c]).collect();
        let mut mine_count = vec![0u64; self.board.cells()];
        let mut layouts = 0;
        for bits in 0u32..(1 << closed.len()) {
            if bits.count_ones() as usize != self.board.mines() {
                continue;
            }
            let mut mine = vec![false; self.board.cells()];
            for (i, &c) in closed.iter().enumerate() {
                mine[c] = bits & (1 << i) != 0;
            }
            let fits = (0..self.board.cells())
                .filter(|&c| self.open[c])
                .all(|c| self.board.neighbours(c).filter(|&n| mine[n]).count() as u8 == self.number(c));
            if fits {
                layouts += 1;
                (0..self.board.cells()).filter(|&c| mine[c]).for_each(|c| mine_count[c] += 1);
            }
        }
        (mine_count, layouts)
    }

    /// A solver that has seen the open cells.
    pub(crate) fn solver(&self) -> Solver {
        let mut solver = Solver::new(self.board);
        for c in (0..self.board.cells()).filter(|&c| self.open[c]) {
            solver.learn_open(c, self.number(c));
        }
        solver
    }
}

#[test]
fn the_solver_never_settles_a_cell_that_some_fitting_layout_contradicts() {
    let (mut proved, mut by_rule) = (0, [0; 4]);
    for seed in 0..600 {
        let position = Position::random(seed, 12);
        let (mine_count, layouts) = position.brute_force();
        assert!(layouts > 0, "the true layout fits");
        let mut solver = position.solver();
        solver.keep_trace();
        solver.run(&mut NoReveal);
        for (c, &mines) in mine_count.iter().enumerate() {
            match solver.known(c) {
                Known::Safe => assert_eq!(mines, 0, "seed {seed}: cell {c} called safe"),
                Known::Mine => assert_eq!(mines, layouts, "seed {seed}: cell {c} called a mine"),
                _ => {}
            }
        }
        for d in solver.trace() {
            proved += d.safe.len() + d.mines.len();
            by_rule[d.rule as usize] += 1;
        }
    }
    // Not vacuous: every rule fired somewhere.
    assert!(proved > 1000, "{proved}");
    assert!(by_rule.iter().all(|&n| n > 0), "{by_rule:?}");
}

#[test]
fn the_subset_rule_finds_the_classic_one_two() {
    // A 3x2 with mines at (0,0) and (2,0), the bottom row open: 1 2 1. No number settles
    // anything alone; the 1 at (0,1) lies inside the 2's cells, so (2,0) is a mine, and then the
    // other 1s clear (1,0) and put the last mine at (0,0).
    let board = Board::new(3, 2, 2);
    let mine = vec![true, false, true, false, false, false];
    let mut solver = Solver::new(board);
    solver.keep_trace();
    for c in 3..6 {
        solver.learn_open(c, LayoutReveal { board, mine: &mine }.reveal(c).unwrap());
    }
    assert_eq!(solver.run(&mut NoReveal), Outcome::Solved);
    assert_eq!(solver.known(1), Known::Safe);
    assert_eq!((solver.known(0), solver.known(2)), (Known::Mine, Known::Mine));
}

#[test]
fn the_count_settles_the_cells_no_number_touches() {
    // 5x1 ". . * . ." clicked at 0 shows "0 1": the 1 proves the mine, and with no mine left the
    // count clears the two cells no number touches.
    let board = Board::new(5, 1, 1);
    let mine = vec![false, false, true, false, false];
    assert!(clears(board, &mine, 0));
    let mine = vec![false, false, true, false, true];
    assert!(!clears(Board::new(5, 1, 2), &mine, 0), "one mine is behind the first: a guess");
}
