//! How the balls move after a pop: they fall down their columns, and then either whole columns
//! close up to the right (Standard, Continuous) or every row packs to the right (Shifter,
//! MegaShift). Each is the original's "cursor" compaction: walk from the far end, copy every ball to the
//! cursor and advance it, then clear what is left behind the cursor.

use super::colour::EMPTY;
use super::field::{Field, ALL_COLUMNS};

impl Field {
    /// Gravity: every ball drops as far as it can in its column (the original's `MoveDown`).
    pub fn fall(&mut self) {
        self.fall_in(ALL_COLUMNS);
    }

    /// [`Field::fall`] in the columns of `columns` only (bit `x` for column `x`): after a pop,
    /// the others have no hole to fall into.
    pub fn fall_in(&mut self, columns: u32) {
        let (width, height) = (self.width(), self.height());
        let cells = self.cells_mut();
        for x in (0..width).filter(|&x| columns >> x & 1 == 1) {
            // The cursor: the row the next ball down the column lands on, from the bottom.
            let mut cursor = height;
            for y in (0..height).rev() {
                let ball = cells[y * width + x];
                if ball != EMPTY {
                    cursor -= 1;
                    if cursor != y {
                        cells[cursor * width + x] = ball;
                        cells[y * width + x] = EMPTY;
                    }
                }
            }
        }
    }

    /// Whether column `x` has no ball. Only valid after [`Field::fall`]: a column whose bottom
    /// cell is empty is then empty all the way up.
    pub fn column_is_empty(&self, x: usize) -> bool {
        self.get(x, self.height() - 1) == EMPTY
    }

    /// Standard closing up: the non-empty columns keep their order and slide right over the empty
    /// ones, so the empty columns end up at the left. Returns how many columns are empty.
    pub fn close_columns(&mut self) -> usize {
        let mut cursor = self.width();
        for x in (0..self.width()).rev() {
            if !self.column_is_empty(x) {
                cursor -= 1;
                if cursor != x {
                    self.move_column(x, cursor);
                }
            }
        }
        for x in 0..cursor {
            self.clear_column(x);
        }
        cursor
    }

    /// Shifting: every ball slides right along its row until it meets a ball or the edge (the
    /// original's `MoveRight` without its refill).
    ///
    /// After [`Field::fall`] a lower row never holds fewer balls than the row above it, so the
    /// packed rows stay stacked: no ball ends up above a hole.
    pub fn push_rows_right(&mut self) {
        let width = self.width();
        for row in self.cells_mut().chunks_exact_mut(width) {
            let cells = row;
            let mut cursor = width;
            for x in (0..width).rev() {
                if cells[x] != EMPTY {
                    cursor -= 1;
                    cells[cursor] = cells[x];
                }
            }
            cells[..cursor].fill(EMPTY);
        }
    }

    fn move_column(&mut self, from: usize, to: usize) {
        for y in 0..self.height() {
            self.set(to, y, self.get(from, y));
        }
    }

    fn clear_column(&mut self, x: usize) {
        for y in 0..self.height() {
            self.set(x, y, EMPTY);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(f: &Field) -> Vec<String> {
        f.render()
    }

    #[test]
    fn balls_fall_into_the_holes_below_them() {
        let mut f = Field::parse(&[
            "R.........G", //
            "...........",
            "B.........Y",
            "...........",
        ]);
        f.fall();
        assert_eq!(
            &rows(&f)[7..],
            &[
                "...........", //
                "...........",
                "R.........G",
                "B.........Y",
            ]
        );
    }

    #[test]
    fn closing_columns_moves_the_left_ones_right() {
        let mut f = Field::parse(&[
            "R.G......B.", //
            "R.G.Y....B.",
        ]);
        assert_eq!(f.close_columns(), 7);
        assert_eq!(
            &rows(&f)[9..],
            &[
                ".......RG.B", //
                ".......RGYB",
            ]
        );
    }

    #[test]
    fn pushing_rows_right_packs_each_row_on_its_own() {
        let mut f = Field::parse(&[
            "..R....G...", //
            "B.Y.P..R..G",
        ]);
        f.push_rows_right();
        assert_eq!(
            &rows(&f)[9..],
            &[
                ".........RG", //
                "......BYPRG",
            ]
        );
    }
}
