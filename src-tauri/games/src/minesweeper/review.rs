//! The review of a game (issue #58, item 1): every click said for what it was, from the position
//! the player saw then, by the same knowledge as the hint and the odds overlay: the solver's rules
//! (`solver.rs`), the exact odds (`probability.rs`) and the hint's guess (`guess.rs`), read through
//! `hint.rs`. Nothing here decides on its own what logic proves.
//!
//! What a click was ([`Kind`]):
//! * an open: the first click (always safe), a cell logic proved safe (with the rule and the
//!   numbers), a cell logic proved a mine, or a guess: *avoidable* when logic had a safe cell
//!   (named, with why), *forced* when it is the coin toss no logic can help (the hint's
//!   `coinToss`), else a plain guess, with its odds beside the hint's guess and its odds;
//! * a chord; a right click: a flag on a proved mine, on a cell not yet proved, a wrong flag, or
//!   a mark taken off or a question mark (`unmark`);
//! * a click that opened nothing (`wasted`: only in records that keep such clicks).
//!
//! The click that lost is marked `lost`: its kind says what could have been known there.
//! The review sees the whole layout (the game is over, or being watched), but uses it only to say
//! whether a flag was right: the classification of an open reads the view alone.

use super::board::Board;
use super::hint::{best_guess, case_reason, rule_reason, safe_by_cases, safe_by_rules, solved, Hint, Reason};
use super::mark::Mark;
use super::params::Point;
use super::probability::mine_odds;
use super::solver::Known;
use super::view::View;
use super::{Minesweeper, Move};
use crate::{RuleError, Status};
use serde::Serialize;

/// The review: one entry a click, and what they add up to.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub summary: Summary,
    pub clicks: Vec<ClickReview>,
}

/// What a click was. JSON: `"first"`, `"safe"`, `"knownMine"`, `"avoidableGuess"`, `"guess"`,
/// `"forcedGuess"`, `"chord"`, `"flag"`, `"unprovenFlag"`, `"wrongFlag"`, `"unmark"`, `"wasted"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    /// The first open of the game: safe by the rules of the game, not by logic.
    First,
    /// Opened a cell logic proved safe (`because`).
    Safe,
    /// Opened a cell logic proved a mine (`because`).
    KnownMine,
    /// Opened an unproved cell while logic had a safe one (`safe`).
    AvoidableGuess,
    /// Opened an unproved cell when no cell was provable; `best` is the hint's guess.
    Guess,
    /// The coin toss no logic could avoid (the hint's guess was one, and this cell was as likely).
    ForcedGuess,
    /// Opened the closed cells around a number.
    Chord,
    /// Flagged a cell logic proved a mine (`because`).
    Flag,
    /// Flagged a mine logic had not proved yet.
    UnprovenFlag,
    /// Flagged a cell without a mine.
    WrongFlag,
    /// Took a flag off, or set or took off a question mark.
    Unmark,
    /// Opened nothing.
    Wasted,
}

impl Kind {
    /// Whether the click opened a cell logic had not proved safe.
    pub fn is_guess(self) -> bool {
        matches!(self, Kind::AvoidableGuess | Kind::Guess | Kind::ForcedGuess)
    }
}

/// One click. JSON: `{"index":4,"action":"open","x":3,"y":2,"kind":"avoidableGuess",
/// "mineProbability":0.25,"exact":true,"safe":{"x":0,"y":1,"because":{..}},"lost":true,
/// "before":"..01F.."}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClickReview {
    /// The move's place in the record, from 0: the board after it is the watch view's frame
    /// `index + 1`.
    pub index: usize,
    /// `"open"`, `"mark"` or `"chord"`, as the move was logged.
    pub action: &'static str,
    pub x: usize,
    pub y: usize,
    pub kind: Kind,
    /// The position the player saw before the click: the view's cells (`view.rs`).
    pub before: String,
    /// Why logic settled the cell (a safe open, a proved mine, a flag on one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub because: Option<Reason>,
    /// For a guess: the clicked cell's chance of a mine, from the numbers then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mine_probability: Option<f64>,
    /// Whether that chance (and the best guess's) is exact, not an estimate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<bool>,
    /// For an avoidable guess: a cell logic proved safe then, and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub safe: Option<SafeCell>,
    /// For a guess: the hint's guess then, and its chance of a mine.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<BestGuess>,
    /// The click that lost the game.
    pub lost: bool,
    /// For a chord that lost: the flags around the number that were wrong.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub wrong_flags: Vec<Point>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SafeCell {
    pub x: usize,
    pub y: usize,
    pub because: Reason,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BestGuess {
    pub x: usize,
    pub y: usize,
    pub mine_probability: f64,
    pub coin_toss: bool,
}

/// The figures that head the review.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// How the game stands after the last click: won, lost, or playing (a record that stops
    /// before the end).
    pub status: Status,
    pub clicks: usize,
    /// Every open of an unproved cell, avoidable and forced ones included.
    pub guesses: usize,
    pub avoidable: usize,
    pub forced: usize,
    /// The chance of surviving the guesses taken, at their odds then.
    pub survival: f64,
    /// The chance of surviving the same points of the game with the best choices: a proved safe
    /// cell where there was one, else the hint's guess.
    pub best_survival: f64,
    /// Whether every figure above is exact (no estimated odds).
    pub exact: bool,
    /// Clicks that did not bring the board nearer to its end (the game's own count: clicks less
    /// useful clicks, as the efficiency counts them), the click that lost apart.
    pub wasted: usize,
    pub wrong_flags: usize,
    pub unproven_flags: usize,
    /// 3BV solved over clicks (IOE), as the game's statistics have it; `None` before the mines
    /// are laid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub efficiency: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bbbv: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solved_bbbv: Option<u32>,
}

/// Reviews the game `start` (as dealt, before any move) played by `moves`. A move the rules
/// refuse is an error, as in a replay.
pub fn review(start: &Minesweeper, moves: &[Move]) -> Result<Review, RuleError> {
    let last = played_through(start, moves)?;
    let mut game = start.clone();
    let mut clicks = Vec::with_capacity(moves.len());
    for (index, mv) in moves.iter().enumerate() {
        let before = game.clone();
        game.play(mv)?;
        clicks.push(click_review(index, mv, &before, &game, &last));
    }
    Ok(Review { summary: summary(&game, &clicks), clicks })
}

/// The game after every move: its layout tells whether a flag was right, the mines being laid
/// only at the first open in a dealt game.
fn played_through(start: &Minesweeper, moves: &[Move]) -> Result<Minesweeper, RuleError> {
    let mut game = start.clone();
    for mv in moves {
        game.play(mv)?;
    }
    Ok(game)
}

fn click_review(index: usize, mv: &Move, before: &Minesweeper, after: &Minesweeper, last: &Minesweeper) -> ClickReview {
    let (x, y) = mv.xy();
    let (x, y) = (x as usize, y as usize);
    let cell = y * before.board.width() + x;
    let view = View::of(before);
    let mut click = ClickReview {
        index,
        action: mv.action_name(),
        x,
        y,
        kind: Kind::Wasted,
        before: view.cells.clone(),
        because: None,
        mine_probability: None,
        exact: None,
        safe: None,
        best: None,
        lost: after.status == Status::Lost,
        wrong_flags: Vec::new(),
    };
    let opened_nothing = after.opened == before.opened && !click.lost;
    match mv {
        Move::Mark { .. } => mark_review(&mut click, cell, &view, after, last),
        _ if before.marks[cell] == Mark::Open => {
            click.kind = if opened_nothing { Kind::Wasted } else { Kind::Chord };
            if click.lost {
                click.wrong_flags = wrong_flags_around(cell, before, last);
            }
        }
        _ if before.opened == 0 => click.kind = Kind::First,
        _ => open_review(&mut click, cell, &view),
    }
    click
}

/// An open of a closed cell, as the hint would see the position.
fn open_review(click: &mut ClickReview, cell: usize, view: &View) {
    let Some(solver) = solved(view) else {
        click.kind = Kind::First;
        return;
    };
    match solver.known(cell) {
        Known::Safe => return settled(click, Kind::Safe, rule_reason(&solver, cell)),
        Known::Mine => return settled(click, Kind::KnownMine, rule_reason(&solver, cell)),
        Known::Open(_) | Known::Unknown => {}
    }
    let odds = mine_odds(&solver);
    match odds.sure[cell] {
        Some(false) => return settled(click, Kind::Safe, Some(case_reason(&solver, cell))),
        Some(true) => return settled(click, Kind::KnownMine, Some(case_reason(&solver, cell))),
        None => {}
    }
    click.mine_probability = odds.mine[cell];
    click.exact = Some(odds.exact);
    let board = solver.board();
    if let Some((safe, because)) = safe_by_rules(&solver).or_else(|| safe_by_cases(&solver, &odds)) {
        let (x, y) = board.xy(safe);
        click.kind = Kind::AvoidableGuess;
        click.safe = Some(SafeCell { x, y, because });
        return;
    }
    click.kind = Kind::Guess;
    if let Some(Hint::Guess { x, y, mine_probability, coin_toss, .. }) = best_guess(&solver, &odds) {
        let as_likely = click.mine_probability.is_some_and(|p| (p - mine_probability).abs() < 1e-9);
        if coin_toss && as_likely {
            click.kind = Kind::ForcedGuess;
        }
        click.best = Some(BestGuess { x, y, mine_probability, coin_toss });
    }
}

fn settled(click: &mut ClickReview, kind: Kind, because: Option<Reason>) {
    click.kind = kind;
    click.because = because;
}

/// A right click: what the mark became, and for a flag whether logic had proved the mine.
fn mark_review(click: &mut ClickReview, cell: usize, view: &View, after: &Minesweeper, last: &Minesweeper) {
    if after.marks[cell] != Mark::Flag {
        click.kind = Kind::Unmark;
        return;
    }
    let is_mine = last.field.as_ref().is_some_and(|field| field.is_mine(cell));
    if !is_mine {
        click.kind = Kind::WrongFlag;
        return;
    }
    click.kind = Kind::UnprovenFlag;
    let Some(solver) = solved(view) else { return };
    if solver.known(cell) == Known::Mine {
        return settled(click, Kind::Flag, rule_reason(&solver, cell));
    }
    let odds = mine_odds(&solver);
    if odds.sure[cell] == Some(true) {
        return settled(click, Kind::Flag, Some(case_reason(&solver, cell)));
    }
    click.mine_probability = odds.mine[cell];
    click.exact = Some(odds.exact);
}

/// The flags around `cell` on cells without a mine.
fn wrong_flags_around(cell: usize, before: &Minesweeper, last: &Minesweeper) -> Vec<Point> {
    let Some(field) = last.field.as_ref() else { return Vec::new() };
    let board: Board = before.board;
    board
        .neighbours(cell)
        .filter(|&n| before.marks[n] == Mark::Flag && !field.is_mine(n))
        .map(|n| board.xy(n))
        .map(|(x, y)| Point { x, y })
        .collect()
}

fn summary(game: &Minesweeper, clicks: &[ClickReview]) -> Summary {
    let count = |kind: Kind| clicks.iter().filter(|c| c.kind == kind).count();
    let guesses: Vec<&ClickReview> = clicks.iter().filter(|c| c.kind.is_guess()).collect();
    let survival = guesses.iter().map(|c| 1.0 - c.mine_probability.unwrap_or(0.0)).product();
    let best_chance = |c: &ClickReview| c.best.as_ref().map_or(0.0, |best| best.mine_probability);
    let best_survival = guesses.iter().map(|c| 1.0 - best_chance(c)).product();
    let stats = game.stats(0);
    Summary {
        status: game.status,
        clicks: clicks.len(),
        guesses: guesses.len(),
        avoidable: count(Kind::AvoidableGuess),
        forced: count(Kind::ForcedGuess),
        survival,
        best_survival,
        exact: guesses.iter().all(|c| c.exact != Some(false)),
        wasted: wasted(game),
        wrong_flags: count(Kind::WrongFlag),
        unproven_flags: count(Kind::UnprovenFlag),
        efficiency: stats.as_ref().and_then(|s| s.ioe),
        bbbv: stats.as_ref().map(|s| s.bbbv),
        solved_bbbv: stats.as_ref().map(|s| s.solved_bbbv),
    }
}

/// Clicks less useful clicks, as the efficiency counts them; the click that lost opened
/// nothing but was no wasted click: it is the guess told above.
fn wasted(game: &Minesweeper) -> usize {
    let lost = u32::from(game.status == Status::Lost);
    game.clicks.total().saturating_sub(game.clicks.useful + lost) as usize
}

#[cfg(test)]
mod tests;
