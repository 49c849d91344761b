//! Bubble Breaker's entry in the registry: one category per size, colours, style and scoring,
//! ranked by points.
//!
//! The original's field (11x11, five colours, n(n-1)) keeps the categories it always had: the
//! style's name alone (`megashift`), so the records stored before sizes existed stay where they
//! are. Every other field is `{style}-{width}x{height}/{colours}`, with `-classic` after it in
//! the classic scoring: `standard-15x10/3-classic`, `megashift-11x11/5-classic`.

use super::{Bubbles, Params, Position, PositionError, Scoring, Style, MAX_POSITION_BYTES};
use crate::daily::{Daily, DailyChoice};
use crate::file_format::{FileFormat, FormatError, Position as FilePosition, Reads};
use crate::kind::{
    Better, Categories, CategoryPattern, Choice, Choices, FieldFormat, FieldSource, GameInfo, Measure,
    PositionFileError, Ranking, SummaryField,
};
use crate::GameKind;

pub(super) static INFO: GameInfo = GameInfo {
    id: "bubbles",
    name_key: "game.bubbles",
    ranking: Ranking { measure: Measure::Score, better: Better::Higher },
    time_decimals: 1,
    hint: Some(crate::erased::hint_of::<Bubbles>),
    odds: None,
    analysis: Some(crate::erased::analysis_of::<Bubbles>()),
    study_board: None,
    rate: None,
    // The best a solver found for the same deal, once the analysis after the game is done.
    summary_fields: &[SummaryField {
        key: "bestScore",
        name_key: "bb.field.bestScore",
        format: FieldFormat::Score,
        source: FieldSource::Analysis,
        on_history_row: true,
        verified: false,
    }],
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
    file_formats: &[POSITION_FILE],
    deals: Some(crate::deal_code::Deals { laid_at_first_move: false }),
    // The original's deal: 11x11, five colours, Standard.
    daily: Some(Daily {
        choices: &[DailyChoice { id: "standard", name_key: "category.bubbles.standard" }],
        params: daily_params,
    }),
    default_params: r#"{"style":"megashift"}"#,
    categories: Categories {
        listed,
        label_prefix: "category.bubbles",
        patterns: &PATTERNS,
        variants: &[],
        is_valid,
        ranks: crate::kind::every_category_ranks,
    },
    puzzles: None,
    newest_deal: super::dealer::NEWEST_DEAL,
    new_game: crate::erased::new_game::<Bubbles>,
};

pub const KIND: GameKind = GameKind::of(&INFO);

/// The daily deal's parameters: the original Standard deal.
fn daily_params(choice: &str) -> Option<serde_json::Value> {
    (choice == "standard").then(|| serde_json::to_value(Params::new(Style::Standard)).ok()).flatten()
}

/// A sized category's pattern, for each style and scoring, in [`Style::ALL`] order, each style's
/// original scoring first. The label keys are `category.bubbles.{style}Sized` and
/// `category.bubbles.{style}SizedClassic`, with the numbers `width`, `height` and `colours`.
const PATTERNS: [CategoryPattern; 8] = [
    sized("standard-{width}x{height}/{colours}", "category.bubbles.standardSized"),
    sized("standard-{width}x{height}/{colours}-classic", "category.bubbles.standardSizedClassic"),
    sized("continuous-{width}x{height}/{colours}", "category.bubbles.continuousSized"),
    sized("continuous-{width}x{height}/{colours}-classic", "category.bubbles.continuousSizedClassic"),
    sized("shifter-{width}x{height}/{colours}", "category.bubbles.shifterSized"),
    sized("shifter-{width}x{height}/{colours}-classic", "category.bubbles.shifterSizedClassic"),
    sized("megashift-{width}x{height}/{colours}", "category.bubbles.megashiftSized"),
    sized("megashift-{width}x{height}/{colours}-classic", "category.bubbles.megashiftSizedClassic"),
];

const fn sized(template: &'static str, label_key: &'static str) -> CategoryPattern {
    CategoryPattern { template, label_key }
}

fn pattern(style: Style, scoring: Scoring) -> &'static CategoryPattern {
    let style_index = Style::ALL.iter().position(|s| *s == style).unwrap_or(0);
    &PATTERNS[style_index * 2 + usize::from(scoring == Scoring::Classic)]
}

/// The category of a game of `params`.
pub(super) fn category(params: &Params) -> String {
    if params.is_seed_field() {
        return params.style.name().to_string();
    }
    let numbers = [("width", params.width), ("height", params.height), ("colours", params.colours)];
    pattern(params.style, params.scoring).name(&numbers.map(|(field, n)| (field, n.max(0) as usize)))
}

/// The params of a game from a position file's text ([`super::Position`]).
/// Bubble Breaker's position files (`Open position...`; the format in `position.rs`): a game
/// starts from the field one sets out.
const POSITION_FILE: FileFormat = FileFormat {
    id: "position",
    name_key: "position.fileFilter",
    dialog_title_key: "position.openTitle",
    filter_key: "position.fileFilter",
    extensions: &["txt"],
    mime_type: "text/plain",
    max_bytes: MAX_POSITION_BYTES as u64,
    reads: Some(Reads::Position(read_position)),
    writes: None,
    error_codes: &["position_too_large", "position_invalid"],
    reader_may_panic: false,
    unreadable_code: "position_invalid",
};

/// A position file's bytes as a game from it (the parameters the player chose play no part:
/// the file sets out the whole position).
fn read_position(bytes: &[u8], _chosen: &serde_json::Value) -> Result<FilePosition, FormatError> {
    if bytes.len() > MAX_POSITION_BYTES {
        return Err(PositionFileError::TooLarge { max: MAX_POSITION_BYTES }.into());
    }
    let text = std::str::from_utf8(bytes).map_err(|_| PositionFileError::Invalid("the file is not text".into()))?;
    Ok(FilePosition::of_params(position_params(text)?))
}

fn position_params(text: &str) -> Result<serde_json::Value, PositionFileError> {
    let position = Position::parse(text).map_err(|error| match error {
        PositionError::TooLong { max, .. } => PositionFileError::TooLarge { max },
        other => PositionFileError::Invalid(other.to_string()),
    })?;
    serde_json::to_value(position.params()).map_err(|error| PositionFileError::Invalid(error.to_string()))
}

/// The original's own style first, then its other styles.
fn listed() -> Vec<String> {
    let mut styles = Style::ALL.to_vec();
    styles.sort_by_key(|style| *style != Style::default());
    styles.into_iter().map(|style| style.name().to_string()).collect()
}

/// A category exactly as [`category`] writes it for params that start a game.
fn is_valid(name: &str) -> bool {
    for style in Style::ALL {
        if style.name() == name {
            return true;
        }
        for scoring in Scoring::ALL {
            let Some(fields) = pattern(style, scoring).fields(name) else { continue };
            let [(_, width), (_, height), (_, colours)] = fields[..] else { continue };
            let params = Params::sized(style, width, height, colours, scoring);
            return params.check().is_ok() && category(&params) == name;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bubbles::{MAX_COLOURS, MAX_HEIGHT, MAX_WIDTH, MIN_COLOURS, MIN_SIDE, PRESETS};
    use crate::Game;

    #[test]
    fn a_position_file_gives_the_params_of_a_game_from_it() {
        let read = INFO.file_formats.iter().find_map(FileFormat::position_reader).unwrap();
        let open = |bytes: &[u8]| read(bytes, &serde_json::json!({"style": "megashift"}));
        let text = "bubbles style=shifter scoring=classic\n12121\n21212\n12121\n21212\n12122\n";
        let position = open(text.as_bytes()).unwrap();
        assert!(position.moves.is_empty(), "the file sets out the whole position");
        let game = (INFO.new_game)(&position.params, 3).unwrap();
        assert_eq!(game.category(), "shifter-5x5/2-classic");
        assert!(!game.can_rank());
        let junk = open(b"junk").unwrap_err();
        assert_eq!(
            (junk.code, junk.params["reason"].as_str()),
            ("position_invalid", Some(&*PositionError::MissingHeader.to_string()))
        );
        assert_eq!(open(&[0xff, 0xfe]).unwrap_err().code, "position_invalid");
        assert_eq!(open("1".repeat(1 << 20).as_bytes()).unwrap_err().code, "position_too_large");
    }

    #[test]
    fn the_seeds_field_keeps_its_categories() {
        for style in Style::ALL {
            assert_eq!(category(&Params::new(style)), style.name());
            let game = Bubbles::new(&Params::new(style), 1).unwrap();
            assert_eq!(game.category(), style.name());
        }
    }

    #[test]
    fn other_fields_and_the_classic_scoring_name_their_size_colours_and_scoring() {
        let cases = [
            (Params::sized(Style::Standard, 15, 10, 3, Scoring::Classic), "standard-15x10/3-classic"),
            (Params::sized(Style::Megashift, 11, 11, 5, Scoring::Classic), "megashift-11x11/5-classic"),
            (Params::sized(Style::Shifter, 15, 15, 5, Scoring::Original), "shifter-15x15/5"),
            (Params::sized(Style::Continuous, 11, 11, 4, Scoring::Original), "continuous-11x11/4"),
        ];
        for (params, name) in cases {
            assert_eq!(category(&params), name);
            assert!(is_valid(name), "{name}");
            assert_eq!(INFO.category_label(name).0, pattern(params.style, params.scoring).label_key);
        }
    }

    #[test]
    fn every_category_round_trips_and_only_those_are_valid() {
        for style in Style::ALL {
            for scoring in Scoring::ALL {
                for width in MIN_SIDE as i64..=MAX_WIDTH as i64 {
                    for height in MIN_SIDE as i64..=MAX_HEIGHT as i64 {
                        for colours in MIN_COLOURS..=MAX_COLOURS {
                            let params = Params::sized(style, width, height, colours, scoring);
                            let name = category(&params);
                            assert!(is_valid(&name), "{name}");
                            let label = INFO.category_label(&name);
                            if !params.is_seed_field() {
                                let numbers = [("width", width), ("height", height), ("colours", colours)];
                                let expected = numbers.map(|(k, n)| (k.to_string(), serde_json::Value::from(n)));
                                assert_eq!(label.1, expected.into_iter().collect());
                            }
                        }
                    }
                }
            }
        }
        for bad in [
            "megashift-11x11/5",
            "standard-4x10/3",
            "standard-31x10/3",
            "standard-15x21/3",
            "standard-15x10/7",
            "standard-15x10/1",
            "standard-15x10/03",
            "standard-15x10/3-original",
            "diagonal-15x10/3",
            "standard-15x10",
            "",
        ] {
            assert!(!is_valid(bad), "{bad}");
        }
        for (width, height, colours) in PRESETS {
            assert!(Params::sized(Style::Standard, width, height, colours, Scoring::Classic).check().is_ok());
        }
    }
}
