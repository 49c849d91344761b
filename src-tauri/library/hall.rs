//! The hall of fame over the store: every category of a game with its best ten, and the
//! categories that have finished games.

use crate::error::AppResult;
use crate::store::{HallEntry, Store};
use pastimes_games::GameKind;

/// One hall-of-fame category and its best ten.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HallCategory {
    pub category: String,
    pub entries: Vec<HallEntry>,
    /// The best ten by the game's rate (Minesweeper's 3BV/s); empty for games without one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub by_rate: Vec<HallEntry>,
}

/// A category with finished games, and how many (the history's category filter).
#[derive(Debug, Clone, serde::Serialize)]
pub struct PlayedCategory {
    pub game: String,
    pub category: String,
    pub played: i64,
}

/// Every category of a game with its best ten.
pub fn hall_of_fame(store: &Store, kind: GameKind) -> AppResult<Vec<HallCategory>> {
    store
        .hall_categories(kind)?
        .into_iter()
        .map(|category| {
            let by_rate = if kind.info().rate.is_some() { store.rate_hall(kind, &category)? } else { Vec::new() };
            Ok(HallCategory { entries: store.hall_of_fame(kind, &category)?, by_rate, category })
        })
        .collect()
}

pub fn played_categories(store: &Store) -> AppResult<Vec<PlayedCategory>> {
    let played = store.played_categories()?;
    Ok(played.into_iter().map(|(game, category, played)| PlayedCategory { game, category, played }).collect())
}
