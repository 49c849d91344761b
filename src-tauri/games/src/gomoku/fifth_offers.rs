//! The fifth moves black offers under the RIF's rules (Soosõrv-8, Taraguchi-10), and the rule
//! they share: the offers "can not be symmetrical" (RIF; Ando Meritee on renju.net: "the 5th
//! moves can not be symmetrical in any aspect of the position"). Two points are symmetrical when
//! a symmetry of the board about its centre (the first stone is always there) that leaves every
//! stone of the position where it is, of its colour, takes one to the other. An offer must also
//! be an empty point, and, black being to move under Renju, not one of black's forbidden points.

use super::board::{Board, Point};
// The fifth moves are offered under the RIF's rules only: Renju's, on its 15x15 board.
use super::renju;
use super::renju::SIZE;
use crate::game::RuleError;

/// A symmetry of the square, as a map of a point's offsets from the centre.
type Symmetry = fn(i64, i64) -> (i64, i64);

/// The eight symmetries of the square board about its centre.
const SYMMETRIES: [Symmetry; 8] = [
    |x, y| (x, y),
    |x, y| (-x, y),
    |x, y| (x, -y),
    |x, y| (-x, -y),
    |x, y| (y, x),
    |x, y| (-y, x),
    |x, y| (y, -x),
    |x, y| (-y, -x),
];

/// `p` under `symmetry`, about the centre of the board.
fn image(p: Point, symmetry: Symmetry) -> Point {
    let centre = i64::from(SIZE.centre().x);
    let (x, y) = symmetry(p.x as i64 - centre, p.y as i64 - centre);
    SIZE.point(x + centre, y + centre).expect("a symmetry of the square keeps the board")
}

/// The symmetries that leave the position as it is.
fn of_position(board: &Board) -> Vec<Symmetry> {
    SYMMETRIES
        .into_iter()
        .filter(|&symmetry| board.history().iter().all(|&p| board.get(image(p, symmetry)) == board.get(p)))
        .collect()
}

/// Whether `a` and `b` are the same offer up to a symmetry of the position.
pub fn symmetrical(board: &Board, a: Point, b: Point) -> bool {
    of_position(board).into_iter().any(|symmetry| image(a, symmetry) == b)
}

/// Refuses an offer: occupied (`"occupied"`), offered already or the mirror of an offer
/// (`"symmetricalOffer"`), or forbidden to black (its Renju reason).
pub fn check(board: &Board, offered: &[Point], p: Point) -> Result<(), RuleError> {
    if board.get(p).is_some() {
        return Err(RuleError::Illegal("occupied"));
    }
    if offered.iter().any(|&q| q == p || symmetrical(board, q, p)) {
        return Err(RuleError::Illegal("symmetricalOffer"));
    }
    if let Some(forbidden) = renju::forbidden(board, p) {
        return Err(RuleError::Illegal(forbidden.reason()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(points: &[(u8, u8)]) -> Board {
        let mut board = Board::default();
        for &(x, y) in points {
            board.place(Point { x, y });
        }
        board
    }

    #[test]
    fn mirrors_of_a_symmetrical_position_are_one_offer() {
        // H8, H7 (white below), H6: symmetric about the column H only.
        let position = board(&[(7, 7), (7, 8), (7, 9), (0, 0)]);
        assert!(!symmetrical(&position, Point { x: 6, y: 7 }, Point { x: 8, y: 7 }), "A1 breaks the mirror");
        let position = board(&[(7, 7), (7, 8), (7, 9), (7, 14)]);
        assert!(symmetrical(&position, Point { x: 6, y: 7 }, Point { x: 8, y: 7 }));
        assert!(!symmetrical(&position, Point { x: 6, y: 7 }, Point { x: 6, y: 8 }));
        assert_eq!(
            check(&position, &[Point { x: 6, y: 7 }], Point { x: 8, y: 7 }),
            Err(RuleError::Illegal("symmetricalOffer"))
        );
        assert_eq!(
            check(&position, &[Point { x: 6, y: 7 }], Point { x: 6, y: 7 }),
            Err(RuleError::Illegal("symmetricalOffer"))
        );
        assert_eq!(check(&position, &[], Point { x: 7, y: 7 }), Err(RuleError::Illegal("occupied")));
        assert_eq!(check(&position, &[Point { x: 6, y: 7 }], Point { x: 6, y: 8 }), Ok(()));
    }
}
