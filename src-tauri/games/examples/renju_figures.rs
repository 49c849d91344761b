//! What Renju's forbidden points cost, printed: the board's crosses are computed for every view
//! while black is to move, and the computer checks its move against them.
//!
//! ```sh
//! cargo run --release -p pastimes-games --example renju_figures
//! ```

use pastimes_games::gomoku::{legal_stone, search_level, Gomoku, Level, Params, Point, Rule, SearchLimits};
use pastimes_games::Game;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Positions as moves in order (black first): a quiet middle game, and one where black's best
/// point in freestyle (H8) is a double three.
const POSITIONS: [(&str, &str); 3] = [
    ("opening", "H8 I9 G9 I7"),
    ("middle", "H8 I7 G7 I9 H6 I8 I6 H9 G6 J6 G8 G9 F6 E6"),
    ("double three at H8", "F8 A1 G8 O1 H9 A15 H10 O15"),
];

fn main() {
    slowest_scan();
    for (name, moves) in POSITIONS {
        let mut game = Gomoku::new(&Params { rule: Rule::Renju, ..Params::default() }, 1).unwrap();
        for m in moves.split_whitespace() {
            game.apply(&Point::parse_notation(m).unwrap().into()).unwrap();
        }
        let rounds = 2_000;
        let started = Instant::now();
        let mut crosses = 0;
        for _ in 0..rounds {
            crosses = game.forbidden_points().len();
        }
        let each = started.elapsed() / rounds;
        println!("{name}: {crosses} forbidden points, found in {:.1} µs", each.as_secs_f64() * 1e6);
        let limits = SearchLimits::for_level(Level::Hard);
        let cancel = AtomicBool::new(false);
        let started = Instant::now();
        let engine = search_level(&game, Level::Hard, &limits, 7, &cancel).best;
        let engine_time = started.elapsed();
        let started = Instant::now();
        let chosen = legal_stone(&game, Level::Hard, &limits, 7, &cancel);
        let legal_time = started.elapsed();
        let name_of = |mv: Option<pastimes_games::gomoku::Move>| {
            mv.and_then(|m| Point::new(m.x, m.y)).map_or("-".into(), |p| p.notation())
        };
        println!(
            "  hard: engine alone {} in {} ms; never forbidden {} in {} ms",
            name_of(engine),
            engine_time.as_millis(),
            name_of(chosen),
            legal_time.as_millis()
        );
    }
}

/// The slowest forbidden-point scan over random games crowded into the middle of the board
/// (black to move after each white stone): the check recurses through threes, so crowded
/// black shapes cost most.
fn slowest_scan() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let (mut worst, mut total, mut scans, mut most) = (std::time::Duration::ZERO, std::time::Duration::ZERO, 0u32, 0);
    for _ in 0..300 {
        let mut game = Gomoku::new(&Params { rule: Rule::Renju, ..Params::default() }, 1).unwrap();
        for _ in 0..200 {
            let p = Point { x: rng.random_range(3..12), y: rng.random_range(3..12) };
            if game.apply(&p.into()).is_err() {
                continue;
            }
            if game.status().is_over() {
                break;
            }
            // The least of three runs: the machine is shared, one run may be interrupted.
            let (mut took, mut crosses) = (std::time::Duration::MAX, 0);
            for _ in 0..3 {
                let started = Instant::now();
                crosses = game.forbidden_points().len();
                took = took.min(started.elapsed());
            }
            (worst, total, scans, most) = (worst.max(took), total + took, scans + 1, most.max(crosses));
        }
    }
    println!(
        "random crowded games: {scans} scans (least of three runs each), mean {:.1} µs, slowest {:.1} µs, most crosses {most}",
        total.as_secs_f64() * 1e6 / scans as f64,
        worst.as_secs_f64() * 1e6
    );
}
