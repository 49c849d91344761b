//! The player's settings: which keys exist, which values each accepts, and their defaults.

use crate::error::{AppError, AppResult};
use crate::names::validate_name;
use serde_json::{json, Map, Value};

/// Every setting the page may change, with its default.
fn defaults() -> Map<String, Value> {
    let Value::Object(map) = json!({
        "theme": "system",
        "language": "system",
        "sound": false,
        "questionMarks": true,
        "firstClick": "opensArea",
        "monochrome": false,
        "colourBlind": false,
        "moveNumbers": false,
        "playerName": "",
        "lastScreen": "home",
        "minesweeperParams": {"level": "beginner"},
        "bubblesParams": {"style": "megashift"},
        "gomokuParams": {"rule": "freestyle", "opponent": "human"},
    }) else {
        unreachable!("a JSON object literal")
    };
    map
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
        "theme" => one_of(&["system", "light", "dark", "contrast"]),
        "language" => one_of(&["system", "en", "de", "cs", "zh"]),
        "firstClick" => one_of(&["safe", "opensArea"]),
        "lastScreen" => one_of(&["home", "minesweeper", "bubbles", "gomoku", "hall"]),
        "sound" | "questionMarks" | "monochrome" | "colourBlind" | "moveNumbers" => value
            .is_boolean()
            .then_some(())
            .ok_or_else(|| AppError::bad_argument(format!("{key} must be true or false"))),
        "playerName" => {
            let name = value.as_str().ok_or_else(|| AppError::bad_argument("a name is text"))?;
            validate_name(name).map(drop)
        }
        // Checked again by the game's rules whenever a game starts from them.
        "minesweeperParams" | "bubblesParams" | "gomokuParams" => {
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
    }
}
