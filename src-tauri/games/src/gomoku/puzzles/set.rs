//! The puzzle file: a header of `#` lines (what made it, with the tool's command and version),
//! one puzzle a line, and a closing line with the count and a checksum.
//!
//! ```text
//! # Pastimes Gomoku puzzles, format 1
//! renju vct 7 hhihgi... jfkg...
//! end 312 5d1c0f3a9b2e4d71
//! ```
//!
//! A puzzle line is its rule (`freestyle`, `exactFive`, `renju`), its kind (`vcf`, `vct`), its
//! grade (the attacker's moves in the line), the stones from black's first and the solution's
//! main line; a point is two letters, its column then its row from the top (`a` to `o`: `hh`
//! is H8). The checksum is the FNV-1a hash of the puzzle lines, each with its newline. Reading
//! replays every stone and the line through the rules, so a damaged file is refused whole.

use super::{Puzzle, WinKind};
use crate::gomoku::{BoardSize, Gomoku, Opponent, Params, Point, Rule};
use crate::puzzle::{fnv1a64, PuzzleFileError};
use crate::Game;

/// Reads a whole set; the first damage found refuses it.
pub fn read(text: &str) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let mut puzzles = Vec::new();
    let mut hash = Hash::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if let Some(end) = line.strip_prefix("end ") {
            return close(end, puzzles, hash.0);
        }
        let puzzle = parse(line).map_err(|reason| PuzzleFileError::Line { line: number, reason })?;
        hash.add(line);
        puzzles.push(puzzle);
    }
    Err(PuzzleFileError::Count("no closing line".into()))
}

/// Writes a set, after the header's lines (each written after `# `).
pub fn write(header: &[String], puzzles: &[Puzzle]) -> String {
    let mut text: String = header.iter().map(|line| format!("# {line}\n")).collect();
    let mut hash = Hash::new();
    for puzzle in puzzles {
        let line = format!(
            "{} {} {} {} {}",
            puzzle.rule.as_str(),
            puzzle.kind.as_str(),
            puzzle.grade(),
            points_text(&puzzle.stones),
            points_text(&puzzle.line)
        );
        hash.add(&line);
        text.push_str(&line);
        text.push('\n');
    }
    text.push_str(&format!("end {} {:016x}\n", puzzles.len(), hash.0));
    text
}

/// The id of the puzzle of these stones under `rule`: stable whatever else changes.
pub fn id_of(rule: Rule, stones: &[Point]) -> String {
    format!("{:016x}", fnv1a64(format!("{} {}", rule.as_str(), points_text(stones)).as_bytes()))[..10].to_string()
}

struct Hash(u64);

impl Hash {
    fn new() -> Hash {
        Hash(fnv1a64(b""))
    }

    fn add(&mut self, line: &str) {
        for byte in line.bytes().chain(std::iter::once(b'\n')) {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

fn close(end: &str, puzzles: Vec<Puzzle>, hash: u64) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let (count, checksum) = end.split_once(' ').ok_or_else(|| PuzzleFileError::Count(end.into()))?;
    if count.parse::<usize>().ok() != Some(puzzles.len()) || puzzles.is_empty() {
        return Err(PuzzleFileError::Count(format!("{count} named, {} read", puzzles.len())));
    }
    if u64::from_str_radix(checksum.trim(), 16).ok() != Some(hash) {
        return Err(PuzzleFileError::Checksum);
    }
    Ok(puzzles)
}

fn parse(line: &str) -> Result<Puzzle, String> {
    let fields: Vec<&str> = line.split(' ').collect();
    let [rule, kind, grade, stones, solution] = fields[..] else {
        return Err(format!("{} fields, not 5", fields.len()));
    };
    let rule = Rule::ALL.into_iter().find(|r| r.as_str() == rule).ok_or(format!("no rule {rule:?}"))?;
    let kind = WinKind::parse(kind).ok_or(format!("no kind {kind:?}"))?;
    let grade: u8 = grade.parse().map_err(|_| format!("no grade {grade:?}"))?;
    let stones = points(stones)?;
    let line = points(solution)?;
    let puzzle = Puzzle { id: id_of(rule, &stones), rule, kind, stones, line };
    if puzzle.grade() != grade || !(super::prove::SHORTEST..=super::prove::LONGEST).contains(&grade) {
        return Err(format!("grade {grade} for a line of {} moves", puzzle.line.len()));
    }
    check_play(&puzzle)?;
    Ok(puzzle)
}

/// Replays the stones and the line: every move legal, the line ending in the attacker's five.
fn check_play(puzzle: &Puzzle) -> Result<(), String> {
    let mut game = start(puzzle.rule);
    for (i, &p) in puzzle.stones.iter().chain(&puzzle.line).enumerate() {
        if game.status().is_over() {
            return Err(format!("the game is over before move {}", i + 1));
        }
        game.play(p.into()).map_err(|e| format!("move {} ({}) is refused: {e}", i + 1, p.notation()))?;
    }
    if game.winner() != Some(puzzle.attacker()) {
        return Err("the solution does not end with the attacker's five".into());
    }
    Ok(())
}

/// An empty board under `rule`, both sides the player's.
pub fn start(rule: Rule) -> Gomoku {
    let params = Params { rule, opponent: Opponent::Human, ..Params::default() };
    Gomoku::new(&params, 0).expect("a new game's parameters are always valid")
}

fn points(text: &str) -> Result<Vec<Point>, String> {
    let bytes = text.as_bytes();
    if bytes.is_empty() || !bytes.len().is_multiple_of(2) {
        return Err(format!("{text:?} is not a list of points"));
    }
    bytes
        .chunks(2)
        .map(|pair| {
            // The puzzles are set on the 15x15 board.
            let side = BoardSize::Fifteen.side();
            let coordinate = |b: u8| b.checked_sub(b'a').filter(|&c| usize::from(c) < side).map(i64::from);
            match (coordinate(pair[0]), coordinate(pair[1])) {
                (Some(x), Some(y)) => BoardSize::Fifteen.point(x, y).ok_or_else(|| "a point off the board".into()),
                _ => Err(format!("{:?} is not a point", String::from_utf8_lossy(pair))),
            }
        })
        .collect()
}

fn points_text(points: &[Point]) -> String {
    points.iter().flat_map(|p| [char::from(b'a' + p.x), char::from(b'a' + p.y)]).collect()
}
