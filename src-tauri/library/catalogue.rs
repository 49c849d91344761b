//! The games as the page learns them: one entry per registered game, read from the game's own
//! table, so the page keeps no list of games or categories of its own.

use pastimes_games::{
    CategoryPattern, CategoryVariant, Choices, DailyChoice, FileFormat, GameKind, Ranking, Reads, Shown, SummaryField,
};
use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameEntry {
    pub id: &'static str,
    pub name_key: &'static str,
    pub ranking: Ranking,
    /// How many decimals of a second its times are shown with (Minesweeper's hundredths).
    pub time_decimals: u8,
    pub has_undo: bool,
    pub has_hint: bool,
    /// Whether the game shows the odds on its board (Minesweeper's Show odds).
    pub has_odds: bool,
    /// Whether a finished game's snapshot will bring an analysis (`analysing`, then `analysis`).
    pub has_analysis: bool,
    /// How a finished game's analysis is seen: `"bestLine"` (watched beside the player's line)
    /// or `"review"` (the history's Review button); `null` without one.
    pub analysis_shown: Option<Shown>,
    /// Whether the player may copy a game's moves and paste moves to set up a position.
    pub exchanges_moves: bool,
    /// Whether a game can start from a position file or text (`Open position...`, `Paste
    /// position...`: `import_game` with such a format): one of its formats reads positions.
    pub opens_positions: bool,
    /// Whether the game deals its boards from a seed: it has Restart (F5), deal codes and
    /// numbered deals.
    pub has_deals: bool,
    /// The kinds of daily deal the game offers (`pastimes_games::daily`), the first the
    /// default; `null` for a game without one: the home card and the Game menu open it.
    pub daily_choices: Option<&'static [DailyChoice]>,
    /// Whether the game offers puzzles (`pastimes_games::puzzle`) with a puzzle of the day: its
    /// screen and the home card's daily puzzle open them.
    pub has_puzzles: bool,
    /// What the game offers each day (`pastimes_games::daily::offer`): `"deal"` (the game's
    /// screen opens it) or `"puzzle"` (its puzzles' screen); `null` for nothing. The home card,
    /// the Game menu, the statistics and the hall's daily tab show each alike (`daily_status`).
    pub daily_offer: Option<&'static str>,
    /// The name of the game's rate, when its hall of fame has a table by rate.
    pub rate_key: Option<&'static str>,
    /// The figures of a finished game the history and the statistics show, each with where it
    /// is read from (a history row's `summary` or `analysis`) and how it is written.
    pub summary_fields: &'static [SummaryField],
    pub default_params: Value,
    /// What a new game is picked from (the Game menu's and the compact control's list), if the
    /// game has such a list.
    pub choices: Option<Choices>,
    /// The files a finished game of it is exported to and imported from: the app's record file
    /// ([`RECORD_FILE`]) first, then the game's own formats, in its order.
    pub file_formats: Vec<FormatEntry>,
    /// The categories shown before any game of them was played, in order.
    pub listed_categories: Vec<String>,
    /// A category's name is the catalogue entry `{labelPrefix}.{category}`...
    pub label_prefix: &'static str,
    /// ...unless it matches one of these patterns (numbers in the name, shown as the entry's
    /// parameters).
    pub category_patterns: &'static [CategoryPattern],
    /// ...or ends with one of these variants' suffixes (Gomoku's `-20x20`), named by the
    /// variant's entry with the other category's name as its parameter.
    pub category_variants: &'static [CategoryVariant],
}

impl GameEntry {
    fn of(kind: GameKind) -> GameEntry {
        let info = kind.info();
        GameEntry {
            id: info.id,
            name_key: info.name_key,
            ranking: info.ranking,
            time_decimals: info.time_decimals,
            has_undo: info.has_undo,
            has_hint: info.hint.is_some(),
            has_odds: info.odds.is_some(),
            has_analysis: info.analysis.is_some_and(|analysis| !analysis.on_demand),
            analysis_shown: info.analysis.map(|analysis| analysis.shown),
            exchanges_moves: info.exchanges_moves,
            has_deals: info.deals.is_some(),
            daily_choices: info.daily.map(|daily| daily.choices),
            has_puzzles: info.puzzles.is_some(),
            daily_offer: pastimes_games::daily::offer(kind).map(|offer| offer.kind()),
            opens_positions: info.file_formats.iter().any(|format| format.position_reader().is_some()),
            rate_key: info.rate.map(|rate| rate.key),
            summary_fields: info.summary_fields,
            default_params: info.default_params(),
            choices: info.choices,
            file_formats: formats_of(kind),
            listed_categories: (info.categories.listed)(),
            label_prefix: info.categories.label_prefix,
            category_patterns: info.categories.patterns,
            category_variants: info.categories.variants,
        }
    }
}

/// A file format as the page and the file dialogs know it: its export menu item, its save
/// dialog, its extensions and what it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FormatEntry {
    /// The stable id: `export_game`'s `format`, and the page's menu item `.hist-export-{id}`.
    pub id: &'static str,
    /// The catalogue key of its export menu item.
    pub name_key: &'static str,
    /// The catalogue keys of its save dialog's title and of its file filter's name.
    pub dialog_title_key: &'static str,
    pub filter_key: &'static str,
    /// Lower case, without the dot; a written file takes the first.
    pub extensions: &'static [&'static str],
    pub mime_type: &'static str,
    /// What a file of it becomes, if it is read: a finished game (Import game...) or a new
    /// game's position (Open position...).
    pub reads: Option<Reading>,
    /// Whether a finished game is exported to it (only a game that ended won, lost or drawn
    /// when `ended_only`), and whether a game under way is too (`export_game` without an id).
    pub writes: bool,
    pub ended_only: bool,
    pub under_way: bool,
}

/// The app's own record file, every game's (`records/record_text.rs` reads and writes it).
pub const RECORD_FILE: FormatEntry = FormatEntry {
    id: "record",
    name_key: "history.export.text",
    dialog_title_key: "history.exportGameTitle",
    filter_key: "history.recordFilter",
    extensions: &["txt"],
    mime_type: "text/plain",
    reads: Some(Reading::Game),
    writes: true,
    ended_only: false,
    under_way: false,
};

/// What a read file becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Reading {
    Game,
    Position,
}

impl FormatEntry {
    /// A game's format, as declared in its table.
    pub fn of(format: &FileFormat) -> FormatEntry {
        FormatEntry {
            id: format.id,
            name_key: format.name_key,
            dialog_title_key: format.dialog_title_key,
            filter_key: format.filter_key,
            extensions: format.extensions,
            mime_type: format.mime_type,
            reads: format.reads.map(|reads| match reads {
                Reads::Game(_) => Reading::Game,
                Reads::Position(_) => Reading::Position,
            }),
            writes: format.writes.is_some(),
            ended_only: format.writes.is_some_and(|writes| writes.ended_only),
            under_way: format.writes.is_some_and(|writes| writes.under_way),
        }
    }
}

/// The formats of `kind`'s games: the record file, then the game's own.
pub fn formats_of(kind: GameKind) -> Vec<FormatEntry> {
    std::iter::once(RECORD_FILE).chain(kind.info().file_formats.iter().map(FormatEntry::of)).collect()
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
        assert_eq!(ids, GameKind::all().map(GameKind::as_str).collect::<Vec<_>>());
        for (entry, kind) in games.iter().zip(GameKind::all()) {
            let info = kind.info();
            assert_eq!(entry.has_hint, info.hint.is_some(), "{kind:?}");
            assert_eq!(entry.has_deals, info.deals.is_some(), "{kind:?}");
            assert_eq!(entry.daily_choices.is_some(), info.daily.is_some(), "{kind:?}");
            assert_eq!(entry.daily_offer.is_some(), info.daily.is_some() || info.puzzles.is_some(), "{kind:?}");
            assert_eq!(entry.analysis_shown, info.analysis.map(|analysis| analysis.shown), "{kind:?}");
            assert_eq!(entry.default_params, info.default_params(), "{kind:?}");
            for category in &entry.listed_categories {
                assert!(info.is_category(category), "{kind:?}: {category}");
            }
        }
        // The shape the page reads, on the shipped games.
        let json = serde_json::to_value(&games).unwrap();
        let of = |id: &str| json.as_array().unwrap().iter().find(|game| game["id"] == id).unwrap().clone();
        let (mines, bubbles, gomoku) = (of("minesweeper"), of("bubbles"), of("gomoku"));
        assert_eq!(mines["ranking"], serde_json::json!({"measure": "time", "better": "lower"}));
        assert_eq!(mines["categoryPatterns"][0]["template"], "custom-{width}x{height}/{mines}");
        assert_eq!(bubbles["listedCategories"][0], "megashift");
        assert_eq!(gomoku["hasUndo"], true);
        // The capabilities, read from each game's table: an entry there is its method.
        assert_eq!((&mines["hasHint"], &mines["hasAnalysis"]), (&serde_json::json!(true), &serde_json::json!(false)));
        assert_eq!(mines["rateKey"], "ms.stat.bbbvPerSecond");
        assert_eq!((&bubbles["hasAnalysis"], &bubbles["rateKey"]), (&serde_json::json!(true), &Value::Null));
        assert_eq!(
            (&bubbles["analysisShown"], &gomoku["analysisShown"]),
            (&serde_json::json!("bestLine"), &serde_json::json!("review"))
        );
        assert_eq!(
            (&mines["exchangesMoves"], &gomoku["exchangesMoves"]),
            (&serde_json::json!(false), &serde_json::json!(true))
        );
        assert_eq!(gomoku["defaultParams"]["opponent"], "human");
        // The files: the record file first for every game, then the game's own.
        let format_ids = |game: &Value| -> Vec<String> {
            game["fileFormats"].as_array().unwrap().iter().map(|f| f["id"].as_str().unwrap().to_string()).collect()
        };
        assert_eq!(format_ids(&mines), ["record", "evf", "avf", "rmv", "mvf", "mbf", "abf"]);
        assert_eq!(format_ids(&gomoku), ["record", "psq", "moves"]);
        assert_eq!(format_ids(&bubbles), ["record", "position"]);
        assert_eq!(mines["fileFormats"][1]["endedOnly"], true);
        assert_eq!(
            (&mines["fileFormats"][2]["reads"], &mines["fileFormats"][2]["writes"]),
            (&serde_json::json!("game"), &Value::Bool(false))
        );
        assert_eq!(
            (&bubbles["fileFormats"][1]["reads"], &bubbles["opensPositions"]),
            (&serde_json::json!("position"), &Value::Bool(true))
        );
        // Minesweeper's board files: read as a position, written from any finished game.
        for board in &mines["fileFormats"].as_array().unwrap()[5..] {
            assert_eq!(
                (&board["reads"], &board["writes"], &board["endedOnly"]),
                (&serde_json::json!("position"), &Value::Bool(true), &Value::Bool(false))
            );
        }
        assert_eq!(mines["opensPositions"], true);
        let moves = &gomoku["fileFormats"][2];
        assert_eq!((&moves["reads"], &moves["underWay"]), (&serde_json::json!("position"), &Value::Bool(true)));
        // A game's summary fields, with what the page needs to read and write each.
        assert_eq!(
            mines["summaryFields"][1],
            serde_json::json!({"key": "bbbvPerSecond", "nameKey": "ms.field.bbbvPerSecond",
                "format": {"kind": "rate", "decimals": 2}, "source": "summary", "onHistoryRow": true, "verified": false})
        );
        assert_eq!(
            (&bubbles["summaryFields"][0]["key"], &bubbles["summaryFields"][0]["source"]),
            (&serde_json::json!("bestScore"), &serde_json::json!("analysis"))
        );
        assert_eq!(gomoku["summaryFields"], serde_json::json!([]));
        // Minesweeper's times to the hundredth, the others' to the tenth.
        assert_eq!((&mines["timeDecimals"], &bubbles["timeDecimals"]), (&serde_json::json!(2), &serde_json::json!(1)));
    }
}
