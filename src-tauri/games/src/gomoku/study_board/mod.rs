//! Gomoku's study board ([`crate::study`]): stones for both sides in turn under one of the
//! four rules, on 15x15 or 20x20, taken back, cleared, pasted (a move list, a Pastimes record or a Gomocup `.psq`
//! game), or brought from a game; and the engine thinking about the position in rounds
//! (`engine.rs`). Never a game: nothing here is recorded or ranked.
//!
//! Its view is the board as a game's screen draws it ([`crate::gomoku::View`]); its looks are the engine's
//! [`crate::gomoku::Analysis`]; its edits are `{"place":{"x":7,"y":7}}`, `"takeBack"`,
//! `"clear"`, `{"rule":"renju"}` and `{"size":20}`; its setup is `{"rule":"renju"}` or
//! `{"rule":"freestyle","size":20}` (the size 15 when left out).

mod engine;
pub mod position;

use crate::erased::AnyGame;
use crate::gomoku::psq;
use crate::gomoku::{Action, BoardSize, Gomoku, Move, Params, Point, Rule};
use crate::study::{MovesReader, StudyBoard, StudyEngine, StudyError};
use crate::Game;
pub use position::{Position, Refused};
use serde::Deserialize;
use serde_json::Value;

/// The table's entry: an empty board under freestyle.
pub fn open() -> Box<dyn StudyBoard> {
    Box::new(Position::new(Rule::Freestyle, BoardSize::Fifteen).expect("freestyle is played on 15x15"))
}

/// A change of the position, as the page sends it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
enum Edit {
    Place(Move),
    TakeBack,
    Clear,
    Rule(String),
    Size(BoardSize),
}

/// The board's settings for a text: the rule its stones are played under.
#[derive(Debug, Clone, Deserialize)]
struct Setup {
    rule: String,
    #[serde(default)]
    size: BoardSize,
}

impl StudyBoard for Position {
    fn view(&self) -> Value {
        serde_json::to_value(self.game().view()).unwrap_or_default()
    }

    fn is_over(&self) -> bool {
        self.game().status().is_over()
    }

    fn edit(&mut self, edit: &Value) -> Result<(), StudyError> {
        let edit: Edit =
            serde_json::from_value(edit.clone()).map_err(|e| StudyError::BadArgument(format!("not an edit: {e}")))?;
        match edit {
            Edit::Place(mv) => {
                self.place(mv)?;
            }
            Edit::TakeBack => self.take_back()?,
            Edit::Clear => *self = Position::new(self.rule(), self.size())?,
            Edit::Rule(name) => self.set_rules(rule_named(&name)?, self.size())?.map_err(refusal)?,
            Edit::Size(size) => self.set_rules(self.rule(), size)?.map_err(refusal)?,
        }
        Ok(())
    }

    fn set_text(&mut self, setup: &Value, text: &str, read_moves: &MovesReader) -> Result<(), StudyError> {
        let setup: Setup =
            serde_json::from_value(setup.clone()).map_err(|e| StudyError::BadArgument(format!("not a setup: {e}")))?;
        let rule = rule_named(&setup.rule)?;
        let empty = Position::new(rule, setup.size)?;
        *self = if text.trim().is_empty() { empty } else { position_of(empty, text, read_moves)? };
        Ok(())
    }

    fn set_game(&mut self, game: &dyn AnyGame) -> Result<(), StudyError> {
        let gomoku = game.as_any().downcast_ref::<Gomoku>();
        let gomoku = gomoku.ok_or_else(|| StudyError::BadArgument(format!("not a Gomoku game: {:?}", game.kind())))?;
        let empty = Position::new(gomoku.rule(), gomoku.board().size())?;
        *self = empty.with_stones(gomoku.moves()).map_err(refusal)?;
        Ok(())
    }

    fn engine(&self) -> StudyEngine {
        engine::rounds(self.game().clone())
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The board with the stones `text` names: a Gomocup `.psq` game under the rule the file gives
/// (freestyle when it names none), or else the stones of a move list or a whole Pastimes record
/// of a Gomoku game, under `rule`. A Swap2 opening's decisions in a record are skipped: the
/// board only holds the stones, which alternate from black under Swap2 as under the standard
/// opening.
fn position_of(empty: Position, text: &str, read_moves: &MovesReader) -> Result<Position, StudyError> {
    if text.trim_start().starts_with(psq::MAGIC) {
        let (rule, size, moves) = psq::rule_and_moves(text).map_err(|error| StudyError::Format {
            code: error.code(),
            message: error.to_string(),
            params: error.params(),
        })?;
        let stones: Vec<Point> = moves.into_iter().filter_map(|mv| size.point(mv.x, mv.y)).collect();
        return Position::new(rule, size)?.with_stones(&stones).map_err(refusal);
    }
    // A move list is read on the board chosen (a record's codes depend on its size).
    let params = Params { size: empty.size(), ..Params::default() };
    let blank = crate::new_game::<Gomoku>(&serde_json::to_value(params).unwrap_or_default(), 0)?;
    let size = empty.size();
    let stones: Vec<Point> = read_moves(blank.as_ref(), text)?
        .into_iter()
        .filter_map(|value| match serde_json::from_value(value) {
            Ok(Action::Stone(mv)) => size.point(mv.x, mv.y),
            _ => None,
        })
        .collect();
    empty.with_stones(&stones).map_err(refusal)
}

/// A stone the rules refuse, numbered in its list.
fn refusal(refused: Refused) -> StudyError {
    let reason = match refused.error {
        crate::RuleError::Illegal(why) => why.to_string(),
        other => other.to_string(),
    };
    let Refused { number, point, size, .. } = refused;
    let text = if size.contains(point) { size.name(point) } else { format!("{},{}", point.x + 1, point.y + 1) };
    StudyError::IllegalMove { number, text, reason }
}

/// The rule named `name` (`freestyle`, `exactFive`, `renju`), as the game's settings name it.
fn rule_named(name: &str) -> Result<Rule, StudyError> {
    serde_json::from_value(Value::String(name.into()))
        .map_err(|_| StudyError::BadArgument(format!("unknown rule {name:?}")))
}

#[cfg(test)]
mod tests;
