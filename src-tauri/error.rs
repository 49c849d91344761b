//! The one error type that crosses the IPC boundary.
//!
//! It serialises as `{code, message, params}`: `code` is stable and the page translates it with
//! `params`; `message` is English, for logs and for codes the page does not know.

use pastimes_games::{DealCodeError, GameKind, RuleError};
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};
use serde_json::{json, Value};

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("invalid argument: {0}")]
    BadArgument(String),
    #[error("no {} game is in progress", .0.as_str())]
    NoGame(GameKind),
    #[error("the game is paused")]
    Paused,
    #[error("the computer is thinking")]
    ComputerThinking,
    #[error("nothing to {0}")]
    NothingTo(&'static str),
    #[error("invalid name: {0}")]
    InvalidName(&'static str),
    #[error("that game is not a record waiting for a name")]
    NotARecord,
    #[error("unknown setting {0:?}")]
    UnknownSetting(String),
    #[error("{} has no category {category:?}", game.as_str())]
    UnknownCategory { game: GameKind, category: String },
    #[error("the date range holds no time: it starts ({from}) at or after its end ({to})")]
    BadDateRange { from: String, to: String },
    #[error(
        "the database was written by a newer Pastimes (schema {found}, this version knows up to \
         {known}); it was left untouched"
    )]
    NewerSchema { found: i64, known: i64 },
    #[error("the database is another program's ({0}); it was left untouched")]
    ForeignStore(String),
    #[error("the data store could not be opened: {0}")]
    StoreUnavailable(String),
    #[error("storage failed: {0}")]
    Store(#[from] rusqlite::Error),
    #[error("could not read or write the data directory: {0}")]
    Io(#[from] std::io::Error),
    #[error("the window could not be changed: {0}")]
    Window(String),
    /// A record file that cannot be imported (`record_text::ImportError`, converted there, so
    /// that this type depends on no layer above it): its own code and parameters.
    #[error("{message}")]
    Import { code: &'static str, message: String, params: Value },
    #[error("no finished game has the id {0}")]
    NoSuchGame(i64),
    #[error("game {0} was finished before games kept their records")]
    NoRecord(i64),
    #[error("the record of game {id} does not replay: {reason}")]
    BadRecord { id: i64, reason: String },
    #[error("no best line was found for game {0}")]
    NoBestLine(i64),
    #[error("no game is open in the watch view")]
    NotWatching,
    #[error("no record file has been imported")]
    NothingImported,
    #[error("frame {index} is not one of the {frames} of the game watched")]
    NoSuchFrame { index: u64, frames: usize },
    /// The game's puzzle file is damaged: its puzzles are refused, the rest of the app runs.
    #[error("the puzzles cannot be read: {0}")]
    PuzzleFile(#[from] pastimes_games::PuzzleFileError),
    /// What only some games offer, asked of one without it (its table says: a review, copying
    /// or pasting moves).
    #[error("{} does not offer {what}", game.as_str())]
    NotOffered { game: GameKind, what: &'static str },
    /// A text that is no deal code this Pastimes can deal (`pastimes_games::DealCodeError`).
    #[error(transparent)]
    DealCode(DealCodeError),
    /// An external engine that cannot be added (it failed a check by a fault) or played, with
    /// what happened in English.
    #[error("engine: {trouble:?}: {detail}")]
    Engine { trouble: EngineTrouble, detail: String },
}

/// What is wrong with an external engine: a fault in its checks, or a game it cannot play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineTrouble {
    Timeout,
    Crash,
    Garbage,
    Illegal,
    Flood,
    /// Not (or no longer) in the player's list.
    NoSuchEngine,
    /// A rule it did not play a first move under when it was added.
    RuleNotPlayed,
    /// It does not answer `SWAP2BOARD`.
    NoSwap2,
    /// A board it did not play a first move on when it was added (`START 20`).
    SizeNotPlayed,
    /// As the hint's engine (`engines::helper`), it failed by this fault: no hint.
    Hint(HintFault),
}

/// How the hint's engine failed (the engines layer reads it from the game's own fault).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintFault {
    Timeout,
    Crash,
    Garbage,
    Illegal,
    Flood,
}

impl From<DealCodeError> for AppError {
    /// A game without deals is refused as any missing offer is; parameters the game refuses
    /// keep the rules' own codes.
    fn from(error: DealCodeError) -> AppError {
        match error {
            DealCodeError::NoDeal(game) => match GameKind::parse(game) {
                Some(game) => AppError::NotOffered { game, what: "deal codes" },
                None => AppError::DealCode(DealCodeError::UnknownGame(game.to_string())),
            },
            DealCodeError::Rule(rule) => AppError::Rule(rule),
            other => AppError::DealCode(other),
        }
    }
}

pub type AppResult<T> = Result<T, AppError>;

impl AppError {
    /// The stable code the page translates.
    pub fn code(&self) -> &'static str {
        match self {
            AppError::Rule(rule) => match rule {
                RuleError::OutOfBoard { .. } => "out_of_board",
                RuleError::GameOver => "game_over",
                RuleError::OutOfRange { .. } => "out_of_range",
                RuleError::Illegal(_) => "illegal_move",
                RuleError::Malformed { .. } => "bad_argument",
            },
            AppError::BadArgument(_) => "bad_argument",
            AppError::NoGame(_) => "no_game",
            AppError::Paused => "paused",
            AppError::ComputerThinking => "computer_thinking",
            AppError::NothingTo(_) => "nothing_to_do",
            AppError::InvalidName(_) => "invalid_name",
            AppError::NotARecord => "not_a_record",
            AppError::UnknownSetting(_) => "unknown_setting",
            AppError::UnknownCategory { .. } => "unknown_category",
            AppError::BadDateRange { .. } => "bad_date_range",
            AppError::NewerSchema { .. } => "newer_schema",
            AppError::ForeignStore(_) => "foreign_store",
            AppError::StoreUnavailable(_) => "store_unavailable",
            AppError::Store(_) => "store",
            AppError::Io(_) => "io",
            AppError::Window(_) => "window",
            AppError::Import { code, .. } => code,
            AppError::NoSuchGame(_) => "no_such_game",
            AppError::NoRecord(_) => "no_record",
            AppError::BadRecord { .. } => "bad_record",
            AppError::NoBestLine(_) => "no_best_line",
            AppError::NotWatching => "not_watching",
            AppError::NothingImported => "nothing_imported",
            AppError::NoSuchFrame { .. } => "no_such_frame",
            AppError::NotOffered { .. } => "not_offered",
            AppError::PuzzleFile(_) => "puzzle_file_damaged",
            AppError::DealCode(DealCodeError::UnknownGame(_)) => "deal_code_unknown_game",
            AppError::DealCode(DealCodeError::FutureDeal { .. }) => "deal_code_future",
            AppError::DealCode(_) => "bad_deal_code",
            AppError::Engine { trouble, .. } => match trouble {
                EngineTrouble::Timeout => "engine_timeout",
                EngineTrouble::Crash => "engine_crash",
                EngineTrouble::Garbage => "engine_garbage",
                EngineTrouble::Illegal => "engine_illegal",
                EngineTrouble::Flood => "engine_flood",
                EngineTrouble::NoSuchEngine => "engine_no_such",
                EngineTrouble::RuleNotPlayed => "engine_rule",
                EngineTrouble::NoSwap2 => "engine_no_swap2",
                EngineTrouble::SizeNotPlayed => "engine_size",
                EngineTrouble::Hint(fault) => match fault {
                    HintFault::Timeout => "hint_timeout",
                    HintFault::Crash => "hint_crash",
                    HintFault::Garbage => "hint_garbage",
                    HintFault::Illegal => "hint_illegal",
                    HintFault::Flood => "hint_flood",
                },
            },
        }
    }

    /// The values a translated message needs.
    pub fn params(&self) -> Value {
        match self {
            AppError::Rule(RuleError::OutOfBoard { x, y, width, height }) => {
                json!({ "x": x, "y": y, "width": width, "height": height })
            }
            AppError::Rule(RuleError::OutOfRange { what, min, max, value }) => {
                json!({ "what": what, "min": min, "max": max, "value": value })
            }
            AppError::Rule(RuleError::Illegal(why)) => json!({ "reason": why }),
            AppError::NoGame(kind) => json!({ "game": kind.as_str() }),
            AppError::NothingTo(what) => json!({ "what": what }),
            AppError::InvalidName(why) => json!({ "reason": why }),
            AppError::UnknownSetting(key) => json!({ "key": key }),
            AppError::UnknownCategory { game, category } => json!({ "game": game.as_str(), "category": category }),
            AppError::BadDateRange { from, to } => json!({ "from": from, "to": to }),
            AppError::NewerSchema { found, known } => json!({ "found": found, "known": known }),
            AppError::StoreUnavailable(reason) | AppError::ForeignStore(reason) => json!({ "reason": reason }),
            AppError::Import { params, .. } => params.clone(),
            AppError::NoSuchGame(id) | AppError::NoRecord(id) | AppError::NoBestLine(id) => json!({ "id": id }),
            AppError::BadRecord { id, reason } => json!({ "id": id, "reason": reason }),
            AppError::NoSuchFrame { index, frames } => json!({ "index": index, "frames": frames }),
            AppError::NotOffered { game, what } => json!({ "game": game.as_str(), "what": what }),
            AppError::DealCode(DealCodeError::Malformed(reason)) => json!({ "reason": reason }),
            AppError::DealCode(DealCodeError::UnknownGame(game)) => json!({ "game": game }),
            AppError::DealCode(DealCodeError::FutureDeal { game, version, newest }) => {
                json!({ "game": game, "version": version, "newest": newest })
            }
            AppError::Engine { detail, .. } => json!({ "detail": detail }),
            _ => json!({}),
        }
    }

    /// An engine's error: see [`AppError::Engine`].
    pub fn engine(trouble: EngineTrouble, detail: impl std::fmt::Display) -> AppError {
        AppError::Engine { trouble, detail: detail.to_string() }
    }

    pub fn bad_argument(what: impl std::fmt::Display) -> AppError {
        AppError::BadArgument(what.to_string())
    }
}

/// A file a game's format refused (or a game it could not write): its own code and values.
impl From<pastimes_games::FormatError> for AppError {
    fn from(error: pastimes_games::FormatError) -> Self {
        AppError::Import { code: error.code, message: error.message, params: error.params }
    }
}

impl Serialize for AppError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("AppError", 3)?;
        out.serialize_field("code", self.code())?;
        out.serialize_field("message", &self.to_string())?;
        out.serialize_field("params", &self.params())?;
        out.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pastimes_games::gomoku;

    #[test]
    fn serialises_as_code_message_params() {
        let error = AppError::Rule(RuleError::OutOfRange { what: "width", min: 9, max: 100, value: 400 });
        let value = serde_json::to_value(&error).unwrap();
        assert_eq!(value["code"], "out_of_range");
        assert_eq!(value["message"], "width must be between 9 and 100, not 400");
        assert_eq!(value["params"], json!({"what": "width", "min": 9, "max": 100, "value": 400}));
    }

    #[test]
    fn every_error_has_an_object_of_params() {
        let errors = [
            AppError::Paused,
            AppError::NoGame(gomoku::KIND),
            AppError::bad_argument("x"),
            AppError::NewerSchema { found: 9, known: 1 },
        ];
        for error in errors {
            let value = serde_json::to_value(&error).unwrap();
            assert!(value["params"].is_object(), "{value}");
            assert!(!value["code"].as_str().unwrap().is_empty());
        }
    }
}
