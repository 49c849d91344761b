//! Gomoku's puzzle set (`src-tauri/games/src/gomoku/puzzles/puzzles.txt`): made from the
//! engine's own games, proven, counted and timed (run in release):
//!
//! ```text
//! cargo run --release -p pastimes-lab --example gomoku_puzzles -- generate PER_RULE [GAMES] > puzzles.txt
//! cargo run --release -p pastimes-lab --example gomoku_puzzles -- check FILE   # re-prove every puzzle
//! cargo run --release -p pastimes-lab --example gomoku_puzzles -- table FILE   # count by rule, grade, kind
//! cargo run --release -p pastimes-lab --example gomoku_puzzles -- bench FILE   # time to check a player's move
//! ```
//!
//! `generate` plays games of the engine against itself under each rule (game `g` of a rule is
//! seeded `g`: a few seeded stones near the centre, then each side at a seeded level among
//! beginner, easy and medium on [`MOVE_NODES`] nodes a move, so the same games on any machine),
//! and looks at every position for the side to move's forced win (the threat searches,
//! [`DETECT_NODES`] each). The first position of a game where a side has one is proven
//! ([`prove::prove`], [`PROVE_NODES`] a search): one winning first move and no other, within
//! 3 to 15 of the attacker's moves; if so it is a puzzle. Each side is looked at until its
//! first win of the game, so Renju gives black's wins and white's. It stops at PER_RULE
//! puzzles of a rule (or GAMES games, 4,000 by default), three rules on three threads.
//! `check` proves a file's every puzzle again, as made: the same first move, kind and line.
//! `bench` plays each puzzle's line as a player would, judging every move as the app does, and
//! prints the time to judge a move and answer it (mean, p99, max).

use pastimes_games::gomoku::ai::Limits;
use pastimes_games::gomoku::puzzles::board::PuzzleGame;
use pastimes_games::gomoku::puzzles::{prove, set, Puzzle, WinKind};
use pastimes_games::gomoku::{ai, search_level, Gomoku, Level, Point, Rule};
use pastimes_games::{Game, PuzzleBoard};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The tool's version, written in the file's header: a new version makes another set.
const VERSION: u32 = 1;
/// Each move of the games, in main-search nodes.
const MOVE_NODES: u64 = 3_000;
/// The search for a forced win in each position of a game.
const DETECT_NODES: u64 = 20_000;
/// Each search of a proof.
const PROVE_NODES: u64 = 400_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    match arg(0) {
        Some("generate") => {
            let per_rule = arg(1).and_then(|a| a.parse().ok()).unwrap_or(110);
            let games = arg(2).and_then(|a| a.parse().ok()).unwrap_or(4_000);
            generate(per_rule, games, &args);
        }
        Some("check") => check(&read(arg(1))),
        Some("table") => table(&read(arg(1))),
        Some("bench") => bench(&read(arg(1))),
        _ => eprintln!("usage: gomoku_puzzles generate PER_RULE [GAMES] | check FILE | table FILE | bench FILE"),
    }
}

fn read(path: Option<&str>) -> Vec<Puzzle> {
    let path = path.expect("a puzzle file");
    let text = std::fs::read_to_string(path).expect("readable");
    set::read(&text).expect("a valid puzzle file")
}

fn generate(per_rule: usize, games: u64, args: &[String]) {
    let started = Instant::now();
    let found: Vec<Vec<Puzzle>> = std::thread::scope(|scope| {
        let threads: Vec<_> =
            Rule::ALL.iter().map(|&rule| scope.spawn(move || puzzles_of(rule, per_rule, games))).collect();
        threads.into_iter().map(|t| t.join().expect("a generating thread")).collect()
    });
    let mut puzzles: Vec<Puzzle> = found.into_iter().flatten().collect();
    puzzles.sort_by_key(|p| (Rule::ALL.iter().position(|&r| r == p.rule), p.grade(), p.kind.as_str(), p.id.clone()));
    let header = vec![
        "Pastimes Gomoku puzzles, format 1: find the forced win.".to_string(),
        format!("Made by the lab's gomoku_puzzles, version {VERSION}, from the engine's own games:"),
        format!("cargo run --release -p pastimes-lab --example gomoku_puzzles -- {}", args.join(" ")),
        format!(
            "Games at {MOVE_NODES} nodes a move, wins looked for at {DETECT_NODES}, proven at {PROVE_NODES} a search."
        ),
        "A line: rule, kind, grade (the attacker's moves), the stones, the solution (two letters a point).".to_string(),
    ];
    print!("{}", set::write(&header, &puzzles));
    eprintln!("{} puzzles in {:.0} s", puzzles.len(), started.elapsed().as_secs_f64());
    table(&puzzles);
}

/// Up to `wanted` puzzles from the games of `rule`.
fn puzzles_of(rule: Rule, wanted: usize, games: u64) -> Vec<Puzzle> {
    let mut puzzles = Vec::new();
    let mut seen = HashSet::new();
    for g in 0..games {
        for puzzle in puzzles_of_game(rule, g) {
            if seen.insert(puzzle.id.clone()) {
                puzzles.push(puzzle);
            }
        }
        if g % 50 == 49 {
            eprintln!("{} game {}: {} puzzles", rule.as_str(), g + 1, puzzles.len());
        }
        if puzzles.len() >= wanted {
            break;
        }
    }
    puzzles
}

/// The puzzles of one game: each side's first forced win, if it proves to be a puzzle.
fn puzzles_of_game(rule: Rule, g: u64) -> Vec<Puzzle> {
    let cancel = AtomicBool::new(false);
    let mut rng = ChaCha8Rng::seed_from_u64(g);
    let mut game = set::start(rule);
    let levels = [Level::Beginner, Level::Easy, Level::Medium];
    let level = [levels[rng.random_range(0..3)], levels[rng.random_range(0..3)]];
    let opening = rng.random_range(1..=4);
    let mut looked = [false; 2];
    let mut puzzles = Vec::new();
    while !game.status().is_over() && game.moves().len() < 120 {
        let n = game.moves().len();
        let side = game.side_to_move().index();
        if n >= opening && !looked[side] && has_forced_win(&game, &cancel) {
            looked[side] = true;
            if let Ok(proof) = prove::prove(&game, PROVE_NODES) {
                let stones = game.moves().to_vec();
                puzzles.push(Puzzle {
                    id: set::id_of(rule, &stones),
                    rule,
                    kind: proof.kind,
                    stones,
                    line: proof.line,
                });
            }
        }
        let next = if n < opening { near_centre(&game, &mut rng) } else { engine_move(&game, level[side], &cancel) };
        let Some(p) = next else { break };
        if game.play(p.into()).is_err() {
            break;
        }
    }
    puzzles
}

fn has_forced_win(game: &Gomoku, cancel: &AtomicBool) -> bool {
    prove::is_open(game)
        && (ai::forced_win(game, false, DETECT_NODES, cancel).is_some()
            || ai::forced_win(game, true, DETECT_NODES, cancel).is_some())
}

fn engine_move(game: &Gomoku, level: Level, cancel: &AtomicBool) -> Option<Point> {
    let mv = search_level(game, level, &Limits::nodes(MOVE_NODES), ai::move_seed(game), cancel).best?;
    pastimes_games::gomoku::BoardSize::Fifteen.point(mv.x, mv.y)
}

/// A seeded legal stone within two points of the centre.
fn near_centre(game: &Gomoku, rng: &mut ChaCha8Rng) -> Option<Point> {
    (0..50).find_map(|_| {
        let p = pastimes_games::gomoku::BoardSize::Fifteen.point(rng.random_range(5..=9), rng.random_range(5..=9))?;
        game.clone().play(p.into()).ok().map(|_| p)
    })
}

fn check(puzzles: &[Puzzle]) {
    let started = Instant::now();
    let mut failed = 0;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let game = start_of(puzzle);
        let verdict = prove::prove(&game, PROVE_NODES);
        let same = matches!(&verdict, Ok(proof) if proof.first == puzzle.line[0] && proof.kind == puzzle.kind && proof.line == puzzle.line);
        if !same {
            failed += 1;
            eprintln!("puzzle {} ({}): {verdict:?}", i + 1, puzzle.id);
        }
    }
    println!("{} puzzles proven again, {failed} differ, in {:.1} s", puzzles.len(), started.elapsed().as_secs_f64());
}

fn start_of(puzzle: &Puzzle) -> Gomoku {
    let mut game = set::start(puzzle.rule);
    for &p in &puzzle.stones {
        game.play(p.into()).expect("a valid set");
    }
    game
}

fn table(puzzles: &[Puzzle]) {
    let mut counts: BTreeMap<(usize, &str, u8), usize> = BTreeMap::new();
    for p in puzzles {
        let rule = Rule::ALL.iter().position(|&r| r == p.rule).unwrap_or(0);
        *counts.entry((rule, p.kind.as_str(), p.grade())).or_default() += 1;
    }
    println!("| rule | kind | grades 3-5 | 6-9 | 10-15 | all |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for (r, rule) in Rule::ALL.iter().enumerate() {
        for kind in [WinKind::Vcf, WinKind::Vct] {
            let band = |grades: std::ops::RangeInclusive<u8>| -> usize {
                grades.map(|g| counts.get(&(r, kind.as_str(), g)).copied().unwrap_or(0)).sum()
            };
            println!(
                "| {} | {} | {} | {} | {} | {} |",
                rule.as_str(),
                kind.as_str(),
                band(3..=5),
                band(6..=9),
                band(10..=15),
                band(3..=15)
            );
        }
    }
    let white = puzzles.iter().filter(|p| p.rule == Rule::Renju && p.stones.len() % 2 == 1).count();
    println!("Renju: {white} of white's wins; {} puzzles in all", puzzles.len());
    let grades: BTreeMap<u8, usize> = puzzles.iter().fold(BTreeMap::new(), |mut m, p| {
        *m.entry(p.grade()).or_default() += 1;
        m
    });
    println!("by grade: {grades:?}");
}

/// Plays each puzzle's line, and a wrong first move, as the app judges them: the time of each.
fn bench(puzzles: &[Puzzle]) {
    let mut times: Vec<Duration> = Vec::new();
    for puzzle in puzzles {
        let mut board = PuzzleGame::new(puzzle.clone()).expect("a valid puzzle");
        if let Some(wrong) = wrong_first_move(puzzle, board.game()) {
            let started = Instant::now();
            board.act(&serde_json::json!({"play": wrong})).expect("a legal move");
            times.push(started.elapsed());
            board.act(&serde_json::json!("retry")).expect("a retry");
        }
        for &p in puzzle.line.iter().step_by(2) {
            let started = Instant::now();
            board.act(&serde_json::json!({"play": p})).expect("the line's move");
            times.push(started.elapsed());
        }
        assert!(board.progress().solved, "puzzle {} solved by its line", puzzle.id);
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = times.iter().map(|&d| ms(d)).sum::<f64>() / times.len() as f64;
    let p99 = times[(times.len() * 99).div_ceil(100) - 1];
    println!(
        "{} moves judged: mean {:.2} ms, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        times.len(),
        mean,
        ms(times[times.len() / 2]),
        ms(p99),
        ms(times[times.len() - 1])
    );
}

/// A legal first move that is not the solution: the point beside it.
fn wrong_first_move(puzzle: &Puzzle, game: &Gomoku) -> Option<serde_json::Value> {
    let first = puzzle.line[0];
    [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, -1)].into_iter().find_map(|(dx, dy)| {
        let p = pastimes_games::gomoku::BoardSize::Fifteen.point(i64::from(first.x) + dx, i64::from(first.y) + dy)?;
        game.clone().play(p.into()).ok()?;
        Some(serde_json::json!(p))
    })
}
