//! Caro, the Vietnamese game of five in a row, as Gomocup plays it (`INFO rule 8`).
//!
//! **The rule.** A row of five or more stones of one colour, across, down or along either
//! diagonal, wins, except a row of *exactly five* whose two neighbouring points along the row
//! (the points just beyond each end) both hold the opponent's stones: a five "blocked at both
//! ends" (chặn hai đầu) does not win, and the game goes on. In full:
//!
//! - Five in a row wins if at least one of the two points just beyond its ends is empty or off
//!   the board. **The edge of the board does not block**: a five that ends at the edge wins
//!   even with an opponent's stone at its other end.
//! - **Six or more in a row win**, blocked or not (an overline always contains a five whose one
//!   end is the player's own stone).
//! - Both colours play by the same rule; no point is forbidden; the first to make a winning row
//!   wins, and a full board without one is a draw.
//!
//! **Sources.** The Gomocup protocol (Piskvork's, as Gomocup extends it) sends the rule as a
//! bitmask, `INFO rule`: 1 exactly five, 2 continuous game, 4 renju, **8 caro**. Gomocup's rule
//! test for engines (`test_zip_rules.py` in github.com/Gomocup/GomocupJudge) plays its Caro
//! league with rule 8 on 15x15, and checks that an engine does not take a five that would be
//! blocked at both ends (the position h8 f8 g8 f9 i8 f7 j8 l8: black's k8 would make
//! f8-(g8..k8)-l8, so black must answer white's three instead). The referee of Gomocup's local
//! judge (`check_caro` in `local_launcher/game_rules.py`, github.com/MaciejKozarzewski/
//! GomocupJudgeLocal) wins a line with five unless it reads `OXXXXXO` (the opponent at both
//! ends), and always with six (`XXXXXX`); off-board cells are not the opponent's. The engine of
//! Gomocup's organiser, AlphaGomoku, reads `INFO rule 8` as this rule ("CARO6": an overline
//! wins; its tests win a six between two opponent stones and a five against the edge) and
//! `INFO rule 9` (caro with exactly five) as a variant where six do not win, which Pastimes
//! does not play.

use super::board::{Board, Colour, Point};

/// Whether the run of stones `run` (in board order along `dir`, all of `colour`, as
/// [`super::rules::run_through`] gives it) wins under Caro.
pub fn run_wins(board: &Board, run: &[Point], dir: (i8, i8), colour: Colour) -> bool {
    match run.len() {
        0..=4 => false,
        5 => !blocked_at_both_ends(board, run, dir, colour),
        _ => true,
    }
}

/// Whether both points just beyond the run's ends hold `colour`'s opponent's stones (a point
/// off the board blocks nothing).
fn blocked_at_both_ends(board: &Board, run: &[Point], dir: (i8, i8), colour: Colour) -> bool {
    let (Some(first), Some(last)) = (run.first(), run.last()) else {
        return false;
    };
    let opponent = |p: Option<Point>| p.and_then(|p| board.get(p)) == Some(colour.other());
    opponent(board.step(*first, dir, -1)) && opponent(board.step(*last, dir, 1))
}

#[cfg(test)]
pub(crate) mod tests;
