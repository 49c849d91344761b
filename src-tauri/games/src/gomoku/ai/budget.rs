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
//!   at once, however much time is left, unless the time is the turn's alone (below).
//!
//! An iteration that is predicted to run past the hard limit is not begun (it would be cut off
//! before it proved anything): the next iteration is taken to cost what the last did times the
//! growth seen between the last two (at least [`MIN_GROWTH`]).
//!
//! Where the limits come from is [`allot`]: a soft target and a hard limit for the move from the
//! player's clock (the turn's own time, the game's time left, the increment), the same for the
//! Gomocup brain's `INFO timeout_turn` / `time_left` and the app's clocks
//! (`gomoku/on_the_clock.rs`). When the turn's own time binds (a fixed time a move, Gomocup's
//! `timeout_turn` with time to spare on the match clock), time not spent is lost: the search is
//! told so ([`Limits::whole_turn`]) and spends it, deepening past a forced move and, for a
//! caller that keeps a memory, thinking on after a forced reply for the whole target.

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

/// A player's clock before a move, in milliseconds: what [`allot`] shares out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClockReading {
    /// The time of this turn alone, lost if not spent (a fixed time a move; Gomocup's
    /// `timeout_turn`); `None` when moves have no limit of their own.
    pub turn_ms: Option<u64>,
    /// The game's time left, kept if not spent (Fischer's main time; Gomocup's `time_left`);
    /// `None` when the game has no clock.
    pub left_ms: Option<u64>,
    /// Added to the time left after the move.
    pub increment_ms: u64,
    /// Kept back from every limit, besides a twentieth of it, for what the search does not
    /// count: reading the position, writing the answer, the caller's own work, a busy machine.
    pub reserve_ms: u64,
}

/// The time a move is given: where the search means to stop, where it must, and whether the
/// time not spent is lost (see [`Limits::whole_turn`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveTime {
    pub soft: Duration,
    pub hard: Duration,
    pub whole_turn: bool,
}

impl MoveTime {
    /// These as a search's limits.
    pub fn limits(&self) -> Limits {
        Limits { whole_turn: self.whole_turn, ..Limits::timed(self.soft, self.hard) }
    }
}

/// The moves a side is expected to play still, for its share of the time left: Gomoku games
/// last some 15 to 40 moves a side, and the share is taken afresh at each move.
pub const MOVES_AHEAD: u64 = 12;
/// The share of the increment spent on the move that earns it, in percent.
const INCREMENT_SPENT: u64 = 80;
/// The most of the usable time left (plus the increment) that one move may take: a third.
const HARD_SHARE: u64 = 3;
/// No move is searched for less (a limit of 0 asks for speed, not for no search).
pub const FLOOR_MS: u64 = 5;

/// The soft target and the hard limit of the next move on `clock`. The turn's own time is spent
/// whole (target and hard limit); the game's time left is shared over [`MOVES_AHEAD`] moves to
/// come with most of the increment, and one move may take up to three targets, never more than a
/// third of it and the increment. With both, the tighter wins. Neither limit ever reaches into the
/// reserve (a twentieth and `reserve_ms` of each), but no limit is below [`FLOOR_MS`].
pub fn allot(clock: &ClockReading) -> MoveTime {
    let usable = |ms: u64| ms.saturating_sub(ms / 20 + clock.reserve_ms);
    let turn = clock.turn_ms.map(usable);
    let bank = clock.left_ms.map(|left| {
        let usable = usable(left);
        let increment = clock.increment_ms * INCREMENT_SPENT / 100;
        let target = (usable / MOVES_AHEAD + increment).min(usable);
        let hard = (target * 3).min(usable / HARD_SHARE + increment).min(usable).max(target);
        (target, hard)
    });
    let (soft, hard, whole_turn) = match (turn, bank) {
        (Some(turn), None) => (turn, turn, true),
        (None, Some((target, hard))) => (target, hard, false),
        (Some(turn), Some((target, hard))) => {
            let hard = hard.min(turn);
            (target.min(hard), hard, target >= turn)
        }
        (None, None) => (u64::MAX, u64::MAX, false),
    };
    let ms = |t: u64| Duration::from_millis(t.max(FLOOR_MS));
    MoveTime { soft: ms(soft), hard: ms(hard), whole_turn }
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
/// The least an iteration is predicted to cost over the one before it (the engine's iterations
/// grow some two to four times with each ply).
const MIN_GROWTH: f64 = 2.0;
/// The most, so that one odd iteration does not stop the search early.
const MAX_GROWTH: f64 = 5.0;
/// The percentage of its target a search spends thinking ahead after a forced reply (a block of
/// a four, the only move that does not lose) when the time left is kept for later moves: less
/// than a real choice is given, but not nothing, since that time is the next move's head start.
/// When the turn's time is lost unless spent ([`Limits::whole_turn`]), all of the target.
pub const AHEAD_SHARE: u32 = 50;

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
    /// Whether time not spent on this move is lost ([`Limits::whole_turn`]).
    whole_turn: bool,
    /// When the last iteration finished, and how long the last two took (the older first).
    finished: Duration,
    took: [Option<Duration>; 2],
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
            whole_turn: limits.whole_turn,
            finished: Duration::ZERO,
            took: [None; 2],
        }
    }

    /// Saves the time not needed even when the turn's time would be lost (for a caller that
    /// keeps nothing from one search to the next).
    pub fn spend_only_what_helps(&mut self) {
        self.whole_turn = false;
    }

    /// Whether time not spent on this move is lost to it ([`Limits::whole_turn`]).
    pub fn whole_turn(&self) -> bool {
        self.whole_turn
    }

    /// How long to think ahead after a forced reply: [`AHEAD_SHARE`] of the target, or all of
    /// it when the turn's time is lost unless spent; `None` without a target or time left.
    pub fn ahead_time(&self) -> Option<Duration> {
        let share = if self.whole_turn { 100 } else { AHEAD_SHARE };
        self.left_until(share).filter(|t| !t.is_zero())
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

    /// The main search begins (after the threat searches, which are no iteration's time).
    pub fn search_begins(&mut self) {
        self.finished = self.elapsed();
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
        let elapsed = self.elapsed();
        self.took = [self.took[1], Some(elapsed.saturating_sub(self.finished))];
        self.finished = elapsed;
        if self.best.is_some_and(|b| b != best) {
            self.changes += 1.0;
        }
        self.best = Some(best);
        let drop = self.scores[0].map_or(0, |before| (before - score).clamp(0, DROP_SCALE));
        self.scores = [self.scores[1], Some(score)];
        let unsure = 1.0 + CHANGE_WEIGHT * self.changes;
        self.scale = (unsure * (1.0 + drop as f64 / DROP_SCALE as f64)).min(MAX_SCALE);
        self.changes /= 2.0;
        if self.whole_turn {
            // The turn's time is lost unless spent: a deeper look at a forced move (into the
            // table, which a caller may keep) or a part of an iteration still tells something.
            return self.hard.is_none_or(|h| elapsed < h);
        }
        !forced && !self.past_target(elapsed) && self.next_fits(elapsed)
    }

    /// Whether the next iteration, predicted from the last two, ends before the hard limit.
    fn next_fits(&self, elapsed: Duration) -> bool {
        let (Some(hard), Some(last)) = (self.hard, self.took[1]) else { return true };
        let growth = match self.took[0] {
            Some(before) if !before.is_zero() => {
                (last.as_secs_f64() / before.as_secs_f64()).clamp(MIN_GROWTH, MAX_GROWTH)
            }
            _ => MIN_GROWTH,
        };
        elapsed + last.mul_f64(growth) <= hard
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
        now.store(1_100, Ordering::Relaxed);
        pace.search_begins();
        now.store(1_400, Ordering::Relaxed);
        assert!(pace.another(5, 0, false), "400 ms of a 500 ms target, the threat searches' 100 not an iteration's");
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

    fn reading(turn_ms: Option<u64>, left_ms: Option<u64>, increment_ms: u64) -> ClockReading {
        ClockReading { turn_ms, left_ms, increment_ms, reserve_ms: 30 }
    }

    fn millis(time: MoveTime) -> (u64, u64, bool) {
        (time.soft.as_millis() as u64, time.hard.as_millis() as u64, time.whole_turn)
    }

    #[test]
    fn each_clock_gives_its_target_and_hard_limit() {
        // A fixed time a move: spent whole, less a twentieth and the reserve.
        assert_eq!(millis(allot(&reading(Some(1_000), None, 0))), (920, 920, true));
        // Main time and an increment: a twelfth of the usable time and 80 % of the increment,
        // the hard limit three targets.
        let usable = 60_000 - 3_000 - 30;
        let target = usable / MOVES_AHEAD + 800;
        assert_eq!(millis(allot(&reading(None, Some(60_000), 1_000))), (target, 3 * target, false));
        // Late in the game the hard limit is a third of what is left and the increment.
        let usable = 3_000 - 150 - 30;
        assert_eq!(millis(allot(&reading(None, Some(3_000), 1_000))), (usable / 12 + 800, usable / 3 + 800, false));
        // Both: the tighter wins; the turn's time is spent whole only where it binds.
        assert_eq!(millis(allot(&reading(Some(1_000), Some(600_000), 0))), (920, 920, true));
        let usable = 6_000 - 300 - 30;
        assert_eq!(millis(allot(&reading(Some(1_000), Some(6_000), 0))), (usable / 12, 920, false));
        // Nothing left: the least search, never none.
        assert_eq!(millis(allot(&reading(Some(0), Some(0), 0))), (FLOOR_MS, FLOOR_MS, true));
        let limits = allot(&reading(Some(1_000), None, 0)).limits();
        assert_eq!((limits.soft, limits.time, limits.whole_turn), (Some(ms(920)), Some(ms(920)), true));
    }

    /// Whatever the clock, the hard limit (the most a search takes) leaves the reserve and the
    /// twentieth of the turn's time and of the time left, and the target is within it.
    #[test]
    fn no_limit_runs_past_the_clock() {
        let times = [
            None,
            Some(0),
            Some(1),
            Some(50),
            Some(200),
            Some(999),
            Some(1_000),
            Some(5_000),
            Some(60_000),
            Some(18_000_000),
        ];
        for turn in times {
            for left in times {
                for increment in [0, 100, 1_000, 600_000] {
                    let clock = reading(turn, left, increment);
                    let time = allot(&clock);
                    assert!(time.soft <= time.hard, "{clock:?}: {time:?}");
                    let hard = time.hard.as_millis() as u64;
                    for limit in [turn, left].into_iter().flatten() {
                        if hard > FLOOR_MS {
                            assert!(hard + limit / 20 + clock.reserve_ms <= limit, "{clock:?}: {time:?}");
                        }
                    }
                    if turn.is_none() && left.is_none() {
                        assert!(!time.whole_turn);
                    }
                }
            }
        }
    }

    #[test]
    fn an_iteration_that_cannot_end_before_the_hard_limit_is_not_begun() {
        let (clock, now) = manual();
        let mut pace = Pace::start(&Limits { clock, ..Limits::timed(ms(900), ms(1_000)) });
        now.store(1_100, Ordering::Relaxed);
        assert!(pace.another(5, 0, false), "100 ms, the next some 200");
        now.store(1_300, Ordering::Relaxed);
        assert!(pace.another(5, 0, false), "200 ms: the next some 400, ending at 700");
        now.store(1_600, Ordering::Relaxed);
        assert!(!pace.another(5, 0, false), "300 ms: 600 more would pass the hard limit");
    }

    #[test]
    fn a_turn_whose_time_is_lost_unless_spent_is_spent_past_a_forced_move() {
        let (clock, now) = manual();
        let limits = Limits { clock, whole_turn: true, ..Limits::timed(ms(900), ms(900)) };
        let mut pace = Pace::start(&limits);
        now.store(1_300, Ordering::Relaxed);
        assert!(pace.another(5, 0, true), "forced, and 600 ms that would be lost");
        now.store(1_800, Ordering::Relaxed);
        assert!(pace.another(5, 0, false), "an unfinished iteration still tells something");
        assert_eq!(pace.ahead_time(), Some(ms(100)), "a forced reply thinks on for the whole target");
        now.store(1_900, Ordering::Relaxed);
        assert!(!pace.another(5, 0, false), "the hard limit");
        let mut saving = Pace::start(&Limits { whole_turn: false, ..limits });
        assert!(!saving.another(5, 0, true), "a clock that keeps the time: a forced move stops");
        assert_eq!(saving.ahead_time(), Some(ms(450)), "half the target thinking ahead");
    }
}
