//! Deal codes: a game to its code and back to the dealt game, for every game that deals, each of
//! its choices. Prints figures; asserts nothing about time.
//!
//! ```sh
//! cargo bench -p pastimes-games --bench deal_codes
//! ```
//!
//! Target (issue #63, release build): code to dealt game and back, every game, p99 <= 1 ms.
//! Each case is timed over many seeds, every time the least of 3 runs of the same work (the
//! machine is shared: a single run's maximum mostly measures the scheduler). Minesweeper's
//! codes are taken after the first click, so reading one lays the mines (a no-guess board is
//! generated again from its seed and first click).
//!
//! Then the daily deal ([`pastimes_games::daily`]): target (issue #63), the daily Minesweeper
//! deal at Expert no-guess dealt in <= 10 ms p99: the day's deal worked out from its date, the
//! game dealt and its first click played (which lays the no-guess board), over many days.

use pastimes_games::{daily, DealCode, GameKind};
use serde_json::Value;
use std::time::{Duration, Instant};

fn main() {
    // `cargo test --all-targets` runs this too (without `--bench`): a smoke run of a few seeds.
    let full = std::env::args().any(|a| a == "--bench");
    let seeds = if full { 1000 } else { 3 };
    println!(
        "{:<34} {:>10} {:>10} {:>10}   (code -> game -> code, {seeds} seeds, least of 3)",
        "", "p50", "p99", "max"
    );
    for kind in GameKind::all().filter(|kind| kind.info().deals.is_some()) {
        for (name, params) in setups(kind) {
            let mut times: Vec<Duration> = (0..seeds).map(|seed| least_of_3(round_trip(kind, &params, seed))).collect();
            times.sort();
            let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
            println!(
                "{:<34} {:>10.3?} {:>10.3?} {:>10.3?}",
                format!("{} {name}", kind.as_str()),
                at(0.5),
                at(0.99),
                times[times.len() - 1]
            );
        }
    }
    daily_deals(if full { 300 } else { 2 });
}

/// The daily deal of each game that offers one, each choice, over `days` days from 2026-01-01:
/// the day's deal, the game, and its first move (Minesweeper's first click, in the middle).
fn daily_deals(days: u32) {
    println!(
        "\n{:<34} {:>10} {:>10} {:>10}   (daily deal + first move, {days} days, least of 3)",
        "", "p50", "p99", "max"
    );
    for kind in GameKind::all() {
        let Some(offer) = kind.info().daily else { continue };
        for choice in offer.choices {
            let mut times: Vec<Duration> = (0..days)
                .map(|n| {
                    let day = format!("{}-{:02}-{:02}", 2026 + n / 372, n / 31 % 12 + 1, n % 31 % 28 + 1);
                    least_of_3(|| {
                        let started = Instant::now();
                        let deal = daily::deal(kind, &day, choice.id).expect("a deal");
                        let mut game = deal.game().expect("a game");
                        // Minesweeper's first click in the middle of its board (its view's size).
                        let view = game.view();
                        let middle = |key: &str| view[key].as_u64().unwrap_or(0) / 2;
                        let first = serde_json::json!({"action": "open", "x": middle("width"), "y": middle("height")});
                        // Not Minesweeper: the first move of its list the rules take.
                        let played = game.play(&first).is_ok()
                            || (0..game.move_codes())
                                .any(|code| game.code_move(code).is_some_and(|mv| game.play(&mv).is_ok()));
                        let took = started.elapsed();
                        assert!(played, "a first move");
                        took
                    })
                })
                .collect();
            times.sort();
            let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
            println!(
                "{:<34} {:>10.3?} {:>10.3?} {:>10.3?}",
                format!("daily {} {}", kind.as_str(), choice.id),
                at(0.5),
                at(0.99),
                times[times.len() - 1]
            );
        }
    }
}

/// The game's default parameters and each of its choices that asks for nothing more.
fn setups(kind: GameKind) -> Vec<(String, Value)> {
    let info = kind.info();
    let mut setups = vec![("default".to_string(), info.default_params())];
    for choices in info.choices.iter() {
        for choice in choices.items.iter().filter(|choice| !choice.asks) {
            let mut params = info.default_params();
            params[choices.key] = choice.id.into();
            setups.push((choice.id.to_string(), params));
        }
    }
    setups
}

/// A game dealt and played one move (Minesweeper's mines then laid; done before the clock
/// starts), then timed: its code written, read, dealt again, and written again.
fn round_trip(kind: GameKind, params: &Value, seed: u64) -> impl FnMut() -> Duration {
    let mut game = kind.info().start_game(params, seed).expect("a game");
    if let Some(first) = (0..game.move_codes()).find_map(|code| game.code_move(code)) {
        let _ = game.play(&first);
    }
    move || {
        let started = Instant::now();
        let text = DealCode::of(game.as_ref(), seed).expect("a code").write();
        let dealt = DealCode::read(&text).expect("it reads").deal().expect("it deals");
        let again = DealCode::of(dealt.as_ref(), seed).expect("a code").write();
        let took = started.elapsed();
        assert_eq!(again, text, "the same deal");
        took
    }
}

fn least_of_3(mut run: impl FnMut() -> Duration) -> Duration {
    (0..3).map(|_| run()).min().expect("three runs")
}
