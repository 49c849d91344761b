//! Gomoku's hot paths and its computer opponent.
//!
//! Measured by criterion: a move with its win check, an undo (targets: 2 µs each), the search
//! position's move and unmove, and a node-limited hard search. With `cargo bench`, the bench
//! also plays each level once on each benchmark position, with the limits the app uses, and
//! prints the positions searched per second, the depth reached and the time taken (hard must
//! answer within 2 s everywhere).

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use pastimes_games::gomoku::ai::{move_seed, search_level, SearchPosition};
use pastimes_games::gomoku::{Gomoku, Level, Move, Params, Point, SearchLimits};
use pastimes_games::Game;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Positions from engine games (moves in order, black first), each with the side to move
/// facing a real choice.
const POSITIONS: [(&str, &str); 4] = [
    ("opening", "H8"),
    ("early", "H8 I7 G7 I9 H6 I8"),
    ("middle", "H8 I7 G7 I9 H6 I8 I6 H9 G6 J6 G8 G9"),
    ("fight", "H8 I7 G7 I9 H6 I8 I6 H9 G6 J6 G8 G9 F6 E6 F9"),
];

fn game_of(moves: &str) -> Gomoku {
    let mut game = Gomoku::new(&Params::default(), 2024).unwrap();
    for name in moves.split_whitespace() {
        game.play(at(name)).unwrap();
    }
    game
}

fn at(name: &str) -> Move {
    Point::parse_notation(name).unwrap().into()
}

fn rules(c: &mut Criterion) {
    let middle = game_of(POSITIONS[2].1);
    let quiet = at("C3");
    let mut group = c.benchmark_group("gomoku/rules");
    group.bench_function("move + win check", |b| {
        b.iter_batched_ref(|| middle.clone(), |g| g.play(black_box(quiet)), BatchSize::SmallInput)
    });
    let won = game_of("D4 A1 E5 A3 F6 A5 G7 A7");
    group.bench_function("move + win check (makes five)", |b| {
        b.iter_batched_ref(|| won.clone(), |g| g.play(black_box(at("H8"))), BatchSize::SmallInput)
    });
    let mut played = middle.clone();
    played.play(quiet).unwrap();
    group.bench_function("undo", |b| b.iter_batched_ref(|| played.clone(), |g| g.undo(), BatchSize::SmallInput));
    group.bench_function("move + win check + undo", |b| {
        let mut g = middle.clone();
        b.iter(|| {
            g.play(black_box(quiet)).unwrap();
            g.undo()
        })
    });
    let mut pos = SearchPosition::of(&middle);
    let point = Point::parse_notation("F7").unwrap().index();
    group.bench_function("search position: move + unmove", |b| {
        b.iter(|| {
            pos.make(black_box(point));
            pos.unmake(black_box(point));
        })
    });
    group.finish();
}

fn computer(c: &mut Criterion) {
    if std::env::args().any(|a| a == "--bench") {
        print_level_report();
    }
    let mut group = c.benchmark_group("gomoku/ai");
    group.sample_size(10).measurement_time(Duration::from_secs(4));
    let limits = SearchLimits { depth: 40, ..SearchLimits::nodes(20_000) };
    for (name, moves) in &POSITIONS[1..] {
        let game = game_of(moves);
        let cancel = AtomicBool::new(false);
        // Master's engine: the hard of before (the name kept, so that old baselines compare).
        group.bench_function(format!("hard, 20k nodes, {name}"), |b| {
            b.iter(|| search_level(&game, Level::Master, &limits, 1, &cancel))
        });
    }
    group.finish();
}

/// Each level once per position with the app's limits: what the player waits for.
fn print_level_report() {
    println!(
        "\n{:<8} {:<8} {:>6} {:>10} {:>12} {:>6} {:>10}  decision",
        "level", "position", "move", "nodes", "nodes/s", "depth", "time"
    );
    for level in Level::ALL {
        for (name, moves) in POSITIONS {
            let game = game_of(moves);
            let report =
                search_level(&game, level, &SearchLimits::for_level(level), move_seed(&game), &AtomicBool::new(false));
            let mv = report.best.expect("a move");
            let secs = report.elapsed.as_secs_f64();
            println!(
                "{:<8} {:<8} {:>6} {:>10} {:>12.0} {:>6} {:>10.1?}  {:?}",
                format!("{level:?}"),
                name,
                Point { x: mv.x as u8, y: mv.y as u8 }.notation(),
                report.nodes,
                report.nodes as f64 / secs.max(1e-9),
                report.depth,
                report.elapsed,
                report.decision,
            );
            let allowed = SearchLimits::for_level(level).time.unwrap_or_default() + Duration::from_millis(500);
            if matches!(level, Level::Hard | Level::Master) && report.elapsed >= allowed {
                println!("  !! {level:?} took {:?} on {name}: over its limit and 0.5 s", report.elapsed);
            }
        }
    }
    println!();
}

criterion_group!(benches, rules, computer);
criterion_main!(benches);
