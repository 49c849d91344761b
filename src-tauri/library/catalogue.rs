//! The games as the page learns them: one entry per registered game, read from the game's own
//! table, so the page keeps no list of games or categories of its own.

use pastimes_games::{CategoryPattern, GameKind, Ranking};
use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameEntry {
    pub id: &'static str,
    pub name_key: &'static str,
    pub ranking: Ranking,
    pub has_undo: bool,
    pub has_hint: bool,
    /// Whether a finished game's snapshot will bring an analysis (`analysing`, then `analysis`).
    pub has_analysis: bool,
    /// The name of the game's rate, when its hall of fame has a table by rate.
    pub rate_key: Option<&'static str>,
    pub default_params: Value,
    /// The categories shown before any game of them was played, in order.
    pub listed_categories: Vec<String>,
    /// A category's name is the catalogue entry `{labelPrefix}.{category}`...
    pub label_prefix: &'static str,
    /// ...unless it matches one of these patterns (numbers in the name, shown as the entry's
    /// parameters).
    pub category_patterns: &'static [CategoryPattern],
}

impl GameEntry {
    fn of(kind: GameKind) -> GameEntry {
        let info = kind.info();
        GameEntry {
            id: info.id,
            name_key: info.name_key,
            ranking: info.ranking,
            has_undo: info.has_undo,
            has_hint: info.hint.is_some(),
            has_analysis: info.analyse.is_some(),
            rate_key: info.rate.map(|rate| rate.key),
            default_params: info.default_params(),
            listed_categories: (info.categories.listed)(),
            label_prefix: info.categories.label_prefix,
            category_patterns: info.categories.patterns,
        }
    }
}

/// Every game, in the order the home screen lists them.
pub fn games() -> Vec<GameEntry> {
    GameKind::all().map(GameEntry::of).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_lists_every_registered_game_with_its_table() {
        let games = games();
        let ids: Vec<_> = games.iter().map(|g| g.id).collect();
        assert_eq!(ids, ["minesweeper", "bubbles", "gomoku"]);
        let json = serde_json::to_value(&games).unwrap();
        assert_eq!(json[0]["ranking"], serde_json::json!({"measure": "time", "better": "lower"}));
        assert_eq!(json[0]["categoryPatterns"][0]["template"], "custom-{width}x{height}/{mines}");
        assert_eq!(json[1]["listedCategories"][0], "megashift");
        assert_eq!(json[2]["hasUndo"], true);
        // The capabilities, read from each game's table: an entry there is its method.
        assert_eq!(
            (&json[0]["hasHint"], &json[0]["hasAnalysis"]),
            (&serde_json::json!(true), &serde_json::json!(false))
        );
        assert_eq!(json[0]["rateKey"], "ms.stat.bbbvPerSecond");
        assert_eq!((&json[1]["hasAnalysis"], &json[1]["rateKey"]), (&serde_json::json!(true), &Value::Null));
        assert_eq!(json[2]["defaultParams"]["opponent"], "human");
    }
}
