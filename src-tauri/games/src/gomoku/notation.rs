//! Board notation: a column letter and a row number, e.g. "H8" for the centre of 15x15.
//!
//! Every letter is used, none skipped: A..O on 15x15, A..T on 20x20 (A B C D E F G H I J K L M
//! N O P Q R S T, as Piskvork and Gomocup's tools label a 20x20 board). Rows count from the
//! bottom as on a printed board, 1..15 or 1..20, while `y` counts from the top as the board is
//! drawn, so row = n - y: on 15x15 the top-left point (x 0, y 0) is "A15" and the bottom-left
//! is "A1"; on 20x20 the top-left is "A20".

use super::board::{BoardSize, Point};
use crate::notation::{cell_name, parse_cell_name};

impl BoardSize {
    /// `p`'s name on this board, e.g. `"H8"`: the games' one cell naming
    /// ([`crate::notation`]), rows from the bottom. `p` must be on this board.
    pub fn name(self, p: Point) -> String {
        debug_assert!(self.contains(p), "{p:?} is off the {self:?} board");
        cell_name(usize::from(p.x), self.side().saturating_sub(1 + usize::from(p.y)))
    }

    /// Reads a name like `"H8"` (the letter may be lower case); `None` if it names no point
    /// of this board.
    pub fn parse_name(self, text: &str) -> Option<Point> {
        let (x, row) = parse_cell_name(text)?;
        self.point(x, self.side() as i64 - 1 - row)
    }
}

impl Point {
    /// The point's name on the 15x15 board ([`BoardSize::name`] names it on either board).
    pub fn notation(self) -> String {
        BoardSize::Fifteen.name(self)
    }

    /// Reads a name on the 15x15 board ([`BoardSize::parse_name`] reads either board's).
    pub fn parse_notation(text: &str) -> Option<Point> {
        BoardSize::Fifteen.parse_name(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_centre_are_named_as_on_a_printed_board() {
        assert_eq!(Point { x: 7, y: 7 }.notation(), "H8");
        assert_eq!(Point { x: 0, y: 0 }.notation(), "A15");
        assert_eq!(Point { x: 0, y: 14 }.notation(), "A1");
        assert_eq!(Point { x: 14, y: 14 }.notation(), "O1");
        assert_eq!(Point { x: 14, y: 0 }.notation(), "O15");
        assert_eq!(Point { x: 8, y: 13 }.notation(), "I2");
        let twenty = BoardSize::Twenty;
        assert_eq!(twenty.name(Point { x: 0, y: 0 }), "A20");
        assert_eq!(twenty.name(Point { x: 19, y: 19 }), "T1");
        assert_eq!(twenty.name(twenty.centre()), "K10");
        assert_eq!(twenty.name(Point { x: 8, y: 11 }), "I9");
    }

    #[test]
    fn every_point_round_trips() {
        for size in BoardSize::ALL {
            for p in size.points() {
                assert_eq!(size.parse_name(&size.name(p)), Some(p));
                assert_eq!(size.parse_name(&size.name(p).to_lowercase()), Some(p));
            }
        }
    }

    #[test]
    fn nonsense_names_no_point() {
        for text in ["", "H", "8", "P1", "A0", "A16", "H+8", "H-1", "Ä3", "H8x", "AA1"] {
            assert_eq!(Point::parse_notation(text), None, "{text:?}");
        }
        for text in ["U1", "A21", "T0"] {
            assert_eq!(BoardSize::Twenty.parse_name(text), None, "{text:?}");
        }
        assert_eq!(BoardSize::Twenty.parse_name("T20"), Some(Point { x: 19, y: 0 }));
    }
}
