//! The files a game reads and writes besides the app's own record file: a competitive
//! Minesweeper's videos, Gomocup's game files, Gomoku's pasted moves. Each game lists its
//! formats in its [`crate::GameInfo::file_formats`], each with its codec; the app offers them all
//! through one export and one import path and names no format itself.
//!
//! A position file is a format too: it reads as a [`Position`], a new game that starts there
//! (Bubble Breaker's position files, Gomoku's moves, which go on from the moves they list).
//!
//! A codec works on a [`GameFile`]: what such a file holds of a finished game (its parameters,
//! seed, moves with their times, player and dates), so it needs nothing of the app's store.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One kind of file a game reads, writes or both.
pub struct FileFormat {
    /// The stable id: the export command's `format` and the page's menu item (`.hist-export-{id}`).
    pub id: &'static str,
    /// The catalogue key of the export menu item that writes it (`Gomocup file (.psq)…`).
    /// A format whose MIME type is `text/...` is text ([`FileFormat::is_text`]): the app may
    /// put what it writes on the clipboard, and read it from a pasted text.
    pub name_key: &'static str,
    /// The catalogue keys of the title of the dialog that takes a file of this format on its
    /// own (the save dialog of its export; for a position, the open dialog that starts a game
    /// from one) and of its file filter's name.
    pub dialog_title_key: &'static str,
    pub filter_key: &'static str,
    /// The files' extensions, lower case, without the dot; a written file takes the first.
    pub extensions: &'static [&'static str],
    pub mime_type: &'static str,
    /// The largest file read: a longer one is refused unread, by the reader's own error.
    pub max_bytes: u64,
    /// What a file of the format becomes, if the game reads it.
    pub reads: Option<Reads>,
    /// How a finished game becomes such a file, if the game writes it.
    pub writes: Option<Writes>,
    /// The codes of the typed errors its reader gives (each translated as `error.{code}`).
    pub error_codes: &'static [&'static str],
    /// Whether its reader is a third party's parser, which may panic on a damaged file: the app
    /// then reads it where a panic cannot end the program, and such a death is
    /// [`FileFormat::unreadable_code`].
    pub reader_may_panic: bool,
    /// The code of a file whose reading failed outright (one of the error codes).
    pub unreadable_code: &'static str,
}

/// What a file of a format becomes.
#[derive(Clone, Copy)]
pub enum Reads {
    /// A finished game, to watch (and review, where the game has a review): Import game...
    Game(fn(&[u8]) -> Result<GameFile, FormatError>),
    /// A position: a new game that starts from it, marked imported (Bubble Breaker's Open
    /// position..., Gomoku's Paste position).
    Position(PositionReader),
}

/// A position format's reader: a file's bytes as a new game from it. It is given the
/// parameters the player chose (JSON; the game's defaults when the player chose none), which a
/// format that does not hold them all takes (Gomoku's moves); a format that does ignores them.
pub type PositionReader = fn(&[u8], &Value) -> Result<Position, FormatError>;

/// A new game as a position format reads it: its parameters (as
/// [`crate::GameInfo::start_game`] takes them) and the moves it goes on from (as the game logs
/// them), which the app plays through the rules before the player's first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Position {
    pub params: Value,
    pub moves: Vec<Value>,
}

impl Position {
    /// A game that starts from `params` alone (a file that sets out the whole position).
    pub fn of_params(params: Value) -> Position {
        Position { params, moves: Vec::new() }
    }
}

/// How a format writes a game.
#[derive(Clone, Copy)]
pub struct Writes {
    pub write: fn(&GameFile) -> Result<Vec<u8>, FormatError>,
    /// Whether it holds only games that ended won, lost or drawn (a video holds no abandoned
    /// game): the history offers it on those rows only.
    pub ended_only: bool,
    /// Whether it also writes a game still under way (its moves so far: Gomoku's Copy moves),
    /// not only a finished one.
    pub under_way: bool,
}

impl FileFormat {
    /// Whether it reads finished games (Import game...), not positions.
    pub fn reads_games(&self) -> bool {
        matches!(self.reads, Some(Reads::Game(_)))
    }

    /// Its position reader, if it reads positions.
    pub fn position_reader(&self) -> Option<PositionReader> {
        match self.reads {
            Some(Reads::Position(read)) => Some(read),
            _ => None,
        }
    }

    /// Whether it is text (a `text/...` MIME type): what it writes may go to the clipboard.
    pub fn is_text(&self) -> bool {
        self.mime_type.starts_with("text/")
    }

    /// Whether `name` (a file's name or path) ends in one of the format's extensions, in any case.
    pub fn names(&self, name: &str) -> bool {
        let extension = name.rsplit_once('.').map_or("", |(_, extension)| extension);
        self.extensions.iter().any(|ours| ours.eq_ignore_ascii_case(extension))
    }

    /// The error code a reader's `code` names, as this format's own `'static` one (a code that
    /// crossed a process boundary as text); an unknown code is [`FileFormat::unreadable_code`].
    pub fn error_code(&self, code: &str) -> &'static str {
        self.error_codes.iter().copied().find(|ours| *ours == code).unwrap_or(self.unreadable_code)
    }
}

/// A game as a file holds it (the common ground of every format's codec): a finished one, or
/// one under way for a format that writes such games ([`Writes::under_way`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameFile {
    /// The game's parameters and seed, as [`crate::GameInfo::new_game`] deals it.
    pub params: Value,
    pub seed: u64,
    /// Its moves (as the game logs them) and the clock at each, in ms from the game's start.
    pub moves: Vec<Value>,
    pub times_ms: Vec<u64>,
    /// The game's time: the clock as it ended.
    pub time_ms: u64,
    /// Who played, when the file says.
    pub player: Option<String>,
    /// When the game began and ended, in µs since 1970, when the file says.
    pub started_us: Option<i64>,
    pub finished_us: Option<i64>,
}

/// Why a file was not read or a game not written: a stable code the page translates
/// (`error.{code}`), the values its message needs, and the message in English.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FormatError {
    pub code: &'static str,
    pub message: String,
    pub params: Value,
}

impl FormatError {
    pub fn new(code: &'static str, message: impl ToString, params: Value) -> FormatError {
        FormatError { code, message: message.to_string(), params }
    }
}

impl From<crate::PositionFileError> for FormatError {
    fn from(error: crate::PositionFileError) -> FormatError {
        let params = match &error {
            crate::PositionFileError::TooLarge { max } => serde_json::json!({ "max": max }),
            crate::PositionFileError::Invalid(reason) => serde_json::json!({ "reason": reason }),
        };
        let code = match error {
            crate::PositionFileError::TooLarge { .. } => "position_too_large",
            crate::PositionFileError::Invalid(_) => "position_invalid",
        };
        FormatError::new(code, &error, params)
    }
}
