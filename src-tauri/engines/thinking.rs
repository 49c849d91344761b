//! A brain's thinking as Yixin Board reads it: the `MESSAGE` lines it writes while it searches,
//! read for its depth, its evaluation and its best line, and, asked for several best moves
//! (Yixin's `YXNBEST n`, see [`super::brain::Brain::several`]), the other lines too. Nothing here
//! is an answer: these lines are the talk [`super::protocol`] passes over, looked at on their way.
//!
//! Read (words in any case, `|` read as a space; a move is `x,y` as the protocol writes it, or
//! a letter for the column and a number from 1 for the row, `h8` for `7,7`):
//!
//! - `MESSAGE depth 12-18 ev 35 n 1.2M n/ms 500 tm 1200 pv h8 i9 j10` (Yixin's and Rapfi's
//!   UCI-like form); with `multipv 2` after the depth it is the second best line (Rapfi's
//!   alpha-beta search prints one such line for each of the `YXNBEST` lines, its Monte Carlo
//!   search `multipv 2 ev -10 w 45.0 d 2.0 ... pv i9 h8`);
//! - `MESSAGE Depth 12-18 | Eval 35 | Time 1.2s | h8 i9 j10` (Rapfi's normal form: the line is
//!   the last `|` part when all of it is moves);
//! - `MESSAGE (2) -10 | 12-17 | i9 h8` (Rapfi's normal form of the K-th best line under
//!   `YXNBEST`: its rank, its evaluation, its depth, its line; its Monte Carlo form
//!   `(2) -10 (W 45.00, D 2.00, S 0.12) | V 1.2K | SD 17 | i9 h8` is read alike, without a
//!   depth); `(1)` is the best line;
//! - `MESSAGE Speed 1.2M | Depth 12-18 | Eval 35 | Node 1.2M | Time 1.2s` and
//!   `MESSAGE Bestline h8 i9 j10` (Rapfi's brief form, one line each);
//! - `MESSAGE REALTIME BEST x,y` (the realtime extension Rapfi implements, asked for with
//!   `INFO show_detail 1`): its best move so far. `REALTIME POS`, `DONE`, `LOST` and `REFRESH`
//!   (the root move being searched, finished, proven lost; a new round) are passed over.
//!
//! Rapfi writes the K-th lines only in its normal and UCI-like message modes, so a brain asked for
//! several lines is first sent Yixin Board's `YXSHOWINFO`, which turns Rapfi's brief mode into its
//! normal one. Yixin's `INFO PV` / `INFO BESTLINE` blocks (`INFO show_detail 2`) are not asked
//! for and not read.
//!
//! The evaluation is the brain's own number from the side to move's view (`ev`, `eval`); from
//! [`WIN_EV`] up (Rapfi's mate values start at 30,000 less the plies; its evaluations stay under
//! 20,000), or written `+M9` / `-M9`, it is a win or a loss by force. Anything else a `MESSAGE`
//! says (a greeting, `OptiTime`, a hash report) is no thought and is left alone.

use pastimes_games::gomoku::{BoardSize, Point};

/// From here up an evaluation is a win by force.
pub const WIN_EV: i64 = 20_000;

/// An evaluation from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eval {
    Score(i32),
    Wins,
    Loses,
}

/// What one line said of the brain's search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// Its depth, evaluation and line, each where the line gave it.
    Thought { depth: Option<u32>, eval: Option<Eval>, line: Vec<Point> },
    /// Its best move so far (`REALTIME BEST`).
    Best(Point),
    /// Another than its best line, asked for by `YXNBEST`: its rank (2 for the second best),
    /// evaluation and line.
    Other { rank: u16, eval: Option<Eval>, line: Vec<Point> },
}

/// Reads one line of a brain; `None` when it says nothing of its search.
pub fn read(line: &str) -> Option<Heard> {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace)?;
    if !word.eq_ignore_ascii_case("MESSAGE") {
        return None;
    }
    let words: Vec<&str> = rest.split(|c: char| c.is_whitespace() || c == '|').filter(|w| !w.is_empty()).collect();
    if words.first().is_some_and(|w| w.eq_ignore_ascii_case("REALTIME")) {
        let is_best = words.get(1).is_some_and(|w| w.eq_ignore_ascii_case("BEST"));
        return words.get(2).filter(|_| is_best).and_then(|w| point(w)).map(Heard::Best);
    }
    if let Some(rank) = words.first().and_then(|w| w.strip_prefix('(')?.strip_suffix(')')?.parse::<u16>().ok()) {
        return ranked(rank, rest, &words);
    }
    thought(rest, &words)
}

/// Rapfi's normal form of one of several lines: `(K) eval | depth-seldepth | moves`.
fn ranked(rank: u16, rest: &str, words: &[&str]) -> Option<Heard> {
    let eval = words.get(1).and_then(|w| evaluation(w));
    let line = last_part_moves(rest);
    if rank == 0 || line.is_empty() {
        return None;
    }
    if rank > 1 {
        return Some(Heard::Other { rank, eval, line });
    }
    let depth = rest.split('|').nth(1).and_then(|part| part.trim().split('-').next()?.parse().ok());
    Some(Heard::Thought { depth, eval, line })
}

fn thought(rest: &str, words: &[&str]) -> Option<Heard> {
    let (mut depth, mut eval, mut line, mut rank) = (None, None, Vec::new(), 1);
    let mut index = 0;
    while index < words.len() {
        let next = words.get(index + 1).copied().unwrap_or("");
        match words[index].to_ascii_lowercase().as_str() {
            // Another than the best line: its figures are not the position's.
            "multipv" => rank = next.parse().ok().filter(|&rank| rank > 0)?,
            "depth" => depth = next.split('-').next().and_then(|d| d.parse().ok()),
            "ev" | "eval" => eval = evaluation(next),
            "pv" | "bestline" => {
                line = words[index + 1..].iter().map_while(|w| point(w)).collect();
                break;
            }
            _ => {
                index += 1;
                continue;
            }
        }
        index += 2;
    }
    if line.is_empty() {
        line = last_part_moves(rest);
    }
    if rank > 1 {
        return (!line.is_empty()).then_some(Heard::Other { rank, eval, line });
    }
    (depth.is_some() || eval.is_some() || !line.is_empty()).then_some(Heard::Thought { depth, eval, line })
}

/// The moves of the last `|` part, when every word of it is one (Rapfi's normal form).
fn last_part_moves(rest: &str) -> Vec<Point> {
    let Some((_, last)) = rest.rsplit_once('|') else { return Vec::new() };
    let moves: Option<Vec<Point>> = last.split_whitespace().map(point).collect();
    moves.unwrap_or_default()
}

fn evaluation(word: &str) -> Option<Eval> {
    let word = word.trim_start_matches('+');
    if let Some(mate) = word.strip_prefix('-').and_then(|w| w.strip_prefix(['M', 'm'])) {
        return mate.parse::<u32>().ok().map(|_| Eval::Loses);
    }
    if let Some(mate) = word.strip_prefix(['M', 'm']) {
        return mate.parse::<u32>().ok().map(|_| Eval::Wins);
    }
    let value: i64 = word.parse().ok()?;
    Some(match value {
        v if v >= WIN_EV => Eval::Wins,
        v if v <= -WIN_EV => Eval::Loses,
        v => Eval::Score(v as i32),
    })
}

/// Moves are read as points of the largest board; the line is cut at its first move the game's
/// rules refuse, one off a 15x15 board too.
const LARGEST: BoardSize = BoardSize::Twenty;

/// A move: `x,y`, or a column letter and a row number from 1 (`h8`).
fn point(word: &str) -> Option<Point> {
    if let Some((x, y)) = word.split_once(',') {
        return LARGEST.point(x.trim().parse().ok()?, y.trim().parse().ok()?);
    }
    let mut chars = word.chars();
    let column = chars.next()?.to_ascii_lowercase();
    if !column.is_ascii_lowercase() {
        return None;
    }
    let row: i64 = chars.as_str().parse().ok()?;
    LARGEST.point(i64::from(column as u8 - b'a'), row - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    fn thought(depth: Option<u32>, eval: Option<Eval>, line: Vec<Point>) -> Option<Heard> {
        Some(Heard::Thought { depth, eval, line })
    }

    #[test]
    fn the_uci_like_form_is_read() {
        assert_eq!(
            read("MESSAGE depth 12-18 ev 35 n 1.2M n/ms 500 tm 1200 pv h8 i9 j10"),
            thought(Some(12), Some(Eval::Score(35)), vec![p(7, 7), p(8, 8), p(9, 9)])
        );
        assert_eq!(read("MESSAGE depth 9-9 multipv 2 ev -10 pv h8"), other(2, Some(Eval::Score(-10)), vec![p(7, 7)]));
        assert_eq!(
            read("MESSAGE depth 3 ev 29990 pv 7,7 8,8"),
            thought(Some(3), Some(Eval::Wins), vec![p(7, 7), p(8, 8)])
        );
    }

    #[test]
    fn rapfi_s_normal_and_brief_forms_are_read() {
        assert_eq!(
            read("MESSAGE Depth 12-18 | Eval -240 | Time 1.2s | h8 i9"),
            thought(Some(12), Some(Eval::Score(-240)), vec![p(7, 7), p(8, 8)])
        );
        assert_eq!(
            read("MESSAGE Speed 1.2M | Depth 7-11 | Eval -M9 | Node 12K | Time 3ms"),
            thought(Some(7), Some(Eval::Loses), vec![])
        );
        assert_eq!(read("MESSAGE Bestline a1 o15"), thought(None, None, vec![p(0, 0), p(14, 14)]));
    }

    fn other(rank: u16, eval: Option<Eval>, line: Vec<Point>) -> Option<Heard> {
        Some(Heard::Other { rank, eval, line })
    }

    #[test]
    fn the_several_lines_of_yxnbest_are_read_in_each_form() {
        // Rapfi's normal form, alpha-beta and Monte Carlo.
        assert_eq!(
            read("MESSAGE (1) 35 | 12-18 | h8 i9 j10"),
            thought(Some(12), Some(Eval::Score(35)), vec![p(7, 7), p(8, 8), p(9, 9)])
        );
        assert_eq!(read("MESSAGE (2) -10 | 12-17 | i9 h8"), other(2, Some(Eval::Score(-10)), vec![p(8, 8), p(7, 7)]));
        assert_eq!(
            read("MESSAGE (3) -M7 (W 0.00, D 0.00, S 0.00) | V 1.2K | SD 17 | 6,6"),
            other(3, Some(Eval::Loses), vec![p(6, 6)])
        );
        // The UCI-like forms.
        assert_eq!(
            read("MESSAGE depth 12-18 multipv 1 ev 35 n 1M n/ms 5 tm 200 pv h8"),
            thought(Some(12), Some(Eval::Score(35)), vec![p(7, 7)])
        );
        assert_eq!(
            read("MESSAGE multipv 2 ev 12 w 51.00 d 2.00 stdev 0.10 v 1K seldepth 9 n 2K n/ms 1 tm 9 prior 0.20 pv i9"),
            other(2, Some(Eval::Score(12)), vec![p(8, 8)])
        );
        // No line, no rank, or a rank that is no number: nothing.
        for nothing in ["MESSAGE (2) -10 | 12-17 |", "MESSAGE (0) 5 | 1-1 | h8", "MESSAGE depth 3 multipv x pv h8"] {
            assert_eq!(read(nothing), None, "{nothing}");
        }
    }

    #[test]
    fn realtime_best_is_read_and_the_rest_passed_over() {
        assert_eq!(read("MESSAGE REALTIME BEST 7,8"), Some(Heard::Best(p(7, 8))));
        for other in [
            "MESSAGE REALTIME POS 7,8",
            "MESSAGE REALTIME REFRESH",
            "MESSAGE Rapfi 2024",
            "MESSAGE OptiTime 920ms | MaxTime 920ms",
            "DEBUG depth 3 ev 3",
            "7,7",
            "MESSAGE",
        ] {
            assert_eq!(read(other), None, "{other}");
        }
    }
}
