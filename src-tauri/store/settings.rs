//! The player's settings as stored: one JSON value per key. Which keys and values are valid is
//! decided by `crate::prefs::settings`, not here.

use super::Store;
use crate::error::AppResult;
use rusqlite::{params, Connection};
use serde_json::{Map, Value};

impl Store {
    /// Every stored setting. A value that is not valid JSON (a hand-edited file) is skipped.
    pub fn load_settings(&self) -> AppResult<Map<String, Value>> {
        let mut stmt = self.conn.prepare("SELECT key, value FROM settings")?;
        let rows = stmt.query_map([], |row| Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?)))?;
        let mut settings = Map::new();
        for row in rows {
            let (key, text) = row?;
            if let Ok(value) = serde_json::from_str(&text) {
                settings.insert(key, value);
            }
        }
        self.unsaved.borrow().overlay_settings(&mut settings);
        Ok(settings)
    }

    /// Saves one setting; kept in memory while the disk is full (see `unsaved`).
    pub fn save_setting(&self, key: &str, value: &Value) -> AppResult<()> {
        self.write_or_keep(|store| save_setting_in(&store.conn, key, value), |unsaved| unsaved.keep_setting(key, value))
    }
}

pub(super) fn save_setting_in(conn: &Connection, key: &str, value: &Value) -> AppResult<()> {
    conn.prepare_cached(
        "INSERT INTO settings (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )?
    .execute(params![key, value.to_string()])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn settings_round_trip() {
        let store = Store::open_in_memory().unwrap();
        store.save_setting("theme", &json!("dark")).unwrap();
        store.save_setting("theme", &json!("light")).unwrap();
        store.save_setting("window", &json!({"x": 3, "y": 4})).unwrap();
        let settings = store.load_settings().unwrap();
        assert_eq!(settings["theme"], json!("light"));
        assert_eq!(settings["window"], json!({"x": 3, "y": 4}));
    }
}
