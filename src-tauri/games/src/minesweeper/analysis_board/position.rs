//! The analysis board's position: a field of any size with its mine total, and every cell
//! closed, open with its number, or flagged; with a known layout (`*` cells) when the player
//! gave one, which *Play on* reads to open cells. Only ever changed whole: each change is
//! checked before it is made, so a refused one leaves the position as it was.

pub use super::cell::Cell;
use super::text::{self, TextError};
use crate::minesweeper::params::MAX_SIDE;
use crate::minesweeper::view::{cell_code, View};
use crate::minesweeper::FirstClick;
use crate::Status;

/// The position on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    width: usize,
    height: usize,
    /// The mine total the player gave; with a known layout, its mines are counted instead.
    mines: usize,
    cells: Vec<Cell>,
    /// Whether the player gave the mines (`*`): then every flag is on a mine too, so the layout
    /// stays known once *Play on* has flagged all its `*` cells.
    layout: bool,
    /// The mine *Play on* opened by guessing, if any: the play stops there.
    exploded: Option<usize>,
}

impl Position {
    /// Every cell closed.
    pub fn closed(width: usize, height: usize, mines: usize) -> Result<Position, TextError> {
        check_size(width, height)?;
        let cells = vec![Cell::Closed; width * height];
        let position = Position { width, height, mines, cells, layout: false, exploded: None };
        position.checked()
    }

    /// The position a text sets out (`text.rs`) with `mines` in all (ignored when the text
    /// gives the layout).
    pub fn of_text(input: &str, mines: Option<usize>) -> Result<Position, TextError> {
        let rows = text::rows(input)?;
        let (width, height) = (rows[0].len(), rows.len());
        let cells: Vec<Cell> = rows.concat();
        let layout = cells.iter().filter(|c| matches!(c, Cell::Mine | Cell::Flag)).count();
        let known = cells.contains(&Cell::Mine);
        let mines = if known { layout } else { mines.ok_or(TextError::NoMineTotal)? };
        Position { width, height, mines, cells, layout: known, exploded: None }.checked()
    }

    /// Refused when the mine total does not fit the board (at least one safe cell).
    fn checked(self) -> Result<Position, TextError> {
        let cells = self.width * self.height;
        if self.mines() >= cells {
            return Err(TextError::Mines { mines: self.mines(), cells });
        }
        Ok(self)
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn cell(&self, index: usize) -> Cell {
        self.cells[index]
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub fn exploded(&self) -> Option<usize> {
        self.exploded
    }

    /// Whether the player gave the mines cell by cell (some `*`).
    pub fn layout_known(&self) -> bool {
        self.layout
    }

    /// Whether `cells` keep a layout known: a `*` sets it out, and once known, flags keep it.
    fn keeps_layout(&self, cells: &[Cell]) -> bool {
        cells.contains(&Cell::Mine) || (self.layout && cells.contains(&Cell::Flag))
    }

    /// The known layout, cell by cell; `None` when unknown.
    pub fn layout(&self) -> Option<Vec<bool>> {
        self.layout_known().then(|| self.cells.iter().map(|c| matches!(c, Cell::Mine | Cell::Flag)).collect())
    }

    /// The mine total: the layout's mines when it is known.
    pub fn mines(&self) -> usize {
        if self.layout_known() {
            self.cells.iter().filter(|c| matches!(c, Cell::Mine | Cell::Flag)).count()
        } else {
            self.mines
        }
    }

    /// The position with cell `index` set to `cell`; refused when the total no longer fits.
    pub fn with_cell(&self, index: usize, cell: Cell) -> Result<Position, TextError> {
        let mut next = Position { exploded: None, ..self.clone() };
        next.cells[index] = cell;
        next.layout = self.keeps_layout(&next.cells);
        next.checked()
    }

    /// The position on a board of `width` x `height`, its cells kept where they fall on it.
    pub fn resized(&self, width: usize, height: usize) -> Result<Position, TextError> {
        check_size(width, height)?;
        let cells = (0..width * height)
            .map(|i| {
                let (x, y) = (i % width, i / width);
                if x < self.width && y < self.height {
                    self.cells[y * self.width + x]
                } else {
                    Cell::Closed
                }
            })
            .collect::<Vec<Cell>>();
        let layout = self.keeps_layout(&cells);
        Position { width, height, mines: self.mines, cells, layout, exploded: None }.checked()
    }

    /// The position with `mines` in all; refused with a known layout, whose mines are its own.
    pub fn with_mines(&self, mines: usize) -> Result<Position, TextError> {
        if self.layout_known() {
            return Err(TextError::LayoutMines);
        }
        Position { mines, exploded: None, ..self.clone() }.checked()
    }

    /// The same board and total, every cell closed.
    pub fn cleared(&self) -> Position {
        let cells = vec![Cell::Closed; self.cells.len()];
        Position { mines: self.mines(), cells, layout: false, exploded: None, ..*self }
    }

    /// The position after *Play on* opened and flagged cells (`play_on.rs`).
    pub(super) fn played(&self, cells: Vec<Cell>, exploded: Option<usize>) -> Position {
        Position { cells, exploded, ..self.clone() }
    }

    /// The position as a text: one row a line.
    pub fn to_text(&self) -> String {
        self.cells.chunks(self.width).map(|row| row.iter().map(|c| c.code()).collect::<String>() + "\n").collect()
    }

    /// What the player sees, as the hint and the odds read it: the numbers, the flags, every
    /// other cell closed (the layout is not theirs to read), and the mine total.
    pub fn seen(&self) -> View {
        let flags = self.cells.iter().filter(|&&c| c == Cell::Flag).count();
        let cells = self.cells.iter().map(|c| if *c == Cell::Mine { cell_code::HIDDEN } else { c.code() }).collect();
        View {
            width: self.width,
            height: self.height,
            mines: self.mines(),
            mines_left: self.mines() as i64 - flags as i64,
            cells,
            status: Status::Playing,
            level: "custom",
            first_click: FirstClick::OpensArea,
            question_marks: false,
            is_replay: false,
            bbbv: None,
            safe_start: None,
        }
    }
}

fn check_size(width: usize, height: usize) -> Result<(), TextError> {
    let sides = 1..=MAX_SIDE as usize;
    if !sides.contains(&width) || !sides.contains(&height) {
        return Err(TextError::Size { width, height });
    }
    Ok(())
}
