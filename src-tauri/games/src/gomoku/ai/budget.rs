//! How a search spends its time: a target (the soft limit) and a hard limit that is never
//! exceeded, both read from a [`Clock`] that a test or a ladder may replace.
//!
//! The hard limit is checked inside the search every few hundred nodes; when it passes, the
//! search stops and answers with the last finished iteration's move (or the interrupted
//! iteration's, if that one had finished searching it). The target is where the search means to
//! stop, scaled by what the iterations said about the position:
//!
//! - after each iteration it searches another only while the time spent is below the scaled
//!   target;
//! - within an iteration it stops at the scaled target once the iteration has proven a best move
//!   (the rest of the iteration could only replace it, and the scale already counts how likely
//!   that is).
//!
//! What scales the target:
//!
//! - **the best move changed** between iterations: the engine is unsure, and a ply more is what
//!   settles it ([`CHANGE_WEIGHT`] per change, a change counting half as much an iteration later);
//! - **the score dropped** since two iterations before (the same side moved last at both depths:
//!   the evaluation favours the side to move, so scores alternate with the depth's parity), up
//!   to twice the target for a drop of [`DROP_SCALE`] or more;
//! - **a forced move** (every root move but one proven lost) or a proven result: the search stops
//!   at once, however much time is left.

use super::Limits;
use std::fmt;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// Where the engine reads the time: the system's monotonic clock, or a function a test or a
/// ladder injects (a simulated clock that advances with the work done makes time limits
/// reproducible). Readings are durations since an origin of the clock's choosing.
#[derive(Clone, Default)]
pub struct Clock(Option<Arc<dyn Fn() -> Duration + Send + Sync>>);

impl Clock {
    /// The system's monotonic clock.
    pub fn system() -> Clock {
        Clock(None)
    }

    /// A clock that reads `now`.
    pub fn new(now: impl Fn() -> Duration + Send + Sync + 'static) -> Clock {
        Clock(Some(Arc::new(now)))
    }

    pub fn now(&self) -> Duration {
        match &self.0 {
            Some(now) => now(),
            None => origin().elapsed(),
        }
    }
}

/// The system clock's origin: its first reading in this process.
fn origin() -> Instant {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    *ORIGIN.get_or_init(Instant::now)
}

impl fmt::Debug for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() { "Clock(injected)" } else { "Clock(system)" })
    }
}

/// Two clocks are equal when they are the same clock.
impl PartialEq for Clock {
    fn eq(&self, other: &Clock) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Clock {}

/// A moment on a clock, for the threat searches that run before the main search.
#[derive(Debug, Clone)]
pub struct Deadline {
    clock: Clock,
    at: Duration,
}

impl Deadline {
    pub fn passed(&self) -> bool {
        self.clock.now() >= self.at
    }
}

/// The target's share of the hard limit when the caller gave only the hard limit: the old
/// engine spent a quarter to a third of it; half, scaled up when the position needs it.
pub const DEFAULT_TARGET_PERCENT: u32 = 50;
/// The hard limit, in targets, when the caller gave only a target.
const HARD_OVER_TARGET: u32 = 3;
/// How much each recent change of the best move adds to the target's scale.
const CHANGE_WEIGHT: f64 = 0.5;
/// A drop of the score (in evaluation units; an open three is about 300) that doubles the target.
const DROP_SCALE: i32 = 300;
/// The target is never scaled further than this.
const MAX_SCALE: f64 = 3.0;

/// One search's clock, limits and the scale the iterations set.
#[derive(Debug)]
pub struct Pace {
    clock: Clock,
    started: Duration,
    target: Option<Duration>,
    hard: Option<Duration>,
    scale: f64,
    /// Recent changes of the best move, each halved every iteration.
    changes: f64,
    best: Option<usize>,
    /// The scores of the last two iterations, the older first.
    scores: [Option<i32>; 2],
    /// Whether the iteration under way has proven a best move (a stop at the target may come).
    proven: bool,
}

impl Pace {
    /// Starts the clock for a search within `limits`.
    pub fn start(limits: &Limits) -> Pace {
        let hard = limits.time.or(limits.soft.map(|t| t * HARD_OVER_TARGET));
        let target = limits.soft.or(limits.time.map(|t| t * DEFAULT_TARGET_PERCENT / 100));
        Pace {
            clock: limits.clock.clone(),
            started: limits.clock.now(),
            target: target.map(|t| hard.map_or(t, |h| t.min(h))),
            hard,
            scale: 1.0,
            changes: 0.0,
            best: None,
            scores: [None; 2],
            proven: false,
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.clock.now().saturating_sub(self.started)
    }

    /// `percent` of the target (or, with none, no deadline), from the start.
    pub fn deadline(&self, percent: u32) -> Option<Deadline> {
        let at = self.started + self.target? * percent / 100;
        Some(Deadline { clock: self.clock.clone(), at })
    }

    /// The time from now until `percent` of the target (never past the hard limit, since the
    /// target is not); `None` without a target.
    pub fn left_until(&self, percent: u32) -> Option<Duration> {
        Some((self.target? * percent / 100).saturating_sub(self.elapsed()))
    }

    /// Whether the search must stop now: the hard limit has passed, or the scaled target has
    /// and the iteration under way has a proven move to give.
    pub fn must_stop(&self) -> bool {
        let elapsed = self.elapsed();
        self.hard.is_some_and(|h| elapsed >= h) || (self.proven && self.past_target(elapsed))
    }

    fn past_target(&self, elapsed: Duration) -> bool {
        self.target.is_some_and(|t| elapsed >= t.mul_f64(self.scale))
    }

    /// An iteration (or a search of it again in a wider window) begins: nothing proven yet.
    pub fn iteration_begins(&mut self) {
        self.proven = false;
    }

    /// The iteration under way has a best move, searched to its depth.
    pub fn move_proven(&mut self) {
        self.proven = true;
    }

    /// After a finished iteration that chose `best` with `score`, `forced` if every other root
    /// move was proven lost: whether to search another.
    pub fn another(&mut self, best: usize, score: i32, forced: bool) -> bool {
        if self.best.is_some_and(|b| b != best) {
            self.changes += 1.0;
        }
        self.best = Some(best);
        let drop = self.scores[0].map_or(0, |before| (before - score).clamp(0, DROP_SCALE));
        self.scores = [self.scores[1], Some(score)];
        let unsure = 1.0 + CHANGE_WEIGHT * self.changes;
        self.scale = (unsure * (1.0 + drop as f64 / DROP_SCALE as f64)).min(MAX_SCALE);
        self.changes /= 2.0;
        !forced && !self.past_target(self.elapsed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// A clock the test sets, in milliseconds.
    fn manual() -> (Clock, Arc<AtomicU64>) {
        let ms = Arc::new(AtomicU64::new(1_000));
        let read = ms.clone();
        (Clock::new(move || Duration::from_millis(read.load(Ordering::Relaxed))), ms)
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_hard_limit_alone_sets_a_target_of_half_of_it() {
        let (clock, now) = manual();
        let mut pace = Pace::start(&Limits { clock, ..Limits::time(ms(1_000)) });
        now.store(1_400, Ordering::Relaxed);
        assert!(pace.another(5, 0, false), "400 ms of a 500 ms target");
        now.store(1_520, Ordering::Relaxed);
        assert!(!pace.another(5, 0, false), "past the target, the move stable");
        pace.iteration_begins();
        assert!(!pace.must_stop(), "nothing proven yet, and within the hard limit");
        pace.move_proven();
        assert!(pace.must_stop(), "past the target with a move to give");
        pace.iteration_begins();
        now.store(2_000, Ordering::Relaxed);
        assert!(pace.must_stop(), "the hard limit, proven or not");
    }

    #[test]
    fn a_changing_move_or_a_falling_score_earns_more_time_and_a_forced_move_none() {
        let (clock, now) = manual();
        let mut pace = Pace::start(&Limits { clock, ..Limits::timed(ms(400), ms(2_000)) });
        assert!(pace.another(5, 100, false));
        assert!(pace.another(5, 100, false));
        now.store(1_450, Ordering::Relaxed);
        assert!(pace.another(6, 100, false), "the move changed: 450 ms of 600");
        now.store(1_700, Ordering::Relaxed);
        assert!(!pace.another(6, 100, false), "700 ms, past 500 (half a change left)");
        assert!(pace.another(6, -200, false), "the score fell by 300 or more: twice the target");
        assert!(!pace.another(6, -200, true), "forced");
    }

    #[test]
    fn the_target_never_exceeds_the_hard_limit() {
        let (clock, now) = manual();
        let mut pace = Pace::start(&Limits { clock, ..Limits::timed(ms(5_000), ms(300)) });
        now.store(1_300, Ordering::Relaxed);
        assert!(!pace.another(1, 0, false));
        assert!(pace.must_stop());
    }
}
