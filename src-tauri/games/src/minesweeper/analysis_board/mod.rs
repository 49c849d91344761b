//! Minesweeper's analysis board ([`crate::study`]): any position set up cell by cell (closed,
//! open with a number, flagged, a mine of a known layout), resized, given its mine total,
//! pasted as text (`text.rs`), read from a board file (`.mbf`/`.abf`, as hexadecimal text), or
//! brought from a game or a review's moment; and the look at it (`analysis.rs`): whether any
//! layout fits, what logic proves and why, every closed cell's odds, the hint and the best
//! guess, from the hint's own code. *Play on* (`play_on.rs`) lets the solver step through it.
//! Never a game: no clock, nothing recorded or ranked.
//!
//! Its view is `{"width":30,"height":16,"mines":99,"cells":"..F3*...","layoutKnown":true,
//! "exploded":null,"canTakeBack":false,"step":null,"text":"..."}` (cells in the text's
//! characters); its looks are [`analysis::Look`]s; its edits are `{"set":{"x":3,"y":4,
//! "to":"F"}}` (a text's character), `{"size":{"width":30,"height":16}}`, `{"mines":99}`,
//! `"playOn"`, `"takeBack"` and `"clear"`; its setup is `{"mines":99}` for a text, or
//! `{"boardFile":true}` for a board file's bytes in hexadecimal.

pub mod analysis;
mod cell;
mod play_on;
pub mod position;
pub mod text;

use crate::erased::AnyGame;
use crate::minesweeper::{board_file, view::cell_code, Minesweeper, View};
use crate::study::{MovesReader, StudyBoard, StudyEngine, StudyError};
use crate::{PositionFileError, RuleError};
pub use play_on::Step;
pub use position::{Cell, Position};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::Ordering;
pub use text::TextError;

/// The positions kept to take back.
const HISTORY: usize = 200;

/// The table's entry: an Expert field, every cell closed.
pub fn open() -> Box<dyn StudyBoard> {
    let position = Position::closed(30, 16, 99).expect("Expert's field is a position");
    Box::new(Board { position, history: Vec::new(), step: None })
}

/// The board: its position, the ones before it, and what *Play on* last did.
pub struct Board {
    position: Position,
    history: Vec<Position>,
    step: Option<Step>,
}

/// A change of the position, as the page sends it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
enum Edit {
    Set { x: i64, y: i64, to: char },
    Size { width: i64, height: i64 },
    Mines(i64),
    PlayOn,
    TakeBack,
    Clear,
}

/// The board's settings for a text.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Setup {
    mines: Option<i64>,
    #[serde(default)]
    board_file: bool,
}

impl Board {
    /// Makes `next` the position, the current one kept to take back.
    fn become_(&mut self, next: Position, step: Option<Step>) {
        self.history.push(std::mem::replace(&mut self.position, next));
        if self.history.len() > HISTORY {
            self.history.remove(0);
        }
        self.step = step;
    }

    fn set_cell(&self, x: i64, y: i64, to: char) -> Result<Position, StudyError> {
        let (width, height) = (self.position.width(), self.position.height());
        let inside = |v: i64, len: usize| (0..len as i64).contains(&v);
        if !inside(x, width) || !inside(y, height) {
            return Err(RuleError::OutOfBoard { x, y, width, height }.into());
        }
        let cell = Cell::of_code(to).ok_or_else(|| StudyError::BadArgument(format!("{to:?} is not a cell")))?;
        self.position.with_cell(y as usize * width + x as usize, cell).map_err(refusal)
    }

    fn played_on(&self) -> Result<(Position, Step), StudyError> {
        let look = analysis::look(&self.position.seen());
        Ok(play_on::step(&self.position, &look)?)
    }
}

impl StudyBoard for Board {
    fn view(&self) -> Value {
        let width = self.position.width();
        let point = |cell: usize| json!({ "x": cell % width, "y": cell / width });
        json!({
            "width": width,
            "height": self.position.height(),
            "mines": self.position.mines(),
            "cells": self.position.cells().iter().map(|c| c.code()).collect::<String>(),
            "layoutKnown": self.position.layout_known(),
            "exploded": self.position.exploded().map(point),
            "canTakeBack": !self.history.is_empty(),
            "step": self.step,
            "text": self.position.to_text(),
        })
    }

    fn is_over(&self) -> bool {
        false
    }

    fn edit(&mut self, edit: &Value) -> Result<(), StudyError> {
        let edit: Edit =
            serde_json::from_value(edit.clone()).map_err(|e| StudyError::BadArgument(format!("not an edit: {e}")))?;
        let side = |v: i64| usize::try_from(v).unwrap_or(0);
        let next = match edit {
            Edit::Set { x, y, to } => self.set_cell(x, y, to)?,
            Edit::Size { width, height } => self.position.resized(side(width), side(height)).map_err(refusal)?,
            Edit::Mines(mines) => self.position.with_mines(mines_of(mines)?).map_err(refusal)?,
            Edit::Clear => self.position.cleared(),
            Edit::PlayOn => {
                let (next, step) = self.played_on()?;
                self.become_(next, Some(step));
                return Ok(());
            }
            Edit::TakeBack => {
                self.position = self.history.pop().ok_or(RuleError::Illegal("nothing to take back"))?;
                self.step = None;
                return Ok(());
            }
        };
        self.become_(next, None);
        Ok(())
    }

    fn set_text(&mut self, setup: &Value, text: &str, _read_moves: &MovesReader) -> Result<(), StudyError> {
        let setup: Setup =
            serde_json::from_value(setup.clone()).map_err(|e| StudyError::BadArgument(format!("not a setup: {e}")))?;
        let next = if setup.board_file {
            of_board_file(text)?
        } else {
            let mines = setup.mines.map(mines_of).transpose()?;
            Position::of_text(text, mines.or(Some(self.position.mines()))).map_err(refusal)?
        };
        self.become_(next, None);
        Ok(())
    }

    fn set_game(&mut self, game: &dyn AnyGame) -> Result<(), StudyError> {
        let game = game.as_any().downcast_ref::<Minesweeper>();
        let game = game.ok_or_else(|| StudyError::BadArgument("not a Minesweeper game".into()))?;
        let next = of_game(game).map_err(refusal)?;
        self.become_(next, None);
        Ok(())
    }

    fn engine(&self) -> StudyEngine {
        let seen = self.position.seen();
        Box::new(move |cancel, tell| {
            if cancel.load(Ordering::Relaxed) {
                return;
            }
            let look = analysis::look(&seen);
            tell(serde_json::to_value(look).unwrap_or_default(), true);
        })
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

fn mines_of(mines: i64) -> Result<usize, StudyError> {
    usize::try_from(mines).map_err(|_| StudyError::BadArgument(format!("{mines} mines")))
}

/// A game's position: what the player sees of a game under way; and its mines as a known
/// layout once it is over, or when it is played on a board file (the player's own).
fn of_game(game: &Minesweeper) -> Result<Position, TextError> {
    let view = View::of(game);
    let laid = game.laid_mines().filter(|_| game.status.is_over() || game.params().layout.is_some());
    let mut mine = vec![false; view.width * view.height];
    laid.iter().flatten().for_each(|&cell| mine[cell] = true);
    let mut cells: Vec<char> = view
        .cells
        .chars()
        .enumerate()
        .map(|(cell, code)| match code {
            cell_code::EXPLODED | cell_code::MINE => '*',
            cell_code::WRONG_FLAG | cell_code::QUESTION => {
                if mine[cell] {
                    '*'
                } else {
                    '.'
                }
            }
            cell_code::HIDDEN if mine[cell] => '*',
            // In a known layout a flag is on a mine: a wrong one is dropped.
            cell_code::FLAG if laid.is_some() && !mine[cell] => '.',
            other => other,
        })
        .collect();
    // A won game shows every mine flagged: one of them written `*` says the layout is known
    // (a text's flags are then its mines too).
    if laid.is_some() && !cells.contains(&'*') {
        if let Some(first) = (0..cells.len()).find(|&c| mine[c]) {
            cells[first] = '*';
        }
    }
    let cells: String = cells.into_iter().collect();
    let rows: Vec<&str> = (0..view.height).map(|y| &cells[y * view.width..(y + 1) * view.width]).collect();
    Position::of_text(&rows.join("\n"), Some(view.mines))
}

/// A board file's bytes, written as hexadecimal text: its layout, every cell closed.
fn of_board_file(hex: &str) -> Result<Position, StudyError> {
    let too_large = || PositionFileError::TooLarge { max: board_file::MAX_BYTES };
    let digits: Vec<u8> = hex.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if digits.len() > 2 * board_file::MAX_BYTES {
        return Err(file_refusal(too_large()));
    }
    let bytes = digits
        .chunks(2)
        .map(|pair| std::str::from_utf8(pair).ok().and_then(|pair| u8::from_str_radix(pair, 16).ok()))
        .collect::<Option<Vec<u8>>>()
        .ok_or_else(|| StudyError::BadArgument("a board file is sent as hexadecimal bytes".into()))?;
    let layout = board_file::read(&bytes).map_err(file_refusal)?;
    let mines = layout.mine_cells();
    let mut cells = vec![b'.'; layout.width() * layout.height()];
    mines.iter().for_each(|&cell| cells[cell] = b'*');
    let rows: Vec<&[u8]> = cells.chunks(layout.width()).collect();
    let text = String::from_utf8(rows.join(&b'\n')).unwrap_or_default();
    Position::of_text(&text, None).map_err(refusal)
}

fn refusal(error: TextError) -> StudyError {
    StudyError::Format { code: error.code(), message: error.to_string(), params: error.params() }
}

fn file_refusal(error: PositionFileError) -> StudyError {
    let (code, params) = match &error {
        PositionFileError::TooLarge { max } => ("position_too_large", json!({ "max": max })),
        PositionFileError::Invalid(reason) => ("position_invalid", json!({ "reason": reason })),
    };
    StudyError::Format { code, message: error.to_string(), params }
}

#[cfg(test)]
mod tests;
