//! Deal codes: a short text that any Pastimes with the same dealer version turns into the very
//! same deal, so that two players meet one board, or one player meets it again.
//!
//! A game is its parameters, its dealer version ([`crate::deal`]) and its seed; a code writes
//! those three down, after Simon Tatham's game IDs (`mines:9x9n10#12345`).
//!
//! # Format 1
//!
//! ```text
//! code   = game ":" params "#" seed
//! params = [entry *("," entry)]
//! entry  = key ["=" value]              ; a key alone is `true`
//! key    = name *("." name)             ; a dot goes into a nested object: replayOf.x=4
//! value  = number | "false" | word | "'" text "'"
//! seed   = 1*16 hex digit               ; the deal's seed, lower case, no leading zeros
//! ```
//!
//! - `game` is the registry's id (`minesweeper`, `bubbles`).
//! - `params` are the game's parameters exactly as the store keeps them (the JSON object of
//!   `AnyGame::params`), the dealer version among them as `deal=N` (absent: version 1, as in the
//!   store). A `word` is a letter then letters, digits, `_` or `-`; any other text is quoted,
//!   each character but letters, digits and `_-.*/` written `%XX` (its UTF-8 bytes).
//! - Minesweeper lays its mines at the first click, so the code of a board already played names
//!   that click as its `replayOf.x` and `replayOf.y` (the parameters of its "try again"): a game
//!   from the code is laid at once, the same mines around the same first cell. A code taken
//!   before the first click names the seed only ([`DealCode::complete`] is false).
//! - A plain number (`12345`) is a *numbered deal*, as Klickety's: the deal of that seed for the
//!   game and parameters the player has chosen ([`DealCode::numbered`]).
//!
//! Example: `minesweeper:firstClick=opensArea,level=expert,noGuess,questionMarks#2f9c1e`.
//!
//! The format is stable: a code written once deals the same board in every later Pastimes (the
//! dealer versions see to it; the record corpus holds codes whose deals must not change). A later
//! format would begin with a digit and `!`, which no game id does.

use crate::{AnyGame, GameKind, RuleError};
use serde_json::{Map, Value};
use std::fmt::Write as _;

/// The longest code read: a Minesweeper layout of the largest board fits many times over, and
/// 10 MB of junk is refused before it is looked at.
pub const MAX_LEN: usize = 16 * 1024;

/// A deal, as a code names it.
#[derive(Debug, Clone, PartialEq)]
pub struct DealCode {
    pub kind: GameKind,
    /// The game's parameters (the dealer version among them).
    pub params: Value,
    pub seed: u64,
}

/// Why a text is no deal code, or why a game has none.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DealCodeError {
    #[error("not a deal code: {0}")]
    Malformed(String),
    #[error("no game is called {0:?}")]
    UnknownGame(String),
    #[error("{0} has no random deal, so no deal code")]
    NoDeal(&'static str),
    #[error("the code is of deal version {version} of {game}; this Pastimes deals up to version {newest}")]
    FutureDeal { game: &'static str, version: u64, newest: u32 },
    #[error("the code's parameters deal no game: {0}")]
    Rule(#[from] RuleError),
}

impl DealCode {
    /// The code of `game`'s deal (dealt from `seed`): its parameters, with Minesweeper's first
    /// click where it was made.
    pub fn of(game: &dyn AnyGame, seed: u64) -> Result<DealCode, DealCodeError> {
        let kind = game.kind();
        if kind.info().deals.is_none() {
            return Err(DealCodeError::NoDeal(kind.as_str()));
        }
        let params = game.replay_params().unwrap_or_else(|| game.params());
        Ok(DealCode { kind, params, seed })
    }

    /// Whether the code names the whole deal: false for a game that lays its board at the first
    /// move (Minesweeper) taken before that move. A game from such a code is dealt afresh
    /// around its own first move.
    pub fn complete(&self) -> bool {
        let laid_later = self.kind.info().deals.is_some_and(|deals| deals.laid_at_first_move);
        // A game dealt with its first move named is laid at once: a replay, in the rules' words.
        !laid_later || self.deal().is_ok_and(|game| game.is_replay())
    }

    /// A numbered deal: the seed `number` for `kind` with the player's `params`, dealt by the
    /// newest dealer (as a new game is).
    pub fn numbered(kind: GameKind, params: &Value, number: u64) -> Result<DealCode, DealCodeError> {
        if kind.info().deals.is_none() {
            return Err(DealCodeError::NoDeal(kind.as_str()));
        }
        let game = kind.info().start_game(params, number)?;
        Ok(DealCode { kind, params: game.params(), seed: number })
    }

    /// The code as text.
    pub fn write(&self) -> String {
        let mut entries = Vec::new();
        if let Value::Object(fields) = &self.params {
            write_entries(fields, "", &mut entries);
        }
        format!("{}:{}#{:x}", self.kind.as_str(), entries.join(","), self.seed)
    }

    /// Reads a code (spaces around it are dropped). A plain number is left to
    /// [`DealCode::numbered`]: it needs the player's parameters, which a code does not have.
    pub fn read(text: &str) -> Result<DealCode, DealCodeError> {
        let text = text.trim();
        if text.len() > MAX_LEN {
            return Err(malformed(format!("{} characters, more than any deal needs", text.len())));
        }
        let (game, rest) = text.split_once(':').ok_or_else(|| malformed("no `game:` at its start"))?;
        let kind = GameKind::parse(game).ok_or_else(|| DealCodeError::UnknownGame(game.chars().take(40).collect()))?;
        let info = kind.info();
        if info.deals.is_none() {
            return Err(DealCodeError::NoDeal(kind.as_str()));
        }
        let (params, seed) = rest.rsplit_once('#').ok_or_else(|| malformed("no `#seed` at its end"))?;
        let seed = read_seed(seed)?;
        let params = read_params(params)?;
        let version = params.get(crate::deal::KEY).map_or(Some(1), Value::as_u64);
        match version {
            Some(version) if version > u64::from(info.newest_deal.0) => {
                return Err(DealCodeError::FutureDeal { game: kind.as_str(), version, newest: info.newest_deal.0 })
            }
            Some(_) => {}
            None => return Err(malformed("its deal version is not a number")),
        }
        // The parameters must deal a game: checked here, so a code is refused before anything
        // changes.
        (info.new_game)(&params, seed)?;
        Ok(DealCode { kind, params, seed })
    }

    /// The game the code names, dealt as it was.
    pub fn deal(&self) -> Result<Box<dyn AnyGame>, RuleError> {
        (self.kind.info().new_game)(&self.params, self.seed)
    }
}

/// How a game deals: declared in its [`crate::GameInfo`] by a game whose board comes from its
/// seed (Gomoku's does not: its board starts empty).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deals {
    /// The board is laid at the first move (Minesweeper's mines, around the first click): a code
    /// taken before it names the seed only.
    pub laid_at_first_move: bool,
}

/// A plain number: a numbered deal's seed (decimal, as Klickety numbers its games).
pub fn as_number(text: &str) -> Option<u64> {
    let text = text.trim();
    (!text.is_empty() && text.len() <= 20 && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok())?
}

fn malformed(reason: impl Into<String>) -> DealCodeError {
    DealCodeError::Malformed(reason.into())
}

fn write_entries(fields: &Map<String, Value>, prefix: &str, entries: &mut Vec<String>) {
    for (key, value) in fields {
        let key = format!("{prefix}{key}");
        match value {
            Value::Bool(true) => entries.push(key),
            Value::Bool(false) => entries.push(format!("{key}=false")),
            Value::Number(number) => entries.push(format!("{key}={number}")),
            Value::String(text) => entries.push(format!("{key}={}", write_text(text))),
            Value::Object(inner) => write_entries(inner, &format!("{key}."), entries),
            // No game's parameters hold lists or nulls; a code cannot name them, and the
            // round-trip test over every game's parameters would fail first.
            Value::Array(_) | Value::Null => {}
        }
    }
}

fn is_word(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && text != "false"
        && text != "true"
}

fn write_text(text: &str) -> String {
    if is_word(text) {
        return text.to_string();
    }
    let mut quoted = String::from("'");
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"_-.*/".contains(&byte) {
            quoted.push(char::from(byte));
        } else {
            let _ = write!(quoted, "%{byte:02X}");
        }
    }
    quoted.push('\'');
    quoted
}

fn read_seed(text: &str) -> Result<u64, DealCodeError> {
    let hex = !text.is_empty() && text.len() <= 16 && text.bytes().all(|b| b.is_ascii_hexdigit());
    let seed = hex.then(|| u64::from_str_radix(text, 16).ok()).flatten();
    seed.ok_or_else(|| malformed("its seed is not 1 to 16 hex digits"))
}

fn read_params(text: &str) -> Result<Value, DealCodeError> {
    let mut params = Map::new();
    for entry in text.split(',').filter(|entry| !entry.is_empty()) {
        let (key, value) = match entry.split_once('=') {
            Some((key, value)) => (key, read_value(value)?),
            None => (entry, Value::Bool(true)),
        };
        insert(&mut params, key, value)?;
    }
    Ok(Value::Object(params))
}

fn read_value(text: &str) -> Result<Value, DealCodeError> {
    if text == "false" {
        return Ok(Value::Bool(false));
    }
    if let Some(quoted) = text.strip_prefix('\'') {
        let inner = quoted.strip_suffix('\'').ok_or_else(|| malformed("a quoted value is not closed"))?;
        return read_quoted(inner).map(Value::String);
    }
    if is_word(text) {
        return Ok(Value::String(text.to_string()));
    }
    if let Ok(number) = text.parse::<i64>() {
        return Ok(Value::from(number));
    }
    match text.parse::<f64>() {
        Ok(number) if number.is_finite() && text.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b'-') => {
            Ok(Value::from(number))
        }
        _ => Err(malformed(format!("{:?} is no value", text.chars().take(40).collect::<String>()))),
    }
}

fn read_quoted(text: &str) -> Result<String, DealCodeError> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.bytes();
    while let Some(byte) = rest.next() {
        if byte == b'%' {
            let pair = [rest.next(), rest.next()];
            let hex = pair.iter().flatten().map(|&b| char::from(b)).collect::<String>();
            let decoded = (hex.len() == 2).then(|| u8::from_str_radix(&hex, 16).ok()).flatten();
            bytes.push(decoded.ok_or_else(|| malformed("a `%` is not followed by two hex digits"))?);
        } else if byte.is_ascii_alphanumeric() || b"_-.*/".contains(&byte) {
            bytes.push(byte);
        } else {
            return Err(malformed(format!("{:?} stands unescaped in a quoted value", char::from(byte))));
        }
    }
    String::from_utf8(bytes).map_err(|_| malformed("a quoted value is not UTF-8"))
}

/// Puts `value` at the dotted `key` (`replayOf.x`) into `params`.
fn insert(params: &mut Map<String, Value>, key: &str, value: Value) -> Result<(), DealCodeError> {
    let names: Vec<&str> = key.split('.').collect();
    let well_named = |name: &&str| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if names.len() > 4 || !names.iter().all(well_named) {
        return Err(malformed(format!("{:?} is no parameter's name", key.chars().take(40).collect::<String>())));
    }
    let (last, path) = names.split_last().expect("split gives one name at least");
    let mut object = params;
    for name in path {
        let slot = object.entry(name.to_string()).or_insert_with(|| Value::Object(Map::new()));
        object = slot.as_object_mut().ok_or_else(|| malformed(format!("{name} is both a value and a group")))?;
    }
    if object.insert(last.to_string(), value).is_some() {
        return Err(malformed(format!("{key} is named twice")));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
