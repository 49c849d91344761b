//! The built `pastimes` on the command line, as a player types it: every option's output and
//! exit status, and the launches that cannot open a window (no display, a display that does not
//! answer, a data folder another Pastimes holds) saying why in one line, with no panic.

use pastimes_games::GameKind;
use std::fs::File;
use std::path::Path;
use std::process::{Command, Output};

/// A display number nothing listens on.
const NO_SUCH_DISPLAY: &str = ":4711";

/// The binary, with a data folder of `data`, no display unless the test gives one, and its own
/// runtime directory.
fn pastimes(data: &Path, runtime: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pastimes"));
    command
        .env("PASTIMES_DATA_DIR", data)
        .env("XDG_RUNTIME_DIR", runtime)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("FLATPAK_ID")
        .env("RUST_BACKTRACE", "1");
    command
}

fn run(args: &[&str]) -> Output {
    let (data, runtime) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    pastimes(data.path(), runtime.path()).args(args).output().expect("pastimes runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

/// What a failed launch printed: exactly one line on standard error, nothing on standard
/// output, no panic. Returns the line.
fn one_line(output: &Output) -> String {
    let (out, err) = (text(&output.stdout), text(&output.stderr));
    assert_eq!(out, "", "nothing on standard output");
    assert!(!err.contains("panicked") && !err.contains("backtrace"), "no panic: {err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    err.trim_end().to_string()
}

#[test]
fn help_prints_the_usage_on_standard_output_and_exits_with_0() {
    for flag in ["--help", "-h"] {
        let output = run(&[flag]);
        assert_eq!(output.status.code(), Some(0), "{flag}");
        assert_eq!(text(&output.stderr), "");
        let usage = text(&output.stdout);
        assert!(usage.starts_with("Usage: pastimes [--game GAME] [--data-dir DIR]\n"), "{usage}");
        for option in ["--game GAME", "--data-dir DIR", "-h, --help", "-V, --version"] {
            assert!(usage.contains(option), "{option}: {usage}");
        }
        let games = GameKind::all().map(GameKind::as_str).collect::<Vec<_>>().join(", ");
        assert!(usage.contains(&format!("open GAME: {games}\n")), "every registered game: {usage}");
    }
}

#[test]
fn version_prints_the_version_and_exits_with_0() {
    for flag in ["--version", "-V"] {
        let output = run(&[flag]);
        assert_eq!(output.status.code(), Some(0), "{flag}");
        assert_eq!(text(&output.stdout), format!("pastimes {}\n", env!("CARGO_PKG_VERSION")));
        assert_eq!(text(&output.stderr), "");
    }
}

#[test]
fn a_mistake_says_what_in_one_line_then_the_usage_and_exits_with_2() {
    let mistakes = [
        (vec!["--frobnicate"], "pastimes: unknown option --frobnicate".to_string()),
        (vec!["--data-dir"], "pastimes: --data-dir needs a folder".to_string()),
        (vec!["--game"], "pastimes: --game needs a game".to_string()),
        (vec!["bubbles"], "pastimes: unexpected argument \"bubbles\"".to_string()),
    ];
    let usage = text(&run(&["--help"]).stdout);
    for (args, first_line) in mistakes {
        let output = run(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&output.stdout), "", "{args:?}");
        assert_eq!(text(&output.stderr), format!("{first_line}\n{usage}"), "{args:?}");
    }
    let output = run(&["--game", "chess"]);
    assert_eq!(output.status.code(), Some(2));
    let said = text(&output.stderr);
    assert!(said.starts_with("pastimes: no game is called \"chess\": --game takes minesweeper, "), "{said}");
}

#[test]
fn without_a_display_it_says_so_in_one_line_and_exits_with_1() {
    let (data, runtime) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut args = vec![vec![]];
    args.extend(GameKind::all().map(|kind| vec!["--game", kind.as_str()]));
    for args in args {
        let output = pastimes(data.path(), runtime.path()).args(&args).output().expect("pastimes runs");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let line = one_line(&output);
        assert!(line.starts_with("pastimes: no display found: neither DISPLAY nor WAYLAND_DISPLAY is set;"), "{line}");
        assert!(line.contains("xvfb-run"), "says what to do: {line}");
    }
    assert_eq!(std::fs::read_dir(data.path()).unwrap().count(), 0, "the data folder is not touched");
    // An empty variable names no display either.
    let output = pastimes(data.path(), runtime.path()).env("DISPLAY", "").output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(one_line(&output).starts_with("pastimes: no display found"));
}

#[test]
fn a_display_that_does_not_answer_is_said_in_one_line() {
    let (data, runtime) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let output = pastimes(data.path(), runtime.path()).env("DISPLAY", NO_SUCH_DISPLAY).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let line = one_line(&output);
    assert!(line.starts_with("pastimes: cannot open the display (WAYLAND_DISPLAY unset, DISPLAY=:4711)"), "{line}");
    assert!(!data.path().join("pastimes.sqlite3").exists(), "no store is opened without a window");
}

/// A process that holds the data folder's lock but answers on no socket (another runtime
/// directory: another sandbox or session): the launch refuses to open the store, in one line.
#[test]
fn the_data_lock_refuses_a_second_writer_with_a_clear_message() {
    let (data, runtime) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let lock = File::create(data.path().join("pastimes.lock")).unwrap();
    lock.try_lock().expect("the test holds the lock, as a running Pastimes would");
    let output = pastimes(data.path(), runtime.path()).env("DISPLAY", NO_SUCH_DISPLAY).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let line = one_line(&output);
    assert!(line.starts_with(&format!("pastimes: another Pastimes is using {}", data.path().display())), "{line}");
    assert!(line.contains("close it first, or give this one another --data-dir"), "{line}");
    let entries: Vec<_> = std::fs::read_dir(data.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(entries, ["pastimes.lock"], "the store is not touched");
    drop(lock);
}

/// The manual page (packaging/pastimes.6) tells every option and every game `--game` takes
/// (but the test game, which no package ships).
#[test]
fn the_manual_page_tells_every_option_and_game() {
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/pastimes.6")).unwrap();
    let page = page.replace("\\-", "-");
    for option in [".BI --game \" GAME\"", ".BI --data-dir \" DIR\"", ".BR -h \", \" --help", ".BR -V \", \" --version"]
    {
        assert!(page.contains(option), "{option}");
    }
    #[cfg(feature = "test-game")]
    let shipped = |kind: &GameKind| *kind != pastimes_games::lights::KIND;
    #[cfg(not(feature = "test-game"))]
    let shipped = |_: &GameKind| true;
    for kind in GameKind::all().filter(shipped) {
        assert!(
            page.contains(&format!(".B {}", kind.as_str())) || page.contains(&format!(".BR {} ", kind.as_str())),
            "{kind:?}"
        );
    }
    for status in ["0", "1", "2"] {
        assert!(page.contains(&format!(".TP\n.B {status}\n")), "exit status {status}");
    }
}
