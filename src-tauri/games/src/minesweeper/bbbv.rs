//! The 3BV (Bechtel's Board Benchmark Value): the fewest left clicks that clear a board, a classic
//! measure of how hard a layout is. Each zero region (with its border) takes one click, every safe
//! cell not on such a border one more.

use super::board::Board;
use super::field::Field;
use super::mark::Mark;
use super::reveal::open_region;

pub(super) fn three_bv(board: &Board, field: &Field) -> u32 {
    // Simulate the clicks on a fresh board, reusing the game's own flood fill.
    let mut marks = vec![Mark::Hidden; board.cells()];
    let safe = |c: &usize| !field.is_mine(*c);
    let mut clicks = 0;
    for zero in (0..board.cells()).filter(safe).filter(|&c| field.number(c) == 0) {
        if marks[zero] != Mark::Open {
            open_region(board, field, &mut marks, zero);
            clicks += 1;
        }
    }
    let lone_numbers = (0..board.cells()).filter(safe).filter(|&c| marks[c] != Mark::Open).count();
    clicks + lone_numbers as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_mine_in_a_corner_is_one_click() {
        // Everything but the mine is one zero region whose border holds the three numbers.
        let board = Board::new(9, 9, 1);
        assert_eq!(three_bv(&board, &Field::new(&board, &[0])), 1);
    }

    #[test]
    fn a_full_row_of_mines_cuts_the_board_in_two() {
        let board = Board::new(9, 9, 9);
        let row: Vec<usize> = (36..45).collect();
        assert_eq!(three_bv(&board, &Field::new(&board, &row)), 2);
    }

    #[test]
    fn numbers_off_any_border_count_one_each() {
        // Mines on every cell of columns 0 and 2 of a 9x9 leave column 1 as numbers enclosed by
        // mines: 9 lone numbers, plus one region for columns 4..=8 (column 3 is its border).
        let board = Board::new(9, 9, 18);
        let mines: Vec<usize> = (0..9).flat_map(|y| [y * 9, y * 9 + 2]).collect();
        assert_eq!(three_bv(&board, &Field::new(&board, &mines)), 10);
    }
}
