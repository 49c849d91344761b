//! Puzzles: a tool a game offers beside play (Gomoku's forced wins). A game ships a set of
//! positions, each with one right first move; the player plays one side, the game's engine the
//! other, a wrong move is answered and may be tried again, and the solution can be shown.
//! Never a game: a puzzle is not recorded as one, and never enters the hall of fame.
//!
//! A game declares [`Puzzles`] in its table ([`crate::GameInfo::puzzles`]): its set, read and
//! checked when first asked for (a damaged set is a [`PuzzleFileError`], and only the puzzles
//! are refused), and how to open one. The app keeps the open puzzle, forwards the page's
//! actions, and stores what was solved; what crosses to the page is JSON the game's own screen
//! draws, so the app names no game for it. The puzzle of the day ([`of_the_day`]) is chosen
//! from the set by the daily seed ([`crate::daily::seed`]).

use crate::GameKind;
use serde::Serialize;
use serde_json::Value;

/// What a game declares to offer puzzles.
#[derive(Clone, Copy)]
pub struct Puzzles {
    /// The set, in its file's order; the same list each call.
    pub list: fn() -> Result<&'static [PuzzleSummary], PuzzleFileError>,
    /// Opens the puzzle `id` of the set at its start.
    pub open: fn(&str) -> Result<Box<dyn PuzzleBoard>, PuzzleError>,
}

/// One puzzle as lists and filters show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleSummary {
    /// Stable across versions of the set: a hash of the position.
    pub id: String,
    /// Its number in the set, from 1.
    pub number: usize,
    /// The group it is filtered by (Gomoku's rule: `freestyle`, `exactFive`, `renju`).
    pub group: &'static str,
    /// Its kind (Gomoku's `vcf` or `vct`).
    pub kind: &'static str,
    /// Its grade: the length of the win, in the player's moves.
    pub grade: u8,
    /// Which side the player plays (Gomoku's `black` or `white`).
    pub side: &'static str,
}

/// Where the player stands in an open puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    /// Won, by the player's own moves.
    pub solved: bool,
    /// No wrong move yet, and the solution not shown: a solve that counts for the streak.
    pub clean: bool,
}

/// An open puzzle. Every action is all or nothing: refused, the position stays as it was.
pub trait PuzzleBoard: Send {
    /// The puzzle's id in its set.
    fn id(&self) -> &str;

    /// The position and the feedback, as the game's screen draws them.
    fn view(&self) -> Value;

    /// One of the player's actions, as the page sends it (Gomoku's `{"play":{"x":7,"y":7}}`,
    /// `"retry"`, `"solution"`, `"restart"`).
    fn act(&mut self, action: &Value) -> Result<(), PuzzleError>;

    fn progress(&self) -> Progress;
}

/// Why an action is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PuzzleError {
    /// A move the rules refuse (an occupied point, a forbidden point).
    #[error(transparent)]
    Rule(#[from] crate::RuleError),
    /// An action the board does not understand or cannot take now.
    #[error("invalid argument: {0}")]
    BadArgument(String),
    /// No puzzle of the set has this id.
    #[error("no puzzle {0:?}")]
    Unknown(String),
    /// The set is damaged.
    #[error(transparent)]
    File(#[from] PuzzleFileError),
}

/// Why a puzzle file is refused: the app starts without its puzzles.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleFileError {
    /// A line that is not a puzzle: its number in the file from 1, and why.
    #[error("line {line} of the puzzle file: {reason}")]
    Line { line: usize, reason: String },
    /// The closing line is missing, or counts another number of puzzles.
    #[error("the puzzle file should end with its count of puzzles: {0}")]
    Count(String),
    /// The puzzles' checksum is not the one the file closes with.
    #[error("the puzzle file's checksum does not match")]
    Checksum,
}

/// Why there is no puzzle of the day.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DailyPuzzleError {
    #[error("{0} offers no puzzles")]
    NotOffered(&'static str),
    #[error(transparent)]
    Daily(#[from] crate::DailyError),
    #[error(transparent)]
    File(#[from] PuzzleFileError),
}

/// The puzzle of `day` (`YYYY-MM-DD`) in `kind`'s set: the same for everyone on that date with
/// the same set, chosen by the daily seed of the choice `puzzle`.
pub fn of_the_day(kind: GameKind, day: &str) -> Result<PuzzleSummary, DailyPuzzleError> {
    let puzzles = kind.info().puzzles.ok_or(DailyPuzzleError::NotOffered(kind.as_str()))?;
    Ok(pick_of_the_day(kind, (puzzles.list)()?, day)?.clone())
}

/// The puzzle of `day` in `set`, a set of `kind`'s.
pub fn pick_of_the_day<'a>(
    kind: GameKind,
    set: &'a [PuzzleSummary],
    day: &str,
) -> Result<&'a PuzzleSummary, DailyPuzzleError> {
    if !crate::daily::is_day(day) {
        return Err(crate::DailyError::BadDay(day.chars().take(40).collect()).into());
    }
    let seed = crate::daily::seed(kind.as_str(), day, "puzzle", kind.info().newest_deal);
    // An empty set is refused when read; one made up elsewhere has no puzzle of the day.
    set.get((seed % set.len().max(1) as u64) as usize).ok_or(DailyPuzzleError::NotOffered(kind.as_str()))
}

/// The 64-bit FNV-1a hash of `bytes`: puzzle ids and a set's checksum.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(*byte)).wrapping_mul(0x0000_0100_0000_01b3))
}
