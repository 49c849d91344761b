//! Points a rule forbids to the side to move: the hook for Renju.
//!
//! Under Renju black may not play a double three, a double four or an overline (unless the
//! stone makes exactly five). The engine asks [`forbidden_for`] once per search for the rule's
//! filter and, when there is one, never plays, and never counts as a black move, a point the
//! filter refuses. The filter only sees points where black makes two threats or more or six in
//! a row (the only points that can be forbidden), so it may be slow-ish (a few microseconds).
//!
//! To plug Renju in: add `Rule::Renju => Some(renju_forbidden)` below, with a function that
//! reads the stones through [`Position::get`] (row-major indices, `Point::from_index`) and
//! answers for the empty point `p` and the side to move, `Position::to_move`; and give black
//! the exact-five shape table in [`super::shape::tables`].

use super::super::board::{Colour, Point, POINTS};
use super::super::renju;
use super::super::rules::Rule;
use super::position::Position;

/// Whether the side to move may not play on the empty point `p`.
pub type Forbidden = fn(pos: &Position, p: usize) -> bool;

/// The rule's filter, if it forbids any point.
pub fn forbidden_for(rule: Rule) -> Option<Forbidden> {
    match rule {
        Rule::Freestyle | Rule::ExactFive | Rule::Caro => None,
        Rule::Renju => Some(renju_forbidden),
    }
}

/// Renju's rule for the engine: black's double threes, double fours and overlines, read from
/// the search's position by the rules' own detector.
fn renju_forbidden(pos: &Position, p: usize) -> bool {
    if pos.to_move() != Colour::Black {
        return false;
    }
    let cells: [Option<Colour>; POINTS] = std::array::from_fn(|i| pos.get(i));
    renju::forbidden_in(cells, Point::from_index(p)).is_some()
}
