//! What a seed deals in Bubble Breaker: the field, then every column Continuous and MegaShift
//! bring in, in the order the game asks for them.
//!
//! A stored game is rebuilt by dealing again from its seed, so what each dealer version draws is
//! fixed for good once it has shipped ([`crate::deal`]). A change to the field's draw or to a
//! refill column's height or colours is a new version: [`NEWEST_DEAL`] goes up, the new draw
//! runs for the new version only, and the draws of [`super::refill`] stay for version 1.

use super::field::Field;
use super::refill;
use crate::rng::seeded;
use crate::{Deal, GameRng};

/// The dealer version new games get.
///
/// Version 1: the field dealt colour by colour, row by row from the top left; a Continuous
/// column of 1 to 11 balls, a MegaShift column of 2 to 11 (the original's draw); every colour
/// uniform over five, each draw one rejection-sampled number of ChaCha8 ([`refill::below`]).
pub const NEWEST_DEAL: Deal = Deal::FIRST;

/// The game's one random stream and the version that reads it. Kept in the game state, so undo
/// (which restores a snapshot) can never reroll a column, and a replay draws the same ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dealer {
    deal: Deal,
    rng: GameRng,
}

impl Dealer {
    /// The dealer of `seed` for `deal`, a version this Pastimes has (checked by the game).
    pub fn new(deal: Deal, seed: u64) -> Dealer {
        Dealer { deal, rng: seeded(seed) }
    }

    pub fn deal(&self) -> Deal {
        self.deal
    }

    /// A full field.
    pub fn field(&mut self) -> Field {
        Field::filled(|| self.colour())
    }

    /// A colour code 1..=5.
    pub fn colour(&mut self) -> u8 {
        refill::random_colour(&mut self.rng)
    }

    /// The height of a new Continuous column.
    pub fn continuous_height(&mut self) -> usize {
        refill::continuous_height(&mut self.rng)
    }

    /// The height of a new MegaShift column.
    pub fn megashift_height(&mut self) -> usize {
        refill::megashift_height(&mut self.rng)
    }

    /// The stream itself, for the test that plays the original's code beside the game.
    #[cfg(test)]
    pub(super) fn rng(&self) -> &GameRng {
        &self.rng
    }

    /// How far the stream has been read: two dealers of one seed and version that have drawn as
    /// much draw the same from then on (the solver's position key).
    pub fn position(&self) -> u128 {
        self.rng.get_word_pos()
    }
}
