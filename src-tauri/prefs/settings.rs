//! The player's settings: which keys exist, which values each accepts, and their defaults.

use crate::error::{AppError, AppResult};
use crate::prefs::names::validate_name;
use crate::store::Store;
use pastimes_games::GameKind;
use serde_json::{json, Map, Value};

/// The themes: follow the system's light or dark, or the player's choice.
pub const THEMES: [&str; 4] = ["system", "light", "dark", "contrast"];

/// The zoom levels Ctrl+plus and Ctrl+minus step through (1 is 100 %).
pub const ZOOM_STEPS: [f64; 12] = [0.5, 0.67, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0];

/// The next zoom level up (`direction` 1) or down (-1) from `current`.
pub fn zoom_step(current: f64, direction: i32) -> f64 {
    let up = direction > 0;
    let next = if up {
        ZOOM_STEPS.iter().copied().find(|step| *step > current + 1e-6)
    } else {
        ZOOM_STEPS.iter().rev().copied().find(|step| *step < current - 1e-6)
    };
    next.unwrap_or(if up { ZOOM_STEPS[ZOOM_STEPS.len() - 1] } else { ZOOM_STEPS[0] })
}

/// Every setting the page may change, with its default.
fn defaults() -> Map<String, Value> {
    let Value::Object(mut map) = json!({
        "theme": "system",
        "language": "system",
        "sound": false,
        "questionMarks": true,
        "firstClick": "opensArea",
        "monochrome": false,
        "colourBlind": false,
        "zoom": 1.0,
        "moveNumbers": false,
        // Bubble Breaker pops a group on one click, the group under the pointer highlighted; off,
        // the seed's two clicks (select, then pop).
        "oneClickPop": false,
        // Minesweeper's live counters in the status line (time to the hundredth, 3BV/s, clicks,
        // efficiency), as competitive players read them; off as on Windows.
        "liveCounters": false,
        // Say, once a game could still rank, that an undo or a hint keeps it out of the hall of
        // fame ("don't ask again" turns it off).
        "assistWarning": true,
        "playerName": "",
        "lastScreen": "home",
        // The wait before each move of Gomoku's demo (the computer against itself), in ms.
        "demoPaceMs": crate::prefs::pace::DEFAULT_MS,
        // Gomoku's hint and study board engine: "" the built-in one, or an added engine's id
        // (`engines::helper`; never a path: an id no longer listed is the built-in engine).
        "gomokuHelper": "",
    }) else {
        unreachable!("a JSON object literal")
    };
    map.extend(GameKind::all().map(|kind| (params_key(kind), kind.info().default_params())));
    map.extend(
        GameKind::all().filter_map(|kind| Some((daily_key(kind), json!(kind.info().daily?.default_choice().id)))),
    );
    map
}

/// The setting that keeps the player's pick of daily deal of `kind` (Minesweeper's level):
/// `minesweeperDaily`. A day already begun keeps its own.
pub fn daily_key(kind: GameKind) -> String {
    format!("{}Daily", kind.as_str())
}

/// The setting that keeps the parameters of the last game of `kind`: `minesweeperParams`...
fn params_key(kind: GameKind) -> String {
    format!("{}Params", kind.as_str())
}

/// The daily deal whose pick `key` keeps, if it is such a setting.
fn daily_of(key: &str) -> Option<pastimes_games::Daily> {
    GameKind::all().find(|kind| daily_key(*kind) == key)?.info().daily
}

/// The screens the app can come back to: home, each game, the hall of fame.
fn is_screen(name: &str) -> bool {
    name == "home" || name == "hall" || GameKind::parse(name).is_some()
}

/// Checks a value for a key; the page cannot store anything else.
pub fn validate(key: &str, value: &Value) -> AppResult<()> {
    let one_of = |choices: &[&str]| {
        value
            .as_str()
            .is_some_and(|v| choices.contains(&v))
            .then_some(())
            .ok_or_else(|| AppError::bad_argument(format!("{key} must be one of {}", choices.join(", "))))
    };
    match key {
        "theme" => one_of(&THEMES),
        "language" => one_of(&[&["system"][..], &crate::prefs::i18n::LANGUAGES].concat()),
        "firstClick" => one_of(&["safe", "opensArea"]),
        "lastScreen" => value
            .as_str()
            .is_some_and(is_screen)
            .then_some(())
            .ok_or_else(|| AppError::bad_argument("lastScreen must be home, hall or a game")),
        "sound" | "questionMarks" | "monochrome" | "colourBlind" | "moveNumbers" | "oneClickPop" | "assistWarning"
        | "liveCounters" => value
            .is_boolean()
            .then_some(())
            .ok_or_else(|| AppError::bad_argument(format!("{key} must be true or false"))),
        "zoom" => value
            .as_f64()
            .filter(|zoom| (ZOOM_STEPS[0]..=ZOOM_STEPS[ZOOM_STEPS.len() - 1]).contains(zoom))
            .map(drop)
            .ok_or_else(|| AppError::bad_argument(format!("{key} must be a number from 0.5 to 3"))),
        "demoPaceMs" => crate::prefs::pace::check_value(value),
        "gomokuHelper" => value
            .as_str()
            .filter(|id| id.chars().count() <= 64 && !id.chars().any(char::is_control))
            .map(drop)
            .ok_or_else(|| AppError::bad_argument("gomokuHelper must be an engine's id")),
        "playerName" => {
            let name = value.as_str().ok_or_else(|| AppError::bad_argument("a name is text"))?;
            validate_name(name).map(drop)
        }
        _ if daily_of(key).is_some() => {
            let daily = daily_of(key).expect("matched just above");
            let known = value.as_str().is_some_and(|id| daily.choice(id).is_some());
            known.then_some(()).ok_or_else(|| {
                let ids: Vec<&str> = daily.choices.iter().map(|choice| choice.id).collect();
                AppError::bad_argument(format!("{key} must be one of {}", ids.join(", ")))
            })
        }
        // Checked again by the game's rules whenever a game starts from them.
        _ if GameKind::all().any(|kind| params_key(kind) == key) => {
            value.is_object().then_some(()).ok_or_else(|| AppError::bad_argument(format!("{key} must be an object")))
        }
        _ => Err(AppError::UnknownSetting(key.chars().take(64).collect())),
    }
}

/// The stored settings over the defaults; stored values that are no longer valid are ignored.
pub fn with_defaults(stored: Map<String, Value>) -> Map<String, Value> {
    let mut settings = defaults();
    for (key, value) in stored {
        if settings.contains_key(&key) && validate(&key, &value).is_ok() {
            settings.insert(key, value);
        }
    }
    settings
}

/// The settings as the page reads them: the stored ones over the defaults.
pub fn load(store: &Store) -> AppResult<Map<String, Value>> {
    Ok(with_defaults(store.load_settings()?))
}

/// Keeps one setting (checked by [`validate`] first); the settings as they now read.
pub fn save(store: &Store, key: &str, value: &Value) -> AppResult<Map<String, Value>> {
    store.save_setting(key, value)?;
    load(store)
}

/// The window's last position and size, written by the app itself (not a page setting).
pub fn window_placement(store: &Store) -> Option<Value> {
    store.load_settings().ok()?.remove("window")
}

pub fn save_window_placement(store: &Store, placement: Value) -> AppResult<()> {
    store.save_setting("window", &placement)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_valid() {
        for (key, value) in defaults() {
            if key != "playerName" {
                validate(&key, &value).unwrap_or_else(|e| panic!("{key}: {e}"));
            }
        }
    }

    #[test]
    fn refuses_unknown_keys_and_wrong_values() {
        assert!(matches!(validate("nope", &json!(1)), Err(AppError::UnknownSetting(_))));
        assert!(validate("theme", &json!("pink")).is_err());
        assert!(validate("sound", &json!("yes")).is_err());
        assert!(validate("playerName", &json!("a\u{0}b")).is_err());
        assert!(validate("theme", &json!("dark")).is_ok());
        assert!(validate("zoom", &json!(1.5)).is_ok());
        assert!(validate("oneClickPop", &json!(true)).is_ok());
        assert!(validate("oneClickPop", &json!("on")).is_err());
        assert!(validate("zoom", &json!(0.1)).is_err());
        assert!(validate("zoom", &json!("big")).is_err());
        assert!(validate("lastScreen", &json!("gomoku")).is_ok());
        assert!(validate("lastScreen", &json!("chess")).is_err());
        assert!(validate("bubblesParams", &json!({"style": "standard"})).is_ok());
        assert!(validate("bubblesParams", &json!("standard")).is_err());
        assert!(matches!(validate("chessParams", &json!({})), Err(AppError::UnknownSetting(_))));
        assert!(validate("minesweeperDaily", &json!("beginner")).is_ok());
        assert!(validate("minesweeperDaily", &json!("huge")).is_err());
        assert!(matches!(validate("gomokuDaily", &json!("puzzle")), Err(AppError::UnknownSetting(_))));
    }

    #[test]
    fn stored_values_override_defaults_unless_invalid() {
        let mut stored = Map::new();
        stored.insert("theme".into(), json!("dark"));
        stored.insert("sound".into(), json!("loud"));
        stored.insert("gone".into(), json!(1));
        let settings = with_defaults(stored);
        assert_eq!(settings["theme"], "dark");
        assert_eq!(settings["sound"], false);
        assert!(!settings.contains_key("gone"));
        assert_eq!(settings["oneClickPop"], false, "Bubble Breaker's two clicks, the seed's, by default");
    }

    #[test]
    fn zoom_steps_up_and_down_and_stops_at_the_ends() {
        assert_eq!(zoom_step(1.0, 1), 1.1);
        assert_eq!(zoom_step(1.0, -1), 0.9);
        assert_eq!(zoom_step(1.05, 1), 1.1);
        assert_eq!(zoom_step(3.0, 1), 3.0);
        assert_eq!(zoom_step(0.5, -1), 0.5);
    }
}
