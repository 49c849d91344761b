//! The pace of Gomoku's demo (the computer against itself): the wait before each of its moves,
//! for the player to watch, kept as the setting `demoPaceMs` for every demo to come. The player
//! changes it while a demo plays (`set_pace`); the live game reads it before each move.

use crate::error::AppResult;
use crate::store::Store;
use pastimes_games::RuleError;
use serde_json::{json, Value};
use std::time::Duration;

/// The setting's key.
pub const KEY: &str = "demoPaceMs";
/// The pace before the player sets one, in milliseconds.
pub const DEFAULT_MS: i64 = 1000;
/// The pace before the player sets one.
pub const DEFAULT: Duration = Duration::from_millis(DEFAULT_MS as u64);
/// The slowest pace the player may set, in milliseconds (the fastest is 0: no wait).
pub const MAX_MS: i64 = 10_000;

/// Refuses a pace out of range (a typed `out_of_range`).
pub fn check(ms: i64) -> AppResult<()> {
    if !(0..=MAX_MS).contains(&ms) {
        return Err(RuleError::OutOfRange { what: "pace", min: 0, max: MAX_MS, value: ms }.into());
    }
    Ok(())
}

/// Checks the setting's value as the page may send it (a whole number of milliseconds).
pub fn check_value(value: &Value) -> AppResult<()> {
    check(value.as_i64().ok_or_else(|| crate::error::AppError::bad_argument("the pace is a whole number of ms"))?)
}

/// The player's pace, or the default (also when the store cannot be read).
pub fn of(store: &Store) -> Duration {
    let saved = store.load_settings().ok().and_then(|settings| settings.get(KEY).and_then(Value::as_i64));
    saved.filter(|&ms| check(ms).is_ok()).map_or(DEFAULT, |ms| Duration::from_millis(ms as u64))
}

/// Keeps `ms` as the player's pace; out of range, nothing changes.
pub fn save(store: &Store, ms: i64) -> AppResult<()> {
    check(ms)?;
    store.save_setting(KEY, &json!(ms))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pace_is_checked_kept_and_read_back() {
        let store = Store::open_in_memory().unwrap();
        assert_eq!(of(&store), DEFAULT);
        for bad in [-1, MAX_MS + 1, i64::MIN] {
            assert!(save(&store, bad).is_err());
        }
        assert_eq!(of(&store), DEFAULT, "nothing changed");
        save(&store, 250).unwrap();
        assert_eq!(of(&store), Duration::from_millis(250));
        assert!(
            check_value(&json!(0)).is_ok() && check_value(&json!("fast")).is_err() && check_value(&json!(1.5)).is_err()
        );
    }
}
