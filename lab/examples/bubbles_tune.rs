//! Compares evaluation weights for the Bubble Breaker solver: the mean score of `best_line`'s
//! search over the same seeded deals, one line per setting. Node budgets, so the figures do not
//! depend on the machine's load.
//!
//! ```sh
//! cargo run --release -p pastimes-lab --example bubbles_tune -- standard 20 50000 6,2 8,1 4,2
//! ```
//!
//! ```sh
//! cargo run --release -p pastimes-lab --example bubbles_tune -- standard 20 1000000 \
//!     --size 15x15 --scoring classic 6,2,8,24,1 6,2,8,24,0
//! ```
//!
//! Arguments: the style, the number of deals (seeds 1000..), the positions a deal (or a time a
//! deal, `2000ms`), optionally the field (`--size WxH`, `--colours K`, `--scoring
//! original|classic`; the original's by default), then settings `groups,colours[,keep,split[,playouts]]`
//! in eighths of a point (see `Weights`; the last three count in the classic scoring only and
//! default to the scoring's own; playouts 1 values positions by playing them out, 0 by the weights).

use pastimes_games::bubbles::{solve_with, Bubbles, Budget, Params, Scoring, Style, Weights};
use pastimes_games::Game;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

const USAGE: &str = "usage: bubbles_tune STYLE DEALS NODES [--size WxH] [--colours K] [--scoring S] \
GROUPS,COLOURS[,KEEP,SPLIT[,PLAYOUTS]]...";

fn weights(setting: &str, scoring: Scoring) -> Option<Weights> {
    let numbers: Vec<i64> = setting.split(',').map(|n| n.parse().ok()).collect::<Option<_>>()?;
    let defaults = Weights::for_scoring(scoring);
    let at = |k: usize, default: i64| numbers.get(k).copied().unwrap_or(default);
    (2..=5).contains(&numbers.len()).then(|| Weights {
        groups: numbers[0],
        colours: numbers[1],
        keep: at(2, defaults.keep),
        split: at(3, defaults.split),
        playouts: at(4, i64::from(defaults.playouts)) != 0,
    })
}

/// The field options among the arguments, taken out of them: (width, height, colours, scoring).
fn field_options(args: &mut Vec<String>) -> Option<(i64, i64, i64, Scoring)> {
    let mut field = (11, 11, 5, Scoring::Original);
    while let Some(k) = args.iter().position(|a| a.starts_with("--")) {
        let value = args.get(k + 1)?.clone();
        match args[k].as_str() {
            "--size" => {
                let (w, h) = value.split_once('x')?;
                (field.0, field.1) = (w.parse().ok()?, h.parse().ok()?);
            }
            "--colours" => field.2 = value.parse().ok()?,
            "--scoring" => field.3 = Scoring::ALL.into_iter().find(|s| s.name() == value)?,
            _ => return None,
        }
        args.drain(k..k + 2);
    }
    Some(field)
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let Some((width, height, colours, scoring)) = field_options(&mut args) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let style = args.first().and_then(|name| Style::ALL.into_iter().find(|s| s.name() == name));
    let deals = args.get(1).and_then(|n| n.parse::<u64>().ok());
    // NODES, or a time a deal as `2000ms`.
    let budget = args.get(2).and_then(|n| match n.strip_suffix("ms") {
        Some(ms) => ms.parse().ok().map(Budget::millis),
        None => n.parse().ok().map(Budget::nodes),
    });
    let settings: Option<Vec<Weights>> = args.iter().skip(3).map(|s| weights(s, scoring)).collect();
    let (Some(style), Some(deals), Some(budget), Some(settings)) = (style, deals, budget, settings) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let never = AtomicBool::new(false);
    for w in settings {
        let (mut total, mut squares, mut moves) = (0i64, 0f64, 0usize);
        let started = std::time::Instant::now();
        for seed in 1000..1000 + deals {
            let Ok(game) = Bubbles::new(&Params::sized(style, width, height, colours, scoring), seed) else {
                return ExitCode::FAILURE;
            };
            let solution = solve_with(&game, budget, &never, w);
            total += solution.score;
            squares += (solution.score as f64).powi(2);
            moves += solution.moves.len();
        }
        let n = deals.max(1);
        println!(
            "{} {}x{}/{} {} weights {},{},{},{} playouts {}: mean {} ± {:.0} over {deals} deals, {} moves a deal ({:.1} s)",
            style.name(),
            width,
            height,
            colours,
            scoring.name(),
            w.groups,
            w.colours,
            w.keep,
            w.split,
            w.playouts,
            total / n as i64,
            (squares / n as f64 - (total as f64 / n as f64).powi(2)).max(0.0).sqrt(),
            moves as u64 / n,
            started.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
