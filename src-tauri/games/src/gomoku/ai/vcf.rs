//! Victory by continuous fours: a win in which every attacking move is a four.
//!
//! A four leaves the defender one reply, blocking the five, so such a line is narrow and can be
//! followed far deeper than the main search goes. The computer looks for one of its own before
//! searching (and plays it), and for one of the opponent's, to know a quiet-looking position is
//! lost unless it is defended. The check is conservative: as soon as the defender's block makes
//! a four of its own, the line is given up, so a win found here is a real one.

use super::eval::{self, Candidate};
use super::position::Position;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A search for a continuous-four win of the side to move, with a node budget.
pub struct Vcf<'a> {
    budget: u64,
    pub nodes: u64,
    /// The main search's deadline and cancel flag: this runs before it, within its time.
    deadline: Option<Instant>,
    cancel: &'a AtomicBool,
    /// Out of nodes, out of time or cancelled: every answer from now on is "none found".
    pub stopped: bool,
    /// Positions (with the attacker to move) already found to hold no win within a depth.
    failed: HashMap<u64, u8>,
    /// Scratch lists, one per attacking move deep.
    lists: Vec<Vec<Candidate>>,
    fives: Vec<usize>,
}

impl<'a> Vcf<'a> {
    pub fn new(budget: u64, deadline: Option<Instant>, cancel: &'a AtomicBool) -> Vcf<'a> {
        Vcf {
            budget,
            nodes: 0,
            deadline,
            cancel,
            stopped: false,
            failed: HashMap::new(),
            lists: Vec::new(),
            fives: Vec::new(),
        }
    }

    /// The first move of a win by fours for the side to move within `depth` of its moves, if
    /// one exists and is found within the budget. `pos` is unchanged afterwards.
    pub fn find(&mut self, pos: &mut Position, depth: u8) -> Option<usize> {
        self.attack(pos, depth, 0)
    }

    fn attack(&mut self, pos: &mut Position, depth: u8, level: usize) -> Option<usize> {
        if self.out_of_budget() || self.failed.get(&pos.hash()).is_some_and(|&d| d >= depth) {
            return None;
        }
        if self.lists.len() <= level {
            self.lists.push(Vec::new());
        }
        let mut list = std::mem::take(&mut self.lists[level]);
        let scan = eval::scan(pos, &mut list);
        let found = if let Some(p) = scan.my_five {
            Some(p)
        } else if scan.their_five.is_some() {
            // The defender has a four: the attacker would have to block, not attack.
            None
        } else if let Some(p) = scan.my_unstoppable {
            Some(p)
        } else if depth == 0 {
            None
        } else {
            list.retain(|c| c.mine.is_four());
            list.sort_unstable_by_key(|c| -c.mine.score);
            list.iter().map(|c| c.point).find(|&p| self.four_wins(pos, p, depth, level))
        };
        self.lists[level] = list;
        if found.is_none() && !self.stopped {
            self.failed.insert(pos.hash(), depth);
        }
        found
    }

    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped && self.nodes.is_multiple_of(256) {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            self.stopped = late || self.cancel.load(Ordering::Relaxed);
        }
        self.stopped |= self.nodes > self.budget;
        self.stopped
    }

    /// Plays the four on `p` and the defender's forced block, and attacks on from there.
    fn four_wins(&mut self, pos: &mut Position, p: usize, depth: u8, level: usize) -> bool {
        let attacker = pos.to_move();
        pos.make(p);
        let mut fives = std::mem::take(&mut self.fives);
        pos.fives_near(p, attacker, &mut fives);
        // One five to block (two would be an open four, which the scan already took).
        let wins = match fives[..] {
            [block] => {
                pos.make(block);
                let wins = self.attack(pos, depth - 1, level + 1).is_some();
                pos.unmake(block);
                wins
            }
            _ => false,
        };
        self.fives = fives;
        pos.unmake(p);
        wins
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::board::Point;
    use super::super::super::{Gomoku, Params};
    use super::*;
    use crate::game::Game;

    fn position(black: &[&str], white: &[&str]) -> Position {
        let mut game = Gomoku::new(&Params::default(), 0).unwrap();
        for i in 0..black.len().max(white.len()) {
            for side in [black, white] {
                if let Some(name) = side.get(i) {
                    game.play(Point::parse_notation(name).unwrap().into()).unwrap();
                }
            }
        }
        Position::of(&game)
    }

    #[test]
    fn finds_a_four_that_leads_to_an_open_four() {
        // Black's E8-G8 is closed by D8, so H8 is only a four; but it also joins H5 H6 into a
        // split three, and after White's forced block on I8, H7 makes an open four.
        let mut pos = position(&["E8", "F8", "G8", "H5", "H6"], &["D8", "A1", "A3", "O15", "O13"]);
        let mut scratch = Vec::new();
        assert!(eval::scan(&pos, &mut scratch).my_unstoppable.is_none(), "not won in one");
        let first = Vcf::new(10_000, None, &AtomicBool::new(false)).find(&mut pos, 4);
        assert_eq!(first, Some(Point::parse_notation("H8").unwrap().index()));
        // White, were it to move here instead, has no fours at all.
        pos.pass();
        assert_eq!(Vcf::new(10_000, None, &AtomicBool::new(false)).find(&mut pos, 4), None);
    }

    #[test]
    fn no_fours_no_win() {
        let mut pos = position(&["H8", "J9"], &["A1", "O15"]);
        let before = pos.hash();
        assert_eq!(Vcf::new(10_000, None, &AtomicBool::new(false)).find(&mut pos, 8), None);
        assert_eq!(pos.hash(), before);
    }
}
