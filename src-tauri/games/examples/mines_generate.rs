//! Prints Minesweeper boards as a game would lay them, in the text format of
//! `pastimes_games::minesweeper::Layout` (read back by `mines_solve`):
//!
//! ```sh
//! cargo run --release -p pastimes-games --example mines_generate -- W H N [--no-guess] \
//!     [--count K] [--seed S] [--first X,Y] [--first-safe]
//! ```
//!
//! Board `i` (0-based) uses seed `S + i`. The first click defaults to the centre and opens an area
//! (`--first-safe`: it is only safe). W, H and N follow the custom-game limits. Exit code 2 on bad
//! arguments, 1 when a no-guess board cannot be found.

use pastimes_games::minesweeper::{FirstClick, Layout, Params};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: mines_generate W H N [--no-guess] [--count K] [--seed S] [--first X,Y] [--first-safe]";

#[derive(Debug, PartialEq)]
struct Options {
    params: Params,
    count: u64,
    seed: u64,
    first: (usize, usize),
}

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

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut numbers = Vec::new();
    let (mut no_guess, mut first_safe, mut count, mut seed, mut first) = (false, false, 1, 1, None);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--no-guess" => no_guess = true,
            "--first-safe" => first_safe = true,
            "--count" => count = number(value("--count")?, "--count")?,
            "--seed" => seed = number(value("--seed")?, "--seed")?,
            "--first" => first = Some(point(value("--first")?)?),
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            size => numbers.push(number::<i64>(size, "W, H and N")?),
        }
    }
    let [width, height, mines] = numbers[..] else {
        return Err(format!("expected W H N, got {} numbers", numbers.len()));
    };
    let rule = if first_safe { FirstClick::Safe } else { FirstClick::OpensArea };
    let params = Params::custom(width, height, mines).with_first_click(rule).with_no_guess(no_guess);
    params.board().map_err(|e| e.to_string())?;
    let first = first.unwrap_or((width as usize / 2, height as usize / 2));
    if first.0 >= width as usize || first.1 >= height as usize {
        return Err(format!("--first {},{} is off the {width}x{height} board", first.0, first.1));
    }
    Ok(Options { params, count, seed, first })
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{what}: {text:?} is not a number"))
}

fn point(text: &str) -> Result<(usize, usize), String> {
    let (x, y) = text.split_once(',').ok_or(format!("--first takes X,Y, not {text:?}"))?;
    Ok((number(x, "--first X")?, number(y, "--first Y")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Options, String> {
        parse_args(&line.split_whitespace().map(String::from).collect::<Vec<_>>())
    }

    #[test]
    fn defaults_and_every_option() {
        let o = parse("30 16 99").unwrap();
        assert_eq!((o.count, o.seed, o.first), (1, 1, (15, 8)));
        assert!(!o.params.is_no_guess());
        let o = parse("30 16 99 --no-guess --count 5 --seed 7 --first 0,3 --first-safe").unwrap();
        assert_eq!((o.count, o.seed, o.first), (5, 7, (0, 3)));
        assert!(o.params.is_no_guess());
        assert_eq!(o.params.first_click, FirstClick::Safe);
    }

    #[test]
    fn bad_arguments_say_what_is_wrong() {
        assert!(parse("30 16").unwrap_err().contains("expected W H N"));
        assert!(parse("30 16 x").unwrap_err().contains("not a number"));
        assert!(parse("30 16 99 --count").unwrap_err().contains("needs a value"));
        assert!(parse("30 16 99 --first 3").unwrap_err().contains("X,Y"));
        assert!(parse("30 16 99 --first 30,0").unwrap_err().contains("off the"));
        assert!(parse("30 16 99 --bogus").unwrap_err().contains("unknown option"));
        assert!(parse("8 16 10").unwrap_err().contains("width"));
    }
}
