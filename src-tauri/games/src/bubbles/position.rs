//! Positions from files: a field set out as text, to play, solve or compare solvers on (the
//! search literature's standard SameGame positions, a friend's field).
//!
//! # The format
//!
//! ```text
//! bubbles style=standard scoring=classic
//! 13321
//! 21132
//! 33112
//! 12231
//! 11223
//! ```
//!
//! - The first line is the header: the word `bubbles`, then `key=value` settings separated by
//!   spaces, in any order: `style` (`standard`, `continuous`, `shifter`, `megashift`; default
//!   `standard`), `scoring` (`original`, the original's n(n-1), or `classic`, (n-2)² with a bonus
//!   for a cleared field; default `original`) and `colours` (2 to 6: the colours the new columns
//!   of Continuous and MegaShift are drawn from; default the highest colour on the field, at
//!   least 2). An unknown key or value is an error.
//! - Then one line per row, top row first, one digit per ball: `1` to `6` a colour (at most the
//!   colour count), `0` an empty cell. Every row has the same length: the field's width, 5 to
//!   30; there are 5 to 20 rows.
//! - Blank lines, trailing spaces and Windows line ends are ignored; lines starting with `#` are
//!   comments.
//! - A file is at most [`MAX_POSITION_BYTES`] long; a longer one is refused unread.
//!
//! A position need not be settled: it is settled as its style settles a field after a pop (the
//! balls fall, then columns close up or rows pack right) before play starts, without bringing
//! in any new column. The game played from it is a [`Bubbles`] like any other: its parameters
//! carry the position ([`Params::position`], the digits row by row), and the seed it is started
//! with draws the new columns of Continuous and MegaShift, so a position and a seed replay
//! exactly.

use super::colour::EMPTY;
use super::field::{Field, MAX_HEIGHT, MAX_WIDTH, MIN_SIDE};
use super::scoring::Scoring;
use super::style::Style;
use super::{Bubbles, Params, MAX_COLOURS, MIN_COLOURS};
use crate::{Game, RuleError};

/// The longest position file read: a 30x20 field with its header and comments is far less.
pub const MAX_POSITION_BYTES: usize = 64 * 1024;

/// Why a position file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("the file is {bytes} bytes long; a position file is at most {max}")]
    TooLong { bytes: usize, max: usize },
    #[error("the file does not start with a header line `bubbles style=... scoring=...`")]
    MissingHeader,
    #[error("line {line}: {reason}")]
    BadHeader { line: usize, reason: String },
    #[error("line {line}: {found:?} is not a digit 0 to 6")]
    NotADigit { line: usize, found: char },
    #[error("line {line} has {found} balls, the first row {expected}")]
    RaggedRow { line: usize, expected: usize, found: usize },
    #[error("line {line}: colour {digit} is beyond the position's {colours} colours")]
    ColourOutOfRange { line: usize, digit: u8, colours: u8 },
    #[error("{what} must be between {min} and {max}, not {value}")]
    OutOfRange { what: &'static str, min: i64, max: i64, value: i64 },
}

/// A position read from a file (or about to be written to one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub style: Style,
    pub scoring: Scoring,
    pub colours: u8,
    pub width: usize,
    pub height: usize,
    /// `width * height` codes row by row from the top left, 0 for a hole.
    pub cells: Vec<u8>,
}

impl Position {
    /// Reads a position file's text (see the module documentation).
    pub fn parse(text: &str) -> Result<Position, PositionError> {
        if text.len() > MAX_POSITION_BYTES {
            return Err(PositionError::TooLong { bytes: text.len(), max: MAX_POSITION_BYTES });
        }
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(n, line)| (n + 1, line.trim_end()))
            .filter(|(_, line)| !line.trim_start().is_empty() && !line.trim_start().starts_with('#'));
        let (header_line, header) = lines.next().ok_or(PositionError::MissingHeader)?;
        let mut words = header.split_whitespace();
        if words.next() != Some("bubbles") {
            return Err(PositionError::MissingHeader);
        }
        let bad = |reason: String| PositionError::BadHeader { line: header_line, reason };
        let (mut style, mut scoring, mut colours) = (Style::Standard, Scoring::Original, None);
        for word in words {
            let (key, value) = word.split_once('=').ok_or_else(|| bad(format!("{word:?} is not key=value")))?;
            match key {
                "style" => {
                    style = Style::ALL
                        .into_iter()
                        .find(|s| s.name() == value)
                        .ok_or_else(|| bad(format!("unknown style {value:?}")))?
                }
                "scoring" => {
                    scoring = Scoring::ALL
                        .into_iter()
                        .find(|s| s.name() == value)
                        .ok_or_else(|| bad(format!("unknown scoring {value:?}")))?
                }
                "colours" => {
                    let n: i64 = value.parse().map_err(|_| bad(format!("colours={value:?} is not a number")))?;
                    if !(MIN_COLOURS..=MAX_COLOURS).contains(&n) {
                        return Err(PositionError::OutOfRange {
                            what: "colours",
                            min: MIN_COLOURS,
                            max: MAX_COLOURS,
                            value: n,
                        });
                    }
                    colours = Some(n as u8);
                }
                other => return Err(bad(format!("unknown setting {other:?}"))),
            }
        }
        let mut cells = Vec::new();
        let (mut width, mut height) = (None, 0usize);
        for (line, row) in lines {
            let row = row.trim_start();
            let mut found = 0;
            for ch in row.chars() {
                let digit = ch.to_digit(10).filter(|&d| d <= MAX_COLOURS as u32);
                let Some(digit) = digit else { return Err(PositionError::NotADigit { line, found: ch }) };
                if let Some(colours) = colours {
                    if digit as u8 > colours {
                        return Err(PositionError::ColourOutOfRange { line, digit: digit as u8, colours });
                    }
                }
                cells.push(digit as u8);
                found += 1;
                if found > MAX_WIDTH {
                    return Err(out_of_range("width", MIN_SIDE, MAX_WIDTH, found));
                }
            }
            match width {
                None => width = Some(found),
                Some(expected) if expected != found => {
                    return Err(PositionError::RaggedRow { line, expected, found });
                }
                Some(_) => {}
            }
            height += 1;
            if height > MAX_HEIGHT {
                return Err(out_of_range("height", MIN_SIDE, MAX_HEIGHT, height));
            }
        }
        let width = width.unwrap_or(0);
        if width < MIN_SIDE {
            return Err(out_of_range("width", MIN_SIDE, MAX_WIDTH, width));
        }
        if height < MIN_SIDE {
            return Err(out_of_range("height", MIN_SIDE, MAX_HEIGHT, height));
        }
        let colours = colours.unwrap_or_else(|| cells.iter().copied().max().unwrap_or(0).max(MIN_COLOURS as u8));
        Ok(Position { style, scoring, colours, width, height, cells })
    }

    /// The position as a file's text, which [`Position::parse`] reads back as it is.
    pub fn to_text(&self) -> String {
        let mut text =
            format!("bubbles style={} scoring={} colours={}\n", self.style.name(), self.scoring.name(), self.colours);
        for row in self.cells.chunks(self.width.max(1)) {
            text.extend(row.iter().map(|&code| char::from(b'0' + code)));
            text.push('\n');
        }
        text
    }

    /// The parameters of a game played from this position ([`Params::position`]).
    pub fn params(&self) -> Params {
        let mut params =
            Params::sized(self.style, self.width as i64, self.height as i64, i64::from(self.colours), self.scoring);
        params.position = Some(self.cells.iter().map(|&code| char::from(b'0' + code)).collect());
        params
    }

    /// A new game from this position, its new columns (in Continuous and MegaShift) drawn from
    /// `seed`.
    pub fn game(&self, seed: u64) -> Result<Bubbles, RuleError> {
        Bubbles::new(&self.params(), seed)
    }

    /// The position of `game` as it stands (its field, style, scoring and colours).
    pub fn of(game: &Bubbles) -> Position {
        let (width, height) = game.size();
        Position {
            style: game.style,
            scoring: game.scoring,
            colours: game.colours(),
            width,
            height,
            cells: game.field.cells().to_vec(),
        }
    }
}

fn out_of_range(what: &'static str, min: usize, max: usize, value: usize) -> PositionError {
    PositionError::OutOfRange { what, min: min as i64, max: max as i64, value: value as i64 }
}

/// The field that the position digits `digits` of `params` (checked in range) set out, settled
/// by the style without new columns; the reason when the digits do not fit the params.
pub(super) fn field_of(params: &Params, digits: &str) -> Result<Field, RuleError> {
    let (width, height) = (params.width as usize, params.height as usize);
    let malformed = |reason: String| RuleError::Malformed { what: "position", reason };
    if digits.len() != width * height {
        return Err(malformed(format!("{} cells for a {width}x{height} field", digits.len())));
    }
    let mut field = Field::empty(width, height);
    for (cell, ch) in field.cells_mut().iter_mut().zip(digits.chars()) {
        let code = ch.to_digit(10).filter(|&d| i64::from(d) <= params.colours);
        *cell = code.ok_or_else(|| malformed(format!("{ch:?} is no colour of {}", params.colours)))? as u8;
    }
    field.fall();
    match params.style {
        Style::Standard | Style::Continuous => {
            field.close_columns();
        }
        Style::Shifter | Style::Megashift => field.push_rows_right(),
    }
    debug_assert!(field.cells().iter().all(|&c| c == EMPTY || i64::from(c) <= params.colours));
    Ok(field)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Status};
    use proptest::prelude::*;

    const SMALL: &str = "bubbles style=standard scoring=classic\n13321\n21132\n33112\n12231\n11223\n";

    #[test]
    fn a_file_reads_as_its_field_and_settings() {
        let position = Position::parse(SMALL).unwrap();
        assert_eq!((position.style, position.scoring, position.colours), (Style::Standard, Scoring::Classic, 3));
        assert_eq!((position.width, position.height), (5, 5));
        assert_eq!(&position.cells[..5], &[1, 3, 3, 2, 1]);
        let game = position.game(1).unwrap();
        assert_eq!(game.size(), (5, 5));
        assert_eq!(game.status(), Status::Playing);
        assert_eq!(game.view().cells, position.cells);
        assert!(!game.can_rank(), "a game from a file never ranks");
    }

    /// The position `bubbles_solve --position` is shown with in its documentation.
    #[test]
    fn the_example_position_reads() {
        let text = include_str!("../../tests/fixtures/standard-15x15-classic.txt");
        let position = Position::parse(text).unwrap();
        assert_eq!((position.width, position.height, position.colours), (15, 15, 5));
        assert_eq!((position.style, position.scoring), (Style::Standard, Scoring::Classic));
        assert_eq!(position.game(0).unwrap().category(), "standard-15x15/5-classic");
    }

    #[test]
    fn comments_blank_lines_and_crlf_are_ignored_and_defaults_apply() {
        let text = "# a test\r\n\r\nbubbles\r\n12121\r\n21212\r\n\r\n12121\r\n21212\r\n12121\r\n";
        let position = Position::parse(text).unwrap();
        assert_eq!((position.style, position.scoring, position.colours), (Style::Standard, Scoring::Original, 2));
        assert_eq!(position.height, 5);
    }

    #[test]
    fn bad_files_get_typed_errors() {
        let rows = "12121\n21212\n12121\n21212\n12121\n";
        let cases: Vec<(String, PositionError)> = vec![
            (rows.to_string(), PositionError::MissingHeader),
            (String::new(), PositionError::MissingHeader),
            (
                format!("bubbles style=diagonal\n{rows}"),
                PositionError::BadHeader { line: 1, reason: "unknown style \"diagonal\"".into() },
            ),
            (
                format!("bubbles scoring=classic size=9\n{rows}"),
                PositionError::BadHeader { line: 1, reason: "unknown setting \"size\"".into() },
            ),
            (
                format!("bubbles colours=7\n{rows}"),
                PositionError::OutOfRange { what: "colours", min: 2, max: 6, value: 7 },
            ),
            (
                "bubbles\n12121\n2121\n12121\n21212\n12121\n".into(),
                PositionError::RaggedRow { line: 3, expected: 5, found: 4 },
            ),
            (
                "bubbles colours=2\n12121\n21312\n12121\n21212\n12121\n".into(),
                PositionError::ColourOutOfRange { line: 3, digit: 3, colours: 2 },
            ),
            ("bubbles\n12121\n21x12\n".into(), PositionError::NotADigit { line: 3, found: 'x' }),
            ("bubbles\n12121\n21712\n".into(), PositionError::NotADigit { line: 3, found: '7' }),
            (
                "bubbles\n1212\n2121\n1212\n2121\n1212\n".into(),
                PositionError::OutOfRange { what: "width", min: 5, max: 30, value: 4 },
            ),
            ("bubbles\n12121\n21212\n".into(), PositionError::OutOfRange { what: "height", min: 5, max: 20, value: 2 }),
            (
                format!("bubbles\n{}\n", "1".repeat(31)),
                PositionError::OutOfRange { what: "width", min: 5, max: 30, value: 31 },
            ),
            (
                format!("bubbles\n{}", "12121\n".repeat(21)),
                PositionError::OutOfRange { what: "height", min: 5, max: 20, value: 21 },
            ),
        ];
        for (text, error) in cases {
            assert_eq!(Position::parse(&text), Err(error), "{text:?}");
        }
    }

    #[test]
    fn ten_megabytes_of_junk_are_refused_unread() {
        let junk = "\u{1}x9".repeat(10 * 1024 * 1024 / 3);
        assert!(matches!(Position::parse(&junk), Err(PositionError::TooLong { .. })));
        let digits = "1".repeat(10 * 1024 * 1024);
        assert!(matches!(Position::parse(&digits), Err(PositionError::TooLong { .. })));
    }

    #[test]
    fn an_unsettled_position_is_settled_by_its_style() {
        let text = "bubbles style=shifter\n10000\n00000\n02000\n00001\n12000\n";
        let game = Position::parse(text).unwrap().game(0).unwrap();
        let rows: Vec<Vec<u8>> = game.view().cells.chunks(5).map(<[u8]>::to_vec).collect();
        assert_eq!(rows[3], [0, 0, 0, 1, 2]);
        assert_eq!(rows[4], [0, 0, 1, 2, 1]);
    }

    #[test]
    fn params_with_a_bad_position_are_refused() {
        let mut params = Position::parse(SMALL).unwrap().params();
        params.position = Some("1234".into());
        assert!(matches!(Bubbles::new(&params, 0), Err(RuleError::Malformed { what: "position", .. })));
        params.position = Some("4".repeat(25));
        assert!(matches!(Bubbles::new(&params, 0), Err(RuleError::Malformed { what: "position", .. })));
    }

    fn any_position() -> impl Strategy<Value = Position> {
        (5usize..=30, 5usize..=20, 2u8..=6, 0usize..4, any::<bool>()).prop_flat_map(
            |(width, height, colours, style, classic)| {
                prop::collection::vec(0..=colours, width * height).prop_map(move |cells| Position {
                    style: Style::ALL[style],
                    scoring: if classic { Scoring::Classic } else { Scoring::Original },
                    colours,
                    width,
                    height,
                    cells,
                })
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Written out and read back, a position is itself.
        #[test]
        fn a_position_round_trips_through_its_text(position in any_position()) {
            prop_assert_eq!(Position::parse(&position.to_text()), Ok(position));
        }

        /// A game from a settled position's text holds that position, and writes it back.
        #[test]
        fn a_game_from_a_position_writes_it_back(position in any_position(), seed in any::<u64>()) {
            let game = position.game(seed).unwrap();
            let settled = Position::of(&game);
            prop_assert_eq!(settled.game(seed).unwrap().view().cells, game.view().cells.clone());
            prop_assert_eq!(Position::parse(&settled.to_text()), Ok(settled));
        }
    }
}
