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
use crate::game::RuleError;
use serde::{Deserialize, Serialize};

/// How a game begins. Serialised as `"standard"` (black simply moves first) or `"swap2"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Opening {
    #[default]
    Standard,
    Swap2,
}

impl Opening {
    pub const ALL: [Opening; 2] = [Opening::Standard, Opening::Swap2];

    pub fn as_str(self) -> &'static str {
        match self {
            Opening::Standard => "standard",
            Opening::Swap2 => "swap2",
        }
    }
}

/// One of the two players of a Swap2 game, named by their part in the opening. Serialised as
/// `"first"` and `"second"`. Under the standard opening the first player is black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Role {
    First,
    Second,
}

impl Role {
    pub fn other(self) -> Role {
        match self {
            Role::First => Role::Second,
            Role::Second => Role::First,
        }
    }
}

/// A decision of the opening. Serialised as `"white"`, `"black"` or `"placeTwo"`: the
/// decider takes white, takes black, or places two more stones and passes the choice back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Choice {
    White,
    Black,
    PlaceTwo,
}

impl Choice {
    pub const ALL: [Choice; 3] = [Choice::White, Choice::Black, Choice::PlaceTwo];

    /// Each of [`Choice::ALL`] as a text record writes it.
    pub const WRITTEN: [&'static str; 3] = ["choose white", "choose black", "choose placeTwo"];

    /// The name in JSON and in a text record: `"white"`, `"black"`, `"placeTwo"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Choice::White => "white",
            Choice::Black => "black",
            Choice::PlaceTwo => "placeTwo",
        }
    }
}

/// Where the opening stands. Serialised in camelCase: `"placeThree"`, `"chooseSide"`,
/// `"placeTwo"`, `"chooseColour"`, `"done"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    /// The first player places stones 1 to 3.
    PlaceThree,
    /// The second player chooses white, black or two more stones.
    ChooseSide,
    /// The second player places stones 4 and 5.
    PlaceTwo,
    /// The first player chooses white or black.
    ChooseColour,
    /// The colours are settled; the game goes on as usual.
    Done,
}

impl Phase {
    /// Who decides now; `None` once the opening is over.
    pub fn decider(self) -> Option<Role> {
        match self {
            Phase::PlaceThree | Phase::ChooseColour => Some(Role::First),
            Phase::ChooseSide | Phase::PlaceTwo => Some(Role::Second),
            Phase::Done => None,
        }
    }

    /// The choices open now (none while stones are to be placed).
    pub fn choices(self) -> &'static [Choice] {
        match self {
            Phase::ChooseSide => &[Choice::White, Choice::Black, Choice::PlaceTwo],
            Phase::ChooseColour => &[Choice::White, Choice::Black],
            _ => &[],
        }
    }

    /// Whether the next action is a stone (rather than a choice).
    pub fn takes_stones(self) -> bool {
        matches!(self, Phase::PlaceThree | Phase::PlaceTwo | Phase::Done)
    }
}

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
        if phase.choices().is_empty() {
            return Err(RuleError::Illegal(if phase == Phase::Done { "opening over" } else { "stones to place" }));
        }
        if !phase.choices().contains(&choice) {
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
        assert_eq!(swap.phase(3).decider(), Some(Role::Second));
        swap.choose(3, Choice::PlaceTwo).unwrap();
        assert_eq!(
            (swap.phase(3), swap.phase(4), swap.phase(5)),
            (Phase::PlaceTwo, Phase::PlaceTwo, Phase::ChooseColour)
        );
        assert_eq!(swap.phase(5).decider(), Some(Role::First));
        assert_eq!(swap.phase(5).choices(), [Choice::White, Choice::Black]);
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

    #[test]
    fn choices_read_and_write_as_camel_case() {
        assert_eq!(serde_json::to_string(&Choice::PlaceTwo).unwrap(), r#""placeTwo""#);
        assert_eq!(serde_json::from_str::<Opening>(r#""swap2""#).unwrap(), Opening::Swap2);
        assert_eq!(serde_json::to_string(&Phase::ChooseColour).unwrap(), r#""chooseColour""#);
    }
}
