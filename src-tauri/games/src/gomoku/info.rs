//! Gomoku's entry in the registry: a category per rule and opponent, ranked by stones to win.

use super::{Gomoku, Opponent, Rule};
use crate::kind::{Better, Categories, GameInfo, Measure, Ranking};
use crate::GameKind;

pub(super) static INFO: GameInfo = GameInfo {
    id: "gomoku",
    name_key: "game.gomoku",
    ranking: Ranking { measure: Measure::Moves, better: Better::Lower },
    has_undo: true,
    default_params: r#"{"rule":"freestyle","opponent":"human"}"#,
    categories: Categories { listed, label_prefix: "category.gomoku", pattern: None, is_valid },
    new_game: crate::erased::new_game::<Gomoku>,
};

pub const KIND: GameKind = GameKind::of(&INFO);

/// The category of a game under `rule` against `opponent`, as [`crate::Game::category`] writes it.
pub(super) fn category(rule: Rule, opponent: Opponent) -> String {
    format!("{}-{}", rule.as_str(), opponent.as_str())
}

/// Records are wins against the computer: one category per rule and level is listed.
fn listed() -> Vec<String> {
    Rule::ALL
        .iter()
        .flat_map(|rule| Opponent::ALL.iter().filter(|o| o.level().is_some()).map(|o| category(*rule, *o)))
        .collect()
}

fn is_valid(name: &str) -> bool {
    Rule::ALL.iter().any(|rule| Opponent::ALL.iter().any(|opponent| category(*rule, *opponent) == name))
}
