//! Two `pbrain-pastimes` processes play each other the way a Gomocup manager runs them, and
//! the figures a manager cares about are printed: each answer's time against the budget the
//! brain derives from `INFO timeout_turn` and `time_left`, and each brain's peak memory
//! against `INFO max_memory`. Figures only, no assertions (the machine is shared and noisy).
//!
//! ```sh
//! cargo build --release -p pastimes-games --bin pbrain-pastimes --example brain_match
//! target/release/examples/brain_match [path/to/pbrain-pastimes] [rule: 0|1|4] [timeout_turn ms] [max_memory bytes]
//! ```
//!
//! It is a referee of its own: it stops at a five (any run of five or more, which is enough to
//! end a figure run) or after 120 stones, and flags a forbidden black stone under rule 4.

use pastimes_games::gomoku::board::Board;
use pastimes_games::gomoku::{renju, Point};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

struct Brain {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Brain {
    fn start(path: &str) -> Brain {
        let mut child =
            Command::new(path).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("the brain starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Brain { child, input, output }
    }

    fn send(&mut self, line: &str) {
        write!(self.input, "{line}\r\n").unwrap();
        self.input.flush().unwrap();
    }

    fn answer(&mut self) -> String {
        loop {
            let mut line = String::new();
            self.output.read_line(&mut line).unwrap();
            let line = line.trim().to_string();
            if !line.starts_with("MESSAGE") && !line.starts_with("DEBUG") {
                return line;
            }
        }
    }

    /// Peak resident memory, from /proc.
    fn peak_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap_or("VmHWM: 0 kB");
        line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).cloned().unwrap_or_else(|| "target/release/pbrain-pastimes".into());
    let rule: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4);
    let turn_ms: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let memory: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0);
    let match_ms: u64 = 60 * turn_ms;
    let mut brains = [Brain::start(&path), Brain::start(&path)];
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
    let mut last: Option<Point> = None;
    while board.stone_count() < 120 {
        let side = board.stone_count() % 2;
        let brain = &mut brains[side];
        brain.send(&format!("INFO time_left {}", left[side]));
        let started = Instant::now();
        brain.send(&match last {
            None => "BEGIN".to_string(),
            Some(p) => format!("TURN {},{}", p.x, p.y),
        });
        let answer = brain.answer();
        let took = started.elapsed();
        let allowed = turn_ms.min(left[side] / 20);
        left[side] = left[side].saturating_sub(took.as_millis() as u64);
        times.push((took, allowed));
        let (x, y) = answer.split_once(',').expect("a move");
        let p = Point::new(x.parse().unwrap(), y.parse().unwrap()).expect("on the board");
        assert!(board.get(p).is_none(), "{answer} is taken");
        if rule == 4 && side == 0 {
            if let Some(why) = renju::forbidden(&board, p) {
                println!("forbidden black stone {answer}: {why:?}");
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
    let mean = times.iter().map(|(t, _)| t.as_secs_f64()).sum::<f64>() / times.len() as f64;
    println!("rule {rule}, timeout_turn {turn_ms} ms, max_memory {memory} bytes, {} moves", times.len());
    println!(
        "answer time: mean {:.0} ms, worst {} ms (allowed {} ms), over the limit: {over}",
        mean * 1000.0,
        worst.0,
        worst.1
    );
    println!("peak memory: {} KiB and {} KiB", brains[0].peak_kib(), brains[1].peak_kib());
    for brain in &mut brains {
        brain.send("END");
        let _ = brain.child.wait();
    }
}

fn five_through(board: &Board, p: Point) -> bool {
    let colour = board.get(p);
    pastimes_games::gomoku::board::DIRECTIONS.iter().any(|&dir| {
        let count =
            |sign: i64| (1..).take_while(|&k| p.step(dir, sign * k).is_some_and(|q| board.get(q) == colour)).count();
        count(-1) + count(1) + 1 >= 5
    })
}
