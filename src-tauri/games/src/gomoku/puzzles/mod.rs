//! Gomoku's puzzles ([`crate::puzzle`]): find the forced win. Each is a position of the
//! engine's own games where one side first has a win by force, with exactly one winning first
//! move, under freestyle, exactly five or Renju (black's forbidden points respected, black's and
//! white's wins). Graded by the length of the win (3 to 15 of the attacker's moves) and its
//! kind: a VCF (victory by continuous fours) or a VCT (by fours and threes).
//!
//! The set is `puzzles.txt` ([`set`] reads it), made by the lab's `gomoku_puzzles` tool and
//! proven by the engine's threat searches ([`prove`]); the player plays it on a
//! [`board::PuzzleGame`].

pub mod board;
pub mod prove;
pub mod set;

use crate::gomoku::{Colour, Point, Rule};
use crate::puzzle::{PuzzleBoard, PuzzleError, PuzzleFileError, PuzzleSummary, Puzzles};
use serde::Serialize;
use std::sync::OnceLock;

/// The table's entry.
pub const PUZZLES: Puzzles = Puzzles { list: summaries, open };

/// A VCF or a VCT.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum WinKind {
    Vcf,
    Vct,
}

impl WinKind {
    pub fn as_str(self) -> &'static str {
        match self {
            WinKind::Vcf => "vcf",
            WinKind::Vct => "vct",
        }
    }

    pub fn parse(text: &str) -> Option<WinKind> {
        [WinKind::Vcf, WinKind::Vct].into_iter().find(|kind| kind.as_str() == text)
    }
}

/// One puzzle: the stones from black's first, and the solution's main line (the attacker's
/// moves against the longest defence, ending with the five; its first move the only winning one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub id: String,
    pub rule: Rule,
    pub kind: WinKind,
    pub stones: Vec<Point>,
    pub line: Vec<Point>,
}

impl Puzzle {
    /// The side to move, who wins.
    pub fn attacker(&self) -> Colour {
        crate::gomoku::board::Board::colour_of_move(self.stones.len())
    }

    /// The length of the win: the attacker's moves in the line.
    pub fn grade(&self) -> u8 {
        self.line.len().div_ceil(2) as u8
    }

    pub fn summary(&self, number: usize) -> PuzzleSummary {
        PuzzleSummary {
            id: self.id.clone(),
            number,
            group: self.rule.as_str(),
            kind: self.kind.as_str(),
            grade: self.grade(),
            side: match self.attacker() {
                Colour::Black => "black",
                Colour::White => "white",
            },
        }
    }
}

/// The shipped set's text.
pub const SHIPPED: &str = include_str!("puzzles.txt");

/// The shipped set, read once.
pub fn shipped() -> Result<&'static [Puzzle], PuzzleFileError> {
    static SET: OnceLock<Result<Vec<Puzzle>, PuzzleFileError>> = OnceLock::new();
    SET.get_or_init(|| set::read(SHIPPED)).as_ref().map(Vec::as_slice).map_err(Clone::clone)
}

fn summaries() -> Result<&'static [PuzzleSummary], PuzzleFileError> {
    static LIST: OnceLock<Result<Vec<PuzzleSummary>, PuzzleFileError>> = OnceLock::new();
    let list =
        LIST.get_or_init(|| Ok(shipped()?.iter().enumerate().map(|(i, puzzle)| puzzle.summary(i + 1)).collect()));
    list.as_ref().map(Vec::as_slice).map_err(Clone::clone)
}

fn open(id: &str) -> Result<Box<dyn PuzzleBoard>, PuzzleError> {
    let puzzle = shipped()?.iter().find(|puzzle| puzzle.id == id).ok_or_else(|| PuzzleError::Unknown(id.into()))?;
    Ok(Box::new(board::PuzzleGame::new(puzzle.clone())?))
}

#[cfg(test)]
mod tests;
