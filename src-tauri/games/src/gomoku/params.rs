//! What the player chooses before a game: the rule, the opponent, their colour and the names.

use super::board::{BoardSize, Colour};
use super::opening::{Opening, Role};
use super::rules::Rule;
use crate::time_control::TimeControl;
use crate::Deal;
use serde::{Deserialize, Serialize};

/// How strong the computer plays, weakest first; each level scores 65-80 % against the one
/// below it (docs/ENGINES.md). See [`super::ai`] for what each level does. The three levels
/// from before Beginner and Master keep their names, so saved settings and records made
/// against them read as they were.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A one-move look with much chance in it, for someone who has just learned the rules.
    Beginner,
    /// A one-move look, better aimed; sometimes misses an open three.
    Easy,
    /// A short search: sees its own and the other side's threats a few moves ahead.
    Medium,
    /// A deep search plus a hunt for a forced win, within 1.5 s.
    Hard,
    /// The full engine, up to 5 s a move.
    Master,
}

impl Level {
    pub const ALL: [Level; 5] = [Level::Beginner, Level::Easy, Level::Medium, Level::Hard, Level::Master];
}

/// Who plays the other side. Serialised as `"human"`, the level's name (`"beginner"`,
/// `"easy"`, `"medium"`, `"hard"`, `"master"`) or `"engine"`: a Gomocup brain the player
/// added, named by [`Params::engine`], which the app runs (the rules only carry its name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// Two people share the board and take turns.
    #[default]
    Human,
    Beginner,
    Easy,
    Medium,
    Hard,
    Master,
    /// An external engine (a Gomocup brain); its games never rank.
    Engine,
}

impl Opponent {
    pub const ALL: [Opponent; 7] = [
        Opponent::Human,
        Opponent::Beginner,
        Opponent::Easy,
        Opponent::Medium,
        Opponent::Hard,
        Opponent::Master,
        Opponent::Engine,
    ];

    /// The stable name used in categories (the same as in the saved settings).
    pub fn as_str(self) -> &'static str {
        match self {
            Opponent::Human => "human",
            Opponent::Beginner => "beginner",
            Opponent::Easy => "easy",
            Opponent::Medium => "medium",
            Opponent::Hard => "hard",
            Opponent::Master => "master",
            Opponent::Engine => "engine",
        }
    }

    /// Whether a program plays the other side (a level or an external engine).
    pub fn is_computer(self) -> bool {
        self != Opponent::Human
    }

    /// The built-in computer's level, or `None` for a second human or an external engine.
    pub fn level(self) -> Option<Level> {
        match self {
            Opponent::Beginner => Some(Level::Beginner),
            Opponent::Easy => Some(Level::Easy),
            Opponent::Medium => Some(Level::Medium),
            Opponent::Hard => Some(Level::Hard),
            Opponent::Master => Some(Level::Master),
            Opponent::Human | Opponent::Engine => None,
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
    /// The board, `15` or `20` intersections a side ([`BoardSize`]); left out of the JSON for
    /// 15x15, so params from before 20x20 read and save as they were. Renju is 15x15 only.
    #[serde(skip_serializing_if = "BoardSize::is_fifteen")]
    pub size: BoardSize,
    /// `"standard"`, `"swap2"`, `"swap1"`, `"soosorv8"` or `"taraguchi10"` ([`super::opening`]).
    pub opening: Opening,
    pub opponent: Opponent,
    /// The human's colour against the computer; ignored between two humans. Under Swap2 the
    /// colours are chosen in the opening, so this names the human's part in it: black is the
    /// first player (who places three stones), white the second.
    pub human_colour: Colour,
    /// Under Swap2, the first player's name; `white_name` the second's.
    pub black_name: String,
    pub white_name: String,
    /// The clocks ([`crate::time_control`]): none, a fixed time a move or Fischer's main time
    /// plus an increment; left out of the JSON untimed, so games from before clocks read and
    /// save as they were.
    #[serde(skip_serializing_if = "TimeControl::is_none")]
    pub time_control: TimeControl,
    /// The dealer version ([`crate::deal`], [`super::NEWEST_DEAL`]); absent (version 1) in
    /// params stored before versions, and left out of the JSON for version 1.
    #[serde(default = "Deal::first", skip_serializing_if = "Deal::is_first")]
    pub deal: Deal,
    /// The external engine that plays the other side when the opponent is `"engine"`; absent
    /// otherwise (and from the JSON).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineSeat>,
    /// A game of the computer against itself (a demo, [`super::demo`]): the level, or `"engine"`
    /// (the external engine of [`Params::demo_engine`]), that plays the player's part
    /// (`humanColour`) while the player watches, `opponent` playing the other; absent otherwise
    /// (and from the JSON). E.g. `{"opponent":"master","demo":"hard"}`, or two engines
    /// `{"opponent":"engine","engine":{...},"demo":"engine","demoEngine":{...}}`. Never `"human"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub demo: Option<Opponent>,
    /// The external engine that plays the player's part in a demo whose `demo` is `"engine"`
    /// (it may be the same engine as [`Params::engine`]: each part runs its own process); absent
    /// otherwise (and from the JSON).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub demo_engine: Option<EngineSeat>,
}

/// The external engine a game is played against, as the game names it, e.g.
/// `{"id":"pbrain-rapfi","name":"Rapfi","version":"2024","moveMs":1000}`. `id` is the engine's
/// entry in the player's list (the app finds the program there, never in a game); the name and
/// version are what the engine said of itself when it was added, kept so that the record names
/// it; `moveMs` is its time a move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EngineSeat {
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub version: String,
    #[serde(default = "EngineSeat::default_move_ms")]
    pub move_ms: u64,
}

impl EngineSeat {
    /// The time a move when none is given: a second, as tournaments' fast games.
    pub const DEFAULT_MOVE_MS: u64 = 1000;

    fn default_move_ms() -> u64 {
        Self::DEFAULT_MOVE_MS
    }
}

impl Default for Params {
    fn default() -> Self {
        Params {
            rule: Rule::Freestyle,
            size: BoardSize::Fifteen,
            opening: Opening::Standard,
            opponent: Opponent::Human,
            human_colour: Colour::Black,
            black_name: "Black".into(),
            white_name: "White".into(),
            time_control: TimeControl::None,
            deal: super::NEWEST_DEAL,
            engine: None,
            demo: None,
            demo_engine: None,
        }
    }
}

impl Params {
    /// Refuses a board the rule is not played on: Renju is defined on 15x15 only
    /// (`"renjuIs15x15"`).
    pub fn check_size(&self) -> Result<(), crate::RuleError> {
        if self.rule == Rule::Renju && self.size != super::renju::SIZE {
            return Err(crate::RuleError::Illegal("renjuIs15x15"));
        }
        Ok(())
    }

    /// The computer's colour under the standard opening, if the computer plays. Under Swap2
    /// the colours are chosen in the opening: see [`super::Gomoku::computer_colour`].
    pub fn computer_colour(&self) -> Option<Colour> {
        self.opponent.is_computer().then(|| self.human_colour.other())
    }

    /// Whether an external engine plays a part: the opponent, or the player's part in a demo.
    pub fn plays_an_engine(&self) -> bool {
        self.opponent == Opponent::Engine || self.demo == Some(Opponent::Engine)
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
        let caro: Params = serde_json::from_str(r#"{"rule":"caro"}"#).unwrap();
        assert_eq!(caro.rule, Rule::Caro);
        assert!(serde_json::from_str::<Params>(r#"{"rule":"pente"}"#).is_err());
        assert!(serde_json::from_str::<Params>(r#"{"opening":"swap9"}"#).is_err());
        let large: Params = serde_json::from_str(r#"{"size":20}"#).unwrap();
        assert_eq!(large.size, BoardSize::Twenty);
        assert_eq!(serde_json::to_value(&large).unwrap()["size"], 20);
        assert!(serde_json::to_value(Params::default()).unwrap().get("size").is_none(), "15x15 is left out");
        for bad in ["19", "0", "-1", "1e9", "\"20\""] {
            assert!(serde_json::from_str::<Params>(&format!(r#"{{"size":{bad}}}"#)).is_err(), "{bad}");
        }
    }

    /// Settings saved with the three levels before Beginner and Master read as the levels of
    /// the same name, and save back as they were.
    #[test]
    fn saved_levels_read_as_before_and_round_trip() {
        for (name, opponent) in [("easy", Opponent::Easy), ("medium", Opponent::Medium), ("hard", Opponent::Hard)] {
            let saved = format!(r#"{{"rule":"renju","opponent":"{name}","humanColour":"white"}}"#);
            let params: Params = serde_json::from_str(&saved).unwrap();
            assert_eq!(params.opponent, opponent);
            assert_eq!(serde_json::to_value(&params).unwrap()["opponent"], name);
        }
        for opponent in Opponent::ALL {
            let json = serde_json::to_string(&opponent).unwrap();
            assert_eq!(json, format!("\"{}\"", opponent.as_str()));
            assert_eq!(serde_json::from_str::<Opponent>(&json).unwrap(), opponent);
        }
        let levels: Vec<Level> = Opponent::ALL.iter().filter_map(|o| o.level()).collect();
        assert_eq!(levels, Level::ALL, "every level is an opponent, weakest first");
        assert!(serde_json::from_str::<Opponent>(r#""grandmaster""#).is_err());
    }

    #[test]
    fn only_computer_opponents_have_a_colour() {
        assert_eq!(Params::default().computer_colour(), None);
        let params = Params { opponent: Opponent::Easy, ..Params::default() };
        assert_eq!(params.computer_colour(), Some(Colour::White));
    }
}
