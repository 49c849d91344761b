//! Reads boards in `mines_generate`'s format on stdin and prints, for each, `solvable yes` when
//! the no-guess solver clears it from its first click by deduction alone, `solvable no` when not.
//!
//! ```sh
//! cargo run --release -p pastimes-games --example mines_generate -- 30 16 99 --count 100 \
//!   | cargo run --release -p pastimes-games --example mines_solve
//! ```
//!
//! Exit code 2 when the input is not in that format (or arguments are given).

use pastimes_games::minesweeper::parse_boards;
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

/// One `solvable yes|no` line per board of `text`.
fn verdicts(text: &str) -> Result<Vec<String>, String> {
    let boards = parse_boards(text)?;
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    Ok(boards.iter().map(|b| format!("solvable {}", yes_no(b.layout.solvable_from(b.first)))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_board() {
        let solvable = "board 3 1 1 0 0\n..*\n3bv 1 gen_us 0\n";
        let guess = "board 2 2 1 0 0\n..\n*.\n";
        assert_eq!(verdicts(&format!("{solvable}{guess}")).unwrap(), ["solvable yes", "solvable no"]);
        assert!(verdicts("board 2 2 1 0 0\n..\n").is_err());
    }
}
