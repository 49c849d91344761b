//! Gomoku's moves as text, one of its file formats ([`FORMAT`]): the stones (and Swap2
//! decisions) in board notation, one space between (`H8 I9 J10`), as a [`crate::move_list`].
//!
//! **Written** from any game, under way or finished: what Copy moves puts on the clipboard and
//! the history's export saves as a `.txt`.
//!
//! **Read** as a position: a new game with the parameters the player chose (the rule, the
//! opponent, the names) that goes on from the moves, which the app plays through the rules; a
//! game started so is marked imported and never ranks (Paste position). A list may number its
//! moves and put commas, semicolons or line breaks between them. Nothing in it but the moves: a
//! text that holds none, a word that names no point or decision, or more than [`MAX_BYTES`] is
//! refused by name (the record file's codes, which Paste position always gave).

use super::KIND;
use crate::file_format::{FileFormat, FormatError, GameFile, Position, Reads, Writes};
use crate::move_list::{self, MoveListError};
use crate::AnyGame;
use serde_json::{json, Value};

/// The longest text read: a full board's 225 stones and the Swap2 decisions are under 2 KB; room
/// for move numbers, commas and line breaks.
pub const MAX_BYTES: usize = 64 * 1024;

/// Gomoku's moves in board notation, read and written.
pub const FORMAT: FileFormat = FileFormat {
    id: "moves",
    name_key: "history.export.moves",
    dialog_title_key: "history.exportMovesTitle",
    filter_key: "history.movesFilter",
    extensions: &["txt"],
    mime_type: "text/plain",
    max_bytes: MAX_BYTES as u64,
    reads: Some(Reads::Position(read)),
    writes: Some(Writes { write, ended_only: false, under_way: true }),
    error_codes: &["record_too_large", "record_no_moves", "record_illegal_move"],
    reader_may_panic: false,
    unreadable_code: "record_no_moves",
};

/// A board to read and write the moves on: every Gomoku game names its points and decisions
/// alike, whatever its rule, opponent or opening.
fn board() -> Result<Box<dyn AnyGame>, FormatError> {
    (KIND.info().new_game)(&KIND.info().default_params(), 0)
        .map_err(|error| FormatError::new("record_no_moves", error, json!({})))
}

/// A list of moves (text; a byte that is not UTF-8 reads as a replacement character, which is
/// no move) as a new game with the `chosen` parameters that goes on from them.
fn read(bytes: &[u8], chosen: &Value) -> Result<Position, FormatError> {
    if bytes.len() > MAX_BYTES {
        let message = format!("the text is larger than {MAX_BYTES} bytes: not a list of moves");
        return Err(FormatError::new("record_too_large", message, json!({ "max": MAX_BYTES })));
    }
    let moves = move_list::read(board()?.as_ref(), &String::from_utf8_lossy(bytes)).map_err(|error| match error {
        MoveListError::NoMoves => FormatError::new("record_no_moves", &error, json!({})),
        MoveListError::NotAMove { number, ref text } => {
            let params = json!({ "number": number, "text": text, "reason": "not a move" });
            FormatError::new("record_illegal_move", &error, params)
        }
    })?;
    Ok(Position { params: chosen.clone(), moves: moves.into_iter().map(|(_, mv)| mv).collect() })
}

/// The game `file`'s moves, one space between; a loss on time is the clock's, no move to paste.
fn write(file: &GameFile) -> Result<Vec<u8>, FormatError> {
    let dealt = (KIND.info().new_game)(&file.params, file.seed)
        .map_err(|error| FormatError::new("record_illegal_move", error, json!({})))?;
    let moves: Vec<Value> = file.moves.iter().filter(|mv| !dealt.is_ruling(mv)).cloned().collect();
    Ok(move_list::write(dealt.as_ref(), &moves).into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_written_read_back_under_the_chosen_parameters() {
        let moves = vec![json!({"x": 7, "y": 7}), json!({"x": 8, "y": 6}), json!({"x": 9, "y": 5})];
        let file = GameFile { params: json!({"opponent": "human"}), moves: moves.clone(), ..GameFile::default() };
        let text = write(&file).unwrap();
        assert_eq!(text, b"H8 I9 J10");
        let chosen = json!({"rule": "renju", "opponent": "hard"});
        assert_eq!(read(&text, &chosen).unwrap(), Position { params: chosen.clone(), moves: moves.clone() });
        let swap2 = read(b"1. H8 2. I9 3. J10 choose white", &chosen).unwrap();
        assert_eq!(swap2.moves[3], json!({"choose": "white"}));
        let timed = json!({"timeControl": {"kind": "perMove", "moveMs": 5_000}});
        let lost = GameFile {
            params: timed,
            moves: [&moves[..], &[json!({"lostOnTime": "second"})]].concat(),
            ..GameFile::default()
        };
        assert_eq!(write(&lost).unwrap(), b"H8 I9 J10", "the clock's ruling is no move");
    }

    #[test]
    fn each_refusal_has_its_code_and_the_values_of_its_message() {
        let chosen = KIND.info().default_params();
        let error = read(b"H8 Q99", &chosen).unwrap_err();
        assert_eq!(
            (error.code, error.params),
            ("record_illegal_move", json!({"number": 2, "text": "Q99", "reason": "not a move"}))
        );
        assert_eq!(read(b" \n ", &chosen).unwrap_err().code, "record_no_moves");
        assert_eq!(read("H8 ".repeat(MAX_BYTES).as_bytes(), &chosen).unwrap_err().code, "record_too_large");
        for code in ["record_illegal_move", "record_no_moves", "record_too_large"] {
            assert!(FORMAT.error_codes.contains(&code));
        }
    }
}
