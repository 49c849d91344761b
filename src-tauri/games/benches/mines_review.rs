//! The review of a whole Minesweeper game (issue #58): Expert games of the app's own, played by
//! following the hint to their end, and the imported `.rmv` videos of the fixtures. Prints the
//! whole review's time and each click's (p50, p99, the slowest); asserts nothing about time.
//!
//! ```sh
//! cargo bench -p pastimes-games --bench mines_review
//! ```
//!
//! Each click is timed as the review of that one click from the position before it (what the
//! whole review does for every click). Every time is the least of 3 runs (the machine is shared).
//!
//! Targets (release build, issue #58): a whole Expert game <= 2 s, a click p99 <= 200 ms.
//! Measured on the 2-core build machine while others built (20 Expert games played by the hint,
//! 5,368 clicks): a whole game 7.5 ms median, 226 ms at most (a won game of 11 guesses, whose
//! endgame guesses are searched exactly); a click p50 1.0 ms, p99 1.2 ms, at most 42 ms. The
//! fixture videos (the Expert `test_rmv1_utf8_basic.rmv`, 143 clicks: 5.0 ms whole): a click p99
//! 0.9 ms, at most 2.0 ms. A click's figure includes the summary's statistics (3BV, ZiNi) that a
//! one-click review works out too, about 1 ms: the whole review is far less than their sum.

use pastimes_games::minesweeper::review::review;
use pastimes_games::minesweeper::video::{import, Format};
use pastimes_games::minesweeper::{Hint, Minesweeper, Move, Params};
use pastimes_games::{Game, Status};
use std::time::{Duration, Instant};

const EXPERT_FIRST: Move = Move::Open { x: 15, y: 8 };
const VIDEOS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/videos");

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --all-targets` runs this without it: a smoke
    // run of two games.
    let full = std::env::args().any(|a| a == "--bench");
    let games = if full { 20 } else { 2 };
    println!("minesweeper review: whole game (least of 3) and per click");
    let mut wholes = Vec::new();
    let mut clicks = Vec::new();
    for seed in 1..=games {
        let (start, moves) = hinted_expert_game(seed);
        let (whole, each) = timed(&format!("expert seed {seed}"), &start, &moves);
        wholes.push(whole);
        clicks.extend(each);
    }
    summary("own expert games", &mut wholes, &mut clicks);
    let (mut wholes, mut clicks) = (Vec::new(), Vec::new());
    for name in
        ["test_rmv1_utf8_basic.rmv", "test_rmv2_16px_preflags.rmv", "test_rmv2_24px.rmv", "test_rmv2_utf8_basic.rmv"]
    {
        let (start, moves) = video_game(name);
        let (whole, each) = timed(name, &start, &moves);
        wholes.push(whole);
        clicks.extend(each);
    }
    summary("imported .rmv videos", &mut wholes, &mut clicks);
}

/// An Expert game played from the centre by always taking the hint's cell (its guesses
/// included), to the end.
fn hinted_expert_game(seed: u64) -> (Minesweeper, Vec<Move>) {
    let start = Minesweeper::new(&Params::expert(), seed).unwrap();
    let mut game = start.clone();
    let mut moves = vec![EXPERT_FIRST];
    game.apply(&EXPERT_FIRST).unwrap();
    while game.status() == Status::Playing {
        let mv = match game.hint().unwrap() {
            Hint::Safe { x, y, .. } | Hint::Guess { x, y, .. } => Move::Open { x: x as i64, y: y as i64 },
            Hint::Mine { x, y, .. } => Move::Mark { x: x as i64, y: y as i64 },
        };
        game.apply(&mv).unwrap();
        moves.push(mv);
    }
    (start, moves)
}

/// A fixture video, imported as the app imports it.
fn video_game(name: &str) -> (Minesweeper, Vec<Move>) {
    let bytes = std::fs::read(format!("{VIDEOS}/{name}")).unwrap();
    let file = import(&bytes, Format::Rmv).unwrap();
    let params: Params = serde_json::from_value(file.params).unwrap();
    let start = Minesweeper::new(&params, file.seed).unwrap();
    let moves = file.moves.into_iter().map(|mv| serde_json::from_value(mv).unwrap()).collect();
    (start, moves)
}

/// The whole review's time, and each click's.
fn timed(name: &str, start: &Minesweeper, moves: &[Move]) -> (Duration, Vec<Duration>) {
    let whole = least_of_3(|| {
        review(start, moves).unwrap();
    });
    let mut each = Vec::with_capacity(moves.len());
    let mut game = start.clone();
    for mv in moves {
        each.push(least_of_3(|| {
            review(&game, std::slice::from_ref(mv)).unwrap();
        }));
        game.apply(mv).unwrap();
    }
    let reviewed = review(start, moves).unwrap().summary;
    let view = start.view();
    println!(
        "  {name} ({}x{}/{}): {} clicks, {:?}, {} guesses ({} avoidable): whole {:.1} ms, slowest click {:.2} ms",
        view.width,
        view.height,
        view.mines,
        moves.len(),
        reviewed.status,
        reviewed.guesses,
        reviewed.avoidable,
        ms(whole),
        ms(each.iter().copied().max().unwrap_or_default()),
    );
    (whole, each)
}

fn summary(what: &str, wholes: &mut [Duration], clicks: &mut [Duration]) {
    wholes.sort();
    clicks.sort();
    let at = |times: &[Duration], share: f64| times[((times.len() - 1) as f64 * share).round() as usize];
    println!(
        "{what}: whole game median {:.1} ms, max {:.1} ms; per click ({} clicks) p50 {:.3} ms, p99 {:.2} ms, max {:.2} ms",
        ms(at(wholes, 0.5)),
        ms(at(wholes, 1.0)),
        clicks.len(),
        ms(at(clicks, 0.5)),
        ms(at(clicks, 0.99)),
        ms(at(clicks, 1.0)),
    );
}

fn least_of_3(mut run: impl FnMut()) -> Duration {
    (0..3)
        .map(|_| {
            let began = Instant::now();
            run();
            began.elapsed()
        })
        .min()
        .unwrap()
}

fn ms(time: Duration) -> f64 {
    time.as_secs_f64() * 1000.0
}
