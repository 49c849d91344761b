//! The live counters competitive players read while playing (Viennasweeper's and Arbiter's):
//! the clicks by button, the 3BV solved so far, 3BV/s so far and the efficiency so far.
//!
//! They travel on every snapshot, so they must tell nothing the board does not show:
//!
//! * The clicks are the player's own (left, right, chords). The count of useful clicks is left
//!   out: a right click is useful when it flags a mine, which would tell a flag right.
//! * The whole board's 3BV is known only after the game, as in the competitive tools.
//! * The solved 3BV is counted from the open cells alone ([`seen_solved_bbbv`]), not as the
//!   competitive statistics count it ([`super::bbbv`]'s solved 3BV, minesweepergame.com's and
//!   `ms_toollib`'s): those count a number beside an opening only once that opening is opened,
//!   so a number opened alone that counted nothing would tell that a closed cell beside it is an
//!   opening's zero, with no mine around it. Here such a number counts one until an opening
//!   beside it is opened, whose own one then replaces it (so the count falls back when one
//!   opening replaces several numbers opened alone beside it). The count is never below the
//!   competitive one, and is it whenever every opening beside an open number is open (always at
//!   the end of a win). Once the game is over nothing is hidden, and the competitive figures
//!   ([`super::Stats`]) are given.
//! * 3BV/s so far = solved 3BV / seconds played; efficiency so far = solved 3BV / all clicks
//!   (minesweepergame.com's IOE, which Viennasweeper shows as a percentage).

use super::stats::{bbbv_per_second, ioe};
use super::view::{cell_code, View};
use super::Minesweeper;
use serde::Serialize;

/// The counters so far. JSON: `{"left":12,"right":3,"chords":2,"solvedBbbv":10,
/// "bbbvPerSecond":1.25,"efficiency":0.59}` (`null` rate before any time, `null` efficiency
/// before any click).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counters {
    pub left: u32,
    pub right: u32,
    pub chords: u32,
    pub solved_bbbv: u32,
    /// At the snapshot's time: the page carries it along the clock it runs between snapshots.
    pub bbbv_per_second: Option<f64>,
    pub efficiency: Option<f64>,
}

impl Minesweeper {
    /// The live counters at `elapsed_ms`: from the view while playing, from the competitive
    /// statistics once the game is over.
    pub fn counters(&self, elapsed_ms: u64) -> Counters {
        let clicks = self.clicks;
        let over = self.status.is_over().then(|| self.stats(elapsed_ms)).flatten();
        let solved_bbbv = over.map_or_else(|| seen_solved_bbbv(&View::of(self)), |stats| stats.solved_bbbv);
        Counters {
            left: clicks.left,
            right: clicks.right,
            chords: clicks.chord,
            solved_bbbv,
            bbbv_per_second: bbbv_per_second(solved_bbbv, elapsed_ms),
            efficiency: ioe(solved_bbbv, clicks.total()),
        }
    }
}

/// The 3BV solved as far as the open cells show it: each group of touching open zeros (an
/// opening, which a click opens whole), and each open number that touches no open zero.
pub(super) fn seen_solved_bbbv(view: &View) -> u32 {
    let (width, height) = (view.width, view.height);
    let cells = view.cells.as_bytes();
    let open_zero = |c: usize| char::from(cells[c]) == cell_code::OPEN_0;
    let is_number = |c: usize| matches!(char::from(cells[c]), '1'..='8');
    let neighbours = |c: usize| {
        let (x, y) = ((c % width) as i64, (c / width) as i64);
        (-1..=1i64)
            .flat_map(move |dy| (-1..=1i64).map(move |dx| (x + dx, y + dy)))
            .filter(move |&(nx, ny)| {
                (nx, ny) != (x, y) && nx >= 0 && ny >= 0 && nx < width as i64 && ny < height as i64
            })
            .map(move |(nx, ny)| ny as usize * width + nx as usize)
    };
    let mut seen = vec![false; cells.len()];
    let mut openings = 0;
    for start in (0..cells.len()).filter(|&c| open_zero(c)) {
        if seen[start] {
            continue;
        }
        openings += 1;
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            for n in neighbours(cell).filter(|&n| open_zero(n)) {
                if !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
    }
    let lone = (0..cells.len()).filter(|&c| is_number(c) && !neighbours(c).any(open_zero)).count();
    openings + lone as u32
}

#[cfg(test)]
mod tests {
    use super::super::view::playing;
    use super::*;

    #[test]
    fn openings_and_numbers_off_them_count_one_each() {
        // One opening (the top left zeros with their border), and a lone 2 below right.
        let view = playing(&["001..", "011..", "11...", "...2.", "....."], 5);
        assert_eq!(seen_solved_bbbv(&view), 2);
        // Two zeros that do not touch are two openings.
        assert_eq!(seen_solved_bbbv(&playing(&["0.0", "...", "..."], 1)), 2);
        assert_eq!(seen_solved_bbbv(&playing(&["...", "...", "..."], 1)), 0);
    }

    #[test]
    fn a_number_beside_a_closed_opening_counts_until_the_opening_opens() {
        // The 1 was opened alone; whether the cell beside it is a zero is hidden, so it counts.
        assert_eq!(seen_solved_bbbv(&playing(&["1..", "...", "..."], 1)), 1);
        // Its opening opened: the opening's one replaces the number's.
        assert_eq!(seen_solved_bbbv(&playing(&["10.", "...", "..."], 1)), 1);
    }
}
