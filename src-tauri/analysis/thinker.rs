//! The engine's work on one position of the analysis board: rounds of search, each with twice
//! the time of the one before, so that a first figure shows within a tenth of a second and later
//! ones go deeper. The rounds share the engine's memory (its transposition table), so each
//! starts from what the one before found instead of afresh. After [`ROUNDS`] rounds (about 50
//! seconds in all) the engine rests: a longer look rarely changes what it shows, and a board
//! left open should not keep a core busy for ever. Any change of the position, or the engine switched off, stops it
//! within a millisecond or so (the search checks its cancel flag).

use pastimes_games::gomoku::ai::analysis::analyse_remembering;
use pastimes_games::gomoku::ai::{Limits, Memory, WIN_SCORE};
use pastimes_games::gomoku::analysis_board::AnalysisBoard;
use pastimes_games::gomoku::Analysis;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The first round's time; each later round has twice the one before.
const FIRST_ROUND_MS: u64 = 100;
/// 0.1 s, 0.2 s, ... 25.6 s.
const ROUNDS: u32 = 9;

pub struct Job {
    pub board: AnalysisBoard,
    pub revision: u64,
    pub cancel: Arc<AtomicBool>,
}

impl Job {
    /// Runs the rounds, handing each look to `publish` (the revision, the look, the time thought,
    /// whether it is the last), which says whether to go on. A callback rather than the desk
    /// itself: the desk starts the job, so the job naming the desk would make the two modules
    /// import each other.
    pub fn run(self, publish: impl Fn(u64, Option<Analysis>, u64, bool) -> bool) {
        let mut memory = Memory::new();
        let started = Instant::now();
        for round in 0..ROUNDS {
            let budget_ms = FIRST_ROUND_MS << round;
            let limits = Limits::time(Duration::from_millis(budget_ms));
            let analysis = analyse_remembering(self.board.game(), &limits, &self.cancel, &mut memory);
            if self.cancel.load(Ordering::Relaxed) {
                return;
            }
            // A proven result (a win by force, either side's) does not change with more time.
            let proven = analysis.as_ref().is_none_or(|a| a.forced_win.is_some() || a.score.abs() >= WIN_SCORE);
            let last = proven || round + 1 == ROUNDS;
            let thought_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
            if !publish(self.revision, analysis, thought_ms, last) {
                return;
            }
        }
    }
}
