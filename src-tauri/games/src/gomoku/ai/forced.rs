//! Forced wins: victory by continuous fours (VCF) and by fours and threes (VCT).
//!
//! A threat-space search: the attacker plays only moves that force an answer (a four, or in a
//! VCT also an open three), and the defender tries every answer that can matter: the block of a
//! four; against a three, every point where the attacker would make a four (the ends and the
//! gaps of the three, a superset of the real defences) and every four of its own. A four of the
//! defender's is answered by the attacker's block, after which the attacker's threat must still
//! stand. A position counts as won only if every defence is refuted within the depth, so a
//! win found here is a real one (only the budget makes the search miss some).
//!
//! Found wins keep their winning move, so [`Forced::line`] can lay one line of the win out move
//! by move, the defender's first answer at each step, ending in the attacker's five.

use super::budget::Deadline;
use super::defence;
use super::eval::{self, Candidate, Scan};
use super::position::Position;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

/// Which threats the attacker may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Fours only: narrow and deep.
    Fours,
    /// Fours and open threes: wider, so shallower for the same budget.
    FoursAndThrees,
}

/// A search for a forced win of the side to move, with a node budget, a deadline and a cancel
/// flag; reusable (what it learnt stays valid for any later search with the same kind).
pub struct Forced<'a> {
    kind: Kind,
    budget: u64,
    pub nodes: u64,
    deadline: Option<Deadline>,
    cancel: &'a AtomicBool,
    /// Out of nodes, out of time or cancelled: every answer from now on is "none found".
    pub stopped: bool,
    /// Attacker-to-move positions with no win within a depth (the deepest tried).
    failed: HashMap<u64, u8>,
    /// Attacker-to-move positions proven won, with the winning move.
    won: HashMap<u64, u16>,
    /// Scratch candidate lists, one per ply.
    lists: Vec<Vec<Candidate>>,
}

impl<'a> Forced<'a> {
    pub fn new(kind: Kind, budget: u64, deadline: Option<Deadline>, cancel: &'a AtomicBool) -> Forced<'a> {
        Forced {
            kind,
            budget,
            nodes: 0,
            deadline,
            cancel,
            stopped: false,
            failed: HashMap::new(),
            won: HashMap::new(),
            lists: Vec::new(),
        }
    }

    /// Gives the search `more` nodes on top of those it used, and lets it run again.
    pub fn extend_budget(&mut self, more: u64) {
        self.budget = self.nodes + more;
        self.stopped = false;
    }

    /// The first move of a forced win for the side to move within `depth` of its threats.
    /// `pos` is unchanged afterwards.
    pub fn find(&mut self, pos: &mut Position, depth: u8) -> Option<usize> {
        self.attack(pos, depth, 0).then(|| self.won.get(&pos.hash()).map(|&p| p as usize)).flatten()
    }

    /// One line of the win [`find`](Self::find) found: the attacker's moves and the defender's
    /// answers alternately, ending with the attacker's five. Empty if none was found.
    pub fn line(&mut self, pos: &mut Position, depth: u8) -> Vec<usize> {
        let mut line = Vec::new();
        if self.find(pos, depth).is_none() {
            return line;
        }
        let attacker = pos.to_move();
        let mut list = Vec::new();
        while line.len() < 2 * pos.size().count() {
            let scan = eval::scan(pos, &mut list);
            let next = if pos.to_move() == attacker {
                if let Some(p) = scan.my_five {
                    line.push(p);
                    break;
                }
                match scan.their_five {
                    Some(block) => Some(block),
                    None => self.won.get(&pos.hash()).map(|&p| p as usize).or(scan.my_unstoppable),
                }
            } else {
                defences(pos, &scan, &mut list, self.kind).first().map(|c| c.point)
            };
            let Some(p) = next else { break };
            pos.make(p);
            line.push(p);
        }
        // The five at the end was not played.
        let played = line.len() - usize::from(line.last().is_some_and(|&p| pos.get(p).is_none()));
        for &p in line[..played].iter().rev() {
            pos.unmake(p);
        }
        line
    }

    /// Whether the attacker's move at `p` (the side to move's, an empty point it may play) wins
    /// by force within `depth` threats: every defence refuted, as in [`find`](Self::find). A
    /// quiet move gives the defender a free move, so it never counts. `pos` is unchanged.
    pub fn wins_with(&mut self, pos: &mut Position, p: usize, depth: u8) -> bool {
        let mut list = Vec::new();
        eval::scan(pos, &mut list);
        let Some(c) = list.iter().find(|c| c.point == p) else { return false };
        if c.mine.five {
            return true;
        }
        pos.make(p);
        let wins = self.defend(pos, depth, 1);
        pos.unmake(p);
        wins
    }

    /// The defender's answers that matter in the position after the attacker's threat (the
    /// defender to move), as the search tries them: the block of a four, or against a three
    /// every point where the attacker would make a four and every four of the defender's own.
    pub fn answers(&self, pos: &Position) -> Vec<usize> {
        let mut list = Vec::new();
        let scan = eval::scan(pos, &mut list);
        defences(pos, &scan, &mut list, self.kind).iter().map(|c| c.point).collect()
    }

    /// Whether the side to move (the attacker) wins by force within `depth` threats.
    fn attack(&mut self, pos: &mut Position, depth: u8, ply: usize) -> bool {
        let key = pos.hash();
        if self.won.contains_key(&key) {
            return true;
        }
        if self.out_of_budget() || self.failed.get(&key).is_some_and(|&d| d >= depth) {
            return false;
        }
        let mut list = self.take_list(ply);
        let scan = eval::scan(pos, &mut list);
        let win = if let Some(p) = scan.my_five.or(scan.my_unstoppable.filter(|_| scan.their_five.is_none())) {
            Some(p)
        } else if scan.their_five.is_some() || depth == 0 {
            // The defender has a four on the board (only at the start): not an attack.
            None
        } else {
            // With the defender able to make an open four, a three of ours would be too slow.
            let threes = self.kind == Kind::FoursAndThrees && !scan.they_threaten;
            list.retain(|c| c.mine.is_four() || (threes && c.mine.open_threes > 0));
            list.sort_unstable_by_key(|c| (!c.mine.is_four(), -c.mine.score - c.theirs.score / 2, c.point));
            let mut found = None;
            for c in list.iter() {
                pos.make(c.point);
                let wins = self.defend(pos, depth, ply + 1);
                pos.unmake(c.point);
                if wins {
                    found = Some(c.point);
                    break;
                }
                if self.stopped {
                    break;
                }
            }
            found
        };
        self.lists[ply] = list;
        match win {
            Some(p) => {
                self.won.insert(key, p as u16);
                true
            }
            None => {
                if !self.stopped {
                    self.failed.insert(key, depth);
                }
                false
            }
        }
    }

    /// The defender to move after the attacker's threat: whether every answer loses.
    fn defend(&mut self, pos: &mut Position, depth: u8, ply: usize) -> bool {
        if self.out_of_budget() {
            return false;
        }
        let mut list = self.take_list(ply);
        let scan = eval::scan(pos, &mut list);
        let lost = if scan.my_five.is_some() {
            false
        } else if scan.their_fives >= 2 && !pos.rule_spoils_fives() {
            true
        } else if scan.their_five.is_none() && !(scan.they_threaten && self.kind == Kind::FoursAndThrees) {
            // The attacker's threat is gone (or was a three in a search for fours only).
            false
        } else {
            let answers = defences(pos, &scan, &mut list, self.kind).len();
            // No answer at all: lost, where a rule may leave none to a single five (Caro).
            let mut all_refuted = answers > 0 || pos.rule_spoils_fives();
            for &c in &list[..answers] {
                pos.make(c.point);
                let refuted = if c.mine.is_four() {
                    self.block_and_defend(pos, depth, ply + 1)
                } else {
                    depth > 0 && self.attack(pos, depth - 1, ply + 1)
                };
                pos.unmake(c.point);
                if !refuted {
                    all_refuted = false;
                    break;
                }
            }
            all_refuted
        };
        self.lists[ply] = list;
        lost
    }

    /// The attacker to move after the defender's four: block it (or make five), and the
    /// defender must then answer the attacker's threat again.
    fn block_and_defend(&mut self, pos: &mut Position, depth: u8, ply: usize) -> bool {
        let mut list = self.take_list(ply);
        let scan = eval::scan(pos, &mut list);
        self.lists[ply] = list;
        if scan.my_five.is_some() {
            return true;
        }
        match (scan.their_five, scan.their_fives) {
            (Some(block), 1) => {
                pos.make(block);
                let lost = self.defend(pos, depth, ply + 1);
                pos.unmake(block);
                lost
            }
            _ => false,
        }
    }

    fn take_list(&mut self, ply: usize) -> Vec<Candidate> {
        while self.lists.len() <= ply {
            self.lists.push(Vec::new());
        }
        std::mem::take(&mut self.lists[ply])
    }

    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped && self.nodes.is_multiple_of(256) {
            let late = self.deadline.as_ref().is_some_and(Deadline::passed);
            self.stopped = late || self.cancel.load(Ordering::Relaxed);
        }
        self.stopped |= self.nodes > self.budget;
        self.stopped
    }
}

/// The defender's answers to the attacker's threat, kept at the front of `list` (the scan's
/// candidates, from the defender's point of view): the block of a four, or against a three
/// every point where the attacker would make a four and every four of the defender's own
/// (under Caro also the points beyond a five's end that stop it, [`defence`]).
fn defences<'l>(pos: &Position, scan: &Scan, list: &'l mut Vec<Candidate>, kind: Kind) -> &'l [Candidate] {
    if let Some(block) = scan.their_five {
        defence::keep_five_stops(pos, list, block);
        list.sort_unstable_by_key(|c| (c.point != block, c.point));
    } else if kind == Kind::FoursAndThrees && scan.they_threaten {
        defence::keep_threat_answers(pos, list);
        // Direct blocks first (they usually hold longest), then the defender's fours.
        list.sort_unstable_by_key(|c| (!c.theirs.is_four(), -c.theirs.score, c.point));
    } else {
        list.clear();
    }
    list
}

#[cfg(test)]
mod tests;
