//! What a Gomoku move did, for the page to show: the stone placed and, if it won, the line; or
//! the Swap2 decision made and who made it.

use super::board::Point;
use super::opening::{Choice, Phase, Role};
use super::view::{move_view, name_of_role, MoveView};
use super::{Action, Gomoku};
use serde::Serialize;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Effects {
    /// The stone this move put on the board (none for a Swap2 choice of colour).
    pub placed: Option<MoveView>,
    /// The five (or more) the stone completed.
    pub winning_line: Option<Vec<Point>>,
    /// The Swap2 decision this move was (none for a stone).
    pub decided: Option<Decision>,
    /// The external engine's fault this move was: it lost the game by it (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeited: Option<super::Fault>,
    /// The player whose time ran out, when this move was the clock's ruling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lost_on_time: Option<Role>,
    /// The number of fifth moves this move declared, with who declared it (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declared: Option<Declared>,
    /// The fifth move this click offered (the stone is not played yet; absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offered: Option<MoveView>,
    /// The part the player took over, when this move was a demo's take-over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub taken_over: Option<Role>,
}

/// A declaration of how many fifth moves black offers: `{"offers":3,"by":"second","name":"Bo"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Declared {
    pub offers: u8,
    pub by: Role,
    pub name: String,
}

/// A Swap2 decision as it was made: what the decider took and who the decider is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Decision {
    /// The colour the decider took, or two more stones to place.
    pub choice: Choice,
    /// The decider's part in the opening.
    pub by: Role,
    /// The decider's name, as the game names its players.
    pub name: String,
}

/// What `action` did, told from the game `before` and `after` it: the stone it placed and the
/// five that stone made, or the decision it was.
pub(super) fn told(before: &Gomoku, action: &Action, after: &Gomoku) -> Effects {
    let placed = (after.moves().len() > before.moves().len())
        .then(|| after.moves().last().and_then(|&p| Some(move_view(after.board().size(), p, after.board().get(p)?))))
        .flatten();
    let winning_line = placed.as_ref().and(after.winning_line()).map(<[Point]>::to_vec);
    let decided = match *action {
        // The decider is whoever the opening waited for before the choice.
        Action::Choose { choose } => before.opening_decider().map(|by| Decision {
            choice: choose,
            by,
            name: name_of_role(before, by).to_string(),
        }),
        Action::Stone(_)
        | Action::Forfeit { .. }
        | Action::LostOnTime { .. }
        | Action::Offers { .. }
        | Action::TakeOver { .. } => None,
    };
    let declared = match *action {
        Action::Offers { offers } => {
            before.opening_decider().map(|by| Declared { offers, by, name: name_of_role(before, by).to_string() })
        }
        _ => None,
    };
    let offered = match *action {
        Action::Stone(mv) if before.phase() == Phase::Offer => {
            before.board().point(mv.x, mv.y).map(|p| move_view(before.board().size(), p, super::Colour::Black))
        }
        _ => None,
    };
    let forfeited = match *action {
        Action::Forfeit { forfeit } => Some(forfeit),
        _ => None,
    };
    let lost_on_time = match *action {
        Action::LostOnTime { lost_on_time } => Some(lost_on_time),
        _ => None,
    };
    let taken_over = match *action {
        Action::TakeOver { take_over } => Some(take_over),
        _ => None,
    };
    Effects { placed, winning_line, decided, forfeited, lost_on_time, declared, offered, taken_over }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::{Move, Opening, Params};
    use crate::{Applied, Game, Telling};

    fn swap2() -> Gomoku {
        let params =
            Params { opening: Opening::Swap2, black_name: "Ann".into(), white_name: "Bo".into(), ..Params::default() };
        let mut game = Gomoku::new(&params, 1).unwrap();
        for (x, y) in [(7, 7), (8, 8), (6, 8)] {
            game.apply(&Action::Stone(Move { x, y })).unwrap();
        }
        game
    }

    fn choose(game: &mut Gomoku, choose: Choice) -> Effects {
        let (applied, effects) = game.apply_with_effects(&Action::Choose { choose }).unwrap();
        assert_eq!(applied, Applied::Move);
        effects
    }

    #[test]
    fn a_stone_is_told_with_its_colour_and_the_winning_line_with_the_fifth() {
        let mut game = Gomoku::new(&Params::default(), 1).unwrap();
        let (applied, first) = game.apply_with_effects(&Action::Stone(Move { x: 7, y: 7 })).unwrap();
        assert_eq!(applied, Applied::Move);
        assert_eq!(first.placed.as_ref().map(|m| (m.x, m.y, m.notation.as_str())), Some((7, 7, "H8")));
        assert_eq!((first.winning_line, first.decided), (None, None));
        for (x, y) in [(0, 0), (8, 7), (0, 1), (9, 7), (0, 2), (10, 7), (0, 3)] {
            game.apply_with_effects(&Action::Stone(Move { x, y })).unwrap();
        }
        let (_, five) = game.apply_with_effects(&Action::Stone(Move { x: 11, y: 7 })).unwrap();
        assert_eq!(five.winning_line.map(|line| line.len()), Some(5));
        assert!(game.apply_with_effects(&Action::Stone(Move { x: 12, y: 7 })).is_err());
    }

    #[test]
    fn a_side_taken_names_the_second_player_and_the_colour_taken() {
        for choice in [Choice::White, Choice::Black] {
            let mut game = swap2();
            let effects = choose(&mut game, choice);
            assert_eq!(effects.decided, Some(Decision { choice, by: Role::Second, name: "Bo".into() }));
            assert_eq!(effects.placed, None, "a decision places no stone");
        }
    }

    #[test]
    fn the_colour_chosen_after_two_more_stones_names_the_first_player() {
        let mut game = swap2();
        let passed = choose(&mut game, Choice::PlaceTwo);
        assert_eq!(passed.decided, Some(Decision { choice: Choice::PlaceTwo, by: Role::Second, name: "Bo".into() }));
        for (x, y) in [(9, 9), (5, 5)] {
            let (_, stone) = game.apply_with_effects(&Action::Stone(Move { x, y })).unwrap();
            assert_eq!(stone.decided, None);
        }
        let chosen = choose(&mut game, Choice::White);
        assert_eq!(chosen.decided, Some(Decision { choice: Choice::White, by: Role::First, name: "Ann".into() }));
        assert_eq!(
            serde_json::to_value(&chosen.decided).unwrap(),
            serde_json::json!({"choice": "white", "by": "first", "name": "Ann"})
        );
    }
}
