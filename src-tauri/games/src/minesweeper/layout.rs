//! A mine layout on its own, for the developer tools (the lab's `mines_generate` and
//! `mines_solve`, lab/examples/) and the benchmarks: generate one as a game would, ask its 3BV,
//! ask whether the solver clears it, and write or read it as text.
//!
//! The text of one board:
//!
//! ```text
//! board W H N X Y
//! H lines of W characters, `*` a mine, `.` a safe cell
//! 3bv B gen_us T
//! ```
//!
//! `(X, Y)` is the first click. The last line is optional when reading.

use super::board::Board;
use super::field::Field;
use super::generate::laid_mines;
use super::{bbbv, solver, Params};
use crate::RuleError;

/// Mines on a `width` x `height` board, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    board: Board,
    mine: Vec<bool>,
}

impl Layout {
    /// A layout from its cells; `None` unless `mine` has `width * height` cells and at least one
    /// is safe.
    pub fn new(width: usize, height: usize, mine: Vec<bool>) -> Option<Layout> {
        let mines = mine.iter().filter(|&&m| m).count();
        let fits = width > 0 && height > 0 && mine.len() == width * height && mines < mine.len();
        fits.then(|| Layout { board: Board::new(width, height, mines), mine })
    }

    /// The mines a game with `params` and `seed` lays at the first click `first` (no-guess when
    /// the params say so). The error is a no-guess board not found, or `params` or `first` out of
    /// range.
    pub fn of_game(params: &Params, seed: u64, first: (usize, usize)) -> Result<Layout, RuleError> {
        let board = params.level.board()?;
        let first = board.checked_index(first.0 as i64, first.1 as i64)?;
        let mines = laid_mines(params, &board, seed, first)?;
        let mut mine = vec![false; board.cells()];
        mines.into_iter().for_each(|m| mine[m] = true);
        Ok(Layout { board, mine })
    }

    pub fn width(&self) -> usize {
        self.board.width()
    }

    pub fn height(&self) -> usize {
        self.board.height()
    }

    pub fn mines(&self) -> usize {
        self.board.mines()
    }

    pub fn is_mine(&self, x: usize, y: usize) -> bool {
        self.mine[y * self.width() + x]
    }

    /// The board's 3BV.
    pub fn three_bv(&self) -> u32 {
        let mines: Vec<usize> = (0..self.mine.len()).filter(|&c| self.mine[c]).collect();
        bbbv::three_bv(&self.board, &Field::new(&self.board, &mines))
    }

    /// The board's openings, islands and ZiNi ([`super::board_figures`]).
    pub fn figures(&self) -> super::BoardFigures {
        let mines: Vec<usize> = (0..self.mine.len()).filter(|&c| self.mine[c]).collect();
        super::board_figures::figures(&self.board, &Field::new(&self.board, &mines))
    }

    /// Whether the solver clears the board from `first` by deduction alone (false when `first` is
    /// a mine or off the board).
    pub fn solvable_from(&self, first: (usize, usize)) -> bool {
        match self.board.checked_index(first.0 as i64, first.1 as i64) {
            Ok(cell) => solver::clears(self.board, &self.mine, cell),
            Err(_) => false,
        }
    }

    /// The board in the text format, with its first click, 3BV and generation time.
    pub fn to_text(&self, first: (usize, usize), gen_us: u128) -> String {
        let (w, h) = (self.width(), self.height());
        let mut text = format!("board {w} {h} {} {} {}\n", self.mines(), first.0, first.1);
        for row in self.mine.chunks(w) {
            text.extend(row.iter().map(|&m| if m { '*' } else { '.' }));
            text.push('\n');
        }
        text.push_str(&format!("3bv {} gen_us {gen_us}\n", self.three_bv()));
        text
    }
}

/// A board read from text, with its first click.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardText {
    pub layout: Layout,
    pub first: (usize, usize),
}

/// Reads every board of `text` (see the module comment). Blank lines are skipped. The error
/// names the line (1-based) and what is wrong with it.
pub fn parse_boards(text: &str) -> Result<Vec<BoardText>, String> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty()).peekable();
    let mut boards = Vec::new();
    while let Some((number, header)) = lines.next() {
        let fail = |why: &str| format!("line {number}: {why}: {header:?}");
        let fields: Vec<&str> = header.split_whitespace().collect();
        let values: Vec<usize> = match fields.as_slice() {
            ["board", rest @ ..] if rest.len() == 5 => {
                rest.iter().map(|v| v.parse()).collect::<Result<_, _>>().map_err(|_| fail("not a number"))?
            }
            _ => return Err(fail("expected `board W H N X Y`")),
        };
        let (w, h, n, first) = (values[0], values[1], values[2], (values[3], values[4]));
        let mut mine = Vec::with_capacity(w * h);
        for _ in 0..h {
            let (row_number, row) = lines.next().ok_or_else(|| fail("the board has fewer rows than H"))?;
            if row.chars().count() != w || !row.chars().all(|c| c == '*' || c == '.') {
                return Err(format!("line {row_number}: expected {w} characters `*` or `.`: {row:?}"));
            }
            mine.extend(row.chars().map(|c| c == '*'));
        }
        lines.next_if(|(_, l)| l.starts_with("3bv"));
        let layout = Layout::new(w, h, mine).ok_or_else(|| fail("a board needs W, H > 0 and a safe cell"))?;
        if layout.mines() != n {
            return Err(fail(&format!("N says {n} mines, the rows hold {}", layout.mines())));
        }
        if first.0 >= w || first.1 >= h {
            return Err(fail("the first click is off the board"));
        }
        boards.push(BoardText { layout, first });
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        let layout = Layout::of_game(&Params::beginner(), 5, (4, 4)).unwrap();
        let text = layout.to_text((4, 4), 12);
        assert!(text.starts_with("board 9 9 10 4 4\n"));
        assert!(text.ends_with(&format!("3bv {} gen_us 12\n", layout.three_bv())));
        let boards = parse_boards(&format!("{text}\n{text}")).unwrap();
        assert_eq!(boards, vec![BoardText { layout: layout.clone(), first: (4, 4) }; 2]);
    }

    #[test]
    fn bad_text_names_its_line() {
        assert_eq!(parse_boards("").unwrap(), vec![]);
        let err = |t: &str| parse_boards(t).unwrap_err();
        assert!(err("boord 1 1 0 0 0\n.").starts_with("line 1: expected `board"));
        assert!(err("board 2 1 0 0 x\n..").starts_with("line 1: not a number"));
        assert!(err("board 2 2 0 0 0\n..").contains("fewer rows"));
        assert!(err("board 2 1 0 0 0\n.#").starts_with("line 2: expected 2 characters"));
        assert!(err("board 2 1 0 0 0\n*.").contains("N says 0 mines, the rows hold 1"));
        assert!(err("board 2 1 2 0 0\n**").contains("a safe cell"));
        assert!(err("board 2 1 0 2 0\n..").contains("off the board"));
    }

    #[test]
    fn a_lone_safe_corner_is_solvable_and_a_fifty_fifty_is_not() {
        let safe = Layout::new(3, 1, vec![false, false, true]).unwrap();
        assert!(safe.solvable_from((0, 0)), "the count says the last cell is the mine");
        let guess = Layout::new(2, 2, vec![false, false, true, false]).unwrap();
        assert!(!guess.solvable_from((0, 0)), "a 1 beside three closed cells, one mine among them");
        assert!(!safe.solvable_from((2, 0)), "a mine is no first click");
    }
}
