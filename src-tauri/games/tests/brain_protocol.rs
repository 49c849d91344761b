//! The Gomocup brain driven as a manager drives it: the built `pbrain-pastimes` over its stdin
//! and stdout, one command line at a time.
//!
//! Every answer is awaited with a generous guard against a hung brain (a minute), never a
//! check of speed: the moves are searched within `INFO timeout_turn`, kept small for debug
//! builds.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

const HANG_GUARD: Duration = Duration::from_secs(60);

struct Brain {
    child: Child,
    input: ChildStdin,
    output: Receiver<String>,
}

impl Brain {
    fn start() -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-pastimes"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the brain starts");
        let input = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, output) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Brain { child, input, output }
    }

    /// Sends a line the way Piskvork does, ended by CR LF.
    fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    fn send_bytes(&mut self, line: &[u8]) {
        self.input.write_all(line).unwrap();
        self.input.write_all(b"\r\n").unwrap();
        self.input.flush().unwrap();
    }

    /// The next answer, skipping the MESSAGE and DEBUG lines a brain may write at any time.
    fn answer(&mut self) -> String {
        self.answer_with_messages().1
    }

    /// The next answer, and the MESSAGE lines before it.
    fn answer_with_messages(&mut self) -> (Vec<String>, String) {
        let mut messages = Vec::new();
        loop {
            let line = self.output.recv_timeout(HANG_GUARD).expect("the brain answers");
            if line.starts_with("MESSAGE") {
                messages.push(line);
            } else if !line.starts_with("DEBUG") {
                return (messages, line);
            }
        }
    }

    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.answer()
    }

    /// Asks for a move and reads it as a point on the 15x15 board.
    fn ask_move(&mut self, line: &str) -> (u8, u8) {
        let answer = self.ask(line);
        point(&answer).unwrap_or_else(|| panic!("{line:?} was answered {answer:?}, not a move"))
    }

    /// Sends a whole BOARD command: the stones, then DONE; returns the answer to DONE.
    fn board(&mut self, own: &[(u8, u8)], theirs: &[(u8, u8)]) -> String {
        self.send("BOARD");
        for &(x, y) in own {
            self.send(&format!("{x},{y},1"));
        }
        for &(x, y) in theirs {
            self.send(&format!("{x},{y},2"));
        }
        self.ask("DONE")
    }
}

fn point(answer: &str) -> Option<(u8, u8)> {
    let (x, y) = answer.split_once(',')?;
    let (x, y): (u8, u8) = (x.parse().ok()?, y.parse().ok()?);
    (x < 15 && y < 15).then_some((x, y))
}

/// Starts a brain on a 15x15 board with a short turn.
fn started() -> Brain {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 200");
    brain.send("INFO timeout_match 60000");
    brain.send("INFO time_left 60000");
    brain
}

#[test]
fn about_start_and_info() {
    let mut brain = Brain::start();
    let about = brain.ask("ABOUT");
    assert!(about.starts_with(r#"name="pastimes", version=""#), "{about}");
    for key in ["author=", "country="] {
        assert!(about.contains(key), "{about}");
    }
    assert!(brain.ask("BEGIN").starts_with("ERROR"), "a move before START");
    assert!(brain.ask("START 19").starts_with("ERROR"), "15x15 and 20x20 only");
    assert!(brain.ask("RECTSTART 15,10").starts_with("ERROR"));
    assert_eq!(brain.ask("RECTSTART 15,15"), "OK");
    assert_eq!(brain.ask("START 15"), "OK");
    // INFO has no answer: the next answer is the next command's.
    for info in [
        "INFO timeout_turn 150",
        "INFO timeout_match 0",
        "INFO time_left 2147483647",
        "INFO max_memory 83886080",
        "INFO rule 1",
        "INFO game_type 1",
        "INFO folder /tmp/brain",
        "INFO evaluate 7,7",
        "INFO some_future_key 3",
    ] {
        brain.send(info);
    }
    assert_eq!(brain.ask("RESTART"), "OK");
    brain.send("END");
    assert!(brain.child.wait().unwrap().success());
}

#[test]
fn begin_turn_and_takeback() {
    let mut brain = started();
    let first = brain.ask_move("BEGIN");
    assert!(brain.ask("BEGIN").starts_with("ERROR"), "BEGIN on a board with stones");
    let theirs = if first == (7, 7) { (8, 8) } else { (7, 7) };
    let second = brain.ask_move(&format!("TURN {},{}", theirs.0, theirs.1));
    assert!(second != first && second != theirs);
    // A taken point is refused and changes nothing: the same TURN elsewhere still works.
    assert!(brain.ask(&format!("TURN {},{}", first.0, first.1)).starts_with("ERROR"));
    assert!(brain.ask("TURN 15,3").starts_with("ERROR"), "off the board");
    // Take back the brain's last stone and the opponent's, then play the opponent's again.
    assert_eq!(brain.ask(&format!("TAKEBACK {},{}", second.0, second.1)), "OK");
    assert_eq!(brain.ask(&format!("TAKEBACK {},{}", theirs.0, theirs.1)), "OK");
    assert!(brain.ask(&format!("TAKEBACK {},{}", theirs.0, theirs.1)).starts_with("ERROR"), "no stone there");
    let again = brain.ask_move(&format!("TURN {},{}", theirs.0, theirs.1));
    assert!(again != first && again != theirs);
    assert_eq!(brain.ask("RESTART"), "OK");
    brain.ask_move("BEGIN");
    brain.send("END");
    assert!(brain.child.wait().unwrap().success());
}

/// Each searched answer is preceded by its thought as Yixin Board reads a brain's: its depth, its
/// score and its expected line, which starts with the answer (a point as letter and row from 1).
#[test]
fn a_searched_answer_comes_with_its_depth_score_and_line() {
    let mut brain = started();
    brain.send("BOARD");
    for line in ["7,7,2", "8,7,1", "7,8,2"] {
        brain.send(line);
    }
    brain.send("DONE");
    let (messages, answer) = brain.answer_with_messages();
    let (x, y) = point(&answer).unwrap_or_else(|| panic!("{answer:?} is no move"));
    let thought = messages.iter().find(|m| m.starts_with("MESSAGE depth")).expect("a thought");
    let words: Vec<&str> = thought.split_whitespace().collect();
    assert_eq!((words[1], words[3], words[5]), ("depth", "ev", "pv"), "{thought}");
    assert!(words[2].parse::<u8>().is_ok_and(|depth| depth > 0), "{thought}");
    assert!(words[4].parse::<i32>().is_ok() || words[4].starts_with(['+', '-']), "{thought}");
    let first = format!("{}{}", char::from(b'a' + x), y + 1);
    assert_eq!(words[6], first, "the line starts with the answer: {thought}");
    brain.send("END");
    assert!(brain.child.wait().unwrap().success());
}

#[test]
fn board_sets_a_position_and_the_brain_takes_its_five() {
    let mut brain = started();
    // Both sides have four in a row; the brain (to move with 4 stones each: black) wins.
    let own = [(5, 5), (6, 5), (7, 5), (8, 5)];
    let theirs = [(5, 9), (6, 9), (7, 9), (8, 9)];
    let answer = brain.board(&own, &theirs);
    assert!(["4,5", "9,5"].contains(&answer.as_str()), "{answer}");
    // As white (one stone fewer than black, to move), facing black's open three with an open
    // three of its own, it makes the open four that wins first rather than block.
    assert_eq!(brain.ask("RESTART"), "OK");
    let answer = brain.board(&theirs[..3], &[(0, 0), (5, 5), (6, 5), (7, 5)]);
    assert!(["4,9", "8,9"].contains(&answer.as_str()), "{answer}");
}

#[test]
fn malformed_lines_are_answered_with_error_and_change_nothing() {
    let mut brain = started();
    for line in [
        "TURN",
        "TURN 7",
        "TURN seven,7",
        "TURN 7,7,7",
        "TURN -1,3",
        "START",
        "START big",
        "INFO",
        "INFO timeout_turn soon",
        "TAKEBACK",
        "BEGIN 7,7",
    ] {
        let answer = brain.ask(line);
        assert!(answer.starts_with("ERROR"), "{line:?} was answered {answer:?}");
    }
    for line in ["HELLO", "SWAP3BOARD", "7,7,1"] {
        let answer = brain.ask(line);
        assert!(answer.starts_with("UNKNOWN"), "{line:?} was answered {answer:?}");
    }
    brain.send_bytes(b"TURN \xff\xfe");
    assert!(brain.answer().starts_with("UNKNOWN"), "a line that is not text");
    // Inside a BOARD list, a bad line is refused and skipped; the good ones count.
    brain.send("BOARD");
    for line in ["5,5,1", "garbage", "6,5", "6,5,9", "5,5,2", "99,5,1", "6,5,1", "7,5,1", "8,5,1"] {
        brain.send(line);
    }
    for refused in ["garbage", "6,5", "6,5,9", "5,5,2", "99,5,1"] {
        let answer = brain.answer();
        assert!(answer.starts_with("ERROR"), "{refused:?} was answered {answer:?}");
    }
    brain.send("5,9,2");
    brain.send("6,9,2");
    brain.send("7,9,2");
    brain.send("8,9,2");
    let answer = brain.ask("DONE");
    assert!(["4,5", "9,5"].contains(&answer.as_str()), "the position is the good lines': {answer}");
    // A board whose counts cannot alternate is refused, and the position before it stays: the
    // brain's five is still there to take back, and it takes it again.
    assert!(brain.board(&[(0, 0), (1, 0), (2, 0)], &[]).starts_with("ERROR"));
    assert_eq!(brain.ask(&format!("TAKEBACK {answer}")), "OK");
    let again = brain.ask("TURN 14,14");
    assert!(["4,5", "9,5"].contains(&again.as_str()), "{again}");
}

#[test]
fn under_renju_the_brain_never_plays_a_forbidden_point_as_black() {
    let mut brain = started();
    brain.send("INFO rule 4");
    // Black (the brain: four stones each, to move) has F8 G8 across and H9 H10 down: H8,
    // which would win in freestyle, is a double three. White sits in the corners.
    let own = [(5, 7), (6, 7), (7, 6), (7, 5)];
    let theirs = [(0, 0), (14, 0), (0, 14), (14, 14)];
    let answer = brain.board(&own, &theirs);
    assert!(point(&answer).is_some(), "{answer}");
    assert_ne!(answer, "7,7", "H8 is forbidden for black");
    // As white, it answers an opponent's forbidden black stone (the manager's to rule on) with
    // a move, and says what it saw. Black's closed four on row 13 makes white block at O3
    // first, then black plays the double three H8.
    assert_eq!(brain.ask("RESTART"), "OK");
    let mut theirs_black = own.to_vec();
    theirs_black.extend([(10, 12), (11, 12), (12, 12), (13, 12)]);
    let own_white = [(9, 12), (0, 0), (14, 0), (0, 14), (3, 0), (0, 4), (14, 4)];
    assert_eq!(brain.board(&own_white, &theirs_black), "14,12", "the block");
    brain.send("TURN 7,7");
    let (messages, answer) = brain.answer_with_messages();
    assert!(point(&answer).is_some(), "{answer}");
    assert!(messages.iter().any(|m| m.contains("forbidden")), "{messages:?}");
    brain.send("END");
    assert!(brain.child.wait().unwrap().success());
}

/// Gomocup's own Caro check (`test_zip_rules.py`, rule 8): the brain (black, to move) must not
/// take 10,7, which would make a five between white's 5,7 and 11,7, and must answer white's
/// open three 5,6-5,8 instead.
#[test]
fn under_caro_the_brain_takes_no_blocked_five() {
    let mut brain = started();
    let own = [(7, 7), (6, 7), (8, 7), (9, 7)];
    let theirs = [(5, 7), (5, 8), (5, 6), (11, 7)];
    assert_eq!(brain.board(&own, &theirs), "10,7", "freestyle: the five");
    assert_eq!(brain.ask("RESTART"), "OK");
    brain.send("INFO rule 8");
    let answer = brain.board(&own, &theirs);
    assert!(["5,4", "5,5", "5,9", "5,10"].contains(&answer.as_str()), "{answer}");
    brain.send("END");
    assert!(brain.child.wait().unwrap().success());
}

/// Reads `x,y x,y ...` as points, `None` if any is not one.
fn points(answer: &str) -> Option<Vec<(u8, u8)>> {
    answer.split_whitespace().map(point).collect()
}

#[test]
fn swap2board_answers_each_decision_of_the_opening() {
    let mut brain = started();
    brain.send("INFO rule 1");
    // No stones: the brain places the first three.
    brain.send("SWAP2BOARD");
    let three = brain.ask("DONE");
    let opening = points(&three).unwrap_or_else(|| panic!("{three}"));
    assert_eq!(opening.len(), 3, "{three}");
    // Three: SWAP, white's fourth stone, or two more.
    brain.send("SWAP2BOARD");
    for (x, y) in &opening {
        brain.send(&format!("{x},{y}"));
    }
    let choice = brain.ask("DONE");
    match points(&choice) {
        Some(more) => assert!((1..=2).contains(&more.len()) && more.iter().all(|p| !opening.contains(p)), "{choice}"),
        None => assert_eq!(choice, "SWAP"),
    }
    // Five: SWAP or white's sixth stone.
    brain.send("SWAP2BOARD");
    for line in ["7,7", "8,7", "9,9", "8,8", "8,6"] {
        brain.send(line);
    }
    let last = brain.ask("DONE");
    assert!(last == "SWAP" || points(&last).is_some_and(|p| p.len() == 1), "{last}");
    // A wrong count, a repeated stone or a bad line is refused; the game goes on with BOARD.
    brain.send("SWAP2BOARD");
    brain.send("7,7");
    assert!(brain.ask("7,7").starts_with("ERROR"), "a stone given twice");
    assert!(brain.ask("seven").starts_with("ERROR"));
    assert!(brain.ask("DONE").starts_with("ERROR"), "one stone is no case of Swap2");
    let answer = brain.board(&[(8, 7)], &[(7, 7), (9, 9)]);
    assert!(point(&answer).is_some(), "{answer}");
    brain.send("END");
    assert!(brain.child.wait().unwrap().success());
}

/// Run by hand (as the package's manual page says), the brain answers `--version` and `--help`
/// on standard output and refuses any other argument with status 2; a manager gives none.
#[test]
fn arguments_answer_a_person_and_refuse_a_mistake() {
    let run = |argument: &str| Command::new(env!("CARGO_BIN_EXE_pbrain-pastimes")).arg(argument).output().unwrap();
    let version = run("--version");
    assert!(version.status.success());
    assert_eq!(
        String::from_utf8_lossy(&version.stdout).trim(),
        format!("pbrain-pastimes {}", env!("CARGO_PKG_VERSION"))
    );
    let help = run("--help");
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("START 15"));
    let mistake = run("--level");
    assert_eq!(mistake.status.code(), Some(2));
    assert!(mistake.stdout.is_empty());
    assert!(String::from_utf8_lossy(&mistake.stderr).contains("unknown argument \"--level\""));
}

/// Gomocup's freestyle board: `START 20`, a move beyond the 15th line, and an answer on the
/// 20x20 board (Renju's `INFO rule 4` is refused there at the first move: it is 15x15 only).
#[test]
fn the_twenty_board_is_played() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 20"), "OK");
    brain.send("INFO timeout_turn 200");
    let answer = brain.ask("TURN 19,19");
    let (x, y) = answer.split_once(',').unwrap_or_else(|| panic!("{answer}"));
    let (x, y): (u8, u8) = (x.parse().unwrap(), y.parse().unwrap());
    assert!((17..20).contains(&x) && (17..20).contains(&y), "an answer near T1: {answer}");
    assert!(brain.ask("TURN 20,3").starts_with("ERROR"), "off the 20x20 board");
    assert_eq!(brain.ask("RESTART"), "OK");
    brain.send("INFO rule 4");
    assert!(brain.ask("BEGIN").starts_with("ERROR"), "Renju on 20x20");
}
