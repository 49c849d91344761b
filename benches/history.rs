//! The history and the hall of fame with a million finished games: builds its own database (one
//! bulk transaction), then prints the median of each operation that has a budget (the hall of fame 20 ms, a history
//! page 10 ms, recording a game 2 ms).
//!
//! `cargo bench -p pastimes --bench history` (`PASTIMES_BENCH_GAMES=N` for another size).
//!
//! Every game carries a full record as the app stores it ([`pastimes_lib::records::record`]): real
//! moves of a board of its category, encoded by the app's own encoder, as long as the game's
//! move count. Encoding a million records one by one would take longer than the queries, so
//! each category deals a pool of records once and the games take theirs from it; SQLite stores
//! every copy, so the database's size and pages are those of a million recorded games.

use pastimes_games::{bubbles, gomoku, minesweeper};
use pastimes_games::{AnyGame, GameKind, Status};
use pastimes_lib::records::record::{self, GameRecord};
use pastimes_lib::store::{Cursor, FinishedGame, HistoryFilter, PageStart, Store, HALL_SIZE};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Categories, their share of the games (out of 1000) and the parameters of their boards.
const CATEGORIES: &[(GameKind, &str, u32, &str)] = &[
    (minesweeper::KIND, "beginner", 200, r#"{"level":"beginner"}"#),
    (minesweeper::KIND, "intermediate", 120, r#"{"level":"intermediate"}"#),
    (minesweeper::KIND, "expert", 80, r#"{"level":"expert"}"#),
    (minesweeper::KIND, "custom-20x12/40", 20, r#"{"level":"custom","width":20,"height":12,"mines":40}"#),
    (minesweeper::KIND, "custom-50x40/300", 10, r#"{"level":"custom","width":50,"height":40,"mines":300}"#),
    (minesweeper::KIND, "custom-100x100/2000", 5, r#"{"level":"custom","width":100,"height":100,"mines":2000}"#),
    (minesweeper::KIND, "custom-9x9/20", 15, r#"{"level":"custom","width":9,"height":9,"mines":20}"#),
    (bubbles::KIND, "standard", 120, r#"{"style":"standard"}"#),
    (bubbles::KIND, "megashift", 80, r#"{"style":"megashift"}"#),
    (bubbles::KIND, "continuous", 60, r#"{"style":"continuous"}"#),
    (bubbles::KIND, "shifter", 40, r#"{"style":"shifter"}"#),
    (gomoku::KIND, "freestyle-easy", 60, r#"{"rule":"freestyle","opponent":"easy"}"#),
    (gomoku::KIND, "freestyle-medium", 50, r#"{"rule":"freestyle","opponent":"medium"}"#),
    (gomoku::KIND, "freestyle-hard", 30, r#"{"rule":"freestyle","opponent":"hard"}"#),
    (gomoku::KIND, "exactFive-easy", 30, r#"{"rule":"exactFive","opponent":"easy"}"#),
    (gomoku::KIND, "exactFive-medium", 20, r#"{"rule":"exactFive","opponent":"medium"}"#),
    (gomoku::KIND, "exactFive-hard", 20, r#"{"rule":"exactFive","opponent":"hard"}"#),
    (gomoku::KIND, "freestyle-human", 30, r#"{"rule":"freestyle","opponent":"human"}"#),
    (gomoku::KIND, "exactFive-human", 10, r#"{"rule":"exactFive","opponent":"human"}"#),
];

/// Records dealt per category (see the module's doc).
const POOL: usize = 256;

/// A pool of encoded records for each category, in the order of [`CATEGORIES`].
fn record_pools(rng: &mut StdRng) -> Vec<Vec<(u32, Vec<u8>)>> {
    CATEGORIES
        .iter()
        .map(|&(kind, _, _, params)| {
            let params: serde_json::Value = serde_json::from_str(params).expect("bench parameters");
            let dealt = (kind.info().new_game)(&params, 7).expect("a board of the category");
            (0..POOL).map(|_| encoded_record(dealt.as_ref(), rng)).collect()
        })
        .collect()
}

/// A record of 5 to 400 moves of `dealt`, at a human pace (0.1 to 3 s a move), and its length.
fn encoded_record(dealt: &dyn AnyGame, rng: &mut StdRng) -> (u32, Vec<u8>) {
    let mut codes = 0;
    while dealt.code_move(codes).is_some() {
        codes += 1;
    }
    let count = rng.random_range(5..400u32).min(codes / 3 + 5);
    let mut record = GameRecord::default();
    let mut at = 0;
    for _ in 0..count {
        record.moves.push(dealt.code_move(rng.random_range(0..codes)).expect("a code of the game"));
        at += rng.random_range(100..3_000u64);
        record.times_ms.push(at);
    }
    (count, record::encode(dealt, &record))
}

fn timestamp(ms: i64) -> String {
    pastimes_lib::store::timestamp(chrono::DateTime::from_timestamp_millis(ms).unwrap())
}

/// The `n`-th game: about two minutes after the one before, from 2020 on.
fn game(rng: &mut StdRng, pools: &[Vec<(u32, Vec<u8>)>], at_ms: i64) -> FinishedGame {
    let mut pick = rng.random_range(0..1000);
    let index = CATEGORIES
        .iter()
        .position(|(_, _, share, _)| {
            let hit = pick < *share;
            pick = pick.saturating_sub(*share);
            hit
        })
        .unwrap_or(0);
    let (kind, category, _, _) = CATEGORIES[index];
    let (moves, record) = pools[index][rng.random_range(0..POOL)].clone();
    let time_ms = rng.random_range(2_000..600_000u64);
    // Results shaped like each game's own (this bench makes data, not games).
    let (result, score, rank_key, replay) = match kind.as_str() {
        "minesweeper" => {
            let won = rng.random_bool(0.4);
            let replay = rng.random_bool(0.1);
            let result = if won { Status::Won } else { Status::Lost };
            (result, None, (won && !replay).then_some(time_ms as i64), replay)
        }
        "bubbles" => {
            let score = rng.random_range(50..5000i64);
            (Status::Finished, Some(score), Some(-score), false)
        }
        _ => {
            let result = match rng.random_range(0..100) {
                0 => Status::Draw,
                1..=45 => Status::Won,
                _ => Status::Lost,
            };
            let computer = !category.ends_with("human");
            let rank = (computer && result == Status::Won)
                .then(|| rng.random_range(5..60i64) * 10_000_000_000 + time_ms as i64);
            (result, None, rank, false)
        }
    };
    FinishedGame {
        game: kind,
        category: category.into(),
        result,
        score,
        time_ms,
        moves,
        replay,
        started_at: timestamp(at_ms - time_ms as i64),
        finished_at: timestamp(at_ms),
        detail: format!("{{\"seed\":\"{}\",\"params\":{{}}}}", rng.random::<u64>()),
        rank_key,
        assistance: Default::default(),
        rate: None,
        record: Some(record),
    }
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

/// Runs `f` `runs` times (after two warm-up runs) and prints the median and the slowest.
fn measure<T>(what: &str, budget_ms: Option<f64>, runs: usize, mut f: impl FnMut(usize) -> T) -> Duration {
    for i in 0..2 {
        std::hint::black_box(f(i));
    }
    let samples: Vec<Duration> = (0..runs)
        .map(|i| {
            let start = Instant::now();
            std::hint::black_box(f(i));
            start.elapsed()
        })
        .collect();
    let slowest = *samples.iter().max().unwrap();
    let m = median(samples);
    let verdict = match budget_ms {
        Some(budget) if m.as_secs_f64() * 1000.0 <= budget => format!("  (budget {budget} ms: ok)"),
        Some(budget) => format!("  (budget {budget} ms: OVER)"),
        None => String::new(),
    };
    println!("{what:<58} median {:>10}  max {:>10}{verdict}", ms(m), ms(slowest));
    m
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument is ignored.
    let count: u64 = std::env::var("PASTIMES_BENCH_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(1_000_000);
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut store = Store::open(dir.path()).expect("a new store");
    let mut rng = StdRng::seed_from_u64(2026);
    let pools = record_pools(&mut rng);
    let start_ms = 1_577_836_800_000i64; // 2020-01-01
    let build = Instant::now();
    let mut at = start_ms;
    let games = (0..count).map(|_| {
        at += rng.random_range(30_000..210_000);
        game(&mut rng, &pools, at)
    });
    store.record_many(games).expect("bulk insert");
    let size = std::fs::metadata(dir.path().join(pastimes_lib::store::DATABASE_FILE)).map(|m| m.len()).unwrap_or(0);
    println!(
        "built {count} finished games with records in {:.1} s: database {} MiB, {} bytes a game",
        build.elapsed().as_secs_f64(),
        size >> 20,
        size / count.max(1)
    );
    let last_ms = at;

    // The cursors of pages deep in the history: existing rows at random places.
    let all = HistoryFilter::default();
    let mut cursors: Vec<Cursor> = Vec::new();
    let mut rng = StdRng::seed_from_u64(11);
    for _ in 0..64 {
        let when = timestamp(rng.random_range(start_ms..last_ms));
        let page =
            store.history(&HistoryFilter { to: Some(when), ..Default::default() }, &PageStart::Newest, 1).unwrap();
        if let Some(row) = page.rows.first() {
            cursors.push(Cursor { finished_at: row.finished_at.clone(), id: row.id });
        }
    }

    println!("\n-- hall of fame --");
    measure("hall of fame, all games and categories", Some(20.0), 101, |_| {
        GameKind::all()
            .map(|kind| {
                store
                    .hall_categories(kind)
                    .unwrap()
                    .iter()
                    .map(|category| store.hall_of_fame(kind, category).unwrap().len())
                    .sum::<usize>()
            })
            .sum::<usize>()
    });

    println!("\n-- one history page of 50 --");
    let year_ago = |m: i64| timestamp(last_ms - m * 86_400_000);
    let filters: Vec<(&str, HistoryFilter)> = vec![
        ("all games", all.clone()),
        ("one game", HistoryFilter { game: Some(gomoku::KIND), ..Default::default() }),
        (
            "one category",
            HistoryFilter { game: Some(minesweeper::KIND), category: Some("expert".into()), ..Default::default() },
        ),
        ("one result (draws: rare)", HistoryFilter { result: Some(Status::Draw), ..Default::default() }),
        (
            "game + result",
            HistoryFilter { game: Some(minesweeper::KIND), result: Some(Status::Won), ..Default::default() },
        ),
        (
            "category + result + a year",
            HistoryFilter {
                game: Some(gomoku::KIND),
                category: Some("freestyle-hard".into()),
                result: Some(Status::Won),
                from: Some(year_ago(730)),
                to: Some(year_ago(365)),
            },
        ),
        (
            "a date range (one month)",
            HistoryFilter { from: Some(year_ago(400)), to: Some(year_ago(370)), ..Default::default() },
        ),
    ];
    let mut worst_page = Duration::ZERO;
    for (name, filter) in &filters {
        let first = measure(&format!("{name}: newest page"), Some(10.0), 201, |_| {
            store.history(filter, &PageStart::Newest, 50).unwrap()
        });
        let deep = measure(&format!("{name}: a page deep inside (keyset)"), Some(10.0), 201, |i| {
            store.history(filter, &PageStart::OlderThan(cursors[i % cursors.len()].clone()), 50).unwrap()
        });
        let back = measure(&format!("{name}: the page before (newer)"), Some(10.0), 201, |i| {
            store.history(filter, &PageStart::NewerThan(cursors[i % cursors.len()].clone()), 50).unwrap()
        });
        worst_page = worst_page.max(first).max(deep).max(back);
    }
    println!("{:<58} median {:>10}", "worst history page median", ms(worst_page));

    println!("\n-- counts (shown beside the history; not on the page's path) --");
    measure("count, all games", None, 21, |_| store.history_count(&all).unwrap());
    measure("count, one category", None, 21, |_| store.history_count(&filters[2].1).unwrap());

    println!("\n-- chart and statistics of one category --");
    for (kind, category) in [
        (minesweeper::KIND, "beginner"),
        (bubbles::KIND, "standard"),
        (gomoku::KIND, "freestyle-hard"),
        (minesweeper::KIND, "custom-100x100/2000"),
    ] {
        let chart = store.category_chart(kind, category).unwrap();
        measure(
            &format!(
                "chart {}/{} ({} games, {} drawn)",
                kind.as_str(),
                category,
                chart.stats.played,
                chart.points.len()
            ),
            Some(30.0),
            101,
            |_| store.category_chart(kind, category).unwrap(),
        );
    }

    println!("\n-- recording a finished game (committed: WAL, synchronous=NORMAL) --");
    let mut rng = StdRng::seed_from_u64(99);
    let mut at = last_ms;
    measure("record a finished game", Some(2.0), 501, |_| {
        at += 60_000;
        store.record_finished(&game(&mut rng, &pools, at)).unwrap()
    });

    println!("\n-- reset preview --");
    measure("what a reset of everything would remove", None, 21, |_| store.reset_preview(None).unwrap());

    println!("\n-- query plans --");
    let plan = |what: &str, sql: &str, args: &[&dyn rusqlite::ToSql]| {
        println!("{what}:\n    {}", store.query_plan(sql, args).unwrap().replace('\n', "\n    "));
    };
    let cursor_at = cursors[0].finished_at.clone();
    let cursor_id = cursors[0].id;
    plan(
        "history page, one game, older than a cursor",
        "SELECT id FROM finished_games WHERE game = ? AND (finished_at, id) < (?, ?) ORDER BY finished_at DESC, id DESC LIMIT 51",
        &[&"gomoku", &cursor_at, &cursor_id],
    );
    plan(
        "history page, category + result + dates",
        "SELECT id FROM finished_games WHERE game = ? AND category = ? AND result = ? AND finished_at >= ? AND finished_at < ?
         ORDER BY finished_at DESC, id DESC LIMIT 51",
        &[&"gomoku", &"freestyle-hard", &"won", &year_ago(730), &year_ago(365)],
    );
    plan(
        "hall of fame of one category",
        "SELECT id FROM finished_games WHERE game = ? AND category = ? AND rank_key IS NOT NULL
         ORDER BY rank_key, finished_at, id LIMIT ?",
        &[&"minesweeper", &"expert", &HALL_SIZE],
    );
}
