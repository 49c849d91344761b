//! The competitive Minesweepers' video files, read into the watch view: Metasweeper's open
//! `.evf`, Arbiter's `.avf`, Viennasweeper's `.rmv` and Minesweeper Clone's `.mvf`, parsed by
//! the field's own library, `ms_toollib` (MIT, Wang Jianing); and a finished game written as an
//! `.evf` ([`mod@write`]).
//!
//! A video holds its board (the mines cell by cell) and every mouse event with its time, in
//! pixels. Its board becomes a Pastimes game on exactly those mines ([`MineMap`]), and its
//! events become Pastimes moves, as the classic games read the buttons:
//!
//! * a left release on a cell is `open` (on an open number Pastimes' open is a chord);
//! * a right press is `mark` (flags only: videos' games have no question marks); a pre-flag
//!   (`.rmv`, before the first click) too;
//! * both buttons down, then either released, is `chord` on the cell under the mouse, and the
//!   other button's release does nothing; a middle release is a chord too.
//!
//! A move the rules refuse or that changes nothing is left out, as the classic game ignored the
//! click; the moves stop when the game ends. Each move keeps its time in the video (ms, from the
//! video's zero, the first click; a pre-flag counts at 0). The result is a [`GameFile`] the app
//! shows as an imported game: never stored, never ranked.
//!
//! A file larger than [`MAX_BYTES`] is refused, and a file the library cannot read is a
//! [`VideoError`]. The library's parsers index and unwrap what a file says, so a damaged file may
//! panic inside them: the formats say so ([`FileFormat::reader_may_panic`]), and the app reads
//! them where a panic cannot end the program.
//!
//! [`MineMap`]: super::MineMap

mod moves;
mod read;
#[cfg(test)]
mod tests;
mod write;

pub use moves::{candidate_moves, to_game_file};
pub use read::parse;
pub use write::{write_evf, SOFTWARE};

use crate::file_format::{FileFormat, FormatError, GameFile, Reads, Writes};
use serde_json::{json, Value};

/// The largest video read. A long Expert game's `.avf` with every mouse move is some 100 KB.
pub const MAX_BYTES: u64 = 4 * 1024 * 1024;

/// The longest game a video may hold: a day. No real game is longer, and a clock past what a
/// date can hold is junk.
pub const MAX_GAME_MS: u64 = 24 * 60 * 60 * 1000;

/// The four formats, by their files' extensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Evf,
    Avf,
    Rmv,
    Mvf,
}

/// Why a video could not be imported. Each has a stable code the page translates; nothing
/// changes on any of them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VideoError {
    #[error("the file is larger than {} bytes: not a Minesweeper video", MAX_BYTES)]
    TooLarge,
    #[error("not a Minesweeper video of its format ({0})")]
    NotAVideo(String),
    #[error("the video ends early")]
    Truncated,
    #[error("the video's board cannot be played here: {0}")]
    BadBoard(String),
    #[error("the video could not be read")]
    Unreadable,
    #[error("the video holds no move")]
    NoMoves,
}

/// Every [`VideoError`]'s code, the one of [`VideoError::Unreadable`] among them.
const ERROR_CODES: &[&str] = &[
    "video_too_large",
    "video_not_a_video",
    "video_truncated",
    "video_bad_board",
    "video_unreadable",
    "video_no_moves",
];
const UNREADABLE: &str = "video_unreadable";

impl VideoError {
    pub fn code(&self) -> &'static str {
        match self {
            VideoError::TooLarge => "video_too_large",
            VideoError::NotAVideo(_) => "video_not_a_video",
            VideoError::Truncated => "video_truncated",
            VideoError::BadBoard(_) => "video_bad_board",
            VideoError::Unreadable => UNREADABLE,
            VideoError::NoMoves => "video_no_moves",
        }
    }

    /// The values its translated message needs.
    pub fn params(&self) -> Value {
        match self {
            VideoError::NotAVideo(reason) | VideoError::BadBoard(reason) => json!({ "reason": reason }),
            _ => json!({}),
        }
    }
}

impl From<VideoError> for FormatError {
    fn from(error: VideoError) -> FormatError {
        FormatError::new(error.code(), &error, error.params())
    }
}

/// One mouse event of a video: its time in ms from the video's zero (negative before it), the
/// library's name of the event (`lc` left press, `lr` left release, `rc`, `rr`, `mc`, `mr`,
/// `pf` pre-flag, `mv` move...), and the cell under the mouse (column, row; off the board when
/// the mouse was).
#[derive(Debug, Clone, PartialEq)]
pub struct MouseAt {
    pub ms: i64,
    pub mouse: String,
    pub x: usize,
    pub y: usize,
}

/// What Pastimes takes from a video: its board, its mouse events on cells and its player.
#[derive(Debug, Clone, PartialEq)]
pub struct Video {
    pub format: Format,
    pub width: usize,
    pub height: usize,
    /// Row by row, from the top.
    pub mines: Vec<bool>,
    pub events: Vec<MouseAt>,
    /// The player's name as the file gives it (empty when none).
    pub player: String,
    /// The 3BV the file states (0 when it states none) and its time in ms.
    pub bbbv: usize,
    pub time_ms: u64,
    /// When the game began, in µs since 1970, when the file says (0 when not).
    pub start_time_us: u64,
}

/// A video's bytes as a finished Minesweeper game, played through the rules. Unguarded: the
/// library may panic on a damaged file (see the module's doc).
pub fn import(bytes: &[u8], format: Format) -> Result<GameFile, VideoError> {
    if bytes.len() as u64 > MAX_BYTES {
        return Err(VideoError::TooLarge);
    }
    to_game_file(&parse(bytes, format)?)
}

fn read_evf(bytes: &[u8]) -> Result<GameFile, FormatError> {
    Ok(import(bytes, Format::Evf)?)
}

fn read_avf(bytes: &[u8]) -> Result<GameFile, FormatError> {
    Ok(import(bytes, Format::Avf)?)
}

fn read_rmv(bytes: &[u8]) -> Result<GameFile, FormatError> {
    Ok(import(bytes, Format::Rmv)?)
}

fn read_mvf(bytes: &[u8]) -> Result<GameFile, FormatError> {
    Ok(import(bytes, Format::Mvf)?)
}

/// A video format: read as `reads`; its menu item, dialog and filter are the videos' own.
const fn video(
    id: &'static str,
    extensions: &'static [&'static str],
    reads: Reads,
    writes: Option<Writes>,
) -> FileFormat {
    FileFormat {
        id,
        name_key: "history.export.video",
        dialog_title_key: "history.exportVideoTitle",
        filter_key: "history.videoFilter",
        extensions,
        mime_type: "application/octet-stream",
        max_bytes: MAX_BYTES,
        reads: Some(reads),
        writes,
        error_codes: ERROR_CODES,
        reader_may_panic: true,
        unreadable_code: UNREADABLE,
    }
}

/// The open video, `.evf`, written too, of a game that was won or lost.
pub const EVF: FileFormat = video(
    "evf",
    &["evf"],
    Reads::Game(read_evf),
    Some(Writes { write: write_evf, ended_only: true, under_way: false }),
);
pub const AVF: FileFormat = video("avf", &["avf"], Reads::Game(read_avf), None);
pub const RMV: FileFormat = video("rmv", &["rmv"], Reads::Game(read_rmv), None);
pub const MVF: FileFormat = video("mvf", &["mvf"], Reads::Game(read_mvf), None);

/// The four videos (Minesweeper's files are these and its board files, `super::board_file`).
pub const FORMATS: &[FileFormat] = &[EVF, AVF, RMV, MVF];
