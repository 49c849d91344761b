//! Piskvork's game files (`.psq`), the format Gomocup publishes every tournament game in and
//! the Gomocup managers read and write: one of Gomoku's file formats ([`FORMAT`], in
//! `game_file.rs`).
//!
//! **The format**, as Piskvork writes it (`savePsq`) and reads it (`openPsq`) in its source,
//! `source/game.cpp` of github.com/plastovicka/Piskvork (Petr Lastovička, Tianyi Hao):
//!
//! ```text
//! Piskvorky 15x15, 11:11, 0      width x height, seat 1 : seat 2, the seat that began
//! 8,8,0                          one stone a line: column, row (from 1, from the top left),
//! 9,9,1234                       and the milliseconds the move took; the time may be missing
//! pbrain-embryo.exe              the two seats' players, seat 1 first (written by tournaments
//! homo-2                         and command-line games only; a person is `homo-...`)
//! 0                              a code: 0 for a game that ended normally
//! ```
//!
//! The stones alternate, the first one black. A seat's number in the header is 0 for a person
//! and above 0 for a brain (Piskvork's level plus one); the last header field (0 or 1) says
//! which seat began, and so which name line is black's. Piskvork stops reading moves at the
//! first line that is not `x,y` or `x,y,time`; lines after the names are ignored by it.
//!
//! **What Pastimes reads.** Only `Piskvorky 15x15` files: Pastimes' board is 15x15, so any
//! other size is [`PsqError::BoardSize`]. Every stone is replayed through the rules: a stone off
//! the board, on an occupied point, on one of black's forbidden points under Renju, or after
//! the game ended is [`PsqError::Illegal`]. A file with no stone, above [`MAX_BYTES`], with a
//! move line cut short at its end ([`PsqError::Truncated`]) or a malformed one
//! ([`PsqError::BadLine`], a time above [`MAX_MOVE_MS`] among them) is refused too. Names lose Piskvork's `pbrain-` and `homo-`
//! prefixes and a brain's `.exe`; `homo-1` and `homo-2` (Piskvork's "a person", no name)
//! give no name.
//!
//! **The rule.** Piskvork's files do not say which rule was played (Gomocup runs freestyle on
//! 20x20, and standard, Renju and Caro on 15x15, in separate leagues). A file is read under the
//! rule a line `rule: freestyle`, `rule: exactFive`, `rule: renju` or `rule: caro` after the
//! names gives (Pastimes writes that line, which Piskvork ignores), and under freestyle
//! otherwise: freestyle forbids no point, so a Renju game reads whole (its forbidden points
//! unchecked) and so does a standard one, unless play went on after an overline, which
//! freestyle ends; a Caro game that went on after a blocked five needs the line too.
//!
//! **What Pastimes writes** ([`write()`]): the header with seat 1 black (a person 0, the
//! computer 1) and 0 (seat 1 began), the stones with the time each took, the names (a person
//! as `homo-Name`, the computer as `pbrain-Name`), the code 0 and the rule line.

mod game_file;
mod read;
#[cfg(test)]
mod tests;
mod write;

pub use game_file::{read_game, write_game, FORMAT};
pub use read::{read, rule_and_moves};
pub use write::write;

use super::board::{BoardSize, Point};
use super::rules::Rule;

/// The largest file read: a full 20x20 board's file is under 8 KB.
pub const MAX_BYTES: usize = 64 * 1024;

/// The longest time a move line may give: a day. Piskvork writes the milliseconds a brain or a
/// person took; a longer one is no real game's, and the sum of such times would be no date.
pub const MAX_MOVE_MS: u64 = 24 * 60 * 60 * 1000;

/// The first word of a `.psq` file.
pub const MAGIC: &str = "Piskvorky";

/// A game as a `.psq` file holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PsqGame {
    pub rule: Rule,
    /// The board (`Piskvorky 15x15` or `20x20`; no other size is read).
    pub size: BoardSize,
    /// Black's first, then alternating.
    pub stones: Vec<Stone>,
    pub black: Seat,
    pub white: Seat,
}

/// One stone and the milliseconds its move took (0 when the file gives no time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stone {
    pub point: Point,
    pub ms: u64,
}

/// Who played a colour: the name, when the file gives one, and whether a brain (a computer).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seat {
    pub name: Option<String>,
    pub computer: bool,
}

/// Why a `.psq` text was refused. Nothing is kept of a refused file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PsqError {
    #[error("the file is larger than {max} bytes: not a Piskvork game")]
    TooLarge { max: usize },
    #[error("not a Piskvork game: the first line is not `Piskvorky WxH, a:b, c`")]
    NotPsq,
    #[error("the game is on a {width}x{height} board; Pastimes plays on 15x15 and 20x20 (Renju on 15x15 only)")]
    BoardSize { width: u32, height: u32 },
    #[error("line {line} cannot be read: {text}")]
    BadLine { line: usize, text: String },
    #[error("the file is cut short at line {line}")]
    Truncated { line: usize },
    #[error("the file holds no stone")]
    NoMoves,
    #[error("stone {number} ({x},{y}) is not allowed there: {reason}")]
    Illegal { number: usize, x: i64, y: i64, reason: String },
}

impl PsqError {
    /// The stable code the page translates a refusal by.
    pub fn code(&self) -> &'static str {
        match self {
            PsqError::TooLarge { .. } => "psq_too_large",
            PsqError::NotPsq => "psq_not_psq",
            PsqError::BoardSize { .. } => "psq_board_size",
            PsqError::BadLine { .. } => "psq_bad_line",
            PsqError::Truncated { .. } => "psq_truncated",
            PsqError::NoMoves => "psq_no_moves",
            PsqError::Illegal { .. } => "psq_illegal_move",
        }
    }

    /// The values the translated message needs.
    pub fn params(&self) -> serde_json::Value {
        use serde_json::json;
        match self {
            PsqError::TooLarge { max } => json!({ "max": max }),
            PsqError::BoardSize { width, height } => json!({ "width": width, "height": height }),
            PsqError::BadLine { line, .. } | PsqError::Truncated { line } => json!({ "line": line }),
            PsqError::Illegal { number, x, y, .. } => json!({ "number": number, "x": x, "y": y }),
            PsqError::NotPsq | PsqError::NoMoves => json!({}),
        }
    }
}

impl PsqGame {
    /// The stones as the rules' moves, in order.
    pub fn moves(&self) -> Vec<super::Move> {
        self.stones.iter().map(|stone| stone.point.into()).collect()
    }
}
