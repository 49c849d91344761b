//! Minesweeper's entry in the registry: its categories and how its results rank.

use super::{Level, Minesweeper, Params};
use crate::daily::{Daily, DailyChoice};
use crate::kind::{
    Better, Categories, CategoryPattern, Choice, Choices, FieldFormat, FieldSource, GameInfo, Measure, Ranking,
    SummaryField,
};
use crate::GameKind;

/// A custom field's category: its size and mine count (GNOME Mines groups custom games so).
pub(super) const CUSTOM: CategoryPattern =
    CategoryPattern { template: "custom-{width}x{height}/{mines}", label_key: "ms.level.customSize" };

/// What a no-guess board's category adds to its size: `expert-noguess`.
pub(super) const NO_GUESS: &str = "-noguess";

const CUSTOM_NO_GUESS: CategoryPattern =
    CategoryPattern { template: "custom-{width}x{height}/{mines}-noguess", label_key: "ms.level.customSizeNoGuess" };

const LEVELS: [Level; 3] = [Level::Beginner, Level::Intermediate, Level::Expert];

pub(super) static INFO: GameInfo = GameInfo {
    id: "minesweeper",
    name_key: "game.minesweeper",
    ranking: Ranking { measure: Measure::Time, better: Better::Lower },
    // Times to the hundredth, as the rankings compare them (the milliseconds are kept).
    time_decimals: 2,
    hint: Some(crate::erased::hint_of::<Minesweeper>),
    odds: Some(crate::erased::odds_of::<Minesweeper>),
    analysis: Some(crate::erased::analysis_of::<Minesweeper>()),
    study_board: Some(super::analysis_board::open),
    rate: Some(crate::erased::rate_of::<Minesweeper>()),
    summary_fields: &[
        // The board's 3BV: the rules count it again from the record, so Verify checks it.
        SummaryField {
            key: "bbbv",
            name_key: "ms.field.bbbv",
            format: FieldFormat::Integer,
            source: FieldSource::Summary,
            on_history_row: false,
            verified: true,
        },
        // 3BV/s depends on the clock as stored: shown, not replayed.
        SummaryField {
            key: "bbbvPerSecond",
            name_key: "ms.field.bbbvPerSecond",
            format: FieldFormat::Rate { decimals: 2 },
            source: FieldSource::Summary,
            on_history_row: true,
            verified: false,
        },
    ],
    // A board is dealt from the seed and hidden: moves alone make no position.
    exchanges_moves: false,
    // Undoing a lost click would make every game trivially winnable.
    has_undo: false,
    // Original 001's Game menu: the three levels (keys 1, 2, 3) and a custom field.
    choices: Some(Choices {
        key: "level",
        items: &[
            Choice { id: "beginner", name_key: "ms.level.beginner", key: Some("1"), asks: false },
            Choice { id: "intermediate", name_key: "ms.level.intermediate", key: Some("2"), asks: false },
            Choice { id: "expert", name_key: "ms.level.expert", key: Some("3"), asks: false },
            Choice { id: "custom", name_key: "ms.level.custom", key: None, asks: true },
        ],
    }),
    // The videos, and the board files (`.mbf`, `.abf`) that start a game on their mines.
    file_formats: &[
        super::video::EVF,
        super::video::AVF,
        super::video::RMV,
        super::video::MVF,
        super::board_file::MBF,
        super::board_file::ABF,
    ],
    deals: Some(crate::deal_code::Deals { laid_at_first_move: true }),
    // The day's no-guess board, at the level the player picks once.
    daily: Some(Daily {
        choices: &[
            DailyChoice { id: "beginner", name_key: "ms.level.beginner" },
            DailyChoice { id: "intermediate", name_key: "ms.level.intermediate" },
            DailyChoice { id: "expert", name_key: "ms.level.expert" },
        ],
        params: daily_params,
    }),
    // New players get boards that never force a guess.
    default_params: r#"{"level":"beginner","noGuess":true}"#,
    categories: Categories {
        listed,
        label_prefix: "ms.level",
        patterns: &[CUSTOM, CUSTOM_NO_GUESS],
        variants: &[],
        is_valid,
        ranks: crate::kind::every_category_ranks,
    },
    puzzles: None,
    newest_deal: super::generate::NEWEST_DEAL,
    new_game: crate::erased::new_game::<Minesweeper>,
};

pub const KIND: GameKind = GameKind::of(&INFO);

/// The daily deal's parameters: the level's no-guess board, every other rule the default's.
fn daily_params(choice: &str) -> Option<serde_json::Value> {
    let level = LEVELS.into_iter().find(|level| level.name() == choice)?;
    serde_json::to_value(Params { no_guess: true, ..Params::new(level) }).ok()
}

fn listed() -> Vec<String> {
    LEVELS.iter().map(|level| level.name().to_string()).collect()
}

/// A level's name, or a custom size the rules accept written as the game writes it
/// (`custom-09x9/10` is not a category); either may be a no-guess board's.
fn is_valid(name: &str) -> bool {
    let name = name.strip_suffix(NO_GUESS).unwrap_or(name);
    if LEVELS.iter().any(|level| level.name() == name) {
        return true;
    }
    let Some(fields) = CUSTOM.fields(name) else { return false };
    let [(_, width), (_, height), (_, mines)] = fields[..] else { return false };
    Level::Custom { width, height, mines }.board().is_ok()
}
