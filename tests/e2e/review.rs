//! The review of a finished Gomoku game in the real webview: two people play to black's five
//! while white looks away, the review opens from the history (waiting for the engine's review,
//! done in the background), its graph has a point per stone, white's blunder shows on the board
//! with the better point ringed, and the game-over panel opens the same review once it is ready.

use crate::gomoku::{open_gomoku, picture, point, run, wait_stones};
use crate::harness::App;
use serde_json::{json, Value};

/// Black's five on row 8 (y 7) from H8; white's stones in the corners, far from it.
const BLACK: [(u8, u8); 5] = [(7, 7), (8, 7), (9, 7), (10, 7), (11, 7)];
const WHITE: [(u8, u8); 4] = [(0, 0), (0, 14), (14, 14), (14, 0)];

async fn play_the_game(app: &App) {
    for n in 0..BLACK.len() + WHITE.len() {
        let (x, y) = if n % 2 == 0 { BLACK[n / 2] } else { WHITE[n / 2] };
        app.click(&point(x, y)).await;
        wait_stones(app, n + 1).await;
    }
    app.wait_for("the win", "return document.querySelector('.screen-gomoku').dataset.status === 'won'").await;
}

/// Waits until the review screen shows the engine's review, and returns how many points the
/// graph has and how many stones the game has.
async fn wait_for_review(app: &App) -> Value {
    app.wait_for("the review", "return document.querySelector('.screen-gomoku-review')?.dataset.state === 'ready'")
        .await;
    run(
        app,
        "return { points: document.querySelectorAll('#gmr-graph circle.gmr-point').length,
                  said: Number(document.querySelector('#gmr-graph').dataset.points),
                  shown: document.querySelector('.screen-gomoku-review').dataset.shown }",
    )
    .await
}

/// The board point named `notation` ("H8"): its classes and its label.
async fn point_named(app: &App, notation: &str) -> Value {
    let script = format!(
        "const p = [...document.querySelectorAll('#gmr-grid .gm-point')]
           .find((p) => p.getAttribute('aria-label').startsWith({:?}));
         return p ? {{ classes: p.className, label: p.getAttribute('aria-label') }} : null",
        format!("{notation},")
    );
    run(app, &script).await
}

async fn set_theme(app: &App, theme: &str) {
    app.invoke("set_setting", json!({"key": "theme", "value": theme})).await.unwrap();
    app.wait_for("the theme", &format!("return document.documentElement.dataset.theme === '{theme}'")).await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_finished_gomoku_game_is_reviewed_from_the_history_and_from_its_result() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    open_gomoku(&app).await;
    play_the_game(&app).await;

    // Straight to the history: the engine may still be at work; the review waits for it.
    app.click("#gm-home").await;
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    app.wait_for("the game in the history", "return document.querySelector('#hist-rows button.hist-review')").await;
    picture(&app, "gomoku-review-history").await;
    app.click("#hist-rows button.hist-review").await;
    app.wait_for(
        "the review screen",
        "return document.querySelector('.screen-gomoku-review #gmr-status')?.textContent",
    )
    .await;
    let graph = wait_for_review(&app).await;
    assert_eq!(app.text("#gmr-game").await, "Freestyle, two players", "the category, as the backend names it");
    let stones = (BLACK.len() + WHITE.len()) as u64;
    assert_eq!(graph["points"], json!(stones), "a point per stone: {graph}");
    assert_eq!(graph["said"], json!(stones));
    // For screen readers only (WebDriver's text is what is seen): its text content.
    let summary = run(&app, "return document.querySelector('#gmr-graph-summary').textContent").await;
    let summary = summary.as_str().unwrap_or_default();
    assert!(summary.contains("9 stones") && summary.contains("black's side"), "{summary}");
    let forced = app.text("#gmr-forced").await;
    assert!(forced.starts_with("Black had a win by force from move"), "{forced}");

    // White's blunder: the stone that let black's three stand; the block was on row 8.
    let blunder = run(
        &app,
        "const b = [...document.querySelectorAll('#gmr-mistakes button.gmr-mistake')]
           .find((b) => b.dataset.colour === 'white' && b.dataset.kind === 'blunder');
         return b ? { id: b.id, stone: b.dataset.stone, played: b.dataset.played, better: b.dataset.better } : null",
    )
    .await;
    assert!(blunder.is_object(), "white's blunder is listed");
    let better = blunder["better"].as_str().unwrap().to_string();
    assert!(better.ends_with('8'), "the block is on black's row: {blunder}");
    app.click(&format!("#{}", blunder["id"].as_str().unwrap())).await;
    let shown = blunder["stone"].as_str().unwrap().to_string();
    app.wait_for(
        "the blunder's position",
        &format!("return document.querySelector('.screen-gomoku-review').dataset.shown === '{shown}'"),
    )
    .await;
    let ringed = point_named(&app, &better).await;
    assert!(ringed["classes"].as_str().unwrap().contains("hinted"), "the better point is ringed: {ringed}");
    assert!(ringed["label"].as_str().unwrap().ends_with("the better move"), "{ringed}");
    let played = point_named(&app, blunder["played"].as_str().unwrap()).await;
    assert!(played["classes"].as_str().unwrap().contains("white last"), "the blunder is the last stone: {played}");
    let stones_shown =
        run(&app, "return document.querySelectorAll('#gmr-grid .gm-point.black, #gmr-grid .gm-point.white').length")
            .await;
    assert_eq!(stones_shown.to_string(), shown, "the position after the blunder");
    assert!(app.text("#gmr-position").await.contains(&format!("The ring is the better move, {better}")));
    assert!(app.text("#gmr-thresholds").await.contains("500 or more is a mistake"));
    // Another language draws the review again at the blunder shown, not at the first mistake.
    let current = "return document.querySelector('#gmr-mistakes [aria-current]')?.id";
    let selected = run(&app, current).await;
    for language in ["cs", "en"] {
        app.invoke("set_setting", json!({"key": "language", "value": language})).await.unwrap();
        app.wait_for("the language", &format!("return document.body.dataset.language === '{language}'")).await;
        app.wait_for("the review", "return document.querySelector('.screen-gomoku-review')?.dataset.state === 'ready'")
            .await;
        assert_eq!(run(&app, current).await, selected, "in {language}");
        let shown_now = run(&app, "return document.querySelector('.screen-gomoku-review').dataset.shown").await;
        assert_eq!(shown_now, json!(shown), "in {language}");
    }
    picture(&app, "gomoku-review-light").await;
    set_theme(&app, "dark").await;
    picture(&app, "gomoku-review-dark").await;
    set_theme(&app, "light").await;

    // Back to the history; then the game's own result panel offers the review, now it is done.
    app.click("#gmr-back").await;
    app.wait_for("the history", "return document.querySelector('#hist-rows button.hist-review')").await;
    app.click("#hall-home").await;
    open_gomoku_finished(&app).await;
    app.wait_for("the review button", "return !document.querySelector('#gm-review').hidden").await;
    app.click("#gm-review").await;
    let graph = wait_for_review(&app).await;
    assert_eq!(graph["points"], json!(stones));
    app.click("#gmr-back").await;
    app.wait_for("the game again", "return document.querySelector('.screen-gomoku')?.dataset.status === 'won'").await;
    app.quit().await;
}

/// The Gomoku screen with its finished game (not a new one).
async fn open_gomoku_finished(app: &App) {
    app.click("#open-gomoku").await;
    app.wait_for("the finished game", "return document.querySelector('.screen-gomoku')?.dataset.status === 'won'")
        .await;
}
