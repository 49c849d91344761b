//! Time controls of a two-player game (Gomoku's clocks): none, a fixed time a move, or a main
//! time plus an increment a move (Fischer's), each player with a clock of their own.
//!
//! The rules crate holds no clock: it reads times it is given. [`time_left`] works out both
//! players' time from the moves' times on the game's clock (milliseconds since the game began,
//! as the app's session keeps them) and who made each move; the session (the app's) reads its
//! own clock and asks. A player whose time runs out loses on time, by a move the rules take only
//! from that ruling ([`crate::Game::lost_on_time`]).
//!
//! - **Fixed time a move** (`perMove`): each move must be made within `moveMs`; time not spent
//!   is not kept.
//! - **Fischer** (`fischer`): each player has `mainMs` for the whole game, and `incrementMs` is
//!   added to their clock after each of their moves (as FIDE's rules add it, after the move).
//!
//! The clocks start with the game's clock, at the first move: the first action is not timed, as
//! the game's time does not count before it.

use crate::RuleError;
use serde::{Deserialize, Serialize};

/// The shortest main time or time a move: a second.
pub const MIN_MS: u64 = 1_000;
/// The longest main time: five hours (a long tournament game; more is a typing slip).
pub const MAX_MAIN_MS: u64 = 5 * 3_600_000;
/// The longest time a move: an hour.
pub const MAX_MOVE_MS: u64 = 3_600_000;
/// The longest increment: ten minutes.
pub const MAX_INCREMENT_MS: u64 = 600_000;

/// How a game is timed, e.g. `{"kind":"fischer","mainMs":300000,"incrementMs":3000}`,
/// `{"kind":"perMove","moveMs":30000}` or `{"kind":"none"}` (the default, left out of saved
/// parameters so that games from before clocks read as they were).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase", deny_unknown_fields)]
pub enum TimeControl {
    #[default]
    None,
    PerMove {
        move_ms: u64,
    },
    Fischer {
        main_ms: u64,
        increment_ms: u64,
    },
}

impl TimeControl {
    pub fn is_none(&self) -> bool {
        *self == TimeControl::None
    }

    /// Refuses a time of zero or under a second, and times past the limits above (days, a
    /// slip of the finger): [`RuleError::OutOfRange`], naming the field.
    pub fn check(&self) -> Result<(), RuleError> {
        let within = |what: &'static str, value: u64, min: u64, max: u64| {
            if (min..=max).contains(&value) {
                Ok(())
            } else {
                Err(RuleError::OutOfRange {
                    what,
                    min: min as i64,
                    max: max as i64,
                    value: i64::try_from(value).unwrap_or(i64::MAX),
                })
            }
        };
        match *self {
            TimeControl::None => Ok(()),
            TimeControl::PerMove { move_ms } => within("moveMs", move_ms, MIN_MS, MAX_MOVE_MS),
            TimeControl::Fischer { main_ms, increment_ms } => {
                within("mainMs", main_ms, MIN_MS, MAX_MAIN_MS)?;
                within("incrementMs", increment_ms, 0, MAX_INCREMENT_MS)
            }
        }
    }

    /// Each player's time at the start; `None` untimed.
    pub fn initial_ms(&self) -> Option<u64> {
        match *self {
            TimeControl::None => None,
            TimeControl::PerMove { move_ms } => Some(move_ms),
            TimeControl::Fischer { main_ms, .. } => Some(main_ms),
        }
    }

    /// What a player's clock gets after each of their moves (Fischer's increment).
    pub fn increment_ms(&self) -> u64 {
        match *self {
            TimeControl::Fischer { increment_ms, .. } => increment_ms,
            _ => 0,
        }
    }

    /// The short name of a control, for categories and the record: `"5+3"` (minutes and
    /// seconds), `"30s/move"`; `None` untimed.
    pub fn short_name(&self) -> Option<String> {
        let seconds = |ms: u64| {
            if ms.is_multiple_of(1_000) {
                format!("{}", ms / 1_000)
            } else {
                format!("{:.1}", ms as f64 / 1_000.0)
            }
        };
        match *self {
            TimeControl::None => None,
            TimeControl::PerMove { move_ms } => Some(format!("{}s/move", seconds(move_ms))),
            TimeControl::Fischer { main_ms, increment_ms } => {
                let main = if main_ms.is_multiple_of(60_000) {
                    format!("{}", main_ms / 60_000)
                } else {
                    format!("{}s", seconds(main_ms))
                };
                Some(format!("{main}+{}", seconds(increment_ms)))
            }
        }
    }
}

/// One of the two players of a timed game: 0 the first (black under the standard opening), 1
/// the second.
pub type Player = usize;

/// A logged action: who made it (`None` for a ruling, a loss on time, which stops no clock:
/// its loser's time runs on to it) and the game's clock when it was made, in milliseconds since
/// the game began.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timed {
    pub by: Option<Player>,
    pub at_ms: u64,
}

/// Both players' time left, in milliseconds, with the game's clock at `now_ms` and `to_act` the
/// player whose clock runs (none once the game is over): below zero for a player whose flag has
/// fallen. `None` for an untimed game.
pub fn time_left(control: TimeControl, actions: &[Timed], to_act: Option<Player>, now_ms: u64) -> Option<[i64; 2]> {
    let initial = i64::try_from(control.initial_ms()?).unwrap_or(i64::MAX);
    let increment = i64::try_from(control.increment_ms()).unwrap_or(0);
    let mut left = [initial; 2];
    let mut last = 0u64;
    for action in actions {
        if let Some(player) = action.by.filter(|&p| p < 2) {
            let used = i64::try_from(action.at_ms.saturating_sub(last)).unwrap_or(i64::MAX);
            left[player] = match control {
                // Time not spent on a move is not kept; a move made in time starts the next afresh.
                TimeControl::PerMove { .. } if left[player] >= used => initial,
                _ => left[player] - used + increment,
            };
            last = last.max(action.at_ms);
        }
    }
    if let Some(player) = to_act.filter(|&p| p < 2) {
        left[player] -= i64::try_from(now_ms.saturating_sub(last)).unwrap_or(i64::MAX);
    }
    Some(left)
}

/// What the computer reads of its clock before a move (as a Gomocup brain reads `time_left`):
/// its time left, the increment it gets after the move, and whether the time is the move's
/// alone (a fixed time a move: what it leaves is lost).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnTime {
    pub left_ms: u64,
    pub increment_ms: u64,
    pub per_move: bool,
}

impl TurnTime {
    /// The turn of a player with `left_ms` under `control`; `None` untimed.
    pub fn of(control: TimeControl, left_ms: i64) -> Option<TurnTime> {
        control.initial_ms()?;
        Some(TurnTime {
            left_ms: u64::try_from(left_ms).unwrap_or(0),
            increment_ms: control.increment_ms(),
            per_move: matches!(control, TimeControl::PerMove { .. }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fischer(main_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl::Fischer { main_ms, increment_ms }
    }

    fn by(player: Player, at_ms: u64) -> Timed {
        Timed { by: Some(player), at_ms }
    }

    #[test]
    fn controls_read_and_write_as_the_page_sends_them() {
        let json = r#"{"kind":"fischer","mainMs":300000,"incrementMs":3000}"#;
        let control: TimeControl = serde_json::from_str(json).unwrap();
        assert_eq!(control, fischer(300_000, 3_000));
        assert_eq!(serde_json::to_string(&control).unwrap(), json);
        let per_move: TimeControl = serde_json::from_str(r#"{"kind":"perMove","moveMs":30000}"#).unwrap();
        assert_eq!(per_move, TimeControl::PerMove { move_ms: 30_000 });
        assert_eq!(serde_json::from_str::<TimeControl>(r#"{"kind":"none"}"#).unwrap(), TimeControl::None);
        for bad in
            [r#"{"kind":"hourglass"}"#, r#"{"kind":"fischer","mainMs":-5,"incrementMs":0}"#, r#"{"kind":"perMove"}"#]
        {
            assert!(serde_json::from_str::<TimeControl>(bad).is_err(), "{bad}");
        }
        assert_eq!(fischer(300_000, 3_000).short_name().as_deref(), Some("5+3"));
        assert_eq!(fischer(5_000, 500).short_name().as_deref(), Some("5s+0.5"));
        assert_eq!(per_move.short_name().as_deref(), Some("30s/move"));
    }

    #[test]
    fn zero_and_absurd_times_are_refused_by_name() {
        assert!(TimeControl::None.check().is_ok());
        assert!(fischer(60_000, 1_000).check().is_ok());
        assert!(fischer(60_000, 0).check().is_ok(), "no increment is sudden death");
        let refused = |control: TimeControl| match control.check() {
            Err(RuleError::OutOfRange { what, .. }) => what,
            other => panic!("{control:?}: {other:?}"),
        };
        assert_eq!(refused(fischer(0, 1_000)), "mainMs");
        assert_eq!(refused(fischer(3 * 86_400_000, 0)), "mainMs");
        assert_eq!(refused(fischer(60_000, 86_400_000)), "incrementMs");
        assert_eq!(refused(TimeControl::PerMove { move_ms: 0 }), "moveMs");
        assert_eq!(refused(TimeControl::PerMove { move_ms: 999 }), "moveMs");
        assert_eq!(refused(TimeControl::PerMove { move_ms: 2 * 86_400_000 }), "moveMs");
    }

    #[test]
    fn fischer_takes_the_time_used_and_adds_the_increment_after_each_move() {
        let control = fischer(10_000, 2_000);
        assert_eq!(time_left(TimeControl::None, &[], Some(0), 5), None);
        assert_eq!(time_left(control, &[], Some(0), 0), Some([10_000, 10_000]));
        // The first move is made at 0 (the game's clock starts with it).
        let moves = [by(0, 0), by(1, 3_000), by(0, 4_000), by(1, 10_000)];
        assert_eq!(time_left(control, &moves[..1], Some(1), 1_000), Some([12_000, 9_000]));
        assert_eq!(
            time_left(control, &moves, Some(0), 10_500),
            Some([12_000 - 1_000 + 2_000 - 500, 12_000 - 3_000 - 6_000 + 2_000])
        );
        let fallen = time_left(control, &moves[..1], Some(1), 10_001).unwrap();
        assert!(fallen[1] < 0, "a flag falls after the main time: {fallen:?}");
        let ruled = [by(0, 0), Timed { by: None, at_ms: 10_000 }];
        assert_eq!(time_left(control, &ruled, None, 20_000), Some([12_000, 10_000]), "a ruling times no one");
    }

    #[test]
    fn a_fixed_time_a_move_starts_afresh_and_keeps_nothing() {
        let control = TimeControl::PerMove { move_ms: 5_000 };
        let moves = [by(0, 0), by(1, 1_000), by(0, 5_500)];
        assert_eq!(time_left(control, &moves, Some(1), 6_000), Some([5_000, 4_500]));
        let slow = time_left(control, &moves[..2], Some(0), 6_001).unwrap();
        assert_eq!(slow[0], -1, "5 s and a millisecond on one move");
    }

    #[test]
    fn the_computer_reads_its_turn() {
        assert_eq!(TurnTime::of(TimeControl::None, 5), None);
        let turn = TurnTime::of(fischer(60_000, 1_000), 42_000).unwrap();
        assert_eq!(turn, TurnTime { left_ms: 42_000, increment_ms: 1_000, per_move: false });
        assert_eq!(TurnTime::of(TimeControl::PerMove { move_ms: 3_000 }, -4).unwrap().left_ms, 0);
    }
}
