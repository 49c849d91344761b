//! The hint: the engine's move for the side to move at full strength (never a forbidden point)
//! and, when it found one, the forced win from there.

use super::ai::{search, Limits};
use super::Gomoku;
use crate::{Game, Status};
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What the hint may think: about as long as the hard computer.
const HINT_TIME: Duration = Duration::from_millis(1500);

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hint {
    pub x: u8,
    pub y: u8,
    /// The point as the move list writes it: `H8`.
    pub notation: String,
    /// The win by force from this move on, when the engine found one: the mover's stones and
    /// the replies alternately, in the move list's notation, ending with the five.
    pub forced_win: Option<Vec<String>>,
}

impl Gomoku {
    /// The engine's move for the side to move. `None` once the game is over or while a Swap2
    /// choice of colour is pending (there is no stone to show).
    pub fn hint_stone(&self, cancel: &AtomicBool) -> Option<Hint> {
        if self.status() != Status::Playing || !self.phase().takes_stones() || self.phase().stones_are_offers() {
            return None;
        }
        let found = search(self, &Limits::time(HINT_TIME), cancel);
        let size = self.board().size();
        let point = size.point(found.best?.x, found.best?.y)?;
        let forced_win = found
            .forced_win
            .map(|line| line.into_iter().filter_map(|mv| size.point(mv.x, mv.y)).map(|p| size.name(p)).collect());
        Some(Hint { x: point.x, y: point.y, notation: size.name(point), forced_win })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::{Action, Move, Params, Point};

    fn play(game: &mut Gomoku, stones: &[(i64, i64)]) {
        for &(x, y) in stones {
            game.apply(&Action::Stone(Move { x, y })).unwrap();
        }
    }

    #[test]
    fn the_hint_completes_an_open_four_into_five() {
        let mut game = Gomoku::new(&Params::default(), 1).unwrap();
        play(&mut game, &[(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (14, 14)]);
        let hint = game.hint_stone(&AtomicBool::new(false)).expect("a hint");
        assert!(matches!((hint.x, hint.y), (6, 7) | (11, 7)), "{hint:?}");
        let mut played = game.clone();
        play(&mut played, &[(i64::from(hint.x), i64::from(hint.y))]);
        assert_eq!(played.status(), Status::Won, "the hint wins");
    }

    #[test]
    fn the_forced_win_a_hint_claims_wins_when_replayed_through_the_rules() {
        // Black: an open three and a four to make, white scattered: black wins by force.
        let mut game = Gomoku::new(&Params::default(), 1).unwrap();
        play(&mut game, &[(7, 7), (0, 0), (8, 8), (0, 14), (9, 9), (14, 0), (7, 9), (14, 14), (8, 10), (3, 12)]);
        let hint = game.hint_stone(&AtomicBool::new(false)).expect("a hint");
        let line = hint.forced_win.clone().expect("black has a forced win here");
        assert_eq!(line.first(), Some(&hint.notation), "the line starts with the hint");
        let mut replayed = game.clone();
        for name in &line {
            let p = Point::parse_notation(name).expect("the move list's notation");
            replayed.apply(&Action::Stone(Move::from(p))).unwrap();
        }
        assert_eq!(replayed.status(), Status::Won, "the line ends in black's five: {line:?}");
    }
}
