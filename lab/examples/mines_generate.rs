//! Prints Minesweeper boards as a game would lay them, in the text format of
//! `pastimes_games::minesweeper::Layout` (read back by `mines_solve`):
//!
//! ```sh
//! cargo run --release -p pastimes-lab --example mines_generate -- W H N [--no-guess] \
//!     [--count K] [--seed S] [--first X,Y] [--first-safe]
//! ```
//!
//! Board `i` (0-based) uses seed `S + i`. The first click defaults to the centre and opens an area
//! (`--first-safe`: it is only safe). W, H and N follow the custom-game limits. Exit code 2 on bad
//! arguments, 1 when a no-guess board cannot be found.

use pastimes_games::minesweeper::Layout;
use pastimes_lab::mines_generate::parse_args;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: mines_generate W H N [--no-guess] [--count K] [--seed S] [--first X,Y] [--first-safe]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_args(&args) {
        Ok(options) => options,
        Err(why) => {
            eprintln!("mines_generate: {why}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    for i in 0..options.count {
        let started = Instant::now();
        match Layout::of_game(&options.params, options.seed.wrapping_add(i), options.first) {
            Ok(layout) => print!("{}", layout.to_text(options.first, started.elapsed().as_micros())),
            Err(why) => {
                eprintln!("mines_generate: board {i} (seed {}): {why}", options.seed.wrapping_add(i));
                return ExitCode::from(1);
            }
        }
    }
    ExitCode::SUCCESS
}
