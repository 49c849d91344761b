//! Gomocup's game files (Piskvork's `.psq`, read and written by the games crate's
//! `gomoku::psq`, where the format is described) in and out of Pastimes.
//!
//! **Import.** A file becomes a finished game with id 0, as an imported record file is
//! ([`crate::records::record_text`]): never stored, never ranked (marked imported), watched and
//! reviewed through the same path. It is a game between two people (Pastimes' computer did not
//! play it) under the file's rule (freestyle when the file does not say, see the format's doc),
//! with the standard opening and the file's names where they are valid player names ("Black"
//! and "White" otherwise). Each stone is at its time: the file's times added up.
//!
//! **Export.** Any Gomoku game of the history: its stones with the time each took (from the
//! clock at the stone before; a Swap2 decision's time goes to the stone after it), the players'
//! names as the game ended (under Swap2 after the colours were chosen), the computer's seat
//! marked as a brain (`pbrain-pastimes-hard`) and the rule.

use crate::error::{AppError, AppResult};
use crate::records::imported::Imported;
use crate::records::record::GameRecord;
use crate::records::replay;
use crate::store::FullRecord;
use pastimes_games::gomoku::psq::{self, PsqError, PsqGame, Seat, Stone};
use pastimes_games::gomoku::{self, Action, Colour, Gomoku, Params, Point};
use pastimes_games::Game;
use serde_json::{json, Value};
use std::io::Read;
use std::path::Path;

/// The extension of the files, in any case.
pub const EXTENSION: &str = "psq";

/// Whether a file's name names a `.psq`.
pub fn is_psq_name(name: &str) -> bool {
    Path::new(name).extension().and_then(|ext| ext.to_str()).is_some_and(|ext| ext.eq_ignore_ascii_case(EXTENSION))
}

/// A refused `.psq`, with the stable code the page translates and the values its message needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PsqImportError(pub PsqError);

impl PsqImportError {
    pub fn code(&self) -> &'static str {
        self.0.code()
    }

    pub fn params(&self) -> Value {
        self.0.params()
    }
}

impl From<PsqError> for AppError {
    fn from(error: PsqError) -> Self {
        let typed = PsqImportError(error);
        AppError::Import { code: typed.code(), message: typed.0.to_string(), params: typed.params() }
    }
}

/// The `.psq` file at `path`, imported as [`import`] does; a file above the limit is refused
/// before it is read.
pub fn import_file(path: &Path) -> AppResult<FullRecord> {
    let file = std::fs::File::open(path)?;
    let too_large = || AppError::from(PsqError::TooLarge { max: psq::MAX_BYTES });
    if file.metadata()?.len() > psq::MAX_BYTES as u64 {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(psq::MAX_BYTES as u64 + 1).read_to_end(&mut bytes)?;
    import(&String::from_utf8_lossy(&bytes))
}

/// A `.psq` text as a finished Gomoku game with id 0, every stone played through the rules.
pub fn import(text: &str) -> AppResult<FullRecord> {
    let game = psq::read(text)?;
    let params = Params {
        rule: game.rule,
        black_name: valid_name(&game.black).unwrap_or_else(|| Params::default().black_name),
        white_name: valid_name(&game.white).unwrap_or_else(|| Params::default().white_name),
        ..Params::default()
    };
    let params = serde_json::to_value(&params).map_err(|e| AppError::BadArgument(e.to_string()))?;
    to_record(&game, &params)
}

fn valid_name(seat: &Seat) -> Option<String> {
    seat.name.as_deref().and_then(|name| crate::prefs::names::validate_name(name).ok())
}

/// The read game as a finished game of the history's shape: its stones at their clocks.
fn to_record(game: &PsqGame, params: &Value) -> AppResult<FullRecord> {
    let kind = gomoku::KIND;
    let seed = 0;
    let dealt = (kind.info().new_game)(params, seed)?;
    let mut played = dealt.clone();
    let mut record = GameRecord::default();
    let mut clock = 0u64;
    for stone in &game.stones {
        let mv = json!({ "x": stone.point.x, "y": stone.point.y });
        replay::play_move(played.as_mut(), record.moves.len(), &mv).map_err(AppError::BadArgument)?;
        clock = clock.saturating_add(stone.ms);
        record.moves.push(mv);
        record.times_ms.push(clock);
    }
    // A .psq keeps no date: the game is taken to have ended now.
    let took = chrono::TimeDelta::try_milliseconds(i64::try_from(clock).unwrap_or(i64::MAX)).unwrap_or_default();
    let now = chrono::Utc::now();
    let full = Imported {
        dealt: dealt.as_ref(),
        played: played.as_ref(),
        record: &record,
        detail: json!({ "seed": seed.to_string(), "params": dealt.params() }),
        started: now.checked_sub_signed(took).unwrap_or(now),
        player: None,
    }
    .into_full_record();
    crate::records::verify::check(&full.stored).map_err(AppError::BadArgument)?;
    Ok(full)
}

/// The Gomoku game `full` as a `.psq` text, and the file name to offer for it.
pub fn export(full: &FullRecord) -> AppResult<(String, String)> {
    if full.stored.game != gomoku::KIND.as_str() {
        return Err(AppError::NotOffered { game: kind_of(full)?, what: "export a .psq" });
    }
    let dealt = replay::deal(&full.stored).map_err(|reason| AppError::BadRecord { id: full.stored.id, reason })?;
    let bad = |reason: String| AppError::BadRecord { id: full.stored.id, reason };
    let params: Params = serde_json::from_value(dealt.detail["params"].clone()).map_err(|e| bad(e.to_string()))?;
    let mut game = Gomoku::new(&params, dealt.seed).map_err(|e| bad(e.to_string()))?;
    let mut stones = Vec::new();
    let mut last_stone_at = 0;
    for (value, &at) in dealt.record.moves.iter().zip(&dealt.record.times_ms) {
        let action: Action = serde_json::from_value(value.clone()).map_err(|e| bad(e.to_string()))?;
        game.apply(&action).map_err(|e| bad(e.to_string()))?;
        if let Action::Stone(mv) = action {
            let point = Point::new(mv.x, mv.y).ok_or_else(|| bad(format!("{mv:?} is off the board")))?;
            stones.push(Stone { point, ms: at.saturating_sub(last_stone_at) });
            last_stone_at = at;
        }
    }
    let psq =
        PsqGame { rule: params.rule, stones, black: seat(&game, Colour::Black), white: seat(&game, Colour::White) };
    let name = crate::records::record_text::file_name(full).replace(".txt", ".psq");
    Ok((psq::write(&psq), name))
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

fn kind_of(full: &FullRecord) -> AppResult<pastimes_games::GameKind> {
    pastimes_games::GameKind::parse(&full.stored.game).ok_or(AppError::NothingTo("export"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::clock::{ManualTime, Time};
    use crate::play::session::Session;
    use std::sync::Arc;
    use std::time::Duration;

    /// A Swap2 game between Ann (the first player) and Bob, who takes black after the first
    /// three stones; black's five on row 8. A second between actions.
    fn swap2_game() -> FullRecord {
        let params = json!({"opening": "swap2", "opponent": "human", "blackName": "Ann", "whiteName": "Bob"});
        let mut actions: Vec<Value> = STONES.iter().map(|&(x, y)| json!({"x": x, "y": y})).collect();
        actions.insert(3, json!({"choose": "black"}));
        played(params, &actions)
    }

    /// Black's five on row 8, white's stones in the corners.
    const STONES: [(i64, i64); 9] = [(7, 7), (0, 0), (8, 7), (0, 14), (9, 7), (14, 14), (10, 7), (14, 0), (11, 7)];

    /// The game `actions` make from `params`, a second between actions, as the history keeps it.
    fn played(params: Value, actions: &[Value]) -> FullRecord {
        let hand = Arc::new(ManualTime::default());
        let time: Time = hand.clone();
        let mut session = Session::new(gomoku::KIND, &params, 1, time).unwrap();
        for action in actions {
            session.play(action).unwrap();
            hand.advance(Duration::from_millis(1_000));
        }
        assert!(session.is_over());
        let mut store = crate::store::Store::open_in_memory().unwrap();
        let recorded = store.record_finished(&crate::state::rows::finished(&session).unwrap()).unwrap();
        store.full_record(recorded.id).unwrap().unwrap()
    }

    #[test]
    fn a_swap2_game_exports_its_stones_with_the_names_of_the_colours_chosen() {
        let (text, name) = export(&swap2_game()).unwrap();
        assert!(name.ends_with(".psq"), "{name}");
        let game = psq::read(&text).unwrap();
        assert_eq!(game.stones.len(), 9, "the decision is no stone");
        assert_eq!(game.black, Seat { name: Some("Bob".into()), computer: false }, "{text}");
        assert_eq!(game.white, Seat { name: Some("Ann".into()), computer: false });
        let times: Vec<u64> = game.stones.iter().skip(1).map(|stone| stone.ms).collect();
        assert_eq!(
            times,
            [1_000, 1_000, 2_000, 1_000, 1_000, 1_000, 1_000, 1_000],
            "the decision's second goes to the stone after it"
        );
        // Imported back: the same stones, a game between two people under the standard opening.
        let back = import(&text).unwrap();
        let detail: Value = serde_json::from_str(&back.stored.detail).unwrap();
        assert_eq!((detail["params"]["opening"].as_str(), back.stored.result.as_str()), (Some("standard"), "won"));
        assert_eq!((back.stored.moves, back.assistance.imported), (9, true));
    }

    #[test]
    fn the_computers_seat_is_written_as_a_brain_named_by_its_level() {
        let params = json!({"opponent": "hard", "humanColour": "white", "whiteName": "Ann"});
        let actions: Vec<Value> = STONES.iter().map(|&(x, y)| json!({"x": x, "y": y})).collect();
        let (text, _) = export(&played(params, &actions)).unwrap();
        assert!(text.starts_with("Piskvorky 15x15, 1:0, 0\n"), "{text}");
        assert!(text.contains("\npbrain-pastimes-hard\nhomo-Ann\n0\n"), "{text}");
        let game = psq::read(&text).unwrap();
        assert_eq!(game.black, Seat { name: Some("pastimes-hard".into()), computer: true });
    }

    #[test]
    fn a_file_whose_times_add_up_to_no_date_is_refused_not_a_panic() {
        // Times past a day a move are bad lines: their sum once overflowed the date the game
        // began, a panic.
        let text = format!("Piskvorky 15x15, 0:0, 0\n8,8,{}\n9,9,{}\n", u64::MAX, i64::MAX);
        assert!(matches!(import(&text), Err(AppError::Import { code: "psq_bad_line", .. })));
        let long = format!("Piskvorky 15x15, 0:0, 0\n8,8,{0}\n9,9,{0}\n", psq::MAX_MOVE_MS);
        let back = import(&long).unwrap();
        assert_eq!(back.stored.time_ms, 2 * psq::MAX_MOVE_MS as i64);
        let at = |text: &str| text.parse::<chrono::DateTime<chrono::Utc>>().unwrap();
        assert_eq!(at(&back.finished_at) - at(&back.started_at), chrono::TimeDelta::days(2), "{back:?}");
    }

    #[test]
    fn each_refusal_has_its_code_and_the_values_of_its_message() {
        let cases = [
            ("Piskvorky 20x20, 0:0, 0\n1,1\n", "psq_board_size", json!({"width": 20, "height": 20})),
            ("Piskvorky 15x15, 0:0, 0\n8,8\n8,8\n", "psq_illegal_move", json!({"number": 2, "x": 8, "y": 8})),
            ("Piskvorky 15x15, 0:0, 0\n8,8\n9,", "psq_truncated", json!({"line": 3})),
            ("Piskvorky 15x15, 0:0, 0\n8,8\n9,a\n0\n", "psq_bad_line", json!({"line": 3})),
            ("Piskvorky 15x15, 0:0, 0\n", "psq_no_moves", json!({})),
            ("Pastimes record 1\n", "psq_not_psq", json!({})),
        ];
        for (text, code, params) in cases {
            match import(text) {
                Err(AppError::Import { code: got, params: values, .. }) => {
                    assert_eq!((got, values), (code, params), "{text:?}")
                }
                other => panic!("{text:?}: {other:?}"),
            }
        }
        let large = "1".repeat(psq::MAX_BYTES + 1);
        assert!(matches!(import(&large), Err(AppError::Import { code: "psq_too_large", .. })));
    }
}
