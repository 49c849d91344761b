//! A `.psq` as one of Gomoku's file formats ([`FORMAT`]): a file read as a finished game, and a
//! finished game written as a file.
//!
//! **Read.** A game between two people (Pastimes' computer did not play it) under the file's
//! rule, with the standard opening and the file's names where they are valid player names
//! ("Black" and "White" otherwise). Each stone is at its time: the file's times added up. A
//! `.psq` keeps no date.
//!
//! **Written.** Its stones with the time each took (from the clock at the stone before; an
//! opening's decision's time, and an offered fifth move's, goes to the stone after it; the offers
//! not chosen are not stones and are left out), the players' names as the game ended (under
//! Swap2 after the colours were chosen), the computer's seat marked as a brain
//! (`pbrain-pastimes-hard`) and the rule.

use super::{read, write, PsqError, PsqGame, Seat, Stone, MAX_BYTES};
use crate::file_format::{FileFormat, FormatError, GameFile, Reads, Writes};
use crate::gomoku::{Action, Colour, Gomoku, Params};
use crate::Game;
use serde_json::{json, Value};

/// Gomocup's game files, read and written.
pub const FORMAT: FileFormat = FileFormat {
    id: "psq",
    name_key: "history.export.psq",
    dialog_title_key: "history.exportPsqTitle",
    filter_key: "history.psqFilter",
    extensions: &["psq"],
    mime_type: "text/plain",
    max_bytes: MAX_BYTES as u64,
    reads: Some(Reads::Game(read_game)),
    writes: Some(Writes { write: write_game, ended_only: false, under_way: false }),
    error_codes: &[
        "psq_too_large",
        "psq_not_psq",
        "psq_board_size",
        "psq_bad_line",
        "psq_truncated",
        "psq_no_moves",
        "psq_illegal_move",
    ],
    reader_may_panic: false,
    unreadable_code: "psq_not_psq",
};

impl From<PsqError> for FormatError {
    fn from(error: PsqError) -> FormatError {
        let (code, params) = match &error {
            PsqError::TooLarge { max } => ("psq_too_large", json!({ "max": max })),
            PsqError::NotPsq => ("psq_not_psq", json!({})),
            PsqError::BoardSize { width, height } => ("psq_board_size", json!({ "width": width, "height": height })),
            PsqError::BadLine { line, .. } => ("psq_bad_line", json!({ "line": line })),
            PsqError::Truncated { line } => ("psq_truncated", json!({ "line": line })),
            PsqError::NoMoves => ("psq_no_moves", json!({})),
            PsqError::Illegal { number, x, y, .. } => ("psq_illegal_move", json!({ "number": number, "x": x, "y": y })),
        };
        FormatError::new(code, &error, params)
    }
}

/// A `.psq` file's bytes (text; a byte that is not UTF-8 reads as a replacement character) as a
/// finished Gomoku game.
pub fn read_game(bytes: &[u8]) -> Result<GameFile, FormatError> {
    if bytes.len() > MAX_BYTES {
        return Err(PsqError::TooLarge { max: MAX_BYTES }.into());
    }
    let game = read(&String::from_utf8_lossy(bytes))?;
    let defaults = Params::default();
    let params = Params {
        rule: game.rule,
        size: game.size,
        black_name: valid_name(&game.black).unwrap_or(defaults.black_name),
        white_name: valid_name(&game.white).unwrap_or(defaults.white_name),
        ..Params::default()
    };
    let mut clock = 0u64;
    let (mut moves, mut times_ms) = (Vec::new(), Vec::new());
    for stone in &game.stones {
        clock = clock.saturating_add(stone.ms);
        moves.push(json!({ "x": stone.point.x, "y": stone.point.y }));
        times_ms.push(clock);
    }
    let params = serde_json::to_value(&params).map_err(|e| FormatError::new("psq_not_psq", e, json!({})))?;
    Ok(GameFile { params, seed: 0, moves, times_ms, time_ms: clock, ..GameFile::default() })
}

fn valid_name(seat: &Seat) -> Option<String> {
    seat.name.as_deref().and_then(|name| crate::names::player_name(name).ok())
}

/// The finished Gomoku game `file` as a `.psq` text.
pub fn write_game(file: &GameFile) -> Result<Vec<u8>, FormatError> {
    let bad = |reason: String| FormatError::new("psq_illegal_move", &reason, Value::Null);
    let params: Params = serde_json::from_value(file.params.clone()).map_err(|e| bad(e.to_string()))?;
    let mut game = Gomoku::new(&params, file.seed).map_err(|e| bad(e.to_string()))?;
    let mut stones = Vec::new();
    let mut last_stone_at = 0;
    for (value, &at) in file.moves.iter().zip(&file.times_ms) {
        let action: Action = serde_json::from_value(value.clone()).map_err(|e| bad(e.to_string()))?;
        let played = game.moves().len();
        game.apply(&action).map_err(|e| bad(e.to_string()))?;
        // Only stones on the board: an offered fifth move is not one until it is chosen.
        if let (true, Some(&point)) = (game.moves().len() > played, game.moves().last()) {
            stones.push(Stone { point, ms: at.saturating_sub(last_stone_at) });
            last_stone_at = at;
        }
    }
    let psq = PsqGame {
        rule: params.rule,
        size: params.size,
        stones,
        black: seat(&game, Colour::Black),
        white: seat(&game, Colour::White),
    };
    Ok(write(&psq).into_bytes())
}

/// Who held `colour` as the game ended: the computer (named by its level) or a person.
fn seat(game: &Gomoku, colour: Colour) -> Seat {
    if game.computer_colour() == Some(colour) {
        return Seat { name: Some(format!("pastimes-{}", game.params().opponent.as_str())), computer: true };
    }
    let view = game.view();
    let name = if colour == Colour::Black { view.black_name } else { view.white_name };
    Seat { name: Some(name), computer: false }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black's five on row 8, white's stones in the corners.
    const STONES: [(i64, i64); 9] = [(7, 7), (0, 0), (8, 7), (0, 14), (9, 7), (14, 14), (10, 7), (14, 0), (11, 7)];

    /// The game `actions` make from `params`, a second between actions, as a file holds it.
    fn played(params: Value, actions: &[Value]) -> GameFile {
        let mut game = Gomoku::new(&serde_json::from_value(params.clone()).unwrap(), 1).unwrap();
        let mut times_ms = Vec::new();
        for (n, action) in actions.iter().enumerate() {
            game.apply(&serde_json::from_value(action.clone()).unwrap()).unwrap();
            times_ms.push(1_000 * n as u64);
        }
        assert!(game.status().is_over());
        let time_ms = times_ms.last().copied().unwrap_or(0);
        GameFile { params, seed: 1, moves: actions.to_vec(), times_ms, time_ms, ..GameFile::default() }
    }

    fn stones() -> Vec<Value> {
        STONES.iter().map(|&(x, y)| json!({"x": x, "y": y})).collect()
    }

    #[test]
    fn a_swap2_game_is_written_with_the_names_of_the_colours_chosen() {
        // Ann (the first player) and Bob, who takes black after the first three stones.
        let params = json!({"opening": "swap2", "opponent": "human", "blackName": "Ann", "whiteName": "Bob"});
        let mut actions = stones();
        actions.insert(3, json!({"choose": "black"}));
        let text = String::from_utf8(write_game(&played(params, &actions)).unwrap()).unwrap();
        let game = read(&text).unwrap();
        assert_eq!(game.stones.len(), 9, "the decision is no stone");
        assert_eq!(game.black, Seat { name: Some("Bob".into()), computer: false }, "{text}");
        assert_eq!(game.white, Seat { name: Some("Ann".into()), computer: false });
        let times: Vec<u64> = game.stones.iter().skip(1).map(|stone| stone.ms).collect();
        assert_eq!(
            times,
            [1_000, 1_000, 2_000, 1_000, 1_000, 1_000, 1_000, 1_000],
            "the decision's second goes to the stone after it"
        );
        // Read back: the same stones, a game between two people under the standard opening.
        let back = read_game(text.as_bytes()).unwrap();
        assert_eq!(
            (back.params["opening"].as_str(), back.params["opponent"].as_str()),
            (Some("standard"), Some("human"))
        );
        assert_eq!((back.moves.len(), back.time_ms), (9, 9_000));
    }

    /// A Soosõrv-8 game: the offered fifth moves are no stones, only the one chosen.
    #[test]
    fn a_soosorv8_game_is_written_with_the_chosen_fifth_move_only() {
        let params = json!({"rule": "renju", "opening": "soosorv8", "opponent": "human"});
        let stone = |x: u8, y: u8| json!({"x": x, "y": y});
        let actions = [
            stone(7, 7),
            stone(8, 8),
            stone(9, 9),
            json!({"choose": "white"}),
            stone(0, 14),
            json!({"offers": 2}),
            json!({"choose": "black"}),
            stone(6, 8),
            stone(10, 6),
            stone(10, 6),
            stone(0, 0),
        ];
        let times_ms = (0..actions.len() as u64).map(|n| n * 1_000).collect();
        let file = GameFile { params, seed: 1, moves: actions.to_vec(), times_ms, ..GameFile::default() };
        let text = String::from_utf8(write_game(&file).unwrap()).unwrap();
        let game = read(&text).unwrap();
        let points: Vec<(u8, u8)> = game.stones.iter().map(|s| (s.point.x, s.point.y)).collect();
        assert_eq!(points, [(7, 7), (8, 8), (9, 9), (0, 14), (10, 6), (0, 0)], "{text}");
    }

    /// A timed game lost on time is written with its stones and the time each took on the
    /// clock; the ruling is no stone.
    #[test]
    fn a_game_lost_on_time_is_written_with_its_clock_times() {
        let params =
            json!({"opponent": "human", "timeControl": {"kind": "fischer", "mainMs": 60_000, "incrementMs": 1_000}});
        let actions = [
            json!({"x": 7, "y": 7}),
            json!({"x": 8, "y": 8}),
            json!({"x": 9, "y": 9}),
            json!({"lostOnTime": "second"}),
        ];
        let text = String::from_utf8(write_game(&played(params, &actions)).unwrap()).unwrap();
        let game = read(&text).unwrap();
        assert_eq!(game.stones.iter().map(|stone| stone.ms).collect::<Vec<_>>(), [0, 1_000, 1_000], "{text}");
    }

    #[test]
    fn the_computers_seat_is_written_as_a_brain_named_by_its_level() {
        let params = json!({"opponent": "hard", "humanColour": "white", "whiteName": "Ann"});
        let text = String::from_utf8(write_game(&played(params, &stones())).unwrap()).unwrap();
        assert!(text.starts_with("Piskvorky 15x15, 1:0, 0\n"), "{text}");
        assert!(text.contains("\npbrain-pastimes-hard\nhomo-Ann\n0\n"), "{text}");
        assert_eq!(read(&text).unwrap().black, Seat { name: Some("pastimes-hard".into()), computer: true });
    }

    #[test]
    fn names_that_are_no_player_names_read_as_the_colours() {
        let long = "x".repeat(crate::names::MAX_NAME_CHARS + 1);
        let text = format!("Piskvorky 15x15, 0:0, 0\n8,8,5\n9,9,7\nhomo-{long}\nhomo-Zoe\n0\n");
        let file = read_game(text.as_bytes()).unwrap();
        assert_eq!(
            (file.params["blackName"].as_str(), file.params["whiteName"].as_str()),
            (Some("Black"), Some("Zoe"))
        );
        assert_eq!((file.times_ms.as_slice(), file.player.as_deref(), file.started_us), (&[5, 12][..], None, None));
    }

    #[test]
    fn each_refusal_has_its_code_and_the_values_of_its_message() {
        let cases = [
            ("Piskvorky 19x19, 0:0, 0\n1,1\n", "psq_board_size", json!({"width": 19, "height": 19})),
            ("Piskvorky 15x15, 0:0, 0\n8,8\n8,8\n", "psq_illegal_move", json!({"number": 2, "x": 8, "y": 8})),
            ("Piskvorky 15x15, 0:0, 0\n8,8\n9,", "psq_truncated", json!({"line": 3})),
            ("Piskvorky 15x15, 0:0, 0\n8,8\n9,a\n0\n", "psq_bad_line", json!({"line": 3})),
            ("Piskvorky 15x15, 0:0, 0\n", "psq_no_moves", json!({})),
            ("Pastimes record 1\n", "psq_not_psq", json!({})),
        ];
        for (text, code, params) in cases {
            let error = read_game(text.as_bytes()).unwrap_err();
            assert_eq!((error.code, error.params), (code, params), "{text:?}");
            assert!(FORMAT.error_codes.contains(&code));
        }
        let large = "1".repeat(MAX_BYTES + 1);
        assert_eq!(read_game(large.as_bytes()).unwrap_err().code, "psq_too_large");
        let overflow = format!("Piskvorky 15x15, 0:0, 0\n8,8,{}\n9,9,{}\n", u64::MAX, i64::MAX);
        assert_eq!(read_game(overflow.as_bytes()).unwrap_err().code, "psq_bad_line");
    }
}
