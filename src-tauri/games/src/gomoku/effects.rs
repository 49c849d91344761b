//! What a Gomoku move did, for the page to show: the stone placed and, if it won, the line.

use super::board::Point;
use super::view::{move_view, MoveView};
use super::Gomoku;
use serde::Serialize;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Effects {
    /// The stone this move put on the board (none for a Swap2 choice of colour).
    pub placed: Option<MoveView>,
    /// The five (or more) the stone completed.
    pub winning_line: Option<Vec<Point>>,
}

/// The stone a move placed, told from the game `before` and `after` it, and the five it made.
pub(super) fn told(before: &Gomoku, after: &Gomoku) -> Effects {
    let placed = (after.moves().len() > before.moves().len())
        .then(|| after.moves().last().and_then(|&p| Some(move_view(p, after.board().get(p)?))))
        .flatten();
    let winning_line = placed.as_ref().and(after.winning_line()).map(<[Point]>::to_vec);
    Effects { placed, winning_line }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::{Action, Move, Params};
    use crate::{Applied, Game, Telling};

    #[test]
    fn a_stone_is_told_with_its_colour_and_the_winning_line_with_the_fifth() {
        let mut game = Gomoku::new(&Params::default(), 1).unwrap();
        let (applied, first) = game.apply_with_effects(&Action::Stone(Move { x: 7, y: 7 })).unwrap();
        assert_eq!(applied, Applied::Move);
        assert_eq!(first.placed.as_ref().map(|m| (m.x, m.y, m.notation.as_str())), Some((7, 7, "H8")));
        assert_eq!(first.winning_line, None);
        for (x, y) in [(0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3)] {
            game.apply_with_effects(&Action::Stone(Move { x, y })).unwrap();
        }
        let (_, five) = game.apply_with_effects(&Action::Stone(Move { x: 11, y: 7 })).unwrap();
        assert_eq!(five.winning_line.map(|line| line.len()), Some(5));
        assert!(game.apply_with_effects(&Action::Stone(Move { x: 12, y: 7 })).is_err());
    }
}
