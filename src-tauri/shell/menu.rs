//! The native menu bar, in the player's language (the labels come from the page's catalogues,
//! see `i18n.rs`). Game and Help items are forwarded to the page as a `menu` event, whose
//! handlers are the same functions the page's own buttons call, so both paths are one. View
//! items (theme, colour-blind symbols, zoom, language) change a setting here; every setting
//! change, from the menu or the page, goes through `setting_changed`, which rebuilds the menu,
//! applies the zoom and tells the page (`settings` event).

use crate::prefs::i18n::{self, LANGUAGES};
use crate::prefs::settings::{zoom_step, THEMES};
use crate::state::AppState;
use pastimes_games::GameKind;
use serde_json::{json, Map, Value};
use std::sync::Arc;
use tauri::menu::{CheckMenuItemBuilder, Menu, MenuBuilder, MenuItemBuilder, PredefinedMenuItem, SubmenuBuilder};
use tauri::{AppHandle, Emitter, Manager, Runtime};

pub const QUIT: &str = "quit";

/// The resolved language of these settings.
pub fn language_of(settings: &Map<String, Value>) -> &'static str {
    i18n::resolve(settings.get("language").and_then(Value::as_str))
}

pub fn build<R: Runtime>(app: &AppHandle<R>, settings: &Map<String, Value>) -> tauri::Result<Menu<R>> {
    let lang = language_of(settings);
    let text = |key: &str| i18n::t(lang, key);
    let item = |id: &str, key: &str, accelerator: Option<&str>| {
        let builder = MenuItemBuilder::with_id(id, text(key));
        match accelerator {
            Some(keys) => builder.accelerator(keys).build(app),
            None => builder.build(app),
        }
    };
    let check =
        |id: String, label: String, checked: bool| CheckMenuItemBuilder::with_id(id, label).checked(checked).build(app);

    let game =
        SubmenuBuilder::new(app, text("menu.game")).item(&item("new-game", "menu.newGame", Some("F2"))?).separator();
    let mut game = game;
    for kind in GameKind::all() {
        game = game.item(&item(&format!("open-{}", kind.as_str()), kind.info().name_key, None)?);
    }
    let game = game
        .separator()
        .item(&item("hall-of-fame", "menu.hallOfFame", None)?)
        .item(&item("home", "menu.allGames", None)?)
        .separator()
        .item(&item(QUIT, "menu.quit", Some("CmdOrCtrl+Q"))?)
        .build()?;

    let chosen_theme = settings.get("theme").and_then(Value::as_str).unwrap_or("system");
    let mut themes = SubmenuBuilder::new(app, text("menu.theme"));
    for theme in THEMES {
        themes =
            themes.item(&check(format!("theme-{theme}"), text(&format!("menu.theme.{theme}")), theme == chosen_theme)?);
    }
    let chosen_language = settings.get("language").and_then(Value::as_str).unwrap_or("system");
    let mut languages = SubmenuBuilder::new(app, text("menu.language"))
        .item(&check("language-system".into(), text("menu.language.system"), chosen_language == "system")?)
        .separator();
    for code in LANGUAGES {
        // Each language is named in itself, so a player lost in a foreign one finds their own.
        languages = languages.item(&check(
            format!("language-{code}"),
            text(&format!("language.{code}")),
            code == chosen_language,
        )?);
    }
    let colour_blind = settings.get("colourBlind").and_then(Value::as_bool).unwrap_or(false);
    let view = SubmenuBuilder::new(app, text("menu.view"))
        .item(&themes.build()?)
        .item(&check("colour-blind".into(), text("menu.colourBlind"), colour_blind)?)
        .separator()
        .item(&item("zoom-in", "menu.zoomIn", Some("CmdOrCtrl+="))?)
        .item(&item("zoom-out", "menu.zoomOut", Some("CmdOrCtrl+-"))?)
        .item(&item("zoom-reset", "menu.zoomReset", Some("CmdOrCtrl+0"))?)
        .separator()
        .item(&languages.build()?)
        .build()?;

    let help = SubmenuBuilder::new(app, text("menu.help"))
        .item(&item("how-to-play", "menu.howToPlay", Some("F1"))?)
        .item(&PredefinedMenuItem::separator(app)?)
        .item(&item("about", "menu.about", None)?)
        .build()?;
    MenuBuilder::new(app).items(&[&game, &view, &help]).build()
}

/// Quits, changes a View setting, or tells the page which item was chosen.
pub fn handle<R: Runtime>(app: &AppHandle<R>, id: &str) {
    if id == QUIT {
        app.exit(0);
        return;
    }
    if let Some((key, value)) = view_setting(app, id) {
        let state = app.state::<Arc<AppState>>();
        match state.set_setting(key, value) {
            Ok(settings) => setting_changed(app, key, &settings),
            Err(error) => {
                let _ = app.emit("menu-error", &error);
            }
        }
        return;
    }
    if let Err(error) = app.emit("menu", id) {
        eprintln!("pastimes: could not forward the menu item {id}: {error}");
    }
}

/// The setting a View item changes, and its new value.
fn view_setting<R: Runtime>(app: &AppHandle<R>, id: &str) -> Option<(&'static str, Value)> {
    if let Some(theme) = id.strip_prefix("theme-") {
        return Some(("theme", json!(theme)));
    }
    if let Some(language) = id.strip_prefix("language-") {
        return Some(("language", json!(language)));
    }
    let settings = || app.state::<Arc<AppState>>().settings().unwrap_or_default();
    let zoom = || settings().get("zoom").and_then(Value::as_f64).unwrap_or(1.0);
    match id {
        "colour-blind" => {
            Some(("colourBlind", json!(!settings().get("colourBlind").and_then(Value::as_bool).unwrap_or(false))))
        }
        "zoom-in" => Some(("zoom", json!(zoom_step(zoom(), 1)))),
        "zoom-out" => Some(("zoom", json!(zoom_step(zoom(), -1)))),
        "zoom-reset" => Some(("zoom", json!(1.0))),
        _ => None,
    }
}

/// After a setting changed: the menu shows it (labels in the new language, check marks), the
/// zoom applies, and the page hears of it. Without a menu (the mock runtime of the IPC tests)
/// there is no window to update: the page is still told.
pub fn setting_changed<R: Runtime>(app: &AppHandle<R>, key: &str, settings: &Map<String, Value>) {
    if app.menu().is_some() {
        if matches!(key, "language" | "theme" | "colourBlind") {
            match build(app, settings) {
                Ok(menu) => {
                    let _ = app.set_menu(menu);
                }
                Err(error) => eprintln!("pastimes: could not rebuild the menu: {error}"),
            }
        }
        if key == "zoom" {
            apply_zoom(app, settings);
        }
    }
    let _ = app.emit("settings", settings);
}

/// Zooms the whole page (WebKit scales text, CSS and SVG alike, so it stays sharp).
pub fn apply_zoom<R: Runtime>(app: &AppHandle<R>, settings: &Map<String, Value>) {
    let zoom = settings.get("zoom").and_then(Value::as_f64).unwrap_or(1.0);
    if let Some(window) = app.get_webview_window("main") {
        if let Err(error) = window.set_zoom(zoom) {
            eprintln!("pastimes: could not zoom: {error}");
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::prefs::i18n::{t, LANGUAGES};

    /// The menu's labels, per language: what `build` puts in the menu bar.
    #[test]
    fn menu_labels_are_translated_in_every_language() {
        let expected = [
            ("en", ["Game", "New Game", "View", "Theme", "Language", "Help", "How to Play", "Quit"]),
            ("de", ["Spiel", "Neues Spiel", "Ansicht", "Farbschema", "Sprache", "Hilfe", "Spielanleitung", "Beenden"]),
            ("cs", ["Hra", "Nová hra", "Zobrazení", "Motiv", "Jazyk", "Nápověda", "Jak hrát", "Ukončit"]),
            ("zh", ["游戏", "新游戏", "视图", "主题", "语言", "帮助", "玩法说明", "退出"]),
        ];
        let keys = [
            "menu.game",
            "menu.newGame",
            "menu.view",
            "menu.theme",
            "menu.language",
            "menu.help",
            "menu.howToPlay",
            "menu.quit",
        ];
        for (lang, labels) in expected {
            for (key, label) in keys.iter().zip(labels) {
                assert_eq!(t(lang, key), label, "{lang} {key}");
            }
        }
        // Every item of every language has its own text, not the English fallback.
        for lang in &LANGUAGES[1..] {
            for key in ["menu.zoomIn", "menu.zoomOut", "menu.zoomReset", "menu.colourBlind", "menu.theme.contrast"] {
                assert_ne!(t(lang, key), t("en", key), "{lang} {key}");
            }
        }
    }
}
