//! Plays seeded plain (not no-guess) Minesweeper boards by following the hint on every move,
//! until each is won or lost, and prints the win rate with its standard error, the guesses per
//! game and the hint's time (median, p99, max). The hint is the app's own
//! ([`Minesweeper::hint`], through the games crate's public API).
//!
//! ```sh
//! cargo run --release -p pastimes-games --example mines_autoplay -- --setup expert-classic --seeds 1..500
//! ```
//!
//! Setups (the first click is the benchmark's, not the hint's centre):
//!
//! * `expert-classic`: 30x16/99, the first click only safe, at (0, 0);
//! * `expert-opening`: 30x16/99, the first click opens an area, at (3, 3);
//! * `intermediate`: 16x16/40, the first click only safe, at (0, 0);
//! * `beginner`: 9x9/10, the first click only safe, at (0, 0).
//!
//! `--seeds A..B` plays seeds `A` to `B` inclusive. `--per-board` also prints one line per board
//! (`seed won|lost guesses`), for comparing two hints board by board on the same seeds.
//! Follows the hint: a safe cell is opened, a proved mine flagged, a guess opened.
//!
//! Exit code 2 on bad arguments.

use pastimes_games::minesweeper::{FirstClick, Hint, Minesweeper, Move, Params};
use pastimes_games::{Game, Status};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// A benchmark setup: the parameters and the first click.
#[derive(Debug, Clone, PartialEq)]
struct Setup {
    params: Params,
    first: (i64, i64),
}

fn setup(name: &str) -> Option<Setup> {
    let safe = |params: Params| params.with_first_click(FirstClick::Safe);
    match name {
        "expert-classic" => Some(Setup { params: safe(Params::expert()), first: (0, 0) }),
        "expert-opening" => {
            Some(Setup { params: Params::expert().with_first_click(FirstClick::OpensArea), first: (3, 3) })
        }
        "intermediate" => Some(Setup { params: safe(Params::intermediate()), first: (0, 0) }),
        "beginner" => Some(Setup { params: safe(Params::beginner()), first: (0, 0) }),
        _ => None,
    }
}

/// One board played out.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Played {
    won: bool,
    guesses: u32,
}

/// Plays `seed` by following the hint; every hint's time goes into `times`.
fn play(setup: &Setup, seed: u64, times: &mut Vec<Duration>) -> Played {
    let mut game = Minesweeper::new(&setup.params, seed).expect("valid setup");
    let (x, y) = setup.first;
    game.apply(&Move::Open { x, y }).expect("the first click");
    let mut guesses = 0;
    while game.status() == Status::Playing {
        let start = Instant::now();
        let hint = game.hint();
        times.push(start.elapsed());
        let mv = match hint.expect("a hint while playing") {
            Hint::Safe { x, y, .. } => Move::Open { x: x as i64, y: y as i64 },
            Hint::Mine { x, y, .. } => Move::Mark { x: x as i64, y: y as i64 },
            Hint::Guess { x, y, .. } => {
                guesses += 1;
                Move::Open { x: x as i64, y: y as i64 }
            }
        };
        game.apply(&mv).expect("the hint's move is legal");
    }
    Played { won: game.status() == Status::Won, guesses }
}

/// `A..B` (inclusive) as a range of seeds.
fn seeds(text: &str) -> Option<std::ops::RangeInclusive<u64>> {
    let (a, b) = text.split_once("..")?;
    let (a, b) = (a.parse().ok()?, b.parse().ok()?);
    (a <= b).then_some(a..=b)
}

/// The `q`-quantile (0..=1) of sorted times, by nearest rank.
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The summary lines of a run.
fn report(name: &str, played: &[Played], times: &mut [Duration]) -> Vec<String> {
    let n = played.len() as f64;
    let wins = played.iter().filter(|p| p.won).count();
    let rate = wins as f64 / n;
    let se = (rate * (1.0 - rate) / n).sqrt();
    let guesses = played.iter().map(|p| f64::from(p.guesses)).sum::<f64>() / n;
    times.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    vec![
        format!("setup {name}, {} boards", played.len()),
        format!("won {wins}: {:.2} % ± {:.2} % (standard error)", 100.0 * rate, 100.0 * se),
        format!("guesses per game {guesses:.2}"),
        format!(
            "hint time over {} hints: median {:.3} ms, p99 {:.3} ms, max {:.3} ms",
            times.len(),
            ms(quantile(times, 0.5)),
            ms(quantile(times, 0.99)),
            ms(times.last().copied().unwrap_or_default())
        ),
    ]
}

const USAGE: &str = "usage: mines_autoplay --setup expert-classic|expert-opening|intermediate|beginner \
                     --seeds A..B [--per-board]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut name, mut range, mut per_board, mut bad) = (None, None, false, false);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--setup" => name = args.next().cloned(),
            "--seeds" => range = args.next().and_then(|s| seeds(s)),
            "--per-board" => per_board = true,
            _ => bad = true,
        }
    }
    if bad {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    let (Some(name), Some(range)) = (name, range) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let Some(setup) = setup(&name) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let mut times = Vec::new();
    let mut played = Vec::new();
    for seed in range {
        let p = play(&setup, seed, &mut times);
        if per_board {
            println!("{seed} {} {}", if p.won { "won" } else { "lost" }, p.guesses);
        }
        played.push(p);
    }
    report(&name, &played, &mut times).iter().for_each(|l| println!("{l}"));
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_and_setups() {
        assert_eq!(seeds("1..3"), Some(1..=3));
        assert_eq!(seeds("3..1"), None);
        assert!(setup("expert-classic").is_some() && setup("nope").is_none());
    }

    #[test]
    fn a_beginner_board_is_played_to_its_end() {
        let mut times = Vec::new();
        let setup = setup("beginner").unwrap();
        let p = play(&setup, 7, &mut times);
        assert!(!times.is_empty());
        assert!(p.won || p.guesses > 0, "a board is only lost on a guess");
    }

    #[test]
    fn quantiles_by_nearest_rank() {
        let t: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        assert_eq!(quantile(&t, 0.5), Duration::from_millis(50));
        assert_eq!(quantile(&t, 0.99), Duration::from_millis(99));
    }
}
