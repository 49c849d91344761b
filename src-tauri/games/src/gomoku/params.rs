//! What the player chooses before a game: the rule, the opponent, their colour and the names.

use super::board::Colour;
use super::rules::Rule;
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
/// Every field may be left out; the defaults are freestyle, two humans, the human plays black,
/// and the names "Black" and "White". The app validates the names; the rules only carry them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Params {
    pub rule: Rule,
    pub opponent: Opponent,
    /// The human's colour against the computer; ignored between two humans.
    pub human_colour: Colour,
    pub black_name: String,
    pub white_name: String,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            rule: Rule::Freestyle,
            opponent: Opponent::Human,
            human_colour: Colour::Black,
            black_name: "Black".into(),
            white_name: "White".into(),
        }
    }
}

impl Params {
    /// The computer's colour, if the computer plays.
    pub fn computer_colour(&self) -> Option<Colour> {
        self.opponent.level().map(|_| self.human_colour.other())
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
        assert!(serde_json::from_str::<Params>(r#"{"rule":"renju"}"#).is_err());
    }

    #[test]
    fn only_computer_opponents_have_a_colour() {
        assert_eq!(Params::default().computer_colour(), None);
        let params = Params { opponent: Opponent::Easy, ..Params::default() };
        assert_eq!(params.computer_colour(), Some(Colour::White));
    }
}
