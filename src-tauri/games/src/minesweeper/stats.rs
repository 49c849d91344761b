//! The competitive statistics of a game, as Minesweeper players compare them, with the
//! definitions minesweepergame.com publishes (<https://minesweepergame.com/statistics.php>):
//!
//! * **Left click**: an open on a closed cell. **Right click**: a mark. **Chord**: a chord, or
//!   an open on an open number (which chords).
//! * **Effective (useful) click**: one that changed the board: a left click or chord that opens
//!   at least one safe cell, or a right click that puts a flag on a mine. (Unflagging, question
//!   marks and the click that explodes are not.)
//! * **3BV/s** = solved 3BV / seconds (the whole 3BV for a win).
//! * **IOE** (index of efficiency) = solved 3BV / all clicks; **correctness** = effective clicks
//!   / all clicks; **throughput** = solved 3BV / effective clicks. For a win the solved 3BV is the
//!   whole; a lost game counts what it solved, as Arbiter's and Metasweeper's statistics (and
//!   `ms_toollib`) do. (Before 2 December 2026 Pastimes called the throughput IOE; games kept
//!   from before show that figure under IOE. Before 6 December a lost game's IOE and throughput
//!   took the whole 3BV.)
//! * **IOS** (index of speed) = log(seconds) / log(3BV); **RQP** (rapport qualité prix) =
//!   seconds / (3BV/s), that is seconds² / 3BV. Both are for a win; lower is better.
//! * **NF** (no flags): a game in which no cell was ever marked (the rankings list NF games
//!   apart). A right click on a closed cell always flags it first, so a game is NF exactly when
//!   it has no right click.
//! * The board's own figures beside its 3BV (openings, islands, ZiNi):
//!   [`super::board_figures`].
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
/// "ioe":0.86,"throughput":0.92,"correctness":0.93,"bbbvPerSecond":1.5,"ios":0.89,"rqp":53.3,
/// "zini":94,"openings":9,"islands":14,"noFlags":false}` (`ios` and `rqp` only for a win).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    pub bbbv: u32,
    /// The 3BV of the part solved: all of it after a win.
    pub solved_bbbv: u32,
    pub clicks: Clicks,
    pub ioe: Option<f64>,
    pub throughput: Option<f64>,
    pub correctness: Option<f64>,
    pub bbbv_per_second: Option<f64>,
    pub ios: Option<f64>,
    pub rqp: Option<f64>,
    pub zini: u32,
    pub openings: u32,
    pub islands: u32,
    /// Whether no cell was ever marked: an NF game.
    pub no_flags: bool,
}

/// 3BV / all clicks; `None` without a click.
pub fn ioe(bbbv: u32, total_clicks: u32) -> Option<f64> {
    (total_clicks > 0).then(|| f64::from(bbbv) / f64::from(total_clicks))
}

/// 3BV / effective clicks; `None` without one.
pub fn throughput(bbbv: u32, useful_clicks: u32) -> Option<f64> {
    (useful_clicks > 0).then(|| f64::from(bbbv) / f64::from(useful_clicks))
}

/// log(seconds) / log(3BV); `None` where a logarithm is not positive (a 3BV of 1, a second or
/// less), which makes the ratio meaningless.
pub fn ios(bbbv: u32, elapsed_ms: u64) -> Option<f64> {
    let seconds = elapsed_ms as f64 / 1000.0;
    (bbbv > 1 && seconds > 1.0).then(|| seconds.ln() / f64::from(bbbv).ln())
}

/// seconds / (3BV/s) = seconds² / 3BV; `None` for no 3BV.
pub fn rqp(bbbv: u32, elapsed_ms: u64) -> Option<f64> {
    let seconds = elapsed_ms as f64 / 1000.0;
    (bbbv > 0).then(|| seconds * seconds / f64::from(bbbv))
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
        let figures = super::board_figures::figures(&self.board, field);
        let won = self.status == crate::Status::Won;
        Some(Stats {
            bbbv,
            solved_bbbv,
            clicks,
            ioe: ioe(solved_bbbv, clicks.total()),
            throughput: throughput(solved_bbbv, clicks.useful),
            correctness: correctness(clicks.useful, clicks.total()),
            bbbv_per_second: bbbv_per_second(solved_bbbv, elapsed_ms),
            ios: ios(bbbv, elapsed_ms).filter(|_| won),
            rqp: rqp(bbbv, elapsed_ms).filter(|_| won),
            zini: figures.zini,
            openings: figures.openings,
            islands: figures.islands,
            no_flags: clicks.right == 0,
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
        assert_eq!(throughput(120, 150), Some(0.8));
        assert_eq!(throughput(120, 0), None);
        // 100 s on a 3BV of 100: log 100 / log 100; 100² / 100.
        assert_eq!(ios(100, 100_000), Some(1.0));
        assert_eq!(rqp(100, 100_000), Some(100.0));
        assert_eq!((ios(1, 50_000), ios(50, 1_000), rqp(0, 5_000)), (None, None, None));
        assert_eq!(correctness(9, 10), Some(0.9));
        assert_eq!(correctness(0, 0), None);
        assert_eq!(bbbv_per_second(150, 60_000), Some(2.5));
        assert_eq!(bbbv_per_second(150, 0), None);
    }
}
