//! Lights Out's board file, the game's one file format: a board, one row a line from the top,
//! `#` a light that is on and `.` one that is off, as square as the game's boards (3 to 7 a
//! side):
//!
//! ```text
//! .#.
//! ###
//! .#.
//! ```
//!
//! The history writes the board a finished game was dealt (its deal replayed from its seed), and
//! a file starts a game on its board, which the app marks imported. A file that sets out no board
//! the game can play (a ragged or non-square grid, another character, a size outside 3 to 7, a
//! board already dark or one no presses can put out) is refused with its reason.

use super::{Lights, Params, SIDES};
use crate::file_format::{FileFormat, FormatError, GameFile, Position, Reads, Writes};
use crate::{Game, PositionFileError, RuleError};

/// The largest file read: a 7x7 board is 56 bytes; room for a different line ending or a
/// trailing blank line, no more.
pub const MAX_BYTES: usize = 256;

/// The format as the game declares it (`GameInfo::file_formats`).
pub const FORMAT: FileFormat = FileFormat {
    id: "board",
    name_key: "lt.boardFile",
    dialog_title_key: "lt.boardFile.title",
    filter_key: "lt.boardFile.filter",
    extensions: &["txt"],
    mime_type: "text/plain",
    max_bytes: MAX_BYTES as u64,
    reads: Some(Reads::Position(read_board)),
    writes: Some(Writes { write, ended_only: false, under_way: false }),
    error_codes: &["position_too_large", "position_invalid"],
    reader_may_panic: false,
    unreadable_code: "position_invalid",
};

/// A file's bytes as a game on its board (the parameters the player chose play no part).
fn read_board(bytes: &[u8], _chosen: &serde_json::Value) -> Result<Position, FormatError> {
    Ok(Position::of_params(read(bytes)?))
}

/// A file's bytes as the parameters of a game on its board.
fn read(bytes: &[u8]) -> Result<serde_json::Value, FormatError> {
    if bytes.len() > MAX_BYTES {
        return Err(PositionFileError::TooLarge { max: MAX_BYTES }.into());
    }
    let text = std::str::from_utf8(bytes).map_err(|_| invalid("the file is not text"))?;
    let (side, lit) = parse(text)?;
    board(side, lit.clone()).map_err(|error| invalid(&error.to_string()))?;
    Ok(serde_json::to_value(Params { side, deal: super::NEWEST_DEAL, lit: Some(lit) }).expect("params are JSON"))
}

/// The board a finished game was dealt, as a file.
fn write(game: &GameFile) -> Result<Vec<u8>, FormatError> {
    let params: Params = serde_json::from_value(game.params.clone()).map_err(|error| invalid(&error.to_string()))?;
    let dealt = Lights::new(&params, game.seed).map_err(|error| invalid(&error.to_string()))?;
    Ok(text(dealt.side, dealt.lit()).into_bytes())
}

/// The board `text` sets out: its side and its lights, row by row.
fn parse(text: &str) -> Result<(usize, Vec<bool>), PositionFileError> {
    let rows: Vec<&str> = text.lines().map(str::trim_end).filter(|row| !row.is_empty()).collect();
    let side = rows.len();
    if !SIDES.contains(&side) {
        return Err(invalid_reason(format!("{side} rows: a board has {} to {}", SIDES.start(), SIDES.end())));
    }
    let mut lit = Vec::with_capacity(side * side);
    for (number, row) in rows.iter().enumerate() {
        if row.chars().count() != side {
            return Err(invalid_reason(format!("row {} is not {side} cells long", number + 1)));
        }
        for cell in row.chars() {
            match cell {
                '#' => lit.push(true),
                '.' => lit.push(false),
                other => return Err(invalid_reason(format!("row {}: {other:?} is neither # nor .", number + 1))),
            }
        }
    }
    Ok((side, lit))
}

/// A game on the board `lit` of `side` cells a side, if the game can be played there: not dark
/// already, and put out by some presses.
pub(super) fn board(side: usize, lit: Vec<bool>) -> Result<Lights, RuleError> {
    if !SIDES.contains(&side) || lit.len() != side * side {
        let (min, max) = (*SIDES.start() as i64, *SIDES.end() as i64);
        return Err(RuleError::OutOfRange { what: "side", min, max, value: side as i64 });
    }
    // Its fewest presses are none exactly when it is dark already or no presses put it out.
    let game = Lights::with_lights(side, lit);
    if game.fewest == 0 {
        let reason = "a board that is dark already or that no presses can put out".to_string();
        return Err(RuleError::Malformed { what: "board", reason });
    }
    Ok(game)
}

/// The board's text: `#` on, `.` off, a line a row.
pub fn text(side: usize, lit: &[bool]) -> String {
    lit.chunks(side).map(|row| row.iter().map(|on| if *on { '#' } else { '.' }).collect::<String>() + "\n").collect()
}

fn invalid_reason(reason: String) -> PositionFileError {
    PositionFileError::Invalid(reason)
}

fn invalid(reason: &str) -> FormatError {
    PositionFileError::Invalid(reason.to_string()).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Status;

    #[test]
    fn a_board_reads_as_a_game_on_it_and_writes_back_as_it_was_dealt() {
        let file = b".#.\n###\n.#.\n";
        let params = read(file).unwrap();
        assert_eq!(
            params,
            serde_json::json!({"side": 3, "lit": [false, true, false, true, true, true, false, true, false]})
        );
        let params: Params = serde_json::from_value(params).unwrap();
        let game = Lights::new(&params, 99).unwrap();
        assert_eq!(game.status(), Status::Playing);
        let played = GameFile { params: serde_json::to_value(&params).unwrap(), seed: 99, ..GameFile::default() };
        assert_eq!(write(&played).unwrap(), file.to_vec(), "the board as set out, whatever the seed");
        // A dealt game writes the board its seed deals.
        let dealt = GameFile { params: serde_json::json!({"side": 5}), seed: 7, ..GameFile::default() };
        let written = write(&dealt).unwrap();
        let again: Params = serde_json::from_value(read(&written).unwrap()).unwrap();
        let deal = Lights::new(&Params { side: 5, deal: crate::Deal::FIRST, lit: None }, 7).unwrap();
        assert_eq!(again.lit.as_deref(), Some(deal.lit()));
    }

    #[test]
    fn windows_line_endings_and_a_trailing_blank_line_read_the_same() {
        assert_eq!(read(b".#.\r\n###\r\n.#.\r\n\r\n").unwrap(), read(b".#.\n###\n.#.\n").unwrap());
    }

    #[test]
    fn a_file_that_sets_out_no_playable_board_is_refused_with_its_reason() {
        let reason = |bytes: &[u8]| read(bytes).unwrap_err();
        for bad in
            [&b""[..], b"#\n", b".#\n#.\n", b"........\n".repeat(8).as_slice(), b".#.\n##\n.#.\n", b".#.\n#x#\n.#.\n"]
        {
            assert_eq!(reason(bad).code, "position_invalid", "{:?}", String::from_utf8_lossy(bad));
        }
        assert_eq!(reason(b"...\n...\n...\n").code, "position_invalid", "dark already");
        assert_eq!(reason(&[0xff, 0xfe, b'\n']).code, "position_invalid", "not text");
        assert_eq!(reason(&vec![b'#'; MAX_BYTES + 1]).code, "position_too_large");
    }

    #[test]
    fn a_won_game_tells_the_fewest_presses_its_board_needed() {
        let mut game = board(3, vec![false, true, false, true, true, true, false, true, false]).unwrap();
        assert_eq!(game.summary(0), None, "nothing while playing");
        game.apply(&super::super::Press { x: 1, y: 1 }).unwrap();
        assert_eq!(game.status(), Status::Won);
        assert_eq!(game.summary(0), Some(serde_json::json!({"fewest": 1})));
    }
}
