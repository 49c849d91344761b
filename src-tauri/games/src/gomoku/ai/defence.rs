//! Which moves answer the other side's four or its threat of an open four.
//!
//! Under freestyle, exactly five and Renju a five is stopped only on its point, so the answer to
//! a four is its five point, two five points cannot both be blocked, and an open three is
//! answered where the attacker would make a four (or by a four of one's own): the scan's facts
//! say it all, and these functions change nothing there.
//!
//! Under Caro a five is also stopped from beyond its end: `OXXXX.` is answered on the five point
//! or on the empty point after it, which leaves the five between two of the defender's stones.
//! So the answers to a four are every point that stops all of the attacker's five points (one
//! stone can stop two: `O.XXXX.O` is not lost), and the answers to a threatened open four are
//! every point within reach of a line in which the attacker's threatening point makes a four or
//! more (only a stone there changes what that point makes) and every four of the defender's.

use super::super::board::Colour;
use super::eval::{self, Candidate};
use super::position::Position;
use super::shape::Shape;

/// Whether a stone of the side to move on the empty point `s` stops the other side's five on
/// the empty point `f`: it is `f`, or (Caro) it leaves none of `f`'s fives a five.
pub fn stops_five(pos: &Position, s: usize, f: usize) -> bool {
    if s == f {
        return true;
    }
    let attacker = pos.to_move().other();
    pos.rule_spoils_fives()
        && (0..4)
            .all(|d| pos.shape(f, attacker, d) != Shape::Five || pos.shape_beside(f, attacker, d, s) != Shape::Five)
}

/// Keeps in `list` (the scan's candidates for the side to move, whose opponent has a five on
/// `first_five`) the moves that stop every five of the opponent's.
pub fn keep_five_stops(pos: &Position, list: &mut Vec<Candidate>, first_five: usize) {
    if !pos.rule_spoils_fives() {
        list.retain(|c| c.point == first_five);
        return;
    }
    let fives: Vec<usize> = list.iter().filter(|c| c.theirs.five).map(|c| c.point).collect();
    list.retain(|c| fives.iter().all(|&f| stops_five(pos, c.point, f)));
}

/// The first move that stops every five of the opponent's, if any does (`first_five` first).
pub fn five_stop(pos: &Position, list: &[Candidate], first_five: usize) -> Option<usize> {
    let mut kept = list.to_vec();
    keep_five_stops(pos, &mut kept, first_five);
    kept.iter().find(|c| c.point == first_five).or(kept.first()).map(|c| c.point)
}

/// Keeps in `list` the moves that may answer the opponent's threat of an open four (a superset:
/// the search tries them all).
pub fn keep_threat_answers(pos: &Position, list: &mut Vec<Candidate>) {
    if !pos.rule_spoils_fives() {
        list.retain(eval::answers_threat);
        return;
    }
    let attacker = pos.to_move().other();
    let threats: Vec<usize> = list.iter().filter(|c| c.theirs.unstoppable).map(|c| c.point).collect();
    list.retain(|c| eval::answers_threat(c) || threats.iter().any(|&u| in_reach_of_a_four(pos, c.point, u, attacker)));
}

/// Whether `s` lies within five points of `u` along a line in which `attacker` makes a four or
/// more on `u`.
fn in_reach_of_a_four(pos: &Position, s: usize, u: usize, attacker: Colour) -> bool {
    (0..4).any(|d| pos.shape(u, attacker, d) >= Shape::Four && pos.in_window(u, d, s))
}

#[cfg(test)]
mod tests;
