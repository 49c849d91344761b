//! The native menu bar, in the player's language (the labels come from the page's catalogues,
//! see `i18n.rs`). Game and Help items are forwarded to the page as a `menu` event, whose
//! handlers are the same functions the page's own buttons call, so both paths are one. View
//! items (theme, colour-blind symbols, zoom, language) change a setting here; every setting
//! change, from the menu or the page, goes through `setting_changed`, which rebuilds the menu,
//! applies the zoom and tells the page (`settings` event).
//!
//! The Move menu (Undo, Redo, Hint, Show odds, Pause) follows the game screen's buttons
//! (`move_menu.rs`).
//!
//! The Game menu also lists the choices of the game on screen (original 001's levels, Bubble
//! Breaker's styles; [`pastimes_games::Choices`]), the one its game was started with checked:
//! a choice is forwarded to the page like any Game item (`choice-{game}-{id}`), and the check
//! follows the game the backend started (`game_started`), never the click alone.

use crate::prefs::i18n::{self, LANGUAGES};
use crate::prefs::settings::{zoom_step, THEMES};
use crate::shell::move_menu;
use crate::state::AppState;
use pastimes_games::{Choice, GameKind};
use serde_json::{json, Map, Value};
use std::sync::Arc;
use tauri::menu::{
    CheckMenuItemBuilder, Menu, MenuBuilder, MenuItemBuilder, PredefinedMenuItem, Submenu, SubmenuBuilder,
};
use tauri::{AppHandle, Emitter, Manager, Runtime};

pub const QUIT: &str = "quit";
/// The Game menu's id, to find its items again.
const GAME_MENU: &str = "game";
const CHOICE: &str = "choice-";

/// The menu's keys, by item: GNOME's and KDE's (Ctrl+N, F5, Ctrl+H, Ctrl+,, Ctrl+?). The page
/// reads the same keys (ui/js/app-keys.js, and the Move menu's in ui/js/game-controls.js) for
/// what the menu does not catch first (F2, the keypad's plus): the test below holds the two
/// together. GTK takes these keys before the page, so none is a key a text field types.
const ACCELERATORS: &[(&str, &str)] = &[
    ("new-game", "CmdOrCtrl+N"),
    ("restart", "F5"),
    ("open-deal", "CmdOrCtrl+Shift+O"),
    ("hall-of-fame", "CmdOrCtrl+H"),
    (QUIT, "CmdOrCtrl+Q"),
    ("zoom-in", "CmdOrCtrl+="),
    ("zoom-out", "CmdOrCtrl+-"),
    ("zoom-reset", "CmdOrCtrl+0"),
    ("preferences", "CmdOrCtrl+Comma"),
    ("how-to-play", "F1"),
    ("shortcuts", "CmdOrCtrl+Shift+Slash"),
];

/// The accelerator of the item `id`, if it has one.
fn accelerator(id: &str) -> Option<&'static str> {
    ACCELERATORS.iter().find(|(item, _)| *item == id).map(|(_, keys)| *keys)
}

pub fn build<R: Runtime>(app: &AppHandle<R>, settings: &Map<String, Value>) -> tauri::Result<Menu<R>> {
    let lang = i18n::language_of(settings);
    let text = |key: &str| i18n::t(lang, key);
    let item = |id: &str, key: &str| {
        let builder = MenuItemBuilder::with_id(id, text(key));
        match accelerator(id) {
            Some(keys) => builder.accelerator(keys).build(app),
            None => builder.build(app),
        }
    };
    let check =
        |id: String, label: String, checked: bool| CheckMenuItemBuilder::with_id(id, label).checked(checked).build(app);

    let mut game = SubmenuBuilder::with_id(app, GAME_MENU, text("menu.game"))
        .item(&item("new-game", "menu.newGame")?)
        .item(&item("restart", "menu.restart")?)
        .item(&item("open-deal", "menu.openDeal")?)
        .item(&item("copy-deal-code", "menu.copyDealCode")?)
        .item(&item("daily", "menu.daily")?)
        .separator();
    for kind in GameKind::all() {
        game = game.item(&item(&format!("open-{}", kind.as_str()), kind.info().name_key)?);
    }
    let game = game
        .separator()
        .item(&item("hall-of-fame", "menu.hallOfFame")?)
        .item(&item("home", "menu.allGames")?)
        .separator()
        .item(&item(QUIT, "menu.quit")?)
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
        .item(&item("zoom-in", "menu.zoomIn")?)
        .item(&item("zoom-out", "menu.zoomOut")?)
        .item(&item("zoom-reset", "menu.zoomReset")?)
        .separator()
        .item(&languages.build()?)
        .separator()
        .item(&item("preferences", "menu.preferences")?)
        .build()?;

    let help = SubmenuBuilder::new(app, text("menu.help"))
        .item(&item("how-to-play", "menu.howToPlay")?)
        .item(&item("shortcuts", "menu.shortcuts")?)
        .item(&PredefinedMenuItem::separator(app)?)
        .item(&item("about", "menu.about")?)
        .build()?;
    let moves = move_menu::build(app, lang)?;
    let menu = MenuBuilder::new(app).items(&[&game, &moves, &view, &help]).build()?;
    show_choices(app, &game, settings)?;
    Ok(menu)
}

/// Where the choices go in the Game menu: after New Game, Restart, Open deal, Copy deal code and
/// their separator.
const CHOICES_AT: usize = 6;

/// Puts the choices of the game on screen in the Game menu (and takes another game's out), in
/// place: a screen change does not rebuild the menu bar.
fn show_choices<R: Runtime>(app: &AppHandle<R>, game: &Submenu<R>, settings: &Map<String, Value>) -> tauri::Result<()> {
    let wanted = shown_game(settings).filter(|kind| kind.info().choices.is_some());
    let shown: Vec<_> = game.items()?.into_iter().filter(|item| item.id().as_ref().starts_with(CHOICE)).collect();
    let shown_kind = shown.first().and_then(|item| kind_of_choice(item.id().as_ref()));
    if shown_kind == wanted {
        return Ok(());
    }
    for item in &shown {
        game.remove(item)?;
    }
    if !shown.is_empty() {
        // The separator after them.
        game.remove_at(CHOICES_AT)?;
    }
    let (Some(kind), Some(choices)) = (wanted, wanted.and_then(|kind| kind.info().choices)) else { return Ok(()) };
    let lang = i18n::language_of(settings);
    let current = current_choice(app, kind);
    let mut at = CHOICES_AT;
    for choice in choices.items {
        let label = choice_label(&i18n::t(lang, choice.name_key), choice, &i18n::t(lang, "menu.choiceKey"));
        let item = CheckMenuItemBuilder::with_id(choice_id(kind, choice.id), label)
            .checked(current == Some(choice.id))
            .build(app)?;
        game.insert(&item, at)?;
        at += 1;
    }
    game.insert(&PredefinedMenuItem::separator(app)?, at)
}

fn game_menu<R: Runtime>(app: &AppHandle<R>) -> Option<Submenu<R>> {
    app.menu().and_then(|menu| menu.get(GAME_MENU)).and_then(|item| item.as_submenu().cloned())
}

/// The game of a choice's item id (`choice-minesweeper-expert`).
fn kind_of_choice(id: &str) -> Option<GameKind> {
    id.strip_prefix(CHOICE).and_then(|rest| rest.split_once('-')).and_then(|(game, _)| GameKind::parse(game))
}

/// The game whose screen is shown (the `lastScreen` setting), if a game's.
fn shown_game(settings: &Map<String, Value>) -> Option<GameKind> {
    settings.get("lastScreen").and_then(Value::as_str).and_then(GameKind::parse)
}

fn choice_id(kind: GameKind, choice: &str) -> String {
    format!("{CHOICE}{}-{choice}", kind.as_str())
}

/// A choice's name, with its key where it has one: GTK shows an accelerator only for a key it
/// would also take, and a plain digit taken by the menu would never reach a text field.
fn choice_label(name: &str, choice: &Choice, with_key: &str) -> String {
    match choice.key {
        Some(key) => with_key.replace("{name}", name).replace("{key}", key),
        None => name.to_string(),
    }
}

/// The choice the game of `kind` in progress was started with.
fn current_choice<R: Runtime>(app: &AppHandle<R>, kind: GameKind) -> Option<&'static str> {
    let state = app.try_state::<Arc<AppState>>()?;
    state.snapshot(kind).ok().flatten().and_then(|snapshot| snapshot.choice)
}

/// A game of `kind` started, or a choice was clicked: the Game menu's check marks show the
/// game's choice (a click toggles its own check; a Custom… the player cancels changes nothing).
pub fn game_started<R: Runtime>(app: &AppHandle<R>, kind: GameKind) {
    let Some(choices) = kind.info().choices else { return };
    let Some(game) = game_menu(app) else { return };
    let current = current_choice(app, kind);
    for choice in choices.items {
        if let Some(check) = game.get(&choice_id(kind, choice.id)).and_then(|item| item.as_check_menuitem().cloned()) {
            let _ = check.set_checked(current == Some(choice.id));
        }
    }
}

/// Quits, changes a View setting, or tells the page which item was chosen.
pub fn handle<R: Runtime>(app: &AppHandle<R>, id: &str) {
    if id == QUIT {
        app.exit(0);
        return;
    }
    if let Some(kind) = kind_of_choice(id) {
        game_started(app, kind);
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
        if key == "lastScreen" {
            if let Some(game) = game_menu(app) {
                if let Err(error) = show_choices(app, &game, settings) {
                    eprintln!("pastimes: could not show the game's choices in the menu: {error}");
                }
            }
        }
        if key == "language" {
            crate::shell::widget_language::apply(app, i18n::language_of(settings));
        }
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
    use super::{choice_label, kind_of_choice};
    use crate::prefs::i18n::{t, LANGUAGES};
    use pastimes_games::{Choice, GameKind};

    /// A level's item names its key; one without a key is its name alone; a choice's id tells
    /// its game, whatever the choice's own name holds.
    #[test]
    fn a_choice_item_shows_its_key_and_names_its_game() {
        let keyed = Choice { id: "beginner", name_key: "ms.level.beginner", key: Some("1"), asks: false };
        let plain = Choice { id: "custom", name_key: "ms.level.custom", key: None, asks: true };
        for lang in LANGUAGES {
            let with_key = t(lang, "menu.choiceKey");
            let name = t(lang, keyed.name_key);
            let label = choice_label(&name, &keyed, &with_key);
            assert!(label.starts_with(&name) && label.contains('1') && !label.contains('{'), "{lang}: {label}");
            assert_eq!(choice_label("Custom…", &plain, &with_key), "Custom…");
        }
        let minesweeper = GameKind::parse("minesweeper");
        assert_eq!(kind_of_choice("choice-minesweeper-expert"), minesweeper);
        assert_eq!(kind_of_choice("choice-minesweeper-a-b"), minesweeper);
        assert_eq!(kind_of_choice("choice-nothing-expert"), None);
        assert_eq!(kind_of_choice("new-game"), None);
    }

    /// The page reads every key the menu shows: each accelerator (the Move menu's too) is one of
    /// the keys the page's table gives its item (`tests/page/shortcuts.mjs`, which also checks
    /// the page's tables themselves, prints them), so a key does the same whether GTK or the page
    /// catches it. Quit alone is the menu's: the page does not quit.
    #[test]
    fn the_menus_keys_are_the_pages() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let output = std::process::Command::new("node")
            .current_dir(root)
            .arg("tests/page/shortcuts.mjs")
            .output()
            .unwrap_or_else(|e| panic!("node, which scripts/install-deps.sh --test installs: {e}"));
        assert!(output.status.success(), "tests/page/shortcuts.mjs: {}", String::from_utf8_lossy(&output.stderr));
        let printed: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let page = &printed["menuKeys"];
        let menu: Vec<_> = super::ACCELERATORS.iter().copied().chain(super::move_menu::accelerators()).collect();
        assert!(menu.len() >= 12, "{menu:?}");
        for (id, accelerator) in menu.into_iter().filter(|(id, _)| *id != super::QUIT) {
            let named = page_name(accelerator);
            let keys = page[id].as_array().unwrap_or_else(|| panic!("the page has no keys for {id}: {page}"));
            assert!(keys.contains(&serde_json::json!(named)), "{id}: the menu's {accelerator} is not among {keys:?}");
        }
    }

    /// An accelerator as the page's tables name it: `CmdOrCtrl+Shift+Slash` is `Ctrl+Shift+/`.
    fn page_name(accelerator: &str) -> String {
        accelerator
            .split('+')
            .map(|part| match part {
                "CmdOrCtrl" => "Ctrl",
                "Comma" => ",",
                "Slash" => "/",
                other => other,
            })
            .collect::<Vec<_>>()
            .join("+")
    }

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
