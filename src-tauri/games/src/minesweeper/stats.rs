//! The competitive statistics of a game, as Minesweeper players compare them: 3BV, 3BV/s, the
//! clicks, IOE and correctness.
//!
//! Definitions (after Minesweeper Arbiter's):
//! * **Left click**: an open on a closed cell. **Right click**: a mark. **Chord**: a chord, or
//!   an open on an open number (which chords).
//! * **Useful click**: a left click or chord that opens at least one safe cell, or a right click
//!   that puts a flag on a mine. (Unflagging, question marks and the click that explodes are not.)
//! * **IOE** = 3BV / useful clicks; **correctness** = useful clicks / all clicks;
//!   **3BV/s** = solved 3BV / seconds (the whole 3BV for a win).
//!
//! Only moves the game takes as real moves count ([`crate::Applied::Move`]): a refused move or a
//! chord that does nothing changes no state, so the counts survive a replay of the move log.

use super::bbbv;
use super::Minesweeper;
use serde::Serialize;

/// The clicks of a game so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Clicks {
    pub left: u32,
    pub right: u32,
    pub chord: u32,
    pub useful: u32,
}

impl Clicks {
    pub fn total(&self) -> u32 {
        self.left + self.right + self.chord
    }
}

/// Which button a move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Click {
    Left,
    Right,
    Chord,
}

impl Clicks {
    pub(super) fn record(&mut self, click: Click, useful: bool) {
        match click {
            Click::Left => self.left += 1,
            Click::Right => self.right += 1,
            Click::Chord => self.chord += 1,
        }
        self.useful += u32::from(useful);
    }
}

/// A game's statistics, for the history and the result screen. JSON:
/// `{"bbbv":120,"solvedBbbv":120,"clicks":{"left":90,"right":30,"chord":20,"useful":130},
/// "ioe":0.92,"correctness":0.93,"bbbvPerSecond":1.5}`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    pub bbbv: u32,
    /// The 3BV of the part solved: all of it after a win.
    pub solved_bbbv: u32,
    pub clicks: Clicks,
    pub ioe: Option<f64>,
    pub correctness: Option<f64>,
    pub bbbv_per_second: Option<f64>,
}

/// 3BV / useful clicks; `None` without a useful click.
pub fn ioe(bbbv: u32, useful_clicks: u32) -> Option<f64> {
    (useful_clicks > 0).then(|| f64::from(bbbv) / f64::from(useful_clicks))
}

/// Useful clicks / all clicks; `None` without a click.
pub fn correctness(useful_clicks: u32, total_clicks: u32) -> Option<f64> {
    (total_clicks > 0).then(|| f64::from(useful_clicks) / f64::from(total_clicks))
}

/// 3BV per second over `elapsed_ms`; `None` for no time.
pub fn bbbv_per_second(bbbv: u32, elapsed_ms: u64) -> Option<f64> {
    (elapsed_ms > 0).then(|| f64::from(bbbv) * 1000.0 / elapsed_ms as f64)
}

impl Minesweeper {
    /// The clicks so far.
    pub fn clicks(&self) -> Clicks {
        self.clicks
    }

    /// The statistics, given the game's time; `None` before the mines are laid. While playing
    /// they say something of the hidden board (the 3BV), so show them once the game is over.
    pub fn stats(&self, elapsed_ms: u64) -> Option<Stats> {
        let field = self.field.as_ref()?;
        let bbbv = bbbv::three_bv(&self.board, field);
        let solved_bbbv = bbbv::solved_three_bv(&self.board, field, &self.marks);
        let clicks = self.clicks;
        Some(Stats {
            bbbv,
            solved_bbbv,
            clicks,
            ioe: ioe(bbbv, clicks.useful),
            correctness: correctness(clicks.useful, clicks.total()),
            bbbv_per_second: bbbv_per_second(solved_bbbv, elapsed_ms),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ratios() {
        assert_eq!(ioe(120, 100), Some(1.2));
        assert_eq!(ioe(120, 0), None);
        assert_eq!(correctness(9, 10), Some(0.9));
        assert_eq!(correctness(0, 0), None);
        assert_eq!(bbbv_per_second(150, 60_000), Some(2.5));
        assert_eq!(bbbv_per_second(150, 0), None);
    }
}
