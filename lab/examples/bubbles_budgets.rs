//! The solver at several budgets beside largest-group play and hint-following, deal by deal, in
//! two steps: `run` plays a range of deals and prints one line per deal and player; `table` reads
//! such lines (from any number of runs, side by side or resumed) and prints each player's mean,
//! standard deviation and spread.
//!
//! ```sh
//! cargo run --release -p pastimes-lab --example bubbles_budgets -- run 0 50 1000,10000,60000 > a.txt &
//! cargo run --release -p pastimes-lab --example bubbles_budgets -- run 50 100 1000,10000,60000 > b.txt
//! cargo run --release -p pastimes-lab --example bubbles_budgets -- table a.txt b.txt
//! ```
//!
//! `run FROM TO BUDGETS` plays deals `FROM..TO` (deal `k` is seed `1_000_000 + k`, as in the
//! `bubbles_strength` bench) on a 15x15 field in five colours, classic scoring, Standard: the
//! field of the search literature's standard positions. `--size WxH`, `--colours K`, `--scoring
//! original|classic` and `--style NAME` choose another. The budgets are wall-clock milliseconds of
//! one core for the whole deal (the post-game search, `bubbles::best_line`, which knows the
//! whole deal); the hint gets the app's budget (`bubbles::HINT_BUDGET`) on every move and sees only
//! the visible field. A line reads `deal seed player score moves ms`.

use pastimes_games::bubbles::{best_line, hint, Bubbles, Budget, Move, Params, Scoring, Style, HINT_BUDGET};
use pastimes_games::Game;
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

const USAGE: &str = "usage: bubbles_budgets run FROM TO MS[,MS...] [--size WxH] [--colours K] \
[--scoring original|classic] [--style NAME] | table FILE...";

/// The seed of deal 0, as in the `bubbles_strength` bench.
const FIRST_SEED: u64 = 1_000_000;

/// One player's game of one deal.
struct Played {
    player: String,
    score: i64,
    moves: usize,
    ms: u128,
}

/// The field the deals are played on: the literature's 15x15, five colours, classic, Standard.
fn field_params(options: &[String]) -> Option<Params> {
    let mut params = Params::sized(Style::Standard, 15, 15, 5, Scoring::Classic);
    for pair in options.chunks(2) {
        let [flag, value] = pair else { return None };
        match flag.as_str() {
            "--size" => {
                let (w, h) = value.split_once('x')?;
                (params.width, params.height) = (w.parse().ok()?, h.parse().ok()?);
            }
            "--colours" => params.colours = value.parse().ok()?,
            "--scoring" => params.scoring = Scoring::ALL.into_iter().find(|s| s.name() == value)?,
            "--style" => params.style = Style::ALL.into_iter().find(|s| s.name() == value)?,
            _ => return None,
        }
    }
    Some(params)
}

/// Always the largest group, the first of equals row by row.
fn largest(game: &mut Bubbles) -> usize {
    let mut moves = 0;
    while !game.status().is_over() {
        let (width, height) = game.size();
        let cells = (0..height).flat_map(|y| (0..width).map(move |x| (x, y)));
        let sizes = cells.map(|(x, y)| (game.group_at(x, y).len(), std::cmp::Reverse((y, x))));
        let Some((_, std::cmp::Reverse((y, x)))) = sizes.max() else { break };
        let _ = game.apply(&Move::Pop { x: x as i64, y: y as i64 });
        moves += 1;
    }
    moves
}

/// Follows the app's hint to the end.
fn hinted(game: &mut Bubbles) -> usize {
    let mut moves = 0;
    while let Some(h) = hint(game, HINT_BUDGET) {
        let _ = game.apply(&Move::Pop { x: h.x as i64, y: h.y as i64 });
        moves += 1;
    }
    moves
}

fn play(params: &Params, seed: u64, player: &str, budget_ms: Option<u64>) -> Option<Played> {
    let started = Instant::now();
    let mut game = Bubbles::new(params, seed).ok()?;
    let (score, moves) = match budget_ms {
        Some(ms) => {
            let line = best_line(params, seed, Budget::millis(ms), &AtomicBool::new(false));
            (line.score, line.moves.len())
        }
        None if player == "largest" => {
            let moves = largest(&mut game);
            (game.score()?, moves)
        }
        None => {
            let moves = hinted(&mut game);
            (game.score()?, moves)
        }
    };
    Some(Played { player: player.to_string(), score, moves, ms: started.elapsed().as_millis() })
}

fn run(from: u64, to: u64, budgets: &[u64], params: &Params) -> Option<()> {
    for deal in from..to {
        let seed = FIRST_SEED + deal;
        let mut players: Vec<(String, Option<u64>)> = vec![("largest".into(), None), ("hint".into(), None)];
        players.extend(budgets.iter().map(|&ms| (format!("solver-{ms}ms"), Some(ms))));
        for (name, budget) in players {
            let p = play(params, seed, &name, budget)?;
            println!("{deal} {seed} {} {} {} {}", p.player, p.score, p.moves, p.ms);
        }
    }
    Some(())
}

fn table(paths: &[String]) -> Option<()> {
    let mut by_player: BTreeMap<String, BTreeMap<u64, Played>> = BTreeMap::new();
    for path in paths {
        for line in std::fs::read_to_string(path).ok()?.lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            let [deal, _seed, player, score, moves, ms] = f[..] else { continue };
            let played = Played {
                player: player.into(),
                score: score.parse().ok()?,
                moves: moves.parse().ok()?,
                ms: ms.parse().ok()?,
            };
            by_player.entry(player.into()).or_default().insert(deal.parse().ok()?, played);
        }
    }
    println!(
        "{:<16} {:>5} {:>8} {:>7} {:>7} {:>7} {:>7} {:>7} {:>9}",
        "player", "deals", "mean", "sd", "min", "median", "max", "moves", "s a deal"
    );
    for (player, games) in &by_player {
        let n = games.len() as f64;
        let mut scores: Vec<i64> = games.values().map(|g| g.score).collect();
        scores.sort_unstable();
        let mean = scores.iter().sum::<i64>() as f64 / n;
        let sd = (scores.iter().map(|&s| (s as f64 - mean).powi(2)).sum::<f64>() / n).sqrt();
        let moves = games.values().map(|g| g.moves).sum::<usize>() as f64 / n;
        let secs = games.values().map(|g| g.ms).sum::<u128>() as f64 / n / 1000.0;
        println!(
            "{:<16} {:>5} {mean:>8.0} {sd:>7.0} {:>7} {:>7} {:>7} {moves:>7.1} {secs:>9.2}",
            games.values().next().map_or(player.as_str(), |g| g.player.as_str()),
            games.len(),
            scores[0],
            scores[scores.len() / 2],
            scores[scores.len() - 1],
        );
    }
    Some(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let done = match args.first().map(String::as_str) {
        Some("run") if args.len() >= 4 => (|| {
            let from = args[1].parse().ok()?;
            let to = args[2].parse().ok()?;
            let budgets: Vec<u64> = args[3].split(',').map(|ms| ms.parse().ok()).collect::<Option<_>>()?;
            let params = field_params(&args[4..])?;
            run(from, to, &budgets, &params)
        })(),
        Some("table") if args.len() >= 2 => table(&args[1..]),
        _ => None,
    };
    match done {
        Some(()) => ExitCode::SUCCESS,
        None => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
