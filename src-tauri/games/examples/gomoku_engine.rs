//! The Gomoku engine's figures, printed (run in release):
//!
//! ```text
//! cargo run --release -p pastimes-games --example gomoku_engine -- speed        # 20 positions, 1 s each
//! cargo run --release -p pastimes-games --example gomoku_engine -- speed-old OLD # the same for an old engine
//! cargo run --release -p pastimes-games --example gomoku_engine -- vcf          # forced-win puzzles
//! cargo run --release -p pastimes-games --example gomoku_engine -- budget       # hard's move times, app limits
//! cargo run --release -p pastimes-games --example gomoku_engine -- ladder PAIRING GAMES [NODES] [OLD_NODES]
//! ```
//!
//! Ladder pairings: `medium-easy`, `hard-medium`, `easy-random`, and `hard-old`, which plays
//! against an older engine behind a pipe: a program (path in `OLD_ENGINE`) that reads lines
//! `<rule> <level> <nodes> <seed> <moves...>` and answers `<move> <nodes> <micros> <depth>`.
//! Searches in the ladder are limited by nodes, so a ladder is reproducible; openings are three
//! seeded random stones near the centre, each played twice with the colours swapped.

use pastimes_games::gomoku::ai::{forced_win, move_seed, search_level, Limits};
use pastimes_games::gomoku::{Colour, Gomoku, Level, Move, Opponent, Params, Point, SIZE};
use pastimes_games::{Game, Status};
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Twenty positions from seeded openings continued by the engine of commit 5ee5e47 at medium
/// (3 to 22 moves on), moves in order, black first.
const POSITIONS: [&str; 20] = [
    "J8 G9 G10 H10 I11 F8",
    "J7 G7 H7 H8 I9 F6 I7",
    "H6 H10 H9 I10 H7 G10 F10 F9",
    "G9 G8 K6 H8 J5 H9 H6 F7 I10",
    "G8 G7 H10 F8 E9 F7 F9 H7 E7 F6",
    "G7 K8 H7 I8 H8 H9 I7 J7 G10 G9 I9",
    "H6 K8 K6 L6 I6 L7 G6 J6 L5 J9 M6 J8",
    "H6 J6 F8 I5 F6 H4 G3 K7 L8 J8 F7 F5 E6",
    "G9 K9 J9 K8 H9 K10 K7 J8 I7 J7 H8 J6 F10 E11",
    "J6 F9 J9 F10 J8 J7 K7 F8 F7 H10 L8 M9 K8 I8 I5",
    "K8 K7 F7 J8 J7 I9 H10 L6 M5 J6 I6 L9 L8 K9 J9 I7",
    "F6 G7 F9 G8 F7 F8 E8 G6 G9 E9 D10 H8 I8 H6 I5 H7 H9",
    "J6 H9 K6 H8 J5 I6 J4 J3 K5 H6 H7 J8 I4 H3 K4 L4 K7 K8",
    "J7 F9 F7 E8 I6 G8 H5 G4 H7 H8 I8 I7 J6 G6 G5 G10 K8 L9 H11",
    "G7 H7 J9 G8 I6 F9 J7 H9 K8 H5 L9 M10 J8 H8 H6 H11 H10 E10 D11 J6",
    "H9 K8 H8 K6 G8 H6 I10 J11 E8 F8 G7 K5 K7 J6 F7 E6 G6 L6 I6 M6 N6",
    "K10 G7 K7 G6 K8 K9 J9 I10 J8 G5 G8 I8 J7 G3 G4 J10 I6 H5 J5 J6 H7 F9",
    "G9 F6 K7 G6 I9 E6 H6 J8 I7 H9 I8 I6 H8 J6 J7 H7 I11 I10 G8 F8 G11 G7 E11",
    "F10 J6 K6 I5 J7 K7 H4 I7 I6 L8 M9 K8 I8 L5 J5 L4 K5 K4 L7 M8 I4 H3 N8 L6",
    "J7 J6 K8 I7 I6 L9 K6 K5 L4 H8 G9 I9 L5 M4 L7 L6 J9 M6 I8 H9 H7 K10 J5 M8 G8",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("speed") => speed(),
        Some("speed-old") => speed_old(&args[1]),
        Some("vcf") => puzzles(),
        Some("budget") => budget(),
        Some("ladder") => {
            let games: usize = args.get(2).map_or(40, |n| n.parse().expect("games"));
            let nodes: u64 = args.get(3).map_or(40_000, |n| n.parse().expect("nodes"));
            let old_nodes: u64 = args.get(4).map_or(nodes, |n| n.parse().expect("old nodes"));
            ladder(&args[1], games, nodes, old_nodes);
        }
        _ => eprintln!(
            "usage: gomoku_engine speed | speed-old OLD | vcf | budget | ladder PAIRING GAMES [NODES] [OLD_NODES]"
        ),
    }
}

fn game_of(moves: &str) -> Gomoku {
    let mut game = Gomoku::new(&Params::default(), 2024).unwrap();
    for name in moves.split_whitespace() {
        game.play(Point::parse_notation(name).unwrap().into()).unwrap();
    }
    game
}

fn notation(mv: Move) -> String {
    Point::new(mv.x, mv.y).unwrap().notation()
}

fn moves_text(game: &Gomoku) -> String {
    game.moves().iter().map(|p| p.notation()).collect::<Vec<_>>().join(" ")
}

/// Hard with a 1 s budget from each position: the main search's speed and depth.
fn speed() {
    println!(
        "{:>3} {:>5} {:>11} {:>6} {:>10} {:>10} {:>10} {:>8}",
        "pos", "move", "decision", "depth", "main", "main n/s", "all", "time"
    );
    let (mut nodes, mut time, mut depths) = (0u64, Duration::ZERO, Vec::new());
    for (i, moves) in POSITIONS.iter().enumerate() {
        let game = game_of(moves);
        let r = search_level(&game, Level::Hard, &Limits::time(Duration::from_secs(1)), 1, &AtomicBool::new(false));
        let nps = r.main_nodes as f64 / r.main_time.as_secs_f64().max(1e-9);
        println!(
            "{:>3} {:>5} {:>11} {:>6} {:>10} {:>10.0} {:>10} {:>8.0?}",
            i + 1,
            notation(r.best.unwrap()),
            format!("{:?}", r.decision),
            r.depth,
            r.main_nodes,
            nps,
            r.nodes,
            r.elapsed
        );
        if r.main_nodes > 0 {
            nodes += r.main_nodes;
            time += r.main_time;
            depths.push(r.depth);
        }
    }
    depths.sort_unstable();
    println!(
        "main search: {:.0} nodes/s over {} searched positions; depth in 1 s: median {}, min {}, max {}",
        nodes as f64 / time.as_secs_f64(),
        depths.len(),
        depths.get(depths.len() / 2).copied().unwrap_or(0),
        depths.first().copied().unwrap_or(0),
        depths.last().copied().unwrap_or(0)
    );
}

/// The same positions for an old engine behind a pipe, 1 s each (its nodes include its
/// threat searches; it does not report the main search's share).
fn speed_old(program: &str) {
    let mut old = OldEngine::start(program);
    let (mut nodes, mut micros, mut depths) = (0u64, 0u64, Vec::new());
    for (i, moves) in POSITIONS.iter().enumerate() {
        let (mv, n, us, depth) = old.ask(&format!("free hard t1000 1 {moves}"));
        println!(
            "{:>3} {:>5} depth {:>3} nodes {:>9} {:>9.0} n/s {:>6} ms",
            i + 1,
            mv,
            depth,
            n,
            n as f64 * 1e6 / us.max(1) as f64,
            us / 1000
        );
        nodes += n;
        micros += us;
        if depth > 0 {
            depths.push(depth);
        }
    }
    depths.sort_unstable();
    println!(
        "old engine: {:.0} nodes/s (all searches); depth in 1 s: median {}, min {}, max {}",
        nodes as f64 * 1e6 / micros as f64,
        depths.get(depths.len() / 2).copied().unwrap_or(0),
        depths.first().copied().unwrap_or(0),
        depths.last().copied().unwrap_or(0)
    );
}

/// Hard with the app's limits on every benchmark position: every move within 2 s?
fn budget() {
    let mut worst = Duration::ZERO;
    for moves in POSITIONS {
        let game = game_of(moves);
        let r = search_level(
            &game,
            Level::Hard,
            &Limits::for_level(Level::Hard),
            move_seed(&game),
            &AtomicBool::new(false),
        );
        worst = worst.max(r.elapsed);
    }
    println!("hard, app limits, 20 positions: slowest move {worst:?} (budget 2 s)");
}

/// Positions with a known win by continuous fours for the side to move, built by hand: the
/// stones of each side, the side to move, and the moves in the win (attacker's moves only).
const PUZZLES: [(&str, &str, &str, usize); 8] = [
    // name, black, white, attacker's fours needed (the last one makes the open/double four)
    ("four-three", "F8 G8 H8 J5 J6 J7", "E8 A1 A3 O15 O13 B14", 2),
    ("four-four", "F8 G8 H8 J6 J7 J9", "E8 A1 A3 O15 O13 J10", 1),
    ("split-three ladder", "E8 F8 G8 H5 H6", "D8 A1 A3 O15 O13", 2),
    ("diagonal turn", "D4 E5 F6 H8 H9 H10", "C3 H11 A15 O1 O3 A13", 2),
    ("two-step", "E5 F5 G5 J6 J7 K8 L8", "D5 J5 A1 O15 A15 O1 B1", 3),
    ("corner", "A1 B2 C3 A3 A4 A5 B4", "E5 A2 A6 O15 O14 O13 N15", 2),
    ("long ladder", "C3 D4 E5 G3 G4 G5 I7 J7", "B2 G2 G6 O15 N15 M15 L15 A15", 3),
    ("edge", "O5 O6 O7 N8 M9 L12", "O4 O8 K10 A1 A15 B1 C1", 2),
];

/// A game from the two sides' stones, played in turn; when the attacker (`to_move`) has one
/// stone more than it may, a filler stone far away goes to the other side.
fn puzzle_game(black: &str, white: &str) -> Gomoku {
    let mut game = Gomoku::new(&Params::default(), 1).unwrap();
    let (b, w): (Vec<&str>, Vec<&str>) = (black.split_whitespace().collect(), white.split_whitespace().collect());
    for i in 0..b.len().max(w.len()) {
        for side in [&b, &w] {
            if let Some(name) = side.get(i) {
                game.play(Point::parse_notation(name).unwrap().into()).unwrap();
            }
        }
    }
    game
}

/// Whether `line` (attacker first) is a win by continuous fours under the rules: each of the
/// defender's moves is the only one that stops an immediate five (or none does), the defender
/// never has a five of its own, and the line ends in the attacker's five.
fn verify_vcf(game: &Gomoku, line: &[Move]) -> bool {
    let mut game = game.clone();
    let attacker = game.side_to_move();
    for &mv in line {
        if game.side_to_move() != attacker {
            if !winning_points(&game).is_empty() {
                return false;
            }
            let mut passed = game.clone();
            passed.play(far_point(&passed)).ok();
            if winning_points(&passed).len() > 1 || !winning_points(&passed).contains(&mv) {
                return false;
            }
        }
        if game.play(mv).is_err() {
            return false;
        }
    }
    game.winner() == Some(attacker)
}

/// A free point far from everything (to let one side pass in a check).
fn far_point(game: &Gomoku) -> Move {
    Point::all()
        .filter(|p| game.board().get(*p).is_none())
        .max_by_key(|p| game.moves().iter().map(|q| (p.x.abs_diff(q.x)).max(p.y.abs_diff(q.y))).min().unwrap_or(0))
        .unwrap()
        .into()
}

/// Every point where the side to move makes five now.
fn winning_points(game: &Gomoku) -> Vec<Move> {
    Point::all()
        .filter(|p| game.board().get(*p).is_none())
        .map(Move::from)
        .filter(|&mv| {
            let mut next = game.clone();
            next.play(mv).is_ok() && next.winner().is_some()
        })
        .collect()
}

fn puzzles() {
    println!("{:<20} {:>5} {:>6} {:>10}  line", "puzzle", "fours", "found", "time");
    let mut total = Duration::ZERO;
    for (name, black, white, fours) in PUZZLES {
        let game = puzzle_game(black, white);
        let started = Instant::now();
        let line = forced_win(&game, false, 1_000_000, &AtomicBool::new(false));
        let took = started.elapsed();
        total += took;
        let text = line.as_ref().map(|l| l.iter().map(|&m| notation(m)).collect::<Vec<_>>().join(" "));
        let verified = line.as_ref().is_some_and(|l| verify_vcf(&game, l));
        println!(
            "{:<20} {:>5} {:>6} {:>10.1?}  {}",
            name,
            fours,
            if verified { "yes" } else { "NO" },
            took,
            text.unwrap_or_default()
        );
    }
    println!("all puzzles: {total:?}");
    // Forced wins found in positions from real games (the benchmark positions, both sides).
    let (mut found, mut time) = (0, Duration::ZERO);
    for moves in POSITIONS {
        let game = game_of(moves);
        let started = Instant::now();
        let line = forced_win(&game, false, 200_000, &AtomicBool::new(false));
        time += started.elapsed();
        if let Some(line) = line {
            assert!(verify_vcf(&game, &line), "unverified win in {moves}");
            found += 1;
        }
    }
    println!("benchmark positions: {found} of 20 have a win by fours for the side to move; {time:?} for all 20");
}

/// A player in the ladder.
enum Player {
    Level(Level),
    Random,
    Old(Level),
}

impl Player {
    fn of(name: &str) -> Player {
        match name {
            "easy" => Player::Level(Level::Easy),
            "medium" => Player::Level(Level::Medium),
            "hard" => Player::Level(Level::Hard),
            "random" => Player::Random,
            "old" => Player::Old(Level::Hard),
            _ => panic!("unknown player {name}"),
        }
    }
}

struct OldEngine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl OldEngine {
    fn start(program: &str) -> OldEngine {
        let mut child =
            Command::new(program).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("the old engine");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        OldEngine { child, input, output }
    }

    /// One request; the answer's move, nodes, microseconds and depth.
    fn ask(&mut self, request: &str) -> (String, u64, u64, u8) {
        writeln!(self.input, "{request}").unwrap();
        self.input.flush().unwrap();
        let mut line = String::new();
        self.output.read_line(&mut line).unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        (words[0].to_string(), words[1].parse().unwrap(), words[2].parse().unwrap(), words[3].parse().unwrap())
    }
}

impl Drop for OldEngine {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// Three stones (black, white, black) on distinct points within two of the centre.
fn opening(seed: u64) -> Vec<Point> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x6f70_656e ^ seed);
    let mut stones: Vec<Point> = Vec::new();
    while stones.len() < 3 {
        let c = SIZE as u8 / 2;
        let p = Point { x: c - 2 + rng.random_range(0..5), y: c - 2 + rng.random_range(0..5) };
        if !stones.contains(&p) {
            stones.push(p);
        }
    }
    stones
}

/// Per side: moves played and time spent.
#[derive(Default)]
struct Clock {
    moves: u64,
    time: Duration,
    slowest: Duration,
}

fn ladder(pairing: &str, games: usize, nodes: u64, old_nodes: u64) {
    let (first, second) = pairing.split_once('-').expect("PAIRING like hard-old");
    let (a, b) = (Player::of(first), Player::of(second));
    let mut old = std::env::var("OLD_ENGINE").ok().map(|p| OldEngine::start(&p));
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let mut clocks = [Clock::default(), Clock::default()];
    for g in 0..games {
        let a_is_black = g % 2 == 0;
        let stones = opening(g as u64 / 2);
        let params = Params { opponent: Opponent::Human, ..Params::default() };
        let mut game = Gomoku::new(&params, g as u64 / 2).unwrap();
        for p in stones {
            game.play(p.into()).unwrap();
        }
        while !game.status().is_over() {
            let a_to_move = (game.side_to_move() == Colour::Black) == a_is_black;
            let player = if a_to_move { &a } else { &b };
            let started = Instant::now();
            let mv = play(player, &game, nodes, old_nodes, old.as_mut());
            let took = started.elapsed();
            let clock = &mut clocks[usize::from(!a_to_move)];
            clock.moves += 1;
            clock.time += took;
            clock.slowest = clock.slowest.max(took);
            game.play(mv).expect("a legal move");
        }
        match game.winner() {
            Some(c) if (c == Colour::Black) == a_is_black => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
        if game.status() == Status::Draw || (g + 1) % 20 == 0 || g + 1 == games {
            eprintln!("{pairing}: {} games, {wins}-{losses}-{draws}", g + 1);
        }
    }
    let score = (wins as f64 + draws as f64 / 2.0) / games as f64;
    let per_move = |c: &Clock| c.time / c.moves.max(1) as u32;
    println!(
        "{pairing} ({games} games, {} openings x both colours, nodes {nodes}/{old_nodes}): {first} {wins} wins, {losses} losses, {draws} draws: {:.1} %; time per move {:?} / {:?}, slowest {:?} / {:?}",
        games.div_ceil(2),
        score * 100.0,
        per_move(&clocks[0]),
        per_move(&clocks[1]),
        clocks[0].slowest,
        clocks[1].slowest,
    );
}

fn play(player: &Player, game: &Gomoku, nodes: u64, old_nodes: u64, old: Option<&mut OldEngine>) -> Move {
    let seed = move_seed(game);
    match player {
        Player::Level(level) => {
            let limits = match level {
                Level::Medium => Limits { depth: 4, ..Limits::nodes(nodes) },
                _ => Limits::nodes(nodes),
            };
            search_level(game, *level, &limits, seed, &AtomicBool::new(false)).best.expect("a move")
        }
        Player::Random => {
            // A random empty point next to a stone.
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let near: Vec<Point> = Point::all()
                .filter(|p| game.board().get(*p).is_none())
                .filter(|p| game.moves().iter().any(|q| p.x.abs_diff(q.x) <= 1 && p.y.abs_diff(q.y) <= 1))
                .collect();
            near[rng.random_range(0..near.len())].into()
        }
        Player::Old(level) => {
            let old = old.expect("OLD_ENGINE set to the old engine's adapter");
            let level = format!("{level:?}").to_lowercase();
            let (mv, _, _, _) = old.ask(&format!("free {level} {old_nodes} {seed} {}", moves_text(game)));
            Point::parse_notation(&mv).unwrap().into()
        }
    }
}
