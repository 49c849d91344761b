//! Plays seeded plain (not no-guess) Minesweeper boards by following the hint on every move,
//! until each is won or lost, and prints the win rate with its standard error, the guesses per
//! game and the hint's time (median, p99, max). The hint is the app's own
//! ([`Minesweeper::hint`], through the games crate's public API).
//!
//! ```sh
//! cargo run --release -p pastimes-lab --example mines_autoplay -- --setup expert-classic --seeds 1..500
//! ```
//!
//! Setups (the first click is the benchmark's, not the hint's centre):
//!
//! * `expert-classic`: 30x16/99, the first click only safe, at (0, 0);
//! * `expert-opening`: 30x16/99, the first click opens an area, at (3, 3);
//! * `intermediate`: 16x16/40, the first click only safe, at (0, 0);
//! * `beginner`: 9x9/10, the first click only safe, at (0, 0).
//!
//! `--seeds A..B` plays seeds `A` to `B` inclusive. `--per-board` also prints one line per board
//! (`seed won|lost guesses`), for comparing two hints board by board on the same seeds.
//! Follows the hint: a safe cell is opened, a proved mine flagged, a guess opened.
//!
//! Exit code 2 on bad arguments.

use pastimes_lab::mines_autoplay::{play, report, seeds, setup};
use std::process::ExitCode;

const USAGE: &str = "usage: mines_autoplay --setup expert-classic|expert-opening|intermediate|beginner \
                     --seeds A..B [--per-board]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut name, mut range, mut per_board, mut bad) = (None, None, false, false);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--setup" => name = args.next().cloned(),
            "--seeds" => range = args.next().and_then(|s| seeds(s)),
            "--per-board" => per_board = true,
            _ => bad = true,
        }
    }
    if bad {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    let (Some(name), Some(range)) = (name, range) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let Some(setup) = setup(&name) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let mut times = Vec::new();
    let mut played = Vec::new();
    for seed in range {
        let p = play(&setup, seed, &mut times);
        if per_board {
            println!("{seed} {} {}", if p.won { "won" } else { "lost" }, p.guesses);
        }
        played.push(p);
    }
    report(&name, &played, &mut times).iter().for_each(|l| println!("{l}"));
    ExitCode::SUCCESS
}
