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

/// The part of the 3BV the player has done: the zero regions with an open zero, and the open
/// numbers that border no zero. Equals [`three_bv`] once the board is cleared; after a loss it
/// is what the competitive 3BV/s of an unfinished game counts.
pub(super) fn solved_three_bv(board: &Board, field: &Field, player: &[Mark]) -> u32 {
    let is_zero = |c: usize| !field.is_mine(c) && field.number(c) == 0;
    // Zero regions by flood over zeros only; a region is solved when any of its zeros is open.
    let mut region_seen = vec![false; board.cells()];
    let mut solved = 0;
    for start in (0..board.cells()).filter(|&c| is_zero(c)) {
        if region_seen[start] {
            continue;
        }
        region_seen[start] = true;
        let (mut stack, mut open) = (vec![start], false);
        while let Some(cell) = stack.pop() {
            open |= player[cell] == Mark::Open;
            for n in board.neighbours(cell).filter(|&n| is_zero(n)) {
                if !region_seen[n] {
                    region_seen[n] = true;
                    stack.push(n);
                }
            }
        }
        solved += u32::from(open);
    }
    let lone = |c: usize| !field.is_mine(c) && field.number(c) > 0 && !board.neighbours(c).any(is_zero);
    solved + (0..board.cells()).filter(|&c| lone(c) && player[c] == Mark::Open).count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_counts_the_regions_and_numbers_opened() {
        // The full row of mines: two regions; open one zero of the top one.
        let board = Board::new(9, 9, 9);
        let row: Vec<usize> = (36..45).collect();
        let field = Field::new(&board, &row);
        let mut player = vec![Mark::Hidden; board.cells()];
        assert_eq!(solved_three_bv(&board, &field, &player), 0);
        player[0] = Mark::Open;
        assert_eq!(solved_three_bv(&board, &field, &player), 1);
        player.iter_mut().enumerate().filter(|(c, _)| !row.contains(c)).for_each(|(_, m)| *m = Mark::Open);
        assert_eq!(solved_three_bv(&board, &field, &player), three_bv(&board, &field));
    }

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
