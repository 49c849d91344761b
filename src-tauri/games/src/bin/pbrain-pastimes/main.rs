//! `pbrain-pastimes`: Pastimes' Gomoku engine as a Gomocup brain.
//!
//! It speaks the Piskvork protocol on stdin and stdout, so Piskvork and other Gomocup managers
//! can run it (the `pbrain-` prefix tells Piskvork which protocol to use). The board is 15x15
//! (`START 15`; other sizes are refused with `ERROR`), the rules freestyle, exactly five,
//! Renju or Caro (`INFO rule` 0, 1, 4 or 8), and it plays the Swap2 opening through Gomocup's
//! `SWAP2BOARD` extension. It thinks within the time `INFO timeout_turn`, `time_left`
//! and `timeout_match` allow and searches with the strongest level `INFO max_memory` has room
//! for. A line that does not fit a command is answered `ERROR` (a known command with bad
//! arguments) or `UNKNOWN` (an unknown command) and changes nothing. The package installs it as
//! `/usr/bin/pbrain-pastimes` with its manual page (`packaging/pbrain-pastimes.6`); from the
//! sources: `cargo build --release -p pastimes-games --bin pbrain-pastimes`. Managers start it
//! without arguments; `--help` and `--version` answer a person who runs it by hand.

mod brain;
mod budget;
mod command;
mod swap2;

use brain::{Brain, Flow};
use std::io::{self, BufRead, Write};

/// What the brain prints for `--help`: the protocol is its interface, not its arguments.
const USAGE: &str = "Usage: pbrain-pastimes [--help | --version]
Pastimes' Gomoku engine as a Gomocup brain: it reads the Piskvork protocol's commands
(START, BEGIN, TURN, BOARD, INFO, SWAP2BOARD, ABOUT, END) on standard input and answers on
standard output. Run it from a Gomocup manager, or type START 15 then BEGIN to see a move.";

/// Answers a person who runs the brain with arguments; `None` when there are none (a manager).
fn answer_arguments() -> Option<i32> {
    let argument = std::env::args().nth(1)?;
    Some(match argument.as_str() {
        "-h" | "--help" => {
            println!("{USAGE}");
            0
        }
        "-V" | "--version" => {
            println!("pbrain-pastimes {}", env!("CARGO_PKG_VERSION"));
            0
        }
        _ => {
            eprintln!("pbrain-pastimes: unknown argument {argument:?}\n{USAGE}");
            2
        }
    })
}

fn main() {
    if let Some(status) = answer_arguments() {
        std::process::exit(status);
    }
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut brain = Brain::default();
    for line in stdin.lock().lines() {
        // A line that is not UTF-8 cannot be a command; a closed input ends the brain.
        let line = match line {
            Ok(line) => line,
            Err(error) if error.kind() == io::ErrorKind::InvalidData => String::from("\u{fffd}"),
            Err(_) => break,
        };
        let mut out = stdout.lock();
        let mut say = |text: &str| {
            // The manager reads whole lines; a failed write means it has gone, and the next
            // read ends the loop.
            let _ = writeln!(out, "{text}").and_then(|()| out.flush());
        };
        if brain.handle(&line, &mut say) == Flow::Quit {
            break;
        }
    }
}
