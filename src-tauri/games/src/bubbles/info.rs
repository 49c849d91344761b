//! Bubble Breaker's entry in the registry: one category per style, ranked by points.

use super::{Bubbles, Style};
use crate::kind::{Better, Categories, Choice, Choices, GameInfo, Measure, Ranking};
use crate::GameKind;

pub(super) static INFO: GameInfo = GameInfo {
    id: "bubbles",
    name_key: "game.bubbles",
    ranking: Ranking { measure: Measure::Score, better: Better::Higher },
    hint: Some(crate::erased::hint_of::<Bubbles>),
    odds: None,
    analysis: Some(crate::erased::analysis_of::<Bubbles>()),
    rate: None,
    // Each deal is random: moves alone make no position.
    exchanges_moves: false,
    // Undo restores a snapshot, random generator included, so it never rerolls a new column.
    has_undo: true,
    choices: Some(Choices {
        key: "style",
        items: &[
            Choice { id: "standard", name_key: "category.bubbles.standard", key: None, asks: false },
            Choice { id: "continuous", name_key: "category.bubbles.continuous", key: None, asks: false },
            Choice { id: "shifter", name_key: "category.bubbles.shifter", key: None, asks: false },
            Choice { id: "megashift", name_key: "category.bubbles.megashift", key: None, asks: false },
        ],
    }),
    default_params: r#"{"style":"megashift"}"#,
    categories: Categories { listed, label_prefix: "category.bubbles", patterns: &[], is_valid },
    newest_deal: super::dealer::NEWEST_DEAL,
    new_game: crate::erased::new_game::<Bubbles>,
};

pub const KIND: GameKind = GameKind::of(&INFO);

/// The seed's own style first.
fn listed() -> Vec<String> {
    let mut styles = Style::ALL.to_vec();
    styles.sort_by_key(|style| *style != Style::default());
    styles.into_iter().map(|style| style.name().to_string()).collect()
}

fn is_valid(name: &str) -> bool {
    Style::ALL.iter().any(|style| style.name() == name)
}
