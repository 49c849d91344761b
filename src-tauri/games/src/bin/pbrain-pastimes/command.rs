//! The manager's commands, read from one line each.
//!
//! Command words are matched in any case (the manager sends capitals, people typing at a
//! console may not); coordinates are `x,y`, numbered from 0, `x` the column.

/// One line from the manager.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Start(u64),
    RectStart(u64, u64),
    Restart,
    Begin,
    Turn(i64, i64),
    /// Places the brain's own stone on `x,y` and answers it (the manager's forced move).
    Play(i64, i64),
    Board,
    /// Gomocup's Swap2 extension: the opening's stones so far follow, then `DONE`.
    Swap2Board,
    Takeback(i64, i64),
    Info(Info),
    End,
    About,
}

/// The `INFO` settings the brain acts on; the others are read and ignored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Info {
    /// Milliseconds for one move; 0 asks for moves as fast as possible.
    TimeoutTurn(u64),
    /// Milliseconds for the whole game; 0 is no limit.
    TimeoutMatch(u64),
    /// Milliseconds left of the game's time.
    TimeLeft(u64),
    /// Bytes the brain may use; 0 is no limit.
    MaxMemory(u64),
    /// Bit field: 1 exactly five, 2 continuous game, 4 renju, 8 caro.
    Rule(u64),
    /// Known but irrelevant here (`game_type`, `folder`, `evaluate`), or unknown: the protocol
    /// asks brains to ignore keys they do not know.
    Ignored,
}

/// Why a line is not a command: an unknown word (answered `UNKNOWN`) or a known one with
/// arguments that do not fit (answered `ERROR`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    Unknown(String),
    Malformed(String),
}

/// One stone of a `SWAP2BOARD` list: `x,y`, in the order played (black, white, black...).
pub fn swap2_line(line: &str) -> Option<(i64, i64)> {
    point(line.trim())
}

/// Reads one command line (without its line end).
pub fn parse(line: &str) -> Result<Command, Refusal> {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let malformed = |what: &str| Refusal::Malformed(format!("{} expects {what}", word.to_ascii_uppercase()));
    let none = |command: Command| if rest.is_empty() { Ok(command) } else { Err(malformed("no arguments")) };
    match word.to_ascii_uppercase().as_str() {
        "START" => number(rest).map(Command::Start).ok_or_else(|| malformed("a board size")),
        "RECTSTART" => pair(rest).map(|(w, h)| Command::RectStart(w, h)).ok_or_else(|| malformed("width,height")),
        "RESTART" => none(Command::Restart),
        "BEGIN" => none(Command::Begin),
        "TURN" => point(rest).map(|(x, y)| Command::Turn(x, y)).ok_or_else(|| malformed("x,y")),
        "PLAY" => point(rest).map(|(x, y)| Command::Play(x, y)).ok_or_else(|| malformed("x,y")),
        "BOARD" => none(Command::Board),
        "SWAP2BOARD" => none(Command::Swap2Board),
        "TAKEBACK" => point(rest).map(|(x, y)| Command::Takeback(x, y)).ok_or_else(|| malformed("x,y")),
        "INFO" => info(rest).map(Command::Info).ok_or_else(|| malformed("a key and a value")),
        "END" => none(Command::End),
        "ABOUT" => none(Command::About),
        _ => Err(Refusal::Unknown(format!("{word} is not a command of this brain"))),
    }
}

/// One stone of a `BOARD` list: `x,y,field` with field 1 (own), 2 (opponent's) or 3 (a
/// continuous game's mark, which this brain does not play).
pub fn board_line(line: &str) -> Option<(i64, i64, u8)> {
    let mut parts = line.trim().split(',').map(str::trim);
    let x = parts.next()?.parse().ok()?;
    let y = parts.next()?.parse().ok()?;
    let field = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some((x, y, field))
}

fn number(text: &str) -> Option<u64> {
    // `parse` alone would take "+15".
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

fn pair(text: &str) -> Option<(u64, u64)> {
    let (a, b) = text.split_once(',')?;
    Some((number(a.trim())?, number(b.trim())?))
}

fn point(text: &str) -> Option<(i64, i64)> {
    pair(text).map(|(x, y)| (i64::try_from(x).unwrap_or(i64::MAX), i64::try_from(y).unwrap_or(i64::MAX)))
}

fn info(text: &str) -> Option<Info> {
    let (key, value) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let value = value.trim();
    let numeric = |make: fn(u64) -> Info| number(value).map(make);
    match key.to_ascii_lowercase().as_str() {
        "" => None,
        "timeout_turn" => numeric(Info::TimeoutTurn),
        "timeout_match" => numeric(Info::TimeoutMatch),
        "time_left" => numeric(Info::TimeLeft),
        "max_memory" => numeric(Info::MaxMemory),
        "rule" => numeric(Info::Rule),
        _ => Some(Info::Ignored),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse_in_any_case_with_their_arguments() {
        assert_eq!(parse("START 15"), Ok(Command::Start(15)));
        assert_eq!(parse("rectstart 15,15"), Ok(Command::RectStart(15, 15)));
        assert_eq!(parse("TURN 10,11\r"), Ok(Command::Turn(10, 11)));
        assert_eq!(parse("TAKEBACK 3, 4"), Ok(Command::Takeback(3, 4)));
        assert_eq!(parse("INFO timeout_turn 1000"), Ok(Command::Info(Info::TimeoutTurn(1000))));
        assert_eq!(parse("INFO rule 4"), Ok(Command::Info(Info::Rule(4))));
        assert_eq!(parse("INFO folder /tmp/x y"), Ok(Command::Info(Info::Ignored)));
        assert_eq!(parse("INFO game_type 1"), Ok(Command::Info(Info::Ignored)));
        assert_eq!(parse("END"), Ok(Command::End));
        assert_eq!(board_line("7,7,1"), Some((7, 7, 1)));
        assert_eq!(parse("SWAP2BOARD"), Ok(Command::Swap2Board));
        assert_eq!(swap2_line("8, 7"), Some((8, 7)));
        assert_eq!(swap2_line("8,7,1"), None);
    }

    #[test]
    fn bad_arguments_are_malformed_and_unknown_words_unknown() {
        for line in [
            "START",
            "START fifteen",
            "START -15",
            "TURN 10",
            "TURN a,b",
            "TURN 1,2,3",
            "TURN +1,2",
            "BEGIN now",
            "INFO",
            "INFO timeout_turn",
            "INFO time_left -5",
            "RECTSTART 15",
        ] {
            assert!(matches!(parse(line), Err(Refusal::Malformed(_))), "{line:?}");
        }
        for line in ["HELLO", "", "SWAP3BOARD", "7,7"] {
            assert!(matches!(parse(line), Err(Refusal::Unknown(_))), "{line:?}");
        }
        assert_eq!(board_line("7,x,1"), None);
        assert_eq!(board_line("7,7,1,1"), None);
        assert_eq!(board_line("7,7"), None);
    }
}
