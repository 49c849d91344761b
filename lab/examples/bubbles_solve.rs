//! Solves one Bubble Breaker deal or position and prints it: the field, each pop the solver chose
//! with what it scored, and the final score.
//!
//! ```sh
//! cargo run --release -p pastimes-lab --example bubbles_solve -- --style megashift --seed 42 --budget-ms 2000
//! cargo run --release -p pastimes-lab --example bubbles_solve -- --style standard --size 15x15 --colours 5 \
//!     --scoring classic --seed 1 --budget-ms 10000
//! cargo run --release -p pastimes-lab --example bubbles_solve -- \
//!     --position src-tauri/games/tests/fixtures/standard-15x15-classic.txt --budget-positions 1000000
//! ```
//!
//! A deal is dealt from `--seed` at `--size` (default 11x11), `--colours` (default 5) and
//! `--scoring` (`original` or `classic`). `--position FILE` reads a position file instead (its
//! format: `pastimes_games::bubbles::Position`); its style and scoring are the file's, and
//! `--seed` (default 0) then only draws the new columns of Continuous and MegaShift. The budget
//! is `--budget-ms` milliseconds (default 2000) or `--budget-positions` positions looked at (the
//! same line on every machine); both may be given, the first spent stops the search.
//!
//! The solver sees the whole game, the columns that come in later included (it is the post-game
//! best, `bubbles::solve`). Bad arguments print the usage and exit with status 2; a bad position
//! file prints why and exits with status 1.

use pastimes_games::bubbles::{solve, Bubbles, Budget, Move, Params, Position, Scoring, Style};
use pastimes_games::Game;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const USAGE: &str = "usage: bubbles_solve (--style standard|continuous|shifter|megashift --seed N \
[--size WxH] [--colours K] [--scoring original|classic] | --position FILE [--seed N]) \
[--budget-ms B] [--budget-positions P]";

struct Args {
    style: Option<Style>,
    seed: Option<u64>,
    size: (i64, i64),
    colours: i64,
    scoring: Scoring,
    position: Option<String>,
    budget: Budget,
}

fn parse_style(name: &str) -> Result<Style, String> {
    Style::ALL.into_iter().find(|s| s.name() == name).ok_or_else(|| format!("unknown style {name:?}"))
}

fn parse_scoring(name: &str) -> Result<Scoring, String> {
    Scoring::ALL.into_iter().find(|s| s.name() == name).ok_or_else(|| format!("unknown scoring {name:?}"))
}

fn parse_size(text: &str) -> Result<(i64, i64), String> {
    let (w, h) = text.split_once('x').ok_or_else(|| format!("--size {text:?} is not WxH"))?;
    Ok((w.parse().map_err(|e| format!("--size: {e}"))?, h.parse().map_err(|e| format!("--size: {e}"))?))
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut parsed = Args {
        style: None,
        seed: None,
        size: (11, 11),
        colours: 5,
        scoring: Scoring::Original,
        position: None,
        budget: Budget::default(),
    };
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--style" => parsed.style = Some(parse_style(&value()?)?),
            "--seed" => parsed.seed = Some(value()?.parse().map_err(|e| format!("--seed: {e}"))?),
            "--size" => parsed.size = parse_size(&value()?)?,
            "--colours" => parsed.colours = value()?.parse().map_err(|e| format!("--colours: {e}"))?,
            "--scoring" => parsed.scoring = parse_scoring(&value()?)?,
            "--position" => parsed.position = Some(value()?),
            "--budget-ms" => {
                let ms: u64 = value()?.parse().map_err(|e| format!("--budget-ms: {e}"))?;
                parsed.budget.time = Some(Duration::from_millis(ms));
            }
            "--budget-positions" => {
                parsed.budget.nodes = Some(value()?.parse().map_err(|e| format!("--budget-positions: {e}"))?)
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if parsed.position.is_none() {
        parsed.style.ok_or("--style is required without --position")?;
        parsed.seed.ok_or("--seed is required without --position")?;
    }
    if parsed.budget == Budget::default() {
        parsed.budget = Budget::millis(2_000);
    }
    Ok(parsed)
}

/// The field as rows of letters: R G Y B P C for the colours, . for a hole.
fn render(game: &Bubbles) -> String {
    let view = game.view();
    let letter = |code: u8| ['.', 'R', 'G', 'Y', 'B', 'P', 'C'].get(usize::from(code)).copied().unwrap_or('?');
    view.cells.chunks(view.width).map(|row| row.iter().map(|&c| letter(c)).collect::<String>() + "\n").collect()
}

/// The game to solve, and how to name it, or why there is none.
fn game_of(args: &Args) -> Result<(Bubbles, String), String> {
    let seed = args.seed.unwrap_or(0);
    if let Some(path) = &args.position {
        let text = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        let text = String::from_utf8(text).map_err(|_| format!("{path}: not UTF-8 text"))?;
        let position = Position::parse(&text).map_err(|e| format!("{path}: {e}"))?;
        let game = position.game(seed).map_err(|e| format!("{path}: {e}"))?;
        let name = format!("position {path} ({} style, {} scoring)", position.style.name(), position.scoring.name());
        return Ok((game, name));
    }
    let style = args.style.unwrap_or_default();
    let params = Params::sized(style, args.size.0, args.size.1, args.colours, args.scoring);
    let game = Bubbles::new(&params, seed).map_err(|e| format!("cannot deal: {e}"))?;
    let name = format!(
        "{} deal, {}x{} in {} colours, {} scoring, seed {seed}",
        style.name(),
        args.size.0,
        args.size.1,
        args.colours,
        args.scoring.name()
    );
    Ok((game, name))
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(problem) => {
            eprintln!("{problem}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let (mut game, name) = match game_of(&args) {
        Ok(found) => found,
        Err(problem) => {
            eprintln!("{problem}");
            return ExitCode::FAILURE;
        }
    };
    println!("{name}:\n{}", render(&game));
    let started = std::time::Instant::now();
    let solution = solve(&game, args.budget, &AtomicBool::new(false));
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
