//! Laying the mines once the first click is known.
//!
//! The layout depends only on (size, seed, first-click rule, first click cell, dealer version):
//! the same inputs give the same mines on every machine and every Pastimes version (ChaCha8, see
//! `crate::rng`), which is what makes a replay possible. What each dealer version lays is fixed
//! for good once it has shipped ([`crate::deal`]): a change to this draw or to the no-guess
//! generator ([`super::no_guess`]) is a new version, and [`laid_mines`] keeps dealing the old
//! ones for the games stored with them.

use super::board::Board;
use super::no_guess;
use super::params::{FirstClick, Params};
use crate::rng::{self, GameRng};
use crate::{Deal, RuleError};
use rand::Rng;

/// The dealer version new games get ([`crate::deal`]).
///
/// Version 1: the partial Fisher-Yates draw of [`lay_mines`] for plain boards, and the
/// perturbing generator of [`super::no_guess`] with its game budget for no-guess boards.
pub const NEWEST_DEAL: Deal = Deal::FIRST;

/// The mines of a game, plain or no-guess as `params` say, as its dealer version lays them.
pub(super) fn laid_mines(params: &Params, board: &Board, seed: u64, first: usize) -> Result<Vec<usize>, RuleError> {
    // Version 1 is the only one so far; a version 2 adds its arm beside this code, which then
    // stays for the games dealt with version 1.
    params.deal.checked(NEWEST_DEAL)?;
    if let Some(layout) = &params.layout {
        return Ok(layout.mine_cells());
    }
    if !params.no_guess {
        return Ok(lay_mines(board, seed, params.first_click, first));
    }
    no_guess::lay_mines(board, seed, params.first_click, first, no_guess::GAME_BUDGET)
        .map_err(|_| RuleError::Illegal("no board without guessing was found for this size and mine count"))
}

/// The indices of the mines, in the order they were drawn.
///
/// A partial Fisher-Yates shuffle over the cells the first click leaves free: exactly one random
/// draw per mine and no retries, so even a board that is nearly all mines is laid in O(cells)
/// (the originals' "draw again if there is a mine already" loop slows down as the board fills).
pub(super) fn lay_mines(board: &Board, seed: u64, rule: FirstClick, first: usize) -> Vec<usize> {
    draw_mines(board, &mut rng::seeded(seed), rule, first)
}

/// [`lay_mines`] from a generator already under way: the no-guess generator draws again from
/// the same stream when a layout will not do.
pub(super) fn draw_mines(board: &Board, rng: &mut GameRng, rule: FirstClick, first: usize) -> Vec<usize> {
    let mut candidates = free_cells(board, rule, first);
    let total = candidates.len() as u32;
    for i in 0..board.mines() {
        // u32 ranges keep the draws identical on 32- and 64-bit targets.
        let j = rng.random_range(i as u32..total) as usize;
        candidates.swap(i, j);
    }
    candidates.truncate(board.mines());
    candidates.into_iter().map(|c| c as usize).collect()
}

/// The cells that may hold a mine. [`FirstClick::OpensArea`] keeps the clicked cell and its
/// neighbours free; when the rest of the board cannot hold all the mines, it falls back to keeping
/// only the clicked cell free (as [`FirstClick::Safe`]), because a game must always be creatable.
fn free_cells(board: &Board, rule: FirstClick, first: usize) -> Vec<u32> {
    let mut keep_free = vec![first];
    if rule == FirstClick::OpensArea {
        let area: Vec<usize> = board.neighbours(first).collect();
        if board.cells() - 1 - area.len() >= board.mines() {
            keep_free.extend(area);
        }
    }
    // Cell indices fit in u32 (at most 100x100); u32 halves the vector the shuffle walks.
    (0..board.cells() as u32).filter(|c| !keep_free.contains(&(*c as usize))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(mut v: Vec<usize>) -> Vec<usize> {
        v.sort_unstable();
        v
    }

    #[test]
    fn lays_exactly_the_mines_asked_for_on_distinct_cells() {
        let board = Board::new(30, 16, 99);
        for seed in 0..200 {
            let mines = sorted(lay_mines(&board, seed, FirstClick::Safe, 0));
            assert_eq!(mines.len(), 99);
            assert!(mines.windows(2).all(|w| w[0] < w[1]), "no cell twice");
            assert!(mines.iter().all(|&m| m < board.cells()));
        }
    }

    #[test]
    fn same_inputs_same_layout_other_seed_other_layout() {
        let board = Board::new(16, 16, 40);
        let a = lay_mines(&board, 7, FirstClick::OpensArea, 100);
        assert_eq!(a, lay_mines(&board, 7, FirstClick::OpensArea, 100));
        assert_ne!(sorted(a), sorted(lay_mines(&board, 8, FirstClick::OpensArea, 100)));
    }

    #[test]
    fn a_board_too_dense_for_an_open_area_keeps_only_the_first_cell_free() {
        // Not reachable through Params ((w-1)*(h-1) always leaves room), so built directly:
        // 81 cells, 75 mines: the 3x3 area cannot stay free, the clicked cell still does.
        let board = Board::new(9, 9, 75);
        let first = 40;
        for seed in 0..100 {
            let mines = lay_mines(&board, seed, FirstClick::OpensArea, first);
            assert_eq!(mines.len(), 75);
            assert!(!mines.contains(&first));
        }
    }

    #[test]
    fn a_full_but_possible_open_area_board_fills_every_other_cell() {
        // 9x9 with 64 mines clicked in a corner: 81 - 4 = 77 candidates for 64 mines.
        let board = Board::new(9, 9, 64);
        let mines = lay_mines(&board, 1, FirstClick::OpensArea, 0);
        assert!(![0, 1, 9, 10].iter().any(|c| mines.contains(c)));
    }
}
