//! How many finished games come back from a damaged store: a store of 10,000 games, a share of
//! its pages overwritten with random bytes, then opened as the app opens it at start-up (moved
//! aside, a fresh store, salvage). Prints the games recovered at 1%, 10% and 50% damaged pages,
//! over several seeds, and how long opening took.
//!
//! `cargo run --release -p pastimes --example salvage [games] [seeds]`

use pastimes_games::{bubbles, gomoku, minesweeper, Status};
use pastimes_lib::store::{FinishedGame, Store, StoreReport, DATABASE_FILE};
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::time::Instant;

fn finished(i: u32) -> FinishedGame {
    let kinds = [minesweeper::KIND, bubbles::KIND, gomoku::KIND];
    let won = !i.is_multiple_of(3);
    FinishedGame {
        game: kinds[i as usize % 3],
        category: ["beginner", "standard", "freestyle-medium"][i as usize % 3].into(),
        result: if won { Status::Won } else { Status::Lost },
        score: (i % 3 == 1).then_some(i64::from(i)),
        time_ms: 1000 + u64::from(i),
        moves: 10 + i,
        replay: false,
        started_at: "2026-01-01T00:00:00.000Z".into(),
        finished_at: format!("2026-{:02}-{:02}T00:00:{:02}.000Z", 1 + i / 3000 % 12, 1 + i / 100 % 28, i % 60),
        detail: format!("{{\"seed\":{i}}}"),
        rank_key: won.then_some(1000 + i64::from(i)),
        assistance: Default::default(),
        rate: None,
        record: None,
    }
}

/// Overwrites `fraction` of the file's pages, chosen from `seed`, with random bytes.
fn damage_pages(path: &Path, fraction: f64, seed: u64) -> (usize, usize) {
    let mut bytes = std::fs::read(path).unwrap();
    let page_size = usize::from(u16::from_be_bytes([bytes[16], bytes[17]]));
    let pages = bytes.len() / page_size;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut order: Vec<usize> = (0..pages).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    let damaged = ((pages as f64) * fraction).round() as usize;
    for &page in &order[..damaged] {
        rng.fill(&mut bytes[page * page_size..(page + 1) * page_size]);
    }
    std::fs::write(path, bytes).unwrap();
    (damaged, pages)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let seeds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let whole = tempfile_dir("whole");
    {
        let mut store = Store::open(&whole).unwrap();
        store.record_many((0..games).map(finished)).unwrap();
    } // closing checkpoints the log into the file
    let file = std::fs::read(whole.join(DATABASE_FILE)).unwrap();
    println!("a store of {games} finished games: {} KiB", file.len() / 1024);
    // What every start-up now costs: the read-only look and PRAGMA quick_check before opening.
    let start = Instant::now();
    let (_, report) = Store::open_recovering(&whole);
    println!(
        "opening it undamaged (with its quick_check): {:.0} ms, {report:?}",
        start.elapsed().as_secs_f64() * 1000.0
    );
    println!("damaged pages | games recovered per seed (of {games}) | median | mean | median time to open");
    for fraction in [0.01, 0.10, 0.50] {
        let mut recovered = Vec::new();
        let mut times = Vec::new();
        let mut pages = (0, 0);
        for seed in 0..seeds {
            let dir = tempfile_dir(&format!("damaged-{fraction}-{seed}"));
            std::fs::write(dir.join(DATABASE_FILE), &file).unwrap();
            pages = damage_pages(&dir.join(DATABASE_FILE), fraction, seed);
            let start = Instant::now();
            let (store, report) = Store::open_recovering(&dir);
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            let count = match report {
                StoreReport::MovedAside(moved) => moved.games_recovered,
                // The damage missed every page the check reads: the store opened as it was.
                StoreReport::Opened => store.unwrap().history_count(&Default::default()).unwrap() as u64,
                other => panic!("unexpected {other:?}"),
            };
            recovered.push(count);
            let _ = std::fs::remove_dir_all(&dir);
        }
        let mean = recovered.iter().sum::<u64>() as f64 / recovered.len() as f64;
        let mut sorted = recovered.clone();
        sorted.sort();
        times.sort_by(f64::total_cmp);
        println!(
            "{:>4.0}% ({} of {} pages) | {:?} | {} | {:.0} ({:.1}%) | {:.0} ms",
            fraction * 100.0,
            pages.0,
            pages.1,
            recovered,
            sorted[sorted.len() / 2],
            mean,
            mean * 100.0 / f64::from(games),
            times[times.len() / 2]
        );
    }
    let _ = std::fs::remove_dir_all(&whole);
}

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("pastimes-salvage-example-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
