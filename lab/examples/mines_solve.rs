//! Reads boards in `mines_generate`'s format on stdin and prints, for each, `solvable yes` when
//! the no-guess solver clears it from its first click by deduction alone, `solvable no` when not.
//!
//! ```sh
//! cargo run --release -p pastimes-lab --example mines_generate -- 30 16 99 --count 100 \
//!   | cargo run --release -p pastimes-lab --example mines_solve
//! ```
//!
//! Exit code 2 when the input is not in that format (or arguments are given).

use pastimes_lab::mines_solve::verdicts;
use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    if std::env::args().len() > 1 {
        eprintln!("usage: mines_solve < boards   (the output of mines_generate)");
        return ExitCode::from(2);
    }
    let mut text = String::new();
    if let Err(why) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("mines_solve: cannot read stdin: {why}");
        return ExitCode::from(2);
    }
    match verdicts(&text) {
        Ok(lines) => {
            lines.iter().for_each(|l| println!("{l}"));
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("mines_solve: {why}");
            ExitCode::from(2)
        }
    }
}
