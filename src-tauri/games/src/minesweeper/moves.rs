//! The player's moves and what each does to a game.

use super::mark::Mark;
use super::stats::Click;
use super::Minesweeper;
use crate::{Applied, RuleError};
use serde::{Deserialize, Serialize};

/// One move. JSON: `{"action":"open","x":3,"y":4}`, `{"action":"mark",..}`, `{"action":"chord",..}`.
/// Coordinates are `i64` so that any cell the UI sends, negative ones included, is refused with
/// [`RuleError::OutOfBoard`] rather than failing to deserialise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum Move {
    /// Left click. On a flag: refused. On an open cell: a chord (KMines' plain click on a number,
    /// so one button is enough on a touchpad). Otherwise opens the cell, flooding from a zero.
    Open { x: i64, y: i64 },
    /// Right click: cycles the cell's mark none -> flag -> question -> none (the question mark is
    /// skipped when `questionMarks` is off). Refused on an open cell. Allowed before the first open.
    Mark { x: i64, y: i64 },
    /// Both buttons on an open number: when as many flags surround it as its number says, opens
    /// every other closed neighbour (a wrong flag means a mine is opened and the game lost).
    /// With another count of flags, or nothing left to open, it does nothing.
    Chord { x: i64, y: i64 },
}

impl Move {
    /// Every action's name, in the order of their record codes (see [`crate::notation`]).
    pub const ACTIONS: [&'static str; 3] = ["open", "mark", "chord"];

    pub fn xy(&self) -> (i64, i64) {
        match *self {
            Move::Open { x, y } | Move::Mark { x, y } | Move::Chord { x, y } => (x, y),
        }
    }

    /// The action's name, as in the JSON: `"open"`, `"mark"` or `"chord"`.
    pub fn action_name(&self) -> &'static str {
        match self {
            Move::Open { .. } => "open",
            Move::Mark { .. } => "mark",
            Move::Chord { .. } => "chord",
        }
    }

    /// The move of an [`Move::action_name`] at `(x, y)`; `None` for another word.
    pub fn of_action(action: &str, x: i64, y: i64) -> Option<Move> {
        match action {
            "open" => Some(Move::Open { x, y }),
            "mark" => Some(Move::Mark { x, y }),
            "chord" => Some(Move::Chord { x, y }),
            _ => None,
        }
    }
}

impl Minesweeper {
    /// Checks and applies a move. Every refusal happens before the first change, so on error the
    /// game is unchanged. A move that changes nothing (a chord whose flags do not match) is
    /// [`Applied::Transient`], so it is not logged.
    pub(super) fn play(&mut self, mv: &Move) -> Result<Applied, RuleError> {
        if self.status.is_over() {
            return Err(RuleError::GameOver);
        }
        let (x, y) = mv.xy();
        let cell = self.board.checked_index(x, y)?;
        let click = match mv {
            Move::Open { .. } if self.marks[cell] == Mark::Open => Click::Chord,
            Move::Open { .. } => Click::Left,
            Move::Mark { .. } => Click::Right,
            Move::Chord { .. } => Click::Chord,
        };
        let opened_before = self.opened;
        let applied = match mv {
            Move::Open { .. } => self.open(cell),
            Move::Mark { .. } => self.mark(cell),
            Move::Chord { .. } => self.chord(cell),
        }?;
        if applied == Applied::Move {
            let useful = match click {
                Click::Right => self.marks[cell] == Mark::Flag && self.field.as_ref().is_some_and(|f| f.is_mine(cell)),
                Click::Left | Click::Chord => self.opened > opened_before,
            };
            self.clicks.record(click, useful);
        }
        Ok(applied)
    }

    fn open(&mut self, cell: usize) -> Result<Applied, RuleError> {
        match self.marks[cell] {
            Mark::Flag => Err(RuleError::Illegal("a flagged cell cannot be opened")),
            Mark::Open => self.chord(cell),
            Mark::Hidden | Mark::Question => {
                self.lay_mines(cell)?;
                self.open_cells(&[cell]);
                Ok(Applied::Move)
            }
        }
    }

    fn mark(&mut self, cell: usize) -> Result<Applied, RuleError> {
        let old = self.marks[cell];
        let new = old.next(self.params.question_marks).ok_or(RuleError::Illegal("an open cell cannot be marked"))?;
        self.marks[cell] = new;
        // Flags are counted here, the only place they change while playing.
        self.flags = self.flags + usize::from(new == Mark::Flag) - usize::from(old == Mark::Flag);
        Ok(Applied::Move)
    }

    fn chord(&mut self, cell: usize) -> Result<Applied, RuleError> {
        if self.marks[cell] != Mark::Open {
            return Err(RuleError::Illegal("only an open cell can be chorded"));
        }
        // A cell is open only once the mines are laid.
        let number = self.field.as_ref().map_or(0, |f| f.number(cell));
        let around = || self.board.neighbours(cell);
        let flags = around().filter(|&n| self.marks[n] == Mark::Flag).count();
        let closed: Vec<usize> = around().filter(|&n| self.marks[n].can_open()).collect();
        if flags != usize::from(number) || closed.is_empty() {
            return Ok(Applied::Transient);
        }
        self.open_cells(&closed);
        Ok(Applied::Move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_shapes() {
        let open: Move = serde_json::from_value(json!({"action": "open", "x": 3, "y": 4})).unwrap();
        assert_eq!(open, Move::Open { x: 3, y: 4 });
        assert_eq!(
            serde_json::to_value(Move::Chord { x: 0, y: 1 }).unwrap(),
            json!({"action": "chord", "x": 0, "y": 1})
        );
        let mark: Move = serde_json::from_value(json!({"action": "mark", "x": -1, "y": 2})).unwrap();
        assert_eq!(mark.xy(), (-1, 2));
        assert!(serde_json::from_value::<Move>(json!({"action": "dig", "x": 0, "y": 0})).is_err());
    }
}
