//! What the player sees.
//!
//! The cells travel as one string, one ASCII character per cell, row by row
//! (`cells[y * width + x]`): a 100x100 board is 10,000 bytes of JSON, half an array of numbers.
//! The characters are in [`cell_code`].

use super::mark::Mark;
use super::params::FirstClick;
use super::Minesweeper;
use crate::{Game, Status};
use serde::Serialize;

/// The characters of [`View::cells`].
pub mod cell_code {
    /// Closed, unmarked.
    pub const HIDDEN: char = '.';
    /// A flag; after a win, every mine.
    pub const FLAG: char = 'F';
    /// A question mark.
    pub const QUESTION: char = '?';
    /// An open cell is its number, `'0'` (empty) to `'8'`.
    pub const OPEN_0: char = '0';
    /// After a loss: a mine that was neither flagged nor opened.
    pub const MINE: char = '*';
    /// After a loss: the mine that was opened (shown red). A wrong chord may open several.
    pub const EXPLODED: char = 'X';
    /// After a loss: a flag on a cell without a mine (shown crossed out).
    pub const WRONG_FLAG: char = 'W';
}

/// The player's view. While the game is playing it holds nothing the player could not know: mines
/// show only after a loss (and as flags after a win), and the 3BV only once the game is over.
///
/// JSON: `{"width":9,"height":9,"mines":10,"minesLeft":9,"cells":"F0001.....",
/// "status":"playing","level":"beginner","firstClick":"opensArea","questionMarks":true,
/// "isReplay":false,"bbbv":null}` (cells shortened).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub width: usize,
    pub height: usize,
    pub mines: usize,
    /// Mines minus flags, as the mine counter shows it. Negative when there are too many flags.
    pub mines_left: i64,
    /// One character per cell, row by row; see [`cell_code`].
    pub cells: String,
    pub status: Status,
    /// `"beginner"`, `"intermediate"`, `"expert"` or `"custom"`.
    pub level: &'static str,
    pub first_click: FirstClick,
    pub question_marks: bool,
    pub is_replay: bool,
    /// The board's 3BV once the game is over, `null` while playing.
    pub bbbv: Option<u32>,
    /// A board dealt again (a replay, a restart, a deal code) before any cell is opened: the
    /// cell its first game opened first, around which its mines were laid, so as safe to open
    /// now as it was then. The player knows the board already; this tells nothing more.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub safe_start: Option<super::Point>,
}

impl View {
    pub(super) fn of(game: &Minesweeper) -> View {
        let board = game.board;
        View {
            width: board.width(),
            height: board.height(),
            mines: board.mines(),
            mines_left: board.mines() as i64 - game.flags as i64,
            cells: (0..board.cells()).map(|c| game.cell_char(c)).collect(),
            status: game.status,
            level: game.params.level.name(),
            first_click: game.params.first_click,
            question_marks: game.params.question_marks,
            is_replay: game.is_replay(),
            bbbv: game.status.is_over().then(|| game.three_bv()).flatten(),
            safe_start: game.params.replay_of.filter(|_| game.opened == 0 && !game.status.is_over()),
        }
    }

    /// The character of cell `(x, y)`.
    pub fn cell(&self, x: usize, y: usize) -> char {
        char::from(self.cells.as_bytes()[y * self.width + x])
    }
}

impl Minesweeper {
    /// One cell as the player sees it. Whether a closed cell hides a mine is read only once the
    /// game is lost: that is what keeps the view free of hidden information while playing.
    fn cell_char(&self, cell: usize) -> char {
        let lost = self.status == Status::Lost;
        let is_mine = || self.field.as_ref().is_some_and(|f| f.is_mine(cell));
        match self.marks[cell] {
            // Only the losing move opens a mine.
            Mark::Open if is_mine() => cell_code::EXPLODED,
            Mark::Open => self.open_char(cell),
            Mark::Flag if lost && !is_mine() => cell_code::WRONG_FLAG,
            Mark::Flag => cell_code::FLAG,
            Mark::Hidden | Mark::Question if lost && is_mine() => cell_code::MINE,
            Mark::Question => cell_code::QUESTION,
            Mark::Hidden => cell_code::HIDDEN,
        }
    }

    fn open_char(&self, cell: usize) -> char {
        let number = self.field.as_ref().map_or(0, |f| f.number(cell));
        char::from(b'0' + number)
    }
}

/// A playing view from rows, for the tests of what reads views (the hint, the odds): digits
/// open, `.` closed, `F` flagged; `mines` in all.
#[cfg(test)]
pub(super) fn playing(rows: &[&str], mines: usize) -> View {
    View {
        width: rows[0].len(),
        height: rows.len(),
        mines,
        mines_left: mines as i64,
        cells: rows.concat(),
        status: Status::Playing,
        level: "custom",
        first_click: FirstClick::OpensArea,
        question_marks: true,
        is_replay: false,
        bbbv: None,
        safe_start: None,
    }
}
