//! Bubble Breaker's hot paths: selecting the largest group, popping it (fall, shift, refill) and
//! the end-of-game check. Targets (median): 5 µs, 10 µs and 2 µs.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use pastimes_games::bubbles::{Bubbles, Move, Params, Style};
use pastimes_games::Game;

const SEED: u64 = 2024;

/// A cell of the largest group of `game`.
fn largest_group(game: &Bubbles) -> (i64, i64) {
    let cells = (0..11).flat_map(|y| (0..11).map(move |x| (x, y)));
    let (x, y) = cells.max_by_key(|&(x, y)| game.group_at(x, y).len()).unwrap();
    (x as i64, y as i64)
}

/// A position after `pops` pops of the largest group: a more broken-up field than a fresh one.
fn position(style: Style, pops: usize) -> Bubbles {
    let mut game = Bubbles::new(&Params::new(style), SEED).unwrap();
    for _ in 0..pops {
        let (x, y) = largest_group(&game);
        game.apply(&Move::Pop { x, y }).unwrap();
    }
    game
}

/// The first position on the largest-group line of play where that pop brings in new columns.
fn refill_position(style: Style) -> Bubbles {
    let mut game = Bubbles::new(&Params::new(style), SEED).unwrap();
    loop {
        let (x, y) = largest_group(&game);
        let popped = game.group_at(x as usize, y as usize).len() as u32;
        let mut after = game.clone();
        after.apply(&Move::Pop { x, y }).unwrap();
        if after.view().balls_left > game.view().balls_left - popped {
            return game;
        }
        game = after;
    }
}

/// A finished MegaShift game: the end check's worst case, a full scan that finds nothing.
fn finished() -> Bubbles {
    let mut game = Bubbles::new(&Params::default(), SEED).unwrap();
    while let Some((x, y)) = game.first_group() {
        game.apply(&Move::Pop { x, y }).unwrap();
    }
    game
}

fn select(c: &mut Criterion) {
    let game = position(Style::Megashift, 5);
    let (x, y) = largest_group(&game);
    let click = Move::Click { x, y };
    c.bench_function("bubbles/select largest group", |b| {
        b.iter_batched_ref(|| game.clone(), |g| black_box(g.apply(black_box(&click))), BatchSize::SmallInput)
    });
}

fn pop(c: &mut Criterion) {
    for style in Style::ALL {
        let game = position(style, 5);
        let (x, y) = largest_group(&game);
        let pop = Move::Pop { x, y };
        c.bench_function(&format!("bubbles/pop and settle ({})", style.name()), |b| {
            b.iter_batched_ref(|| game.clone(), |g| black_box(g.apply(black_box(&pop))), BatchSize::SmallInput)
        });
    }
    for style in [Style::Continuous, Style::Megashift] {
        let game = refill_position(style);
        let (x, y) = largest_group(&game);
        let pop = Move::Pop { x, y };
        let name = format!("bubbles/pop and settle with a new column ({})", style.name());
        c.bench_function(&name, |b| {
            b.iter_batched_ref(|| game.clone(), |g| black_box(g.apply(black_box(&pop))), BatchSize::SmallInput)
        });
    }
}

fn end_check(c: &mut Criterion) {
    let over = finished();
    assert!(!over.has_moves());
    c.bench_function("bubbles/end check (finished field)", |b| b.iter(|| black_box(&over).has_moves()));
    let fresh = position(Style::Megashift, 0);
    c.bench_function("bubbles/end check (fresh field)", |b| b.iter(|| black_box(&fresh).has_moves()));
}

criterion_group!(benches, select, pop, end_check);
criterion_main!(benches);
