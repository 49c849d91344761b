//! No-guess Minesweeper: generation time, 3BV against plain boards, the regenerate strategy it
//! was measured against, and the hint's time. Prints figures; asserts nothing about time.
//!
//! ```sh
//! cargo bench -p pastimes-games --bench mines_no_guess
//! ```
//!
//! Targets (issue 17, release): Expert 30x16/99 median <= 1.0 ms and p95 <= 2 ms;
//! 30x16/170 p95 <= 30 ms; a hint <= 50 ms on any Expert position.

use pastimes_games::minesweeper::{Layout, Params};
use std::time::{Duration, Instant};

const EXPERT_FIRST: (usize, usize) = (15, 8);

fn main() {
    // `cargo bench` passes `--bench`; any other argument filters the sections by name.
    let filter: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    if wanted("generate") {
        generation("expert 30x16/99", Params::expert(), 1000);
        generation("dense 30x16/170", Params::custom(30, 16, 170), 200);
        generation("intermediate 16x16/40", Params::intermediate(), 1000);
        generation("beginner 9x9/10", Params::beginner(), 1000);
        generation("big 100x100/2000", Params::custom(100, 100, 2000), 20);
    }
    if wanted("bbbv") {
        bbbv("expert 30x16/99", Params::expert(), 1000);
        bbbv("dense 30x16/170", Params::custom(30, 16, 170), 200);
    }
    if wanted("regenerate") {
        regenerate("expert 30x16/99", Params::expert(), 200, 2000);
        regenerate("dense 30x16/170", Params::custom(30, 16, 170), 10, 2000);
    }
}

fn generation(name: &str, params: Params, boards: u64) {
    let params = params.with_no_guess(true);
    let mut times = Vec::new();
    let mut failed = 0;
    for seed in 0..boards {
        let started = Instant::now();
        let layout = Layout::of_game(&params, seed, first_of(&params));
        times.push(started.elapsed());
        failed += u32::from(layout.is_err());
    }
    println!("no-guess {name}, {boards} boards: {}, {failed} not found", spread(&mut times));
}

fn bbbv(name: &str, params: Params, boards: u64) {
    for no_guess in [false, true] {
        let params = params.with_no_guess(no_guess);
        let values: Vec<f64> = (0..boards)
            .filter_map(|seed| Layout::of_game(&params, seed, first_of(&params)).ok())
            .map(|l| f64::from(l.three_bv()))
            .collect();
        let mean = values.iter().sum::<f64>() / values.len() as f64;
        let sd = (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / values.len() as f64).sqrt();
        let (min, max) = values.iter().fold((f64::MAX, 0f64), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        let kind = if no_guess { "no-guess" } else { "plain   " };
        println!("3bv {kind} {name}, {} boards: mean {mean:.1}, sd {sd:.1}, min {min}, max {max}", values.len());
    }
}

/// The strategy not taken: draw plain boards until the solver clears one.
fn regenerate(name: &str, params: Params, boards: u64, max_draws: u64) {
    let mut times = Vec::new();
    let mut draws = 0;
    let mut failed = 0;
    for board in 0..boards {
        let started = Instant::now();
        let found = (0..max_draws).find(|d| {
            draws += 1;
            let seed = board * max_draws + d;
            Layout::of_game(&params, seed, first_of(&params)).is_ok_and(|l| l.solvable_from(first_of(&params)))
        });
        times.push(started.elapsed());
        failed += u32::from(found.is_none());
    }
    println!(
        "regenerate {name}, {boards} boards: {}, {:.1} draws a board, {failed} not found in {max_draws} draws",
        spread(&mut times),
        draws as f64 / boards as f64
    );
}

fn first_of(params: &Params) -> (usize, usize) {
    let board = params.board().expect("valid params");
    if board.width() == 30 && board.height() == 16 {
        EXPERT_FIRST
    } else {
        (board.width() / 2, board.height() / 2)
    }
}

/// `median a, p95 b, max c, mean d` in milliseconds.
fn spread(times: &mut [Duration]) -> String {
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    format!(
        "median {:.3} ms, p95 {:.3} ms, max {:.3} ms, mean {:.3} ms",
        ms(at(0.5)),
        ms(at(0.95)),
        ms(at(1.0)),
        ms(mean)
    )
}
