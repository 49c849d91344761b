//! Playing a stored record again through the rules, from its parameters and seed: what "Verify
//! records" checks and what the watch view shows, written once.

use crate::error::{AppError, AppResult};
use crate::records::record::{self, GameRecord};
use crate::store::StoredRecord;
use pastimes_games::{AnyGame, Applied, DealCode, GameKind, Played};
use serde_json::Value;

/// A stored game dealt again: the board before its first move, and its record read back.
pub struct Dealt {
    pub kind: GameKind,
    /// The stored detail: its parameters, seed and summary.
    pub detail: Value,
    pub seed: u64,
    pub game: Box<dyn AnyGame>,
    pub record: GameRecord,
}

/// Deals the stored game again and reads its record; `Err` says what in it cannot be used.
pub fn deal(stored: &StoredRecord) -> Result<Dealt, String> {
    let kind = GameKind::parse(&stored.game).ok_or("an unknown game")?;
    let detail: Value = serde_json::from_str(&stored.detail).map_err(|_| "its detail is not JSON")?;
    let seed: u64 = detail["seed"].as_str().and_then(|s| s.parse().ok()).ok_or("no seed")?;
    let game = (kind.info().new_game)(&detail["params"], seed).map_err(|e| format!("its parameters: {e}"))?;
    let record = record::decode(game.as_ref(), &stored.record).map_err(|e| e.to_string())?;
    Ok(Dealt { kind, detail, seed, game, record })
}

/// Plays one logged move: it must be a real move of the game (`index` counts from 0).
pub fn play_move(game: &mut dyn AnyGame, index: usize, mv: &Value) -> Result<Played, String> {
    match game.play(mv) {
        Ok(played) if played.applied == Applied::Move => Ok(played),
        Ok(_) => Err(format!("move {} changes nothing", index + 1)),
        Err(error) => Err(format!("move {} is refused: {error}", index + 1)),
    }
}

/// The game after every logged move, each a real move of the game; `each` sees the game after
/// each move and what the move did.
pub fn play_through(
    mut game: Box<dyn AnyGame>,
    moves: &[Value],
    mut each: impl FnMut(usize, &dyn AnyGame, &Played),
) -> Result<Box<dyn AnyGame>, String> {
    for (index, mv) in moves.iter().enumerate() {
        let played = play_move(game.as_mut(), index, mv)?;
        each(index, game.as_ref(), &played);
    }
    Ok(game)
}

/// The deal code of a stored game: dealt again and played through, so that a deal laid at the
/// first move (Minesweeper's) is named as it was laid.
pub fn deal_code(stored: &StoredRecord) -> AppResult<DealCode> {
    let unreadable = |reason: String| AppError::BadRecord { id: stored.id, reason };
    let dealt = deal(stored).map_err(unreadable)?;
    let game = play_through(dealt.game, &dealt.record.moves, |_, _, _| {}).map_err(unreadable)?;
    Ok(DealCode::of(game.as_ref(), dealt.seed)?)
}
