//! Which version of a game's dealer made a board: what makes a stored game replay in every later
//! Pastimes.
//!
//! A stored game (a finished game's record, a game in progress, a record file) is kept as its
//! parameters, its seed and its moves, and rebuilt by dealing the board again and replaying the
//! moves. That holds only while (parameters, seed, first click) deal the same board, so every
//! game's parameters carry the version of the code that turns them into a board, under the JSON
//! key [`KEY`]:
//!
//! * a new game is dealt with its game's newest version ([`crate::GameInfo::start_game`]): the
//!   page cannot choose an older one;
//! * a stored game is dealt with the version it names ([`crate::GameInfo::new_game`]), and
//!   parameters without one (every game stored before versions existed) are version 1;
//! * a version newer than this Pastimes knows is refused with [`RuleError::OutOfRange`], so a
//!   record of a later Pastimes is never dealt wrongly.
//!
//! Version 1 is left out of the JSON, so the parameters of every game stored before keep their
//! exact shape and no stored row is rewritten.
//!
//! # Why a version, not the board itself
//!
//! Tatham's games keep the dealt board (a game description) instead. That does not fit all of
//! ours: Bubble Breaker's Continuous and MegaShift styles draw new columns after every pop for as
//! long as the game lasts, so what a game will have been dealt is not known while it is played
//! (and must not be: the page never holds future refills), and a Minesweeper board is laid only
//! at the first click. A version number costs nothing in the records and works the same for
//! every game.
//!
//! # Changing what a seed deals
//!
//! A change to a dealer (Minesweeper's plain or no-guess layout, Bubble Breaker's field or its
//! refill columns) adds a version: the game's `NEWEST_DEAL` goes up by one, the changed code runs
//! for the new version only, and the old code stays reachable for the old one. The record
//! fixtures of the old version stay as they are (`tests/fixtures/records/`); new ones are added
//! beside them. Gomoku deals nothing: its board starts empty, and the computer's stones and
//! Swap2 decisions are logged as moves, so a change to the engine never changes a stored game.

use crate::RuleError;
use serde::{Deserialize, Serialize};

/// The key of the version in a game's parameters (as JSON).
pub const KEY: &str = "deal";

/// A dealer version, 1 and up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Deal(pub u32);

impl Deal {
    /// The dealers as they were when versions began: every game stored before has this one.
    pub const FIRST: Deal = Deal(1);

    /// [`Deal::FIRST`], for `#[serde(default = ...)]`: parameters without a version are version 1.
    pub fn first() -> Deal {
        Deal::FIRST
    }

    /// Whether this is version 1, which the JSON leaves out (`#[serde(skip_serializing_if)]`).
    pub fn is_first(&self) -> bool {
        *self == Deal::FIRST
    }

    /// This version, if this Pastimes can deal it (1 up to `newest`).
    pub fn checked(self, newest: Deal) -> Result<Deal, RuleError> {
        if (Deal::FIRST..=newest).contains(&self) {
            Ok(self)
        } else {
            Err(RuleError::OutOfRange { what: KEY, min: 1, max: i64::from(newest.0), value: i64::from(self.0) })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_versions_from_one_to_the_newest_deal() {
        let newest = Deal(3);
        for known in 1..=3 {
            assert_eq!(Deal(known).checked(newest), Ok(Deal(known)));
        }
        for unknown in [0, 4, u32::MAX] {
            let error = Deal(unknown).checked(newest).unwrap_err();
            assert_eq!(error, RuleError::OutOfRange { what: "deal", min: 1, max: 3, value: i64::from(unknown) });
        }
    }

    #[test]
    fn the_version_is_a_plain_number_in_json() {
        assert_eq!(serde_json::to_string(&Deal(2)).unwrap(), "2");
        assert_eq!(serde_json::from_str::<Deal>("7").unwrap(), Deal(7));
        assert!(serde_json::from_str::<Deal>("-1").is_err());
        assert!(serde_json::from_str::<Deal>("\"2\"").is_err());
    }
}
