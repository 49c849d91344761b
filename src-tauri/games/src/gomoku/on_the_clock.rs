//! How long the computer thinks in a timed game: it reads its clock before each move, as a
//! Gomocup brain reads `INFO time_left`, and the engine's time manager
//! ([`super::ai::allot`], the same as the brain's) turns it into a soft target and a hard
//! limit:
//!
//! - **Fischer** (main time plus an increment): the target is the usable time over
//!   [`MOVES_AHEAD`] plus most of the increment (it comes back after the move), and the hard
//!   limit three targets, never more than a third of the usable time and the increment, so that
//!   a hard position may take longer and never the whole clock.
//! - **A fixed time a move**: the move's time is spent or lost, so target and hard limit are the
//!   usable time.
//!
//! The usable time is the time left less a reserve kept back for what the search does not count
//! (the app's taking the move, saving it, a busy machine): a twentieth, and [`RESERVE_MS`]. The
//! search never passes its hard limit by more than a millisecond or so, so the computer does
//! not lose on time on a machine that is not starved (measured in docs/ENGINES.md).
//!
//! Hard and master play to the clock (a longer control makes them stronger, a shorter weaker,
//! as for any player); beginner, easy and medium keep their short searches, which only get
//! shorter when the clock is shorter than they are.

use super::ai::{allot, ClockReading, SearchLimits};
use super::params::Level;
use crate::time_control::TurnTime;
use std::time::Duration;

pub use super::ai::budget::MOVES_AHEAD;
/// Kept back from the clock besides a twentieth of it, in milliseconds.
pub const RESERVE_MS: u64 = 250;

/// The clock as the time manager reads it.
fn reading(time: &TurnTime) -> ClockReading {
    let (turn_ms, left_ms) = if time.per_move { (Some(time.left_ms), None) } else { (None, Some(time.left_ms)) };
    ClockReading { turn_ms, left_ms, increment_ms: time.increment_ms, reserve_ms: RESERVE_MS }
}

/// The target and the hard limit of the next move on `time`.
pub fn move_time(time: &TurnTime) -> (Duration, Duration) {
    let allotted = allot(&reading(time));
    (allotted.soft, allotted.hard)
}

/// The search limits of `level` on `time`.
pub fn limits(level: Level, time: &TurnTime) -> SearchLimits {
    let allotted = allot(&reading(time));
    let (target, hard) = (allotted.soft, allotted.hard);
    match level {
        Level::Hard | Level::Master => allotted.limits(),
        Level::Beginner | Level::Easy | Level::Medium => {
            let own = SearchLimits::for_level(level);
            let time = own.time.map_or(hard, |t| t.min(hard));
            SearchLimits { time: Some(time), soft: Some(target.min(time)), ..own }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::ai::budget::FLOOR_MS;

    fn fischer(left_ms: u64, increment_ms: u64) -> TurnTime {
        TurnTime { left_ms, increment_ms, per_move: false }
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_minute_and_a_second_is_shared_over_the_moves_to_come() {
        let (target, hard) = move_time(&fischer(60_000, 1_000));
        let usable = 60_000 - 3_000 - RESERVE_MS;
        assert_eq!(target, ms(usable / MOVES_AHEAD + 800));
        assert_eq!(hard, ms(target.as_millis() as u64 * 3));
        let (_, late) = move_time(&fischer(6_000, 1_000));
        assert!(late <= ms(6_000 - 300 - RESERVE_MS) && late >= ms(1_000), "{late:?}");
    }

    /// Whatever is left, the hard limit (the most the search takes) leaves the reserve: the
    /// computer's budget never runs past its clock.
    #[test]
    fn the_budget_never_runs_past_the_clock() {
        for left in [0, 1, 50, 104, 105, 200, 999, 1_000, 5_000, 60_000, 900_000, 18_000_000] {
            for increment in [0, 100, 1_000, 5_000, 600_000] {
                for per_move in [false, true] {
                    let time = TurnTime { left_ms: left, increment_ms: increment, per_move };
                    let (target, hard) = move_time(&time);
                    assert!(target <= hard, "{time:?}");
                    if left > RESERVE_MS + FLOOR_MS * 2 {
                        assert!(hard.as_millis() as u64 + RESERVE_MS <= left, "{time:?}: {hard:?}");
                    }
                    for level in Level::ALL {
                        let limits = limits(level, &time);
                        assert!(limits.time.is_some_and(|t| t <= hard), "{level:?} {time:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_fixed_time_a_move_is_spent_and_short_levels_stay_short() {
        let (target, hard) = move_time(&TurnTime { left_ms: 10_000, increment_ms: 0, per_move: true });
        assert_eq!((target, hard), (ms(9_250), ms(9_250)));
        let medium = limits(Level::Medium, &fischer(600_000, 5_000));
        assert_eq!((medium.time, medium.nodes), (SearchLimits::for_level(Level::Medium).time, Some(200_000)));
        let pressed = limits(Level::Easy, &fischer(1_000, 0));
        assert!(pressed.time.unwrap() < ms(400), "{pressed:?}");
    }
}
