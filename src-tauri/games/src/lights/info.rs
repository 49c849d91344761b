//! Lights Out's entry in the registry: a category per size, ranked by presses, then time.

use super::{Lights, SIDES};
use crate::kind::{
    Better, Categories, CategoryPattern, FieldFormat, FieldSource, GameInfo, Measure, Ranking, SummaryField,
};
use crate::GameKind;

/// A size's category: `"5x5"`.
const SIZE: CategoryPattern = CategoryPattern { template: "{width}x{height}", label_key: "category.lights.size" };

pub(super) static INFO: GameInfo = GameInfo {
    id: "lights",
    name_key: "game.lights",
    ranking: Ranking { measure: Measure::Moves, better: Better::Lower },
    time_decimals: 1,
    hint: Some(crate::erased::hint_of::<Lights>),
    odds: None,
    analysis: None,
    study_board: None,
    rate: None,
    summary_fields: &[FEWEST],
    // Each board is dealt from the seed: moves alone make no position.
    exchanges_moves: false,
    has_undo: true,
    // Its sizes are buttons of its own toolbar: a game needs no list of choices.
    choices: None,
    file_formats: &[super::board_file::FORMAT],
    deals: Some(crate::deal_code::Deals { laid_at_first_move: false }),
    default_params: r#"{"side":5}"#,
    categories: Categories {
        listed,
        label_prefix: "category.lights",
        patterns: &[SIZE],
        variants: &[],
        is_valid,
        ranks: crate::kind::every_category_ranks,
    },
    daily: None,
    puzzles: None,
    newest_deal: super::NEWEST_DEAL,
    new_game: crate::erased::new_game::<Lights>,
};

pub const KIND: GameKind = GameKind::of(&INFO);

/// The fewest presses the board as dealt needed: on a history row beside the player's own, and
/// replayed by Verify (the rules work it out again from the record).
const FEWEST: SummaryField = SummaryField {
    key: "fewest",
    name_key: "lt.field.fewest",
    format: FieldFormat::Integer,
    source: FieldSource::Summary,
    on_history_row: true,
    verified: true,
};

pub(super) fn category(side: usize) -> String {
    SIZE.name(&[("width", side), ("height", side)])
}

/// The classic 5x5 board is listed before any game of it was played.
fn listed() -> Vec<String> {
    vec![category(5)]
}

fn is_valid(name: &str) -> bool {
    SIDES.clone().any(|side| category(side) == name)
}
