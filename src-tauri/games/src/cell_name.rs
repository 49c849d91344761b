//! Cells of a grid board named for a text record: a column letter, as a spreadsheet names its
//! columns (A to Z, then AA, AB, ... for Minesweeper's boards up to 100 wide), and the row
//! number from the top, counted from 1 as the board's own cell labels count them ("row 5,
//! column 4" is "D5": x 3, y 4). Minesweeper and Bubble Breaker use it; Gomoku keeps its
//! printed-board notation, rows from the bottom ([`crate::gomoku::notation`]).

/// The name of the cell at `(x, y)`, e.g. `"D5"` for `(3, 4)`.
pub fn cell_name(x: usize, y: usize) -> String {
    let mut letters = Vec::new();
    let mut column = x + 1;
    while column > 0 {
        column -= 1;
        letters.push(b'A' + (column % 26) as u8);
        column /= 26;
    }
    letters.reverse();
    format!("{}{}", String::from_utf8_lossy(&letters), y + 1)
}

/// Reads a name like `"D5"` (letters in either case) as `(x, y)`; `None` if it is not one. The
/// cell may lie off the board: the game refuses it then, as it refuses any other bad move.
pub fn parse_cell_name(text: &str) -> Option<(i64, i64)> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_alphabetic())?;
    let (letters, digits) = text.split_at(split);
    if letters.is_empty() || letters.len() > 3 || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let column = letters.bytes().fold(0i64, |n, b| n * 26 + i64::from(b.to_ascii_uppercase() - b'A') + 1);
    let row: i64 = digits.parse().ok()?;
    (row >= 1).then_some((column - 1, row - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_as_the_board_counts_them() {
        assert_eq!(cell_name(0, 0), "A1");
        assert_eq!(cell_name(3, 4), "D5");
        assert_eq!(cell_name(25, 0), "Z1");
        assert_eq!(cell_name(26, 9), "AA10");
        assert_eq!(cell_name(99, 99), "CV100");
    }

    #[test]
    fn every_cell_of_the_largest_board_round_trips() {
        for x in 0..100 {
            for y in 0..100 {
                assert_eq!(parse_cell_name(&cell_name(x, y)), Some((x as i64, y as i64)));
            }
        }
        assert_eq!(parse_cell_name("d5"), Some((3, 4)));
    }

    #[test]
    fn nonsense_names_no_cell() {
        for text in ["", "D", "5", "D0", "D+5", "5D", "D5x", "ABCD1", "Ä1", "D-1"] {
            assert_eq!(parse_cell_name(text), None, "{text:?}");
        }
    }
}
