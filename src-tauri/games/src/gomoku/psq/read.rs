//! Reading a `.psq` text: the header, the move lines, the names and the rule, then the stones
//! replayed through the rules. See the module's doc for the format.

use super::{PsqError, PsqGame, Seat, Stone, MAGIC, MAX_BYTES, MAX_MOVE_MS};
use crate::gomoku::{BoardSize, Gomoku, Move, Params, Rule};
use crate::{Game, RuleError};

/// A move line as written: column and row from 1, and the milliseconds.
type Written = (i64, i64, u64);

/// A line's number in the file (from 1) and its text, trimmed.
type Line<'a> = (usize, &'a str);

/// A name line read: the name, if it gives one, and whether it names a brain.
type Named = (Option<String>, bool);

/// The game a `.psq` text holds, every stone checked by the rules.
pub fn read(text: &str) -> Result<PsqGame, PsqError> {
    if text.len() > MAX_BYTES {
        return Err(PsqError::TooLarge { max: MAX_BYTES });
    }
    let lines: Vec<Line> = text
        .trim_start_matches('\u{feff}')
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty())
        .collect();
    let (header, rest) = lines.split_first().ok_or(PsqError::NotPsq)?;
    let (size, seats, black_seat) = read_header(header.1)?;
    let (written, info) = read_moves(rest)?;
    let (names, rule) = read_info(info)?;
    let seat = |i: usize| {
        let (name, brain) = names[i].clone();
        Seat { name, computer: seats[i] > 0 || brain }
    };
    let stones = replay(rule, size, &written)?;
    Ok(PsqGame { rule, size, stones, black: seat(black_seat), white: seat(1 - black_seat) })
}

/// The rule, the board and the stones of a `.psq` text, checked as [`read`] does: for a board
/// that starts from a file (the study board).
pub fn rule_and_moves(text: &str) -> Result<(Rule, BoardSize, Vec<Move>), PsqError> {
    let game = read(text)?;
    Ok((game.rule, game.size, game.moves()))
}

/// `Piskvorky WxH, a:b, c`: the board, the two seats' numbers and the seat that began (0 or 1).
fn read_header(line: &str) -> Result<(BoardSize, [i64; 2], usize), PsqError> {
    let rest = line.strip_prefix(MAGIC).filter(|rest| rest.starts_with(' ')).ok_or(PsqError::NotPsq)?;
    let fields: Vec<&str> = rest.split(',').map(str::trim).collect();
    let [size, seats, began] = fields[..] else { return Err(PsqError::NotPsq) };
    let (width, height) = size.split_once('x').ok_or(PsqError::NotPsq)?;
    let number = |text: &str| text.trim().parse::<u32>().map_err(|_| PsqError::NotPsq);
    let (width, height) = (number(width)?, number(height)?);
    let (first, second) = seats.split_once(':').ok_or(PsqError::NotPsq)?;
    let seat = |text: &str| text.trim().parse::<i64>().map_err(|_| PsqError::NotPsq);
    let seats = [seat(first)?, seat(second)?];
    let began = match began {
        "0" => 0,
        "1" => 1,
        _ => return Err(PsqError::NotPsq),
    };
    let size =
        BoardSize::of_side(width as usize).filter(|_| width == height).ok_or(PsqError::BoardSize { width, height })?;
    Ok((size, seats, began))
}

/// The move lines up to the first other line, and the lines after them. A line that begins
/// like a move (a number and a comma) but is not one is an error: cut short if it ends the
/// file, malformed otherwise.
fn read_moves<'a>(lines: &'a [Line<'a>]) -> Result<(Vec<Written>, &'a [Line<'a>]), PsqError> {
    let mut written = Vec::new();
    for (at, &(line, text)) in lines.iter().enumerate() {
        match move_line(text) {
            Some(stone) => written.push(stone),
            None if !looks_like_a_move(text) => return Ok((written, &lines[at..])),
            None if at + 1 == lines.len() => return Err(PsqError::Truncated { line }),
            None => return Err(PsqError::BadLine { line, text: text.chars().take(40).collect() }),
        }
    }
    Ok((written, &[]))
}

/// `x,y` or `x,y,ms`, the time at most [`MAX_MOVE_MS`].
fn move_line(text: &str) -> Option<Written> {
    let fields: Vec<&str> = text.split(',').map(str::trim).collect();
    let (x, y, ms) = match fields[..] {
        [x, y] => (x, y, "0"),
        [x, y, ms] => (x, y, ms),
        _ => return None,
    };
    let ms = ms.parse().ok().filter(|&ms| ms <= MAX_MOVE_MS)?;
    Some((x.parse().ok()?, y.parse().ok()?, ms))
}

/// A number (perhaps negative) and a comma: a move line, whole or not. (A bare number is the
/// result code after the moves.)
fn looks_like_a_move(text: &str) -> bool {
    let Some((first, _)) = text.split_once(',') else { return false };
    let digits = first.trim().trim_start_matches('-');
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// The lines after the moves: up to two names (seat 1's, seat 2's; each with whether it names
/// a brain) before the result code, and a `rule:` line anywhere after them.
fn read_info(lines: &[Line]) -> Result<([Named; 2], Rule), PsqError> {
    let is_name = |text: &str| text.parse::<i64>().is_err() && !text.starts_with("rule:");
    let names_end = lines.iter().take(2).take_while(|(_, text)| is_name(text)).count();
    let mut names = [(None, false), (None, false)];
    for (slot, (_, text)) in names.iter_mut().zip(&lines[..names_end]) {
        *slot = player(text);
    }
    let mut rule = Rule::Freestyle;
    for &(line, text) in &lines[names_end..] {
        if let Some(name) = text.strip_prefix("rule:") {
            rule = rule_named(name.trim()).ok_or_else(|| PsqError::BadLine { line, text: text.into() })?;
        }
    }
    Ok((names, rule))
}

/// A name line: Piskvork's `homo-` (a person) and `pbrain-` (a brain, with its `.exe`) taken
/// off; `homo-1` and `homo-2`, a person without a name, give none.
fn player(text: &str) -> Named {
    let (name, brain) = if let Some(person) = strip(text, "homo-") {
        (person, false)
    } else if let Some(brain) = strip(text, "pbrain-") {
        (brain, true)
    } else {
        (text, false)
    };
    let name = if brain { strip_extension(name) } else { name }.trim();
    let unnamed = name.is_empty() || (!brain && name.bytes().all(|b| b.is_ascii_digit()));
    ((!unnamed).then(|| name.to_string()), brain)
}

/// `text` without `prefix`, in any case; `None` if it does not begin so.
fn strip<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.get(..prefix.len()).filter(|head| head.eq_ignore_ascii_case(prefix)).map(|_| &text[prefix.len()..])
}

fn strip_extension(name: &str) -> &str {
    let cut = name.len().saturating_sub(4);
    match name.get(cut..) {
        Some(tail) if tail.eq_ignore_ascii_case(".exe") => &name[..cut],
        _ => name,
    }
}

fn rule_named(name: &str) -> Option<Rule> {
    Rule::ALL.into_iter().find(|rule| rule.as_str().eq_ignore_ascii_case(name))
}

/// The stones played through the rules under `rule`, black first; the first the rules refuse
/// is [`PsqError::Illegal`]. No stone at all is [`PsqError::NoMoves`].
fn replay(rule: Rule, size: BoardSize, written: &[Written]) -> Result<Vec<Stone>, PsqError> {
    if written.is_empty() {
        return Err(PsqError::NoMoves);
    }
    let params = Params { rule, size, ..Params::default() };
    // Only a board the rule is not played on is refused here (Renju on 20x20).
    let side = size.side() as u32;
    let mut game = Gomoku::new(&params, 0).map_err(|_| PsqError::BoardSize { width: side, height: side })?;
    let mut stones = Vec::with_capacity(written.len());
    for (index, &(x, y, ms)) in written.iter().enumerate() {
        let illegal = |reason: String| PsqError::Illegal { number: index + 1, x, y, reason };
        let mv = Move { x: x.saturating_sub(1), y: y.saturating_sub(1) };
        game.play(mv).map_err(|error| illegal(reason(&error)))?;
        let point = size.point(mv.x, mv.y).ok_or_else(|| illegal("off the board".into()))?;
        stones.push(Stone { point, ms });
    }
    Ok(stones)
}

fn reason(error: &RuleError) -> String {
    match error {
        RuleError::OutOfBoard { .. } => "off the board".into(),
        RuleError::GameOver => "the game had ended".into(),
        RuleError::Illegal(why) => (*why).into(),
        other => other.to_string(),
    }
}
