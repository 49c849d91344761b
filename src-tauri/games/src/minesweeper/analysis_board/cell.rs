//! One cell of the analysis board as the player sets it up, and its character in a text and
//! in the view (`text.rs` reads them).

use crate::minesweeper::view::cell_code;

/// One cell as the player set it up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    Closed,
    /// Closed and flagged; in a known layout, a flagged mine.
    Flag,
    /// Closed, a mine of the known layout (`*`).
    Mine,
    /// Open, showing its number.
    Open(u8),
}

impl Cell {
    /// The cell's character in a text and in the view (`.`, `F`, `*`, `0`-`8`).
    pub fn code(self) -> char {
        match self {
            Cell::Closed => cell_code::HIDDEN,
            Cell::Flag => cell_code::FLAG,
            Cell::Mine => cell_code::MINE,
            Cell::Open(n) => char::from(b'0' + n),
        }
    }

    /// The cell a character sets out; `None` for any other character. `?` (the game's
    /// question mark) is a closed cell.
    pub fn of_code(code: char) -> Option<Cell> {
        match code {
            '.' | '?' => Some(Cell::Closed),
            'F' => Some(Cell::Flag),
            '*' => Some(Cell::Mine),
            '0'..='8' => Some(Cell::Open(code as u8 - b'0')),
            _ => None,
        }
    }

    pub fn is_open(self) -> bool {
        matches!(self, Cell::Open(_))
    }
}
