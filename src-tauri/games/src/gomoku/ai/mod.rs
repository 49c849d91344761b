//! The computer opponent.
//!
//! [`computer_move`] picks the move for the side to move. It only reads the game; the app runs
//! it on a thread of its own and applies the move it returns. Every level first takes a five
//! when it has one and blocks the opponent's four. Then:
//!
//! - **Easy** looks one move ahead: it scores each point by what a stone there makes and takes
//!   from the opponent, and picks at random among its three best. It answers an opponent's open
//!   three two times in three, so it can be caught by an open three and by any fork.
//! - **Medium** searches four moves ahead (at most 0.4 s) with the threat rules below.
//! - **Hard** looks for a win by continuous fours, checks that its move leaves the opponent
//!   none, then searches as deep as 1.5 s allow (typically 6 to 10 moves, forced lines further).
//!
//! The search limits (time, nodes, depth) are in [`SearchLimits`]; the time is measured from
//! the call and checked every few hundred nodes, and setting `cancel` stops the search within a
//! millisecond or so (`computer_move` then returns `None`). All randomness comes from a
//! generator seeded with the game's seed and the move number, so a search limited by nodes or
//! depth is reproducible; one limited by time depends on the machine's speed.

mod eval;
mod position;
mod search;
mod shape;
mod threat;
mod tt;
mod vcf;

use super::board::{Point, POINTS, SIZE};
use super::params::Level;
use super::{Gomoku, Move};
use crate::game::Game;
use crate::rng::{seeded, GameRng};
use eval::{Candidate, Scan};
use position::Position;
use rand::seq::SliceRandom;
use rand::Rng;
use search::Searcher;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use vcf::Vcf;

/// The search's board, public for the benchmarks (its move and unmove are measured).
pub use position::Position as SearchPosition;

/// How long and how deep a search may go. Any limit reached stops it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchLimits {
    /// Wall-clock budget, measured from the call.
    pub time: Option<Duration>,
    /// Positions to visit at most (reproducible, unlike time).
    pub nodes: Option<u64>,
    /// Deepest iteration, in moves.
    pub depth: u8,
}

impl SearchLimits {
    /// What [`computer_move`] allows each level. Easy does not search (its look takes
    /// microseconds), so its limits are moot. Hard's 1.5 s include its hunt for fours and leave
    /// room within 2 s for a slow or busy machine.
    pub fn for_level(level: Level) -> SearchLimits {
        match level {
            Level::Easy => SearchLimits { time: Some(Duration::from_millis(100)), nodes: None, depth: 1 },
            Level::Medium => SearchLimits { time: Some(Duration::from_millis(400)), nodes: None, depth: 4 },
            Level::Hard => SearchLimits { time: Some(Duration::from_millis(1500)), nodes: None, depth: 40 },
        }
    }
}

/// How a level plays, apart from its limits.
struct Style {
    /// Moves tried at a node without threats.
    width: usize,
    /// Moves tried at the root.
    root_width: usize,
    /// Plies past the nominal depth spent answering threatened open fours.
    quiescence: i32,
    /// Depth (in own fours) and node budget of the search for a win by fours; 0 for none.
    vcf_depth: u8,
    vcf_nodes: u64,
    /// Whether to check that the move leaves the opponent no win by fours.
    defend_vcf: bool,
    table_bits: u32,
}

impl Style {
    fn of(level: Level) -> Style {
        match level {
            Level::Easy => Style {
                width: 3,
                root_width: 3,
                quiescence: 0,
                vcf_depth: 0,
                vcf_nodes: 0,
                defend_vcf: false,
                table_bits: 4,
            },
            Level::Medium => Style {
                width: 8,
                root_width: 12,
                quiescence: 2,
                vcf_depth: 0,
                vcf_nodes: 0,
                defend_vcf: false,
                table_bits: 16,
            },
            Level::Hard => Style {
                width: 10,
                root_width: 16,
                quiescence: 6,
                vcf_depth: 12,
                vcf_nodes: 20_000,
                defend_vcf: true,
                table_bits: 19,
            },
        }
    }
}

/// Why the computer chose its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// No move: the game is over.
    None,
    /// The first stone goes in the centre.
    Opening,
    /// Makes five.
    Win,
    /// Blocks the opponent's five.
    Block,
    /// Makes an open four (or a double four) the opponent cannot stop.
    Unstoppable,
    /// Starts a win by continuous fours.
    Fours,
    /// The only sensible move (one candidate).
    Only,
    /// Easy's one-move look.
    Glance,
    /// The result of the search.
    Search,
}

/// What a search found, for the app (the move) and for tests and benchmarks (the rest).
#[derive(Debug, Clone)]
pub struct SearchReport {
    pub best: Option<Move>,
    pub decision: Decision,
    /// From the mover's point of view; beyond ±9,999,000 a forced win or loss.
    pub score: i32,
    /// How deep the search that chose the move went, in moves (forced lines go further). An
    /// iteration cut short by time counts if it had finished searching the move it chose.
    pub depth: u8,
    /// Positions visited, by the main search and the searches for fours.
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The computer's move for the side to move at `level`, or `None` if the game is over or
/// `cancel` was set. Seeded from the game's seed and the move number.
pub fn computer_move(game: &Gomoku, level: Level, cancel: &AtomicBool) -> Option<Move> {
    let report = search(game, level, &SearchLimits::for_level(level), move_seed(game), cancel);
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    report.best
}

/// The seed for the computer's move now: different every move, the same on every replay.
pub fn move_seed(game: &Gomoku) -> u64 {
    game.seed() ^ (game.moves().len() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// The full search behind [`computer_move`], with explicit limits and seed.
pub fn search(game: &Gomoku, level: Level, limits: &SearchLimits, seed: u64, cancel: &AtomicBool) -> SearchReport {
    let mut turn = Turn {
        pos: Position::of(game),
        style: Style::of(level),
        limits,
        cancel,
        started: Instant::now(),
        rng: seeded(seed),
        report: SearchReport {
            best: None,
            decision: Decision::None,
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        },
    };
    if !game.status().is_over() {
        let (point, decision) = turn.choose(level);
        turn.report.best = Some(Point::from_index(point).into());
        turn.report.decision = decision;
    }
    turn.report.elapsed = turn.started.elapsed();
    turn.report
}

/// One call's worth of state: the position, how to play, and the report being filled in.
struct Turn<'a> {
    pos: Position,
    style: Style,
    limits: &'a SearchLimits,
    cancel: &'a AtomicBool,
    started: Instant,
    rng: GameRng,
    report: SearchReport,
}

impl<'a> Turn<'a> {
    fn choose(&mut self, level: Level) -> (usize, Decision) {
        let mut list = Vec::with_capacity(POINTS);
        let scan = eval::scan(&self.pos, &mut list);
        if let Some(found) = obvious(&scan, &list) {
            return found;
        }
        match level {
            Level::Easy => (glance(&mut list, &scan, &mut self.rng), Decision::Glance),
            Level::Medium | Level::Hard => self.think(list, &scan),
        }
    }

    /// Medium and hard: look for a win by fours, guard against the opponent's, then search.
    fn think(&mut self, mut list: Vec<Candidate>, scan: &Scan) -> (usize, Decision) {
        if let Some(p) = self.find_fours() {
            self.report.score = eval::WIN_FLOOR;
            return (p, Decision::Fours);
        }
        self.order_root(&mut list, scan);
        if self.style.defend_vcf && self.opponent_has_fours(None) {
            // Keep the moves that take the opponent's win away, if any do (else all is lost).
            let kept: Vec<Candidate> =
                list.iter().filter(|c| !self.opponent_has_fours(Some(c.point))).copied().collect();
            if !kept.is_empty() {
                list = kept;
            }
        }
        if !scan.they_threaten {
            list.truncate(self.style.root_width);
        }
        if list.len() == 1 {
            return (list[0].point, Decision::Only);
        }
        let mut searcher = Searcher::new(self.pos.clone(), &self.style, self.limits, self.cancel, self.started);
        let outcome = searcher.iterate(&mut list);
        self.report.nodes += searcher.nodes;
        self.report.score = outcome.score;
        self.report.depth = outcome.depth;
        (outcome.best, Decision::Search)
    }

    /// The root's moves, best first. Equally good moves are shuffled (a stable sort after a
    /// seeded shuffle) so the computer does not play the same game every time.
    fn order_root(&mut self, list: &mut Vec<Candidate>, scan: &Scan) {
        list.shuffle(&mut self.rng);
        if scan.they_threaten {
            list.retain(eval::answers_threat);
        }
        list.sort_by_key(|c| -c.priority());
    }

    /// The first move of the side to move's win by continuous fours, if the level looks for one.
    fn find_fours(&mut self) -> Option<usize> {
        if self.style.vcf_depth == 0 {
            return None;
        }
        let mut vcf = self.vcf(self.style.vcf_nodes);
        let found = vcf.find(&mut self.pos, self.style.vcf_depth);
        self.report.nodes += vcf.nodes;
        found
    }

    /// A search for fours within this call's time, budget and cancel flag.
    fn vcf(&self, budget: u64) -> Vcf<'a> {
        Vcf::new(budget, self.limits.time.map(|t| self.started + t), self.cancel)
    }

    /// Whether the opponent could win by fours after our stone on `point` (or, with `None`, if
    /// we passed). Each check gets a share of the budget: it runs for every candidate move.
    fn opponent_has_fours(&mut self, point: Option<usize>) -> bool {
        let budget = if point.is_some() { self.style.vcf_nodes / 8 } else { self.style.vcf_nodes };
        let mut vcf = self.vcf(budget);
        match point {
            Some(p) => self.pos.make(p),
            None => self.pos.pass(),
        }
        let found = vcf.find(&mut self.pos, self.style.vcf_depth).is_some();
        match point {
            Some(p) => self.pos.unmake(p),
            None => self.pos.pass(),
        }
        self.report.nodes += vcf.nodes;
        found
    }
}

/// The moves no level thinks about: the centre on an empty board, a five, a block of a five,
/// an unstoppable four.
fn obvious(scan: &Scan, list: &[Candidate]) -> Option<(usize, Decision)> {
    if list.is_empty() {
        // No stone near anything: the board is empty.
        return Some((Point { x: SIZE as u8 / 2, y: SIZE as u8 / 2 }.index(), Decision::Opening));
    }
    if let Some(p) = scan.my_five {
        return Some((p, Decision::Win));
    }
    if let Some(p) = scan.their_five {
        return Some((p, Decision::Block));
    }
    scan.my_unstoppable.map(|p| (p, Decision::Unstoppable))
}

/// Easy: one look at the board. An open three is answered two times in three; otherwise a move
/// among the three with the best mix of attack and half-hearted defence.
fn glance(list: &mut Vec<Candidate>, scan: &Scan, rng: &mut GameRng) -> usize {
    if scan.they_threaten && rng.random_ratio(2, 3) {
        list.retain(eval::answers_threat);
    }
    list.sort_unstable_by_key(|c| (-(c.mine.score + c.theirs.score / 2), c.point));
    let choices = list.len().min(3);
    list[rng.random_range(0..choices)].point
}

#[cfg(test)]
mod tests;
