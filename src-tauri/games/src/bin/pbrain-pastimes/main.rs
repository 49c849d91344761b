//! `pbrain-pastimes`: Pastimes' Gomoku engine as a Gomocup brain.
//!
//! It speaks the Piskvork protocol on stdin and stdout, so Piskvork and other Gomocup managers
//! can run it (the `pbrain-` prefix tells Piskvork which protocol to use). The board is 15x15
//! (`START 15`; other sizes are refused with `ERROR`), the rules freestyle, exactly five,
//! Renju or Caro (`INFO rule` 0, 1, 4 or 8), and it plays the Swap2 opening through Gomocup's
//! `SWAP2BOARD` extension. It thinks within the time `INFO timeout_turn`, `time_left`
//! and `timeout_match` allow and searches with the strongest level `INFO max_memory` has room
//! for. A line that does not fit a command is answered `ERROR` (a known command with bad
//! arguments) or `UNKNOWN` (an unknown command) and changes nothing. It is not part of the
//! desktop package: `cargo build --release -p pastimes-games --bin pbrain-pastimes`.

mod brain;
mod budget;
mod command;
mod swap2;

use brain::{Brain, Flow};
use std::io::{self, BufRead, Write};

fn main() {
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
