//! A finished game for its review screen, for a game whose analysis is shown as a review
//! ([`Shown::Review`]: Gomoku's, Minesweeper's): the game as it ended, replayed from its record,
//! and the analysis kept with it, or whether it is still being worked out; a quick analysis
//! (Minesweeper's, [`pastimes_games::Analysis::on_demand`]) is worked out here, each time. The
//! game is over (or, an imported record, as far as it goes), so nothing is hidden.

use crate::error::{AppError, AppResult};
use crate::records::replay;
use crate::store::{FinishedRecord, StoredRecord};
use pastimes_games::{GameKind, Shown};
use serde::Serialize;
use serde_json::Value;
use std::sync::atomic::AtomicBool;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub id: i64,
    /// The stored result, from the side of the player the game was for ("won", "lost", "draw").
    pub result: String,
    /// The game the record is of (`"gomoku"`), and its category as the game names it.
    pub game: GameKind,
    pub category: String,
    /// The final position as the game's screen draws it (Gomoku's `moves`: every stone in order).
    pub view: Value,
    /// The game's analysis (Gomoku's `evaluations`, `mistakes`, `forcedWin`); `null` until it
    /// is done.
    pub analysis: Option<Value>,
    /// Whether the engine is still reviewing this game (a `snapshot` event tells when it is done).
    pub analysing: bool,
    /// The clock at each move, in ms since the game began, as the record has it (the review
    /// says how long the player thought before each click).
    pub times_ms: Vec<u64>,
}

/// The review of the finished game `id` as the store found it (`found`), and whether the engine
/// is still reviewing it.
pub fn review_of(found: Option<FinishedRecord>, id: i64, analysing: bool) -> AppResult<Review> {
    let (stored, about) = found
        .and_then(|found| Some((found.stored?, found.about)))
        .ok_or_else(|| AppError::BadArgument(format!("no finished game {id} with a record")))?;
    let analysis = about.analysis.and_then(|text| serde_json::from_str(&text).ok());
    review(stored, analysis, analysing)
}

/// The review of a stored game with a record, of a game that offers reviews.
pub fn review(stored: StoredRecord, analysis: Option<Value>, analysing: bool) -> AppResult<Review> {
    let kind = GameKind::parse(&stored.game)
        .ok_or_else(|| AppError::BadArgument(format!("game {} is of no game known here", stored.id)))?;
    if kind.info().analysis.map(|analysis| analysis.shown) != Some(Shown::Review) {
        return Err(AppError::NotOffered { game: kind, what: "review" });
    }
    let cannot = |reason| AppError::BadArgument(format!("game {} cannot be replayed: {reason}", stored.id));
    let dealt = replay::deal(&stored).map_err(cannot)?;
    // A quick analysis (Minesweeper's) is worked out now, from the deal and the moves.
    let on_demand = kind.info().analysis.is_some_and(|analysis| analysis.on_demand);
    let analysis = match analysis {
        None if on_demand => {
            let review = dealt.game.analyse(dealt.seed, &dealt.record.moves, &AtomicBool::new(false));
            Some(review.ok_or_else(|| cannot("its moves do not replay".into()))?)
        }
        kept => kept,
    };
    let times_ms = dealt.record.times_ms.clone();
    let game = replay::play_through(dealt.game, &dealt.record.moves, |_, _, _| {}).map_err(cannot)?;
    Ok(Review {
        times_ms,
        id: stored.id,
        game: kind,
        category: game.category(),
        result: stored.result,
        view: game.view(),
        analysing: analysing && analysis.is_none(),
        analysis,
    })
}
