//! A brain's thinking as Yixin Board reads it: the `MESSAGE` lines it writes while it searches,
//! read for its depth, its evaluation and its best line. Nothing here is an answer: these lines
//! are the talk [`super::protocol`] passes over, looked at on their way.
//!
//! Read (words in any case, `|` read as a space; a move is `x,y` as the protocol writes it, or
//! a letter for the column and a number from 1 for the row, `h8` for `7,7`):
//!
//! - `MESSAGE depth 12-18 ev 35 n 1.2M n/ms 500 tm 1200 pv h8 i9 j10` (Yixin's and Rapfi's
//!   UCI-like form; `multipv 2` names a line other than the best, and is passed over);
//! - `MESSAGE Depth 12-18 | Eval 35 | Time 1.2s | h8 i9 j10` (Rapfi's normal form: the line is
//!   the last `|` part when all of it is moves);
//! - `MESSAGE Speed 1.2M | Depth 12-18 | Eval 35 | Node 1.2M | Time 1.2s` and
//!   `MESSAGE Bestline h8 i9 j10` (Rapfi's brief form, one line each);
//! - `MESSAGE REALTIME BEST x,y` (the realtime extension Rapfi implements, asked for with
//!   `INFO show_detail 1`): its best move so far. `REALTIME POS`, `DONE`, `LOST` and `REFRESH`
//!   (the root move being searched, finished, proven lost; a new round) are passed over.
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
    thought(rest, &words)
}

fn thought(rest: &str, words: &[&str]) -> Option<Heard> {
    let (mut depth, mut eval, mut line) = (None, None, Vec::new());
    let mut index = 0;
    while index < words.len() {
        let next = words.get(index + 1).copied().unwrap_or("");
        match words[index].to_ascii_lowercase().as_str() {
            // Another than the best line: its figures are not the position's.
            "multipv" if next != "1" => return None,
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
        assert_eq!(read("MESSAGE depth 9-9 multipv 2 ev -10 pv h8"), None);
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
