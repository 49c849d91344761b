//! Texel tuning of the Gomoku evaluation on the engine's own games: a tool run by hand, not a
//! check.
//!
//! The evaluation is linear in what the candidate points make
//! (`pastimes_games::gomoku::ai::features`): for each side, how many lines of a point hold each
//! shape, and how many points make a four-three or a double three. So a logistic model over
//! those counts, fitted to the results of self-play games, says which weights predict the
//! outcome best (the side to move's and the waiting side's weights apart, which today's single
//! `TEMPO` ties together). `generate` plays seeded games of the full engine from random
//! openings and writes each quiet position (no five or open four to make for either side) with
//! the game's result; `fit` fits the model and prints the weights in today's units, beside
//! today's. What the fitted weights did on the ladder is in docs/lab-notes/gomoku.md
//! ("Evaluation weights fitted to self-play").
//!
//! ```text
//! TUNE_GAMES=2000 TUNE_NODES=8000 TUNE_OUT=/tmp/positions.txt \
//!     cargo run --release -p pastimes-lab --example gomoku_tune -- generate
//! TUNE_IN=/tmp/positions.txt TUNE_FIX=0,1 \
//!     cargo run --release -p pastimes-lab --example gomoku_tune -- fit
//! ```
//!
//! `TUNE_FIX` keeps the listed features (0 one, 1 two, 2 open two...) at today's weights.

use pastimes_games::gomoku::ai::features::{quiet_features, todays_weights, FEATURES, NAMES, PER_SIDE};
use pastimes_games::gomoku::ai::{move_seed, search_level, Limits};
use pastimes_games::gomoku::{Gomoku, Level, Opponent, Params};
use pastimes_games::Game;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

type Row = (f64, Vec<f64>);

fn main() -> ExitCode {
    match std::env::args().nth(1).as_deref() {
        Some("generate") => generate(),
        Some("fit") => fit_and_print(),
        _ => {
            eprintln!("usage: gomoku_tune generate|fit   (settings in TUNE_* variables, see the doc comment)");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A game begun in the centre with two to five more stones near it, drawn from `seed`.
fn random_opening(seed: u64) -> Gomoku {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut game = Gomoku::new(&Params { opponent: Opponent::Human, ..Params::default() }, seed).unwrap();
    let stones = 1 + rng.random_range(2..=5);
    while game.moves().len() < stones {
        let point = pastimes_games::gomoku::BoardSize::Fifteen
            .point(rng.random_range(4..=10), rng.random_range(4..=10))
            .unwrap();
        if game.board().get(point).is_none() {
            game.play(point.into()).unwrap();
        }
    }
    game
}

/// The quiet positions of one self-play game, each with its result for the side to move.
fn self_play(seed: u64, nodes: u64) -> Vec<(f64, [u32; FEATURES])> {
    let mut game = random_opening(seed);
    let mut seen = Vec::new();
    while !game.status().is_over() {
        if let Some(f) = quiet_features(&game) {
            seen.push((game.side_to_move(), f));
        }
        let limits = Limits::nodes(nodes);
        let found = search_level(&game, Level::Master, &limits, move_seed(&game), &AtomicBool::new(false));
        game.play(found.best.expect("a move")).unwrap();
    }
    let result = |side| game.winner().map_or(0.5, |w| if w == side { 1.0 } else { 0.0 });
    seen.into_iter().map(|(side, f)| (result(side), f)).collect()
}

/// Plays `TUNE_GAMES` self-play games at `TUNE_NODES` a move on every processor and writes
/// their quiet positions to `TUNE_OUT`, one line each: the result, then the counts.
fn generate() {
    let (games, nodes) = (env("TUNE_GAMES", 2000u64), env("TUNE_NODES", 8000u64));
    let file = Mutex::new(std::fs::File::create(env("TUNE_OUT", "positions.txt".to_string())).unwrap());
    let next = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..std::thread::available_parallelism().map_or(1, |n| n.get()) {
            scope.spawn(|| loop {
                let seed = next.fetch_add(1, Ordering::Relaxed);
                if seed >= games {
                    break;
                }
                let mut text = String::new();
                for (result, f) in self_play(seed, nodes) {
                    let counts: Vec<String> = f.iter().map(u32::to_string).collect();
                    text += &format!("{result} {}\n", counts.join(" "));
                }
                file.lock().unwrap().write_all(text.as_bytes()).unwrap();
            });
        }
    });
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Fits `w` (the last one an intercept) to the rows by Adam on the log loss, each row's logit
/// starting from its `offset`; returns the mean log loss.
fn fit(rows: &[Row], offset: &[f64], w: &mut [f64], steps: i32) -> f64 {
    let n = w.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let mut loss = 0.0;
    for t in 1..=steps {
        let mut grad = vec![0.0; n];
        loss = 0.0;
        for ((r, x), o) in rows.iter().zip(offset) {
            let z = x.iter().zip(&*w).map(|(a, b)| a * b).sum::<f64>() + w[n - 1] + o;
            let p = sigmoid(z).clamp(1e-12, 1.0 - 1e-12);
            loss -= r * p.ln() + (1.0 - r) * (1.0 - p).ln();
            for (g, a) in grad.iter_mut().zip(x.iter().chain([&1.0])) {
                *g += (p - r) * a;
            }
        }
        for i in 0..n {
            let g = grad[i] / rows.len() as f64;
            m[i] = 0.9 * m[i] + 0.1 * g;
            v[i] = 0.999 * v[i] + 0.001 * g * g;
            let (mh, vh) = (m[i] / (1.0 - 0.9f64.powi(t)), v[i] / (1.0 - 0.999f64.powi(t)));
            w[i] -= 0.01 * mh / (vh.sqrt() + 1e-8);
        }
    }
    loss / rows.len() as f64
}

/// Fits the model to the positions of `TUNE_IN` and prints the weights beside today's.
fn fit_and_print() {
    let text = std::fs::read_to_string(env("TUNE_IN", "positions.txt".to_string())).unwrap();
    let rows: Vec<Row> = text
        .lines()
        .map(|line| {
            let v: Vec<f64> = line.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (v[0], v[1..].to_vec())
        })
        .collect();
    let (attack, defence) = todays_weights();
    // Today's value of a position's features that `counted` names.
    let today_value = |x: &[f64], counted: &dyn Fn(usize) -> bool| {
        (0..PER_SIDE).filter(|&i| counted(i)).map(|i| attack[i] * x[i] - defence[i] * x[PER_SIDE + i]).sum::<f64>()
    };
    // Today's evaluation as a single feature: how well it predicts, and its logit per unit.
    let as_one: Vec<Row> = rows.iter().map(|(r, x)| (*r, vec![today_value(x, &|_| true) / 1000.0])).collect();
    let mut w = vec![0.0; 2];
    let loss = fit(&as_one, &vec![0.0; rows.len()], &mut w, 3000);
    let slope = w[0] / 1000.0;
    println!("{} positions; today's evaluation: log loss {loss:.4}, {slope:.6} logit a unit", rows.len());

    let fixed: Vec<usize> =
        std::env::var("TUNE_FIX").map(|s| s.split(',').filter_map(|x| x.parse().ok()).collect()).unwrap_or_default();
    let free = |i: usize| !fixed.contains(&(i % PER_SIDE));
    // Each feature scaled to a mean of about one, so one step size suits them all.
    let scale: Vec<f64> =
        (0..FEATURES).map(|i| rows.iter().map(|(_, x)| x[i]).sum::<f64>() / rows.len() as f64 + 0.1).collect();
    let offset: Vec<f64> = rows.iter().map(|(_, x)| slope * today_value(x, &|i| !free(i))).collect();
    let scaled: Vec<Row> = rows
        .iter()
        .map(|(r, x)| (*r, (0..FEATURES).map(|i| if free(i) { x[i] / scale[i] } else { 0.0 }).collect()))
        .collect();
    let mut w = vec![0.0; FEATURES + 1];
    let loss = fit(&scaled, &offset, &mut w, 4000);
    println!("fitted: log loss {loss:.4}; weights in today's units (side to move / waiting side):");
    for (i, name) in NAMES.iter().enumerate() {
        let fitted = |j: usize, sign: f64| sign * w[j] / scale[j] / slope;
        let (a, d) = if free(i) { (fitted(i, 1.0), fitted(PER_SIDE + i, -1.0)) } else { (attack[i], defence[i]) };
        println!("{name:>13}: {a:8.1} / {d:8.1}   today {:.1} / {:.1}", attack[i], defence[i]);
    }
}
