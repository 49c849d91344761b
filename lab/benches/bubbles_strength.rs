//! How well four players score at Bubble Breaker, over the same seeded deals: random play, always
//! the largest group, always the hint, and the post-game solver. Prints figures; asserts nothing.
//!
//! ```sh
//! cargo bench -p pastimes-lab --bench bubbles_strength -- [--deals 1000] [--hint-deals 20]
//!     [--solver-deals 20] [--hint-ms MS] [--solver-ms 2000] [--styles standard,megashift]
//!     [--nodes-per-ms K] [--per-deal] [--size 15x15] [--colours 5] [--scoring classic]
//! ```
//!
//! `--size`, `--colours` and `--scoring` choose the field (default the original's 11x11 in five
//! colours, n(n-1)).
//!
//! The hint gets the app's budget (`bubbles::HINT_BUDGET`, 5,000 positions) unless `--hint-ms` says a
//! time. With `--nodes-per-ms K` every budget of `ms` milliseconds becomes `ms * K` positions: what the
//! search does in that time on an idle core, measured by `bubbles_solve`, and the same on a busy
//! machine.
//!
//! Random and largest-group play are cheap and run on `--deals` deals. Following the hint costs
//! its budget on every move (a MegaShift game runs to hundreds of pops), and the solver its budget
//! on every deal, so they run on the first `--hint-deals` and `--solver-deals` of those deals. The
//! solver-beats-hint share is over the deals both played. A last row gives the solver the hint
//! follower's line too (`best_line_after`, as the app can give it the player's line).
//!
//! Hint-following and the solver over many deals cost hours (a hint-follower spends its budget on
//! every move): the `bubbles_versus` example plays them by deal ranges, resumable and in several
//! processes, and prints the same table. The figures over the largest samples reached, and the
//! calibration of the budgets, are in docs/lab-notes/bubbles.md (today's in docs/ENGINES.md).
//!
//! # Figures of 1 December 2026
//!
//! Random and largest-group play over 1000 deals (mean ± standard deviation; under 0.3 ms a move
//! on a loaded machine): Standard 271 ± 69 and 272 ± 55, Continuous 309 ± 89 and 311 ± 74,
//! Shifter 316 ± 78 and 334 ± 61, MegaShift 434 ± 149 and 447 ± 123. An earlier run of this bench
//! over the first 30 deals (budgets `--nodes-per-ms 1000`) had hint-following at Standard 969,
//! Continuous 2162, Shifter 1388, MegaShift 2241 (10 deals), and the solver beating it on 37%,
//! 87%, 33% and 100% of deals.
//!
//! MegaShift's hint at 50 ms a move scored 2575 ± 556 over the same 10 deals (113 moves), more
//! than at 200 ms: the hint plans with one made-up future, and a deeper plan leans harder on
//! columns that will not come. Several sampled futures, or a horizon, should do better.

use pastimes_games::bubbles::{
    best_line, best_line_after, hint, Bubbles, Budget, Move, Params, Scoring, Style, HINT_BUDGET,
};
use pastimes_games::{Game, GameRng};
use rand::{RngCore, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The deals are seeds `FIRST_SEED..`, the same for every player.
const FIRST_SEED: u64 = 1_000_000;

struct Options {
    deals: u64,
    hint_deals: u64,
    solver_deals: u64,
    /// None: the app's hint budget.
    hint_ms: Option<u64>,
    solver_ms: u64,
    styles: Vec<Style>,
    /// When set, budgets are nodes (this many a millisecond) instead of wall time: the figures
    /// then do not depend on how loaded the machine is.
    nodes_per_ms: Option<u64>,
    /// Print each deal's hint and solver scores.
    per_deal: bool,
    /// The field: width, height, colours, scoring.
    field: (i64, i64, i64, Scoring),
}

impl Options {
    fn budget(&self, ms: u64) -> Budget {
        match self.nodes_per_ms {
            Some(rate) => Budget::nodes(ms * rate),
            None => Budget::millis(ms),
        }
    }

    fn hint_budget(&self) -> Budget {
        self.hint_ms.map_or(HINT_BUDGET, |ms| self.budget(ms))
    }

    fn hint_label(&self) -> String {
        match self.hint_ms {
            Some(ms) => format!("{ms} ms a move"),
            None => format!("{} positions a move", HINT_BUDGET.nodes.unwrap_or_default()),
        }
    }
}

fn options() -> Options {
    let mut o = Options {
        deals: 1000,
        hint_deals: 20,
        solver_deals: 20,
        hint_ms: None,
        solver_ms: 2000,
        styles: Style::ALL.to_vec(),
        nodes_per_ms: None,
        per_deal: false,
        field: (11, 11, 5, Scoring::Original),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo test --all-targets` runs this too (without `--bench`): a smoke run of every player
    // on a few deals and small budgets, so the test command checks it works in seconds.
    if !args.iter().any(|a| a == "--bench") {
        o = Options { deals: 3, hint_deals: 1, solver_deals: 1, hint_ms: Some(5), solver_ms: 20, ..o };
    }
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        let number = || value.parse::<u64>().unwrap_or_else(|_| panic!("{} needs a number", args[i]));
        match args[i].as_str() {
            "--deals" => o.deals = number(),
            "--hint-deals" => o.hint_deals = number(),
            "--solver-deals" => o.solver_deals = number(),
            "--hint-ms" => o.hint_ms = Some(number()),
            "--solver-ms" => o.solver_ms = number(),
            "--nodes-per-ms" => o.nodes_per_ms = Some(number()),
            "--styles" => {
                o.styles = value
                    .split(',')
                    .map(|n| Style::ALL.into_iter().find(|s| s.name() == n).unwrap_or_else(|| panic!("style {n}")))
                    .collect()
            }
            "--size" => {
                let (w, h) = value.split_once('x').expect("--size WxH");
                o.field.0 = w.parse().expect("--size WxH");
                o.field.1 = h.parse().expect("--size WxH");
            }
            "--colours" => o.field.2 = number() as i64,
            "--scoring" => {
                o.field.3 = Scoring::ALL.into_iter().find(|s| s.name() == value).expect("--scoring original|classic")
            }
            "--per-deal" => {
                o.per_deal = true;
                i += 1;
                continue;
            }
            _ => {
                i += 1; // `cargo bench` passes `--bench`; ignore what is not ours.
                continue;
            }
        }
        i += 2;
    }
    o.hint_deals = o.hint_deals.min(o.deals);
    o.solver_deals = o.solver_deals.min(o.deals);
    o
}

/// One cell of every group of two or more, through the public API only.
fn groups(game: &Bubbles) -> Vec<(usize, usize, usize)> {
    let mut found = Vec::new();
    let (width, height) = game.size();
    for y in 0..height {
        for x in 0..width {
            let group = game.group_at(x, y);
            if group.len() >= 2 && group[0] == (x, y) {
                found.push((x, y, group.len()));
            }
        }
    }
    found
}

fn pop(game: &mut Bubbles, x: usize, y: usize) {
    game.apply(&Move::Pop { x: x as i64, y: y as i64 }).expect("a group pops");
}

/// The result of one game: its score, its moves, and the time spent choosing them.
struct Played {
    score: i64,
    moves: usize,
    thinking: Duration,
    line: Vec<Move>,
}

fn play_random(params: &Params, seed: u64) -> Played {
    let mut game = Bubbles::new(params, seed).expect("deal");
    let mut rng = GameRng::seed_from_u64(seed ^ 0x5eed);
    let (mut moves, started) = (0, Instant::now());
    while !game.status().is_over() {
        let all = groups(&game);
        let (x, y, _) = all[rng.next_u32() as usize % all.len()];
        pop(&mut game, x, y);
        moves += 1;
    }
    Played { score: game.score().unwrap_or(0), moves, thinking: started.elapsed(), line: Vec::new() }
}

fn play_largest(params: &Params, seed: u64) -> Played {
    let mut game = Bubbles::new(params, seed).expect("deal");
    let (mut moves, started) = (0, Instant::now());
    while !game.status().is_over() {
        let all = groups(&game);
        let best = all.iter().map(|g| g.2).max().unwrap_or(0);
        let &(x, y, _) = all.iter().find(|g| g.2 == best).expect("a group");
        pop(&mut game, x, y);
        moves += 1;
    }
    Played { score: game.score().unwrap_or(0), moves, thinking: started.elapsed(), line: Vec::new() }
}

fn play_hints(params: &Params, seed: u64, budget: Budget) -> Played {
    let mut game = Bubbles::new(params, seed).expect("deal");
    let (mut line, mut thinking) = (Vec::new(), Duration::ZERO);
    while !game.status().is_over() {
        let started = Instant::now();
        let h = hint(&game, budget).expect("a playing game has a hint");
        thinking += started.elapsed();
        pop(&mut game, h.x, h.y);
        line.push(Move::Pop { x: h.x as i64, y: h.y as i64 });
    }
    Played { score: game.score().unwrap_or(0), moves: line.len(), thinking, line }
}

fn play_solver(params: &Params, seed: u64, budget: Budget) -> Played {
    let started = Instant::now();
    let solution = best_line(params, seed, budget, &AtomicBool::new(false));
    Played { score: solution.score, moves: solution.moves.len(), thinking: started.elapsed(), line: solution.moves }
}

/// The post-game solver given the hint follower's line as well, as the app can give it the player's.
fn play_solver_after(params: &Params, seed: u64, played: &[Move], budget: Budget) -> Played {
    let started = Instant::now();
    let solution = best_line_after(params, seed, played, budget, &AtomicBool::new(false));
    Played { score: solution.score, moves: solution.moves.len(), thinking: started.elapsed(), line: solution.moves }
}

/// Mean, standard deviation, min, median and max of the scores, and ms per move.
fn summary(name: &str, games: &[Played]) -> String {
    let n = games.len().max(1) as f64;
    let mut scores: Vec<i64> = games.iter().map(|g| g.score).collect();
    scores.sort_unstable();
    let mean = scores.iter().sum::<i64>() as f64 / n;
    let sd = (scores.iter().map(|&s| (s as f64 - mean).powi(2)).sum::<f64>() / n).sqrt();
    let moves: usize = games.iter().map(|g| g.moves).sum();
    let ms: f64 = games.iter().map(|g| g.thinking.as_secs_f64() * 1000.0).sum();
    let mid = scores.get(scores.len() / 2).copied().unwrap_or(0);
    format!(
        "{name:<22} {:>5} {mean:>9.0} {sd:>8.0} {:>7} {mid:>7} {:>7} {:>8.1} {:>10.3}",
        games.len(),
        scores.first().copied().unwrap_or(0),
        scores.last().copied().unwrap_or(0),
        moves as f64 / n,
        ms / moves.max(1) as f64,
    )
}

fn mean(games: &[Played]) -> f64 {
    games.iter().map(|g| g.score).sum::<i64>() as f64 / games.len().max(1) as f64
}

fn main() {
    let o = options();
    println!(
        "Bubble Breaker players over seeded deals (seeds {FIRST_SEED}..): hint {} on {} deals, solver {} ms a deal on {} deals, random and largest on {} deals",
        o.hint_label(), o.hint_deals, o.solver_ms, o.solver_deals, o.deals
    );
    let (width, height, colours, scoring) = o.field;
    println!("field {width}x{height} in {colours} colours, {} scoring", scoring.name());
    if let Some(rate) = o.nodes_per_ms {
        println!(
            "budgets in positions, {rate} a millisecond: hint {} a move, solver {} a deal",
            o.hint_budget().nodes.unwrap_or_default(),
            rate * o.solver_ms
        );
    }
    for &style in &o.styles {
        let (width, height, colours, scoring) = o.field;
        let params = Params::sized(style, width, height, colours, scoring);
        let seeds = |n: u64| FIRST_SEED..FIRST_SEED + n;
        let random: Vec<Played> = seeds(o.deals).map(|s| play_random(&params, s)).collect();
        let largest: Vec<Played> = seeds(o.deals).map(|s| play_largest(&params, s)).collect();
        let hints: Vec<Played> = seeds(o.hint_deals).map(|s| play_hints(&params, s, o.hint_budget())).collect();
        let solver: Vec<Played> =
            seeds(o.solver_deals).map(|s| play_solver(&params, s, o.budget(o.solver_ms))).collect();
        let after: Vec<Played> = hints
            .iter()
            .zip(seeds(o.solver_deals))
            .map(|(h, s)| play_solver_after(&params, s, &h.line, o.budget(o.solver_ms)))
            .collect();
        println!("\n{}", style.name());
        println!(
            "{:<22} {:>5} {:>9} {:>8} {:>7} {:>7} {:>7} {:>8} {:>10}",
            "player", "deals", "mean", "sd", "min", "median", "max", "moves", "ms/move"
        );
        println!("{}", summary("random", &random));
        println!("{}", summary("largest group", &largest));
        println!("{}", summary(&format!("hint ({})", o.hint_label()), &hints));
        println!("{}", summary(&format!("solver ({} ms a deal)", o.solver_ms), &solver));
        println!("{}", summary("solver after the hint's", &after));
        let largest_same: Vec<Played> = seeds(o.hint_deals).map(|s| play_largest(&params, s)).collect();
        println!(
            "hint / largest mean: {:.2} (over the hint's {} deals: {:.2})",
            mean(&hints) / mean(&largest),
            hints.len(),
            mean(&hints) / mean(&largest_same)
        );
        if o.per_deal {
            for (k, s) in solver.iter().enumerate() {
                let score = |games: &[Played]| games.get(k).map_or("-".to_string(), |g| g.score.to_string());
                println!(
                    "  seed {}: hint {} solver {} after {}",
                    FIRST_SEED + k as u64,
                    score(&hints),
                    s.score,
                    score(&after)
                );
            }
        }
        let both = hints.len().min(solver.len());
        let wins = hints.iter().zip(&solver).filter(|(h, s)| s.score > h.score).count();
        let ties = hints.iter().zip(&solver).filter(|(h, s)| s.score == h.score).count();
        println!(
            "solver beats hint on {wins} of {both} deals ({:.0}%), ties {ties}",
            100.0 * wins as f64 / both.max(1) as f64
        );
        let better = hints.iter().zip(&after).filter(|(h, a)| a.score > h.score).count();
        println!(
            "solver after the hint's line beats it on {better} of {} deals ({:.0}%)",
            after.len(),
            100.0 * better as f64 / after.len().max(1) as f64
        );
    }
}
