//! Gomoku's entry in the registry: a category per rule and opponent, ranked by stones to win.

use super::{BoardSize, Gomoku, Opening, Opponent, Rule};
use crate::kind::{Better, Categories, CategoryVariant, GameInfo, Measure, Ranking};
use crate::GameKind;

pub(super) static INFO: GameInfo = GameInfo {
    id: "gomoku",
    name_key: "game.gomoku",
    ranking: Ranking { measure: Measure::Moves, better: Better::Lower },
    time_decimals: 1,
    hint: Some(crate::erased::hint_of::<Gomoku>),
    odds: None,
    analysis: Some(crate::erased::analysis_of::<Gomoku>()),
    study_board: Some(super::study_board::open),
    rate: None,
    summary_fields: &[],
    exchanges_moves: true,
    has_undo: true,
    // A game is set up in a dialog (rule, opponent, opening, colour): New game… opens it.
    choices: None,
    file_formats: &[super::psq::FORMAT, super::moves_file::FORMAT],
    deals: None,
    default_params: r#"{"rule":"freestyle","opponent":"human"}"#,
    categories: Categories {
        listed,
        label_prefix: "category.gomoku",
        patterns: &[],
        variants: &[LARGE_BOARD],
        is_valid,
        ranks,
    },
    daily: None,
    puzzles: Some(super::puzzles::PUZZLES),
    newest_deal: super::NEWEST_DEAL,
    new_game: crate::erased::new_game::<Gomoku>,
};

pub const KIND: GameKind = GameKind::of(&INFO);

/// A game on the 20x20 board: its 15x15 category's name with this suffix
/// (`freestyle-hard-20x20`), so the 15x15 categories keep the names their records have.
const LARGE_BOARD: CategoryVariant = CategoryVariant { suffix: "-20x20", label_key: "category.gomoku.large" };

/// [`category`] on the game's board.
pub(super) fn category_on(size: BoardSize, category: String) -> String {
    match size {
        BoardSize::Fifteen => category,
        BoardSize::Twenty => format!("{category}{}", LARGE_BOARD.suffix),
    }
}

/// The 15x15 category a category is, or is the 20x20 variant of (Renju has none: it is
/// 15x15 only).
fn on_fifteen(name: &str) -> Option<&str> {
    match name.strip_suffix(LARGE_BOARD.suffix) {
        Some(base) if base.starts_with(Rule::Renju.as_str()) => None,
        Some(base) => Some(base),
        None => Some(name),
    }
}

/// The rule, then the opponent, then the opening rule: `"freestyle-human"`, `"exactFive-hard"`,
/// `"renju-hard-swap2"`, `"caro-easy-swap1"`, `"renju-master-taraguchi10"` (the standard opening
/// adds nothing, so the categories stored before Swap2 stay as they were).
pub(super) fn category(rule: Rule, opponent: Opponent, opening: Opening) -> String {
    let (rule, opponent) = (rule.as_str(), opponent.as_str());
    match opening {
        Opening::Standard => format!("{rule}-{opponent}"),
        other => format!("{rule}-{opponent}-{}", other.as_str()),
    }
}

/// The openings that may be played under `rule`.
fn openings(rule: Rule) -> impl Iterator<Item = Opening> {
    Opening::ALL.into_iter().filter(move |opening| opening.fits(rule))
}

/// Records are wins against the computer: one category per rule and level is listed (with the
/// standard opening; a Swap2 category shows once it has games).
fn listed() -> Vec<String> {
    Rule::ALL
        .iter()
        .flat_map(|rule| {
            Opponent::ALL.iter().filter(|o| o.level().is_some()).map(|o| category(*rule, *o, Opening::Standard))
        })
        .collect()
}

/// Only games against the built-in computer rank: between two players a win is whoever made
/// five, and an external engine is not Pastimes' to measure.
fn ranks(name: &str) -> bool {
    let Some(name) = on_fifteen(name) else { return false };
    // A demo never ranks ([`super::demo`]).
    super::demo::as_two_players(name).is_none()
        && !Rule::ALL.iter().any(|rule| {
            openings(*rule).any(|opening| {
                [Opponent::Human, Opponent::Engine].iter().any(|opponent| category(*rule, *opponent, opening) == name)
            })
        })
}

fn is_valid(name: &str) -> bool {
    let Some(name) = on_fifteen(name) else { return false };
    if let Some(two_players) = super::demo::as_two_players(name) {
        return two_players.contains("-human") && is_valid(&two_players);
    }
    Rule::ALL.iter().any(|rule| {
        Opponent::ALL.iter().any(|opponent| openings(*rule).any(|opening| category(*rule, *opponent, opening) == name))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records made against the three levels before Beginner and Master keep their categories;
    /// the new levels have categories of their own, listed and valid.
    #[test]
    fn records_keep_their_categories_and_new_levels_get_their_own() {
        assert_eq!(category(Rule::Freestyle, Opponent::Easy, Opening::Standard), "freestyle-easy");
        assert_eq!(category(Rule::ExactFive, Opponent::Medium, Opening::Standard), "exactFive-medium");
        assert_eq!(category(Rule::Renju, Opponent::Hard, Opening::Swap2), "renju-hard-swap2");
        assert_eq!(category(Rule::Freestyle, Opponent::Beginner, Opening::Standard), "freestyle-beginner");
        assert_eq!(category(Rule::Renju, Opponent::Master, Opening::Swap2), "renju-master-swap2");
        let listed = listed();
        assert_eq!(listed.len(), Rule::ALL.len() * 5, "one per rule and level");
        for name in ["freestyle-easy", "renju-hard", "exactFive-beginner", "freestyle-master"] {
            assert!(listed.iter().any(|c| c == name), "{name} listed");
            assert!(is_valid(name) && is_valid(&format!("{name}-swap2")), "{name} valid");
        }
        assert!(!is_valid("freestyle-grandmaster") && !is_valid("freestyle-human-standard"));
        assert!(ranks("freestyle-easy") && ranks("renju-master-swap2"));
        assert!(!ranks("freestyle-human") && !ranks("renju-human-swap2"), "two players never rank");
        // Caro's categories are new names beside the others'.
        assert_eq!(category(Rule::Caro, Opponent::Hard, Opening::Standard), "caro-hard");
        assert!(listed.iter().any(|c| c == "caro-master") && is_valid("caro-human-swap2"));
        assert!(ranks("caro-beginner") && !ranks("caro-human"));
        assert!(is_valid("renju-engine") && !ranks("renju-engine") && !ranks("freestyle-engine-swap2"));
        assert!(is_valid("caro-hard-swap1") && ranks("renju-master-soosorv8") && !ranks("renju-human-taraguchi10"));
        assert!(!is_valid("freestyle-hard-soosorv8"), "Soosõrv-8 is Renju's");
        assert!(!listed.iter().any(|c| c.contains("engine")), "engines have no table");
    }

    /// The 20x20 board's categories are the 15x15 ones with a suffix, valid and ranked as they
    /// are; Renju has none.
    #[test]
    fn the_large_board_has_its_own_categories() {
        let hard = category(Rule::Freestyle, Opponent::Hard, Opening::Swap2);
        assert_eq!(category_on(BoardSize::Twenty, hard.clone()), "freestyle-hard-swap2-20x20");
        assert_eq!(category_on(BoardSize::Fifteen, hard.clone()), hard);
        assert!(is_valid("freestyle-hard-swap2-20x20") && ranks("caro-master-20x20"));
        assert!(is_valid("exactFive-human-20x20") && !ranks("exactFive-human-20x20"));
        assert!(is_valid("freestyle-demo-20x20") && !ranks("freestyle-demo-20x20"));
        assert!(!is_valid("renju-hard-20x20") && !ranks("renju-hard-20x20"));
        assert!(!is_valid("freestyle-hard-20x20-20x20") && !is_valid("freestyle-hard-20x15"));
        let (key, params) = INFO.category_label("caro-easy-swap1-20x20");
        assert_eq!(
            (key.as_str(), &params["category"]),
            ("category.gomoku.large", &serde_json::json!("category.gomoku.caro-easy-swap1"))
        );
    }
}
