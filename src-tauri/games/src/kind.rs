//! What the app needs to know about a game besides its rules: its name, how its results rank,
//! its categories, its default parameters and how to start one (Tatham's `struct game` table).
//!
//! Each game's module declares one [`GameInfo`]; [`crate::registry`] lists them. Nothing outside
//! a game's own module and the registry names a particular game.

use crate::deal::Deal;
use crate::erased::AnyGame;
use crate::RuleError;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use std::fmt;
use std::sync::atomic::AtomicBool;

/// Which game: a handle on its [`GameInfo`], compared by id. Serialised as the id
/// (`"minesweeper"`); deserialising an id no game has is an error.
#[derive(Clone, Copy)]
pub struct GameKind(&'static GameInfo);

impl GameKind {
    /// The handle of a game's own table; only a game's module makes one, for its `KIND`.
    pub const fn of(info: &'static GameInfo) -> GameKind {
        GameKind(info)
    }

    /// The stable id used in the database and over IPC.
    pub fn as_str(self) -> &'static str {
        self.0.id
    }

    pub fn info(self) -> &'static GameInfo {
        self.0
    }

    /// The registered game with this id.
    pub fn parse(id: &str) -> Option<GameKind> {
        crate::registry::GAMES.iter().copied().find(|kind| kind.as_str() == id)
    }

    /// Every registered game, in the order the home screen lists them.
    pub fn all() -> impl Iterator<Item = GameKind> {
        crate::registry::GAMES.iter().copied()
    }
}

impl PartialEq for GameKind {
    fn eq(&self, other: &GameKind) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for GameKind {}

impl std::hash::Hash for GameKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl fmt::Debug for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for GameKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for GameKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameKind, D::Error> {
        let id = String::deserialize(deserializer)?;
        GameKind::parse(&id).ok_or_else(|| serde::de::Error::custom(format!("unknown game {id:?}")))
    }
}

/// What a result is measured in, for the hall of fame's column and the statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Measure {
    /// Time to win (Minesweeper).
    Time,
    /// Points (Bubble Breaker).
    Score,
    /// Stones played to win, then time (Gomoku).
    Moves,
}

/// Whether a smaller or a larger measure is the better result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Better {
    Lower,
    Higher,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Ranking {
    pub measure: Measure,
    pub better: Better,
}

/// The categories a game writes, and how their names read to a player.
#[derive(Clone, Copy)]
pub struct Categories {
    /// The categories listed before any game of them was played (in the hall of fame and the
    /// history's filter), in the order they are shown.
    pub listed: fn() -> Vec<String>,
    /// The catalogue key of a category's name is `{label_prefix}.{category}` (`category.gomoku`
    /// names `category.gomoku.freestyle-hard`), unless one of the patterns below matches.
    pub label_prefix: &'static str,
    /// Categories with numbers in them (Minesweeper's custom sizes): see [`CategoryPattern`].
    pub patterns: &'static [CategoryPattern],
    /// Categories that are another category played in a variant (Gomoku's 20x20 board): see
    /// [`CategoryVariant`].
    pub variants: &'static [CategoryVariant],
    /// Whether `name` is a category this game writes, exactly as it writes it.
    pub is_valid: fn(&str) -> bool,
    /// Whether a game of the category can enter the hall of fame at all: a two-player
    /// category's cannot, so its chart draws every game and no best so far.
    pub ranks: fn(&str) -> bool,
}

/// [`Categories::ranks`] of a game whose every category ranks.
pub fn every_category_ranks(_: &str) -> bool {
    true
}

/// A category name with whole numbers in it, such as `custom-{width}x{height}/{mines}`: each
/// `{field}` stands for a number without leading zeros, which the catalogue entry `label_key`
/// shows as its parameter `field`.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryPattern {
    pub template: &'static str,
    pub label_key: &'static str,
}

/// A category that is another one in a variant, named by a suffix: `freestyle-hard-20x20` is
/// `freestyle-hard` on the 20x20 board. Its name is the catalogue entry `label_key` with the
/// other category's name as its parameter `category` ("{category}, 20x20 board"), so one entry
/// names the variant of every category.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryVariant {
    pub suffix: &'static str,
    pub label_key: &'static str,
}

impl CategoryPattern {
    /// The category named by these numbers: each `{field}` of the template replaced.
    pub fn name(&self, fields: &[(&str, usize)]) -> String {
        fields
            .iter()
            .fold(self.template.to_string(), |name, (field, n)| name.replace(&format!("{{{field}}}"), &n.to_string()))
    }

    /// The numbers of `name` by field, in template order, if `name` has this pattern's shape.
    pub fn fields(&self, name: &str) -> Option<Vec<(&'static str, i64)>> {
        let mut rest = name;
        let mut fields = Vec::new();
        let mut template = self.template;
        while !template.is_empty() {
            if let Some(after_brace) = template.strip_prefix('{') {
                let (field, after) = after_brace.split_once('}')?;
                let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                let number = &rest[..digits];
                if number.is_empty() || (number.len() > 1 && number.starts_with('0')) {
                    return None;
                }
                fields.push((field_name(self.template, field)?, number.parse().ok()?));
                rest = &rest[digits..];
                template = after;
            } else {
                let literal = template.find('{').unwrap_or(template.len());
                rest = rest.strip_prefix(&template[..literal])?;
                template = &template[literal..];
            }
        }
        rest.is_empty().then_some(fields)
    }
}

/// The `'static` copy of a field's name inside the template.
fn field_name(template: &'static str, field: &str) -> Option<&'static str> {
    let start = template.find(&format!("{{{field}}}"))? + 1;
    Some(&template[start..start + field.len()])
}

/// Starts a game from its parameters (as JSON) and seed, behind the erased interface.
pub type NewGame = fn(&Value, u64) -> Result<Box<dyn AnyGame>, RuleError>;

/// A game's [`crate::Hints::hint`], behind the erased interface.
pub type HintFn = fn(&dyn AnyGame, &AtomicBool) -> Option<Value>;

/// Why a position file's text starts no game (a position format's reader says it as a
/// [`crate::FormatError`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionFileError {
    /// Longer than any position file of the game: refused unread.
    #[error("the file is longer than a position file ({max} bytes at most)")]
    TooLarge { max: usize },
    /// Not a position of the game, for the reason given (a line, a colour, a size).
    #[error("not a position: {0}")]
    Invalid(String),
}

/// A game's [`crate::Analyses::analyse`], behind the erased interface: its seed and its moves
/// as logged (JSON).
pub type AnalyseFn = fn(&dyn AnyGame, u64, &[Value], &AtomicBool) -> Option<Value>;

/// A game's [`crate::Analyses`]: the analysis, and how the player sees it.
#[derive(Clone, Copy)]
pub struct Analysis {
    pub of: AnalyseFn,
    pub shown: Shown,
    /// Worked out when asked for, not after the game ([`crate::Analyses::ON_DEMAND`]).
    pub on_demand: bool,
}

/// How the player sees a finished game's analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Shown {
    /// A line of moves on the same deal (the analysis's `moves`), watched in the watch view
    /// beside the player's own: Bubble Breaker's best line.
    BestLine,
    /// A review screen of the game, opened from the history: Gomoku's review, Minesweeper's.
    Review,
}

/// The kinds of new game a player picks from a list (original 001's levels, Bubble Breaker's
/// styles): the Game menu and the screen's compact control both show it, with the current one
/// checked. Each choice sets the parameter `key` of a new game to its `id`.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Choices {
    pub key: &'static str,
    pub items: &'static [Choice],
}

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Choice {
    pub id: &'static str,
    /// The catalogue key of its name.
    pub name_key: &'static str,
    /// The key that picks it on the game's screen (Minesweeper's 1, 2 and 3), if any.
    pub key: Option<&'static str>,
    /// Whether picking it asks for more first (Minesweeper's Custom… field size).
    pub asks: bool,
}

impl Choices {
    /// The choice a game of `params` was started with, if one of them.
    pub fn of(&self, params: &Value) -> Option<&'static str> {
        let value = params.get(self.key)?.as_str()?;
        self.items.iter().find(|choice| choice.id == value).map(|choice| choice.id)
    }
}

/// A game's [`crate::Rates`]: the catalogue key of its name, and the rate of a finished game.
#[derive(Clone, Copy)]
pub struct Rate {
    pub key: &'static str,
    pub of: fn(&dyn AnyGame, u64) -> Option<f64>,
}

/// A figure of a finished game that the history, Verify and the statistics show: the game
/// declares it once, and the app and the page read and show it without knowing the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SummaryField {
    /// Its key in the object it is read from (`bbbv` in Minesweeper's summary).
    pub key: &'static str,
    /// The catalogue key of how it reads to a player, the figure formatted as its parameter
    /// `value` ("{value} 3BV/s", "best found {value}").
    pub name_key: &'static str,
    pub format: FieldFormat,
    pub source: FieldSource,
    /// Whether a history row shows it below the game's score or time.
    pub on_history_row: bool,
    /// Whether Verify replays it: a figure the rules work out again, exactly, from the record
    /// alone (never one that depends on the clock or on a search).
    pub verified: bool,
}

/// How a [`SummaryField`]'s figure is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum FieldFormat {
    /// A duration in milliseconds, shown in seconds to the millisecond.
    TimeMs,
    /// A whole number.
    Integer,
    /// Points, grouped as the player's language groups numbers.
    Score,
    /// A rate, with exactly this many decimals (3BV/s: 2).
    Rate { decimals: u8 },
}

/// What a [`SummaryField`] is read from: one of the two objects a finished game keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FieldSource {
    /// The game's [`crate::Game::summary`], stored when it finished (a history row's `summary`).
    Summary,
    /// The analysis of the finished game ([`crate::Analyses`]; a history row's `analysis`), kept
    /// once the work after the game is done.
    Analysis,
}

impl SummaryField {
    /// The figure in `summary` or `analysis`, as this field says to read it.
    pub fn read<'a>(&self, summary: &'a Value, analysis: &'a Value) -> Option<&'a Value> {
        let source = match self.source {
            FieldSource::Summary => summary,
            FieldSource::Analysis => analysis,
        };
        source.get(self.key).filter(|value| !value.is_null())
    }
}

/// Everything the app knows about one game besides its rules.
pub struct GameInfo {
    /// The stable id: the database, IPC, settings keys (`{id}Params`) and the page's folder.
    pub id: &'static str,
    /// The catalogue key of the game's name; `{name_key}.blurb` is its one-line description.
    pub name_key: &'static str,
    pub ranking: Ranking,
    /// How many decimals of a second a time of this game is shown with, wherever it is shown
    /// (the hall of fame, the history, the statistics, the result): Minesweeper's 2, as its
    /// rankings compare times; 1 for the others. The stored times are milliseconds either way.
    pub time_decimals: u8,
    /// Whether the session offers undo and redo.
    pub has_undo: bool,
    /// The game's hints ([`crate::Hints`], `Some(erased::hint_of::<G>)`): the page offers a Hint
    /// button.
    pub hint: Option<HintFn>,
    /// The game's odds on the board ([`crate::Odds`], `Some(erased::odds_of::<G>)`): the page
    /// offers Show odds.
    pub odds: Option<fn(&dyn AnyGame) -> Option<Value>>,
    /// The work on a finished game for the game-over view, and how it is seen (the history's
    /// best line or review): [`crate::Analyses`], `Some(erased::analysis_of::<G>())`.
    pub analysis: Option<Analysis>,
    /// The game's study board, a tool beside play ([`crate::study`]): a position the player
    /// sets up and the engine looks at. The app refuses it for a game without.
    pub study_board: Option<crate::study::OpenStudyBoard>,
    /// Whether a game's moves alone make its position (nothing dealt, nothing hidden): the
    /// player may copy a game's moves and paste moves to set up a position (Gomoku). The app
    /// refuses both for a game without.
    pub exchanges_moves: bool,
    /// The game's rate, when its hall of fame has a second table by it ([`crate::Rates`],
    /// `Some(erased::rate_of::<G>())`: Minesweeper's 3BV/s).
    pub rate: Option<Rate>,
    /// The figures of a finished game the history, Verify and the statistics show (Minesweeper's
    /// 3BV and 3BV/s, Bubble Breaker's best found), in the order shown.
    pub summary_fields: &'static [SummaryField],
    /// What a new game is picked from, where the game has such a list.
    pub choices: Option<Choices>,
    /// The files the game reads and writes besides the app's record file (Minesweeper's
    /// videos, Gomocup's `.psq`, Bubble Breaker's position files, from which a game starts:
    /// `Open position...`, a game that never ranks): each with its codec ([`crate::FileFormat`]).
    pub file_formats: &'static [crate::FileFormat],
    /// How the game deals its boards from a seed, where it does ([`crate::deal_code`]): such a
    /// game has deal codes, numbered deals and Restart. `None` for a game that deals nothing
    /// (Gomoku's board starts empty).
    pub deals: Option<crate::deal_code::Deals>,
    /// The game's deal of the day ([`crate::daily`]), if it offers one: the home card and the
    /// Game menu open it. `None` for a game without (Gomoku: its puzzles' puzzle of the day is
    /// its daily offer, [`crate::daily::offer`]).
    pub daily: Option<crate::daily::Daily>,
    /// The game's puzzles ([`crate::puzzle`]), a tool beside play with a puzzle of the day:
    /// Gomoku's forced wins. The app refuses them for a game without.
    pub puzzles: Option<crate::puzzle::Puzzles>,
    /// The parameters of a first game, as JSON text (the page starts from these).
    pub default_params: &'static str,
    pub categories: Categories,
    /// The version its boards are dealt with now ([`crate::deal`]): what a new game gets.
    pub newest_deal: Deal,
    /// Deals a game from stored parameters, with the dealer version they name (version 1 when
    /// they name none): for a game in progress, a finished game's record and a record file. A
    /// new game starts through [`GameInfo::start_game`].
    pub new_game: NewGame,
}

impl GameInfo {
    /// Whether `name` is one of this game's categories.
    pub fn is_category(&self, name: &str) -> bool {
        (self.categories.is_valid)(name)
    }

    /// Starts a new game from the player's parameters, dealt with the newest dealer version
    /// whatever version they name: the page can only ask for a new board, never an old dealer.
    pub fn start_game(&self, params: &Value, seed: u64) -> Result<Box<dyn AnyGame>, RuleError> {
        let mut params = params.clone();
        if let Some(fields) = params.as_object_mut() {
            fields.insert(crate::deal::KEY.to_string(), Value::from(self.newest_deal.0));
        }
        (self.new_game)(&params, seed)
    }

    pub fn default_params(&self) -> Value {
        serde_json::from_str(self.default_params).unwrap_or(Value::Null)
    }

    /// The catalogue key and parameters that name `category` to a player. A variant's
    /// parameter `category` is the key of the category it is a variant of (the page names it).
    pub fn category_label(&self, category: &str) -> (String, serde_json::Map<String, Value>) {
        let mut params = serde_json::Map::new();
        for variant in self.categories.variants {
            if let Some(base) = category.strip_suffix(variant.suffix) {
                params.insert("category".into(), Value::from(self.category_label(base).0));
                return (variant.label_key.to_string(), params);
            }
        }
        for pattern in self.categories.patterns {
            if let Some(fields) = pattern.fields(category) {
                params.extend(fields.into_iter().map(|(name, n)| (name.to_string(), Value::from(n))));
                return (pattern.label_key.to_string(), params);
            }
        }
        (format!("{}.{category}", self.categories.label_prefix), params)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: CategoryPattern = CategoryPattern { template: "custom-{width}x{height}/{mines}", label_key: "k" };

    #[test]
    fn a_pattern_reads_its_numbers_and_nothing_else() {
        assert_eq!(SIZE.fields("custom-20x12/40"), Some(vec![("width", 20), ("height", 12), ("mines", 40)]));
        assert_eq!(SIZE.name(&[("width", 20), ("height", 12), ("mines", 40)]), "custom-20x12/40");
        for bad in ["custom-09x9/10", "custom-9x9/", "custom-9x9/10x", "custom9x9/10", "custom-ax9/10", ""] {
            assert_eq!(SIZE.fields(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_summary_field_reads_its_own_source_and_a_null_is_no_figure() {
        let field = |source| SummaryField {
            key: "best",
            name_key: "k",
            format: FieldFormat::Integer,
            source,
            on_history_row: true,
            verified: false,
        };
        let summary = serde_json::json!({"best": 1});
        let analysis = serde_json::json!({"best": 2});
        assert_eq!(field(FieldSource::Summary).read(&summary, &analysis), Some(&Value::from(1)));
        assert_eq!(field(FieldSource::Analysis).read(&summary, &analysis), Some(&Value::from(2)));
        assert_eq!(field(FieldSource::Analysis).read(&summary, &serde_json::json!({"best": null})), None);
        assert_eq!(field(FieldSource::Summary).read(&Value::Null, &analysis), None);
        let json = serde_json::to_value(FieldFormat::Rate { decimals: 2 }).unwrap();
        assert_eq!(json, serde_json::json!({"kind": "rate", "decimals": 2}));
    }

    #[test]
    fn kinds_are_their_ids_in_json() {
        for kind in GameKind::all() {
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{}\"", kind.as_str()));
            assert_eq!(serde_json::from_str::<GameKind>(&json).unwrap(), kind);
        }
        assert!(serde_json::from_str::<GameKind>("\"chess\"").is_err());
    }
}
