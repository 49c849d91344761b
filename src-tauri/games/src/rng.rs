//! The random number generator every game draws from.
//!
//! A game's randomness must be reproducible from its stored seed across Pastimes versions (a saved
//! game or a replayed board must come out the same), so we name a portable algorithm here instead of
//! `rand::rngs::StdRng`, whose algorithm may change between `rand` releases.

use rand::SeedableRng;

/// A seeded, portable, deterministic generator (ChaCha8).
pub type GameRng = rand_chacha::ChaCha8Rng;

/// The generator for `seed`.
pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}
