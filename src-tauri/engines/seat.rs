//! A new game against an engine: the page names the engine by its id in the player's list and
//! a time a move; the game is given its name and version from the list (so the record names
//! it) and is refused under a rule it did not play when it was added, or Swap2 when it does not
//! answer `SWAP2BOARD`. In a demo (`"demo":"engine"`), the engine of `demoEngine` plays the
//! player's part the same way: two engines, or one engine twice (each part its own process).

use crate::error::{AppError, AppResult, EngineTrouble};
use crate::prefs::engines::EngineEntry;
use pastimes_games::gomoku::{self, Colour, EngineSeat, Opening, Opponent, Params};
use pastimes_games::GameKind;
use serde_json::Value;

/// The times a move the page offers are within these (milliseconds).
pub const MOVE_MS: std::ops::RangeInclusive<u64> = 100..=60_000;
/// The longest name a player may have (`prefs::names`).
const MAX_NAME: usize = 32;

/// `params` of a new game of `kind`, with each engine's seat filled in from `engines` when it is
/// a Gomoku with an engine on a side; any other game's parameters unchanged.
pub fn seated(
    kind: GameKind,
    params: Value,
    engines: impl FnOnce() -> AppResult<Vec<EngineEntry>>,
) -> AppResult<Value> {
    let names_an_engine = |key: &str| params.get(key).and_then(Value::as_str) == Some(Opponent::Engine.as_str());
    if kind != gomoku::KIND || !(names_an_engine("opponent") || names_an_engine("demo")) {
        return Ok(params);
    }
    let mut params: Params = serde_json::from_value(params).map_err(AppError::bad_argument)?;
    let engines = engines()?;
    let human = params.human_colour;
    if params.opponent == Opponent::Engine {
        let seat = seat(&engines, &params, params.engine.clone())?;
        name(&mut params, human.other(), &seat);
        params.engine = Some(seat);
    }
    if params.demo == Some(Opponent::Engine) {
        let seat = seat(&engines, &params, params.demo_engine.clone())?;
        name(&mut params, human, &seat);
        params.demo_engine = Some(seat);
    }
    serde_json::to_value(params).map_err(AppError::bad_argument)
}

/// The seat of the engine `asked` names, from its entry in `engines`, if it can play `params`.
fn seat(engines: &[EngineEntry], params: &Params, asked: Option<EngineSeat>) -> AppResult<EngineSeat> {
    let asked = asked.ok_or_else(|| AppError::engine(EngineTrouble::NoSuchEngine, "no engine named"))?;
    let entry = engines
        .iter()
        .find(|entry| entry.id == asked.id)
        .ok_or_else(|| AppError::engine(EngineTrouble::NoSuchEngine, &asked.id))?;
    if !entry.rules.iter().any(|rule| rule == params.rule.as_str()) {
        return Err(AppError::engine(EngineTrouble::RuleNotPlayed, params.rule.as_str()));
    }
    if params.opening == Opening::Swap2 && !entry.swap2 {
        return Err(AppError::engine(EngineTrouble::NoSwap2, &entry.name));
    }
    if !entry.sizes.contains(&u8::from(params.size)) {
        return Err(AppError::engine(EngineTrouble::SizeNotPlayed, &entry.name));
    }
    if !MOVE_MS.contains(&asked.move_ms) {
        return Err(AppError::bad_argument(format!("moveMs must be from {} to {}", MOVE_MS.start(), MOVE_MS.end())));
    }
    let entry = entry.clone();
    Ok(EngineSeat { id: entry.id, name: entry.name, version: entry.version, move_ms: asked.move_ms })
}

/// The player holding `colour` (under Swap2, the part) is named by the engine and its version.
fn name(params: &mut Params, colour: Colour, seat: &EngineSeat) {
    let name: String = format!("{} {}", seat.name, seat.version).trim().chars().take(MAX_NAME).collect();
    match colour {
        Colour::Black => params.black_name = name,
        Colour::White => params.white_name = name,
    }
}
