//! The random numbers of Bubble Breaker as version 1 of its dealer draws them ([`super::dealer`]):
//! the dealt colours and the new columns that Continuous and MegaShift bring in.
//!
//! Every draw comes from the one generator kept in the game state, seeded from the game's seed, in
//! a fixed order. Replaying the same moves from the same seed therefore brings in the very same
//! columns, and undo (which restores a snapshot, generator included) can never reroll them.

use super::dealer::Dealer;
use super::field::Field;
use crate::GameRng;
use rand::RngCore;

/// A uniform integer in `0..n`.
///
/// Written out (rejection sampling on `next_u32`) instead of using `rand`'s `random_range`,
/// whose algorithm `rand` may change between releases: a saved game is replayed from its seed, so
/// the numbers a seed gives must never change. ChaCha8's own output is value-stable.
pub fn below(rng: &mut GameRng, n: u32) -> u32 {
    debug_assert!(n > 0);
    let n = u64::from(n);
    // The largest multiple of n that fits in 2^32: values at or above it would favour small results.
    let limit = (1u64 << 32) / n * n;
    loop {
        let v = u64::from(rng.next_u32());
        if v < limit {
            return (v % n) as u32;
        }
    }
}

/// A colour code 1..=`colours`, as the original's `r.Next(5) + 1` for its five.
pub fn random_colour(rng: &mut GameRng, colours: u8) -> u8 {
    below(rng, u32::from(colours)) as u8 + 1
}

/// The height of a Continuous column on a field `height` high: any of 1..=height.
pub fn continuous_height(rng: &mut GameRng, height: usize) -> usize {
    1 + below(rng, height as u32) as usize
}

/// The height of a MegaShift column on a field `height` high, as the original draws it on its 11:
/// `For y = 10 To r.Next(10) Step -1` fills from the bottom row up to a top row drawn once from
/// 0..=9, so 2..=height balls. We keep that (a column of one ball is never dealt) because it is
/// the original's game, not a fault.
pub fn megashift_height(rng: &mut GameRng, height: usize) -> usize {
    let top = below(rng, height as u32 - 1) as usize;
    height - top
}

/// What the refills of one pop brought in: how many columns, and their balls by colour code.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Refill {
    pub columns: u32,
    pub balls: [u32; 7],
}

impl Refill {
    /// Fills the empty column `x` with `height` random balls, drawn from the bottom up as the original
    /// does, and counts them.
    pub fn add_column(&mut self, field: &mut Field, dealer: &mut Dealer, x: usize, height: usize) {
        debug_assert!(field.column_is_empty(x));
        let bottom = field.height();
        for y in (bottom - height..bottom).rev() {
            let colour = dealer.colour();
            field.set(x, y, colour);
            self.balls[usize::from(colour)] += 1;
        }
        self.columns += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bubbles::field::HEIGHT;
    use crate::rng::seeded;

    #[test]
    fn below_is_in_range_and_hits_every_value() {
        let mut rng = seeded(1);
        let mut seen = [0u32; 11];
        for _ in 0..5_000 {
            seen[below(&mut rng, 11) as usize] += 1;
        }
        // 5000 draws over 11 values: each near 455; a fair generator stays well inside 300..600.
        assert!(seen.iter().all(|&n| (300..600).contains(&n)), "{seen:?}");
    }

    #[test]
    fn heights_follow_each_style() {
        let mut rng = seeded(2);
        let continuous: Vec<usize> = (0..2_000).map(|_| continuous_height(&mut rng, HEIGHT)).collect();
        let megashift: Vec<usize> = (0..2_000).map(|_| megashift_height(&mut rng, HEIGHT)).collect();
        for h in 1..=HEIGHT {
            assert!(continuous.contains(&h), "continuous height {h}");
        }
        for h in 2..=HEIGHT {
            assert!(megashift.contains(&h), "megashift height {h}");
        }
        assert!(continuous.iter().all(|h| (1..=HEIGHT).contains(h)));
        assert!(megashift.iter().all(|h| (2..=HEIGHT).contains(h)));
    }

    #[test]
    fn a_new_column_stands_on_the_bottom_row() {
        let mut field = Field::parse(&[]);
        let mut refill = Refill::default();
        refill.add_column(&mut field, &mut Dealer::new(crate::Deal::FIRST, 3), 0, 4);
        let rows = field.render();
        assert!(rows[..7].iter().all(|r| r == "..........."));
        assert!(rows[7..].iter().all(|r| r.starts_with(|c| c != '.') && r.ends_with("..........")));
        assert_eq!(refill.columns, 1);
        assert_eq!(refill.balls.iter().sum::<u32>(), 4);
    }
}
