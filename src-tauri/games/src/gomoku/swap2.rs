//! The Swap2 opening, which makes the first player's advantage the second player's choice.
//!
//! 1. The first player places three stones: black, white, black (the board alternates colours
//!    as always, so the stones are the first three moves).
//! 2. The second player chooses: to play white (and move next), to play black (the first
//!    player then takes white and moves next), or to place two more stones (white, black).
//! 3. After those two, the first player chooses the colour; white moves next either way.
//!
//! The opening's state is only the choices made so far: the phase follows from them and the
//! number of stones, so taking back a stone or a choice needs no other bookkeeping.

use super::board::Colour;
pub use super::opening::{Choice, Opening, Phase, Role};
use super::opening::{Decider, OpeningRule};
use super::Action;
use crate::game::RuleError;

/// Stones on the board when the second player chooses, and when the first chooses the colour.
const FIRST_CHOICE_AT: usize = 3;
const SECOND_CHOICE_AT: usize = 5;

/// The choices made so far (at most two).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Swap2 {
    choices: Vec<Choice>,
}

impl Swap2 {
    /// The phase with `stones` stones on the board.
    pub fn phase(&self, stones: usize) -> Phase {
        match self.choices.as_slice() {
            [] if stones < FIRST_CHOICE_AT => Phase::PlaceThree,
            [] => Phase::ChooseSide,
            [Choice::PlaceTwo] if stones < SECOND_CHOICE_AT => Phase::PlaceTwo,
            [Choice::PlaceTwo] => Phase::ChooseColour,
            _ => Phase::Done,
        }
    }

    /// Stones still to place in this phase of the opening (0 outside placing phases).
    pub fn stones_left(&self, stones: usize) -> usize {
        match self.phase(stones) {
            Phase::PlaceThree => FIRST_CHOICE_AT - stones,
            Phase::PlaceTwo => SECOND_CHOICE_AT - stones,
            _ => 0,
        }
    }

    /// Makes `choice` with `stones` on the board; on error nothing changes.
    pub fn choose(&mut self, stones: usize, choice: Choice) -> Result<(), RuleError> {
        let phase = self.phase(stones);
        let open = choices(phase);
        if open.is_empty() {
            return Err(RuleError::Illegal(if phase == Phase::Done { "opening over" } else { "stones to place" }));
        }
        if !open.contains(&choice) {
            return Err(RuleError::Illegal("choice not open"));
        }
        self.choices.push(choice);
        Ok(())
    }

    /// Takes back the last choice if it was the last action (no stone placed since); returns it.
    pub fn take_back_choice(&mut self, stones: usize) -> Option<Choice> {
        let made_at = match self.choices.len() {
            1 => FIRST_CHOICE_AT,
            2 => SECOND_CHOICE_AT,
            _ => return None,
        };
        if stones == made_at {
            self.choices.pop()
        } else {
            None
        }
    }

    /// The first player's colour once settled.
    pub fn first_colour(&self) -> Option<Colour> {
        match self.choices.as_slice() {
            // The second player chose a side; the first player has the other.
            [Choice::White] => Some(Colour::Black),
            [Choice::Black] => Some(Colour::White),
            // The first player chose.
            [Choice::PlaceTwo, Choice::White] => Some(Colour::White),
            [Choice::PlaceTwo, Choice::Black] => Some(Colour::Black),
            _ => None,
        }
    }
}

/// Who decides in `phase`.
fn decider(phase: Phase) -> Option<Role> {
    match phase {
        Phase::PlaceThree | Phase::ChooseColour => Some(Role::First),
        Phase::ChooseSide | Phase::PlaceTwo => Some(Role::Second),
        _ => None,
    }
}

/// The choices open in `phase` (none while stones are to be placed).
fn choices(phase: Phase) -> &'static [Choice] {
    match phase {
        Phase::ChooseSide => &[Choice::White, Choice::Black, Choice::PlaceTwo],
        Phase::ChooseColour => &[Choice::White, Choice::Black],
        _ => &[],
    }
}

impl OpeningRule for Swap2 {
    fn phase(&self, stones: usize) -> Phase {
        Swap2::phase(self, stones)
    }

    fn decider(&self, stones: usize) -> Option<Decider> {
        decider(Swap2::phase(self, stones)).map(Decider::Part)
    }

    fn choices(&self, stones: usize) -> Vec<Choice> {
        choices(Swap2::phase(self, stones)).to_vec()
    }

    fn choose(&mut self, stones: usize, choice: Choice) -> Result<(), RuleError> {
        Swap2::choose(self, stones, choice)
    }

    fn stones_left(&self, stones: usize) -> usize {
        Swap2::stones_left(self, stones)
    }

    fn first_colour(&self) -> Option<Colour> {
        Swap2::first_colour(self)
    }

    fn take_back(&mut self, stones: usize) -> Option<Action> {
        self.take_back_choice(stones).map(|choose| Action::Choose { choose })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_phases_follow_the_stones_and_choices() {
        let mut swap = Swap2::default();
        for stones in 0..3 {
            assert_eq!(swap.phase(stones), Phase::PlaceThree);
            assert_eq!(swap.stones_left(stones), 3 - stones);
        }
        assert_eq!(swap.phase(3), Phase::ChooseSide);
        assert_eq!(decider(swap.phase(3)), Some(Role::Second));
        swap.choose(3, Choice::PlaceTwo).unwrap();
        assert_eq!(
            (swap.phase(3), swap.phase(4), swap.phase(5)),
            (Phase::PlaceTwo, Phase::PlaceTwo, Phase::ChooseColour)
        );
        assert_eq!(decider(swap.phase(5)), Some(Role::First));
        assert_eq!(choices(swap.phase(5)), [Choice::White, Choice::Black]);
        assert_eq!(swap.first_colour(), None);
        swap.choose(5, Choice::White).unwrap();
        assert_eq!(swap.phase(5), Phase::Done);
        assert_eq!(swap.first_colour(), Some(Colour::White));
    }

    #[test]
    fn taking_a_side_settles_the_colours_at_once() {
        for (choice, first) in [(Choice::White, Colour::Black), (Choice::Black, Colour::White)] {
            let mut swap = Swap2::default();
            swap.choose(3, choice).unwrap();
            assert_eq!(swap.phase(3), Phase::Done);
            assert_eq!(swap.first_colour(), Some(first));
        }
    }

    #[test]
    fn choices_out_of_turn_are_refused_and_change_nothing() {
        let mut swap = Swap2::default();
        assert_eq!(swap.choose(2, Choice::White), Err(RuleError::Illegal("stones to place")));
        swap.choose(3, Choice::PlaceTwo).unwrap();
        let before = swap.clone();
        assert_eq!(swap.choose(4, Choice::Black), Err(RuleError::Illegal("stones to place")));
        assert_eq!(swap.choose(5, Choice::PlaceTwo), Err(RuleError::Illegal("choice not open")));
        assert_eq!(swap, before);
        swap.choose(5, Choice::Black).unwrap();
        assert_eq!(swap.choose(5, Choice::White), Err(RuleError::Illegal("opening over")));
        assert_eq!(swap.choose(9, Choice::White), Err(RuleError::Illegal("opening over")));
    }

    #[test]
    fn a_choice_is_taken_back_only_while_it_was_the_last_action() {
        let mut swap = Swap2::default();
        swap.choose(3, Choice::PlaceTwo).unwrap();
        assert_eq!(swap.take_back_choice(4), None);
        assert_eq!(swap.take_back_choice(3), Some(Choice::PlaceTwo));
        assert_eq!(swap, Swap2::default());
        assert_eq!(swap.take_back_choice(3), None);
    }
}
