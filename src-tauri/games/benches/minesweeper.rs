//! Minesweeper's hot paths: laying the mines, the largest flood fill, one chord.
//!
//! Targets: Expert laid in <= 100 µs, a 100x100 board's largest zero region opened
//! in <= 200 µs.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use pastimes_games::minesweeper::{mine_layout, Minesweeper, Move, Params, Point};
use pastimes_games::{Applied, Game};

fn lay_expert(c: &mut Criterion) {
    let params = Params::expert();
    let mut seed = 0u64;
    c.bench_function("minesweeper/lay mines expert", |b| {
        b.iter(|| {
            seed += 1;
            mine_layout(black_box(&params), seed, (15, 8))
        })
    });
}

/// A 100x100 board with 10 mines whose mines are laid (a replay) but nothing is open, and the cell
/// whose opening uncovers the most.
fn big_board() -> (Minesweeper, Move) {
    let params = Params { replay_of: Some(Point { x: 0, y: 0 }), ..Params::custom(100, 100, 10) };
    let game = Minesweeper::new(&params, 1).unwrap();
    let opened = |mv: &Move| {
        let mut g = game.clone();
        g.apply(mv).unwrap();
        g.view().cells.bytes().filter(u8::is_ascii_digit).count()
    };
    let candidates = [(0, 0), (50, 50), (99, 99), (0, 99), (99, 0)].map(|(x, y)| Move::Open { x, y });
    let best = *candidates.iter().max_by_key(|mv| opened(mv)).unwrap();
    (game, best)
}

fn flood_100x100(c: &mut Criterion) {
    let (game, mv) = big_board();
    c.bench_function("minesweeper/open largest region 100x100/10", |b| {
        b.iter_batched(|| game.clone(), |mut g| g.apply(black_box(&mv)), BatchSize::SmallInput)
    });
}

/// An Expert game after its first click, with the mines around one open number flagged: the chord
/// on that number opens its other neighbours.
fn chord_ready() -> (Minesweeper, Move) {
    let params = Params::expert();
    let mines = mine_layout(&params, 3, (15, 8));
    let mut game = Minesweeper::new(&params, 3).unwrap();
    game.apply(&Move::Open { x: 15, y: 8 }).unwrap();
    let view = game.view();
    let around = |x: usize, y: usize| {
        let (x, y) = (x as i64, y as i64);
        (-1..=1).flat_map(move |dy| (-1..=1).map(move |dx| (x + dx, y + dy)))
    };
    let is_mine = |x: i64, y: i64| mines.contains(&(x as usize, y as usize));
    for y in 0..16 {
        for x in 0..30 {
            let mut g = game.clone();
            let closed = around(x, y).filter(|&(nx, ny)| {
                (0..30).contains(&nx) && (0..16).contains(&ny) && view.cell(nx as usize, ny as usize) == '.'
            });
            let (mines_near, safe_near): (Vec<_>, Vec<_>) = closed.partition(|&(nx, ny)| is_mine(nx, ny));
            if !view.cell(x, y).is_ascii_digit() || safe_near.is_empty() || mines_near.is_empty() {
                continue;
            }
            for (nx, ny) in mines_near {
                g.apply(&Move::Mark { x: nx, y: ny }).unwrap();
            }
            let chord = Move::Chord { x: x as i64, y: y as i64 };
            if g.clone().apply(&chord) == Ok(Applied::Move) {
                return (g, chord);
            }
        }
    }
    panic!("no number to chord around");
}

fn chord(c: &mut Criterion) {
    let (game, mv) = chord_ready();
    c.bench_function("minesweeper/chord expert", |b| {
        b.iter_batched(|| game.clone(), |mut g| g.apply(black_box(&mv)), BatchSize::SmallInput)
    });
}

criterion_group!(benches, lay_expert, flood_100x100, chord);
criterion_main!(benches);
