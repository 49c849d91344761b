//! A finished Gomoku game for its review screen: the game as it ended (every stone in order, the
//! players, the result), replayed from its record, and the engine's review kept with it, or
//! whether that review is still being worked out. The game is over, so nothing is hidden.

use crate::error::{AppError, AppResult};
use crate::records::replay;
use crate::store::{FinishedRecord, StoredRecord};
use pastimes_games::gomoku;
use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GomokuReview {
    pub id: i64,
    /// The stored result, from the side of the player the game was for ("won", "lost", "draw").
    pub result: String,
    /// The final position as the Gomoku screen draws it (`moves`: every stone in order).
    pub view: Value,
    /// The engine's review (`evaluations`, `mistakes`, `forcedWin`); `null` until it is done.
    pub analysis: Option<Value>,
    /// Whether the engine is still reviewing this game (a `snapshot` event tells when it is done).
    pub analysing: bool,
}

/// The review of the finished game `id` as the store found it (`found`), and whether the engine
/// is still reviewing it.
pub fn review_of(found: Option<FinishedRecord>, id: i64, analysing: bool) -> AppResult<GomokuReview> {
    let (stored, about) = found
        .and_then(|found| Some((found.stored?, found.about)))
        .ok_or_else(|| AppError::BadArgument(format!("no finished game {id} with a record")))?;
    let analysis = about.analysis.and_then(|text| serde_json::from_str(&text).ok());
    gomoku_review(stored, analysis, analysing)
}

/// The review of a stored game, which must be a Gomoku game with a record.
pub fn gomoku_review(stored: StoredRecord, analysis: Option<Value>, analysing: bool) -> AppResult<GomokuReview> {
    if stored.game != gomoku::KIND.as_str() {
        return Err(AppError::BadArgument(format!("game {} is not a Gomoku game", stored.id)));
    }
    let cannot = |reason| AppError::BadArgument(format!("game {} cannot be replayed: {reason}", stored.id));
    let dealt = replay::deal(&stored).map_err(cannot)?;
    let game = replay::play_through(dealt.game, &dealt.record.moves, |_, _, _| {}).map_err(cannot)?;
    Ok(GomokuReview {
        id: stored.id,
        result: stored.result,
        view: game.view(),
        analysing: analysing && analysis.is_none(),
        analysis,
    })
}
