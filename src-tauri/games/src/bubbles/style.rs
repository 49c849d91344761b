//! The four ways the field settles after a pop.

use super::dealer::Dealer;
use super::field::{Field, ALL_COLUMNS};
use super::refill::Refill;
use serde::{Deserialize, Serialize};

/// How the field settles after a pop. Every style lets the balls fall first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    /// Empty columns close up: the columns to their left move right.
    Standard,
    /// As Standard, and a new random column enters from the left for every column that empties,
    /// so the field always has all its columns.
    Continuous,
    /// Every row packs to the right.
    Shifter,
    /// As Shifter, and while the left column is empty a new random column is put there and the
    /// rows are packed again: the original's `MoveRight`, and so the default.
    #[default]
    Megashift,
}

impl Style {
    pub const ALL: [Style; 4] = [Style::Standard, Style::Continuous, Style::Shifter, Style::Megashift];

    /// The stable name: the statistics category and the serialised value.
    pub fn name(self) -> &'static str {
        match self {
            Style::Standard => "standard",
            Style::Continuous => "continuous",
            Style::Shifter => "shifter",
            Style::Megashift => "megashift",
        }
    }

    /// Lets the field settle after the popped balls were removed, drawing any new columns from
    /// `rng`. Returns what was brought in.
    pub fn settle(self, field: &mut Field, dealer: &mut Dealer) -> Refill {
        self.settle_after(field, dealer, ALL_COLUMNS)
    }

    /// [`Style::settle`] after a pop that emptied cells of `columns` only (bit `x` for column
    /// `x`, as [`Field::remove`] returns them): only those columns can have balls to fall.
    pub fn settle_after(self, field: &mut Field, dealer: &mut Dealer, columns: u32) -> Refill {
        let mut refill = Refill::default();
        field.fall_in(columns);
        match self {
            Style::Standard => {
                field.close_columns();
            }
            Style::Continuous => continuous_refill(field, dealer, &mut refill),
            Style::Shifter => field.push_rows_right(),
            Style::Megashift => megashift_refill(field, dealer, &mut refill),
        }
        refill
    }
}

/// Closes up, then fills the emptied columns at the left with new ones.
///
/// A Continuous field starts full and is refilled after every pop, so the empty columns after
/// closing up are exactly the ones this pop emptied. They enter one by one from the left, each
/// pushing the earlier ones right: the first drawn ends up rightmost of the new columns.
fn continuous_refill(field: &mut Field, dealer: &mut Dealer, refill: &mut Refill) {
    let emptied = field.close_columns();
    for x in (0..emptied).rev() {
        let height = dealer.continuous_height(field.height());
        refill.add_column(field, dealer, x, height);
    }
}

/// The original's `MoveRight`: pack the rows right; if the bottom-left cell is then empty (so the
/// whole left column is), put a new column there and pack again, until it holds a ball.
///
/// Each new column adds one ball to the bottom row, so this ends after at most `width` rounds,
/// with the bottom row full. The original recurses; a loop does the same without the stack.
fn megashift_refill(field: &mut Field, dealer: &mut Dealer, refill: &mut Refill) {
    field.push_rows_right();
    while field.column_is_empty(0) {
        let height = dealer.megashift_height(field.height());
        refill.add_column(field, dealer, 0, height);
        field.push_rows_right();
    }
    debug_assert!((0..field.width()).all(|x| field.get(x, field.height() - 1) != 0));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bubbles::field::WIDTH;
    use crate::Deal;

    fn seeded(seed: u64) -> Dealer {
        Dealer::new(Deal::FIRST, seed)
    }

    /// The holes a pop left: column 2 is empty, columns 1, 6 and 9 have balls above holes.
    fn popped() -> Field {
        Field::parse(&[
            "RR.RRRRRRRR", //
            "G..GGGGGG.G",
            "B..BBB.BB.B",
            "Y..YYY.YY.Y",
        ])
    }

    /// The bottom four rows.
    fn bottom(f: &Field) -> Vec<String> {
        f.render()[7..].to_vec()
    }

    #[test]
    fn standard_falls_then_closes_the_empty_column_from_the_left() {
        let mut f = popped();
        let refill = Style::Standard.settle(&mut f, &mut seeded(0));
        assert_eq!(refill, Refill::default());
        assert_eq!(bottom(&f), [".R.RRR.RR.R", ".G.GGG.GG.G", ".B.BBBRBB.B", ".YRYYYGYYRY"]);
        assert!(f.render()[..7].iter().all(|r| r == "..........."));
    }

    #[test]
    fn standard_gathers_all_empty_columns_at_the_left() {
        let mut f = Field::parse(&["R.G..Y....B"]);
        Style::Standard.settle(&mut f, &mut seeded(0));
        assert_eq!(f.render()[10], ".......RGYB");
    }

    #[test]
    fn continuous_brings_in_one_column_per_emptied_column() {
        let mut f = popped();
        let refill = Style::Continuous.settle(&mut f, &mut seeded(5));
        assert_eq!(refill.columns, 1);
        let rows = bottom(&f);
        // Columns 1..=10 are Standard's result; column 0 is new and stands on the bottom row.
        let standard = [".R.RRR.RR.R", ".G.GGG.GG.G", ".B.BBBRBB.B", ".YRYYYGYYRY"];
        for (row, expected) in rows.iter().zip(standard) {
            assert_eq!(row[1..], expected[1..]);
        }
        assert_ne!(&rows[3][..1], ".");
        assert_eq!(f.balls(), 32 + refill.balls.iter().sum::<u32>());
    }

    #[test]
    fn continuous_fills_several_emptied_columns() {
        let mut f = Field::parse(&["R.G.Y.B.PRG"]);
        let refill = Style::Continuous.settle(&mut f, &mut seeded(5));
        assert_eq!(refill.columns, 4);
        let rows = f.render();
        assert!(rows[10].ends_with("RGYBPRG") && !rows[10].contains('.'), "{rows:?}");
        assert!(rows[9].ends_with("......."), "the old columns stay one ball high");
        assert_eq!(f.balls(), 7 + refill.balls.iter().sum::<u32>());
    }

    #[test]
    fn continuous_without_an_emptied_column_is_standard() {
        let fixture = || Field::parse(&["RRRRRRRRRRR", "G.GGGGGGGGG"]);
        let (mut f, mut standard) = (fixture(), fixture());
        assert_eq!(Style::Continuous.settle(&mut f, &mut seeded(5)), Refill::default());
        Style::Standard.settle(&mut standard, &mut seeded(5));
        assert_eq!(f, standard);
        assert_eq!(f.render()[9..], ["R.RRRRRRRRR", "GRGGGGGGGGG"]);
    }

    #[test]
    fn shifter_packs_every_row_to_the_right() {
        let mut f = popped();
        let refill = Style::Shifter.settle(&mut f, &mut seeded(0));
        assert_eq!(refill, Refill::default());
        assert_eq!(bottom(&f), ["....RRRRRRR", "....GGGGGGG", "...BBBBRBBB", ".YRYYYGYYRY"]);
    }

    #[test]
    fn megashift_refills_the_left_column_until_the_bottom_row_is_full() {
        let mut f = popped();
        let refill = Style::Megashift.settle(&mut f, &mut seeded(9));
        // One ball short in the bottom row: exactly one new column.
        assert_eq!(refill.columns, 1);
        assert!(!f.render()[10].contains('.'));
        assert_eq!(f.balls(), 32 + refill.balls.iter().sum::<u32>());
    }

    #[test]
    fn megashift_refills_an_emptied_field() {
        let mut f = Field::parse(&[]);
        let refill = Style::Megashift.settle(&mut f, &mut seeded(9));
        assert_eq!(refill.columns, WIDTH as u32);
        assert!(!f.render()[10].contains('.'));
    }

    #[test]
    fn megashift_with_a_full_bottom_row_is_shifter() {
        let fixture = || Field::parse(&["RRRRRRRRRRR", "G.GGGGGGGGG", "BBBBBBBBBBB"]);
        let (mut f, mut shifter) = (fixture(), fixture());
        assert_eq!(Style::Megashift.settle(&mut f, &mut seeded(5)), Refill::default());
        Style::Shifter.settle(&mut shifter, &mut seeded(5));
        assert_eq!(f, shifter);
    }

    #[test]
    fn names_match_serde() {
        for style in Style::ALL {
            let json = serde_json::to_string(&style).unwrap();
            assert_eq!(json, format!("\"{}\"", style.name()));
        }
    }
}
