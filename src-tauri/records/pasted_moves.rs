//! A position or game pasted in as text, read as the moves that lead to it: what a study board
//! is set up from. The text is a list of moves as the game's board names them
//! ([`pastimes_games::move_list`]: `H8 I9 J10`, with or without move numbers such as `1.`,
//! commas or line breaks between), or a whole Pastimes record file of the same game.

use crate::records::record_text::{self, ImportError, MAX_BYTES};
use pastimes_games::move_list::{self, MoveListError};
use pastimes_games::AnyGame;
use serde_json::Value;

/// The moves `text` names in `game` (as dealt, before any move), each with its text; nothing
/// is played yet. Not a move, another game's record or no move at all: an error naming it.
pub fn read(game: &dyn AnyGame, text: &str) -> Result<Vec<(String, Value)>, ImportError> {
    if text.len() as u64 > MAX_BYTES {
        return Err(ImportError::TooLarge);
    }
    let moves = if record_text::is_record_file(text) {
        let (found, moves) = record_text::game_and_moves(text)?;
        let expected = game.kind().as_str();
        if found != expected {
            return Err(ImportError::WrongGame { expected: expected.into(), found });
        }
        move_list::read_texts(game, moves)
    } else {
        move_list::read(game, text)
    };
    moves.map_err(|error| match error {
        MoveListError::NoMoves => ImportError::NoMoves,
        MoveListError::NotAMove { number, text } => {
            ImportError::IllegalMove { number, text, reason: "not a move".into() }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pastimes_games::{gomoku, minesweeper, GameKind};
    use serde_json::json;

    fn dealt(kind: GameKind, params: Value) -> Box<dyn AnyGame> {
        (kind.info().new_game)(&params, 1).unwrap()
    }

    #[test]
    fn nonsense_another_game_or_nothing_is_refused_by_name() {
        let game = dealt(gomoku::KIND, json!({}));
        let error = read(game.as_ref(), "H8 Z99 J10").unwrap_err();
        assert_eq!(error, ImportError::IllegalMove { number: 2, text: "Z99".into(), reason: "not a move".into() });
        assert_eq!(read(game.as_ref(), "  \n "), Err(ImportError::NoMoves));
        let record = "Pastimes record 1\ngame: minesweeper\n\n0 open A1\nend\n";
        let error = read(game.as_ref(), record).unwrap_err();
        assert_eq!(error, ImportError::WrongGame { expected: "gomoku".into(), found: "minesweeper".into() });
        let field = dealt(minesweeper::KIND, json!({"level": "beginner"}));
        assert_eq!(read(field.as_ref(), record).unwrap()[0].1, json!({"action": "open", "x": 0, "y": 0}));
        assert_eq!(read(game.as_ref(), &"H8 ".repeat(1_000_000)), Err(ImportError::TooLarge));
    }
}
