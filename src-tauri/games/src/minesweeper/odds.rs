//! The odds on the board (*Show odds*): every closed cell's chance of holding a mine, from what
//! the player sees, as the hint reads it (`hint.rs`): the open numbers and the mine total; flags
//! and question marks are the player's guesses and count as closed.
//!
//! A cell the solver's rules prove is 0 or 1; the rest come from the exact enumeration of
//! `probability.rs`, within its documented limits: beyond them the figures are estimates, and
//! `exact` says so. Before the first click nothing is shown: any first click is safe.

use super::hint::solved;
use super::probability::{self, mine_odds};
use super::solver::{Known, Solver};
use super::view::View;
use serde::Serialize;

/// JSON: `{"mine": [null, 0.125, 1.0, ...], "exact": true}`, one figure per cell, row by row,
/// `null` for an open cell.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Odds {
    pub mine: Vec<Option<f64>>,
    pub exact: bool,
}

/// The odds of the position `view` shows; `None` once the game is over or before anything is
/// open.
pub fn odds_for(view: &View) -> Option<Odds> {
    let solver = solved(view)?;
    Some(board_odds(&solver, &mine_odds(&solver)))
}

/// Every cell's figure from the solver's rules and the enumeration `odds` of what they left.
pub(super) fn board_odds(solver: &Solver, odds: &probability::Odds) -> Odds {
    let mine = (0..solver.board().cells())
        .map(|cell| match solver.known(cell) {
            Known::Open(_) => None,
            Known::Safe => Some(0.0),
            Known::Mine => Some(1.0),
            Known::Unknown => odds.mine[cell],
        })
        .collect();
    Odds { mine, exact: odds.exact }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minesweeper::{Minesweeper, Move, Params};
    use crate::Game;

    use crate::minesweeper::view::playing as view;

    /// The one closed cell eight ones surround holds the mine: the rules prove it, 1 exactly;
    /// open cells have no figure.
    #[test]
    fn a_cell_the_numbers_prove_is_certain() {
        let position = view(&["00000", "01110", "01.10", "01110", "00000"], 1);
        let odds = odds_for(&position).unwrap();
        assert!(odds.exact);
        assert_eq!(odds.mine[2 * 5 + 2], Some(1.0));
        assert_eq!(odds.mine.iter().filter(|figure| figure.is_some()).count(), 1);
    }

    /// A 1 beside two closed cells, one mine in all: a half each (a flag is a closed cell).
    #[test]
    fn two_cells_and_one_mine_are_a_half_each() {
        let position = view(&["01F", "01."], 1);
        let odds = odds_for(&position).unwrap();
        assert_eq!(odds.mine[2], Some(0.5));
        assert_eq!(odds.mine[5], Some(0.5));
        assert_eq!(odds.mine[0], None);
    }

    /// Nothing before the first click (any first click is safe); after it, a figure for every
    /// closed cell, between 0 and 1, adding up to the mines.
    #[test]
    fn a_figure_for_each_closed_cell_adding_up_to_the_mines() {
        let mut game = Minesweeper::new(&Params::beginner(), 3).unwrap();
        assert_eq!(odds_for(&View::of(&game)), None);
        game.apply(&Move::Open { x: 4, y: 4 }).unwrap();
        let view = View::of(&game);
        let odds = odds_for(&view).unwrap();
        for (cell, code) in view.cells.chars().enumerate() {
            assert_eq!(odds.mine[cell].is_some(), !code.is_ascii_digit(), "cell {cell} ({code})");
            if let Some(chance) = odds.mine[cell] {
                assert!((0.0..=1.0).contains(&chance));
            }
        }
        let total: f64 = odds.mine.iter().flatten().sum();
        assert!((total - 10.0).abs() < 1e-6, "{total}");
    }
}
