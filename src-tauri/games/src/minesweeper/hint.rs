//! The hint: one cell that logic proves safe (or a mine), and why; or, when nothing can be
//! proved, the cell least likely to hold a mine and that chance.
//!
//! It reads only the [`View`]: the open numbers and the mine total. Flags and question marks are
//! the player's guesses, so they count as closed cells (a wrong flag cannot mislead it).
//!
//! Order of preference: a safe cell proved by the solver's rules (`solver.rs`); else a
//! mine it proved that the player has not flagged; else the exact odds (`probability.rs`):
//! a cell with no chance of a mine is safe by cases, one sure to hold a mine is a mine by cases,
//! otherwise a guess: the cell that best keeps the game alive, by exact play of small endgames
//! or else one move of look-ahead among the safest cells (`guess.rs`, which explains the method
//! and its limits), and whether it is a coin toss that no logic can help.

use super::board::Board;
use super::guess;
use super::params::Point;
use super::probability::{mine_odds, Odds};
use super::solver::{Deduction, Known, NoReveal, Rule, Solver};
use super::view::{cell_code, View};
use super::Minesweeper;
use crate::Status;
use serde::Serialize;

/// What the hint says. JSON: `{"kind":"safe","x":3,"y":4,"because":{"rule":"subset",
/// "numbers":[{"x":2,"y":3},{"x":3,"y":3}]}}`, `{"kind":"mine",...}`, or
/// `{"kind":"guess","x":0,"y":0,"mineProbability":0.125,"exact":true,"coinToss":false}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Hint {
    /// Logic proves the cell safe.
    Safe { x: usize, y: usize, because: Reason },
    /// Logic proves the cell a mine (and it is not flagged).
    Mine { x: usize, y: usize, because: Reason },
    /// Nothing is provable: the guess most likely to keep the game alive (`guess.rs`), and its
    /// chance of a mine. `exact` is false when the frontier was too large to enumerate and the
    /// chance is an estimate. `coin_toss` is true for a forced 50/50 that no logic can help: two
    /// cells, one mine, that nothing can ever tell apart, which any order of play meets.
    #[serde(rename_all = "camelCase")]
    Guess { x: usize, y: usize, mine_probability: f64, exact: bool, coin_toss: bool },
}

/// Why a cell is proved: the rule and the open numbers it read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reason {
    pub rule: HintRule,
    /// The numbers the rule read: one for `single`, two for `subset` and `overlap`, the
    /// disjoint numbers (maybe none) for `count`, the numbers around the cell for `cases`.
    pub numbers: Vec<Point>,
}

/// The rule behind a proof. JSON: `"firstClick"`, `"single"`, `"subset"`, `"overlap"`,
/// `"count"`, `"cases"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum HintRule {
    /// Before the first click: the first click is always safe.
    FirstClick,
    /// One number: as many mines left as closed cells around it, or none left.
    Single,
    /// One number's closed cells lie within another's: the difference holds the rest.
    Subset,
    /// Two numbers share cells: the shared cells hold so many mines that the rest is settled.
    Overlap,
    /// The mine total: the mines left are all accounted for (or fill every cell left).
    Count,
    /// Every layout that fits the numbers and the total agrees on this cell.
    Cases,
}

impl Minesweeper {
    /// A hint for the position the player sees; `None` once the game is over. Before the first
    /// click it names the centre (any first click is safe), or in a replay the original first
    /// click (the only cell known safe there).
    pub fn hint(&self) -> Option<Hint> {
        if self.status != Status::Playing {
            return None;
        }
        if self.opened == 0 {
            let centre = Point { x: self.board.width() / 2, y: self.board.height() / 2 };
            let Point { x, y } = self.params.replay_of.unwrap_or(centre);
            return Some(Hint::Safe { x, y, because: Reason { rule: HintRule::FirstClick, numbers: vec![] } });
        }
        hint_for(&View::of(self))
    }
}

/// A hint from the view alone; `None` when the game is over or nothing is open.
pub fn hint_for(view: &View) -> Option<Hint> {
    let solver = solved(view)?;
    let flagged = flags(view);
    proved(&solver, &flagged).or_else(|| by_cases(&solver, &mine_odds(&solver), &flagged))
}

/// What the hint says of the position `solver` has solved, given its enumeration `odds`
/// (worked out already by the caller) and the cells the player flagged.
pub(super) fn hint_given(solver: &Solver, odds: &Odds, flagged: &dyn Fn(usize) -> bool) -> Option<Hint> {
    proved(solver, flagged).or_else(|| by_cases(solver, odds, flagged))
}

/// Whether a cell of `view` is flagged.
pub(super) fn flags(view: &View) -> impl Fn(usize) -> bool + '_ {
    let cells = view.cells.as_bytes();
    move |c: usize| char::from(cells[c]) == cell_code::FLAG
}

/// The solver, having read the view's open numbers and run its rules (with their trace); `None`
/// when the game is over or nothing is open.
pub(super) fn solved(view: &View) -> Option<Solver> {
    let any_open = view.cells.bytes().any(|code| code.is_ascii_digit());
    if view.status != Status::Playing || !any_open {
        return None;
    }
    read_and_solved(view)
}

/// The solver, having read the view's open numbers (none, maybe: the analysis board's empty
/// position) and run its rules with their trace; `None` when the view has no safe cell.
pub(super) fn read_and_solved(view: &View) -> Option<Solver> {
    if view.mines >= view.width * view.height {
        return None;
    }
    let mut solver = Solver::new(Board::new(view.width, view.height, view.mines));
    for (cell, &code) in view.cells.as_bytes().iter().enumerate() {
        if code.is_ascii_digit() {
            solver.learn_open(cell, code - b'0');
        }
    }
    solver.keep_trace();
    solver.run(&mut NoReveal);
    Some(solver)
}

/// The first safe cell the rules proved, else the first proved mine not flagged.
fn proved(solver: &Solver, flagged: &dyn Fn(usize) -> bool) -> Option<Hint> {
    let board = solver.board();
    if let Some((cell, because)) = safe_by_rules(solver) {
        let (x, y) = board.xy(cell);
        return Some(Hint::Safe { x, y, because });
    }
    let trace = solver.trace();
    let (d, cell) = trace.iter().find_map(|d| d.mines.iter().find(|&&m| !flagged(m)).map(|&c| (d, c)))?;
    let (x, y) = board.xy(cell);
    Some(Hint::Mine { x, y, because: reason(&board, d) })
}

/// The first cell the solver's rules proved safe, and the deduction that did (the solver must
/// keep its trace).
pub(super) fn safe_by_rules(solver: &Solver) -> Option<(usize, Reason)> {
    let board = solver.board();
    let (d, &cell) = solver.trace().iter().find_map(|d| d.safe.first().map(|c| (d, c)))?;
    Some((cell, reason(&board, d)))
}

/// Why the rules settled `cell`, safe or a mine: the deduction of the trace that did.
pub(super) fn rule_reason(solver: &Solver, cell: usize) -> Option<Reason> {
    let board = solver.board();
    let d = solver.trace().iter().find(|d| d.safe.contains(&cell) || d.mines.contains(&cell))?;
    Some(reason(&board, d))
}

fn reason(board: &Board, d: &Deduction) -> Reason {
    Reason { rule: hint_rule(d.rule), numbers: points(board, &d.numbers) }
}

/// The first unknown cell every layout leaves free (by the enumeration), and why.
pub(super) fn safe_by_cases(solver: &Solver, odds: &Odds) -> Option<(usize, Reason)> {
    let board = solver.board();
    let safe = (0..board.cells()).find(|&c| solver.known(c) == Known::Unknown && odds.sure[c] == Some(false))?;
    Some((safe, case_reason(solver, safe)))
}

/// Why the enumeration settles `cell`: the numbers around it, or the mine count alone for a cell
/// no number touches.
pub(super) fn case_reason(solver: &Solver, cell: usize) -> Reason {
    let board = solver.board();
    let numbers: Vec<usize> = board.neighbours(cell).filter(|&n| solver.remaining(n).is_some()).collect();
    let rule = if numbers.is_empty() { HintRule::Count } else { HintRule::Cases };
    Reason { rule, numbers: points(&board, &numbers) }
}

/// From the enumeration: a cell safe, or a mine, in every assignment of its frontier component;
/// else the guess (`guess.rs`).
fn by_cases(solver: &Solver, odds: &Odds, flagged: &dyn Fn(usize) -> bool) -> Option<Hint> {
    let board = solver.board();
    if let Some((safe, because)) = safe_by_cases(solver, odds) {
        let (x, y) = board.xy(safe);
        return Some(Hint::Safe { x, y, because });
    }
    let unknown = || (0..board.cells()).filter(|&c| solver.known(c) == Known::Unknown);
    if let Some(mine) = unknown().find(|&c| odds.sure[c] == Some(true) && !flagged(c)) {
        let (x, y) = board.xy(mine);
        return Some(Hint::Mine { x, y, because: case_reason(solver, mine) });
    }
    best_guess(solver, odds)
}

/// The hint's guess in a position where nothing is provable (`guess.rs`), with its chance.
pub(super) fn best_guess(solver: &Solver, odds: &Odds) -> Option<Hint> {
    let board = solver.board();
    let guess = guess::choose(solver, odds)?;
    let (x, y) = board.xy(guess.cell);
    let mine_probability = odds.mine[guess.cell].unwrap_or(1.0);
    Some(Hint::Guess { x, y, mine_probability, exact: odds.exact, coin_toss: guess.coin_toss })
}

fn hint_rule(rule: Rule) -> HintRule {
    match rule {
        Rule::Single => HintRule::Single,
        Rule::Subset => HintRule::Subset,
        Rule::Overlap => HintRule::Overlap,
        Rule::Count => HintRule::Count,
    }
}

fn points(board: &Board, cells: &[usize]) -> Vec<Point> {
    cells.iter().map(|&c| board.xy(c)).map(|(x, y)| Point { x, y }).collect()
}

#[cfg(test)]
mod tests;
