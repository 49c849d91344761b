//! A position as text, one row a line: a digit `0`-`8` is an open cell showing it, `.` (or
//! `?`) a closed cell, `F` a flag, `*` a mine of a known layout. With any `*` the layout is
//! known: the mines are the `*` and `F` cells and every other closed cell is safe, which is
//! what *Play on* opens cells with. Blank lines around the rows and spaces at their ends are
//! left out. Refused (and nothing changes): a text longer than the largest board's
//! ([`MAX_TEXT`]), rows of different lengths, another character, a side outside 1 to 100,
//! a mine total that leaves no safe cell.

use super::cell::Cell;
use crate::minesweeper::params::MAX_SIDE;
use serde_json::{json, Value};

/// The longest text: the largest board, a line break and some spaces a row.
pub const MAX_TEXT: usize = MAX_SIDE as usize * (MAX_SIDE as usize + 8);

/// Why a text or an edit sets out no position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    #[error("the text is longer than the largest board's ({max} characters at most)")]
    TooLong { max: usize },
    #[error("row {row} has {length} cells where the first has {expected}")]
    Ragged { row: usize, length: usize, expected: usize },
    #[error("row {row}, column {column}: {character:?} is not a cell (0-8 . F *)")]
    Character { row: usize, column: usize, character: char },
    #[error("a {width}x{height} board: each side is 1 to 100 cells")]
    Size { width: usize, height: usize },
    #[error("{mines} mines on {cells} cells: at least one cell must be safe")]
    Mines { mines: usize, cells: usize },
    #[error("the mine total is missing")]
    NoMineTotal,
    #[error("a known layout's mines are its own: change its * cells instead")]
    LayoutMines,
}

impl TextError {
    /// The stable code the page says it by (`error.<code>`).
    pub fn code(&self) -> &'static str {
        match self {
            TextError::TooLong { .. } => "ms_position_too_long",
            TextError::Ragged { .. } => "ms_position_ragged",
            TextError::Character { .. } => "ms_position_character",
            TextError::Size { .. } => "ms_position_size",
            TextError::Mines { .. } => "ms_position_mines",
            TextError::NoMineTotal => "ms_position_no_total",
            TextError::LayoutMines => "ms_position_layout_mines",
        }
    }

    /// The values its message needs.
    pub fn params(&self) -> Value {
        match self {
            TextError::TooLong { max } => json!({ "max": max }),
            TextError::Ragged { row, length, expected } => {
                json!({ "row": row, "length": length, "expected": expected })
            }
            TextError::Character { row, column, character } => {
                json!({ "row": row, "column": column, "character": character.to_string() })
            }
            TextError::Size { width, height } => json!({ "width": width, "height": height }),
            TextError::Mines { mines, cells } => json!({ "mines": mines, "cells": cells }),
            TextError::NoMineTotal | TextError::LayoutMines => json!({}),
        }
    }
}

/// The rows of cells `text` sets out, checked: as many cells in each, only known characters,
/// each side 1 to 100.
pub fn rows(text: &str) -> Result<Vec<Vec<Cell>>, TextError> {
    if text.len() > MAX_TEXT {
        return Err(TextError::TooLong { max: MAX_TEXT });
    }
    let lines: Vec<&str> = text.lines().map(str::trim).skip_while(|line| line.is_empty()).collect();
    let used = lines.iter().rposition(|line| !line.is_empty()).map_or(0, |last| last + 1);
    let lines = &lines[..used];
    let width = lines.first().map_or(0, |line| line.chars().count());
    let (sides, height) = (1..=MAX_SIDE as usize, lines.len());
    if !sides.contains(&width) || !sides.contains(&height) {
        return Err(TextError::Size { width, height });
    }
    lines.iter().enumerate().map(|(y, line)| row(y + 1, line, width)).collect()
}

fn row(number: usize, line: &str, expected: usize) -> Result<Vec<Cell>, TextError> {
    let cells = line
        .chars()
        .enumerate()
        .map(|(x, character)| {
            Cell::of_code(character).ok_or(TextError::Character { row: number, column: x + 1, character })
        })
        .collect::<Result<Vec<Cell>, TextError>>()?;
    if cells.len() != expected {
        return Err(TextError::Ragged { row: number, length: cells.len(), expected });
    }
    Ok(cells)
}
