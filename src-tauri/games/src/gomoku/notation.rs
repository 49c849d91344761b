//! Board notation: a column letter A..O and a row number 1..15, e.g. "H8" for the centre.
//!
//! All fifteen letters are used (A, B, ..., O; no letter is skipped). Rows count from the
//! bottom as on a printed board, while `y` counts from the top as the board is drawn, so
//! row = 15 - y: the top-left point (x 0, y 0) is "A15" and the bottom-left is "A1".

use super::board::{Point, SIZE};
use crate::notation::{cell_name, parse_cell_name};

impl Point {
    /// The point's name, e.g. `"H8"`: the games' one cell naming ([`crate::notation`]), rows
    /// from the bottom.
    pub fn notation(self) -> String {
        cell_name(usize::from(self.x), SIZE - 1 - usize::from(self.y))
    }

    /// Reads a name like `"H8"` (the letter may be lower case); `None` if it names no point.
    pub fn parse_notation(text: &str) -> Option<Point> {
        let (x, row) = parse_cell_name(text)?;
        Point::new(x, SIZE as i64 - 1 - row)
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
    }

    #[test]
    fn every_point_round_trips() {
        for p in Point::all() {
            assert_eq!(Point::parse_notation(&p.notation()), Some(p));
            assert_eq!(Point::parse_notation(&p.notation().to_lowercase()), Some(p));
        }
    }

    #[test]
    fn nonsense_names_no_point() {
        for text in ["", "H", "8", "P1", "A0", "A16", "H+8", "H-1", "Ä3", "H8x", "AA1"] {
            assert_eq!(Point::parse_notation(text), None, "{text:?}");
        }
    }
}
