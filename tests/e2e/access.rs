//! Every player: the twelve languages, keyboard-only play, the themes and colour-blind mode, zoom.
//! The native menu cannot be read over WebDriver: its labels per language are checked by the
//! unit test in src-tauri/shell/menu.rs; here the page's labels and a backend error are read.

use crate::harness::App;
use pastimes_games::minesweeper::{cell_code, mine_layout, Minesweeper, Move, Params};
use pastimes_games::{Game, Status};
use serde_json::json;

const LEFT: &str = "\u{E012}";
const UP: &str = "\u{E013}";
const RIGHT: &str = "\u{E014}";
const DOWN: &str = "\u{E015}";
const ENTER: &str = "\u{E007}";
const ESCAPE: &str = "\u{E00C}";
const TAB: &str = "\u{E004}";

async fn set_language(app: &App, language: &str) {
    app.invoke("set_setting", json!({"key": "language", "value": language})).await.unwrap();
    app.wait_for("the new language", &format!("return document.body.dataset.language === '{language}'")).await;
}

/// On a British system an English page puts the day before the month (the page's dates and the
/// date fields alike); another language takes its own usual region; each Chinese keeps its
/// script's (Simplified zh-CN, Traditional zh-TW).
#[tokio::test(flavor = "current_thread")]
async fn dates_follow_the_systems_region_where_it_speaks_the_pages_language() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch_with(data.path(), Some(3), &[("LC_ALL", ""), ("LC_TIME", "en_GB.UTF-8")]).await;
    let info = app.invoke("app_info", json!({})).await.unwrap();
    let locales = json!({
        "cs": "cs", "de": "de", "en": "en-GB", "es": "es", "fr": "fr", "ja": "ja", "ko": "ko", "pl": "pl",
        "ru": "ru", "vi": "vi", "zh": "zh-CN", "zh-Hant": "zh-TW"
    });
    assert_eq!(info["locales"], locales);
    // From the start, before any change of language.
    app.wait_for("the webview's region at start", "return navigator.language === 'en-GB'").await;
    assert_eq!(app.client.execute("return document.documentElement.lang", vec![]).await.unwrap(), json!("en-GB"));
    for (language, tag, date) in [
        ("en", "en-GB", "6 Dec 2026"),
        ("de", "de", "06.12.2026"),
        ("zh", "zh-CN", "2026年12月6日"),
        ("zh-Hant", "zh-TW", "2026年12月6日"),
        ("ru", "ru", "6 дек. 2026 г."),
        ("ja", "ja", "2026/12/06"),
    ] {
        set_language(&app, language).await;
        let shown = format!(
            "return document.documentElement.lang === '{tag}' && navigator.language === '{tag}'
               && new Intl.DateTimeFormat(document.documentElement.lang, {{ dateStyle: 'medium' }})
                    .format(new Date('2026-12-06T12:00:00Z'))"
        );
        assert_eq!(app.wait_for(&format!("{tag} dates"), &shown).await, json!(date), "{language}");
    }
    app.quit().await;
}

/// The text of the element at `css` as the page wrote it, its no-break spaces kept (WebDriver's
/// text gives them as spaces).
async fn text_content(app: &App, css: &str) -> String {
    let script = "return document.querySelector(arguments[0]).textContent";
    let text = app.client.execute(script, vec![json!(css)]).await.unwrap();
    text.as_str().unwrap_or_else(|| panic!("no {css}")).to_string()
}

/// The catalogue `ui/i18n/{language}.json`.
fn catalogue(language: &str) -> serde_json::Map<String, serde_json::Value> {
    let path = format!("{}/ui/i18n/{language}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The history in Russian and Japanese: its dates, a time's decimals and the count of its games
/// ("22 игры": Russian's `few`) as each language writes them. The games are the record corpus's
/// (its store, whose Expert win, game 6, finished on 1 December 2026 at 23:00:40 UTC), shown in
/// UTC.
#[tokio::test(flavor = "current_thread")]
async fn the_history_writes_dates_numbers_and_counts_as_the_language_does() {
    let data = tempfile::tempdir().unwrap();
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/records/dealer1-schema5/store.sqlite3");
    std::fs::copy(corpus, data.path().join("pastimes.sqlite3")).unwrap();
    let app = App::launch_with(data.path(), Some(3), &[("TZ", "UTC"), ("LC_ALL", ""), ("LC_TIME", "")]).await;
    // (language, game 6's date and time, its 197.75 seconds (Minesweeper's times are to the
    // hundredth), the plural form of 22)
    let cases = [("ru", "1 дек. 2026 г., 23:00", "197,75", "few"), ("ja", "2026/12/01 23:00", "197.75", "other")];
    for (language, date, seconds, form) in cases {
        set_language(&app, language).await;
        app.click("#hall-button").await;
        app.click("#hall-tab-history").await;
        app.wait_for("the history's count", "return document.querySelector('#hist-count')?.textContent").await;
        let row = "#hist-rows tr[data-id='6']";
        assert_eq!(text_content(&app, &format!("{row} .hist-date")).await, date, "{language}");
        let time = text_content(&app, &format!("{row} td.number")).await;
        assert!(time.starts_with(&format!("{seconds}\u{a0}")), "{language}: {time}");
        let catalogue = catalogue(language);
        let games = catalogue[&format!("count.games.{form}")].as_str().unwrap().replace("{n}", "22");
        let total = catalogue["history.total"].as_str().unwrap().replace("{total}", &games);
        assert_eq!(text_content(&app, "#hist-count").await, total, "{language}");
        app.screenshot(&format!("history-{language}")).await;
        app.click("#hall-home").await;
        app.wait_for("home", "return document.querySelector('.screen-home #hall-button')").await;
    }
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn each_language_translates_the_page_a_game_and_an_error() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(3)).await;
    // (language, "How to play" on home, Minesweeper's Beginner, the custom field's range error)
    let cases = [
        ("de", "Spielanleitung", "Anfänger", "Die Breite muss zwischen 9 und 100 liegen."),
        ("cs", "Jak hrát", "Začátečník", "Šířka musí být mezi 9 a 100."),
        ("zh", "玩法说明", "初级", "宽度必须在 9 到 100 之间。"),
        ("en", "How to play", "Beginner", "Width must be between 9 and 100."),
    ];
    for (language, help, beginner, error) in cases {
        set_language(&app, language).await;
        let lang = app.client.execute("return document.documentElement.lang", vec![]).await.unwrap();
        assert_eq!(lang, json!(if language == "zh" { "zh-CN" } else { language }));
        let info = app.invoke("app_info", json!({})).await.unwrap();
        assert_eq!(info["language"], language, "the backend resolves the same language");
        // The webview's own widgets (the history's date fields) follow: WebKit tells the page
        // the language it draws them in.
        let widgets = format!("return navigator.language.split('-')[0] === '{language}'");
        app.wait_for("the webview's language", &widgets).await;
        assert_eq!(app.text("#help-button").await, help);
        app.screenshot(&format!("home-{language}")).await;

        app.click("#open-minesweeper").await;
        app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length > 0").await;
        app.wait_for(
            "the level's name",
            &format!("return document.querySelector('#ms-choice').textContent === '{beginner}'"),
        )
        .await;
        // A backend error (out_of_range, with its params) in the player's language.
        app.choose("#level-custom").await;
        let width = app.find("#custom-width").await;
        width.clear().await.unwrap();
        width.send_keys("400").await.unwrap();
        app.click("#custom-dialog button[value=start]").await;
        let message =
            app.wait_for("the range message", "return document.querySelector('#custom-error')?.textContent").await;
        assert_eq!(message, json!(error));
        app.keys(ESCAPE).await;
        app.wait_for("the dialog to close", "return !document.querySelector('#custom-dialog')").await;
        app.click("#ms-home").await;
        app.wait_for("home", "return document.querySelector('#help-button')").await;

        // Bubble Breaker's bars fit in one row in the language's words ("Rückgängig",
        // "Wiederholen", "Neues Spiel"): the window is fitted to them.
        app.click("#open-bubbles").await;
        // The window fitted: the field drawn, no fit under way, the panel where it was a frame ago.
        app.wait_for("the field", "return document.querySelector('.bb-cell')").await;
        app.wait_still(".bb-panel").await;
        for bar in [".screen-bubbles .toolbar", ".bb-panel"] {
            assert!(app.fits_across(bar).await, "Bubble Breaker's {bar} in one row in {language}");
        }
        app.click("#bb-home").await;
        app.wait_for("home", "return document.querySelector('#help-button')").await;

        // The study board's side panel holds its buttons in the language's words.
        app.click("#open-gomoku").await;
        app.click("#gm-study").await;
        app.wait_for(
            "the study board",
            "return document.querySelector('#study-home') && !document.querySelector('#screen[aria-busy]')",
        )
        .await;
        assert!(app.fits_across(".study-side").await, "the side panel overflows in {language}");
        app.click("#study-home").await;
        app.wait_for("home", "return document.querySelector('#help-button')").await;
    }

    // The Preferences dialog switches too, and the choice is kept.
    app.click("#settings-button").await;
    // WebDriver's click can answer before the page has handled it: wait for the dialog.
    app.wait_for("the Preferences dialog", "return !!document.querySelector('#settings-language')").await;
    app.client.execute("document.querySelector('#settings-language').value = 'de'", vec![]).await.unwrap();
    app.click("#settings-dialog button[value=save]").await;
    app.wait_for("German", "return document.body.dataset.language === 'de'").await;
    assert_eq!(app.invoke("get_settings", json!({})).await.unwrap()["language"], "de");
    assert_eq!(app.text("#settings-button").await, "Einstellungen");
    // Dates and numbers follow the language.
    let formatted = app
        .client
        .execute("return new Intl.NumberFormat(document.documentElement.lang).format(1234.5)", vec![])
        .await
        .unwrap();
    assert_eq!(formatted, json!("1.234,5"));
    app.quit().await;
}

/// Moves the keyboard cursor from `from` to `to` with the arrow keys.
fn walk(from: (usize, usize), to: (usize, usize)) -> String {
    let mut keys = String::new();
    let (dx, dy) = (to.0 as i64 - from.0 as i64, to.1 as i64 - from.1 as i64);
    for _ in 0..dx.abs() {
        keys.push_str(if dx > 0 { RIGHT } else { LEFT });
    }
    for _ in 0..dy.abs() {
        keys.push_str(if dy > 0 { DOWN } else { UP });
    }
    keys
}

#[tokio::test(flavor = "current_thread")]
async fn a_whole_minesweeper_game_by_keyboard_alone() {
    const SEED: u64 = 41;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    // Home focuses the first game: Enter opens it.
    let focused = app.client.execute("return document.activeElement.id", vec![]).await.unwrap();
    assert_eq!(focused, json!("open-minesweeper"));
    app.keys(ENTER).await;
    app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length > 0").await;
    app.keys("1").await;
    app.wait_for("the beginner field", "return document.querySelectorAll('.ms-cell').length === 81").await;
    // A new player's boards are no-guess ones (the default parameters ask for it).
    let params = Params::beginner().with_no_guess(true);
    let mut twin = Minesweeper::new(&params, SEED).unwrap();
    let first = (4, 4);
    let mines = mine_layout(&params, SEED, first);
    let mut cursor = app
        .wait_for("the cursor", "const c = document.activeElement; return c.classList.contains('ms-cell') && [Number(c.dataset.x), Number(c.dataset.y)]")
        .await;
    let mut at = (cursor[0].as_u64().unwrap() as usize, cursor[1].as_u64().unwrap() as usize);
    app.keys(&format!("{} ", walk(at, first))).await;
    twin.apply(&Move::Open { x: 4, y: 4 }).unwrap();
    at = first;
    for y in 0..9 {
        for x in 0..9 {
            if mines.contains(&(x, y)) || twin.view().cell(x, y) != cell_code::HIDDEN {
                continue;
            }
            app.keys(&format!("{} ", walk(at, (x, y)))).await;
            at = (x, y);
            twin.apply(&Move::Open { x: x as i64, y: y as i64 }).unwrap();
        }
    }
    assert_eq!(twin.status(), Status::Won);
    app.wait_for("the win", "return document.querySelector('.screen-minesweeper').dataset.status === 'won'").await;
    // The time is told once, politely, when the game ends.
    let said = app.wait_for("the announcement", "return document.getElementById('announcer').textContent").await;
    assert!(said.as_str().unwrap().contains("seconds"), "{said}");
    // The record dialog takes the focus; Escape leaves it, and the focus comes back to the board.
    app.wait_for("the record dialog", "return document.querySelector('#record-dialog[open]')").await;
    let inside = app.client.execute("return document.activeElement.id", vec![]).await.unwrap();
    assert_eq!(inside, json!("record-name"));
    app.keys(ESCAPE).await;
    app.wait_for("the dialog to close", "return !document.querySelector('#record-dialog')").await;
    cursor =
        app.wait_for("focus back on the field", "return document.activeElement.classList.contains('ms-cell')").await;
    assert_eq!(cursor, json!(true));
    // Tab leaves the board: no key trap.
    app.keys(TAB).await;
    let left = app.client.execute("return !document.activeElement.closest('.ms-field')", vec![]).await.unwrap();
    assert_eq!(left, json!(true));
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_bubble_breaker_move_by_keyboard_alone() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(8)).await;
    // Home: Tab to the second game's card (past the first game's daily deal), Enter opens it.
    for _ in 0..6 {
        let on = app.client.execute("return document.activeElement?.id", vec![]).await.unwrap();
        if on == json!("open-bubbles") {
            break;
        }
        app.keys(TAB).await;
    }
    assert_eq!(app.client.execute("return document.activeElement?.id", vec![]).await.unwrap(), json!("open-bubbles"));
    app.keys(ENTER).await;
    app.wait_for("the balls", "return document.querySelectorAll('.bb-cell.ball').length > 0").await;
    let target = app
        .wait_for(
            "a group",
            "const c = [...document.querySelectorAll('.bb-cell.ball')].find((c) => /group|Gruppe/.test(c.getAttribute('aria-label')));
             return c && [Number(c.dataset.x), Number(c.dataset.y)]",
        )
        .await;
    let to = (target[0].as_u64().unwrap() as usize, target[1].as_u64().unwrap() as usize);
    let from = app
        .wait_for("the cursor", "const c = document.activeElement; return c.classList.contains('bb-cell') && [Number(c.dataset.x), Number(c.dataset.y)]")
        .await;
    let from = (from[0].as_u64().unwrap() as usize, from[1].as_u64().unwrap() as usize);
    app.keys(&format!("{} ", walk(from, to))).await;
    let selected = app
        .wait_for("the selection", "const n = document.querySelectorAll('.bb-cell.selected').length; return n > 1 && n")
        .await;
    // The selection is told from the click's effects: the group's size and worth.
    let said = app
        .wait_for(
            "the selection told",
            "const said = document.getElementById('announcer').textContent; return said.includes('selected') && said",
        )
        .await;
    assert!(said.as_str().unwrap().starts_with(&format!("{selected} balls selected, ")), "{said}");
    app.keys(" ").await;
    let score = app
        .wait_for(
            "the score",
            "const score = Number(document.querySelector('.screen-bubbles').dataset.score); return score > 0 && score",
        )
        .await;
    // The pop is told with the points it earned (the first pop's are the whole score).
    let said = app
        .wait_for(
            "the pop told",
            "const said = document.getElementById('announcer').textContent; return said.includes('Score') && said",
        )
        .await;
    assert_eq!(said, json!(format!("{score} points. Score {score}.")));
    app.quit().await;
}

/// Leaving a game pauses it: coming back, the player resumes it. Waits for the game to show
/// (its cells, or the paused cover with `button`).
pub async fn resume_if_paused(app: &App, button: &str) {
    let script = format!(
        "const b = document.querySelector('{button}');
         if (b && b.offsetParent) return 'paused';
         return document.querySelector('[role=gridcell]') && !document.querySelector('.screen-home') && 'shown'"
    );
    if app.wait_for("the game", &script).await == json!("paused") {
        app.click(button).await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn each_game_in_dark_high_contrast_and_colour_blind_modes() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(21)).await;
    let modes = [("dark", "dark", false), ("contrast", "contrast", false), ("colour-blind", "light", true)];
    for (mode, theme, colour_blind) in modes {
        app.invoke("set_setting", json!({"key": "theme", "value": theme})).await.unwrap();
        app.invoke("set_setting", json!({"key": "colourBlind", "value": colour_blind})).await.unwrap();
        app.wait_for(
            "the mode",
            &format!(
                "return document.documentElement.dataset.theme === '{theme}' && document.documentElement.classList.contains('colour-blind') === {colour_blind}"
            ),
        )
        .await;
        app.click("#open-minesweeper").await;
        resume_if_paused(&app, "#ms-resume").await;
        app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length > 0").await;
        app.click(".ms-cell[data-x='4'][data-y='4']").await;
        app.wait_for("open cells", "return document.querySelectorAll('.ms-cell.open').length > 0").await;
        app.screenshot(&format!("minesweeper-{mode}")).await;
        app.click("#ms-home").await;

        app.click("#open-bubbles").await;
        app.wait_for("the balls", "return document.querySelectorAll('.bb-cell.ball').length > 0").await;
        resume_if_paused(&app, "#bb-resume").await;
        app.screenshot(&format!("bubbles-{mode}")).await;
        app.click("#bb-home").await;

        app.click("#open-gomoku").await;
        app.wait_for("the board", "return document.querySelectorAll('.gm-point').length === 225").await;
        resume_if_paused(&app, "#gm-resume").await;
        let stones = app
            .client
            .execute("return document.querySelectorAll('.gm-point.black, .gm-point.white').length", vec![])
            .await
            .unwrap();
        if stones == json!(0) {
            for (x, y) in [(7, 7), (8, 7), (7, 8)] {
                app.click(&format!(".gm-point[data-x='{x}'][data-y='{y}']")).await;
            }
        }
        app.wait_for("the stones", "return document.querySelectorAll('.gm-point.last').length === 1").await;
        app.screenshot(&format!("gomoku-{mode}")).await;
        app.click("#gm-home").await;
        app.wait_for("home", "return document.querySelector('#open-minesweeper')").await;
    }
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn ctrl_plus_minus_and_zero_zoom_the_whole_page() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), None).await;
    let zoom = || async { app.invoke("get_settings", json!({})).await.unwrap()["zoom"].as_f64().unwrap() };
    let width = || async { app.client.execute("return window.innerWidth", vec![]).await.unwrap().as_f64().unwrap() };
    let before = width().await;
    // The View menu's accelerators, pressed on the window.
    app.press_accelerator("ctrl+equal");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while zoom().await != 1.1 {
        assert!(std::time::Instant::now() < deadline, "Ctrl+= did not zoom in");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    app.press_accelerator("ctrl+equal");
    while zoom().await != 1.25 {
        assert!(std::time::Instant::now() < deadline, "Ctrl+= did not zoom in again");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // The whole page is bigger: fewer CSS pixels fit in the same window.
    let zoomed = width().await;
    assert!(zoomed < before * 0.9, "{zoomed} vs {before}");
    app.screenshot("home-zoomed").await;
    // The page's own keys, for Ctrl+minus typed on the page.
    app.keys("\u{E009}-\u{E000}").await;
    while zoom().await != 1.1 {
        assert!(std::time::Instant::now() < deadline, "Ctrl+- did not zoom out");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    app.press_accelerator("ctrl+0");
    while zoom().await != 1.0 {
        assert!(std::time::Instant::now() < deadline, "Ctrl+0 did not reset");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    app.quit().await;
}
