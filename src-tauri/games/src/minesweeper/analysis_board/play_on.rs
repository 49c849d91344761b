//! *Play on*: the solver takes one step on the board. It flags every mine logic proves that is
//! not flagged yet and, on a known layout (whose mines say what each opened cell shows), opens
//! every cell logic proves safe, an empty one's neighbours with it as the game does. When
//! nothing is proved it opens the best guess, on a known layout; a guess on a mine ends the
//! play there (`exploded`) until the position is changed.

use super::analysis::Look;
use super::position::{Cell, Position};
use crate::minesweeper::board::Board;
use crate::minesweeper::{Hint, Point};
use crate::RuleError;
use serde::Serialize;

/// What one step did. JSON: `{"opened":12,"flagged":2,"guess":{"x":3,"y":4},"exploded":false}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Step {
    pub opened: usize,
    pub flagged: usize,
    pub guess: Option<Point>,
    pub exploded: bool,
}

/// The position after one step from `position`, whose look is `look`; refused (and nothing
/// changes) when the play has ended, the position is impossible, or there is nothing to do
/// (no mine to flag and, without a known layout, no number to open a cell with).
pub fn step(position: &Position, look: &Look) -> Result<(Position, Step), RuleError> {
    if position.exploded().is_some() {
        return Err(RuleError::GameOver);
    }
    if !look.possible {
        return Err(RuleError::Illegal("no layout fits this position"));
    }
    let width = position.width();
    let mut cells = position.cells().to_vec();
    let mut step = Step { opened: 0, flagged: 0, guess: None, exploded: false };
    for proven in look.proven.iter().filter(|p| p.mine) {
        let cell = proven.y * width + proven.x;
        if cells[cell] != Cell::Flag {
            cells[cell] = Cell::Flag;
            step.flagged += 1;
        }
    }
    let known = position.layout_known();
    if let Some(layout) = position.layout() {
        let safe: Vec<usize> = look.proven.iter().filter(|p| !p.mine).map(|p| p.y * width + p.x).collect();
        let guess = match (&look.guess, safe.is_empty()) {
            (Some(Hint::Guess { x, y, .. }), true) => Some(y * width + x),
            _ => None,
        };
        for &cell in safe.iter().chain(&guess) {
            step.guess = guess.map(|g| point(position, g));
            if layout[cell] {
                step.exploded = true;
                return Ok((position.played(cells, Some(cell)), step));
            }
            step.opened += open(position, &layout, &mut cells, cell);
        }
    }
    if step.opened == 0 && step.flagged == 0 {
        let why = if known { "nothing is left to open" } else { "play on opens cells only on a known layout (*)" };
        return Err(RuleError::Illegal(why));
    }
    Ok((position.played(cells, None), step))
}

fn point(position: &Position, cell: usize) -> Point {
    Point { x: cell % position.width(), y: cell / position.width() }
}

/// Opens `cell` on the known layout, and around every empty cell it reaches; the cells opened.
fn open(position: &Position, layout: &[bool], cells: &mut [Cell], cell: usize) -> usize {
    let board = Board::new(position.width(), position.height(), position.mines());
    let mut opened = 0;
    let mut stack = vec![cell];
    while let Some(c) = stack.pop() {
        if cells[c].is_open() || layout[c] {
            continue;
        }
        let around: Vec<usize> = board.neighbours(c).collect();
        let number = around.iter().filter(|&&n| layout[n]).count() as u8;
        cells[c] = Cell::Open(number);
        opened += 1;
        if number == 0 {
            stack.extend(around.into_iter().filter(|&n| !cells[n].is_open() && cells[n] != Cell::Flag));
        }
    }
    opened
}
