//! A game's moves as a list in its notation ([`crate::notation`]): `H8 I9 J10`, what Gomoku's
//! Copy moves writes and its Paste position reads (its moves format, in `gomoku/moves_file.rs`),
//! and what a study board is set up from.
//!
//! Written, the moves are their texts one space between. Read, a list may number its moves
//! (`1. H8 2. I9`) and put commas, semicolons or line breaks between them; a word that is one of
//! the notation's verbs (`open`, `pop`) or begins one of its words (`choose white`) keeps the word
//! after it.

use crate::erased::AnyGame;
use serde_json::Value;

/// Why a text is no list of moves of the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveListError {
    #[error("the text holds no moves")]
    NoMoves,
    /// The move numbered `number` (from 1) names no move of the game's board.
    #[error("move {number} ({text}) is not a move")]
    NotAMove { number: usize, text: String },
}

/// The logged `moves` of `game` (as dealt: its board names them), one space between. A move
/// the notation does not write is written as its JSON.
pub fn write(game: &dyn AnyGame, moves: &[Value]) -> String {
    let texts: Vec<String> = moves.iter().map(|mv| game.move_text(mv).unwrap_or_else(|| mv.to_string())).collect();
    texts.join(" ")
}

/// The moves the list `text` names in `game` (as dealt), each with its text as the list writes
/// it; nothing is played. A word that is a move's JSON (`{"x":7,"y":7}`, as [`write()`] writes a
/// move the notation does not) reads as that move.
pub fn read(game: &dyn AnyGame, text: &str) -> Result<Vec<(String, Value)>, MoveListError> {
    read_texts(game, texts(game, text))
}

/// The moves `texts` name in `game`, each with its text (a record file's move lines, already
/// cut): as [`read`].
pub fn read_texts(game: &dyn AnyGame, texts: Vec<String>) -> Result<Vec<(String, Value)>, MoveListError> {
    if texts.is_empty() {
        return Err(MoveListError::NoMoves);
    }
    texts
        .into_iter()
        .enumerate()
        .map(|(index, text)| {
            let mv = if text.starts_with('{') { serde_json::from_str(&text).ok() } else { game.parse_move_text(&text) };
            match mv {
                Some(mv) => Ok((text, mv)),
                None => Err(MoveListError::NotAMove { number: index + 1, text }),
            }
        })
        .collect()
}

/// The moves' texts of a list: split at spaces, commas and semicolons, move numbers (`12.`)
/// dropped, and a word that needs the next one (a verb, the first word of a word of the
/// notation) kept with it.
fn texts(game: &dyn AnyGame, text: &str) -> Vec<String> {
    let notation = game.notation();
    let leads = |word: &str| {
        notation.verbs.iter().any(|verb| !verb.is_empty() && *verb == word)
            || notation.words.iter().any(|whole| whole.split_once(' ').is_some_and(|(first, _)| first == word))
    };
    let mut words = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|word| !word.is_empty() && !is_move_number(word));
    let mut moves = Vec::new();
    while let Some(word) = words.next() {
        if leads(word) {
            moves.push(format!("{word} {}", words.next().unwrap_or_default()));
        } else {
            moves.push(word.to_string());
        }
    }
    moves
}

fn is_move_number(word: &str) -> bool {
    word.strip_suffix('.').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{bubbles, gomoku, minesweeper, GameKind};
    use serde_json::json;

    fn dealt(kind: GameKind, params: Value) -> Box<dyn AnyGame> {
        (kind.info().new_game)(&params, 1).unwrap()
    }

    fn points(moves: &[(String, Value)]) -> Vec<&str> {
        moves.iter().map(|(text, _)| text.as_str()).collect()
    }

    #[test]
    fn a_move_list_reads_with_or_without_numbers_and_commas() {
        let game = dealt(gomoku::KIND, json!({}));
        for text in ["H8 I9 J10", "1. H8 2. i9\n3. J10", "H8, I9, J10", "  H8;I9;J10  "] {
            let moves = read(game.as_ref(), text).unwrap();
            assert_eq!(points(&moves).join(" ").to_uppercase(), "H8 I9 J10", "{text:?}");
            let stones: Vec<&Value> = moves.iter().map(|(_, mv)| mv).collect();
            assert_eq!(stones, [&json!({"x": 7, "y": 7}), &json!({"x": 8, "y": 6}), &json!({"x": 9, "y": 5})]);
        }
        let swap2 = dealt(gomoku::KIND, json!({"opening": "swap2"}));
        let moves = read(swap2.as_ref(), "H8 I9 J10 choose white").unwrap();
        assert_eq!(moves[3].1, json!({"choose": "white"}));
    }

    #[test]
    fn a_verb_keeps_the_cell_after_it() {
        let field = dealt(minesweeper::KIND, json!({"level": "beginner"}));
        let moves = read(field.as_ref(), "1. open A1, mark B2").unwrap();
        assert_eq!(points(&moves), ["open A1", "mark B2"]);
        let bubbles = dealt(bubbles::KIND, json!({}));
        assert_eq!(points(&read(bubbles.as_ref(), "pop C4 pop D5").unwrap()), ["pop C4", "pop D5"]);
    }

    #[test]
    fn nonsense_or_nothing_is_refused_by_name() {
        let game = dealt(gomoku::KIND, json!({}));
        let error = read(game.as_ref(), "H8 Z99 J10").unwrap_err();
        assert_eq!(error, MoveListError::NotAMove { number: 2, text: "Z99".into() });
        assert_eq!(read(game.as_ref(), "  \n "), Err(MoveListError::NoMoves));
    }

    #[test]
    fn what_is_written_reads_back() {
        let game = dealt(gomoku::KIND, json!({"opening": "swap2"}));
        let moves =
            [json!({"x": 7, "y": 7}), json!({"x": 0, "y": 14}), json!({"x": 14, "y": 0}), json!({"choose": "black"})];
        let text = write(game.as_ref(), &moves);
        assert_eq!(text, "H8 A1 O15 choose black");
        let back: Vec<Value> = read(game.as_ref(), &text).unwrap().into_iter().map(|(_, mv)| mv).collect();
        assert_eq!(back, moves);
    }
}
