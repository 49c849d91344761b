//! What the player chooses before a game: the rule, the opponent, their colour and the names.

use super::board::Colour;
use super::rules::Rule;
use super::swap2::{Opening, Role};
use crate::Deal;
use serde::{Deserialize, Serialize};

/// How strong the computer plays. See [`super::ai`] for what each level does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Looks one move ahead with some chance in it; sometimes misses an open three.
    Easy,
    /// A short search: sees its own and the other side's threats a few moves ahead.
    Medium,
    /// A deep, timed search plus a hunt for a win by continuous fours.
    Hard,
}

/// Who plays the other side. Serialised as `"human"`, `"easy"`, `"medium"`, `"hard"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// Two people share the board and take turns.
    #[default]
    Human,
    Easy,
    Medium,
    Hard,
}

impl Opponent {
    pub const ALL: [Opponent; 4] = [Opponent::Human, Opponent::Easy, Opponent::Medium, Opponent::Hard];

    /// The stable name used in categories.
    pub fn as_str(self) -> &'static str {
        match self {
            Opponent::Human => "human",
            Opponent::Easy => "easy",
            Opponent::Medium => "medium",
            Opponent::Hard => "hard",
        }
    }

    /// The computer's level, or `None` for a second human.
    pub fn level(self) -> Option<Level> {
        match self {
            Opponent::Human => None,
            Opponent::Easy => Some(Level::Easy),
            Opponent::Medium => Some(Level::Medium),
            Opponent::Hard => Some(Level::Hard),
        }
    }
}

/// A new game's settings, e.g.
/// `{"rule":"exactFive","opponent":"hard","humanColour":"white","blackName":"Black","whiteName":"Ann"}`.
/// Every field may be left out; the defaults are freestyle, the standard opening, two humans,
/// the human plays black, and the names "Black" and "White" (saved settings from before Renju
/// and Swap2 read as they did). The app validates the names; the rules only carry them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Params {
    pub rule: Rule,
    /// `"standard"` or `"swap2"` ([`super::swap2`]).
    pub opening: Opening,
    pub opponent: Opponent,
    /// The human's colour against the computer; ignored between two humans. Under Swap2 the
    /// colours are chosen in the opening, so this names the human's part in it: black is the
    /// first player (who places three stones), white the second.
    pub human_colour: Colour,
    /// Under Swap2, the first player's name; `white_name` the second's.
    pub black_name: String,
    pub white_name: String,
    /// The dealer version ([`crate::deal`], [`super::NEWEST_DEAL`]); absent (version 1) in
    /// params stored before versions, and left out of the JSON for version 1.
    #[serde(default = "Deal::first", skip_serializing_if = "Deal::is_first")]
    pub deal: Deal,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            rule: Rule::Freestyle,
            opening: Opening::Standard,
            opponent: Opponent::Human,
            human_colour: Colour::Black,
            black_name: "Black".into(),
            white_name: "White".into(),
            deal: super::NEWEST_DEAL,
        }
    }
}

impl Params {
    /// The computer's colour under the standard opening, if the computer plays. Under Swap2
    /// the colours are chosen in the opening: see [`super::Gomoku::computer_colour`].
    pub fn computer_colour(&self) -> Option<Colour> {
        self.opponent.level().map(|_| self.human_colour.other())
    }

    /// The human's part in the game against the computer: first (black under the standard
    /// opening) or second.
    pub fn human_role(&self) -> Role {
        match self.human_colour {
            Colour::Black => Role::First,
            Colour::White => Role::Second,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_default_and_parse_in_camel_case() {
        let params: Params = serde_json::from_str("{}").unwrap();
        assert_eq!(params, Params::default());
        let json = r#"{"rule":"exactFive","opponent":"hard","humanColour":"white",
                       "blackName":"Deep Thought","whiteName":"Ann"}"#;
        let params: Params = serde_json::from_str(json).unwrap();
        assert_eq!(params.rule, Rule::ExactFive);
        assert_eq!(params.opponent, Opponent::Hard);
        assert_eq!(params.human_colour, Colour::White);
        assert_eq!(params.computer_colour(), Some(Colour::Black));
        assert_eq!(params.white_name, "Ann");
        let back: Params = serde_json::from_value(serde_json::to_value(&params).unwrap()).unwrap();
        assert_eq!(back, params);
        let renju: Params = serde_json::from_str(r#"{"rule":"renju","opening":"swap2"}"#).unwrap();
        assert_eq!((renju.rule, renju.opening), (Rule::Renju, Opening::Swap2));
        assert_eq!(params.opening, Opening::Standard, "absent means standard");
        assert!(serde_json::from_str::<Params>(r#"{"rule":"caro"}"#).is_err());
        assert!(serde_json::from_str::<Params>(r#"{"opening":"swap9"}"#).is_err());
    }

    #[test]
    fn only_computer_opponents_have_a_colour() {
        assert_eq!(Params::default().computer_colour(), None);
        let params = Params { opponent: Opponent::Easy, ..Params::default() };
        assert_eq!(params.computer_colour(), Some(Colour::White));
    }
}
