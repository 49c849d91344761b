//! The Swap1 opening, for every rule: the first player places three stones (black, white,
//! black: the board alternates colours as always), then the second player chooses a colour, and
//! the holder of white moves next. (Gomocup's "swap" opening, the simplest of the swaps.)

use super::board::Colour;
use super::opening::{Choice, Decider, OpeningRule, Phase, Role};
use super::Action;
use crate::game::RuleError;

/// Stones on the board when the second player chooses.
const CHOICE_AT: usize = 3;

/// The second player's choice, once made.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Swap1 {
    chosen: Option<Choice>,
}

impl OpeningRule for Swap1 {
    fn phase(&self, stones: usize) -> Phase {
        match self.chosen {
            Some(_) => Phase::Done,
            None if stones < CHOICE_AT => Phase::PlaceThree,
            None => Phase::Swap,
        }
    }

    fn decider(&self, stones: usize) -> Option<Decider> {
        match self.phase(stones) {
            Phase::PlaceThree => Some(Decider::Part(Role::First)),
            Phase::Swap => Some(Decider::Part(Role::Second)),
            _ => None,
        }
    }

    fn choices(&self, stones: usize) -> Vec<Choice> {
        if self.phase(stones) == Phase::Swap {
            Choice::COLOURS.to_vec()
        } else {
            Vec::new()
        }
    }

    fn choose(&mut self, stones: usize, choice: Choice) -> Result<(), RuleError> {
        match self.phase(stones) {
            Phase::Done => Err(RuleError::Illegal("opening over")),
            Phase::PlaceThree => Err(RuleError::Illegal("stones to place")),
            _ if choice.colour().is_none() => Err(RuleError::Illegal("choice not open")),
            _ => {
                self.chosen = Some(choice);
                Ok(())
            }
        }
    }

    fn stones_left(&self, stones: usize) -> usize {
        if self.phase(stones) == Phase::PlaceThree {
            CHOICE_AT - stones
        } else {
            0
        }
    }

    /// The second player took a colour; the first has the other.
    fn first_colour(&self) -> Option<Colour> {
        self.chosen.and_then(Choice::colour).map(Colour::other)
    }

    fn take_back(&mut self, stones: usize) -> Option<Action> {
        (stones == CHOICE_AT).then(|| self.chosen.take()).flatten().map(|choose| Action::Choose { choose })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_stones_then_the_second_player_chooses_a_colour() {
        let mut swap = Swap1::default();
        for stones in 0..3 {
            assert_eq!((swap.phase(stones), swap.stones_left(stones)), (Phase::PlaceThree, 3 - stones));
            assert_eq!(swap.decider(stones), Some(Decider::Part(Role::First)));
            assert_eq!(swap.choose(stones, Choice::White), Err(RuleError::Illegal("stones to place")));
        }
        assert_eq!((swap.phase(3), swap.decider(3)), (Phase::Swap, Some(Decider::Part(Role::Second))));
        assert_eq!(swap.choices(3), [Choice::White, Choice::Black]);
        assert_eq!(swap.choose(3, Choice::PlaceTwo), Err(RuleError::Illegal("choice not open")));
        assert_eq!(swap.first_colour(), None);
        swap.choose(3, Choice::Black).unwrap();
        assert_eq!((swap.phase(3), swap.first_colour()), (Phase::Done, Some(Colour::White)));
        assert_eq!(swap.choose(3, Choice::White), Err(RuleError::Illegal("opening over")));
        assert_eq!(swap.take_back(4), None, "not the last action once a stone followed");
        assert_eq!(swap.take_back(3), Some(Action::Choose { choose: Choice::Black }));
        assert_eq!(swap, Swap1::default());
    }
}
