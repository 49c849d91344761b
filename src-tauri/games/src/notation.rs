//! How moves are written: the one notation of every game, from which a move's text (the record
//! files, Copy moves, Paste position) and its compact code (the stored records) are both derived,
//! so the two cannot disagree.
//!
//! A game declares its [`Notation`] (the verbs of its cell moves, its words for moves that name
//! no cell, and which way its rows count) and turns its moves into [`Written`] moves and back;
//! everything else is here:
//! - a cell move is written `verb CELL` (`"open D5"`, `"pop C4"`) or, for a game whose one verb
//!   is empty, `CELL` alone (Gomoku's `"H8"`); a word is written as it is (`"choose white"`);
//! - a cell is named by a column letter, as a spreadsheet names its columns (A to Z, then AA,
//!   AB, ... for Minesweeper's boards up to 100 wide), and a row number counted from 1, from
//!   the top as the board's own cell labels count them ("row 5, column 4" is "D5": x 3, y 4),
//!   or from the bottom as a printed Gomoku board counts them (x 7, y 7 of 15 is "H8");
//! - a move's code numbers every cell move of the board, then every word: `cell * verbs + verb`
//!   with `cell = y * width + x`, and `cells * verbs + word` after them. Stored records hold
//!   these codes, so they are part of the format: Minesweeper's `cell * 3 + action` (open 0,
//!   mark 1, chord 2), Bubble Breaker's `y * 11 + x`, Gomoku's `y * 15 + x` and its Swap2
//!   choices from 225 up are this rule, and every record stored before it still reads.

/// Which way a board's rows are numbered in its notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rows {
    /// Row 1 is the top row (`y` 0), as Minesweeper's and Bubble Breaker's cell labels count.
    FromTop,
    /// Row 1 is the bottom row, as on a printed Gomoku board.
    FromBottom,
}

/// How a game writes its moves (see the module documentation).
#[derive(Debug, Clone, Copy)]
pub struct Notation {
    /// The verbs of the moves on a cell, in code order; `[""]` for a game whose moves on a cell
    /// are the cell alone.
    pub verbs: &'static [&'static str],
    /// The moves that name no cell, in code order (Gomoku's Swap2 choices).
    pub words: &'static [&'static str],
    pub rows: Rows,
}

/// A move as its notation sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// `verbs[verb]` on the cell at column `x`, row `y` from the top.
    Cell { verb: usize, x: usize, y: usize },
    /// `words[word]`.
    Word(usize),
}

impl Notation {
    /// The text of `written` on a board `width` by `height`; `None` for a cell off the board.
    pub fn text(&self, written: Written, (width, height): (usize, usize)) -> Option<String> {
        match written {
            Written::Cell { verb, x, y } => {
                if x >= width || y >= height {
                    return None;
                }
                let row = match self.rows {
                    Rows::FromTop => y,
                    Rows::FromBottom => height - 1 - y,
                };
                let cell = cell_name(x, row);
                match *self.verbs.get(verb)? {
                    "" => Some(cell),
                    verb => Some(format!("{verb} {cell}")),
                }
            }
            Written::Word(word) => self.words.get(word).map(|word| word.to_string()),
        }
    }

    /// The move `text` writes on a board `width` by `height`: a cell off the board, an unknown
    /// verb or word, or anything else is `None`. Spaces around and between the parts do not
    /// matter, and the cell's letters may be lower case.
    pub fn parse(&self, text: &str, (width, height): (usize, usize)) -> Option<Written> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let joined = words.join(" ");
        if let Some(word) = self.words.iter().position(|w| *w == joined) {
            return Some(Written::Word(word));
        }
        let (verb, cell) = match words.as_slice() {
            [cell] => ("", *cell),
            [verb, cell] => (*verb, *cell),
            _ => return None,
        };
        let verb = self.verbs.iter().position(|v| *v == verb)?;
        let (x, row) = parse_cell_name(cell)?;
        let (x, row) = (usize::try_from(x).ok()?, usize::try_from(row).ok()?);
        if x >= width || row >= height {
            return None;
        }
        let y = match self.rows {
            Rows::FromTop => row,
            Rows::FromBottom => height - 1 - row,
        };
        Some(Written::Cell { verb, x, y })
    }

    /// How many codes a board `width` by `height` has: its moves are the codes below this.
    pub fn codes(&self, (width, height): (usize, usize)) -> u32 {
        u32::try_from(width * height * self.verbs.len() + self.words.len()).unwrap_or(u32::MAX)
    }

    /// The compact code of `written` on a board `width` by `height`; `None` off the board.
    pub fn code(&self, written: Written, (width, height): (usize, usize)) -> Option<u32> {
        let code = match written {
            Written::Cell { verb, x, y } if x < width && y < height && verb < self.verbs.len() => {
                (y * width + x) * self.verbs.len() + verb
            }
            Written::Word(word) if word < self.words.len() => width * height * self.verbs.len() + word,
            _ => return None,
        };
        u32::try_from(code).ok()
    }

    /// The move of a [`Notation::code`] on a board `width` by `height`, if it is one.
    pub fn of_code(&self, code: u32, (width, height): (usize, usize)) -> Option<Written> {
        let code = code as usize;
        let cell_codes = width * height * self.verbs.len();
        if code >= cell_codes {
            return (code - cell_codes < self.words.len()).then(|| Written::Word(code - cell_codes));
        }
        let (cell, verb) = (code / self.verbs.len(), code % self.verbs.len());
        Some(Written::Cell { verb, x: cell % width, y: cell / width })
    }
}

/// The name of the cell at column `x`, row `row` (both from 0), e.g. `"D5"` for `(3, 4)`.
pub fn cell_name(x: usize, row: usize) -> String {
    let mut letters = Vec::new();
    let mut column = x + 1;
    while column > 0 {
        column -= 1;
        letters.push(b'A' + (column % 26) as u8);
        column /= 26;
    }
    letters.reverse();
    format!("{}{}", String::from_utf8_lossy(&letters), row + 1)
}

/// Reads a name like `"D5"` (letters in either case) as its column and row, both from 0;
/// `None` if it is not one.
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

    const MINES: Notation = Notation { verbs: &["open", "mark", "chord"], words: &[], rows: Rows::FromTop };
    const STONES: Notation =
        Notation { verbs: &[""], words: &["choose white", "choose black"], rows: Rows::FromBottom };

    #[test]
    fn a_move_is_written_with_its_verb_or_as_its_cell_alone() {
        let open = Written::Cell { verb: 0, x: 3, y: 4 };
        assert_eq!(MINES.text(open, (9, 9)).as_deref(), Some("open D5"));
        assert_eq!(MINES.parse("  open   d5 ", (9, 9)), Some(open));
        let centre = Written::Cell { verb: 0, x: 7, y: 7 };
        assert_eq!(STONES.text(centre, (15, 15)).as_deref(), Some("H8"));
        assert_eq!(STONES.text(Written::Cell { verb: 0, x: 0, y: 0 }, (15, 15)).as_deref(), Some("A15"));
        assert_eq!(STONES.parse("choose  black", (15, 15)), Some(Written::Word(1)));
        for bad in ["D5", "dig D5", "open J1", "open A10", "open", ""] {
            assert_eq!(MINES.parse(bad, (9, 9)), None, "{bad}");
        }
        for bad in ["P1", "A16", "A0", "open H8", "choose red"] {
            assert_eq!(STONES.parse(bad, (15, 15)), None, "{bad}");
        }
        assert_eq!(MINES.text(Written::Cell { verb: 0, x: 9, y: 0 }, (9, 9)), None, "off the board");
    }

    /// The codes stored records hold: every code of a board reads back to its move, and the
    /// rule gives the numbers each game wrote before the rule was shared.
    #[test]
    fn codes_number_cell_moves_then_words_and_read_back() {
        for (notation, grid) in [(MINES, (30, 16)), (STONES, (15, 15))] {
            let cells = grid.0 * grid.1 * notation.verbs.len();
            assert_eq!(notation.codes(grid) as usize, cells + notation.words.len());
            for code in 0..notation.codes(grid) {
                let written = notation.of_code(code, grid).expect("a code of the board");
                assert_eq!(notation.code(written, grid), Some(code));
                let text = notation.text(written, grid).unwrap();
                assert_eq!(notation.parse(&text, grid), Some(written), "{text}");
            }
            assert_eq!(notation.of_code((cells + notation.words.len()) as u32, grid), None);
        }
        // Minesweeper's `cell * 3 + action`, Gomoku's `y * 15 + x` and its choices from 225.
        assert_eq!(MINES.code(Written::Cell { verb: 2, x: 29, y: 15 }, (30, 16)), Some((15 * 30 + 29) * 3 + 2));
        assert_eq!(STONES.code(Written::Cell { verb: 0, x: 7, y: 7 }, (15, 15)), Some(7 * 15 + 7));
        assert_eq!(STONES.code(Written::Word(1), (15, 15)), Some(226));
    }

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
