//! Self-play positions for learning Gomoku's evaluation (issue #61, item 1; the games and the
//! file's format are `pastimes_lab::selfplay`'s):
//!
//! ```text
//! cargo run --release -p pastimes-lab --example gomoku_selfplay -- generate SEED GAMES NODES OUT [RULES]
//! cargo run --release -p pastimes-lab --example gomoku_selfplay -- stats FILE
//! ```
//!
//! `generate` plays GAMES games (game k under the k-th of RULES in turn, by default
//! `freestyle,exactFive,renju,caro`) at NODES main-search nodes a move on `SELFPLAY_THREADS`
//! threads (default one a processor) and writes them to OUT in game order: the same file on any
//! machine. It prints the positions a second, over the wall clock and over the processor time.
//! `SELFPLAY_LEARNED=1` plays with the engine's learned pattern table (`LEARNED_WEIGHTS=FILE`
//! for another; `pastimes_lab::point_patterns::patterns_from_env`): a generation's games.
//! `stats` checks a file (header, every record) and counts its positions by rule and outcome.

use pastimes_games::gomoku::Rule;
use pastimes_lab::point_patterns::patterns_from_env;
use pastimes_lab::selfplay::{header, play_game_with, read_file, read_header, Record, HEADER_BYTES};
use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match (args.first().map(String::as_str), args.len()) {
        (Some("generate"), 5 | 6) => {
            let number = |i: usize| args[i].parse::<u64>().expect("a number");
            let rules = args.get(5).map_or("freestyle,exactFive,renju,caro", String::as_str);
            let rules: Vec<Rule> = rules
                .split(',')
                .map(|name| Rule::ALL.into_iter().find(|r| r.as_str() == name).expect("a rule's name"))
                .collect();
            generate(number(1), number(2), number(3), &args[4], &rules);
        }
        (Some("stats"), 2) => return stats(&args[1]),
        _ => {
            eprintln!("usage: gomoku_selfplay generate SEED GAMES NODES OUT [RULES] | stats FILE");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

/// The processor time of the whole process so far, in seconds (Linux; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    let fields: Vec<&str> = stat.rsplit_once(')').map_or("", |(_, rest)| rest).split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

/// Finished games wait here until every game before them is written.
struct Writer {
    out: std::io::BufWriter<std::fs::File>,
    waiting: BTreeMap<u64, Vec<Record>>,
    next: u64,
    positions: u64,
}

impl Writer {
    fn put(&mut self, index: u64, records: Vec<Record>) {
        self.waiting.insert(index, records);
        while let Some(records) = self.waiting.remove(&self.next) {
            for record in &records {
                self.out.write_all(&record.encode()).expect("written");
            }
            self.positions += records.len() as u64;
            self.next += 1;
        }
    }
}

fn generate(seed: u64, games: u64, nodes: u64, path: &str, rules: &[Rule]) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads: usize = std::env::var("SELFPLAY_THREADS").ok().and_then(|n| n.parse().ok()).unwrap_or(cores).max(1);
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("the output file"));
    out.write_all(&header(seed, nodes)).expect("written");
    let writer = Mutex::new(Writer { out, waiting: BTreeMap::new(), next: 0, positions: 0 });
    // SELFPLAY_LEARNED=1: the engine evaluates and orders by a learned pattern table (the
    // built-in one, or LEARNED_WEIGHTS's), for the next generation's games (issue #61).
    let patterns = std::env::var_os("SELFPLAY_LEARNED").map(|_| patterns_from_env());
    let next = AtomicU64::new(0);
    let (started, cpu_before) = (Instant::now(), cpu_seconds());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= games {
                    break;
                }
                let records = play_game_with(seed, index, nodes, rules, patterns);
                let mut writer = writer.lock().unwrap();
                writer.put(index, records);
                if (index + 1).is_multiple_of(50) {
                    eprintln!(
                        "{} games written, {} positions, {:.0?}",
                        writer.next,
                        writer.positions,
                        started.elapsed()
                    );
                }
            });
        }
    });
    let mut writer = writer.into_inner().unwrap();
    writer.out.flush().expect("written");
    let (wall, cpu) = (started.elapsed().as_secs_f64(), cpu_seconds() - cpu_before);
    println!(
        "{games} games, {} positions ({} bytes) at {nodes} nodes a move on {threads} threads: {wall:.0} s wall, \
         {cpu:.0} s of processor; {:.1} positions a second, {:.1} a processor second",
        writer.positions,
        HEADER_BYTES as u64 + 64 * writer.positions,
        writer.positions as f64 / wall,
        writer.positions as f64 / cpu.max(1e-9),
    );
}

fn stats(path: &str) -> ExitCode {
    let bytes = std::fs::read(path).expect("the file");
    let (Some((seed, nodes)), Some(records)) = (read_header(&bytes), read_file(&bytes)) else {
        eprintln!("{path}: not a self-play file of this format");
        return ExitCode::FAILURE;
    };
    println!("{path}: seed {seed}, {nodes} nodes a move, {} positions", records.len());
    for rule in Rule::ALL {
        let of_rule: Vec<&Record> = records.iter().filter(|r| r.rule == rule).collect();
        let games = of_rule.iter().filter(|r| r.cells.iter().flatten().count() == 4).count();
        let count = |f: &dyn Fn(&Record) -> bool| of_rule.iter().filter(|r| f(r)).count();
        let black_won = count(&|r| r.cells.iter().flatten().count() == 4 && r.outcome == 2);
        let drawn = count(&|r| r.cells.iter().flatten().count() == 4 && r.outcome == 1);
        println!(
            "{:>10}: {games} games (black won {black_won}, drawn {drawn}), {} positions, {} forced, {} random",
            rule.as_str(),
            of_rule.len(),
            count(&|r| r.forced),
            count(&|r| r.random),
        );
    }
    ExitCode::SUCCESS
}
