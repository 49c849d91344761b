//! The brain's time, on a clock of the test's own: it advances a fixed step at every reading,
//! and the engine reads it every few hundred nodes, so time passes with the work done (as on a
//! machine of one fixed speed) and every run is the same. Driven through the protocol as a
//! manager drives it, each answer's time by that clock must stay within `timeout_turn` and the
//! game's time left.

use super::{Brain, Flow};
use pastimes_games::gomoku::ai::{search_level, Clock, Limits};
use pastimes_games::gomoku::{Gomoku, Level, Params, Point, Rule};
use pastimes_games::Game;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// What one reading of the clock costs in the games, in microseconds: coarse, so that a debug
/// build searches few nodes a simulated second. The brain's margin must still absorb the
/// readings made after the hard limit has passed.
const GAME_STEP_US: u64 = 10_000;

/// A clock that advances `step` microseconds at every reading, and its count of microseconds.
fn ticking(step: u64) -> (Clock, Arc<AtomicU64>) {
    let micros = Arc::new(AtomicU64::new(0));
    let read = micros.clone();
    let clock = Clock::new(move || Duration::from_micros(read.fetch_add(step, Ordering::Relaxed) + step));
    (clock, micros)
}

/// A brain on a ticking clock, started with `infos`.
struct Managed {
    brain: Brain,
    micros: Arc<AtomicU64>,
}

impl Managed {
    fn start(step: u64, infos: &[&str]) -> Managed {
        let (clock, micros) = ticking(step);
        let mut managed = Managed { brain: Brain::on(clock), micros };
        assert_eq!(managed.send("START 15"), ["OK"]);
        for info in infos {
            assert!(managed.send(info).is_empty(), "{info}");
        }
        managed
    }

    /// Sends one line; the answers, less the DEBUG and MESSAGE lines.
    fn send(&mut self, line: &str) -> Vec<String> {
        let mut answers = Vec::new();
        let flow = self.brain.handle(line, &mut |text: &str| answers.push(text.to_string()));
        assert_eq!(flow, Flow::Continue);
        answers.retain(|a| !a.starts_with("DEBUG") && !a.starts_with("MESSAGE"));
        answers
    }

    /// Sends `line` and times the answer by the test's clock (which the test does not read, so
    /// its readings are all the brain's).
    fn timed(&mut self, line: &str) -> (Vec<String>, u64) {
        let before = self.micros.load(Ordering::Relaxed);
        let answers = self.send(line);
        (answers, (self.micros.load(Ordering::Relaxed) - before) / 1_000)
    }
}

/// The opponent's answer: easy's, on the system clock (the brain's clock times the brain only).
fn opponent_move(game: &Gomoku) -> Option<Point> {
    let easy = search_level(game, Level::Easy, &Limits::for_level(Level::Easy), 7, &AtomicBool::new(false));
    easy.best.and_then(|mv| pastimes_games::gomoku::BoardSize::Fifteen.point(mv.x, mv.y))
}

fn stone(answer: &str) -> Option<Point> {
    let (x, y) = answer.split_once(',')?;
    pastimes_games::gomoku::BoardSize::Fifteen.point(x.parse().ok()?, y.parse().ok()?)
}

/// Plays up to `moves` of the brain's moves (it begins, with black) under `rule` as a manager
/// would, sending `time_left` before each when the game has a time limit; each move's time in
/// milliseconds, until the game ends.
fn play(managed: &mut Managed, rule: Rule, moves: usize, mut left: Option<u64>, turn: u64) -> Vec<u64> {
    let mut game = Gomoku::new(&Params { rule, ..Params::default() }, 7).unwrap();
    let mut times = Vec::new();
    let mut command = "BEGIN".to_string();
    for _ in 0..moves {
        if let Some(left) = left {
            managed.send(&format!("INFO time_left {left}"));
        }
        let (answers, took) = managed.timed(&command);
        let p = answers.first().and_then(|a| stone(a)).unwrap_or_else(|| panic!("{answers:?}"));
        assert!(took <= turn, "{took} ms for a move, timeout_turn {turn}");
        if let Some(left) = left.as_mut() {
            assert!(took <= *left, "{took} ms for a move with {left} ms left");
            *left -= took;
        }
        times.push(took);
        game.play(p.into()).unwrap();
        let Some(reply) = opponent_move(&game) else { break };
        game.play(reply.into()).unwrap();
        if game.status().is_over() {
            break;
        }
        command = format!("TURN {},{}", reply.x, reply.y);
    }
    times
}

#[test]
fn a_move_never_takes_longer_than_the_turn_allows_and_uses_most_of_it() {
    let mut managed = Managed::start(GAME_STEP_US, &["INFO timeout_turn 1000", "INFO timeout_match 0"]);
    let times = play(&mut managed, Rule::Freestyle, 8, None, 1_000);
    assert_eq!(times.len(), 8, "{times:?}");
    // A move of its own choosing (not the first, not a forced block or a proven win) takes most
    // of the turn: 950 ms of 1000 here.
    let thought = times.iter().filter(|&&t| t >= 900).count();
    assert!(thought >= 4, "{times:?}");
}

/// A forced block (the opponent's four) is not answered at once: the brain thinks on over the
/// opponent's answers into the memory it keeps for its next move, for the turn's time (lost if
/// not spent). Without that memory (a `max_memory` that only fits medium) it answers at once.
#[test]
fn a_forced_block_takes_the_turn_to_think_ahead() {
    // The opponent (stones "2") has four in a row on row 7, closed at one end by the brain.
    let board = ["3,7,2", "4,7,2", "5,7,2", "6,7,2", "2,7,1", "9,9,1", "11,3,1", "5,10,1"];
    let block_time = |infos: &[&str]| {
        let mut managed = Managed::start(GAME_STEP_US, infos);
        managed.send("BOARD");
        for line in board {
            managed.send(line);
        }
        let (answers, took) = managed.timed("DONE");
        assert_eq!(answers.first().map(String::as_str), Some("7,7"), "the block");
        took
    };
    let with_memory = block_time(&["INFO timeout_turn 1000"]);
    assert!((400..=1_000).contains(&with_memory), "{with_memory} ms for a forced block");
    let without = block_time(&["INFO timeout_turn 1000", "INFO max_memory 8388608"]);
    assert!(without <= 100, "{without} ms for a forced block without memory");
}

#[test]
fn a_game_never_runs_out_of_its_time() {
    let mut managed = Managed::start(GAME_STEP_US, &["INFO timeout_turn 1000", "INFO timeout_match 3000"]);
    let times = play(&mut managed, Rule::Freestyle, 20, Some(3_000), 1_000);
    // Until the brain won (easy is no match for it).
    assert!(times.len() >= 8, "{times:?}");
    assert!(times.iter().sum::<u64>() < 3_000, "{times:?}");
}

#[test]
fn renju_and_swap2_answers_keep_to_the_turn_too() {
    let mut managed = Managed::start(GAME_STEP_US, &["INFO timeout_turn 600", "INFO rule 4"]);
    let times = play(&mut managed, Rule::Renju, 6, None, 600);
    assert_eq!(times.len(), 6, "{times:?}");
    // A Swap2 answer is several short searches: a finer clock, as their count of readings
    // (not their nodes) would otherwise make their time.
    let mut managed = Managed::start(1_000, &["INFO timeout_turn 600", "INFO rule 4"]);
    for stones in [&[][..], &["7,7", "8,7", "9,9"], &["7,7", "8,7", "9,9", "8,8", "8,6"]] {
        managed.send("SWAP2BOARD");
        for stone in stones {
            managed.send(stone);
        }
        let (answers, took) = managed.timed("DONE");
        assert_eq!(answers.len(), 1, "{answers:?}");
        assert!(took <= 600, "{took} ms for a Swap2 answer, timeout_turn 600");
    }
}

/// A forced block after which the opponent still has a four is said to be lost on the DEBUG
/// line a manager logs (`Block lost`); the turn's time, lost if not spent, goes to the game
/// past the five the opponent may miss, and answers within the turn.
#[test]
fn a_lost_block_says_so_and_spends_the_turn() {
    // The opponent (stones "2") has two fours, each closed at one end by the brain.
    let board = ["3,7,2", "4,7,2", "5,7,2", "6,7,2", "10,2,2", "10,3,2", "10,4,2", "10,5,2"];
    let own = ["2,7,1", "10,1,1", "0,0,1", "0,14,1", "14,0,1", "14,14,1", "12,12,1"];
    let mut managed = Managed::start(GAME_STEP_US, &["INFO timeout_turn 1000"]);
    managed.send("BOARD");
    for line in board.iter().chain(&own) {
        managed.send(line);
    }
    let before = managed.micros.load(Ordering::Relaxed);
    let mut lines = Vec::new();
    managed.brain.handle("DONE", &mut |text: &str| lines.push(text.to_string()));
    let took = (managed.micros.load(Ordering::Relaxed) - before) / 1_000;
    assert!(lines.iter().any(|l| l == "7,7" || l == "10,6"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("DEBUG") && l.ends_with(": Block lost")), "{lines:?}");
    assert!((400..=1_000).contains(&took), "{took} ms for a lost block");
}
