//! Lights Out: the fourth game, built only into test builds (feature `test-game`), as Tatham's
//! collection keeps `nullgame.c`: a small real game that proves a game is one plug-in. It has
//! everything a shipped game has (rules, notation, a hint, categories, a screen and strings) and
//! the app learns about it from its table alone; it ships in neither the package nor the page.
//!
//! A square grid of lights, some lit. Pressing a cell toggles it and its four neighbours; the
//! game is won when every light is out. A board is dealt by pressing random cells of a dark
//! board, so every deal can be solved. Results rank by presses, then time.
//!
//! A board can also be set out by a board file ([`board_file`]), the game's one file format:
//! the history writes the board a game was dealt, and a file starts a game on its board.

pub mod board_file;
mod info;
mod solve;

pub use info::KIND;

use crate::deal::Deal;
use crate::notation::{Notation, Rows, Written};
use crate::{Applied, Game, GameKind, Hints, RuleError, Status};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// Every size of board, in cells a side.
pub const SIDES: std::ops::RangeInclusive<usize> = 3..=7;

/// The dealer version of a new game ([`crate::deal`]).
pub const NEWEST_DEAL: Deal = Deal::FIRST;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Params {
    /// Cells a side, in [`SIDES`].
    #[serde(default = "default_side")]
    pub side: usize,
    #[serde(default = "Deal::first", skip_serializing_if = "Deal::is_first")]
    pub deal: Deal,
    /// The board set out by a board file, row by row (`true` lit): dealt from no seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lit: Option<Vec<bool>>,
}

fn default_side() -> usize {
    5
}

/// A press on the cell at column `x`, row `y`: `{"x": 2, "y": 3}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Press {
    pub x: i64,
    pub y: i64,
}

/// What the player sees: everything (nothing is hidden in Lights Out).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub side: usize,
    /// Row by row, `true` for a lit cell.
    pub lit: Vec<bool>,
    pub presses: u32,
    pub status: Status,
}

/// The cells a press toggled, for the page to animate.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Effects {
    pub toggled: Vec<[usize; 2]>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lights {
    side: usize,
    lit: Vec<bool>,
    presses: u32,
    /// The fewest presses that put the board out as it was dealt (0 when none do, or it was dark
    /// already): a finished game's summary.
    fewest: u32,
}

impl Lights {
    /// A board of `side` cells a side with the cells of `lit` (row by row) lit.
    pub fn with_lights(side: usize, lit: Vec<bool>) -> Lights {
        let fewest = solve::fewest_presses(side, &lit).map_or(0, |presses| presses.iter().filter(|p| **p).count());
        Lights { side, lit, presses: 0, fewest: fewest as u32 }
    }

    /// The cell (x, y) and its neighbours on the board, `x` and `y` on it.
    fn around(&self, x: usize, y: usize) -> impl Iterator<Item = usize> + '_ {
        let side = self.side;
        [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)].into_iter().filter_map(move |(dx, dy)| {
            let (nx, ny) = (x.checked_add_signed(dx)?, y.checked_add_signed(dy)?);
            (nx < side && ny < side).then_some(ny * side + nx)
        })
    }

    fn toggle(&mut self, x: usize, y: usize) {
        for cell in self.around(x, y).collect::<Vec<_>>() {
            self.lit[cell] = !self.lit[cell];
        }
    }

    fn on_board(&self, press: &Press) -> Result<(usize, usize), RuleError> {
        let inside = |v: i64| usize::try_from(v).ok().filter(|v| *v < self.side);
        match (inside(press.x), inside(press.y)) {
            (Some(x), Some(y)) => Ok((x, y)),
            _ => Err(RuleError::OutOfBoard { x: press.x, y: press.y, width: self.side, height: self.side }),
        }
    }

    pub fn lit(&self) -> &[bool] {
        &self.lit
    }
}

impl Game for Lights {
    type Params = Params;
    type Move = Press;
    type View = View;
    type Effects = Effects;

    const KIND: GameKind = KIND;

    fn new(params: &Params, seed: u64) -> Result<Lights, RuleError> {
        params.deal.checked(NEWEST_DEAL)?;
        if !SIDES.contains(&params.side) {
            let (min, max) = (*SIDES.start() as i64, *SIDES.end() as i64);
            return Err(RuleError::OutOfRange { what: "side", min, max, value: params.side as i64 });
        }
        if let Some(lit) = &params.lit {
            return board_file::board(params.side, lit.clone());
        }
        let mut rng = crate::rng::seeded(seed);
        // Pressed on a board of its own: only the board dealt is solved, once.
        let mut dark = Lights { side: params.side, lit: vec![false; params.side * params.side], presses: 0, fewest: 0 };
        // Presses of a dark board: a board that can be solved. Never a dark one to start with.
        while dark.lit.iter().all(|lit| !lit) {
            for y in 0..params.side {
                for x in 0..params.side {
                    if rng.random_bool(0.5) {
                        dark.toggle(x, y);
                    }
                }
            }
        }
        let game = Lights::with_lights(params.side, dark.lit);
        Ok(game)
    }

    fn apply(&mut self, press: &Press) -> Result<Applied, RuleError> {
        if self.status().is_over() {
            return Err(RuleError::GameOver);
        }
        let (x, y) = self.on_board(press)?;
        self.toggle(x, y);
        self.presses += 1;
        Ok(Applied::Move)
    }

    fn effects(&self, press: &Press, _after: &Lights) -> Effects {
        let Ok((x, y)) = self.on_board(press) else { return Effects::default() };
        Effects { toggled: self.around(x, y).map(|cell| [cell % self.side, cell / self.side]).collect() }
    }

    fn status(&self) -> Status {
        if self.lit.iter().any(|lit| *lit) {
            Status::Playing
        } else {
            Status::Won
        }
    }

    fn view(&self) -> View {
        View { side: self.side, lit: self.lit.clone(), presses: self.presses, status: self.status() }
    }

    fn category(&self) -> String {
        info::category(self.side)
    }

    /// The fewest presses the board as dealt needed (the game's summary field `fewest`), once
    /// it is won.
    fn summary(&self, _elapsed_ms: u64) -> Option<serde_json::Value> {
        (self.status() == Status::Won).then(|| serde_json::json!({ "fewest": self.fewest }))
    }

    /// Presses first, then time.
    fn rank_key(&self, elapsed_ms: u64) -> Option<i64> {
        (self.status() == Status::Won).then(|| crate::game::moves_then_time(i64::from(self.presses), elapsed_ms))
    }

    /// `press C3`; its code is the cell, `y * side + x`.
    const NOTATION: Notation = Notation { verbs: &["press"], words: &[], rows: Rows::FromTop };

    fn grid(&self) -> (usize, usize) {
        (self.side, self.side)
    }

    fn write(&self, press: &Press) -> Option<Written> {
        Some(Written::Cell { verb: 0, x: usize::try_from(press.x).ok()?, y: usize::try_from(press.y).ok()? })
    }

    fn read(&self, written: Written) -> Option<Press> {
        match written {
            Written::Cell { x, y, .. } => Some(Press { x: x as i64, y: y as i64 }),
            Written::Word(_) => None,
        }
    }
}

impl Hints for Lights {
    /// A cell of the fewest presses that put every light out: `{"x": 2, "y": 0, "left": 4}`.
    fn hint(&self, _cancel: &AtomicBool) -> Option<serde_json::Value> {
        if self.status().is_over() {
            return None;
        }
        let presses = solve::fewest_presses(self.side, &self.lit)?;
        let first = presses.iter().position(|press| *press)?;
        let left = presses.iter().filter(|press| **press).count();
        Some(serde_json::json!({ "x": first % self.side, "y": first / self.side, "left": left }))
    }
}

#[cfg(test)]
mod tests;
