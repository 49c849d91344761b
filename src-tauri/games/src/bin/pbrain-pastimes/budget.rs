//! How long the brain may think and how much memory its search may take, from the manager's
//! `INFO` settings.

use pastimes_games::gomoku::ai::Memory;
use pastimes_games::gomoku::{Level, SearchLimits};
use std::time::Duration;

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
/// The moves a side may still have to play, for its target share of the game's time left:
/// games last some 20 to 60 moves a side, and a brain that runs out of match time loses.
const MOVES_AHEAD: u64 = 20;
/// The most of the game's time left that one move may take, when the position needs it.
const MATCH_HARD_SHARE: u64 = 5;
/// Kept back from every limit for reading, answering, freeing the search's memory and a busy
/// machine: a twentieth, and 30 ms (the search stops within a millisecond of its hard limit).
const MARGIN_MS: u64 = 30;
/// No move is searched for less than this (a limit of 0 asks for speed, not for no search).
const FLOOR_MS: u64 = 5;

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
    /// The time for the next move: its target and its hard limit. The turn's limit can be
    /// spent whole (time not spent on this move is lost to it), so it is the target too; the
    /// game's time left is shared over the moves to come, with room to spend more on one.
    pub fn move_time(&self) -> (Duration, Duration) {
        let turn = self.timeout_turn.unwrap_or(DEFAULT_TURN_MS);
        let turn = if turn == 0 { FLOOR_MS } else { kept_back(turn) };
        let left = match (self.timeout_match, self.time_left) {
            (Some(0), _) | (None, None) => None,
            (_, Some(left)) => Some(left),
            (Some(total), None) => Some(total),
        };
        let hard = left.map_or(turn, |left| turn.min(kept_back(left / MATCH_HARD_SHARE)));
        let target = left.map_or(hard, |left| hard.min(left / MOVES_AHEAD));
        (Duration::from_millis(target.max(FLOOR_MS)), Duration::from_millis(hard.max(FLOOR_MS)))
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
        let (target, hard) = self.move_time();
        (self.level(), SearchLimits::timed(target, hard))
    }
}

/// `ms` less the margin kept back.
fn kept_back(ms: u64) -> u64 {
    ms.saturating_sub(ms / 20 + MARGIN_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_turn_limit_and_the_match_time_left_both_bound_a_move() {
        assert_eq!(Allowance::default().move_time(), (ms(5_000 - 280), ms(5_000 - 280)));
        let turn = Allowance { timeout_turn: Some(1_000), ..Allowance::default() };
        assert_eq!(turn.move_time(), (ms(1_000 - 80), ms(1_000 - 80)));
        let short = Allowance { time_left: Some(4_000), timeout_match: Some(180_000), ..turn.clone() };
        assert_eq!(short.move_time(), (ms(200), ms(800 - 70)));
        let unlimited = Allowance { timeout_match: Some(0), time_left: Some(10), ..turn.clone() };
        assert_eq!(unlimited.move_time(), (ms(920), ms(920)));
        let fast = Allowance { timeout_turn: Some(0), ..Allowance::default() };
        assert_eq!(fast.move_time(), (ms(FLOOR_MS), ms(FLOOR_MS)));
        let nearly_out = Allowance { time_left: Some(100), timeout_match: Some(1), ..turn };
        assert_eq!(nearly_out.move_time(), (ms(FLOOR_MS), ms(FLOOR_MS)));
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
