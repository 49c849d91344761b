//! Gomoku's clocks in the real webview: a game between two people on a short custom control,
//! the clocks on the side panel (running, then in their last ten seconds), and a flag that
//! falls with nobody clicking: the backend's timer ends the game, the result says lost on time,
//! and so does the history.

use crate::gomoku::{open_gomoku, picture, point, run, wait_panel};
use crate::hall::{set_select, wait_rows};
use crate::harness::App;
use serde_json::json;

#[tokio::test(flavor = "current_thread")]
async fn a_flag_falls_with_nobody_clicking_and_the_game_is_lost_on_time() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    open_gomoku(&app).await;

    // Two people, a custom control of 12 s and no increment.
    app.click("#gm-new").await;
    app.wait_for("the new game dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
    app.click("#gm-opponent-human").await;
    assert_eq!(
        run(&app, "return document.querySelector('#gm-clock-custom').hidden").await,
        json!(true),
        "custom is hidden"
    );
    set_select(&app, "#gm-clock", "custom").await;
    set_select(&app, "#gm-clock-kind", "fischer").await;
    run(
        &app,
        "document.querySelector('#gm-clock-time').value = '12';
         document.querySelector('#gm-clock-increment').value = '0'; return true",
    )
    .await;
    picture(&app, "gomoku-clock-dialog").await;
    app.click("#gomoku-new-dialog button[value=start]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#gomoku-new-dialog')").await;
    app.wait_for(
        "both clocks at 12 s",
        "return ['black', 'white'].every((c) => document.querySelector(`#gm-clock-${c}`).textContent === '0:12.0')",
    )
    .await;

    // Black's first stone starts the clocks: white's runs.
    app.click(&point(7, 7)).await;
    wait_panel(&app, 1).await;
    app.wait_for(
        "white's clock running",
        "return document.querySelector('#gm-clock-white').classList.contains('running')",
    )
    .await;
    picture(&app, "gomoku-clock-running").await;
    app.wait_for(
        "white's last ten seconds",
        "return document.querySelector('#gm-clock-white').classList.contains('low')",
    )
    .await;
    picture(&app, "gomoku-clock-last-seconds").await;

    // Nobody clicks: the flag falls by the backend's word, the game ends on time.
    app.wait_for(
        "the flag to fall",
        "return document.querySelector('.screen-gomoku').dataset.status === 'won' && !document.querySelector('#gm-result').hidden",
    )
    .await;
    assert_eq!(app.text("#gm-result-title").await, "Black wins!");
    assert_eq!(app.text("#gm-result-text").await, "White lost on time.");
    let white = run(&app, "return document.querySelector('#gm-clock-white').className").await;
    assert!(white.as_str().is_some_and(|c| c.contains("fallen")), "{white}");
    assert_eq!(app.text("#gm-clock-white").await, "0:00.0");
    picture(&app, "gomoku-clock-flag-fallen").await;

    // The history says so too.
    app.click("#gm-home").await;
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    wait_rows(&app, 1).await;
    let result = run(&app, "return document.querySelector('#hist-rows tr[data-id] .hist-result').textContent").await;
    assert_eq!(result, json!("Black won on time"));
    picture(&app, "gomoku-clock-history").await;
    app.quit().await;
}
