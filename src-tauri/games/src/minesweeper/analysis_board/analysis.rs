//! The analysis board's look at a position: whether any layout fits it at all (and, when none
//! does, the numbers that contradict), every cell logic proves safe or a mine with its reason,
//! every closed cell's odds, what the hint says and the best guess. All of it comes from the
//! hint's own solver, enumeration and guess (`solver.rs`, `probability.rs`, `guess.rs`,
//! `hint.rs`, `odds.rs`) run once on the position the player sees: the numbers, the flags as
//! the player's marks, the mine total. A known layout plays no part in it.
//!
//! # Impossible positions
//!
//! The solver's rules are sound on a position some layout fits, so on such a position every
//! number keeps, after them, no more proved mines than it shows and enough unknown cells for
//! the rest, and no more mines are proved than the total. When that holds, the enumeration
//! lists the assignments of what is left; any it finds, with the proved cells, is a layout of
//! the whole position. So a position is impossible exactly when a number breaks that check
//! (said with the numbers whose rules settled its cells), the proved mines exceed the total,
//! or the enumeration finds no assignment (said with the numbers of the frontier components
//! that have none, or the total when only the count fails). Beyond the enumeration's limits a
//! component is estimated, not listed: a contradiction inside it goes unseen, and the look
//! says the odds are an estimate.

use crate::minesweeper::hint::{best_guess, case_reason, flags, hint_given, read_and_solved, rule_reason};
use crate::minesweeper::odds::{board_odds, Odds as BoardOdds};
use crate::minesweeper::params::Point;
use crate::minesweeper::probability::{mine_odds, Odds};
use crate::minesweeper::solver::{Known, Solver};
use crate::minesweeper::{Hint, Reason, View};
use serde::Serialize;

/// The look at one position. JSON: `{"possible":true,"contradiction":null,"proven":[{"x":3,
/// "y":4,"mine":false,"because":{...}}],"odds":{"mine":[...],"exact":true},"hint":{...},
/// "guess":{...},"wrongFlags":[]}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Look {
    /// Whether some layout fits the position (as far as the enumeration went: see `odds.exact`).
    pub possible: bool,
    /// When no layout fits: what contradicts.
    pub contradiction: Option<Contradiction>,
    /// Every closed cell logic proves, in cell order.
    pub proven: Vec<Proven>,
    /// Every cell's chance of a mine, as the odds overlay shows them (`null` when impossible).
    pub odds: Option<BoardOdds>,
    /// What the hint says here.
    pub hint: Option<Hint>,
    /// The guess the hint would make when no cell is proved safe.
    pub guess: Option<Hint>,
    /// Flags on cells proved safe.
    pub wrong_flags: Vec<Point>,
}

/// What makes a position impossible: the numbers that no layout satisfies together, and
/// whether the mine total is part of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Contradiction {
    pub numbers: Vec<Point>,
    pub total: bool,
}

/// A closed cell logic proves, and why (as the hint says it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Proven {
    pub x: usize,
    pub y: usize,
    pub mine: bool,
    pub because: Reason,
}

/// The look at what `view` shows.
pub fn look(view: &View) -> Look {
    let Some(solver) = read_and_solved(view) else {
        return impossible(Contradiction { numbers: vec![], total: true });
    };
    if let Some(contradiction) = broken_number(&solver, view).or_else(|| too_many_mines(&solver, view)) {
        return impossible(contradiction);
    }
    let odds = mine_odds(&solver);
    if odds.ln_layouts == Some(f64::NEG_INFINITY) {
        return impossible(unfit(&solver, &odds));
    }
    let flagged = flags(view);
    let proven = proven(&solver, &odds);
    let hint = hint_given(&solver, &odds, &flagged);
    let guess = match &hint {
        Some(guess @ Hint::Guess { .. }) => Some(guess.clone()),
        Some(Hint::Safe { .. }) => None,
        _ if proven.iter().any(|p| !p.mine) => None,
        _ => best_guess(&solver, &odds),
    };
    let wrong_flags =
        proven.iter().filter(|p| !p.mine && flagged(p.y * view.width + p.x)).map(|p| Point { x: p.x, y: p.y });
    Look {
        possible: true,
        contradiction: None,
        odds: Some(board_odds(&solver, &odds)),
        hint,
        guess,
        wrong_flags: wrong_flags.collect(),
        proven,
    }
}

fn impossible(contradiction: Contradiction) -> Look {
    Look {
        possible: false,
        contradiction: Some(contradiction),
        proven: vec![],
        odds: None,
        hint: None,
        guess: None,
        wrong_flags: vec![],
    }
}

/// Every closed cell the rules proved, then every one the enumeration settles, in cell order.
fn proven(solver: &Solver, odds: &Odds) -> Vec<Proven> {
    let board = solver.board();
    (0..board.cells())
        .filter_map(|cell| {
            let (mine, because) = match (solver.known(cell), odds.sure[cell]) {
                (Known::Safe, _) => (false, rule_reason(solver, cell)?),
                (Known::Mine, _) => (true, rule_reason(solver, cell)?),
                (Known::Unknown, Some(mine)) => (mine, case_reason(solver, cell)),
                _ => return None,
            };
            let (x, y) = board.xy(cell);
            Some(Proven { x, y, mine, because })
        })
        .collect()
}

/// The first number that, after the rules, has more proved mines around it than it shows, or
/// too few closed cells left for the rest; with the numbers whose rules settled its cells.
fn broken_number(solver: &Solver, view: &View) -> Option<Contradiction> {
    let board = solver.board();
    let cells = view.cells.as_bytes();
    let broken = (0..board.cells()).find(|&cell| {
        let Known::Open(number) = solver.known(cell) else { return false };
        let around = |known: Known| board.neighbours(cell).filter(|&n| solver.known(n) == known).count();
        let mines = around(Known::Mine);
        mines > usize::from(number) || mines + around(Known::Unknown) < usize::from(number)
    })?;
    let mut numbers = vec![broken];
    for settled in board.neighbours(broken).filter(|&n| !char::from(cells[n]).is_ascii_digit()) {
        for point in rule_reason(solver, settled).map(|r| r.numbers).unwrap_or_default() {
            numbers.push(point.y * board.width() + point.x);
        }
    }
    Some(Contradiction { numbers: sorted_points(solver, numbers), total: false })
}

/// More mines proved than the total holds.
fn too_many_mines(solver: &Solver, view: &View) -> Option<Contradiction> {
    let board = solver.board();
    let proved = (0..board.cells()).filter(|&c| solver.known(c) == Known::Mine).count();
    (proved > view.mines).then(|| Contradiction { numbers: vec![], total: true })
}

/// The numbers around the frontier components no assignment fits; the total alone when every
/// component fits but no count of mines does.
fn unfit(solver: &Solver, odds: &Odds) -> Contradiction {
    let board = solver.board();
    let numbers: Vec<usize> = odds
        .unfit
        .iter()
        .flat_map(|&cell| board.neighbours(cell))
        .filter(|&n| matches!(solver.known(n), Known::Open(_)))
        .collect();
    let total = numbers.is_empty();
    Contradiction { numbers: sorted_points(solver, numbers), total }
}

fn sorted_points(solver: &Solver, mut cells: Vec<usize>) -> Vec<Point> {
    cells.sort_unstable();
    cells.dedup();
    let board = solver.board();
    cells.into_iter().map(|c| board.xy(c)).map(|(x, y)| Point { x, y }).collect()
}
