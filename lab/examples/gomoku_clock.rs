//! The computer on a clock: games of two levels (master against itself by default), each side on
//! Fischer's main time plus an increment, each move's time read from its own clock by the app's
//! time management (`gomoku::on_the_clock`), timed by the wall clock as the app's clocks are.
//! From the balanced openings of the ladder (`positions/gomoku-openings.rs`), each with both
//! colours.
//!
//! ```sh
//! cargo run --release -p pastimes-lab --example gomoku_clock -- GAMES MAIN_MS INCREMENT_MS [A-B]
//! cargo run --release -p pastimes-lab --example gomoku_clock -- 100 6000 100 master-master
//! ```
//!
//! It prints each game (moves, each side's time used and left, and the share of its time each
//! side used) and then the losses on time and the share of their time (the main time and the
//! increments they earned) the sides used in games of 40 stones or more. `CLOCK_FIRST=N` plays
//! games N.. only (GAMES the end), so that two processes share a run (issue #59's 100 games
//! are `CLOCK_FIRST=0 ... 50` beside `CLOCK_FIRST=50 ... 100`, two games at a time), and
//! `CLOCK_LOG=1` prints each game's moves with the milliseconds each took.

use pastimes_games::gomoku::on_the_clock;
use pastimes_games::gomoku::{computer_action, Action, Colour, Gomoku, Level, Params, Point};
use pastimes_games::time_control::TurnTime;
use pastimes_games::Game;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The ladder's hundred balanced openings (four stones near the centre, black to move).
const OPENINGS: [&str; 100] = include!("positions/gomoku-openings.rs");

/// Games this long (stones on the board) or longer count for the share of time used.
const LONG_GAME: usize = 40;

fn level(name: &str) -> Level {
    Level::ALL.into_iter().find(|l| format!("{l:?}").eq_ignore_ascii_case(name)).expect("a level name")
}

/// One side's clock in a game: time used, increments earned, the least it had left.
#[derive(Default, Clone, Copy)]
struct Side {
    used_ms: u64,
    earned_ms: u64,
    lowest_ms: i64,
    flagged: bool,
}

struct Played {
    stones: usize,
    /// Each computer move with the milliseconds it took, in order.
    log: Vec<String>,
    sides: [Side; 2],
    winner: Option<Colour>,
}

fn play(g: usize, levels: [Level; 2], main_ms: u64, increment_ms: u64) -> Played {
    // Level 0 plays black in even games.
    let params = Params::default();
    let mut game = Gomoku::new(&params, g as u64).unwrap();
    for name in OPENINGS[g / 2 % OPENINGS.len()].split_whitespace() {
        game.play(Point::parse_notation(name).unwrap().into()).unwrap();
    }
    let mut left = [main_ms as i64; 2];
    let mut sides = [Side { lowest_ms: main_ms as i64, ..Side::default() }; 2];
    let cancel = AtomicBool::new(false);
    let mut log = Vec::new();
    while !game.status().is_over() {
        let black = game.side_to_move() == Colour::Black;
        let side = usize::from(black != g.is_multiple_of(2));
        let time = TurnTime { left_ms: left[side].max(0) as u64, increment_ms, per_move: false };
        let started = Instant::now();
        let limits = on_the_clock::limits(levels[side], &time);
        let action = computer_action(&game, levels[side], &limits, &cancel).expect("a move");
        let took = started.elapsed().as_millis() as u64;
        if let Action::Stone(mv) = action {
            let name = game.board().point(mv.x, mv.y).map_or(String::new(), |p| game.board().size().name(p));
            log.push(format!("{name}:{took}"));
        }
        left[side] -= took as i64;
        sides[side].used_ms += took;
        sides[side].lowest_ms = sides[side].lowest_ms.min(left[side]);
        if left[side] < 0 {
            sides[side].flagged = true;
            break;
        }
        left[side] += increment_ms as i64;
        sides[side].earned_ms += increment_ms;
        match action {
            Action::Stone(mv) => game.play(mv).map(|_| ()).expect("a legal move"),
            other => panic!("no opening decision in a standard game: {other:?}"),
        }
    }
    Played { stones: game.moves().len(), log, sides, winner: game.winner() }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().map_or(100, |n| n.parse().expect("games"));
    let main_ms: u64 = args.get(1).map_or(60_000, |n| n.parse().expect("main time, ms"));
    let increment_ms: u64 = args.get(2).map_or(1_000, |n| n.parse().expect("increment, ms"));
    let pairing = args.get(3).map_or("master-master", String::as_str);
    let (a, b) = pairing.split_once('-').expect("A-B, e.g. master-hard");
    let levels = [level(a), level(b)];
    let (mut flags, mut long, mut long_used, mut long_had) = (0, 0, 0u64, 0u64);
    let mut shares: Vec<f64> = Vec::new();
    let mut lowest = i64::MAX;
    let first: usize = std::env::var("CLOCK_FIRST").ok().map_or(0, |n| n.parse().expect("CLOCK_FIRST"));
    for g in first..games {
        let played = play(g, levels, main_ms, increment_ms);
        let flagged = played.sides.iter().filter(|s| s.flagged).count();
        flags += flagged;
        for side in &played.sides {
            lowest = lowest.min(side.lowest_ms);
        }
        if played.stones >= LONG_GAME {
            long += 1;
            for side in &played.sides {
                let had = main_ms + side.earned_ms;
                long_used += side.used_ms;
                long_had += had;
                shares.push(side.used_ms as f64 / had as f64);
            }
        }
        println!(
            "game {g}: {} stones, winner {:?}, used {} / {} ms of {} / {} ms, lowest left {} / {} ms{}",
            played.stones,
            played.winner,
            played.sides[0].used_ms,
            played.sides[1].used_ms,
            main_ms + played.sides[0].earned_ms,
            main_ms + played.sides[1].earned_ms,
            played.sides[0].lowest_ms,
            played.sides[1].lowest_ms,
            if flagged > 0 { ", LOST ON TIME" } else { "" },
        );
        if std::env::var_os("CLOCK_LOG").is_some() {
            println!("  game {g}: {}", played.log.join(" "));
        }
    }
    shares.sort_by(f64::total_cmp);
    let median = shares.get(shares.len() / 2).copied().unwrap_or(0.0);
    let least = shares.first().copied().unwrap_or(0.0);
    println!(
        "{pairing}, games {first}..{games} at {main_ms} ms + {increment_ms} ms: {flags} lost on time; lowest time left {lowest} ms; \
         {long} games of {LONG_GAME} stones or more: {:.1} % of their time used in all (median side {:.1} %, least {:.1} %)",
        100.0 * long_used as f64 / long_had.max(1) as f64,
        100.0 * median,
        100.0 * least,
    );
}
