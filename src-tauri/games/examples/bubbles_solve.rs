//! Solves one Bubble Breaker deal and prints it: the field dealt, each pop the solver chose with
//! what it scored, and the final score.
//!
//! ```sh
//! cargo run --release -p pastimes-games --example bubbles_solve -- --style megashift --seed 42 --budget-ms 2000
//! ```
//!
//! The solver sees the whole deal, the columns that come in later included (it is the post-game
//! best, `bubbles::best_line`). Bad arguments print the usage and exit with status 2.

use pastimes_games::bubbles::{best_line, Bubbles, Budget, Move, Params, Style};
use pastimes_games::Game;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

const USAGE: &str = "usage: bubbles_solve --style standard|continuous|shifter|megashift --seed N [--budget-ms B]";

struct Args {
    style: Style,
    seed: u64,
    budget_ms: u64,
}

fn parse_style(name: &str) -> Result<Style, String> {
    Style::ALL.into_iter().find(|s| s.name() == name).ok_or_else(|| format!("unknown style {name:?}"))
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let (mut style, mut seed, mut budget_ms) = (None, None, 2_000);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--style" => style = Some(parse_style(&value()?)?),
            "--seed" => seed = Some(value()?.parse().map_err(|e| format!("--seed: {e}"))?),
            "--budget-ms" => budget_ms = value()?.parse().map_err(|e| format!("--budget-ms: {e}"))?,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(Args { style: style.ok_or("--style is required")?, seed: seed.ok_or("--seed is required")?, budget_ms })
}

/// The field as rows of letters: R G Y B P for the colours, . for a hole.
fn render(game: &Bubbles) -> String {
    let view = game.view();
    let letter = |code: u8| ['.', 'R', 'G', 'Y', 'B', 'P'].get(usize::from(code)).copied().unwrap_or('?');
    view.cells.chunks(view.width).map(|row| row.iter().map(|&c| letter(c)).collect::<String>() + "\n").collect()
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(problem) => {
            eprintln!("{problem}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let params = Params::new(args.style);
    let Ok(mut game) = Bubbles::new(&params, args.seed) else {
        eprintln!("cannot deal seed {}", args.seed);
        return ExitCode::FAILURE;
    };
    println!("{} deal, seed {}:\n{}", args.style.name(), args.seed, render(&game));
    let started = std::time::Instant::now();
    let solution = best_line(&params, args.seed, Budget::millis(args.budget_ms), &AtomicBool::new(false));
    let took = started.elapsed();
    for (n, mv) in solution.moves.iter().enumerate() {
        let Move::Pop { x, y } = *mv else { continue };
        let size = game.group_at(x as usize, y as usize).len();
        let before = game.score().unwrap_or(0);
        if game.apply(mv).is_err() {
            eprintln!("move {} ({x}, {y}) was refused: the solver's line does not replay", n + 1);
            return ExitCode::FAILURE;
        }
        let scored = game.score().unwrap_or(0) - before;
        println!(
            "{:>3}. pop ({x:>2}, {y:>2}): {size:>3} balls, {scored:>4} points, score {}",
            n + 1,
            game.score().unwrap_or(0)
        );
    }
    println!("\n{}", render(&game));
    println!(
        "final score {} in {} moves ({} positions looked at in {} ms)",
        solution.score,
        solution.moves.len(),
        solution.nodes,
        took.as_millis()
    );
    ExitCode::SUCCESS
}
