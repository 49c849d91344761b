//! The Move menu (Undo, Redo, Hint, Show odds, Pause), as KDE's games have it: each item enabled
//! exactly when the game screen's button is. The page knows its buttons' state from the
//! snapshots it draws; its controls send that state here (`move_menu`, only when it changes,
//! `null` once no game is on screen), and the items follow. The last state is kept, for a menu
//! rebuilt in another language. An item chosen goes to the page as a `menu` event, which runs
//! the button's own action.
//!
//! Undo and Redo have their accelerators (Ctrl+Z, Ctrl+Shift+Z). Hint, Show odds and Pause have
//! plain keys (H or Shift+H, O, P), which GTK would take from every text field if the menu held
//! them: their labels name them instead, as the page's key table says (`keys`).

use crate::error::{AppError, AppResult};
use crate::prefs::i18n;
use serde::Deserialize;
use std::sync::Mutex;
use tauri::menu::{MenuItem, MenuItemBuilder, Submenu, SubmenuBuilder};
use tauri::{AppHandle, Manager, Runtime};

/// The Move menu's id, to find its items again.
pub const MOVE_MENU: &str = "move";

/// The longest key name the page may send for a label ("Umschalt+H").
const MAX_KEY_TEXT: usize = 24;

/// What the game screen's buttons leave enabled, and the words of the two that change.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MoveMenuState {
    pub undo: bool,
    pub redo: bool,
    pub hint: bool,
    pub odds: bool,
    pub pause: bool,
    /// The game is paused: the Pause item says Resume.
    pub paused: bool,
    /// The odds are shown: the Show odds item says Hide odds.
    pub odds_on: bool,
    /// The plain keys of Hint, Show odds and Pause, as the player reads them.
    #[serde(default)]
    pub keys: MoveKeys,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveKeys {
    pub hint: Option<String>,
    pub odds: Option<String>,
    pub pause: Option<String>,
}

impl MoveMenuState {
    fn check(&self) -> AppResult<()> {
        let keys = [&self.keys.hint, &self.keys.odds, &self.keys.pause];
        if keys.into_iter().flatten().any(|key| key.is_empty() || key.chars().count() > MAX_KEY_TEXT) {
            return Err(AppError::bad_argument("a Move menu key's name is empty or too long"));
        }
        Ok(())
    }
}

/// The state last sent, kept for a menu built again.
#[derive(Default)]
struct Shown(Mutex<MoveMenuState>);

/// The items of the menu, in order: (id, label key, accelerator).
const ITEMS: [(&str, &str, Option<&str>); 5] = [
    ("move-undo", "game.undo", Some("CmdOrCtrl+Z")),
    ("move-redo", "game.redo", Some("CmdOrCtrl+Shift+Z")),
    ("move-hint", "game.hint", None),
    ("move-odds", "menu.showOdds", None),
    ("move-pause", "game.pause", None),
];

/// The ids and accelerators of the items that have one (for the test that the page's keys are
/// the menu's).
#[cfg(test)]
pub fn accelerators() -> impl Iterator<Item = (&'static str, &'static str)> {
    ITEMS.into_iter().filter_map(|(id, _, keys)| keys.map(|keys| (id, keys)))
}

/// Builds the Move menu in `lang`, as the last state sent leaves it.
pub fn build<R: Runtime>(app: &AppHandle<R>, lang: &str) -> tauri::Result<Submenu<R>> {
    let mut menu = SubmenuBuilder::with_id(app, MOVE_MENU, i18n::t(lang, "menu.move"));
    for (index, (id, key, accelerator)) in ITEMS.into_iter().enumerate() {
        if index == 2 {
            menu = menu.separator();
        }
        let builder = MenuItemBuilder::with_id(id, i18n::t(lang, key)).enabled(false);
        let item = match accelerator {
            Some(keys) => builder.accelerator(keys).build(app)?,
            None => builder.build(app)?,
        };
        menu = menu.item(&item);
    }
    let menu = menu.build()?;
    let state = shown(app);
    apply(&menu, lang, &state)?;
    Ok(menu)
}

fn shown<R: Runtime>(app: &AppHandle<R>) -> MoveMenuState {
    app.try_state::<Shown>().map(|shown| shown.0.lock().unwrap_or_else(|e| e.into_inner()).clone()).unwrap_or_default()
}

/// The page's buttons changed (`None`: no game on screen): the menu follows, and keeps the state
/// for a menu built again. Without a menu (the IPC tests' mock runtime) the state is only kept.
pub fn show<R: Runtime>(app: &AppHandle<R>, state: Option<MoveMenuState>) -> AppResult<()> {
    let state = state.unwrap_or_default();
    state.check()?;
    if app.try_state::<Shown>().is_none() {
        app.manage(Shown::default());
    }
    *app.state::<Shown>().0.lock().unwrap_or_else(|e| e.into_inner()) = state.clone();
    let Some(menu) = app.menu().and_then(|menu| menu.get(MOVE_MENU)).and_then(|item| item.as_submenu().cloned()) else {
        return Ok(());
    };
    let settings = app.try_state::<std::sync::Arc<crate::state::AppState>>().and_then(|s| s.settings().ok());
    let lang = settings.as_ref().map_or("en", i18n::language_of);
    apply(&menu, lang, &state).map_err(|error| AppError::bad_argument(format!("the Move menu: {error}")))
}

/// Enables the items as `state` says, with their words and keys.
fn apply<R: Runtime>(menu: &Submenu<R>, lang: &str, state: &MoveMenuState) -> tauri::Result<()> {
    let item = |id: &str| menu.get(id).and_then(|item| item.as_menuitem().cloned());
    let with_key = |name: String, key: &Option<String>| match key {
        Some(key) => i18n::t(lang, "menu.choiceKey").replace("{name}", &name).replace("{key}", key),
        None => name,
    };
    let set = |item: Option<MenuItem<R>>, enabled: bool, label: Option<String>| -> tauri::Result<()> {
        let Some(item) = item else { return Ok(()) };
        if let Some(label) = label {
            item.set_text(label)?;
        }
        item.set_enabled(enabled)
    };
    set(item("move-undo"), state.undo, None)?;
    set(item("move-redo"), state.redo, None)?;
    set(item("move-hint"), state.hint, Some(with_key(i18n::t(lang, "game.hint"), &state.keys.hint)))?;
    let odds = if state.odds_on { "menu.hideOdds" } else { "menu.showOdds" };
    set(item("move-odds"), state.odds, Some(with_key(i18n::t(lang, odds), &state.keys.odds)))?;
    let pause = if state.paused { "game.resume" } else { "game.pause" };
    set(item("move-pause"), state.pause, Some(with_key(i18n::t(lang, pause), &state.keys.pause)))
}

#[cfg(test)]
mod tests {
    use super::MoveMenuState;
    use serde_json::json;

    /// The page's state is read strictly: a key name too long, or a field the menu does not
    /// know, is refused.
    #[test]
    fn the_state_is_read_strictly() {
        let state: MoveMenuState =
            serde_json::from_value(json!({"undo": true, "redo": false, "hint": true, "odds": false, "pause": true,
                "paused": false, "oddsOn": false, "keys": {"hint": "Shift+H", "pause": "P"}}))
            .unwrap();
        assert!(state.check().is_ok() && state.undo && !state.redo && state.keys.hint.as_deref() == Some("Shift+H"));
        let long: MoveMenuState =
            serde_json::from_value(json!({"undo": true, "redo": false, "hint": true, "odds": false, "pause": true,
                "paused": false, "oddsOn": false, "keys": {"hint": "x".repeat(25)}}))
            .unwrap();
        assert!(long.check().is_err());
        assert!(serde_json::from_value::<MoveMenuState>(json!({"undo": true, "extra": 1})).is_err());
    }
}
