//! The 11x11 grid of balls: one byte per cell, row by row from the top left.

use super::colour::{Colour, EMPTY};
use super::mask::Mask;

pub const WIDTH: usize = 11;
pub const HEIGHT: usize = 11;
pub const CELLS: usize = WIDTH * HEIGHT;

/// The index of cell (x, y); callers have checked the bounds.
pub const fn index(x: usize, y: usize) -> usize {
    y * WIDTH + x
}

/// The balls. A flat byte array keeps a whole field in two cache lines and makes copying it (undo
/// snapshots are clones) a plain memcpy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// A colour code (1..=5) or [`EMPTY`] per cell; see [`index`].
    pub(super) cells: [u8; CELLS],
}

impl Field {
    /// A full field, its colours drawn by `colour` row by row from the top left.
    pub fn filled(mut colour: impl FnMut() -> u8) -> Field {
        let mut cells = [EMPTY; CELLS];
        for cell in &mut cells {
            *cell = colour();
        }
        Field { cells }
    }

    pub fn get(&self, x: usize, y: usize) -> u8 {
        self.cells[index(x, y)]
    }

    pub fn set(&mut self, x: usize, y: usize, code: u8) {
        self.cells[index(x, y)] = code;
    }

    /// The cells holding a ball of colour `code`.
    pub fn colour_mask(&self, code: u8) -> Mask {
        let mut mask = Mask::EMPTY;
        for (i, &cell) in self.cells.iter().enumerate() {
            if cell == code {
                mask.insert(i);
            }
        }
        mask
    }

    /// Empties the cells of `mask`, leaving holes for [`Field::fall`] to close.
    pub fn remove(&mut self, mask: Mask) {
        for i in mask.iter() {
            self.cells[i] = EMPTY;
        }
    }

    /// How many balls of each colour there are, indexed by colour code (index 0 counts holes).
    pub fn counts(&self) -> [u32; 6] {
        let mut counts = [0; 6];
        for &cell in &self.cells {
            counts[usize::from(cell)] += 1;
        }
        counts
    }

    pub fn balls(&self) -> u32 {
        self.cells.iter().filter(|&&c| c != EMPTY).count() as u32
    }

    /// Whether some two orthogonal neighbours share a colour: the seed's `HasPossibilities`. When
    /// this is false no group can be popped and the game is over.
    ///
    /// Looking right and down from every cell covers every neighbouring pair once.
    pub fn has_pair(&self) -> bool {
        let c = &self.cells;
        (0..CELLS).any(|i| {
            let here = c[i];
            here != EMPTY
                && ((i % WIDTH != WIDTH - 1 && c[i + 1] == here) || (i + WIDTH < CELLS && c[i + WIDTH] == here))
        })
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
        assert!(rows.len() <= HEIGHT, "too many rows");
        let mut cells = [EMPTY; CELLS];
        let top = HEIGHT - rows.len();
        for (r, row) in rows.iter().enumerate() {
            let row: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            assert_eq!(row.len(), WIDTH, "row {r} must have {WIDTH} cells");
            for (x, ch) in row.into_iter().enumerate() {
                cells[index(x, top + r)] = match ch {
                    'R' => Colour::Red.code(),
                    'G' => Colour::Green.code(),
                    'Y' => Colour::Yellow.code(),
                    'B' => Colour::Blue.code(),
                    'P' => Colour::Purple.code(),
                    '.' => EMPTY,
                    other => panic!("unknown cell {other:?}"),
                };
            }
        }
        Field { cells }
    }

    /// The inverse of [`Field::parse`], all rows.
    pub fn render(&self) -> Vec<String> {
        (0..HEIGHT)
            .map(|y| {
                (0..WIDTH)
                    .map(|x| match Colour::from_code(self.get(x, y)) {
                        Some(Colour::Red) => 'R',
                        Some(Colour::Green) => 'G',
                        Some(Colour::Yellow) => 'Y',
                        Some(Colour::Blue) => 'B',
                        Some(Colour::Purple) => 'P',
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
        let a = Dealer::new(Deal::FIRST, 7).field();
        assert_eq!(a.balls(), CELLS as u32);
        assert_eq!(a, Dealer::new(Deal::FIRST, 7).field());
        assert_ne!(a, Dealer::new(Deal::FIRST, 8).field());
        // All five colours turn up in 121 draws.
        assert!(a.counts()[1..].iter().all(|&n| n > 0));
    }

    #[test]
    fn has_pair_sees_horizontal_and_vertical_pairs_but_not_wrapped_ones() {
        let mut f = Field { cells: [EMPTY; CELLS] };
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
