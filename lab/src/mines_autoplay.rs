//! `mines_autoplay`'s play and figures: seeded plain Minesweeper boards played by following the
//! app's hint, with the win rate, the guesses and the hint's time.

use pastimes_games::minesweeper::{FirstClick, Hint, Minesweeper, Move, Params};
use pastimes_games::{Game, Status};
use std::time::{Duration, Instant};

/// A benchmark setup: the parameters and the first click.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    pub params: Params,
    pub first: (i64, i64),
}

/// The setup of that name (the example's doc comment lists them).
pub fn setup(name: &str) -> Option<Setup> {
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
pub struct Played {
    pub won: bool,
    pub guesses: u32,
}

/// Plays `seed` by following the hint; every hint's time goes into `times`.
pub fn play(setup: &Setup, seed: u64, times: &mut Vec<Duration>) -> Played {
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
pub fn seeds(text: &str) -> Option<std::ops::RangeInclusive<u64>> {
    let (a, b) = text.split_once("..")?;
    let (a, b) = (a.parse().ok()?, b.parse().ok()?);
    (a <= b).then_some(a..=b)
}

/// The `q`-quantile (0..=1) of sorted times, by nearest rank.
pub fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The summary lines of a run.
pub fn report(name: &str, played: &[Played], times: &mut [Duration]) -> Vec<String> {
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
