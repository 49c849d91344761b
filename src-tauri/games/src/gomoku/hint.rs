//! The hint: the hard computer's move for the side to move (never a forbidden point), with the
//! engine's verdict when it sees the game decided.

use super::ai::{move_seed, SearchLimits};
use super::computer::legal_stone;
use super::params::Level;
use super::swap2::Phase;
use super::{Gomoku, Point};
use crate::{Game, Status};
use serde::Serialize;
use std::sync::atomic::AtomicBool;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hint {
    pub x: u8,
    pub y: u8,
    /// The point as the move list writes it: `H8`.
    pub notation: String,
}

impl Gomoku {
    /// The hard computer's move for the side to move, in the position as it is. `None` once the
    /// game is over or while a Swap2 choice of colour is pending (there is no stone to show).
    pub fn hint_stone(&self, cancel: &AtomicBool) -> Option<Hint> {
        if self.status() != Status::Playing || matches!(self.phase(), Phase::ChooseSide | Phase::ChooseColour) {
            return None;
        }
        let limits = SearchLimits::for_level(Level::Hard);
        let best = legal_stone(self, Level::Hard, &limits, move_seed(self), cancel)?;
        let point = Point::new(best.x, best.y)?;
        Some(Hint { x: point.x, y: point.y, notation: point.notation() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::{Action, Move, Params};

    #[test]
    fn the_hint_completes_an_open_four_into_five() {
        let mut game = Gomoku::new(&Params::default(), 1).unwrap();
        for (x, y) in [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (14, 14)] {
            game.apply(&Action::Stone(Move { x, y })).unwrap();
        }
        let hint = game.hint_stone(&AtomicBool::new(false)).expect("a hint");
        assert!(matches!((hint.x, hint.y), (6, 7) | (11, 7)), "{hint:?}");
        let mut played = game.clone();
        played.apply(&Action::Stone(Move { x: i64::from(hint.x), y: i64::from(hint.y) })).unwrap();
        assert_eq!(played.status(), Status::Won, "the hint wins");
    }
}
