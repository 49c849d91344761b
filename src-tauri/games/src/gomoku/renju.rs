//! Renju's forbidden points: where black may not play.
//!
//! Under [`super::Rule::Renju`] black, who moves first and would otherwise win by force, may not
//! make an overline (six or more in a row), a double four (two fours at once, also in one line)
//! or a double three (two threes at once). A move that makes exactly five is never forbidden:
//! the five wins whatever else the stone makes. White has no forbidden points.
//!
//! The definitions, as the Renju International Federation states them:
//! - a **five** is exactly five black stones in a row;
//! - a **four** is four stones that one more stone turns into a five; an open four
//!   (`.XXXX.`) is one four with two such points, `X.XXX.X` is two fours in one line;
//! - a **straight four** is four in a row whose both ends make a five;
//! - a **three** is three stones that one more stone turns into a straight four, *where that
//!   stone is itself allowed*. This is the recursive case: a "three" whose only completing
//!   point is forbidden is no three, so a double three through it is not forbidden.
//!
//! Only the shapes that contain the new stone count: a four or three already on the board was
//! not made by this move. Per line there is at most one three; a line with a four is not also
//! counted as a three.

use super::board::{Board, BoardSize, Colour, Point, DIRECTIONS, POINTS};
use serde::Serialize;

/// Renju's board: the RIF's rules define the game on 15x15 only, so no other size is offered
/// with it ([`super::Params`] refuses it) and its checks walk this board's points.
pub const SIZE: BoardSize = BoardSize::Fifteen;

/// Why black may not play a point. Serialised as `"doubleThree"`, `"doubleFour"`, `"overline"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Forbidden {
    DoubleThree,
    DoubleFour,
    Overline,
}

impl Forbidden {
    /// The stable reason given with [`crate::RuleError::Illegal`] when such a move is refused.
    pub fn reason(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "doubleThree",
            Forbidden::DoubleFour => "doubleFour",
            Forbidden::Overline => "overline",
        }
    }
}

/// Why a black stone on the empty point `p` would be forbidden; `None` if it is allowed (or the
/// point is taken). Whose turn it is does not matter: this asks about a black stone.
/// [`forbidden`] for a position given as its cells (the engine's search position).
pub(super) fn forbidden_in(cells: [Option<Colour>; POINTS], p: Point) -> Option<Forbidden> {
    if cells[p.index()].is_some() {
        return None;
    }
    Grid { cells }.forbidden(p)
}

pub fn forbidden(board: &Board, p: Point) -> Option<Forbidden> {
    if board.get(p).is_some() {
        return None;
    }
    Grid::of(board).forbidden(p)
}

/// Every empty point where black may not play, row by row: what the board shows as crosses.
pub fn forbidden_points(board: &Board) -> Vec<Point> {
    Grid::of(board).forbidden_points()
}

/// Whether black has any allowed point left (a board full of forbidden points is a draw).
pub fn black_can_move(board: &Board) -> bool {
    Grid::of(board).black_can_move()
}

/// The cells, as a scratch copy the recursive checks put trial stones on and take them off.
pub(super) struct Grid {
    cells: [Option<Colour>; POINTS],
}

impl Grid {
    pub(super) fn of(board: &Board) -> Grid {
        let mut cells = [None; POINTS];
        for p in SIZE.points() {
            cells[p.index()] = board.get(p);
        }
        Grid { cells }
    }

    #[cfg(test)]
    pub(super) fn from_cells(cells: [Option<Colour>; POINTS]) -> Grid {
        Grid { cells }
    }

    fn is_empty(&self, p: Point) -> bool {
        self.cells[p.index()].is_none()
    }

    fn is_black(&self, p: Option<Point>) -> bool {
        p.is_some_and(|p| self.cells[p.index()] == Some(Colour::Black))
    }

    /// The point `k` steps from `p` along `dir` if it is on the board and empty.
    fn empty_at(&self, p: Point, dir: (i8, i8), k: i64) -> Option<Point> {
        SIZE.step(p, dir, k).filter(|&q| self.is_empty(q))
    }

    /// [`forbidden_points`] on the scratch cells.
    pub(super) fn forbidden_points(&mut self) -> Vec<Point> {
        SIZE.points()
            .filter(|&p| self.is_empty(p) && self.could_be_forbidden(p) && self.forbidden(p).is_some())
            .collect()
    }

    /// [`black_can_move`] on the scratch cells.
    pub(super) fn black_can_move(&mut self) -> bool {
        SIZE.points().any(|p| self.is_empty(p) && (!self.could_be_forbidden(p) || self.forbidden(p).is_none()))
    }

    /// Every forbidden shape needs at least four other black stones within four steps along the
    /// point's lines (two per three, three per four, five in an overline); most points have
    /// fewer, and this skips them cheaply.
    fn could_be_forbidden(&self, p: Point) -> bool {
        let near = DIRECTIONS
            .iter()
            .flat_map(|&dir| (-4..=4).filter(|&k| k != 0).map(move |k| SIZE.step(p, dir, k)))
            .filter(|&q| self.is_black(q))
            .count();
        near >= 4
    }

    /// [`forbidden`] on the scratch cells: puts a black stone on the empty `p`, looks, takes it off.
    pub(super) fn forbidden(&mut self, p: Point) -> Option<Forbidden> {
        self.cells[p.index()] = Some(Colour::Black);
        let found = self.forbidden_stone(p);
        self.cells[p.index()] = None;
        found
    }

    /// Why the black stone standing on `p` is forbidden, if it is.
    fn forbidden_stone(&mut self, p: Point) -> Option<Forbidden> {
        let runs = DIRECTIONS.map(|dir| self.run(p, dir));
        if runs.iter().any(|&(back, forward)| back + forward + 1 == 5) {
            return None;
        }
        if runs.iter().any(|&(back, forward)| back + forward + 1 > 5) {
            return Some(Forbidden::Overline);
        }
        let fours = DIRECTIONS.map(|dir| self.fours(p, dir));
        if fours.iter().sum::<usize>() >= 2 {
            return Some(Forbidden::DoubleFour);
        }
        let threes = DIRECTIONS.iter().zip(fours).filter(|&(&dir, fours)| fours == 0 && self.is_three(p, dir)).count();
        (threes >= 2).then_some(Forbidden::DoubleThree)
    }

    /// How many black stones continue the run through the black `p` backwards and forwards.
    fn run(&self, p: Point, dir: (i8, i8)) -> (i64, i64) {
        let count = |sign: i64| (1..).take_while(|&k| self.is_black(SIZE.step(p, dir, sign * k))).count() as i64;
        (count(-1), count(1))
    }

    /// The fours through the black `p` along `dir`: 0, 1 or 2 (`X.XXX.X` with `p` in the middle
    /// is two). Each point that completes an exact five through `p` belongs to one four, the
    /// five's other stones; an open four's two ends share the same four stones.
    fn fours(&mut self, p: Point, dir: (i8, i8)) -> usize {
        let mut stones_of_fours: Vec<u16> = Vec::with_capacity(2);
        for k in (-4..=4).filter(|&k| k != 0) {
            let Some(q) = self.empty_at(p, dir, k) else { continue };
            self.cells[q.index()] = Some(Colour::Black);
            let (back, forward) = self.run(p, dir);
            self.cells[q.index()] = None;
            if back + forward + 1 == 5 {
                // Offsets -4..=4 from `p` as bits 0..=8, the completing point left out.
                let stones = (-back..=forward).filter(|&o| o != k).fold(0u16, |bits, o| bits | 1 << (o + 4));
                if !stones_of_fours.contains(&stones) {
                    stones_of_fours.push(stones);
                }
            }
        }
        stones_of_fours.len()
    }

    /// Whether the black `p` is part of a three along `dir`: some allowed black stone on that
    /// line makes a straight four with it.
    fn is_three(&mut self, p: Point, dir: (i8, i8)) -> bool {
        (-3..=3).filter(|&k| k != 0).any(|k| {
            let Some(q) = self.empty_at(p, dir, k) else { return false };
            self.cells[q.index()] = Some(Colour::Black);
            let three = self.is_straight_four(p, dir, k) && self.forbidden_stone(q).is_none();
            self.cells[q.index()] = None;
            three
        })
    }

    /// Whether the run through the black `p` along `dir` is exactly four stones, includes the
    /// stone `k` steps away, and both ends are empty points that make exactly five.
    fn is_straight_four(&self, p: Point, dir: (i8, i8), k: i64) -> bool {
        let (back, forward) = self.run(p, dir);
        back + forward + 1 == 4
            && (-back..=forward).contains(&k)
            && self.empty_at(p, dir, -back - 1).is_some()
            && self.empty_at(p, dir, forward + 1).is_some()
            && !self.is_black(SIZE.step(p, dir, -back - 2))
            && !self.is_black(SIZE.step(p, dir, forward + 2))
    }
}

#[cfg(test)]
#[path = "renju_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "renju_boards.rs"]
mod boards;
