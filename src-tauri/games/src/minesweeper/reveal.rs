//! Opening cells: the flood fill from zeros, and what an opened mine or the last safe cell means.

use super::board::Board;
use super::field::Field;
use super::mark::Mark;
use super::Minesweeper;
use crate::Status;

impl Minesweeper {
    /// Opens `cells` (a click's cell, or a chord's closed neighbours), then settles the status.
    /// Every cell is opened even after a mine, as a chord with a wrong flag uncovers all it touches.
    pub(super) fn open_cells(&mut self, cells: &[usize]) {
        let Some(field) = self.field.as_ref() else {
            return; // Unreachable: callers lay the mines first.
        };
        let mut exploded = false;
        for &cell in cells {
            // An earlier cell's flood may have opened this one already.
            if !self.marks[cell].can_open() {
                continue;
            }
            if field.is_mine(cell) {
                self.marks[cell] = Mark::Open;
                exploded = true;
            } else {
                self.opened += open_region(&self.board, field, &mut self.marks, cell);
            }
        }
        self.settle(exploded);
    }

    fn settle(&mut self, exploded: bool) {
        if exploded {
            self.status = Status::Lost;
        } else if self.opened == self.board.safe_cells() {
            self.status = Status::Won;
            self.flag_all_mines();
        }
    }

    /// After a win every mine shows as a flag (as the classic games do: a win marks every mine), and the
    /// mine counter reads 0.
    fn flag_all_mines(&mut self) {
        if let Some(field) = self.field.as_ref() {
            for mine in field.mines() {
                self.marks[mine] = Mark::Flag;
            }
        }
        self.flags = self.board.mines();
    }
}

/// Opens the safe cell `start` and, if it is a zero, its whole zero region and the region's border;
/// returns how many cells it opened. Flagged cells stay closed.
///
/// Iterative with an explicit stack, not recursive like the originals: a 100x100 board with few mines
/// is one region of ~10,000 cells, too deep for the call stack. A cell is marked open when pushed,
/// so it is pushed at most once.
///
/// The stack holds each cell with its coordinates, so that none needs a division when popped.
pub(super) fn open_region(board: &Board, field: &Field, marks: &mut [Mark], start: usize) -> usize {
    debug_assert!(!field.is_mine(start) && marks[start].can_open());
    marks[start] = Mark::Open;
    let mut opened = 1;
    let (x, y) = board.xy(start);
    let mut stack = vec![(start, x, y)];
    while let Some((cell, x, y)) = stack.pop() {
        if field.number(cell) != 0 {
            continue; // A number is the border: the flood stops here.
        }
        // The neighbours of a zero are safe by definition.
        board.for_each_neighbour_xy((x, y), |n, (nx, ny)| {
            if marks[n].can_open() {
                marks[n] = Mark::Open;
                opened += 1;
                stack.push((n, nx, ny));
            }
        });
    }
    opened
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_mine_in_a_corner_leaves_one_region_of_everything_else() {
        let board = Board::new(100, 100, 1);
        let field = Field::new(&board, &[0]);
        let mut marks = vec![Mark::Hidden; board.cells()];
        assert_eq!(open_region(&board, &field, &mut marks, 9999), 9999);
        assert_eq!(marks[0], Mark::Hidden);
    }

    #[test]
    fn flags_stop_the_flood_and_question_marks_do_not() {
        // A 9x9 with one mine at (8, 8): flag (0, 0), question (1, 0); open from the far side.
        let board = Board::new(9, 9, 1);
        let field = Field::new(&board, &[80]);
        let mut marks = vec![Mark::Hidden; board.cells()];
        marks[0] = Mark::Flag;
        marks[1] = Mark::Question;
        assert_eq!(open_region(&board, &field, &mut marks, 40), 79);
        assert_eq!(marks[0], Mark::Flag);
        assert_eq!(marks[1], Mark::Open);
    }

    #[test]
    fn a_number_opens_alone() {
        let board = Board::new(9, 9, 1);
        let field = Field::new(&board, &[40]);
        let mut marks = vec![Mark::Hidden; board.cells()];
        assert_eq!(open_region(&board, &field, &mut marks, 41), 1);
    }
}
