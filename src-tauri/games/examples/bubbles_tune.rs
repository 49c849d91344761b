//! Compares evaluation weights for the Bubble Breaker solver: the mean score of `best_line`'s
//! search over the same seeded deals, one line per setting. Node budgets, so the figures do not
//! depend on the machine's load.
//!
//! ```sh
//! cargo run --release -p pastimes-games --example bubbles_tune -- standard 20 50000 6,2 8,1 4,2
//! ```
//!
//! Arguments: the style, the number of deals (seeds 1000..), the nodes a deal, then settings
//! `groups,colours` in eighths of a point (see `Weights`).

use pastimes_games::bubbles::{solve_with, Bubbles, Budget, Params, Style, Weights};
use pastimes_games::Game;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

const USAGE: &str = "usage: bubbles_tune STYLE DEALS NODES GROUPS,COLOURS...";

fn weights(setting: &str) -> Option<Weights> {
    let (groups, colours) = setting.split_once(',')?;
    Some(Weights { groups: groups.parse().ok()?, colours: colours.parse().ok()? })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let style = args.first().and_then(|name| Style::ALL.into_iter().find(|s| s.name() == name));
    let deals = args.get(1).and_then(|n| n.parse::<u64>().ok());
    let nodes = args.get(2).and_then(|n| n.parse::<u64>().ok());
    let settings: Option<Vec<Weights>> = args.iter().skip(3).map(|s| weights(s)).collect();
    let (Some(style), Some(deals), Some(nodes), Some(settings)) = (style, deals, nodes, settings) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let never = AtomicBool::new(false);
    for w in settings {
        let (mut total, mut moves) = (0i64, 0usize);
        let started = std::time::Instant::now();
        for seed in 1000..1000 + deals {
            let Ok(game) = Bubbles::new(&Params::new(style), seed) else { return ExitCode::FAILURE };
            let solution = solve_with(&game, Budget::nodes(nodes), &never, w);
            total += solution.score;
            moves += solution.moves.len();
        }
        let n = deals.max(1);
        println!(
            "{} groups {} colours {}: mean {} over {deals} deals, {} moves a deal ({:.1} s)",
            style.name(),
            w.groups,
            w.colours,
            total / n as i64,
            moves as u64 / n,
            started.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
