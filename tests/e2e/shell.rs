//! The shell: home screen, menus, About, and what survives a crash.

use crate::harness::App;
use serde_json::{json, Value};

#[tokio::test(flavor = "current_thread")]
async fn home_screen_lists_the_games_and_about_tells_the_version() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), None).await;
    let names = app
        .wait_for(
            "the game cards",
            "return [...document.querySelectorAll('.game-card-name')].map(n => n.textContent).join('|')",
        )
        .await;
    assert!(names.as_str().unwrap().contains("Minesweeper"), "{names}");
    assert_eq!(app.client.title().await.unwrap(), "Pastimes");
    app.screenshot("home").await;

    app.click("#about-button").await;
    let version = app.text("#about-dialog .about-version").await;
    assert_eq!(version, format!("Version {}", env!("CARGO_PKG_VERSION")));
    assert!(app.text("#about-dialog .about-licence").await.contains("MIT"));
    app.screenshot("about").await;
    app.click("#about-dialog button[value=ok]").await;
    app.wait_for("About to close", "return !document.querySelector('#about-dialog')").await;
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn menu_accelerators_reach_the_page() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), None).await;
    // F1 is Help > How to Play: the native menu's accelerator, pressed on the window.
    app.press_accelerator("F1");
    let title = app.wait_for("the help dialog", "return document.querySelector('#help-dialog h2')?.textContent").await;
    assert_eq!(title, json!("How to play"));
    app.click("#help-dialog button[value=ok]").await;
    app.wait_for("help to close", "return !document.querySelector('#help-dialog')").await;
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_crash_keeps_settings_window_placement_and_the_game_in_progress() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(7)).await;
    app.invoke("set_setting", json!({"key": "theme", "value": "dark"})).await.unwrap();
    app.client.set_window_position(140, 90).await.unwrap();
    app.click("#open-minesweeper").await;
    app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length === 81").await;
    app.click(".ms-cell[data-x='4'][data-y='4']").await;
    let opened = app
        .wait_for(
            "the first click to open cells",
            "const n = document.querySelectorAll('.ms-cell.open').length; return n > 0 && n",
        )
        .await;
    // Let the window placement reach the database: wait until the store has it.
    let placement = wait_for_placement(&app).await;
    app.crash().await;

    let app = App::launch(data.path(), Some(7)).await;
    assert_eq!(
        app.client.execute("return document.documentElement.dataset.theme", vec![]).await.unwrap(),
        json!("dark")
    );
    let (x, y) = app.client.get_window_position().await.unwrap();
    assert_eq!((x as i64, y as i64), placement, "the window comes back where it was");
    // The game comes back paused, on the screen it was on; resuming shows the same board.
    app.wait_for("the paused game", "return document.querySelector('.screen-minesweeper')?.dataset.paused === 'true'")
        .await;
    app.click("#ms-resume").await;
    let reopened = app
        .wait_for("the board", "const n = document.querySelectorAll('.ms-cell.open').length; return n > 0 && n")
        .await;
    assert_eq!(reopened, opened);
    // Home: the game's card says it is under way, and where; the other cards say nothing.
    app.click("#ms-home").await;
    let cards = app
        .wait_for(
            "the home screen",
            "const cards = [...document.querySelectorAll('.screen-home .game-card')];
             return cards.length > 0 && cards.map((card) => {
               const progress = card.querySelector('.game-card-progress');
               return progress && [...progress.children].map((part) => part.textContent).join(' | ');
             })",
        )
        .await;
    let cards = cards.as_array().unwrap();
    let shown = cards[0].as_str().unwrap_or_default();
    assert!(shown.starts_with("Game in progress | Beginner") && shown.contains("\u{a0}· 0:0"), "{cards:?}");
    assert!(cards[1..].iter().all(Value::is_null), "{cards:?}");
    app.screenshot("home-game-in-progress").await;
    app.quit().await;
}

async fn wait_for_placement(app: &App) -> (i64, i64) {
    let (x, y) = app.client.get_window_position().await.unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let db = app.data_dir.join("pastimes.sqlite3");
        let conn = rusqlite::Connection::open(&db).unwrap();
        let stored: Option<String> =
            conn.query_row("SELECT value FROM settings WHERE key = 'window'", [], |row| row.get(0)).ok();
        if let Some(stored) = stored {
            let value: serde_json::Value = serde_json::from_str(&stored).unwrap();
            if value["x"] == json!(x) && value["y"] == json!(y) {
                return (x as i64, y as i64);
            }
        }
        assert!(std::time::Instant::now() < deadline, "window placement never stored");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}
