//! `pbrain-pastimes` processes play each other the way a Gomocup manager runs them, and the
//! figures a manager cares about are printed. Figures only, no assertions (the machine is shared
//! and noisy).
//!
//! ```sh
//! cargo build --release -p pastimes-games --bin pbrain-pastimes -p pastimes-lab --example brain_match
//! # One game of a brain against itself: each answer's time against the budget, the mean in
//! # moves 10-40 (over all moves, and over the moves the brain chose by a search, as its DEBUG
//! # line says), and each brain's peak memory against `INFO max_memory` (BRAIN_MATCH_LOG=1:
//! # each move's time).
//! target/release/examples/brain_match [path/to/pbrain-pastimes] [rule: 0|1|4] [timeout_turn ms] [max_memory bytes]
//! # A ladder on time, in the protocol: NEW against OLD from the 100 balanced openings of
//! # `gomoku_engine`, each with both colours, `timeout_turn` each (no match limit), freestyle;
//! # each brain's answers in moves 10-40 are also counted by the decision its DEBUG line gives.
//! target/release/examples/brain_match ladder NEW OLD GAMES [timeout_turn ms] [rule]
//! ```
//!
//! It is a referee of its own: a game ends at a five (any run of five or more, which is enough
//! for figures), or a full board (a draw) in the ladder, or after 120 stones in the single game;
//! it flags a forbidden black stone under rule 4. The ladder plays `LADDER_THREADS` games at a
//! time (default 1; on time, more games at once share the processors), from game `LADDER_FIRST`
//! (default 0), and prints each game as it ends, with the running score, so an interrupted
//! ladder still has its figures. `LADDER_SPRT=0,10` (`ELO0,ELO1[,ALPHA[,BETA]]`) stops it by the
//! sequential probability ratio test over whole pairs read in game order (`pastimes_lab::sprt`),
//! GAMES then the most it plays; the last line gives the Elo with its 95 % interval and the ratio.
//! `LADDER_SIZE=20` plays the ladder on the 20x20 board (`START 20`, the openings about its
//! centre).
//!
//! `scripts/ladder-old-hard.sh time GAMES` builds today's and the old brain and runs the ladder.

use pastimes_games::gomoku::board::Board;
use pastimes_games::gomoku::{renju, BoardSize, Colour, Point};
use pastimes_lab::sequential::Sequential;
use pastimes_lab::sprt::Sprt;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The ladder's openings: black, white, black, white, with black to move about even.
const OPENINGS: [&str; 100] = include!("positions/gomoku-openings.rs");

struct Brain {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// Why the brain chose its last move, when it said so: `Search` for a move chosen by a
    /// search, else a forced reply, a proven win, the only sensible move (the engine's
    /// `Decision`).
    decision: Option<String>,
}

impl Brain {
    fn start(path: &str) -> Brain {
        let mut child =
            Command::new(path).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("the brain starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Brain { child, input, output, decision: None }
    }

    fn send(&mut self, line: &str) {
        write!(self.input, "{line}\r\n").unwrap();
        self.input.flush().unwrap();
    }

    /// The next answer, past MESSAGE and DEBUG lines. A DEBUG line that ends with the engine's
    /// decision (today's brain says it for every move) tells why the brain chose the move.
    fn answer(&mut self) -> String {
        self.decision = None;
        loop {
            let mut line = String::new();
            self.output.read_line(&mut line).unwrap();
            let line = line.trim().to_string();
            if line.starts_with("DEBUG") {
                if let Some((_, decision)) = line.rsplit_once(": ") {
                    self.decision = Some(decision.to_string());
                }
            } else if !line.starts_with("MESSAGE") {
                return line;
            }
        }
    }

    /// Sends `lines` (the last one asks for a move) and times the answer from the last line.
    /// Why the brain chose the move is then in `decision`.
    fn ask_move(&mut self, lines: &[String]) -> (Point, Duration) {
        let (last, before) = lines.split_last().expect("a command");
        for line in before {
            self.send(line);
        }
        let started = Instant::now();
        self.send(last);
        let answer = self.answer();
        let took = started.elapsed();
        let (x, y) = answer.split_once(',').unwrap_or_else(|| panic!("{answer:?} is not a move"));
        (board_size().point(x.parse().unwrap(), y.parse().unwrap()).expect("on the board"), took)
    }

    /// Peak resident memory, from /proc.
    fn peak_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap_or("VmHWM: 0 kB");
        line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0)
    }

    fn end(mut self) {
        self.send("END");
        let _ = self.child.wait();
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("ladder") {
        let number = |i: usize, default: u64| args.get(i).map_or(default, |a| a.parse().expect("a number"));
        ladder(&args[2], &args[3], number(4, 200) as usize, number(5, 1000), number(6, 0));
        return;
    }
    let path = args.get(1).cloned().unwrap_or_else(|| "target/release/pbrain-pastimes".into());
    let rule: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4);
    let turn_ms: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let memory: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0);
    one_game(&path, rule, turn_ms, memory);
}

/// One game of a brain against itself, with a match time of 60 turns each.
fn one_game(path: &str, rule: u64, turn_ms: u64, memory: u64) {
    let match_ms: u64 = 60 * turn_ms;
    let mut brains = [Brain::start(path), Brain::start(path)];
    let mut left = [match_ms, match_ms];
    for brain in &mut brains {
        brain.send("START 15");
        assert_eq!(brain.answer(), "OK");
        for info in [
            format!("timeout_turn {turn_ms}"),
            format!("timeout_match {match_ms}"),
            format!("rule {rule}"),
            format!("max_memory {memory}"),
        ] {
            brain.send(&format!("INFO {info}"));
        }
    }
    let mut board = Board::default();
    let mut times: Vec<(Duration, u64)> = Vec::new();
    let mut searched: Vec<bool> = Vec::new();
    let mut last: Option<Point> = None;
    while board.stone_count() < 120 {
        let side = board.stone_count() % 2;
        let command = match last {
            None => "BEGIN".to_string(),
            Some(p) => format!("TURN {},{}", p.x, p.y),
        };
        let (p, took) = brains[side].ask_move(&[format!("INFO time_left {}", left[side]), command]);
        // What the manager enforces: the turn's limit and the game's time left.
        let allowed = turn_ms.min(left[side]);
        left[side] = left[side].saturating_sub(took.as_millis() as u64);
        times.push((took, allowed));
        searched.push(brains[side].decision.as_deref() == Some("Search"));
        if std::env::var_os("BRAIN_MATCH_LOG").is_some() {
            eprintln!("move {}: {},{} in {} ms", times.len(), p.x, p.y, took.as_millis());
        }
        assert!(board.get(p).is_none(), "{},{} is taken", p.x, p.y);
        if rule == 4 && side == 0 {
            if let Some(why) = renju::forbidden(&board, p) {
                println!("forbidden black stone {},{}: {why:?}", p.x, p.y);
            }
        }
        board.place(p);
        last = Some(p);
        if five_through(&board, p) {
            println!("five after {} stones", board.stone_count());
            break;
        }
    }
    let worst = times.iter().map(|(t, allowed)| (t.as_millis() as u64, *allowed)).max_by_key(|(t, _)| *t).unwrap();
    let over = times.iter().filter(|(t, allowed)| t.as_millis() as u64 > *allowed).count();
    let mean = |times: &[(Duration, u64)]| {
        times.iter().map(|(t, _)| t.as_secs_f64()).sum::<f64>() * 1000.0 / times.len().max(1) as f64
    };
    let middle = &times[times.len().min(9)..times.len().min(40)];
    println!("rule {rule}, timeout_turn {turn_ms} ms, max_memory {memory} bytes, {} moves", times.len());
    println!(
        "answer time: mean {:.0} ms, in moves 10-40 {:.0} ms ({} moves), worst {} ms (allowed {} ms), over the limit: {over}",
        mean(&times),
        mean(middle),
        middle.len(),
        worst.0,
        worst.1
    );
    let middle_searched: Vec<(Duration, u64)> =
        (9..times.len().min(40)).filter(|&i| searched[i]).map(|i| times[i]).collect();
    println!(
        "moves 10-40 chosen by a search (not forced, proven or the only move): mean {:.0} ms ({} moves)",
        mean(&middle_searched),
        middle_searched.len()
    );
    println!("peak memory: {} KiB and {} KiB", brains[0].peak_kib(), brains[1].peak_kib());
    for brain in brains {
        brain.end();
    }
}

/// The decisions (as the brain's DEBUG line names them) that play a win already proven: a five,
/// an open four, the first move of a win by fours or by fours and threes; and any other
/// decision marked ` won` (a search that proved one, a forced reply after which thinking ahead
/// did).
const PROVEN_WINS: [&str; 4] = ["Win", "Unstoppable", "Fours", "Threes"];

/// Whether an answer of `decision` plays a proven win (see [`PROVEN_WINS`]).
fn plays_a_proven_win(decision: &str) -> bool {
    PROVEN_WINS.contains(&decision) || decision.ends_with(" won")
}

/// One brain's time over the ladder.
#[derive(Default, Clone)]
struct Clock {
    moves: u64,
    time: Duration,
    /// Moves 10 to 40 of the game (by stones on the board, the opening's four included).
    middle_moves: u64,
    middle_time: Duration,
    /// Of those, by the decision the brain gave (`Search` for a move chosen by a search): how
    /// many, and their time.
    decisions: BTreeMap<String, (u64, Duration)>,
    slowest: Duration,
    over: u64,
}

impl Clock {
    fn add(&mut self, took: Duration, stones: usize, turn: Duration, decision: Option<&str>) {
        self.moves += 1;
        self.time += took;
        if (9..40).contains(&stones) {
            self.middle_moves += 1;
            self.middle_time += took;
            if let Some(decision) = decision {
                self.count(decision, 1, took);
            }
        }
        self.slowest = self.slowest.max(took);
        self.over += u64::from(took > turn);
    }

    /// Adds `n` answers of `decision` that took `time` in all.
    fn count(&mut self, decision: &str, n: u64, time: Duration) {
        let (total_n, total_time) = self.decisions.entry(decision.to_string()).or_default();
        *total_n += n;
        *total_time += time;
    }

    fn merge(&mut self, other: &Clock) {
        self.moves += other.moves;
        self.time += other.time;
        self.middle_moves += other.middle_moves;
        self.middle_time += other.middle_time;
        for (decision, &(n, time)) in &other.decisions {
            self.count(decision, n, time);
        }
        self.slowest = self.slowest.max(other.slowest);
        self.over += other.over;
    }

    fn summary(&self) -> String {
        let ms = |t: Duration, n: u64| t.as_secs_f64() * 1000.0 / n.max(1) as f64;
        let searched = match self.decisions.get("Search") {
            None => String::new(),
            Some(&(n, time)) => format!(" (searched ones {:.0} ms, {n} of {})", ms(time, n), self.middle_moves),
        };
        let decisions: Vec<String> =
            self.decisions.iter().map(|(d, &(n, time))| format!("{d} {n} at {:.0} ms", ms(time, n))).collect();
        let decisions = if decisions.is_empty() {
            String::new()
        } else {
            format!("; moves 10-40 by decision: {}", decisions.join(", "))
        };
        // Issue #61's figure: moves 10-40 less the answers that play a proven win (nothing to
        // think about there), among the moves whose decision the brain gave.
        let answers_of = |kept: &dyn Fn(&str) -> bool| {
            self.decisions
                .iter()
                .filter(|(d, _)| kept(d))
                .fold((0, Duration::ZERO), |(n, t), (_, &(dn, dt))| (n + dn, t + dt))
        };
        let (thought, thought_time) = answers_of(&|d| !plays_a_proven_win(d));
        // Besides: less the answers in positions proven lost too (a search's, or a forced reply
        // after which the opponent wins at once: the brain's DEBUG line ends in ` lost`).
        let (open, open_time) = answers_of(&|d| !plays_a_proven_win(d) && !d.ends_with(" lost"));
        let thought = if thought == 0 {
            String::new()
        } else {
            format!(
                ", without proven wins {:.0} ms ({thought}), nor proven losses {:.0} ms ({open})",
                ms(thought_time, thought),
                ms(open_time, open)
            )
        };
        format!(
            "mean {:.0} ms, moves 10-40 {:.0} ms{thought}{searched}, slowest {} ms, over the turn {}{decisions}",
            ms(self.time, self.moves),
            ms(self.middle_time, self.middle_moves),
            self.slowest.as_millis(),
            self.over
        )
    }
}

/// The ladder's tally: NEW's wins, losses and draws, and both brains' clocks.
#[derive(Default)]
struct Tally {
    wins: u64,
    losses: u64,
    draws: u64,
    clocks: [Clock; 2],
}

impl Tally {
    fn score(&self) -> f64 {
        let games = (self.wins + self.losses + self.draws).max(1) as f64;
        (self.wins as f64 + self.draws as f64 / 2.0) * 100.0 / games
    }
}

/// NEW against OLD on time, `games` games from the balanced openings, NEW black in even games.
fn ladder(new: &str, old: &str, games: usize, turn_ms: u64, rule: u64) {
    let threads: usize = std::env::var("LADDER_THREADS").ok().and_then(|n| n.parse().ok()).unwrap_or(1).max(1);
    // LADDER_FIRST=N starts at game N (a ladder split over several runs plays the same games).
    let first: usize = std::env::var("LADDER_FIRST").ok().and_then(|n| n.parse().ok()).unwrap_or(0);
    let next = AtomicUsize::new(first);
    let tally = Mutex::new(Tally::default());
    // LADDER_SPRT=0,10 stops the ladder by the sequential test, read in game order (on time the
    // games themselves differ from run to run, so only the reading is reproducible).
    let sprt = std::env::var("LADDER_SPRT").ok().map(|text| Sprt::parse(&text).expect("LADDER_SPRT like 0,10"));
    assert!(sprt.is_none() || first.is_multiple_of(2), "LADDER_FIRST must start a pair under LADDER_SPRT");
    let sequential = Mutex::new(Sequential::new(sprt));
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut brains = [Brain::start(new), Brain::start(old)];
                for brain in &mut brains {
                    brain.send(&format!("START {}", board_size().side()));
                    assert_eq!(brain.answer(), "OK");
                    for info in [format!("timeout_turn {turn_ms}"), "timeout_match 0".into(), format!("rule {rule}")] {
                        brain.send(&format!("INFO {info}"));
                    }
                }
                while !stop.load(Ordering::Relaxed) {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= first + games {
                        break;
                    }
                    let (winner, clocks, moves) = ladder_game(&mut brains, g, Duration::from_millis(turn_ms));
                    let mut tally = tally.lock().unwrap();
                    match winner {
                        Some(0) => tally.wins += 1,
                        Some(_) => tally.losses += 1,
                        None => tally.draws += 1,
                    }
                    for (total, clock) in tally.clocks.iter_mut().zip(&clocks) {
                        total.merge(clock);
                    }
                    let played = tally.wins + tally.losses + tally.draws;
                    let who = ["new", "old"];
                    println!(
                        "game {g} (new {}): {} won; {played} played, new {}-{}-{} = {:.1} %: {moves}",
                        if g.is_multiple_of(2) { "black" } else { "white" },
                        winner.map_or("nobody", |w| who[w]),
                        tally.wins,
                        tally.losses,
                        tally.draws,
                        tally.score()
                    );
                    let score = winner.map_or(0.5, |w| if w == 0 { 1.0 } else { 0.0 });
                    let mut sequential = sequential.lock().unwrap();
                    if sequential.record(g - first, score) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    println!("{}", sequential.report());
                }
                for brain in brains {
                    brain.end();
                }
            });
        }
    });
    let tally = tally.into_inner().unwrap();
    println!(
        "new against old, {} games at {turn_ms} ms a move: {}-{}-{} = {:.1} %",
        tally.wins + tally.losses + tally.draws,
        tally.wins,
        tally.losses,
        tally.draws,
        tally.score()
    );
    println!("new: {}\nold: {}", tally.clocks[0].summary(), tally.clocks[1].summary());
    println!("in game order, whole pairs: {}", sequential.into_inner().unwrap().report());
}

/// Game `g` of the ladder: who won (0 new, 1 old; `None` a draw), each brain's clock, the moves.
fn ladder_game(brains: &mut [Brain; 2], g: usize, turn: Duration) -> (Option<usize>, [Clock; 2], String) {
    let mut board = Board::new(board_size());
    let mut moves = Vec::new();
    // The openings are 15x15 ones: on 20x20 the same about its centre (H8 is K10).
    let shift = if board_size() == BoardSize::Twenty { 3 } else { 0 };
    for name in OPENINGS[g / 2 % OPENINGS.len()].split_whitespace() {
        let p = Point::parse_notation(name).expect("an opening's move");
        let p = Point { x: p.x + shift, y: p.y + shift };
        board.place(p);
        moves.push(p);
    }
    // Each game starts afresh, as a manager starts it (a brain keeps what it learnt in a game
    // until then: the same opening with the colours swapped must not be a replay for it).
    for brain in brains.iter_mut() {
        brain.send("RESTART");
        assert_eq!(brain.answer(), "OK");
    }
    // The brain playing black: new in even games.
    let black = g % 2;
    let mut clocks = [Clock::default(), Clock::default()];
    // Each brain is told the position once, by BOARD, then the other's moves by TURN.
    let mut told = [false; 2];
    loop {
        let to_move = if board.stone_count().is_multiple_of(2) { black } else { 1 - black };
        let command = if told[to_move] {
            let p = moves.last().expect("a stone");
            vec![format!("TURN {},{}", p.x, p.y)]
        } else {
            told[to_move] = true;
            board_commands(&moves, board.stone_count() % 2)
        };
        let (p, took) = brains[to_move].ask_move(&command);
        clocks[to_move].add(took, board.stone_count(), turn, brains[to_move].decision.as_deref());
        assert!(board.get(p).is_none(), "{},{} is taken", p.x, p.y);
        board.place(p);
        moves.push(p);
        if five_through(&board, p) {
            return (Some(to_move), clocks, notation(&moves));
        }
        if board.is_full() {
            return (None, clocks, notation(&moves));
        }
    }
}

/// `BOARD` (which replaces the brain's position) with the stones so far for the side whose
/// stones have `parity` (0 black) to move, and `DONE`.
fn board_commands(moves: &[Point], parity: usize) -> Vec<String> {
    let mut lines = vec!["BOARD".to_string()];
    for (i, p) in moves.iter().enumerate() {
        let field = if i % 2 == parity { 1 } else { 2 };
        lines.push(format!("{},{},{field}", p.x, p.y));
    }
    lines.push("DONE".to_string());
    lines
}

fn notation(moves: &[Point]) -> String {
    moves.iter().map(|&p| board_size().name(p)).collect::<Vec<_>>().join(" ")
}

/// The ladder's board, from `LADDER_SIZE` (15 by default, or 20).
fn board_size() -> BoardSize {
    let side: usize = std::env::var("LADDER_SIZE").ok().and_then(|n| n.parse().ok()).unwrap_or(15);
    BoardSize::of_side(side).expect("LADDER_SIZE is 15 or 20")
}

fn five_through(board: &Board, p: Point) -> bool {
    let colour: Option<Colour> = board.get(p);
    pastimes_games::gomoku::board::DIRECTIONS.iter().any(|&dir| {
        let count = |sign: i64| {
            (1..).take_while(|&k| board.step(p, dir, sign * k).is_some_and(|q| board.get(q) == colour)).count()
        };
        count(-1) + count(1) + 1 >= 5
    })
}
