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
/// column of 1 to `height` balls, a MegaShift column of 2 to `height` (the original's draw on its
/// 11 rows); every colour uniform over the field's colours (the original's five by default), each draw
/// one rejection-sampled number of ChaCha8 ([`refill::below`]). Fields of other sizes and colour
/// counts came later, with nothing stored before them to keep: their draws are this version's
/// rule at their size.
pub const NEWEST_DEAL: Deal = Deal::FIRST;

/// The game's one random stream and the version that reads it. Kept in the game state, so undo
/// (which restores a snapshot) can never reroll a column, and a replay draws the same ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dealer {
    deal: Deal,
    /// How many colours it draws from: codes 1..=colours.
    colours: u8,
    rng: GameRng,
}

impl Dealer {
    /// The dealer of `seed` for `deal`, a version this Pastimes has (checked by the game), in the
    /// original's five colours.
    pub fn new(deal: Deal, seed: u64) -> Dealer {
        Dealer::with_colours(deal, seed, 5)
    }

    /// The dealer of `seed` for `deal`, drawing from `colours` colours (2 to 6, checked by the
    /// game's parameters).
    pub fn with_colours(deal: Deal, seed: u64, colours: u8) -> Dealer {
        Dealer { deal, colours, rng: seeded(seed) }
    }

    pub fn colours(&self) -> u8 {
        self.colours
    }

    pub fn deal(&self) -> Deal {
        self.deal
    }

    /// A full field of `width` by `height`.
    pub fn field(&mut self, width: usize, height: usize) -> Field {
        Field::filled(width, height, || self.colour())
    }

    /// A colour code 1..=colours.
    pub fn colour(&mut self) -> u8 {
        refill::random_colour(&mut self.rng, self.colours)
    }

    /// The height of a new Continuous column on a field `height` high.
    pub fn continuous_height(&mut self, height: usize) -> usize {
        refill::continuous_height(&mut self.rng, height)
    }

    /// The height of a new MegaShift column on a field `height` high.
    pub fn megashift_height(&mut self, height: usize) -> usize {
        refill::megashift_height(&mut self.rng, height)
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
