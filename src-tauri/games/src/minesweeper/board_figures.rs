//! What the rankings say of a board beside its 3BV: its openings, its islands and its ZiNi, as
//! minesweepergame.com defines them (<https://minesweepergame.com/statistics.php>):
//!
//! * **Openings**: the board's zero regions (cells with no mine around, joined through their
//!   eight neighbours); one click opens each with its border of numbers.
//! * **Islands**: the groups of numbers that border no opening, joined through their eight
//!   neighbours: each of their cells must be clicked on its own.
//! * **ZiNi** (Greedy ZiNi, Elmar Zimmermann and Christoph Nikolaus's measure for players who
//!   flag): the clicks of a greedy solve that knows the board, chording where it pays. Each
//!   round, every safe cell gets a premium: the unsolved 3BV around it (its 3x3 block; an
//!   opening counts once) less the unflagged mines around it, less one if it is still closed,
//!   less one for the chord. The cell with the highest premium (the top-left-most of equals)
//!   is solved when the premium is not negative: opened if closed, its mines flagged, chorded
//!   (1 + mines + 1 clicks). Otherwise the top-left-most unsolved 3BV cell is opened with one
//!   click. Greedy, so an upper bound of the fewest clicks, not always the fewest. "Top-left-
//!   most" is taken as the original program did (the source posted with the definition, which
//!   ms_toollib keeps): column by column from the left, each from the top. Read row by row
//!   instead, a quarter of Expert boards end one to five clicks apart, so the order is part of
//!   the measure; in this order every board gets the figure the field's tools give.

use super::board::Board;
use super::field::Field;
use super::mark::Mark;
use super::reveal::open_region;

/// A board's figures for the rankings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardFigures {
    pub openings: u32,
    pub islands: u32,
    pub zini: u32,
}

/// What one click on a safe cell solves of the 3BV: an opening (by its region), a number on no
/// opening's border (by itself), or nothing of its own (a number on an opening's border).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Unit {
    Opening(usize),
    Lone(usize),
    Border,
}

pub(super) fn figures(board: &Board, field: &Field) -> BoardFigures {
    let units = units(board, field);
    let openings = units.iter().filter_map(|u| if let Some(Unit::Opening(r)) = u { Some(*r) } else { None }).max();
    BoardFigures {
        openings: openings.map_or(0, |r| r as u32 + 1),
        islands: islands(board, &units),
        zini: zini(board, field, &units),
    }
}

/// Each cell's unit (`None` for a mine); openings are numbered from 0 in reading order.
fn units(board: &Board, field: &Field) -> Vec<Option<Unit>> {
    let is_zero = |c: usize| !field.is_mine(c) && field.number(c) == 0;
    let mut units: Vec<Option<Unit>> = vec![None; board.cells()];
    let mut regions = 0;
    for start in 0..board.cells() {
        if !is_zero(start) || units[start].is_some() {
            continue;
        }
        units[start] = Some(Unit::Opening(regions));
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            for n in board.neighbours(cell).filter(|&n| is_zero(n)) {
                if units[n].is_none() {
                    units[n] = Some(Unit::Opening(regions));
                    stack.push(n);
                }
            }
        }
        regions += 1;
    }
    for cell in (0..board.cells()).filter(|&c| !field.is_mine(c) && !is_zero(c)) {
        units[cell] = Some(if board.neighbours(cell).any(is_zero) { Unit::Border } else { Unit::Lone(cell) });
    }
    units
}

/// Groups of numbers on no opening's border, joined through their eight neighbours.
fn islands(board: &Board, units: &[Option<Unit>]) -> u32 {
    let lone = |c: usize| matches!(units[c], Some(Unit::Lone(_)));
    let mut seen = vec![false; board.cells()];
    let mut count = 0;
    for start in (0..board.cells()).filter(|&c| lone(c)) {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        count += 1;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            for n in board.neighbours(cell).filter(|&n| lone(n)) {
                if !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
    }
    count
}

/// The Greedy ZiNi of the board (see the module's doc).
fn zini(board: &Board, field: &Field, units: &[Option<Unit>]) -> u32 {
    let (width, height) = (board.width(), board.height());
    let order = (0..width).flat_map(|x| (0..height).map(move |y| y * width + x)).collect();
    let mut solve = Solve { board, field, units, order, marks: vec![Mark::Hidden; board.cells()], clicks: 0 };
    while let Some(next) = solve.next_unsolved() {
        match solve.best_chord() {
            Some((cell, premium)) if premium >= 0 => solve.chord(cell),
            _ => {
                solve.open(next);
                solve.clicks += 1;
            }
        }
    }
    solve.clicks
}

struct Solve<'a> {
    board: &'a Board,
    field: &'a Field,
    units: &'a [Option<Unit>],
    /// The cells top-left-most first: column by column, each from the top.
    order: Vec<usize>,
    marks: Vec<Mark>,
    clicks: u32,
}

impl Solve<'_> {
    fn closed(&self, cell: usize) -> bool {
        self.marks[cell] != Mark::Open
    }

    /// The unit a click on `cell` would solve now, if it still needs solving.
    fn unsolved_unit(&self, cell: usize) -> Option<Unit> {
        match self.units[cell]? {
            Unit::Border => None,
            unit => self.closed(cell).then_some(unit),
        }
    }

    /// The top-left-most safe cell whose click solves a unit still unsolved.
    fn next_unsolved(&self) -> Option<usize> {
        self.order.iter().copied().find(|&c| self.unsolved_unit(c).is_some())
    }

    /// The top-left-most safe cell with the highest premium, and the premium.
    fn best_chord(&self) -> Option<(usize, i32)> {
        let mut best: Option<(usize, i32)> = None;
        for &cell in self.order.iter().filter(|&&c| !self.field.is_mine(c)) {
            let premium = self.premium(cell);
            if best.is_none_or(|(_, top)| premium > top) {
                best = Some((cell, premium));
            }
        }
        best
    }

    fn premium(&self, cell: usize) -> i32 {
        let mut solved: Vec<Unit> = Vec::with_capacity(9);
        for c in std::iter::once(cell).chain(self.board.neighbours(cell)) {
            if let Some(unit) = self.unsolved_unit(c).filter(|u| !solved.contains(u)) {
                solved.push(unit);
            }
        }
        solved.len() as i32 - self.unflagged_mines(cell) as i32 - i32::from(self.closed(cell)) - 1
    }

    fn unflagged_mines(&self, cell: usize) -> u32 {
        let unflagged = |n: &usize| self.field.is_mine(*n) && self.marks[*n] != Mark::Flag;
        self.board.neighbours(cell).filter(unflagged).count() as u32
    }

    /// Opens `cell` if closed, flags the mines around it and chords it.
    fn chord(&mut self, cell: usize) {
        self.clicks += u32::from(self.closed(cell)) + self.unflagged_mines(cell) + 1;
        self.open(cell);
        let around: Vec<usize> = self.board.neighbours(cell).collect();
        for n in around {
            if self.field.is_mine(n) {
                self.marks[n] = Mark::Flag;
            } else {
                self.open(n);
            }
        }
    }

    fn open(&mut self, cell: usize) {
        if self.closed(cell) {
            open_region(self.board, self.field, &mut self.marks, cell);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures_of(width: usize, height: usize, mines: &[usize]) -> BoardFigures {
        let board = Board::new(width, height, mines.len());
        figures(&board, &Field::new(&board, mines))
    }

    #[test]
    fn an_open_board_is_one_opening_and_one_click() {
        // 4x4, one mine in a corner: a single opening covers every safe cell.
        assert_eq!(figures_of(4, 4, &[0]), BoardFigures { openings: 1, islands: 0, zini: 1 });
    }

    #[test]
    fn numbers_cut_off_from_openings_are_islands() {
        // 3x3, mines at both ends of the middle row: no zero, so no opening; the seven numbers
        // make one island (3BV 7). Opening the centre, flagging both mines and chording it
        // takes 4 clicks.
        assert_eq!(figures_of(3, 3, &[3, 5]), BoardFigures { openings: 0, islands: 1, zini: 4 });
    }

    #[test]
    fn a_chord_beats_left_clicks_where_numbers_crowd_round_a_mine() {
        // 3x3 with the mine in the middle: eight numbers, no opening (3BV 8). Greedy: open the
        // left edge's middle, flag the mine and chord (3 clicks: five cells), then chord the
        // top edge's middle (two more) and the bottom edge's (the last): 5.
        let figures = figures_of(3, 3, &[4]);
        assert_eq!((figures.openings, figures.islands), (0, 1));
        assert_eq!(figures.zini, 5);
    }
}
