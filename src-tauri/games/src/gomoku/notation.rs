//! Board notation: a column letter A..O and a row number 1..15, e.g. "H8" for the centre.
//!
//! All fifteen letters are used (A, B, ..., O; no letter is skipped). Rows count from the
//! bottom as on a printed board, while `y` counts from the top as the board is drawn, so
//! row = 15 - y: the top-left point (x 0, y 0) is "A15" and the bottom-left is "A1".

use super::board::{Point, SIZE};

impl Point {
    /// The point's name, e.g. `"H8"`.
    pub fn notation(self) -> String {
        let column = char::from(b'A' + self.x);
        format!("{column}{}", SIZE - self.y as usize)
    }

    /// Reads a name like `"H8"` (the letter may be lower case); `None` if it names no point.
    pub fn parse_notation(text: &str) -> Option<Point> {
        let text = text.trim();
        let mut chars = text.chars();
        let column = chars.next()?.to_ascii_uppercase();
        if !column.is_ascii_uppercase() {
            return None;
        }
        let digits = chars.as_str();
        // `parse` would also accept "+8"; a name is plain digits only.
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let row: i64 = digits.parse().ok()?;
        Point::new(column as i64 - 'A' as i64, SIZE as i64 - row)
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
