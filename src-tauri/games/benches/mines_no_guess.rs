//! No-guess Minesweeper: generation time, 3BV against plain boards, the regenerate strategy it
//! was measured against, and the hint's time. Prints figures; asserts nothing about time.
//!
//! ```sh
//! cargo bench -p pastimes-games --bench mines_no_guess
//! ```
//!
//! Every time is the least of 3 runs of the same computation (the machine is shared: a single
//! run's maximum mostly measures the scheduler); generation also prints the first runs alone.
//!
//! Targets (release build): Expert 30x16/99 median <= 1.0 ms and p95 <= 2 ms;
//! 30x16/170 p95 <= 30 ms; a hint p99 <= 100 ms and at most 1 s on any Expert position (issue
//! #28; the exact endgames of up to 512 layouts take up to about 90 ms here).

use pastimes_games::minesweeper::{no_guess_feasible, Hint, HintRule, Layout, Minesweeper, Move, Params, Point};
use pastimes_games::{Game, Status};
use std::time::{Duration, Instant};

const EXPERT_FIRST: (usize, usize) = (15, 8);

fn main() {
    // `cargo bench` passes `--bench`; any other argument filters the sections by name.
    let filter: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    // `cargo test --all-targets` runs this too (without `--bench`): then a smoke run, a few
    // boards of each section, so the test command checks it works in seconds.
    let full = std::env::args().any(|a| a == "--bench");
    let count = |n: u64| if full { n } else { n.min(3) };
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    if wanted("generate") {
        generation("expert 30x16/99", Params::expert(), count(1000));
        generation("dense 30x16/170", Params::custom(30, 16, 170), count(200));
        generation("intermediate 16x16/40", Params::intermediate(), count(1000));
        generation("beginner 9x9/10", Params::beginner(), count(1000));
        generation("big 100x100/2000", Params::custom(100, 100, 2000), count(20));
    }
    if wanted("bbbv") {
        bbbv("expert 30x16/99", Params::expert(), count(1000));
        bbbv("dense 30x16/170", Params::custom(30, 16, 170), count(200));
    }
    if wanted("hint") {
        hints_along_games(count(300));
        hints_on_scattered_openings(count(300));
        if full {
            hints_on_a_big_lattice();
        }
    }
    if wanted("feasib") && full {
        feasibility();
    }
    if wanted("regenerate") {
        regenerate("expert 30x16/99", Params::expert(), count(200), 2000);
        regenerate("dense 30x16/170", Params::custom(30, 16, 170), count(10), 2000);
    }
}

fn generation(name: &str, params: Params, boards: u64) {
    let params = params.with_no_guess(true);
    let (mut times, mut first_runs) = (Vec::new(), Vec::new());
    let mut failed = 0;
    for seed in 0..boards {
        let started = Instant::now();
        let layout = Layout::of_game(&params, seed, first_of(&params));
        first_runs.push(started.elapsed());
        let (time, again) = least_of_3(|| Layout::of_game(&params, seed, first_of(&params)));
        assert_eq!(layout, again, "reproducible");
        times.push(time.min(first_runs[first_runs.len() - 1]));
        failed += u32::from(layout.is_err());
    }
    println!("no-guess {name}, {boards} boards: {}, {failed} not found", spread(&mut times));
    println!("  first runs alone: {}", spread(&mut first_runs));
}

fn bbbv(name: &str, params: Params, boards: u64) {
    for no_guess in [false, true] {
        let params = params.clone().with_no_guess(no_guess);
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

/// Plain Expert games played by the hint alone (a safe cell is opened, a mine flagged, a guess
/// opened), timing every hint.
fn hints_along_games(games: u64) {
    let mut times = Vec::new();
    let mut slowest: Vec<(Duration, &str)> = Vec::new();
    let (mut guesses, mut estimates, mut won) = (0, 0, 0);
    for seed in 0..games {
        let mut game = Minesweeper::new(&Params::expert(), seed).expect("expert");
        while game.status() == Status::Playing {
            let (time, hint) = least_of_3(|| game.hint().expect("a hint while playing"));
            times.push(time);
            let kind = match &hint {
                Hint::Guess { exact: false, .. } => "estimate",
                Hint::Guess { .. } => "exact guess",
                Hint::Safe { because, .. } | Hint::Mine { because, .. } if because.rule == HintRule::Cases => "cases",
                _ => "rule",
            };
            slowest.push((time, kind));
            slowest.sort_unstable_by_key(|s| std::cmp::Reverse(s.0));
            slowest.truncate(5);
            let mv = match hint {
                Hint::Safe { x, y, .. } => Move::Open { x: x as i64, y: y as i64 },
                Hint::Mine { x, y, .. } => Move::Mark { x: x as i64, y: y as i64 },
                Hint::Guess { x, y, exact, .. } => {
                    guesses += 1;
                    estimates += u32::from(!exact);
                    Move::Open { x: x as i64, y: y as i64 }
                }
            };
            game.apply(&mv).expect("the hint's move is legal");
        }
        won += u32::from(game.status() == Status::Won);
    }
    println!(
        "hint, expert games played by the hint, {} positions: {}; {guesses} guesses ({estimates} estimated), {won}/{games} won",
        times.len(),
        spread(&mut times)
    );
    let slowest: Vec<String> =
        slowest.iter().map(|(t, kind)| format!("{:.1} ms ({kind})", t.as_secs_f64() * 1e3)).collect();
    println!("  the slowest: {}", slowest.join(", "));
}

/// Expert positions with a random share (10% to 90%) of the safe cells open, scattered: many
/// frontier components, some large, the enumeration's hardest case.
fn hints_on_scattered_openings(positions: u64) {
    let mut times = Vec::new();
    let mut estimates = 0;
    for seed in 0..positions {
        let params = Params { replay_of: Some(Point { x: 15, y: 8 }), ..Params::expert() };
        let layout = Layout::of_game(&Params::expert(), seed, EXPERT_FIRST).expect("expert");
        let mut game = Minesweeper::new(&params, seed).expect("expert replay");
        let share = 10 + seed % 9 * 10;
        let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        for y in 0..16 {
            for x in 0..30 {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let open = (state >> 33) % 100 < share;
                if open && !layout.is_mine(x, y) && game.status() == Status::Playing && game.view().cell(x, y) == '.' {
                    game.apply(&Move::Open { x: x as i64, y: y as i64 }).expect("a safe cell");
                }
            }
        }
        if game.status() != Status::Playing {
            continue;
        }
        let (time, hint) = least_of_3(|| game.hint());
        times.push(time);
        estimates += u32::from(matches!(hint, Some(Hint::Guess { exact: false, .. })));
    }
    println!(
        "hint, expert positions with 10-90% of safe cells open at random, {} positions: {}; {estimates} estimated",
        times.len(),
        spread(&mut times)
    );
}

/// A 100x100 board with 2000 mines where every third cell of every third row is open (when
/// safe): hundreds of small frontier components, a frontier beyond the exact limit.
fn hints_on_a_big_lattice() {
    let mut times = Vec::new();
    let mut estimates = 0;
    for seed in 0..5 {
        let params = Params { replay_of: Some(Point { x: 50, y: 50 }), ..Params::custom(100, 100, 2000) };
        let layout = Layout::of_game(&Params::custom(100, 100, 2000), seed, (50, 50)).expect("a board");
        let mut game = Minesweeper::new(&params, seed).expect("a replay");
        for y in (1..100).step_by(3) {
            for x in (1..100).step_by(3) {
                if !layout.is_mine(x, y) && game.status() == Status::Playing && game.view().cell(x, y) == '.' {
                    game.apply(&Move::Open { x: x as i64, y: y as i64 }).expect("a safe cell");
                }
            }
        }
        let (time, hint) = least_of_3(|| game.hint());
        times.push(time);
        estimates += u32::from(matches!(hint, Some(Hint::Guess { exact: false, .. })));
    }
    println!(
        "hint, 100x100/2000 lattice of open cells, {} positions: {}; {estimates} estimated",
        times.len(),
        spread(&mut times)
    );
}

/// The densest sizes the options allow, and some between: how long the app's quick trial
/// (`no_guess_feasible`) takes and what it says, and how 10 boards fare.
fn feasibility() {
    let sizes =
        [(9, 9, 64), (16, 16, 225), (30, 16, 300), (30, 16, 435), (50, 50, 1000), (100, 100, 2500), (100, 100, 9801)];
    for (w, h, n) in sizes {
        let params = Params::custom(w, h, n).with_no_guess(true);
        let started = Instant::now();
        let feasible = no_guess_feasible(&params).expect("valid params");
        let trial_ms = started.elapsed().as_secs_f64() * 1e3;
        let mut times = Vec::new();
        let mut refused = 0;
        for seed in 0..10 {
            let started = Instant::now();
            refused += u32::from(Layout::of_game(&params, seed, (w as usize / 2, h as usize / 2)).is_err());
            times.push(started.elapsed());
        }
        println!(
            "no-guess {w}x{h}/{n}: trial says {feasible} in {trial_ms:.1} ms; 10 boards: {}, {refused} refused",
            spread(&mut times)
        );
    }
}

/// The least time of 3 runs of `f`, and its result.
fn least_of_3<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..3 {
        let started = Instant::now();
        let value = f();
        best = best.min(started.elapsed());
        result = Some(value);
    }
    (best, result.expect("ran 3 times"))
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
