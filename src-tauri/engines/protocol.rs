//! The Gomocup protocol as the manager reads it: a brain's answers, one line each.
//!
//! Read: a move `x,y` (numbered from 0, `x` the column), several moves `x,y x,y ...` (Swap2's
//! stones), `SWAP`, `OK`, `ERROR text`, `UNKNOWN text`, the `ABOUT` answer
//! (`name="...", version="...", author="..."`). Passed over while an answer is awaited:
//! `MESSAGE text` and `DEBUG text` (a brain's talk to the user and its log), and
//! `SUGGEST x,y` (a hint to a manager that does not apply here). Anything else is garbage.

use pastimes_games::gomoku::{BoardSize, Point};

/// One line of a brain, classified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// `MESSAGE`, `DEBUG`, `SUGGEST`: talk, not an answer.
    Talk,
    Ok,
    /// `ERROR` or `UNKNOWN`, with the brain's words.
    Refused(String),
    Swap,
    /// One or more points, in the order given.
    Points(Vec<Point>),
    /// Another line, kept (cut short) to say what came instead of an answer.
    Other(String),
}

/// The most of a brain's own words kept to tell the player.
const KEPT: usize = 80;

/// Reads one line of a brain.
pub fn read(line: &str) -> Said {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    match word.to_ascii_uppercase().as_str() {
        "MESSAGE" | "DEBUG" | "SUGGEST" => Said::Talk,
        "OK" if rest.is_empty() => Said::Ok,
        "ERROR" | "UNKNOWN" => Said::Refused(cut(rest.trim())),
        "SWAP" if rest.is_empty() => Said::Swap,
        _ => points(line).map_or_else(|| Said::Other(cut(line)), Said::Points),
    }
}

/// `x,y` groups separated by spaces, each a point of the board; `None` if any is not.
fn points(line: &str) -> Option<Vec<Point>> {
    let points: Option<Vec<Point>> = line.split_whitespace().map(point).collect();
    points.filter(|points| !points.is_empty())
}

/// A point of the largest board: whether it is on the game's is the rules' to say (a stone off
/// a 15x15 board is refused as any illegal move).
fn point(text: &str) -> Option<Point> {
    let (x, y) = text.split_once(',')?;
    BoardSize::Twenty.point(x.trim().parse().ok()?, y.trim().parse().ok()?)
}

/// A point as the protocol writes it.
pub fn write(p: Point) -> String {
    format!("{},{}", p.x, p.y)
}

/// What a brain says of itself in answer to `ABOUT`: its name and version (empty if it gives
/// none).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct About {
    pub name: String,
    pub version: String,
}

/// Reads `name="Rapfi", version="2024", author="..."` (keys in any case, values quoted).
pub fn about(line: &str) -> About {
    let mut about = About::default();
    let mut rest = line.trim();
    while let Some((key, after)) = rest.split_once('=') {
        let key = key.trim().trim_start_matches(',').trim().to_ascii_lowercase();
        let after = after.trim_start();
        let (value, next) = match after.strip_prefix('"') {
            Some(quoted) => quoted.split_once('"').unwrap_or((quoted, "")),
            None => after.split_once(',').unwrap_or((after, "")),
        };
        match key.as_str() {
            "name" => about.name = cut(value.trim()),
            "version" => about.version = cut(value.trim()),
            _ => {}
        }
        rest = next;
    }
    about
}

/// At most [`KEPT`] characters, without control characters.
fn cut(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(KEPT).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_classified() {
        assert_eq!(read("7,7"), Said::Points(vec![Point { x: 7, y: 7 }]));
        assert_eq!(read(" 0,14 \r"), Said::Points(vec![Point { x: 0, y: 14 }]));
        assert_eq!(
            read("7,7 8,8 6,6").clone(),
            Said::Points(vec![Point { x: 7, y: 7 }, Point { x: 8, y: 8 }, Point { x: 6, y: 6 }])
        );
        assert_eq!(read("MESSAGE depth 12 ev 35"), Said::Talk);
        assert_eq!(read("debug x"), Said::Talk);
        assert_eq!(read("OK"), Said::Ok);
        assert_eq!(read("SWAP"), Said::Swap);
        assert_eq!(read("ERROR unsupported rule"), Said::Refused("unsupported rule".into()));
        // A point of the 20x20 board is a point (off a 15x15 game's board, the game refuses it
        // as an illegal move); beyond it, garbage.
        assert_eq!(read("15,3"), Said::Points(vec![Point { x: 15, y: 3 }]));
        for garbage in ["20,3", "7;7", "hello", "-1,2", "7,7 x", "", "OKAY"] {
            assert!(matches!(read(garbage), Said::Other(_)), "{garbage:?}");
        }
    }

    #[test]
    fn about_reads_name_and_version() {
        let about = about(r#"name="Rapfi", version="2024.07", author="Rapfi developers", country="China""#);
        assert_eq!((about.name.as_str(), about.version.as_str()), ("Rapfi", "2024.07"));
        assert_eq!(super::about("name=plain, version=1").name, "plain");
        assert_eq!(super::about("nothing here"), About::default());
    }
}
