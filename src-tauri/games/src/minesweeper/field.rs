//! The hidden truth of a game: where the mines are and the number under every other cell.

use super::board::Board;

/// The mines and the numbers, fixed once laid. Numbers are computed once here rather than on every
/// look, because the flood fill and the view read them for every cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Field {
    mine: Vec<bool>,
    /// For a safe cell, how many of its neighbours hold a mine (0..=8). Unused for mines.
    number: Vec<u8>,
}

impl Field {
    pub(super) fn new(board: &Board, mines: &[usize]) -> Field {
        let mut mine = vec![false; board.cells()];
        let mut number = vec![0u8; board.cells()];
        for &m in mines {
            mine[m] = true;
            for n in board.neighbours(m) {
                number[n] += 1;
            }
        }
        Field { mine, number }
    }

    pub(super) fn is_mine(&self, index: usize) -> bool {
        self.mine[index]
    }

    /// The number shown when the (safe) cell is opened.
    pub(super) fn number(&self, index: usize) -> u8 {
        self.number[index]
    }

    /// The mine cells, in index (row-major) order.
    pub(super) fn mines(&self) -> impl Iterator<Item = usize> + '_ {
        self.mine.iter().enumerate().filter(|(_, &m)| m).map(|(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_count_the_mines_around() {
        // Two mines side by side make a 2 in the cells just above and just below them.
        let board = Board::new(9, 9, 10);
        let field = Field::new(&board, &[40, 41]);
        assert_eq!(field.number(31), 2);
        assert_eq!(field.number(30), 1);
        assert_eq!(field.number(33), 1);
        assert_eq!(field.number(0), 0);
        assert_eq!(field.mines().collect::<Vec<_>>(), vec![40, 41]);
    }
}
