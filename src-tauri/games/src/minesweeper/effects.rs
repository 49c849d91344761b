//! What a Minesweeper move did, for the page to show (GNOME Mines' `explode`, `cleared` and
//! `marks_changed` signals): the cells it opened, nearest the click first, and the mine it hit.

use super::mark::Mark;
use super::{Minesweeper, Move};
use crate::Status;
use serde::Serialize;
use std::collections::VecDeque;

/// A cell, `x` = column, `y` = row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Cell {
    pub x: usize,
    pub y: usize,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Effects {
    /// Every cell this move opened, in flood order: breadth first from the clicked cell (or a
    /// chord's cell), so a wave spreads outwards.
    pub opened: Vec<Cell>,
    /// The mine that went off, if one did.
    pub exploded: Option<Cell>,
    /// Whether this move cleared the field.
    pub won: bool,
}

/// What `mv` opened and set off, told from the game `before` it and `after` it.
pub(super) fn told(before: &Minesweeper, mv: &Move, after: &Minesweeper) -> Effects {
    let newly = |cell: usize| after.marks[cell] == Mark::Open && before.marks[cell] != Mark::Open;
    let (x, y) = mv.xy();
    // The move was accepted, so its cell is on the board.
    let Ok(start) = after.board.checked_index(x, y) else {
        return Effects::default();
    };
    let mut opened = Vec::new();
    let mut seen = vec![false; after.marks.len()];
    let mut queue = VecDeque::from([start]);
    seen[start] = true;
    // The cells a move opens are connected through its own cell: a flood from a zero, or a
    // chord's neighbours. Walk them from the click outwards.
    while let Some(cell) = queue.pop_front() {
        if newly(cell) {
            opened.push(after.cell(cell));
        }
        if newly(cell) || cell == start {
            for n in after.board.neighbours(cell) {
                if !seen[n] && newly(n) {
                    seen[n] = true;
                    queue.push_back(n);
                }
            }
        }
    }
    let exploded = (after.status == Status::Lost)
        .then(|| opened.iter().copied().find(|c| after.is_mine_at(c.y * after.board.width() + c.x)))
        .flatten();
    let won = after.status == Status::Won && !opened.is_empty();
    Effects { opened, exploded, won }
}

impl Minesweeper {
    fn cell(&self, index: usize) -> Cell {
        let (x, y) = self.board.xy(index);
        Cell { x, y }
    }

    fn is_mine_at(&self, index: usize) -> bool {
        self.field.as_ref().is_some_and(|field| field.is_mine(index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minesweeper::{mine_layout, Params};
    use crate::{Applied, Game, Telling};
    use proptest::prelude::*;

    fn open(x: i64, y: i64) -> Move {
        Move::Open { x, y }
    }

    proptest! {
        /// The effects account for exactly the cells that the move opened, each once, starting
        /// at the click, every later one touching an earlier one.
        #[test]
        fn the_opened_cells_lead_from_the_old_view_to_the_new(seed in any::<u64>(), x in 0i64..16, y in 0i64..16, x2 in 0i64..16, y2 in 0i64..16) {
            let mut game = Minesweeper::new(&Params::intermediate(), seed).unwrap();
            for (x, y) in [(x, y), (x2, y2)] {
                if game.status.is_over() {
                    break;
                }
                let before = game.view().cells;
                let Ok((applied, effects)) = game.apply_with_effects(&open(x, y)) else { continue };
                let after = game.view().cells;
                let changed: Vec<usize> =
                    (0..before.len()).filter(|&i| before.as_bytes()[i] != after.as_bytes()[i] && game.marks[i] == Mark::Open).collect();
                let mut listed: Vec<usize> = effects.opened.iter().map(|c| c.y * 16 + c.x).collect();
                if applied == Applied::Move && game.status != Status::Lost {
                    prop_assert_eq!(listed.first().copied(), Some((y * 16 + x) as usize));
                }
                for (k, cell) in effects.opened.iter().enumerate().skip(1) {
                    let touches = effects.opened[..k].iter().any(|c| c.x.abs_diff(cell.x) <= 1 && c.y.abs_diff(cell.y) <= 1);
                    prop_assert!(touches || game.status == Status::Lost, "{:?} is not next to an earlier cell", cell);
                }
                listed.sort_unstable();
                let mut opened_now = changed.clone();
                if game.status == Status::Lost {
                    // A loss shows every mine: only the opened cells are the move's.
                    opened_now.retain(|i| game.marks[*i] == Mark::Open);
                }
                prop_assert_eq!(listed, opened_now);
            }
        }
    }

    #[test]
    fn a_mine_is_the_exploded_cell_and_a_last_cell_is_the_win() {
        let params = Params::beginner();
        let mines = mine_layout(&params, 4, (4, 4));
        let mut game = Minesweeper::new(&params, 4).unwrap();
        let (_, first) = game.apply_with_effects(&open(4, 4)).unwrap();
        assert_eq!(first.opened[0], Cell { x: 4, y: 4 });
        assert!(first.exploded.is_none());
        let (mx, my) = mines[0];
        let (_, boom) = game.apply_with_effects(&open(mx as i64, my as i64)).unwrap();
        assert_eq!(boom.exploded, Some(Cell { x: mx, y: my }));
        assert_eq!(boom.opened, vec![Cell { x: mx, y: my }]);
        assert!(!boom.won);

        let mut winner = Minesweeper::new(&params, 4).unwrap();
        let (_, mut last) = winner.apply_with_effects(&open(4, 4)).unwrap();
        for y in 0..9 {
            for x in 0..9 {
                if !mines.contains(&(x, y)) && !winner.status.is_over() {
                    if let Ok((_, effects)) = winner.apply_with_effects(&open(x as i64, y as i64)) {
                        last = effects;
                    }
                }
            }
        }
        assert_eq!(winner.status, Status::Won);
        assert!(last.won);
    }
}
