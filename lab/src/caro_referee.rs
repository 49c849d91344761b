//! A referee for Caro, written from the rule's text alone (see `pastimes_games::gomoku::caro`
//! for the rule and its sources) and sharing no code with the rules: the Caro ladder asks it
//! after every move whether the game should be over, and counts where it and the game disagree.
//!
//! The text: five or more in a row win; a row of exactly five whose two neighbouring points
//! along the row both hold the opponent's stones does not; six or more always win; a point off
//! the board is no one's stone.

use pastimes_games::gomoku::board::{Board, Colour};
use pastimes_games::gomoku::BoardSize;

/// The lab's games are on the 15x15 board.
const SIZE: usize = BoardSize::Fifteen.side();

/// What `colour`'s rows on the board come to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A winning row.
    Wins,
    /// No winning row, but this many fives blocked at both ends (freestyle wins Caro refuses).
    BlockedFives(usize),
}

/// Scans every row of `colour` in the four directions from its first stone.
pub fn verdict(board: &Board, colour: Colour) -> Verdict {
    let n = SIZE as i64;
    let at = |x: i64, y: i64| if x < 0 || y < 0 || x >= n || y >= n { None } else { board.at(x, y) };
    let mut blocked = 0;
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for y in 0..n {
            for x in 0..n {
                if at(x, y) != Some(colour) || at(x - dx, y - dy) == Some(colour) {
                    continue;
                }
                let mut len = 0;
                while at(x + dx * len, y + dy * len) == Some(colour) {
                    len += 1;
                }
                let opponent = Some(colour.other());
                let both_ends = at(x - dx, y - dy) == opponent && at(x + dx * len, y + dy * len) == opponent;
                if len >= 6 || (len == 5 && !both_ends) {
                    return Verdict::Wins;
                }
                blocked += usize::from(len == 5);
            }
        }
    }
    Verdict::BlockedFives(blocked)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black plays `black` (x on row 3), white `white`, in turn; fillers far away.
    fn row_board(black: &[i64], white: &[i64]) -> Board {
        let mut board = Board::default();
        for i in 0..black.len().max(white.len()) {
            for (side, y_filler) in [(black, 10), (white, 12)] {
                let p = match side.get(i) {
                    Some(&x) => BoardSize::Fifteen.point(x, 3),
                    None => BoardSize::Fifteen.point(2 * i as i64, y_filler),
                };
                board.place(p.unwrap());
            }
        }
        board
    }

    #[test]
    fn the_referee_reads_the_rule() {
        assert_eq!(verdict(&row_board(&[3, 4, 5, 6, 7], &[2, 8]), Colour::Black), Verdict::BlockedFives(1));
        assert_eq!(verdict(&row_board(&[3, 4, 5, 6, 7], &[2]), Colour::Black), Verdict::Wins);
        assert_eq!(verdict(&row_board(&[0, 1, 2, 3, 4], &[5]), Colour::Black), Verdict::Wins, "the edge");
        assert_eq!(verdict(&row_board(&[3, 4, 5, 6, 7, 8], &[2, 9]), Colour::Black), Verdict::Wins, "six");
        assert_eq!(verdict(&row_board(&[3, 4, 5, 6], &[2]), Colour::Black), Verdict::BlockedFives(0));
    }
}
