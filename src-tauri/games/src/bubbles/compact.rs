//! A Standard field packed for playouts: nothing but the balls, column by column, with a border
//! of empty cells all round, so that finding a group needs no bounds checks and a pop moves only
//! bytes. The nested rollout search ([`super::nrpa`]) plays millions of pops on it; the rules'
//! own [`super::field::Field`] keeps rows for the view and masks for the other styles.
//!
//! Columns are counted from the side the Standard field closes towards (its right edge) and rows
//! from the bottom, so the columns in play are always `0..columns` and a column's balls always
//! rows `0..height`: a pop drops the balls above its holes and closes the empty columns up, as
//! [`super::style::Style::Standard`] does, mirrored.

use super::colour::EMPTY;
use super::field::{Field, MAX_HEIGHT, MAX_WIDTH};

/// Cells from one column to the next: the rows and a border cell below and above.
const STRIDE: usize = MAX_HEIGHT + 2;
/// All cells, the border columns on both sides included.
const CELLS: usize = (MAX_WIDTH + 2) * STRIDE;

/// A cell of a [`Compact`] field: its place in the packed array.
pub(super) type Cell = u16;

#[derive(Clone, PartialEq)]
pub(super) struct Compact {
    cells: [u8; CELLS],
    heights: [u8; MAX_WIDTH],
    columns: usize,
    /// The field's size, to name cells as the rules do.
    width: usize,
    height: usize,
}

/// A group of two balls or more, by its first cell (lowest column, then lowest row).
#[derive(Debug, Clone, Copy)]
pub(super) struct Group {
    pub first: Cell,
    pub colour: u8,
    pub size: u16,
    /// The highest column it reaches: a pop in a column two or more beyond leaves it as it is.
    pub last_column: u8,
}

/// Work space for finding groups, reused from search to search: a mark per cell (the cells of the
/// current fill carry the current stamp, so nothing is ever cleared) and the fill's stack.
pub(super) struct Marks {
    stamps: Box<[u32; CELLS]>,
    stamp: u32,
    stack: Vec<Cell>,
}

impl Marks {
    pub(super) fn new() -> Marks {
        Marks { stamps: Box::new([0; CELLS]), stamp: 0, stack: Vec::with_capacity(MAX_WIDTH * MAX_HEIGHT) }
    }

    fn next(&mut self) -> u32 {
        self.make_room(1);
        self.stamp += 1;
        self.stamp
    }

    /// Starts the stamps again from zero when fewer than `stamps` are left before they wrap.
    fn make_room(&mut self, stamps: usize) {
        if self.stamp > u32::MAX - stamps as u32 {
            self.stamps.fill(0);
            self.stamp = 0;
        }
    }
}

fn cell(column: usize, row: usize) -> usize {
    (column + 1) * STRIDE + row + 1
}

/// The column of a cell.
pub(super) fn column_of(at: Cell) -> usize {
    usize::from(at) / STRIDE - 1
}

impl Compact {
    /// `field` packed, or `None` when it is not a settled Standard field: a ball over a hole, or an
    /// empty column between full ones, which only a hand-made position can hold.
    pub(super) fn of(field: &Field) -> Option<Compact> {
        let (width, height) = (field.width(), field.height());
        let mut packed = Compact { cells: [EMPTY; CELLS], heights: [0; MAX_WIDTH], columns: 0, width, height };
        for column in 0..width {
            let x = width - 1 - column;
            let balls = (0..height).take_while(|&row| field.get(x, height - 1 - row) != EMPTY).count();
            if (balls..height).any(|row| field.get(x, height - 1 - row) != EMPTY) {
                return None;
            }
            if balls > 0 && packed.columns < column {
                return None;
            }
            for row in 0..balls {
                packed.cells[cell(column, row)] = field.get(x, height - 1 - row);
            }
            packed.heights[column] = balls as u8;
            packed.columns += usize::from(balls > 0);
        }
        Some(packed)
    }

    /// The index in the rules' field (row by row from the top left) of a cell of this one.
    pub(super) fn field_index(&self, at: Cell) -> u16 {
        let (column, row) = (usize::from(at) / STRIDE - 1, usize::from(at) % STRIDE - 1);
        ((self.height - 1 - row) * self.width + self.width - 1 - column) as u16
    }

    /// How many balls of each colour code.
    pub(super) fn counts(&self) -> [u32; 8] {
        let mut counts = [0; 8];
        for column in 0..self.columns {
            let first = cell(column, 0);
            for &ball in &self.cells[first..first + usize::from(self.heights[column])] {
                counts[usize::from(ball)] += 1;
            }
        }
        counts
    }

    /// Marks the group of `start` with a new stamp and returns its size, lowest and highest cell
    /// (the cells go column by column, so these are in its first and last column).
    fn fill(&self, marks: &mut Marks, start: usize) -> (u16, usize, usize) {
        let stamp = marks.next();
        let colour = self.cells[start];
        marks.stack.clear();
        marks.stack.push(start as Cell);
        marks.stamps[start] = stamp;
        let (mut size, mut lowest, mut highest) = (0, start, start);
        while let Some(at) = marks.stack.pop() {
            let at = usize::from(at);
            size += 1;
            lowest = lowest.min(at);
            highest = highest.max(at);
            for next in [at - 1, at + 1, at - STRIDE, at + STRIDE] {
                if self.cells[next] == colour && marks.stamps[next] != stamp {
                    marks.stamps[next] = stamp;
                    marks.stack.push(next as Cell);
                }
            }
        }
        (size, lowest, highest)
    }

    /// Every group of two or more, column by column from the bottom.
    pub(super) fn groups(&self, marks: &mut Marks, groups: &mut Vec<Group>) {
        groups.clear();
        self.groups_in(marks, groups, Changed { from: 0, to: usize::MAX });
    }

    /// Adds to `groups` every group with a ball in the `changed` columns: after a pop, the
    /// groups it changed, and with those it kept ([`Changed::keeps`]) all the groups.
    pub(super) fn groups_in(&self, marks: &mut Marks, groups: &mut Vec<Group>, changed: Changed) {
        self.groups_from_to(marks, groups, changed.from, changed.to.min(self.columns.saturating_sub(1)));
    }

    /// Adds to `groups` every group with a ball in columns `from..=to`.
    fn groups_from_to(&self, marks: &mut Marks, groups: &mut Vec<Group>, from: usize, to: usize) {
        marks.make_room(CELLS);
        // A cell already in a fill of this call carries a stamp above `floor`.
        let floor = marks.stamp;
        for column in from..=to {
            let first = cell(column, 0);
            for at in first..first + usize::from(self.heights[column]) {
                let colour = self.cells[at];
                if marks.stamps[at] > floor || !self.starts_group(at, colour, column == from) {
                    continue;
                }
                // The fill's lowest cell, not `at`, which in the first column may lie above it or
                // to its right: a group is named the same whichever columns were looked at.
                let (size, lowest, highest) = self.fill(marks, at);
                let last_column = column_of(highest as Cell) as u8;
                groups.push(Group { first: lowest as Cell, colour, size, last_column });
            }
        }
    }

    /// Whether a fill should start at `at`: it has a like ball above or to the right, or, in the
    /// first column looked at, on any side. Otherwise it is alone or its group was filled from
    /// below or the left already; but the first column's groups may come from columns not looked at.
    fn starts_group(&self, at: usize, colour: u8, first_column: bool) -> bool {
        self.cells[at + 1] == colour
            || self.cells[at + STRIDE] == colour
            || (first_column && (self.cells[at - 1] == colour || self.cells[at - STRIDE] == colour))
    }

    /// Pops the group of `at` (two balls or more): the balls above fall, empty columns close up.
    /// Returns how many balls it took and which columns' groups it may have changed.
    pub(super) fn pop(&mut self, marks: &mut Marks, at: Cell) -> Popped {
        let (size, lowest, highest) = self.fill(marks, usize::from(at));
        let stamp = marks.stamp;
        // The columns before the group's first are untouched, and so are those after its last
        // unless one of its own emptied and the rest close up.
        let (first_column, last_column) = (column_of(lowest as Cell), column_of(highest as Cell));
        let mut kept_columns = first_column;
        let mut column = first_column;
        while column < self.columns && (column <= last_column || kept_columns < column) {
            let (from, to) = (cell(column, 0), cell(kept_columns, 0));
            let height = usize::from(self.heights[column]);
            let mut kept = 0;
            for row in 0..height {
                if marks.stamps[from + row] != stamp {
                    self.cells[to + kept] = self.cells[from + row];
                    kept += 1;
                }
            }
            // What the column written to held above its new top, its own old balls included.
            let old_top = height.max(usize::from(self.heights[kept_columns]));
            self.cells[to + kept..to + old_top].fill(EMPTY);
            if kept > 0 {
                self.heights[kept_columns] = kept as u8;
                kept_columns += 1;
            }
            column += 1;
        }
        let closed = kept_columns < column;
        if closed {
            for column in kept_columns..self.columns {
                let first = cell(column, 0);
                self.cells[first..first + usize::from(self.heights[column])].fill(EMPTY);
                self.heights[column] = 0;
            }
            self.columns = kept_columns;
        }
        let changed =
            Changed { from: first_column.saturating_sub(1), to: if closed { usize::MAX } else { last_column + 1 } };
        Popped { balls: u32::from(size), changed }
    }
}

/// What a pop did: the balls it took, and the columns whose groups it may have changed.
pub(super) struct Popped {
    pub balls: u32,
    pub changed: Changed,
}

/// The columns `from..=to` whose groups a pop may have changed: the column before the group's
/// first (its balls may meet new neighbours), the group's own (their balls fell), the one after
/// its last, and every column after when one of the group's emptied and the rest closed up
/// (they all moved). A group with no ball in them is as it was, under the same first cell.
#[derive(Clone, Copy, Debug)]
pub(super) struct Changed {
    pub from: usize,
    pub to: usize,
}

impl Changed {
    /// Whether `group`, found before the pop, is still a group as it was.
    pub(super) fn keeps(&self, group: &Group) -> bool {
        usize::from(group.last_column) < self.from || column_of(group.first) > self.to
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bubbles::group::group_at;

    #[test]
    fn groups_and_pops_match_the_rules() {
        // Column x=0 empty (closed up), R over G at the bottom right.
        let field = Field::parse_sized(5, 5, &[".....", ".R...", ".RG.G", ".GGRG", ".RRRB"]);
        let mut packed = Compact::of(&field).unwrap();
        let mut marks = Marks::new();
        let mut groups = Vec::new();
        packed.groups(&mut marks, &mut groups);
        let mut sizes: Vec<(usize, u16)> =
            groups.iter().map(|g| (usize::from(packed.field_index(g.first)), g.size)).collect();
        sizes.sort_unstable();
        for &(index, size) in &sizes {
            assert_eq!(group_at(&field, index).len(), u32::from(size), "group of {index}");
        }
        assert_eq!(sizes.len(), 4, "{sizes:?}");
        assert_eq!(sizes.iter().map(|s| s.1).collect::<Vec<_>>(), [2, 3, 2, 4]);
        let reds = groups.iter().find(|g| g.size == 4).unwrap();
        assert_eq!(packed.pop(&mut marks, reds.first).balls, 4);
        assert_eq!(packed.counts()[1], 2);
    }

    #[test]
    fn a_field_that_is_not_settled_is_refused() {
        assert!(Compact::of(&Field::parse_sized(5, 5, &[".....", ".....", "....R", ".....", "....R"])).is_none());
        assert!(Compact::of(&Field::parse_sized(5, 5, &[".....", ".....", ".....", ".....", "R.R.."])).is_none());
        assert!(Compact::of(&Field::parse_sized(5, 5, &[".....", ".....", ".....", ".....", "...RR"])).is_some());
    }
}
