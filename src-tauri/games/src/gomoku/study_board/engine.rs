//! The engine's work on one position of the study board: rounds of search, each with twice
//! the time of the one before, so that a first figure shows within a tenth of a second and later
//! ones go deeper. The rounds share the engine's memory (its transposition table), so each
//! starts from what the one before found instead of afresh. After [`ROUNDS`] rounds (about 50
//! seconds in all) the engine rests: a longer look rarely changes what it shows, and a board
//! left open should not keep a core busy for ever. Any change of the position, or the engine
//! switched off, stops it within a millisecond or so (the search checks its cancel flag).

use crate::gomoku::ai::analysis::analyse_remembering;
use crate::gomoku::ai::{Limits, Memory, WIN_SCORE};
use crate::gomoku::Gomoku;
use crate::study::StudyEngine;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The first round's time; each later round has twice the one before.
const FIRST_ROUND_MS: u64 = 100;
/// 0.1 s, 0.2 s, ... 25.6 s.
const ROUNDS: u32 = 9;

/// The rounds on `game`'s position; each look is a [`crate::gomoku::Analysis`] (`null` once
/// the game is over).
pub fn rounds(game: Gomoku) -> StudyEngine {
    Box::new(move |cancel, tell| {
        let mut memory = Memory::new();
        for round in 0..ROUNDS {
            let limits = Limits::time(Duration::from_millis(FIRST_ROUND_MS << round));
            let analysis = analyse_remembering(&game, &limits, cancel, &mut memory);
            if cancel.load(Ordering::Relaxed) {
                return;
            }
            // A proven result (a win by force, either side's) does not change with more time.
            let proven = analysis.as_ref().is_none_or(|a| a.forced_win.is_some() || a.score.abs() >= WIN_SCORE);
            let last = proven || round + 1 == ROUNDS;
            let look = serde_json::to_value(&analysis).unwrap_or_default();
            if !tell(look, last) || last {
                return;
            }
        }
    })
}
