//! The command line: what a launch asks for (`--help`, `--version`, a game to open, a data
//! folder). The games `--game` takes are the registry's, so a new game is known here unnamed.

use pastimes_games::GameKind;
use std::path::PathBuf;

/// What a launch asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Request {
    /// Print the usage on standard output and exit with 0.
    Help,
    /// Print the version on standard output and exit with 0.
    Version,
    /// Open the window (or hand over to the Pastimes already running on the data folder).
    Play(Options),
}

/// What a launch that plays was given.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `--data-dir DIR`: where the database lives, instead of the environment's or the default.
    pub data_dir: Option<PathBuf>,
    /// `--game ID`: the game to open instead of the screen Pastimes was left on.
    pub game: Option<GameKind>,
}

/// What `--version` prints.
pub fn version() -> String {
    format!("pastimes {}", env!("CARGO_PKG_VERSION"))
}

/// What `--help` prints, and what follows a mistake on the command line.
pub fn usage() -> String {
    format!(
        "Usage: pastimes [--game GAME] [--data-dir DIR]\n\
         Minesweeper, Bubble Breaker and Gomoku, with a hall of fame.\n\
         \n\
         \x20 --game GAME     open GAME: {games}\n\
         \x20 --data-dir DIR  keep the database in DIR (default: $PASTIMES_DATA_DIR,\n\
         \x20                 else $XDG_DATA_HOME/org.pastimes.Pastimes)\n\
         \x20 -h, --help      print this help and exit\n\
         \x20 -V, --version   print the version and exit\n\
         \n\
         If Pastimes already runs on the same data folder, its window comes to the front\n\
         (and opens GAME) instead of a second one.",
        games = game_ids().join(", ")
    )
}

fn game_ids() -> Vec<&'static str> {
    GameKind::all().map(GameKind::as_str).collect()
}

/// Reads the arguments (without the program's name). An error is one line saying what is
/// wrong; the caller prints the usage after it.
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Request, String> {
    let mut options = Options::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name.to_string(), Some(value.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = |what: &str| {
            inline.clone().or_else(|| args.next()).filter(|v| !v.is_empty()).ok_or(format!("{name} needs {what}"))
        };
        match name.as_str() {
            "-h" | "--help" => return Ok(Request::Help),
            "-V" | "--version" => return Ok(Request::Version),
            "--data-dir" => options.data_dir = Some(value("a folder")?.into()),
            "--game" => options.game = Some(game(&value("a game")?)?),
            _ if inline.is_some() || name.starts_with('-') => return Err(format!("unknown option {name}")),
            _ => return Err(format!("unexpected argument {arg:?}")),
        }
    }
    Ok(Request::Play(options))
}

fn game(id: &str) -> Result<GameKind, String> {
    GameKind::parse(id).ok_or_else(|| format!("no game is called {id:?}: --game takes {}", game_ids().join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(list: &[&str]) -> Result<Request, String> {
        parse(list.iter().map(|s| s.to_string()))
    }

    fn play(data_dir: Option<&str>, game: Option<&str>) -> Result<Request, String> {
        Ok(Request::Play(Options {
            data_dir: data_dir.map(PathBuf::from),
            game: game.map(|id| GameKind::parse(id).unwrap()),
        }))
    }

    #[test]
    fn reads_each_option_in_both_forms() {
        assert_eq!(parsed(&[]), play(None, None));
        assert_eq!(parsed(&["--data-dir", "/x"]), play(Some("/x"), None));
        assert_eq!(parsed(&["--data-dir=/y"]), play(Some("/y"), None));
        for kind in GameKind::all() {
            assert_eq!(parsed(&["--game", kind.as_str()]), play(None, Some(kind.as_str())));
            let joined = format!("--game={}", kind.as_str());
            assert_eq!(parsed(&[&joined, "--data-dir", "/z"]), play(Some("/z"), Some(kind.as_str())));
        }
        assert_eq!(parsed(&["--help"]), Ok(Request::Help));
        assert_eq!(parsed(&["--data-dir", "/x", "-h"]), Ok(Request::Help));
        assert_eq!(parsed(&["--version"]), Ok(Request::Version));
        assert_eq!(parsed(&["-V"]), Ok(Request::Version));
    }

    #[test]
    fn says_what_is_wrong_in_one_line() {
        let wrong = [
            (vec!["--data-dir"], "--data-dir needs a folder"),
            (vec!["--data-dir="], "--data-dir needs a folder"),
            (vec!["--game"], "--game needs a game"),
            (vec!["--frobnicate"], "unknown option --frobnicate"),
            (vec!["--frobnicate=3"], "unknown option --frobnicate"),
            (vec!["-x"], "unknown option -x"),
            (vec!["minesweeper"], "unexpected argument \"minesweeper\""),
        ];
        for (args, message) in wrong {
            assert_eq!(parsed(&args), Err(message.to_string()), "{args:?}");
        }
        let unknown = parsed(&["--game", "chess"]).unwrap_err();
        assert!(unknown.starts_with("no game is called \"chess\": --game takes minesweeper, "), "{unknown}");
        assert!(!unknown.contains('\n'));
    }

    #[test]
    fn the_usage_names_every_registered_game_and_option() {
        let usage = usage();
        for kind in GameKind::all() {
            assert!(usage.contains(kind.as_str()), "{usage}");
        }
        for option in ["--game", "--data-dir", "--help", "--version"] {
            assert!(usage.contains(option), "{usage}");
        }
        assert!(usage.lines().all(|line| line.chars().count() <= 80), "fits a terminal: {usage}");
        assert_eq!(version(), format!("pastimes {}", env!("CARGO_PKG_VERSION")));
    }
}
