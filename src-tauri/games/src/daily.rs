//! The daily deal: one deal a day of a game that offers one, the same for every player on the
//! same local date and dealer version, worked out from the date alone (no network).
//!
//! A game offers it by declaring a [`Daily`] in its [`crate::GameInfo`]: the choices a player
//! picks from once (Minesweeper's level; Bubble Breaker has one, the original 11x11 Standard
//! deal) and the parameters of the day's game for each. Nothing here names a particular game.
//!
//! A game that deals nothing from a seed and declares [`crate::Puzzles`] offers the puzzle of
//! the day instead ([`DailyOffer::Puzzle`], Gomoku's): the puzzle of its set that the seed of
//! the choice `puzzle` picks ([`crate::puzzle::of_the_day`]). The app keeps its day's entry
//! (the first attempt, solved or failed) and its streak as it keeps a deal's: [`offer`] is what
//! the daily framework asks of a game.
//!
//! # The seed of the day
//!
//! The day's seed is [`seed`]: the 64-bit FNV-1a hash of the text
//!
//! ```text
//! pastimes-daily/1|{game id}|{YYYY-MM-DD}|{choice}|{dealer version}
//! ```
//!
//! (`pastimes-daily/1|minesweeper|2026-12-06|expert|2`), then SplitMix64's finaliser, so that
//! neighbouring dates give unrelated seeds. It is stable: the tests pin exact values, and a
//! change to it would change every player's deal of the day. A new dealer version of the game
//! gives a new seed, as it deals a new board anyway.

use crate::{AnyGame, Deal, GameKind, RuleError};
use serde::Serialize;
use serde_json::Value;

/// What a game declares to offer a deal of the day.
#[derive(Debug, Clone, Copy)]
pub struct Daily {
    /// What the player picks once (Minesweeper's level), the first one the default. A game
    /// with one kind of daily deal lists one.
    pub choices: &'static [DailyChoice],
    /// The parameters of the day's game for a choice (without the dealer version, which
    /// [`deal`] adds); `None` for a choice not listed.
    pub params: fn(&str) -> Option<Value>,
}

/// One kind of daily deal a player may pick.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DailyChoice {
    pub id: &'static str,
    /// The catalogue key of its name.
    pub name_key: &'static str,
}

/// What a game offers each day, as the daily framework takes it.
#[derive(Clone, Copy)]
pub enum DailyOffer {
    /// A deal of the day: the day's first game of it is the day's entry.
    Deal(Daily),
    /// The puzzle of the day of the game's set: the day's first attempt at it is the day's
    /// entry, solved or failed.
    Puzzle(crate::Puzzles),
}

/// The one choice of a puzzle of the day, whose seed picks the puzzle.
pub const PUZZLE_CHOICES: &[DailyChoice] = &[DailyChoice { id: "puzzle", name_key: "puzzles.daily" }];

impl DailyOffer {
    /// What the player picks from (a puzzle of the day: nothing, its one choice).
    pub fn choices(&self) -> &'static [DailyChoice] {
        match self {
            DailyOffer::Deal(daily) => daily.choices,
            DailyOffer::Puzzle(_) => PUZZLE_CHOICES,
        }
    }

    /// `"deal"` or `"puzzle"`: how the page opens it (the game's screen, or its puzzles').
    pub fn kind(&self) -> &'static str {
        match self {
            DailyOffer::Deal(_) => "deal",
            DailyOffer::Puzzle(_) => "puzzle",
        }
    }
}

/// What `kind` offers each day: its deal of the day if it declares one, else the puzzle of the
/// day if it declares puzzles, else nothing.
pub fn offer(kind: GameKind) -> Option<DailyOffer> {
    let info = kind.info();
    info.daily.map(DailyOffer::Deal).or(info.puzzles.map(DailyOffer::Puzzle))
}

/// The deal of one day for one game and choice.
#[derive(Debug, Clone, PartialEq)]
pub struct DailyDeal {
    pub kind: GameKind,
    /// The local date, `YYYY-MM-DD`.
    pub day: String,
    pub choice: &'static str,
    /// The game's parameters, the dealer version among them (the game's newest).
    pub params: Value,
    pub seed: u64,
}

/// Why there is no daily deal.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DailyError {
    #[error("{0} offers no daily deal")]
    NotOffered(&'static str),
    #[error("{game} has no daily deal {choice:?}")]
    UnknownChoice { game: &'static str, choice: String },
    #[error("{0:?} is not a date written YYYY-MM-DD")]
    BadDay(String),
    #[error("the daily parameters deal no game: {0}")]
    Rule(#[from] RuleError),
}

impl Daily {
    /// The choice named `id`, if listed.
    pub fn choice(&self, id: &str) -> Option<&'static DailyChoice> {
        self.choices.iter().find(|choice| choice.id == id)
    }

    /// The choice a player who has not picked one gets.
    pub fn default_choice(&self) -> &'static DailyChoice {
        &self.choices[0]
    }
}

/// The deal of `day` (`YYYY-MM-DD`) for `kind` and the player's `choice`, dealt by the game's
/// newest dealer.
pub fn deal(kind: GameKind, day: &str, choice: &str) -> Result<DailyDeal, DailyError> {
    let info = kind.info();
    let daily = info.daily.ok_or(DailyError::NotOffered(kind.as_str()))?;
    let unknown = || DailyError::UnknownChoice { game: kind.as_str(), choice: choice.chars().take(40).collect() };
    let choice = daily.choice(choice).ok_or_else(unknown)?;
    if !is_day(day) {
        return Err(DailyError::BadDay(day.chars().take(40).collect()));
    }
    let params = (daily.params)(choice.id).ok_or_else(unknown)?;
    let seed = seed(kind.as_str(), day, choice.id, info.newest_deal);
    // Dealt once, so the parameters are the game's own (the dealer version among them).
    let game = info.start_game(&params, seed)?;
    Ok(DailyDeal { kind, day: day.to_string(), choice: choice.id, params: game.params(), seed })
}

impl DailyDeal {
    /// The day's game, not yet played.
    pub fn game(&self) -> Result<Box<dyn AnyGame>, RuleError> {
        (self.kind.info().new_game)(&self.params, self.seed)
    }

    /// Whether `game`, dealt from `seed`, is this deal (played or not).
    pub fn is(&self, game: &dyn AnyGame, seed: u64) -> bool {
        game.kind() == self.kind && seed == self.seed && game.params() == self.params
    }
}

/// The seed of the day (see the module's documentation): stable across versions of Pastimes.
pub fn seed(game: &str, day: &str, choice: &str, deal: Deal) -> u64 {
    let text = format!("pastimes-daily/1|{game}|{day}|{choice}|{}", deal.0);
    mix(fnv1a64(text.as_bytes()))
}

/// FNV-1a, 64 bits.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(*byte)).wrapping_mul(0x0000_0100_0000_01b3))
}

/// SplitMix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Whether `day` is written `YYYY-MM-DD` with a month 01-12 and a day 01-31.
pub(crate) fn is_day(day: &str) -> bool {
    let bytes = day.as_bytes();
    let digits = |range: std::ops::Range<usize>| bytes[range.clone()].iter().all(u8::is_ascii_digit);
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' || !digits(0..4) || !digits(5..7) || !digits(8..10) {
        return false;
    }
    let number = |range: std::ops::Range<usize>| day[range].parse::<u32>().unwrap_or(0);
    (1..=12).contains(&number(5..7)) && (1..=31).contains(&number(8..10))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_of_the_day_never_changes() {
        // Pinned: a change here changes every player's deal of the day.
        // (Worked out apart from this code too: FNV-1a 64 then SplitMix64's finaliser.)
        assert_eq!(seed("minesweeper", "2026-12-06", "expert", Deal(2)), 0x9b6d_5bc9_d85f_b208);
        assert_eq!(seed("bubbles", "2026-12-06", "standard", Deal(1)), 0xfa7c_1025_38bf_f435);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c, "FNV-1a's published value");
        assert_ne!(
            seed("minesweeper", "2026-12-06", "expert", Deal(2)),
            seed("minesweeper", "2026-12-07", "expert", Deal(2))
        );
    }

    #[test]
    fn a_game_with_puzzles_and_no_deal_offers_the_puzzle_of_the_day() {
        for kind in GameKind::all() {
            let info = kind.info();
            match offer(kind) {
                Some(DailyOffer::Puzzle(_)) => {
                    assert!(info.daily.is_none() && info.puzzles.is_some(), "{kind:?}");
                    assert_eq!(offer(kind).unwrap().choices()[0].id, "puzzle");
                    assert!(crate::puzzle::of_the_day(kind, "2026-12-06").is_ok(), "{kind:?}");
                }
                Some(DailyOffer::Deal(_)) => assert!(info.daily.is_some()),
                None => assert!(info.daily.is_none() && info.puzzles.is_none(), "{kind:?}"),
            }
        }
    }

    #[test]
    fn every_offer_deals_each_of_its_choices() {
        for kind in GameKind::all() {
            let Some(daily) = kind.info().daily else {
                assert_eq!(deal(kind, "2026-12-06", "any"), Err(DailyError::NotOffered(kind.as_str())));
                continue;
            };
            for choice in daily.choices {
                let today = deal(kind, "2026-12-06", choice.id).unwrap();
                assert_eq!(today, deal(kind, "2026-12-06", choice.id).unwrap(), "the same day, the same deal");
                assert_ne!(today.seed, deal(kind, "2026-12-07", choice.id).unwrap().seed);
                let game = today.game().unwrap();
                assert!(today.is(game.as_ref(), today.seed));
                assert!(!today.is(game.as_ref(), today.seed ^ 1));
                assert!(game.can_rank(), "the day's deal ranks");
            }
            assert!(matches!(deal(kind, "2026-12-06", "nope"), Err(DailyError::UnknownChoice { .. })));
            assert!(matches!(offer(kind), Some(DailyOffer::Deal(_))), "a deal of the day comes first");
            for bad in ["2026-13-01", "2026-12-6", "20261206", "", "2026-12-00"] {
                assert!(matches!(deal(kind, bad, daily.default_choice().id), Err(DailyError::BadDay(_))), "{bad}");
            }
        }
    }
}
