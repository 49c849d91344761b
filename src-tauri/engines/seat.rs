//! A new game against an engine: the page names the engine by its id in the player's list and
//! a time a move; the game is given its name and version from the list (so the record names
//! it) and is refused under a rule it did not play when it was added, or Swap2 when it does not
//! answer `SWAP2BOARD`.

use crate::error::{AppError, AppResult, EngineTrouble};
use crate::prefs::engines::EngineEntry;
use pastimes_games::gomoku::{self, EngineSeat, Opening, Opponent};
use pastimes_games::GameKind;
use serde_json::Value;

/// The times a move the page offers are within these (milliseconds).
pub const MOVE_MS: std::ops::RangeInclusive<u64> = 100..=60_000;
/// The longest name a player may have (`prefs::names`).
const MAX_NAME: usize = 32;

/// `params` of a new game of `kind`, with the engine's seat filled in from `engines` when it is
/// a Gomoku against an engine; any other game's parameters unchanged.
pub fn seated(
    kind: GameKind,
    params: Value,
    engines: impl FnOnce() -> AppResult<Vec<EngineEntry>>,
) -> AppResult<Value> {
    if kind != gomoku::KIND || params.get("opponent").and_then(Value::as_str) != Some(Opponent::Engine.as_str()) {
        return Ok(params);
    }
    let mut params: gomoku::Params = serde_json::from_value(params).map_err(AppError::bad_argument)?;
    let asked = params.engine.take().ok_or_else(|| AppError::engine(EngineTrouble::NoSuchEngine, "no engine named"))?;
    let entry = engines()?
        .into_iter()
        .find(|entry| entry.id == asked.id)
        .ok_or_else(|| AppError::engine(EngineTrouble::NoSuchEngine, &asked.id))?;
    if !entry.rules.iter().any(|rule| rule == params.rule.as_str()) {
        return Err(AppError::engine(EngineTrouble::RuleNotPlayed, params.rule.as_str()));
    }
    if params.opening == Opening::Swap2 && !entry.swap2 {
        return Err(AppError::engine(EngineTrouble::NoSwap2, &entry.name));
    }
    if !MOVE_MS.contains(&asked.move_ms) {
        return Err(AppError::bad_argument(format!("moveMs must be from {} to {}", MOVE_MS.start(), MOVE_MS.end())));
    }
    let name: String = format!("{} {}", entry.name, entry.version).trim().chars().take(MAX_NAME).collect();
    match params.human_colour.other() {
        gomoku::Colour::Black => params.black_name = name,
        gomoku::Colour::White => params.white_name = name,
    }
    params.engine = Some(EngineSeat { id: entry.id, name: entry.name, version: entry.version, move_ms: asked.move_ms });
    serde_json::to_value(params).map_err(AppError::bad_argument)
}
