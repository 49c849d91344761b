//! Boards that logic alone clears: the no-guess generator.
//!
//! # Strategy: perturb where the solver gets stuck
//!
//! The mines are first laid as for a plain game (same first-click rule, same draw). Then the
//! solver (`solver.rs`) plays from the first click, reading numbers from the layout. Where it
//! gets stuck, the layout is changed there, after Simon Tatham's Mines:
//!
//! * a random number on the frontier is picked and its unknown neighbours are all cleared of
//!   mines (the mines go to unknown cells away from every open number, or failing that to any
//!   other unknown cell) or, when fewer moves do it, all filled with mines taken from such cells.
//!   That number then proves its neighbours at once;
//! * when no number touches an unknown cell (the open area is walled in by proved mines, as
//!   happens on dense boards), one mine of the wall is moved away and the solver forgets it: the
//!   numbers beside it then prove it safe, and opening it reaches the cells behind.
//!
//! Only unknown cells (and a forgotten wall mine) change, and the open numbers beside a moved
//! mine are updated, so what the solver knows stays true of the new layout and the solve goes on.
//! But the numbers that changed may have been read by earlier deductions, so a pass that had to
//! perturb proves nothing about the final layout. The solver therefore runs again from the first
//! click on the perturbed layout, perturbing again where needed, until a pass clears the board
//! with no perturbation at all: that pass is the proof. After [`PASSES_PER_DRAW`] passes without
//! a clean one, or when no perturbation is possible, the layout is drawn afresh (the random
//! stream goes on, so this stays reproducible).
//!
//! Measured (`cargo bench -p pastimes-games --bench mines_no_guess`, release, 2-core build
//! machine under load, least of 3 runs): perturbing deals Expert 30x16/99 at a median of
//! 0.05 ms (p95 0.1 ms) and 30x16/170 at 0.3 ms (p95 0.4 ms), in one draw and about 3.5 passes
//! on average for the latter. Regenerating (drawing plain boards until one is clear) needs 6.9
//! draws on Expert (median 0.23 ms, p95 2 to 7 ms) and found no 30x16/170 board in 2000 draws
//! (~100 ms each). Without the wall move, half the dense draws ended walled in and were drawn
//! again (10.7 draws a board).
//!
//! The layout is part of what a stored game means: a replay (or a resumed game) lays it again
//! from the seed and the first click. So any change to the solver's rules, to the perturbation
//! or to the budget changes the no-guess boards of seeds already stored: such a change is a new
//! dealer version (`generate::NEWEST_DEAL`, [`crate::deal`]), and this code stays as it is for
//! the games of version 1.
//!
//! Everything depends only on (size, mines, seed, first-click rule, first click): no clock, no
//! hash-map order, so a board is reproducible (and a replay finds the same mines).

use super::board::Board;
use super::generate;
use super::params::{FirstClick, Params};
use super::solver::{Known, LayoutReveal, Outcome, Solver};
use crate::rng::{self, GameRng};
use crate::RuleError;
use rand::Rng;

/// Passes on one draw before drawing afresh.
pub const PASSES_PER_DRAW: u32 = 24;

/// Why no board came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NoGuessError {
    /// The work budget ran out: this size and density is too hard (or impossible) for no-guess
    /// boards. The game should not start as a no-guess game.
    #[error("no board without guessing was found for this size and mine count")]
    NotFound,
}

/// How much work one generation may take, in cell visits: a draw, a pass (setting up the solver
/// and solving) and a perturbation (two scans of the board) each cost a few visits per cell, so
/// this follows the time whatever the size and density. [`DEFAULT_BUDGET`] is about a second on the 2-core build machine in a release
/// build (`cargo bench --bench mines_no_guess feasibility` prints how long hopeless sizes take to
/// be refused).
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    left: u64,
}

/// About one second of work (see [`Budget`]); what a game gets.
pub const DEFAULT_BUDGET: Budget = Budget { left: 80_000_000 };

/// The budget of a game's board. The crate's own unit tests run in a debug build, some 30 times
/// slower, so there a game gets a fortieth of it: refusals stay quick and every board the tests
/// ask for (at most one mine in five cells) still comes out.
pub(super) const GAME_BUDGET: Budget = if cfg!(test) { Budget { left: 2_000_000 } } else { DEFAULT_BUDGET };

impl Budget {
    /// A budget of `cells` cell visits.
    pub const fn cells(cells: u64) -> Budget {
        Budget { left: cells }
    }

    /// Takes `cells` from the budget; false once it is spent.
    fn spend(&mut self, cells: usize) -> bool {
        self.left = self.left.saturating_sub(cells as u64);
        self.left > 0
    }
}

/// Whether no-guess boards of this size, mine count and first-click rule come out within about a
/// second: a quick trial of two boards (seeds 0 and 1, first click in the centre), each with half
/// a game's budget, so it answers in about a second at worst and at once for the usual sizes.
/// For the app to warn before the game starts; a game whose board is not found anyway refuses
/// its first click (the trial cannot promise every seed).
pub fn feasible(params: &Params) -> Result<bool, RuleError> {
    let board = params.level.board()?;
    let centre = board.height() / 2 * board.width() + board.width() / 2;
    let half = Budget { left: GAME_BUDGET.left / 2 };
    Ok((0..2).all(|seed| lay_mines(&board, seed, params.first_click, centre, half).is_ok()))
}

/// The mines of a no-guess board: the solver clears it from `first` by deduction alone. The first
/// click keeps the protection `rule` asks for. `Err` when none was found within `budget`.
pub(super) fn lay_mines(
    board: &Board,
    seed: u64,
    rule: FirstClick,
    first: usize,
    mut budget: Budget,
) -> Result<Vec<usize>, NoGuessError> {
    let mut rng = rng::seeded(seed);
    loop {
        if !budget.spend(2 * board.cells()) {
            return Err(NoGuessError::NotFound);
        }
        let mines = generate::draw_mines(board, &mut rng, rule, first);
        let mut mine = vec![false; board.cells()];
        mines.iter().for_each(|&m| mine[m] = true);
        for _ in 0..PASSES_PER_DRAW {
            match pass(board, &mut mine, first, &mut rng, &mut budget) {
                Pass::Clean => return Ok((0..board.cells()).filter(|&c| mine[c]).collect()),
                Pass::Perturbed => {}
                Pass::Failed => break,
                Pass::OutOfBudget => return Err(NoGuessError::NotFound),
            }
        }
    }
}

enum Pass {
    /// The solver cleared the board with no change: it is a no-guess board.
    Clean,
    /// The solver cleared the board after changing it.
    Perturbed,
    /// Stuck where no change helps: draw again.
    Failed,
    OutOfBudget,
}

/// One solve from the first click, perturbing `mine` wherever the solver is stuck.
fn pass(board: &Board, mine: &mut [bool], first: usize, rng: &mut GameRng, budget: &mut Budget) -> Pass {
    if !budget.spend(4 * board.cells()) {
        return Pass::OutOfBudget;
    }
    let mut solver = Solver::new(*board);
    solver.learn_safe(first);
    let mut perturbed = false;
    // Each perturbation lets the solver open at least one more cell (a cleared number's
    // neighbours, or the wall mine moved away), and open cells stay open: this ends.
    loop {
        if solver.run(&mut LayoutReveal { board: *board, mine }) == Outcome::Solved {
            return if perturbed { Pass::Perturbed } else { Pass::Clean };
        }
        if !budget.spend(2 * board.cells()) {
            return Pass::OutOfBudget;
        }
        if !perturb(&mut solver, mine, rng) {
            return Pass::Failed;
        }
        perturbed = true;
    }
}

/// Changes the layout so that one frontier number proves all its unknown neighbours. False when
/// there is no frontier, or no room to move mines to or from.
fn perturb(solver: &mut Solver, mine: &mut [bool], rng: &mut GameRng) -> bool {
    let board = solver.board();
    let frontier: Vec<usize> =
        (0..board.cells()).filter(|&c| solver.remaining(c).is_some() && solver.unknown_around(c) > 0).collect();
    if !frontier.is_empty() {
        let start = rng.random_range(0..frontier.len() as u32) as usize;
        // Try the numbers from a random one on, so that a number without room does not end the pass.
        if (0..frontier.len()).any(|i| settle_around(solver, mine, rng, frontier[(start + i) % frontier.len()])) {
            return true;
        }
    }
    open_a_wall(solver, mine, rng)
}

/// When no number touches an unknown cell (the open area is walled in by proved mines, common on
/// dense boards), moves one mine of the wall away and makes the solver forget it: the numbers
/// beside it then prove it safe, and opening it reaches the cells behind.
fn open_a_wall(solver: &mut Solver, mine: &mut [bool], rng: &mut GameRng) -> bool {
    let board = solver.board();
    let wall: Vec<usize> =
        (0..board.cells()).filter(|&c| solver.known(c) == Known::Mine && solver.unknown_around(c) > 0).collect();
    if wall.is_empty() {
        return false;
    }
    let brick = wall[rng.random_range(0..wall.len() as u32) as usize];
    let Some(to) = pick_partners(solver, mine, rng, &[], false, 1) else { return false };
    solver.forget_mine(brick);
    move_mine(solver, mine, brick, to[0]);
    true
}

/// Clears or fills the unknown neighbours of `number`, whichever moves fewer mines and has room.
fn settle_around(solver: &mut Solver, mine: &mut [bool], rng: &mut GameRng, number: usize) -> bool {
    let board = solver.board();
    let around: Vec<usize> = board.neighbours(number).filter(|&n| solver.known(n) == Known::Unknown).collect();
    let mines = around.iter().filter(|&&c| mine[c]).count();
    let fill_first = around.len() - mines < mines;
    for fill in [fill_first, !fill_first] {
        // Clearing moves each mine out to a safe cell; filling brings a mine in for each safe one.
        let moving: Vec<usize> = around.iter().copied().filter(|&c| mine[c] != fill).collect();
        let partners = pick_partners(solver, mine, rng, &around, fill, moving.len());
        if let Some(partners) = partners {
            for (&cell, &partner) in moving.iter().zip(&partners) {
                move_mine(solver, mine, if fill { partner } else { cell }, if fill { cell } else { partner });
            }
            return true;
        }
    }
    false
}

/// `count` unknown cells outside `around` holding a mine (`with_mine`) or not, preferring cells
/// away from every open number (moving a mine there changes no number the solver has read).
fn pick_partners(
    solver: &Solver,
    mine: &[bool],
    rng: &mut GameRng,
    around: &[usize],
    with_mine: bool,
    count: usize,
) -> Option<Vec<usize>> {
    if count == 0 {
        return Some(Vec::new());
    }
    let board = solver.board();
    let fits = |c: usize| solver.known(c) == Known::Unknown && mine[c] == with_mine && !around.contains(&c);
    let hidden = |c: usize| board.neighbours(c).all(|n| !is_open(solver, n));
    let mut interior: Vec<usize> = Vec::new();
    let mut edge: Vec<usize> = Vec::new();
    for c in (0..board.cells()).filter(|&c| fits(c)) {
        if hidden(c) {
            interior.push(c);
        } else {
            edge.push(c);
        }
    }
    if interior.len() + edge.len() < count {
        return None;
    }
    let mut picked = Vec::with_capacity(count);
    for pool in [&mut interior, &mut edge] {
        while picked.len() < count && !pool.is_empty() {
            let i = rng.random_range(0..pool.len() as u32) as usize;
            picked.push(pool.swap_remove(i));
        }
    }
    Some(picked)
}

fn is_open(solver: &Solver, cell: usize) -> bool {
    matches!(solver.known(cell), Known::Open(_))
}

/// Moves a mine from `from` to `to` (both unknown) and updates the open numbers around both.
fn move_mine(solver: &mut Solver, mine: &mut [bool], from: usize, to: usize) {
    debug_assert!(mine[from] && !mine[to]);
    mine[from] = false;
    mine[to] = true;
    let board = solver.board();
    for (cell, up) in [(from, false), (to, true)] {
        for n in board.neighbours(cell) {
            if let Known::Open(number) = solver.known(n) {
                solver.renumber(n, if up { number + 1 } else { number - 1 });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minesweeper::solver::clears;

    fn layout(board: &Board, mines: &[usize]) -> Vec<bool> {
        let mut mine = vec![false; board.cells()];
        mines.iter().for_each(|&m| mine[m] = true);
        mine
    }

    #[test]
    fn every_board_clears_from_its_first_click_and_keeps_the_first_click_rule() {
        let board = Board::new(30, 16, 99);
        for seed in 0..40 {
            for rule in [FirstClick::OpensArea, FirstClick::Safe] {
                let first = (seed as usize * 37) % board.cells();
                let mines = lay_mines(&board, seed, rule, first, DEFAULT_BUDGET).unwrap();
                assert_eq!(mines.len(), 99);
                let mine = layout(&board, &mines);
                assert!(clears(board, &mine, first), "seed {seed}");
                assert!(!mine[first]);
                if rule == FirstClick::OpensArea {
                    assert!(board.neighbours(first).all(|n| !mine[n]), "seed {seed}: the first click opens an area");
                }
            }
        }
    }

    #[test]
    fn the_same_inputs_give_the_same_board() {
        let board = Board::new(16, 16, 40);
        let a = lay_mines(&board, 3, FirstClick::OpensArea, 100, DEFAULT_BUDGET);
        assert_eq!(a, lay_mines(&board, 3, FirstClick::OpensArea, 100, DEFAULT_BUDGET));
        assert_ne!(a, lay_mines(&board, 4, FirstClick::OpensArea, 100, DEFAULT_BUDGET));
    }

    #[test]
    fn an_impossible_board_is_refused_within_the_budget() {
        // 2x2 with one mine, first click only safe: it always shows a 1 beside three closed cells.
        let board = Board::new(2, 2, 1);
        assert_eq!(lay_mines(&board, 1, FirstClick::Safe, 0, Budget::cells(10_000)), Err(NoGuessError::NotFound));
    }

    #[test]
    fn the_quick_trial_tells_easy_sizes_from_hopeless_ones() {
        assert_eq!(feasible(&Params::expert()), Ok(true));
        assert_eq!(feasible(&Params::custom(30, 16, 170)), Ok(true));
        // Beyond a unit test's (small) budget, as in the game-level refusal test.
        assert_eq!(feasible(&Params::custom(100, 100, 9801)), Ok(false));
        assert!(feasible(&Params::custom(8, 9, 10)).is_err());
    }

    #[test]
    fn dense_boards_still_come_out() {
        let board = Board::new(30, 16, 170);
        let mines = lay_mines(&board, 11, FirstClick::OpensArea, 248, DEFAULT_BUDGET).unwrap();
        assert!(clears(board, &layout(&board, &mines), 248));
    }
}
