//! The Gomoku engine's figures, printed (run in release):
//!
//! ```text
//! cargo run --release -p pastimes-lab --example gomoku_engine -- speed        # 20 positions, 1 s each
//! cargo run --release -p pastimes-lab --example gomoku_engine -- speed-old OLD # the same for an old engine
//! cargo run --release -p pastimes-lab --example gomoku_engine -- vcf          # forced-win puzzles
//! cargo run --release -p pastimes-lab --example gomoku_engine -- budget       # hard's move times, app limits
//! cargo run --release -p pastimes-lab --example gomoku_engine -- ladder PAIRING GAMES [NODES [OLD_NODES] | tMS]
//! cargo run --release -p pastimes-lab --example gomoku_engine -- levels [GAMES [NODES]] # each level against the one below
//! ```
//!
//! Ladder pairings: two of the levels `beginner`, `easy`, `medium`, `hard`, `master` (e.g.
//! `easy-beginner`, `master-hard`; `learned`: master with the learned pattern table, at
//! master's nodes, so `learned-master` is equal nodes), `random`, `engine` (the full engine at NODES, without a
//! level's blunders: what `hard` meant before the five levels) and `old`, an older engine behind
//! a pipe: a program (path in `OLD_ENGINE`) that reads lines
//! `<rule> <level> <nodes> <seed> <moves...>` and answers `<move> <nodes> <micros> <depth>`.
//! Searches in the ladder are limited by nodes, so a ladder is reproducible; the openings are
//! [`OPENINGS`], each played twice with the colours swapped. Beginner, easy and medium play with
//! the app's limits (four moves, 200,000 nodes at most; no time). Hard and master are limited
//! by time in the app, so the ladder gives hard NODES (default [`HARD_NODES`]) and master
//! NODES x 5 / 1.5, the ratio of their times; `tMS` plays them on time instead (hard MS,
//! master MS x 5 / 1.5; not reproducible). `levels` plays [`LEVEL_STEPS`].
//! `scripts/ladder-old-hard.sh` builds the old engine's adapter (`lab/ladder/old_hard_brain.rs`) and
//! runs `engine-old`. `LADDER_THREADS=N` plays N games at once (the same games; by default one
//! a processor), `LADDER_SPRT=0,10` stops the ladder by the sequential probability ratio test
//! ([0, 10] Elo, alpha = beta = 0.05; `ELO0,ELO1,ALPHA,BETA` in full), GAMES then the most it
//! plays, and prints games, W-D-L, pairs, the Elo with its 95 % interval and the test's ratio
//! with its bounds (read in game order, so the stop is the same on any machine), `LADDER_FIRST=N`
//! plays games N.. only (a long ladder split between processes), `LADDER_LOG=1` prints each
//! game's moves. `LADDER_SIZE=20` plays the speed positions and the ladders on the 20x20 board
//! (each moved to the same place about its centre). `LADDER_RULE=caro` (or `exactFive`, `renju`) plays the ladder under that rule
//! (the openings are freestyle's); under Caro every move is also checked against a referee
//! written from the rule's text (`pastimes_lab::caro_referee`), and the ladder prints the
//! disagreements (there must be none) and the blocked fives met. Caro, 7 December
//! (`LADDER_RULE=caro ... ladder master-hard 100 20000`): master 78.0 % (72-16-12), 0
//! disagreements, 44 blocked fives made in 17 games.
//!
//! Levels, 2 December 2026 (`levels 200 20000`, the chain as committed; 200 games each):
//! easy against beginner 73.8 % (147-52-1), medium against easy 74.8 % (147-48-5), hard against
//! medium 69.8 % (137-58-5), master against hard 75.8 % (149-46-5); 3 December, master searching
//! 14 moves at inner nodes (`MASTER_WIDTH`, hard 10): master against hard 70.5 % (138-56-6), and
//! hard at 14 would have beaten medium only 61.8 % (118-71-11). Hard and master at 20,000
//! and 66,666 nodes: about a sixtieth of their app time's worth (1.12 M main-search nodes per
//! processor second, idle machine). On time (not reproducible, 20 games each): `t150` master
//! 85.0 % (17-3), `t1500` (the app's 1.5 s and 5 s) 72.5 % (14-5-1). The levels are one engine with
//! seeded blunder rates (ai/mod.rs); how they were chosen is in docs/lab-notes/gomoku.md.
//!
//! Figures of 1 December 2026 on the shared 2-core machine (wall-clock figures depend on the
//! share of it the run got; "per processor second" does not):
//! - main search: 1.12 M nodes per processor second (idle machine, after the tempo change;
//!   1.30 M in an earlier run); depth in 1 s on the 20 positions: median 9 (4 to 11); the old
//!   engine (5ee5e47), an earlier run: median 9 (5 to 10), 0.57 M nodes/s (all its searches).
//! - VCF puzzles: 17 of 17 solved and verified, 2 to 10 fours, 3.4 ms for all.
//! - hard, app limits: slowest move on the 20 positions 1.50 s (budget 2 s).
//! - ladder, 200 games each (`OLD_COMMIT=5ee5e47 scripts/ladder-old-hard.sh`, machine idle
//!   apart from it, two games at a time, about 2 minutes for 200): hard 48k nodes against the
//!   old hard 40k:
//!   80.8 % (160-37-3; 28 / 25 ms a move); at 40k each 80.2 % (32 / 30 ms); at 96k / 80k
//!   72.5 %, at 192k / 160k 75.8 %; on time, 200 ms a move each (not reproducible, 100 games),
//!   75.0 % (53.5 % before the tempo change, same run). Hard against medium 83.0 %; medium
//!   against easy 99.5 %; easy against random 100 %.
//! - 2 December 2026 (issue #30, time management; the machine at a load of 9 to 13, so these are
//!   not comparable with the figures above except per processor second): main search 466,000
//!   nodes per processor second; depth in 1 s median 6 (1 to 7; target then half a second),
//!   b1f588b the same run median 5 (1 to 7); VCF puzzles 28 ms for all. `speed` now gives the
//!   search the whole second as its target. The old engine of the ladder is b1f588b by default
//!   (`scripts/ladder-old-hard.sh`, adapter `lab/ladder/hard_b1f588b.rs`); the brains' ladder on time
//!   is `brain_match ladder` (docs/lab-notes/gomoku.md has its figures).
//! - What did it: the evaluation's weight for the side to move's chances (eval::TEMPO), 25 %
//!   before (as in the old engine), now 75 %. At 48k / 40k: 0 % 40.0, 25 % 64.5, 50 % 74.2,
//!   75 % 80.8, 100 % 79.0. With 25 %, more nodes did not help (96k 60.2 %, 192k 64.8 %) and
//!   on time it was 57.5 % at 200 ms and 50.0 % at 500 ms (40 games each, an earlier session).
//! - Tried and not kept, 48k / 40k, 200 games each (noise about 3.5 points): with the 25 %
//!   weight, no late move reductions 66.5 % (59.8 % at 96k), inner width 14 57.5 %, width 7
//!   71.2 % (61.5 % at 96k), root width 24 66.0 %, quiescence 10 60.5 %, four-quiescence 14
//!   62.5 %, no root defence 62.0 %; with 75 %, width 7 75.0 %, a bonus of 1,500 for a double
//!   three at a quiet leaf when the other side has no four 81.0 %. Earlier sessions, 25 %:
//!   trusting a root defence only when its threat search finished 59.1 % (126 games); double
//!   threes followed at the leaves 58.0 %; probes for a win by threes at plies 2 and 3 51.9 %;
//!   threat budgets doubled 62.7 %, quadrupled 58.5 % (82 games); the configuration of commit
//!   c6919af (no late move reductions, larger threat budgets) 67.5 % at 54k.

use pastimes_games::gomoku::ai::patterns::Patterns;
use pastimes_games::gomoku::ai::{forced_win, move_seed, search_level, Limits};
use pastimes_games::gomoku::{BoardSize, Colour, Gomoku, Level, Move, Opponent, Params, Point, Rule};

/// The board of the position sets (the ladders take theirs from `LADDER_SIZE`).
const SIZE: usize = pastimes_games::gomoku::BoardSize::Fifteen.side();
use pastimes_games::Game;
use pastimes_lab::caro_referee::{self, Verdict};
use pastimes_lab::point_patterns::patterns_from_env;
use pastimes_lab::sequential::Sequential;
use pastimes_lab::sprt::Sprt;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Twenty positions from hard (20,000 nodes) against itself from seeded openings, cut at 6 to
/// 44 stones where the side to move has a real choice (built by `gen-positions`).
const POSITIONS: [&str; 20] = [
    "I7 G10 J7 H7 J8 I6",
    "F7 F9 J7 E8 I6 E10 H5 G4",
    "F8 F9 H10 G9 E9 D10 I9 D12 G11 F12",
    "F6 I10 J8 H10 G10 I11 G9 G11 H11 I12 I13 J10",
    "J6 G8 H10 H9 I10 G10 G9 F8 I8 E8 H8 I7 J8 F9",
    "F10 F8 I8 G9 H10 G10 G11 I9 E9 H12 G8 H8 E7 E8 D8 C7",
    "H8 G7 J6 G9 H6 G8 G6 I6 I7 H7 F9 F7 G5 J8 E6 E7 D7 D6",
    "H8 H10 H6 H9 G7 I9 F8 E9 G9 G10 F10 I7 F11 F9 I8 G8 H11 G11 E11 D12",
    "H10 G9 H9 H8 F10 I9 J10 G10 G11 H12 I10 F6 J11 G8 G7 F8 E8 J8 I8 K10 H11 I11",
    "H6 F7 G10 G6 E8 F5 G7 F8 F6 H8 G8 G9 F9 D7 H7 I6 E10 D11 F10 H10 E7 E9 G5 H4",
    "H9 H6 F6 G7 F8 F7 E7 G9 G5 D8 H7 H8 F10 J6 F11 I5 I8 G10 G6 K5 I7 J9 E4 F5 H4 I3",
    "J9 H6 H10 J8 I10 K8 K10 J10 I8 H7 I9 I11 K9 H9 L9 M9 J11 M8 K12 L11 I12 H13 J12 L8 N8 L12 K13 K11",
    "I10 I8 H9 G8 J9 H8 J8 J10 I9 K9 H11 G12 H10 G11 F9 G9 G10 E8 F8 F10 H12 H13 E11 K7 K8 L7 M7 I12 J11 F11",
    "G6 F9 H10 G9 H9 H8 F10 E9 I10 G10 G8 J11 H11 G12 I9 D9 C9 H13 I8 I7 J9 K10 I12 I11 E6 F7 F5 H7 G7 D7 K8 L7",
    "G9 H8 J9 I9 J10 J11 H10 I10 I11 J12 K12 K9 J13 I7 I6 K10 K8 J7 H7 L10 J8 M9 K11 M8 L9 M10 M7 G8 G13 M11 M12 F8 E8 K13",
    "H8 I7 J8 K8 H7 H10 J9 J10 G8 K10 I10 K9 K11 I11 L8 F8 G9 H9 G7 G6 F6 E5 I6 J5 H12 G11 E11 E10 F12 G12 G13 H14 F10 D12 F11 F13",
    "J9 H10 F8 I8 H6 I9 J8 I7 I10 J7 H9 G7 H7 G8 F6 G9 G6 I6 I5 H8 F10 G11 G10 F7 H5 H4 H11 F12 E13 G12 E12 K5 J6 F11 F5 E5 I12 F9",
    "J10 J9 H7 I10 K8 I9 K9 K7 J8 L8 I7 H6 G8 F9 G9 J6 I5 I6 G6 G7 I11 L6 K6 F8 H8 I8 F10 E11 H12 G13 G11 E9 D10 H11 E8 G10 G12 L7 L9 F11",
    "I8 J7 H9 I7 H7 H6 J8 H8 G9 I9 G7 G6 I6 G8 F11 G10 D9 E10 E7 F7 F8 D6 D10 E9 D11 D12 E11 F6 E6 C11 F12 G13 G11 H11 E13 H10 F10 F9 B8 C9 E8 D8",
    "H9 I6 F7 G8 H7 H6 G6 I8 I7 G7 F8 F6 G9 H8 I9 F9 K7 J8 K8 K9 J6 H5 L7 J7 E7 D6 E5 E6 C6 J9 E4 G4 F3 D5 D7 I5 C7 B7 I11 H10 K5 J4 K3 F5",
];

/// A hundred balanced openings: four seeded random stones near the centre where hard sees
/// black, to move, within 150 (a third of an open three) of even (built by `gen-openings`; the
/// score after each). The ladder plays each with both colours.
const OPENINGS: [&str; 100] = include!("positions/gomoku-openings.rs");

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("speed") => speed(),
        Some("speed-old") => speed_old(&args[1]),
        Some("vcf") => puzzles(),
        Some("gen-puzzles") => generate_puzzles(),
        Some("gen-positions") => generate_positions(),
        Some("gen-openings") => generate_openings(),
        Some("budget") => budget(),
        Some("ladder") => {
            let games: usize = args.get(2).map_or(40, |n| n.parse().expect("games"));
            // "t200": both sides get 200 ms a move instead (not reproducible: for a check only).
            if let Some(ms) = args.get(3).and_then(|n| n.strip_prefix('t')) {
                let ms: u64 = ms.parse().expect("milliseconds");
                TIME_LIMIT.set(Duration::from_millis(ms)).ok();
                ladder(&args[1], games, 0, 0);
                return;
            }
            let nodes: u64 = args.get(3).map_or(40_000, |n| n.parse().expect("nodes"));
            let old_nodes: u64 = args.get(4).map_or(nodes, |n| n.parse().expect("old nodes"));
            ladder(&args[1], games, nodes, old_nodes);
        }
        Some("levels") => {
            let games: usize = args.get(1).map_or(200, |n| n.parse().expect("games"));
            let nodes: u64 = args.get(2).map_or(HARD_NODES, |n| n.parse().expect("nodes"));
            for pairing in LEVEL_STEPS {
                ladder(pairing, games, nodes, nodes);
            }
        }
        _ => eprintln!(
            "usage: gomoku_engine speed | speed-old OLD | vcf | budget | levels [GAMES [NODES]] | ladder PAIRING GAMES [NODES [OLD_NODES] | tMS]"
        ),
    }
}

/// Each level against the one below it.
const LEVEL_STEPS: [&str; 4] = ["easy-beginner", "medium-easy", "hard-medium", "master-hard"];

/// Hard's main-search nodes in the ladder of levels by default (master's are in the ratio of
/// their times). 1.5 s are worth some 1.1-1.7 million on an idle machine, sixty times more:
/// master against hard at that scale would take some 11 processor hours (docs/lab-notes/gomoku.md).
const HARD_NODES: u64 = 20_000;

fn game_of(moves: &str) -> Gomoku {
    let mut game = Gomoku::new(&Params { size: board_size(), ..Params::default() }, 2024).unwrap();
    for name in moves.split_whitespace() {
        game.play(centred(Point::parse_notation(name).unwrap()).into()).unwrap();
    }
    game
}

/// The board of the speed positions and the ladders, from `LADDER_SIZE` (15 by default; 20
/// plays them on the 20x20 board).
fn board_size() -> BoardSize {
    let side: usize = std::env::var("LADDER_SIZE").ok().and_then(|n| n.parse().ok()).unwrap_or(15);
    BoardSize::of_side(side).expect("LADDER_SIZE is 15 or 20")
}

/// A point of a 15x15 position or opening moved to the same place about the centre of the
/// ladder's board: H8 is K10 on 20x20.
fn centred(p: Point) -> Point {
    let shift = (board_size().side() - 15) as u8 / 2 + u8::from(board_size() == BoardSize::Twenty);
    Point { x: p.x + shift, y: p.y + shift }
}

fn notation(mv: Move) -> String {
    let size = board_size();
    size.name(size.point(mv.x, mv.y).unwrap())
}

fn moves_text(game: &Gomoku) -> String {
    game.moves().iter().map(|&p| board_size().name(p)).collect::<Vec<_>>().join(" ")
}

/// Nanoseconds this thread has run on a processor (Linux), to tell the engine's speed from the
/// share of the machine it got: the machine is shared, and wall-clock figures vary with it.
fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
}

/// Hard with 1 s from each position (target and hard limit): the main search's speed and depth.
fn speed() {
    println!(
        "{:>3} {:>5} {:>11} {:>6} {:>10} {:>10} {:>10} {:>8}",
        "pos", "move", "decision", "depth", "main", "main n/s", "all", "time"
    );
    let (mut nodes, mut time, mut depths) = (0u64, Duration::ZERO, Vec::new());
    let (mut all_nodes, mut wall, mut cpu, mut main_cpu) = (0u64, Duration::ZERO, 0u64, 0f64);
    for (i, moves) in POSITIONS.iter().enumerate() {
        let game = game_of(moves);
        let cpu_before = cpu_ns();
        // The whole second as target too, as the Gomocup brain spends a turn.
        let second = Duration::from_secs(1);
        // SPEED_LEARNED=1: with the learned pattern table (issue #61), as the ladder's `learned`.
        let patterns = std::env::var_os("SPEED_LEARNED").map(|_| patterns_from_env());
        let limits = Limits { patterns, ..Limits::timed(second, second) };
        let r = search_level(&game, Level::Master, &limits, 1, &AtomicBool::new(false));
        let spent = cpu_ns().zip(cpu_before).map_or(0, |(after, before)| after - before);
        cpu += spent;
        // The main search's share of the processor time, in proportion to its wall time.
        main_cpu += spent as f64 * r.main_time.as_secs_f64() / r.elapsed.as_secs_f64().max(1e-9);
        wall += r.elapsed;
        all_nodes += r.nodes;
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
    println!(
        "all searches: {} nodes in {wall:.1?} wall, {:.1?} on the processor: {:.0} nodes per processor second \
         (main search: {:.0})",
        all_nodes,
        Duration::from_nanos(cpu),
        all_nodes as f64 / (cpu as f64 / 1e9),
        nodes as f64 / (main_cpu / 1e9)
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

/// Positions with a win by continuous fours for the side to move, and how many fours it takes
/// (the line the generator found; a shorter one may exist). Built by `gen-puzzles` from
/// medium-against-medium games and verified through the rules.
const PUZZLES: [(&str, usize); 17] = [
    ("J9 G9 I9 G11 J8 L9 J7 J10 I8 G10 G8 G12 G13 H8 H7 K10", 2),
    ("G9 J8 H10 J10 I11 J12 H8 I7 F8 E7 H9 H11 E9 J11 J9 J13 J14 I9", 2),
    ("I8 H9 H8 J8 G8 J9 G9 J10 J7 I7 G7 G6 F6 I9 F8 E8 H6 K9 L9 L10 M11 J11 J12 E9 F7 F9", 3),
    ("H7 H9 H6 F9 G6 G9 I9 I8 I6 J6 H8 G7 J5 G8 H5 H4 J7 G10 G11 F11 E12 E9 D9 G4 I5 G5", 3),
    ("F6 I7 J7 H8 J6 F10 J8 J9 K8 I9 H9 J10 J4 J5 K11 I8 I6", 4),
    ("I9 G7 I10 G8 J9 G6 G9 H9 K8 L7 H10 I11 J8 G5 G4 K7", 4),
    ("F10 J9 J7 I8 H7 I7 I6 G8 K8 H5 K10 K9 J8 L9 I9 H8 J5 J6 K5 K7 L8 E8 F8 F7 G6 E6 D5 H9 I10 G10 D7 F11 E12 G11 G9 E7 E9 H11 I11 M9 N9 I12 F9 J13 K14 J12 K4 L3 D9 C9 D8 D6 N8 M8 J10 H12 H10 L10 K12", 5),
    ("F6 I7 G9 I9 G5 I8 I6 J8 E7 D8 H10 I11 I10 K9 H6 G6 H7 H8 F8 D6 K8 L10 M11 L9 H4 I3 J9 L7 L8 D7 H5 H3 G12 H11 D5 D9 D10 F5", 5),
    ("J6 I8 H9 I7 I10 J8 K8 K9 H6 G8 I6 G6 H7 H5 F8 G7 G9 H10 F9 G5 G4 I9 G11 F6 H8 F5 E9 D9 L6 K6 I5", 6),
    ("I8 I6 J8 J6 K6 H8 J7 L5 M8 I7 K5 K7 L7 J5 L8 K8 L9 G9 F10 L11 J11 N7", 6),
    ("H6 G6 H8 H5 F7 I4 H7 I5 G7 I7 I3 I9 I8 H10 F8 G8 F6 F5", 7),
    ("G6 H8 J9 H7 K8 G8 I10 H11 I6 I8 F8 H9 H10 G10 J7 H5 H6 F11 E12 J6 G9 I11 E11 E9 L9 M10 E6 F6 L7 M6 K9 J11 G11 I9 G7 F9 E7 D6 I5 J4 N9 M9 E8", 7),
    ("F10 I8 J6 J9 I6 H7 G6 K6 G9 H8 G7 G8 H6 F6 F8 E9 I5 J4 H10 E7 I11 J12 I10 G10 J10", 8),
    ("G6 H7 I9 H8 H10 G8 F8 F9 I6 J8 H6 J6 I7 I5 K8 J7 J9 I10 K9 J5 J4 H9 F7 K6 I8 I4 L7 E10 D11 H3 G2 G3 F6 E6 M6 N5 H4 I3 F3", 8),
    ("I7 J9 I10 J8 I9 I8 H8 J10 J7 H7 G6 K8 L8 K10 L11 K9 K7 J11 J12 L9 M8 I12 H13 J6 G9 I11 K11 L10 F10 E11 N10 L7 H12 H11 M9 O11 M6 M10 I13 G11 F11 G10 F9 J13 K14 N11 O12 M11 N12 F8", 9),
    ("H9 G6 J6 F7 J7 H5 I4 J8 J4 I8 K4 H4 J5 J3 K6 H3 H6 E8 D9 H2 H1 H7", 9),
    ("G10 F9 J9 E10 I8 D11 G8 F11 G9 G7 H7 K10 H8 F8", 10),
];

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
            // The attacker threatens five: one block (which must be this move), or two and more,
            // which cannot all be blocked (then any move will do).
            let mut passed = game.clone();
            passed.play(far_point(&passed)).ok();
            let threats = winning_points(&passed);
            if threats.is_empty() || (threats.len() == 1 && threats[0] != mv) {
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
    pastimes_games::gomoku::BoardSize::Fifteen
        .points()
        .filter(|p| game.board().get(*p).is_none())
        .max_by_key(|p| game.moves().iter().map(|q| (p.x.abs_diff(q.x)).max(p.y.abs_diff(q.y))).min().unwrap_or(0))
        .unwrap()
        .into()
}

/// Every point where the side to move makes five now.
fn winning_points(game: &Gomoku) -> Vec<Move> {
    pastimes_games::gomoku::BoardSize::Fifteen
        .points()
        .filter(|p| game.board().get(*p).is_none())
        .map(Move::from)
        .filter(|&mv| {
            let mut next = game.clone();
            next.play(mv).is_ok() && next.winner().is_some()
        })
        .collect()
}

fn puzzles() {
    // Build the shape tables before timing anything.
    forced_win(&game_of("H8"), false, 10, &AtomicBool::new(false));
    println!("{:<6} {:>5} {:>6} {:>6} {:>10}  line", "puzzle", "fours", "found", "stones", "time");
    let mut total = Duration::ZERO;
    for (i, (moves, fours)) in PUZZLES.into_iter().enumerate() {
        let game = game_of(moves);
        let started = Instant::now();
        let line = forced_win(&game, false, 1_000_000, &AtomicBool::new(false));
        let took = started.elapsed();
        total += took;
        let text = line.as_ref().map(|l| l.iter().map(|&m| notation(m)).collect::<Vec<_>>().join(" "));
        let verified = line.as_ref().is_some_and(|l| verify_vcf(&game, l));
        println!(
            "{:<6} {:>5} {:>6} {:>6} {:>10.1?}  {}",
            i + 1,
            fours,
            if verified { "yes" } else { "NO" },
            game.moves().len(),
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

/// Positions from medium-against-medium games where the side to move has a win by fours of at
/// least two fours, found with a large budget and verified through the rules: printed as
/// move lists, to become [`PUZZLES`].
fn generate_puzzles() {
    for g in 0..400u64 {
        let params = Params { opponent: Opponent::Human, ..Params::default() };
        let mut game = Gomoku::new(&params, g).unwrap();
        for p in opening(1000 + g) {
            game.play(p.into()).unwrap();
        }
        while !game.status().is_over() {
            if let Some(line) = forced_win(&game, false, 2_000_000, &AtomicBool::new(false)) {
                if line.len() >= 5 && verify_vcf(&game, &line) {
                    let text: Vec<String> = line.iter().map(|&m| notation(m)).collect();
                    println!("    (\"{}\", {}), // {}", moves_text(&game), line.len() / 2, text.join(" "));
                }
                break;
            }
            let limits = Limits { depth: 4, ..Limits::nodes(3_000) };
            let mv =
                search_level(&game, Level::Medium, &limits, move_seed(&game), &AtomicBool::new(false)).best.unwrap();
            game.play(mv).unwrap();
        }
    }
}

/// Benchmark positions: hard (20,000 nodes) against itself from seeded openings, each game
/// cut at a different length (6 to 44 stones) where the side to move has a real choice (the
/// search decides, no forced win or block), printed as move lists to become [`POSITIONS`].
fn generate_positions() {
    let mut found = 0;
    for g in 0..200u64 {
        let params = Params { opponent: Opponent::Human, ..Params::default() };
        let mut game = Gomoku::new(&params, g).unwrap();
        for p in opening(500 + g) {
            game.play(p.into()).unwrap();
        }
        let cut = 6 + 2 * found as usize;
        while !game.status().is_over() {
            let r =
                search_level(&game, Level::Master, &Limits::nodes(20_000), move_seed(&game), &AtomicBool::new(false));
            if game.moves().len() >= cut {
                if r.decision == pastimes_games::gomoku::ai::Decision::Search && r.score.abs() < 5_000 {
                    println!("    \"{}\",", moves_text(&game));
                    found += 1;
                }
                break;
            }
            game.play(r.best.unwrap()).unwrap();
        }
        if found == 20 {
            break;
        }
    }
}

/// Four seeded random stones (black, white, black, white) within two of the centre, kept when
/// hard (20,000 nodes) finds black, to move, neither much ahead nor behind: printed to become
/// [`OPENINGS`].
fn generate_openings() {
    let mut kept = 0;
    for seed in 0..2000u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x6f70_656e ^ seed);
        let mut stones: Vec<Point> = Vec::new();
        while stones.len() < 4 {
            let c = SIZE as u8 / 2;
            let p = Point { x: c - 2 + rng.random_range(0..5), y: c - 2 + rng.random_range(0..5) };
            if !stones.contains(&p) {
                stones.push(p);
            }
        }
        let mut game = Gomoku::new(&Params::default(), seed).unwrap();
        for p in &stones {
            game.play((*p).into()).unwrap();
        }
        let r = search_level(&game, Level::Master, &Limits::nodes(20_000), 1, &AtomicBool::new(false));
        if r.decision == pastimes_games::gomoku::ai::Decision::Search && r.score.abs() <= 150 {
            println!("    \"{}\", // {}", moves_text(&game), r.score);
            kept += 1;
            if kept == 100 {
                break;
            }
        }
    }
}

/// A player in the ladder.
enum Player {
    Level(Level),
    /// The full engine (master's style) at the ladder's nodes, as the old engine is played:
    /// the engine's own strength, without a level's blunders or time ratio.
    Engine,
    Random,
    Old(Level),
    /// Master at master's ladder nodes with the learned pattern table (issue #61:
    /// `LEARNED_WEIGHTS`, `LEARNED_USE`; `pastimes_lab::point_patterns::patterns_from_env`).
    Learned,
}

impl Player {
    fn of(name: &str) -> Player {
        match name {
            "beginner" => Player::Level(Level::Beginner),
            "easy" => Player::Level(Level::Easy),
            "medium" => Player::Level(Level::Medium),
            "hard" => Player::Level(Level::Hard),
            "master" => Player::Level(Level::Master),
            "engine" => Player::Engine,
            "random" => Player::Random,
            "old" => Player::Old(Level::Hard),
            "learned" => Player::Learned,
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
#[derive(Default, Clone, Copy)]
struct Clock {
    moves: u64,
    time: Duration,
    slowest: Duration,
}

impl Clock {
    fn add(&mut self, other: &Clock) {
        self.moves += other.moves;
        self.time += other.time;
        self.slowest = self.slowest.max(other.slowest);
    }
}

/// One ladder game's outcome: whether the first player won (`None` for a draw), whether
/// black won, both sides' clocks and the moves.
struct Played {
    first_won: Option<bool>,
    black_won: bool,
    clocks: [Clock; 2],
    moves: String,
    /// Under Caro: moves after which the game and the referee disagreed, and the fives blocked
    /// at both ends that were made (the game went on after each).
    disagreements: usize,
    blocked_fives: usize,
}

/// The ladder's rule, from `LADDER_RULE` (freestyle by default).
fn ladder_rule() -> Rule {
    let name = std::env::var("LADDER_RULE").unwrap_or_else(|_| "freestyle".into());
    Rule::ALL.into_iter().find(|rule| rule.as_str() == name).expect("LADDER_RULE names a rule")
}

/// Game `g` of a ladder: opening `g / 2`, the first player black in even games.
fn play_game(
    g: usize,
    players: (&Player, &Player),
    nodes: u64,
    old_nodes: u64,
    mut old: Option<&mut OldEngine>,
) -> Played {
    let a_is_black = g.is_multiple_of(2);
    let rule = ladder_rule();
    let params = Params { rule, size: board_size(), opponent: Opponent::Human, ..Params::default() };
    let mut game = Gomoku::new(&params, g as u64 / 2).unwrap();
    let (mut disagreements, mut blocked_fives) = (0, 0);
    for name in OPENINGS[g / 2 % OPENINGS.len()].split_whitespace() {
        game.play(centred(Point::parse_notation(name).unwrap()).into()).unwrap();
    }
    let mut clocks = [Clock::default(); 2];
    while !game.status().is_over() {
        let a_to_move = (game.side_to_move() == Colour::Black) == a_is_black;
        let player = if a_to_move { players.0 } else { players.1 };
        let started = Instant::now();
        let mv = play(player, &game, nodes, old_nodes, old.as_deref_mut());
        let took = started.elapsed();
        let clock = &mut clocks[usize::from(!a_to_move)];
        clock.moves += 1;
        clock.time += took;
        clock.slowest = clock.slowest.max(took);
        let mover = game.side_to_move();
        let before = caro_referee::verdict(game.board(), mover);
        game.play(mv).expect("a legal move");
        if rule == Rule::Caro {
            let after = caro_referee::verdict(game.board(), mover);
            disagreements += usize::from((after == Verdict::Wins) != game.winner().is_some());
            if let (Verdict::BlockedFives(old), Verdict::BlockedFives(new)) = (before, after) {
                blocked_fives += new.saturating_sub(old);
            }
        }
    }
    Played {
        first_won: game.winner().map(|c| (c == Colour::Black) == a_is_black),
        black_won: game.winner() == Some(Colour::Black),
        clocks,
        moves: moves_text(&game),
        disagreements,
        blocked_fives,
    }
}

/// The ladder's games, on `LADDER_THREADS` threads (default: one a processor, each game on one
/// thread), each with its own old engine; every game is the same whatever the number of threads
/// (node limits, seeded searches). `LADDER_SPRT=ELO0,ELO1[,ALPHA[,BETA]]` stops the ladder by the
/// sequential test (`pastimes_lab::sprt`), GAMES being then the most it plays; the test reads
/// the games in their order, a pair at a time (`pastimes_lab::sequential`), so where it stops
/// does not depend on which thread finishes first.
fn ladder(pairing: &str, games: usize, nodes: u64, old_nodes: u64) {
    let (first, second) = pairing.split_once('-').expect("PAIRING like hard-old");
    let (a, b) = (Player::of(first), Player::of(second));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads: usize = std::env::var("LADDER_THREADS").ok().and_then(|n| n.parse().ok()).unwrap_or(cores).max(1);
    // LADDER_FIRST=N plays games N.. only: a long ladder split between processes or machines.
    let first_game: usize = std::env::var("LADDER_FIRST").ok().and_then(|n| n.parse().ok()).unwrap_or(0);
    let sprt = std::env::var("LADDER_SPRT").ok().map(|text| Sprt::parse(&text).expect("LADDER_SPRT like 0,10"));
    assert!(sprt.is_none() || first_game.is_multiple_of(2), "LADDER_FIRST must start a pair under LADDER_SPRT");
    if games > 2 * OPENINGS.len() {
        // Past the openings' two colours each, the openings come round again (with other seeds,
        // so the searches' ties break otherwise, but from the same positions): the games are
        // less independent than the test assumes.
        eprintln!("note: games past {} play the same openings again", 2 * OPENINGS.len());
    }
    let next = std::sync::atomic::AtomicUsize::new(first_game);
    let results: std::sync::Mutex<Vec<Option<Played>>> = std::sync::Mutex::new((0..games).map(|_| None).collect());
    let sequential = std::sync::Mutex::new(Sequential::new(sprt));
    let stop = AtomicBool::new(false);
    let done = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut old = std::env::var("OLD_ENGINE").ok().map(|p| OldEngine::start(&p));
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    let played = play_game(g, (&a, &b), nodes, old_nodes, old.as_mut());
                    if std::env::var_os("LADDER_LOG").is_some() {
                        let colour = if g.is_multiple_of(2) { "black" } else { "white" };
                        eprintln!("game {g}: {first} {colour} won {:?}: {}", played.first_won, played.moves);
                    }
                    let score = played.first_won.map_or(0.5, |won| if won { 1.0 } else { 0.0 });
                    results.lock().unwrap()[g] = Some(played);
                    let mut sequential = sequential.lock().unwrap();
                    if sequential.record(g - first_game, score) {
                        stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                    let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    if finished.is_multiple_of(20) {
                        eprintln!("{pairing}: {finished} of {games} games played; {}", sequential.report());
                    }
                }
            });
        }
    });
    let sequential = sequential.into_inner().unwrap();
    let counted =
        |(g, played): (usize, Option<Played>)| played.filter(|_| g >= first_game && sequential.counts(g - first_game));
    let results: Vec<Played> = results.into_inner().unwrap().into_iter().enumerate().filter_map(counted).collect();
    let games = results.len();
    let wins = results.iter().filter(|p| p.first_won == Some(true)).count();
    let losses = results.iter().filter(|p| p.first_won == Some(false)).count();
    let draws = results.iter().filter(|p| p.first_won.is_none()).count();
    let black_wins = results.iter().filter(|p| p.black_won).count();
    let mut clocks = [Clock::default(); 2];
    for played in &results {
        clocks[0].add(&played.clocks[0]);
        clocks[1].add(&played.clocks[1]);
    }
    let score = (wins as f64 + draws as f64 / 2.0) / games as f64;
    let per_move = |c: &Clock| c.time / c.moves.max(1) as u32;
    if ladder_rule() == Rule::Caro {
        let disagreements: usize = results.iter().map(|p| p.disagreements).sum();
        let blocked: usize = results.iter().map(|p| p.blocked_fives).sum();
        let games_blocked = results.iter().filter(|p| p.blocked_fives > 0).count();
        println!(
            "caro: {disagreements} disagreements with the referee; {blocked} fives blocked at both ends made, in {games_blocked} games"
        );
    }
    println!(
        "{pairing} ({games} games, {} openings x both colours, nodes {nodes}/{old_nodes}): {first} {wins} wins, {losses} losses, {draws} draws: {:.1} % (black won {black_wins}); time per move {:?} / {:?}, slowest {:?} / {:?}",
        games.div_ceil(2),
        score * 100.0,
        per_move(&clocks[0]),
        per_move(&clocks[1]),
        clocks[0].slowest,
        clocks[1].slowest,
    );
    println!("{pairing}: {}", sequential.report());
}

/// A time limit per move for hard and the old engine, when the ladder is run on time.
static TIME_LIMIT: std::sync::OnceLock<Duration> = std::sync::OnceLock::new();

/// A level's limits in the ladder: the app's ([`Limits::for_level`]) where they are depth and
/// nodes; for the levels limited by time, `hard_nodes` for hard and in the ratio of their times
/// for master (or, run on time, the ladder's time limit for hard and master in that ratio).
fn ladder_limits(level: Level, hard_nodes: u64) -> Limits {
    let app = Limits::for_level(level);
    let hard_time = Limits::for_level(Level::Hard).time.expect("hard is limited by time");
    let in_ratio = |hard: u64| (hard as u128 * app.time.unwrap_or_default().as_millis() / hard_time.as_millis()) as u64;
    match (level, TIME_LIMIT.get()) {
        (Level::Hard | Level::Master, Some(&time)) => {
            Limits::time(Duration::from_millis(in_ratio(time.as_millis() as u64)))
        }
        (Level::Hard | Level::Master, None) => Limits::nodes(in_ratio(hard_nodes)),
        _ => Limits { time: None, ..app },
    }
}

fn play(player: &Player, game: &Gomoku, nodes: u64, old_nodes: u64, old: Option<&mut OldEngine>) -> Move {
    let seed = move_seed(game);
    match player {
        Player::Level(level) => {
            let limits = ladder_limits(*level, nodes);
            search_level(game, *level, &limits, seed, &AtomicBool::new(false)).best.expect("a move")
        }
        Player::Learned => {
            static PATTERNS: std::sync::OnceLock<Patterns> = std::sync::OnceLock::new();
            let patterns = *PATTERNS.get_or_init(patterns_from_env);
            let limits = Limits { patterns: Some(patterns), ..ladder_limits(Level::Master, nodes) };
            search_level(game, Level::Master, &limits, seed, &AtomicBool::new(false)).best.expect("a move")
        }
        Player::Engine => {
            let limits = TIME_LIMIT.get().map_or(Limits::nodes(nodes), |&time| Limits::time(time));
            search_level(game, Level::Master, &limits, seed, &AtomicBool::new(false)).best.expect("a move")
        }
        Player::Random => {
            // A random empty point next to a stone.
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let near: Vec<Point> = board_size()
                .points()
                .filter(|p| game.board().get(*p).is_none())
                .filter(|p| game.moves().iter().any(|q| p.x.abs_diff(q.x) <= 1 && p.y.abs_diff(q.y) <= 1))
                .collect();
            near[rng.random_range(0..near.len())].into()
        }
        Player::Old(level) => {
            let old = old.expect("OLD_ENGINE set to the old engine's adapter");
            let level = format!("{level:?}").to_lowercase();
            let budget = TIME_LIMIT.get().map_or(old_nodes.to_string(), |t| format!("t{}", t.as_millis()));
            let (mv, _, _, _) = old.ask(&format!("free {level} {budget} {seed} {}", moves_text(game)));
            Point::parse_notation(&mv).unwrap().into()
        }
    }
}
