//! How long the brain may think and how much memory its search may take, from the manager's
//! `INFO` settings.

use pastimes_games::gomoku::ai::{allot, ClockReading, Memory, MoveTime};
use pastimes_games::gomoku::{Level, SearchLimits};

/// What the manager allows, in its units (milliseconds and bytes; `None`: never said).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Allowance {
    pub timeout_turn: Option<u64>,
    /// 0 is no limit for the game.
    pub timeout_match: Option<u64>,
    pub time_left: Option<u64>,
    /// 0 is no limit.
    pub max_memory: Option<u64>,
}

/// A move's time when the manager gave none: Gomocup's usual turn limit is 5 s or more.
const DEFAULT_TURN_MS: u64 = 5_000;
/// Kept back from every limit besides a twentieth, for reading, answering, freeing the search's
/// memory and a busy machine (the search stops within a millisecond of its hard limit).
const MARGIN_MS: u64 = 30;

/// The memory master's search needs, in bytes: its transposition table, which the brain keeps
/// from move to move and so fills ([`Memory::BYTES`], 2^20 entries of 16 bytes), with room for
/// the rest of the process (the shape tables, the search position and the program itself: about
/// 4 MiB, measured). With less the brain plays medium, whose table has 2^16 entries (1 MiB) and
/// is not kept. No level needs less since the five levels (the easy of before, which only
/// glanced at the board, had 2^4 entries): under 5 MiB the brain overruns the limit by up to
/// that 1 MiB.
const PROCESS_BYTES: u64 = 4 << 20;
const HARD_TABLE_BYTES: u64 = Memory::BYTES;

impl Allowance {
    /// The clock before the next move, as the engine's time manager reads it: the turn's limit
    /// (0 asks for speed: the least search), and the game's time left when the match has a limit.
    pub fn reading(&self) -> ClockReading {
        let left_ms = match (self.timeout_match, self.time_left) {
            (Some(0), _) | (None, None) => None,
            (_, Some(left)) => Some(left),
            (Some(total), None) => Some(total),
        };
        let turn_ms = self.timeout_turn.unwrap_or(DEFAULT_TURN_MS);
        ClockReading { turn_ms: Some(turn_ms), left_ms, increment_ms: 0, reserve_ms: MARGIN_MS }
    }

    /// The time for the next move ([`allot`]): the turn's limit is spent whole (time not spent
    /// on this move is lost to it); the game's time left is shared over the moves to come, with
    /// room to spend more on one.
    pub fn move_time(&self) -> MoveTime {
        allot(&self.reading())
    }

    /// The strongest level without blunders whose search fits the memory limit (medium if
    /// master's does not: see [`PROCESS_BYTES`]).
    pub fn level(&self) -> Level {
        match self.max_memory {
            None | Some(0) => Level::Master,
            Some(bytes) if bytes >= PROCESS_BYTES + HARD_TABLE_BYTES => Level::Master,
            Some(_) => Level::Medium,
        }
    }

    /// The search limits for the next move.
    pub fn limits(&self) -> (Level, SearchLimits) {
        (self.level(), self.move_time().limits())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::time::Duration;

    fn times(allowance: &Allowance) -> (u64, u64, bool) {
        let time = allowance.move_time();
        (time.soft.as_millis() as u64, time.hard.as_millis() as u64, time.whole_turn)
    }

    #[test]
    fn the_turn_limit_and_the_match_time_left_both_bound_a_move() {
        assert_eq!(times(&Allowance::default()), (5_000 - 280, 5_000 - 280, true));
        let turn = Allowance { timeout_turn: Some(1_000), ..Allowance::default() };
        assert_eq!(times(&turn), (1_000 - 80, 1_000 - 80, true), "the turn's time is spent whole");
        let short = Allowance { time_left: Some(4_000), timeout_match: Some(180_000), ..turn.clone() };
        assert_eq!(times(&short), (3_770 / 12, 920, false), "the match clock binds: its time is kept");
        let plenty = Allowance { time_left: Some(60_000), timeout_match: Some(180_000), ..turn.clone() };
        assert_eq!(times(&plenty), (920, 920, true), "time to spare on the match clock");
        let unlimited = Allowance { timeout_match: Some(0), time_left: Some(10), ..turn.clone() };
        assert_eq!(times(&unlimited), (920, 920, true));
        let fast = Allowance { timeout_turn: Some(0), ..Allowance::default() };
        assert_eq!(times(&fast), (5, 5, true));
        let nearly_out = Allowance { time_left: Some(100), timeout_match: Some(1), ..turn };
        assert_eq!(times(&nearly_out), (5, 15, false));
        let limits = Allowance::default().limits().1;
        assert_eq!(
            (limits.soft, limits.time, limits.whole_turn),
            (Some(Duration::from_millis(4_720)), Some(Duration::from_millis(4_720)), true)
        );
    }

    #[test]
    fn the_memory_limit_chooses_the_level() {
        let with = |bytes| Allowance { max_memory: Some(bytes), ..Allowance::default() };
        assert_eq!(with(0).level(), Level::Master);
        assert_eq!(with(350 << 20).level(), Level::Master);
        assert_eq!(with(8 << 20).level(), Level::Medium);
        assert_eq!(with(1 << 20).level(), Level::Medium);
    }
}
