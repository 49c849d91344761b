//! The grid of balls, from 5x5 to 30x20: one byte per cell, row by row from the top left.

use super::colour::{Colour, EMPTY};
use super::mask::Mask;

/// The original's field: 11x11.
pub const WIDTH: usize = 11;
pub const HEIGHT: usize = 11;
/// The sizes a field may have, width by height.
pub const MIN_SIDE: usize = 5;
pub const MAX_WIDTH: usize = 30;
pub const MAX_HEIGHT: usize = 20;
/// Every column of a field, as a set of columns (bit `x` for column `x`).
pub const ALL_COLUMNS: u32 = (1 << MAX_WIDTH) - 1;
/// The most cells a field has: every per-cell array is this long.
pub const MAX_CELLS: usize = MAX_WIDTH * MAX_HEIGHT;

/// The balls. A flat byte array of the largest field's size, of which a field uses its first
/// `width * height` bytes (the rest stay [`EMPTY`]): copying a field (undo snapshots and the
/// solver's children are clones) is a plain memcpy, with no allocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    width: u8,
    height: u8,
    /// A colour code (1..=6) or [`EMPTY`] per cell; see [`Field::index`].
    pub(super) cells: [u8; MAX_CELLS],
}

impl Field {
    /// An empty field of `width` by `height`, sizes the caller has checked.
    pub fn empty(width: usize, height: usize) -> Field {
        debug_assert!((MIN_SIDE..=MAX_WIDTH).contains(&width) && (MIN_SIDE..=MAX_HEIGHT).contains(&height));
        Field { width: width as u8, height: height as u8, cells: [EMPTY; MAX_CELLS] }
    }

    /// A full field, its colours drawn by `colour` row by row from the top left.
    pub fn filled(width: usize, height: usize, mut colour: impl FnMut() -> u8) -> Field {
        let mut field = Field::empty(width, height);
        for cell in field.cells_mut() {
            *cell = colour();
        }
        field
    }

    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// How many cells the field has.
    pub fn len(&self) -> usize {
        self.width() * self.height()
    }

    /// The index of cell (x, y); callers have checked the bounds.
    pub fn index(&self, x: usize, y: usize) -> usize {
        y * self.width() + x
    }

    /// The field's cells, row by row from the top left.
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.len()]
    }

    pub fn cells_mut(&mut self) -> &mut [u8] {
        let len = self.len();
        &mut self.cells[..len]
    }

    pub fn get(&self, x: usize, y: usize) -> u8 {
        self.cells[self.index(x, y)]
    }

    pub fn set(&mut self, x: usize, y: usize, code: u8) {
        let i = self.index(x, y);
        self.cells[i] = code;
    }

    /// Empties the cells of `mask`, leaving holes for [`Field::fall`] to close. Returns the
    /// columns it emptied cells in, bit `x` for column `x` (for [`Field::fall_in`]).
    pub fn remove(&mut self, mask: Mask) -> u32 {
        let width = self.width();
        let mut columns = 0;
        for i in mask.iter() {
            self.cells[i] = EMPTY;
            columns |= 1 << (i % width);
        }
        columns
    }

    /// How many balls of each colour there are, indexed by colour code (index 0 counts holes).
    pub fn counts(&self) -> [u32; 7] {
        let mut counts = [0; 7];
        for &cell in self.cells() {
            counts[usize::from(cell)] += 1;
        }
        counts
    }

    pub fn balls(&self) -> u32 {
        self.cells().iter().filter(|&&c| c != EMPTY).count() as u32
    }

    /// Whether some two orthogonal neighbours share a colour: the original's `HasPossibilities`. When
    /// this is false no group can be popped and the game is over.
    ///
    /// Looking right and down from every cell covers every neighbouring pair once.
    pub fn has_pair(&self) -> bool {
        let width = self.width();
        let mut rows = self.cells().chunks_exact(width).peekable();
        while let Some(row) = rows.next() {
            if row.windows(2).any(|pair| pair[0] != EMPTY && pair[0] == pair[1]) {
                return true;
            }
            if let Some(below) = rows.peek() {
                if row.iter().zip(below.iter()).any(|(&here, &under)| here != EMPTY && here == under) {
                    return true;
                }
            }
        }
        false
    }

    /// The colour at (x, y), if there is a ball.
    pub fn colour(&self, x: usize, y: usize) -> Option<Colour> {
        Colour::from_code(self.get(x, y))
    }
}

#[cfg(test)]
impl Field {
    /// A field drawn as text for tests: one string per row, `R G Y B P` for balls and `.` for a
    /// hole. Missing rows at the top are empty.
    pub fn parse(rows: &[&str]) -> Field {
        Field::parse_sized(WIDTH, HEIGHT, rows)
    }

    /// [`Field::parse`] on a field of `width` by `height`.
    pub fn parse_sized(width: usize, height: usize, rows: &[&str]) -> Field {
        assert!(rows.len() <= height, "too many rows");
        let mut field = Field::empty(width, height);
        let top = height - rows.len();
        for (r, row) in rows.iter().enumerate() {
            let row: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            assert_eq!(row.len(), width, "row {r} must have {width} cells");
            for (x, ch) in row.into_iter().enumerate() {
                let code = match ch {
                    'R' => Colour::Red.code(),
                    'G' => Colour::Green.code(),
                    'Y' => Colour::Yellow.code(),
                    'B' => Colour::Blue.code(),
                    'P' => Colour::Purple.code(),
                    'C' => Colour::Cyan.code(),
                    '.' => EMPTY,
                    other => panic!("unknown cell {other:?}"),
                };
                field.set(x, top + r, code);
            }
        }
        field
    }

    /// The inverse of [`Field::parse`], all rows.
    pub fn render(&self) -> Vec<String> {
        (0..self.height())
            .map(|y| {
                (0..self.width())
                    .map(|x| match Colour::from_code(self.get(x, y)) {
                        Some(Colour::Red) => 'R',
                        Some(Colour::Green) => 'G',
                        Some(Colour::Yellow) => 'Y',
                        Some(Colour::Blue) => 'B',
                        Some(Colour::Purple) => 'P',
                        Some(Colour::Cyan) => 'C',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bubbles::dealer::Dealer;
    use crate::Deal;

    #[test]
    fn a_dealt_field_is_full_and_reproducible() {
        let a = Dealer::new(Deal::FIRST, 7).field(WIDTH, HEIGHT);
        assert_eq!(a.balls(), (WIDTH * HEIGHT) as u32);
        assert_eq!(a, Dealer::new(Deal::FIRST, 7).field(WIDTH, HEIGHT));
        assert_ne!(a, Dealer::new(Deal::FIRST, 8).field(WIDTH, HEIGHT));
        // All five colours turn up in 121 draws.
        assert!(a.counts()[1..=5].iter().all(|&n| n > 0));
        assert_eq!(a.counts()[6], 0, "no sixth colour in a five-colour deal");
    }

    #[test]
    fn has_pair_sees_horizontal_and_vertical_pairs_but_not_wrapped_ones() {
        let mut f = Field::empty(WIDTH, HEIGHT);
        assert!(!f.has_pair());
        // (10, 0) and (0, 1) are consecutive in memory but not neighbours.
        f.set(10, 0, 1);
        f.set(0, 1, 1);
        assert!(!f.has_pair());
        f.set(10, 1, 1);
        assert!(f.has_pair(), "vertical pair in the right column");
        f.set(10, 1, 2);
        f.set(1, 1, 1);
        assert!(f.has_pair(), "horizontal pair");
    }

    #[test]
    fn parse_and_render_round_trip() {
        let rows = ["RGYBP.RGYBP", "PPPPPPPPPPP"];
        let f = Field::parse(&rows);
        let rendered = f.render();
        assert_eq!(&rendered[9..], &rows.map(String::from));
        assert!(rendered[..9].iter().all(|r| r == "..........."));
    }
}
