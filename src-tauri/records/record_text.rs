//! A finished game as a small text file, to keep, send and open again: what Export writes and
//! Import reads. A file reads like this (a Gomoku game against the computer):
//!
//! ```text
//! Pastimes record 1
//! game: gomoku
//! params: {"humanColour":"black","opening":"standard","opponent":"easy","rule":"freestyle"}
//! category: freestyle-easy
//! started: 2026-12-01T14:32:05.120Z
//! finished: 2026-12-01T14:40:11.003Z
//! result: won
//! time: 486000
//! moves: 3
//! player: Gus
//! seed: 1234
//!
//! 0 H8
//! 1520 I9
//! 486000 J10
//! end
//! ```
//!
//! The first line names the format and its version. Then one `key: value` line each: the game,
//! its parameters (JSON, as the game reads them: level, size, style, rule, opponent), its
//! category, when it started and finished (RFC 3339, UTC), its result, its score (games scored
//! by points only), its time and number of moves, the name given to a record (if any), the
//! help taken (`undos`, `hints`, `imported` when not none), whether it was a replay, and the
//! seed it was dealt from. A blank line, then the moves, one a line: the backend's clock at the
//! move in milliseconds since the game began, then the move as the game's board names it
//! (Minesweeper `open D5`, `mark A1`, `chord C3`: column letters and rows from the top, as the
//! board's cells are labelled; Bubble Breaker `pop C4`, the same; Gomoku `H8`, columns A to O
//! and rows 1 to 15 from the bottom, as its move list shows them, and `choose white` for a
//! Swap2 decision; a move a game cannot name goes as its JSON). The last line is `end`, so a
//! file cut short is told from a short game.
//!
//! An import is replayed through the rules from its parameters and seed, move by move, and must
//! reach the result, score, time and moves it claims ([`crate::records::verify`]); anything else is an
//! [`ImportError`] and nothing is kept. Files above [`MAX_BYTES`] are refused before they are
//! read whole.

use crate::assistance::Assistance;
use crate::records::record::{self, GameRecord};
use crate::store::{result_name, FullRecord, StoredRecord};
use pastimes_games::{AnyGame, Applied, GameKind};
use serde_json::{json, Value};
use std::io::Read;

/// The format line, before its version number.
const FORMAT: &str = "Pastimes record";
/// The version this Pastimes writes and reads.
pub const VERSION: u32 = 1;
/// The largest file read: ten times a 100x100 Minesweeper game clicked cell by cell.
pub const MAX_BYTES: u64 = 2 * 1024 * 1024;

/// Why a text could not be imported. Each has a stable code the page translates.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("the file is larger than {} bytes: not a Pastimes record", MAX_BYTES)]
    TooLarge,
    #[error("not a Pastimes record")]
    NotARecord,
    #[error("a Pastimes record of version {0}, newer than this Pastimes reads ({VERSION})")]
    UnknownVersion(String),
    #[error("the record ends early: {0}")]
    Truncated(String),
    #[error("line {line}: {reason}")]
    BadLine { line: usize, reason: String },
    #[error("a record of {found}, not of {expected}")]
    WrongGame { expected: String, found: String },
    #[error("move {number} ({text}) is refused: {reason}")]
    IllegalMove { number: usize, text: String, reason: String },
    #[error("the moves do not lead to what the record says: {0}")]
    Mismatch(String),
    #[error("the text holds no moves")]
    NoMoves,
}

impl ImportError {
    /// The stable code, as `AppError` sends it to the page.
    pub fn code(&self) -> &'static str {
        match self {
            ImportError::TooLarge => "record_too_large",
            ImportError::NotARecord => "record_not_a_record",
            ImportError::UnknownVersion(_) => "record_unknown_version",
            ImportError::Truncated(_) => "record_truncated",
            ImportError::BadLine { .. } => "record_bad_line",
            ImportError::WrongGame { .. } => "record_wrong_game",
            ImportError::IllegalMove { .. } => "record_illegal_move",
            ImportError::Mismatch(_) => "record_mismatch",
            ImportError::NoMoves => "record_no_moves",
        }
    }

    /// The values its translated message needs.
    pub fn params(&self) -> Value {
        match self {
            ImportError::UnknownVersion(version) => json!({ "version": version }),
            ImportError::BadLine { line, reason } => json!({ "line": line, "reason": reason }),
            ImportError::WrongGame { expected, found } => json!({ "expected": expected, "found": found }),
            ImportError::IllegalMove { number, text, reason } => {
                json!({ "number": number, "text": text, "reason": reason })
            }
            ImportError::Mismatch(reason) => json!({ "reason": reason }),
            _ => json!({}),
        }
    }
}

impl From<ImportError> for crate::error::AppError {
    fn from(error: ImportError) -> Self {
        crate::error::AppError::Import { code: error.code(), message: error.to_string(), params: error.params() }
    }
}

/// What the page shows of an imported record (its header), id 0: a finished game's record may
/// be shown in full, seed included.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordHeader {
    pub id: i64,
    pub game: String,
    pub params: Value,
    pub category: String,
    pub started_at: String,
    pub finished_at: String,
    pub result: String,
    pub score: Option<i64>,
    pub time_ms: i64,
    pub moves: i64,
    pub player: Option<String>,
    pub replay: bool,
    pub assistance: Assistance,
    pub seed: String,
}

/// The header of a finished game's record.
pub fn header(full: &FullRecord) -> RecordHeader {
    let detail: Value = serde_json::from_str(&full.stored.detail).unwrap_or_default();
    RecordHeader {
        id: full.stored.id,
        game: full.stored.game.clone(),
        params: detail["params"].clone(),
        category: full.category.clone(),
        started_at: full.started_at.clone(),
        finished_at: full.finished_at.clone(),
        result: full.stored.result.clone(),
        score: full.stored.score,
        time_ms: full.stored.time_ms,
        moves: full.stored.moves,
        player: full.player.clone(),
        replay: full.replay,
        assistance: full.assistance,
        seed: detail["seed"].as_str().unwrap_or_default().to_string(),
    }
}

/// The finished game as a text record file.
pub fn export(full: &FullRecord) -> Result<String, ImportError> {
    let stored = &full.stored;
    let detail: Value = serde_json::from_str(&stored.detail).map_err(|_| ImportError::NotARecord)?;
    // A game this Pastimes cannot deal (an unfinished one kept from a later Pastimes) still
    // exports: its moves were kept as JSON, and go so.
    let dealt = deal(&stored.game, &stored.detail).ok().map(|(dealt, _)| dealt);
    let moves =
        record::decode_maybe(dealt.as_deref(), &stored.record).map_err(|e| ImportError::Mismatch(e.to_string()))?;
    let mut out = format!("{FORMAT} {VERSION}\n");
    let mut line = |key: &str, value: &str| out.push_str(&format!("{key}: {}\n", one_line(value)));
    line("game", &stored.game);
    line("params", &detail["params"].to_string());
    line("category", &full.category);
    line("started", &full.started_at);
    line("finished", &full.finished_at);
    line("result", &stored.result);
    if let Some(score) = stored.score {
        line("score", &score.to_string());
    }
    line("time", &stored.time_ms.to_string());
    line("moves", &stored.moves.to_string());
    if let Some(player) = &full.player {
        line("player", player);
    }
    let help = full.assistance;
    for (key, count) in [("undos", help.undos), ("hints", help.hints)] {
        if count > 0 {
            line(key, &count.to_string());
        }
    }
    if help.imported {
        line("imported", "yes");
    }
    if help.seen_deal {
        line("seen deal", "yes");
    }
    if full.replay {
        line("replay", "yes");
    }
    line("seed", detail["seed"].as_str().unwrap_or_default());
    out.push('\n');
    for (mv, at) in moves.moves.iter().zip(&moves.times_ms) {
        let text = dealt.as_ref().and_then(|dealt| dealt.move_text(mv)).unwrap_or_else(|| mv.to_string());
        out.push_str(&format!("{at} {text}\n"));
    }
    out.push_str("end\n");
    Ok(out)
}

/// The name a save dialog offers: the game and when it finished, in local time, e.g.
/// `pastimes-minesweeper-2026-12-01-1432.txt`.
pub fn file_name(full: &FullRecord) -> String {
    file_name_at(&full.stored.game, &full.finished_at)
}

/// [`file_name`] of a game of `game` at `at` (RFC 3339, as stored): a game under way is named by
/// when it began.
pub fn file_name_at(game: &str, at: &str) -> String {
    let at = chrono::DateTime::parse_from_rfc3339(at)
        .map(|at| at.with_timezone(&chrono::Local).format("%Y-%m-%d-%H%M").to_string())
        .unwrap_or_else(|_| "game".into());
    format!("pastimes-{game}-{at}.txt")
}

/// Reads at most [`MAX_BYTES`] from `source` and imports it; a longer source is refused
/// without reading the rest.
pub fn import_from(source: impl Read) -> Result<FullRecord, ImportError> {
    let mut bytes = Vec::new();
    source.take(MAX_BYTES + 1).read_to_end(&mut bytes).map_err(|_| ImportError::NotARecord)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(ImportError::TooLarge);
    }
    import(std::str::from_utf8(&bytes).map_err(|_| ImportError::NotARecord)?)
}

/// Whether `text` is meant as a record file (it begins with the format line).
pub fn is_record_file(text: &str) -> bool {
    text.trim_start().starts_with(FORMAT)
}

/// The game a record file is of, and its moves' texts (as the board names them), unchecked:
/// for a game that goes on from them (Gomoku's "Paste position").
pub fn game_and_moves(text: &str) -> Result<(String, Vec<String>), ImportError> {
    let parsed = parse(text.trim_start())?;
    let game = parsed.header("game")?.to_string();
    Ok((game, parsed.move_lines.into_iter().map(|(_, text, _)| text).collect()))
}

/// A text record file as a finished game with id 0, replayed through the rules and checked.
pub fn import(text: &str) -> Result<FullRecord, ImportError> {
    if text.len() as u64 > MAX_BYTES {
        return Err(ImportError::TooLarge);
    }
    let parsed = parse(text)?;
    let header = |key: &str| parsed.header(key);
    let game = header("game")?;
    let kind = GameKind::parse(game)
        .ok_or_else(|| ImportError::WrongGame { expected: "a Pastimes game".into(), found: game.to_string() })?;
    let seed = header("seed")?.to_string();
    let params: Value = serde_json::from_str(header("params")?).map_err(|e| parsed.bad("params", e))?;
    let dealt = (kind.info().new_game)(&params, seed.parse().map_err(|e| parsed.bad("seed", e))?)
        .map_err(|e| parsed.bad("params", e))?;
    let record = parsed.moves(dealt.as_ref())?;
    let game = replay(dealt.clone(), &record.moves, |i| parsed.move_lines[i].1.clone())?;
    let number = |key: &str| -> Result<i64, ImportError> { header(key)?.parse().map_err(|e| parsed.bad(key, e)) };
    let count = |key: &str| -> Result<u32, ImportError> {
        parsed.optional(key).map_or(Ok(0), |v| v.parse().map_err(|e| parsed.bad(key, e)))
    };
    let last = record.times_ms.last().copied().unwrap_or(0);
    let mut detail = json!({ "seed": seed, "params": dealt.params() });
    if let Some(summary) = game.summary(last) {
        detail["summary"] = summary;
    }
    let full = FullRecord {
        stored: StoredRecord {
            id: 0,
            game: kind.as_str().to_string(),
            result: header("result")?.to_string(),
            score: parsed.optional("score").map(|_| number("score")).transpose()?,
            time_ms: number("time")?,
            moves: number("moves")?,
            detail: detail.to_string(),
            record: record::encode(dealt.as_ref(), &record),
        },
        category: header("category")?.to_string(),
        started_at: header("started")?.to_string(),
        finished_at: header("finished")?.to_string(),
        player: parsed.optional("player").map(str::to_string),
        replay: parsed.optional("replay") == Some("yes"),
        assistance: Assistance {
            undos: count("undos")?,
            hints: count("hints")?,
            imported: parsed.optional("imported") == Some("yes"),
            seen_deal: parsed.optional("seen deal") == Some("yes"),
        },
    };
    check(&full, game.as_ref())?;
    Ok(full)
}

/// The claims a replay cannot check itself: the game is over (or the record says it was left
/// unfinished), its category is the one dealt; then every stored figure, through the proof by
/// replay.
fn check(full: &FullRecord, game: &dyn AnyGame) -> Result<(), ImportError> {
    let unfinished = full.stored.result == result_name(pastimes_games::Status::Playing);
    if !game.status().is_over() && !unfinished {
        return Err(ImportError::Mismatch(format!("the game is not over (result {})", result_name(game.status()))));
    }
    if game.category() != full.category {
        return Err(ImportError::Mismatch(format!("category: stated {}, dealt {}", full.category, game.category())));
    }
    crate::records::verify::check(&full.stored).map_err(ImportError::Mismatch)
}

/// The game as dealt from a stored detail's parameters and seed, and that detail.
fn deal(game: &str, detail: &str) -> Result<(Box<dyn AnyGame>, Value), ImportError> {
    let kind = GameKind::parse(game).ok_or(ImportError::NotARecord)?;
    let detail: Value = serde_json::from_str(detail).map_err(|_| ImportError::NotARecord)?;
    let seed = detail["seed"].as_str().and_then(|s| s.parse().ok()).ok_or(ImportError::NotARecord)?;
    let dealt = (kind.info().new_game)(&detail["params"], seed).map_err(|_| ImportError::NotARecord)?;
    Ok((dealt, detail))
}

/// Plays `moves` on `game`; the first refused (or idle) move is an error naming it by `text_of`.
pub fn replay(
    mut game: Box<dyn AnyGame>,
    moves: &[Value],
    text_of: impl Fn(usize) -> String,
) -> Result<Box<dyn AnyGame>, ImportError> {
    for (index, mv) in moves.iter().enumerate() {
        let refused = |reason: String| ImportError::IllegalMove { number: index + 1, text: text_of(index), reason };
        match game.play(mv) {
            Ok(played) if played.applied == Applied::Move => {}
            Ok(_) => return Err(refused("it changes nothing".into())),
            Err(error) => return Err(refused(error.to_string())),
        }
    }
    Ok(game)
}

/// A value on one line: a name or a JSON text never spans two, whatever it holds.
fn one_line(value: &str) -> String {
    value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// The lines of a record file: its header and its move lines, not yet understood.
struct Parsed<'a> {
    header: Vec<(&'a str, &'a str, usize)>,
    /// Each move line's number in the file and its text (the clock taken off).
    move_lines: Vec<(usize, String, u64)>,
}

impl<'a> Parsed<'a> {
    fn header(&self, key: &str) -> Result<&'a str, ImportError> {
        self.optional(key).ok_or_else(|| ImportError::Truncated(key.to_string()))
    }

    fn optional(&self, key: &str) -> Option<&'a str> {
        self.header.iter().find(|(k, ..)| *k == key).map(|(_, value, _)| *value)
    }

    fn bad(&self, key: &str, error: impl std::fmt::Display) -> ImportError {
        let line = self.header.iter().find(|(k, ..)| *k == key).map_or(0, |(.., line)| *line);
        ImportError::BadLine { line, reason: format!("{key}: {error}") }
    }

    /// The moves as the game logs them, with their clock.
    fn moves(&self, game: &dyn AnyGame) -> Result<GameRecord, ImportError> {
        let mut record = GameRecord::default();
        for (line, text, at) in &self.move_lines {
            let mv = if text.starts_with('{') { serde_json::from_str(text).ok() } else { game.parse_move_text(text) };
            let mv = mv.ok_or_else(|| ImportError::BadLine { line: *line, reason: format!("not a move: {text}") })?;
            if record.times_ms.last().is_some_and(|last| at < last) {
                return Err(ImportError::BadLine { line: *line, reason: "the clock goes back".into() });
            }
            record.moves.push(mv);
            record.times_ms.push(*at);
        }
        Ok(record)
    }
}

/// Splits a file into its format line, header and moves, checking the frame: the version, the
/// blank line, the clock of each move, the final `end`.
fn parse(text: &str) -> Result<Parsed<'_>, ImportError> {
    let mut lines = text.lines().enumerate().map(|(i, line)| (i + 1, line.trim_end_matches('\r')));
    let (_, first) = lines.next().ok_or(ImportError::NotARecord)?;
    let version = first.strip_prefix(FORMAT).and_then(|rest| rest.strip_prefix(' ')).ok_or(ImportError::NotARecord)?;
    if version != VERSION.to_string() {
        return Err(ImportError::UnknownVersion(version.chars().take(20).collect()));
    }
    // A file cut anywhere after its format line has lost its last line, `end`.
    if text.trim_end().lines().last() != Some("end") {
        return Err(ImportError::Truncated("end".into()));
    }
    let mut parsed = Parsed { header: Vec::new(), move_lines: Vec::new() };
    loop {
        let (number, line) = lines.next().ok_or_else(|| ImportError::Truncated("header".into()))?;
        if line.is_empty() {
            break;
        }
        let (key, value) = line
            .split_once(": ")
            .ok_or_else(|| ImportError::BadLine { line: number, reason: "not a key: value line".into() })?;
        parsed.header.push((key, value, number));
    }
    loop {
        let (number, line) = lines.next().ok_or_else(|| ImportError::Truncated("moves".into()))?;
        if line == "end" {
            break;
        }
        let bad = |reason: &str| ImportError::BadLine { line: number, reason: reason.into() };
        let (at, mv) = line.split_once(' ').ok_or_else(|| bad("not a move line"))?;
        let at = at.parse().map_err(|_| bad("a move line begins with its time in milliseconds"))?;
        parsed.move_lines.push((number, mv.to_string(), at));
    }
    if lines.any(|(_, line)| !line.trim().is_empty()) {
        return Err(ImportError::NotARecord);
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::clock::{ManualTime, Time};
    use crate::play::session::Session;
    use crate::store::Store;
    use pastimes_games::{bubbles, gomoku, minesweeper};
    use serde_json::json;
    use std::sync::Arc;
    use std::time::Duration;

    /// A game of `kind` played to its end with the first move the game takes in reading order,
    /// a second between moves; stored, and read back as its full record.
    fn finished(kind: GameKind, params: Value, pick: impl Fn(u64, u64) -> Value) -> FullRecord {
        let hand = Arc::new(ManualTime::default());
        let time: Time = hand.clone();
        let mut session = Session::new(kind, &params, 42, time).unwrap();
        let view = session.snapshot(false).view;
        let (w, h) = (view["width"].as_u64().unwrap_or(15), view["height"].as_u64().unwrap_or(15));
        'game: while !session.is_over() {
            for i in 0..w * h {
                if session.play(&pick(i % w, i / w)).is_ok_and(|m| m.applied == Applied::Move) {
                    hand.advance(Duration::from_millis(1_000 + i));
                    continue 'game;
                }
            }
            panic!("no move left");
        }
        let mut store = Store::open_in_memory().unwrap();
        let recorded = store.record_finished(&crate::state::rows::finished(&session).unwrap()).unwrap();
        store.full_record(recorded.id).unwrap().unwrap()
    }

    fn minesweeper_game() -> FullRecord {
        finished(minesweeper::KIND, json!({"level": "beginner"}), |x, y| json!({"action": "open", "x": x, "y": y}))
    }

    fn bubbles_game() -> FullRecord {
        finished(bubbles::KIND, json!({"style": "standard"}), |x, y| json!({"action": "pop", "x": x, "y": y}))
    }

    fn gomoku_game() -> FullRecord {
        finished(gomoku::KIND, json!({"rule": "freestyle"}), |x, y| json!({"x": x, "y": y}))
    }

    fn same_but_id(imported: &FullRecord, original: &FullRecord) {
        let mut expected = original.clone();
        expected.stored.id = 0;
        assert_eq!(imported, &expected);
    }

    #[test]
    fn every_game_exports_and_imports_to_the_same_record() {
        for original in [minesweeper_game(), bubbles_game(), gomoku_game()] {
            let text = export(&original).unwrap();
            assert!(text.starts_with("Pastimes record 1\n"), "{text}");
            assert!(text.ends_with("\nend\n"), "{text}");
            same_but_id(&import(&text).unwrap(), &original);
            same_but_id(&import_from(text.as_bytes()).unwrap(), &original);
        }
    }

    /// Minesweeper's times are shown to the hundredth: the file keeps the milliseconds, so a
    /// time read back is the one stored, to the millisecond, and so to the hundredth.
    #[test]
    fn a_minesweeper_time_to_the_hundredth_round_trips() {
        // A second and a few milliseconds between moves: a time with hundredths (3.015 s).
        let original = minesweeper_game();
        let time_ms = original.stored.time_ms;
        assert!(time_ms % 1000 != 0 && time_ms % 10 != 0, "{time_ms}");
        let text = export(&original).unwrap();
        assert!(text.contains(&format!("\ntime: {time_ms}\n")), "{text}");
        let imported = import(&text).unwrap();
        assert_eq!(imported.stored.time_ms, time_ms);
        same_but_id(&imported, &original);
    }

    #[test]
    fn moves_read_as_the_boards_name_them() {
        let text = export(&minesweeper_game()).unwrap();
        assert!(text.contains("\n0 open A1\n"), "{text}");
        assert!(text.contains("game: minesweeper\n") && text.contains("category: beginner"), "{text}");
        let text = export(&gomoku_game()).unwrap();
        assert!(text.contains("\n0 A15\n1000 B15\n"), "{text}");
        assert!(text.contains("result: won\n") && !text.contains("score:"), "{text}");
        let text = export(&bubbles_game()).unwrap();
        assert!(text.contains(" pop ") && text.contains("score: "), "{text}");
    }

    #[test]
    fn the_help_taken_and_the_name_go_with_the_game() {
        let mut original = gomoku_game();
        original.player = Some("Gus\nthe second".into());
        original.assistance = Assistance { undos: 2, hints: 1, imported: true, seen_deal: false };
        let text = export(&original).unwrap();
        assert!(text.contains("player: Gus the second\nundos: 2\nhints: 1\nimported: yes\n"), "{text}");
        original.player = Some("Gus the second".into());
        same_but_id(&import(&text).unwrap(), &original);
    }

    #[test]
    fn a_file_cut_short_anywhere_is_truncated_or_not_a_record() {
        let text = export(&gomoku_game()).unwrap();
        for cut in (1..text.len() - 1).step_by(7) {
            let error = import(&text[..cut]).unwrap_err();
            let expected = matches!(
                error,
                ImportError::Truncated(_)
                    | ImportError::NotARecord
                    | ImportError::BadLine { .. }
                    | ImportError::UnknownVersion(_)
            );
            assert!(expected, "cut at {cut}: {error:?}");
        }
        let without_end = text.trim_end().trim_end_matches("end");
        assert_eq!(import(without_end), Err(ImportError::Truncated("end".into())));
        let mid_line = &text[..text.len() - 10];
        assert_eq!(import(mid_line), Err(ImportError::Truncated("end".into())), "cut inside a move line");
        // Whole lines lost from the end: the moves left no longer reach the result.
        let lines: Vec<&str> = text.lines().collect();
        let short = format!("{}\nend\n", lines[..lines.len() - 3].join("\n"));
        assert!(matches!(import(&short), Err(ImportError::Mismatch(_))), "{:?}", import(&short));
    }

    #[test]
    fn another_game_an_illegal_move_or_another_version_is_refused_by_name() {
        let text = export(&gomoku_game()).unwrap();
        let chess = text.replace("game: gomoku", "game: chess");
        assert!(matches!(import(&chess), Err(ImportError::WrongGame { .. })));
        let as_minesweeper = text.replace("game: gomoku", "game: minesweeper");
        assert!(matches!(import(&as_minesweeper), Err(ImportError::BadLine { .. })), "{:?}", import(&as_minesweeper));
        // The second stone on the first's point.
        let twice = text.replacen("\n1000 B15\n", "\n1000 A15\n", 1);
        let error = import(&twice).unwrap_err();
        assert_eq!(error.code(), "record_illegal_move");
        assert_eq!(error.params()["number"], 2);
        assert_eq!(error.params()["text"], "A15");
        let newer = text.replacen("Pastimes record 1", "Pastimes record 2", 1);
        assert_eq!(import(&newer), Err(ImportError::UnknownVersion("2".into())));
        let changed = text.replace("result: won", "result: lost");
        assert!(matches!(import(&changed), Err(ImportError::Mismatch(_))));
        let later = text.replace("\ntime: ", "\ntime: 1");
        assert!(matches!(import(&later), Err(ImportError::Mismatch(_))));
    }

    #[test]
    fn ten_megabytes_of_junk_are_refused_before_they_are_read_whole() {
        struct Junk(u64);
        impl Read for Junk {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let n = (buf.len() as u64).min(self.0) as usize;
                buf[..n].iter_mut().enumerate().for_each(|(i, b)| *b = (i * 31 % 251) as u8);
                self.0 -= n as u64;
                Ok(n)
            }
        }
        let mut junk = Junk(10 * 1024 * 1024);
        assert_eq!(import_from(&mut junk), Err(ImportError::TooLarge));
        assert_eq!(junk.0, 10 * 1024 * 1024 - MAX_BYTES - 1, "no more read than the limit");
        assert_eq!(import_from(Junk(1000)), Err(ImportError::NotARecord));
        assert_eq!(import("Pastimes record\n"), Err(ImportError::NotARecord));
        assert_eq!(import(""), Err(ImportError::NotARecord));
    }
}
