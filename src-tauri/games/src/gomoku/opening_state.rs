//! The opening rule a game is under, with the decisions made so far: one of the rules'
//! modules, answered through [`OpeningRule`]. (Apart from [`super::opening`], which names the
//! concept, so that the rules' modules and the concept do not import each other.)

use super::opening::{Opening, OpeningRule};
use super::soosorv8::Soosorv8;
use super::swap1::Swap1;
use super::swap2::Swap2;
use super::taraguchi10::Taraguchi10;

/// The opening a game is under, with the decisions made so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpeningState {
    Swap2(Swap2),
    Swap1(Swap1),
    Soosorv8(Soosorv8),
    Taraguchi10(Taraguchi10),
}

impl OpeningState {
    pub fn rule(&self) -> &dyn OpeningRule {
        match self {
            OpeningState::Swap2(rule) => rule,
            OpeningState::Swap1(rule) => rule,
            OpeningState::Soosorv8(rule) => rule,
            OpeningState::Taraguchi10(rule) => rule,
        }
    }

    pub fn rule_mut(&mut self) -> &mut dyn OpeningRule {
        match self {
            OpeningState::Swap2(rule) => rule,
            OpeningState::Swap1(rule) => rule,
            OpeningState::Soosorv8(rule) => rule,
            OpeningState::Taraguchi10(rule) => rule,
        }
    }
}

/// The opening's state at the start of a game under `opening`; `None` under the standard one.
pub fn start(opening: Opening) -> Option<OpeningState> {
    match opening {
        Opening::Standard => None,
        Opening::Swap2 => Some(OpeningState::Swap2(Swap2::default())),
        Opening::Swap1 => Some(OpeningState::Swap1(Swap1::default())),
        Opening::Soosorv8 => Some(OpeningState::Soosorv8(Soosorv8::default())),
        Opening::Taraguchi10 => Some(OpeningState::Taraguchi10(Taraguchi10::default())),
    }
}
