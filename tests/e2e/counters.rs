//! Minesweeper's live counters (an option, off by default) in the status line while a game is
//! played, and its times to the hundredth wherever they are shown: the result, the record
//! dialog, the hall of fame, the history and the statistics. The mines are known from the seed.

use crate::clipping::CUT_OFF;
use crate::harness::App;
use crate::minesweeper::{cell, open_minesweeper, win_with};
use pastimes_games::minesweeper::{mine_layout, Params};
use serde_json::{json, Value};

const SEED: u64 = 4242;

/// The counters' text, `""` while hidden (a JavaScript expression).
const COUNTERS: &str =
    "(() => { const c = document.querySelector('#ms-counters'); return c && !c.hidden ? c.textContent : ''; })()";

/// A time as the page writes Minesweeper's, to the hundredth in English: "3.02".
fn hundredths(ms: i64) -> String {
    let hundredths = (ms + 5) / 10;
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}

async fn run(app: &App, script: &str) -> Value {
    app.client.execute(script, vec![]).await.unwrap()
}

async fn counters_option(app: &App, on: bool) {
    app.click("#ms-options").await;
    app.wait_for("the options", "return document.querySelector('#options-dialog[open]')").await;
    let checked = run(app, "return document.querySelector('#option-liveCounters').checked").await;
    assert_eq!(checked, json!(!on), "the option was the other way");
    app.click("#option-liveCounters").await;
    app.click("#options-dialog button[value=save]").await;
    app.wait_for("the options saved", "return !document.querySelector('#options-dialog')").await;
}

/// No text cut off, once the page stands still; a picture kept as `name`.
async fn nothing_cut_off(app: &App, name: &str) {
    let cut = app.wait_for(&format!("{name} to stand still"), CUT_OFF).await;
    app.screenshot(name).await;
    assert_eq!(cut["cut"], json!([]), "{name}: text cut off");
}

#[tokio::test(flavor = "current_thread")]
async fn live_counters_tick_while_playing_and_times_show_to_the_hundredth() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    open_minesweeper(&app).await;
    // Off by default: the status line names the level only.
    assert_eq!(run(&app, &format!("return {COUNTERS}")).await, json!(""));
    counters_option(&app, true).await;
    app.wait_for("the counters at nought", &format!("return {COUNTERS}.startsWith('0.00\u{a0}s')")).await;
    assert!(run(&app, &format!("return {COUNTERS}")).await.as_str().unwrap().contains("clicks\u{a0}0/0/0"));

    let params = Params::beginner().with_no_guess(true);
    let first = (4, 4);
    let mine = mine_layout(&params, SEED, first)[0];
    let during = async {
        // The first click counts, the time runs in hundredths, 3BV/s and the efficiency follow.
        app.wait_for("a left click counted", &format!("return {COUNTERS}.includes('clicks\u{a0}1/0/0')")).await;
        let ticking = format!("const text = {COUNTERS}; return /^\\d+\\.\\d\\d\u{a0}s/.test(text) && text");
        let before = app.wait_for("the time in hundredths", &ticking).await;
        app.wait_for(
            "the time to tick",
            &format!(
                "const now = {COUNTERS}; return now.split('\u{a0}·')[0] !== {:?}.split('\u{a0}·')[0]",
                before.as_str().unwrap()
            ),
        )
        .await;
        let flag = app.find(&cell(mine.0, mine.1)).await;
        app.press(&flag, 2).await;
        let text = app
            .wait_for(
                "a right click counted",
                &format!("const text = {COUNTERS}; return text.includes('clicks\u{a0}1/1/0') && text"),
            )
            .await;
        let text = text.as_str().unwrap();
        assert!(text.contains("3BV/s") && text.contains("efficiency\u{a0}"), "{text}");
        // The whole board's 3BV waits for the end: the snapshot has only the solved part.
        let snapshot = app.invoke("snapshot", json!({"game": "minesweeper"})).await.unwrap();
        assert!(snapshot["view"]["bbbv"].is_null() && snapshot["summary"].is_null(), "{snapshot}");
        assert_eq!(snapshot["counters"]["right"], 1);
        nothing_cut_off(&app, "ms-counters-beginner-light").await;
        app.invoke("set_setting", json!({"key": "theme", "value": "dark"})).await.unwrap();
        app.wait_for("the dark theme", "return document.documentElement.dataset.theme === 'dark'").await;
        nothing_cut_off(&app, "ms-counters-beginner-dark").await;
        app.invoke("set_setting", json!({"key": "theme", "value": "light"})).await.unwrap();
    };
    win_with(&app, &params, SEED, first, during).await;
    app.wait_for("the win", "return document.querySelector('.screen-minesweeper').dataset.status === 'won'").await;
    // Over: the counters give way to the result, whose time is to the hundredth.
    app.wait_for("the counters hidden", &format!("return {COUNTERS} === ''")).await;
    let hall = app.invoke("hall_of_fame", json!({"game": "minesweeper"})).await.unwrap();
    let time_ms = hall[0]["entries"][0]["timeMs"].as_i64().unwrap();
    let seconds = hundredths(time_ms);
    let time = format!("{seconds}\u{a0}s");
    app.wait_for("the record dialog", "return document.querySelector('#record-dialog[open]')").await;
    let dialog = app.text("#record-text").await;
    assert!(dialog.contains(&format!("{seconds} seconds")), "the record dialog: {dialog}");
    app.find("#record-name").await.send_keys("Ada").await.unwrap();
    app.click("#record-dialog button[value=save]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#record-dialog')").await;
    assert!(
        app.text(".screen-minesweeper .statusline").await.contains(&format!("in {seconds} s")),
        "the status line: {seconds}"
    );
    // The statistics' best time.
    app.click("#ms-stats").await;
    let best = app
        .wait_for(
            "the statistics",
            "return document.querySelector('dialog[open] tr[data-stat=\"bestTime\"] td')?.textContent",
        )
        .await;
    assert_eq!(best, json!(time));
    app.click("dialog[open] button[data-value='ok']").await;
    app.wait_for("the statistics closed", "return !document.querySelector('dialog[open]')").await;

    // Expert's width, light and dark, with the counters running.
    app.choose("#level-expert").await;
    app.wait_for("the expert field", "return document.querySelectorAll('.ms-cell').length === 480").await;
    app.click(&cell(15, 8)).await;
    app.wait_for("a click counted", &format!("return {COUNTERS}.includes('clicks\u{a0}1/0/0')")).await;
    nothing_cut_off(&app, "ms-counters-expert-light").await;
    app.invoke("set_setting", json!({"key": "theme", "value": "dark"})).await.unwrap();
    app.wait_for("the dark theme", "return document.documentElement.dataset.theme === 'dark'").await;
    nothing_cut_off(&app, "ms-counters-expert-dark").await;
    app.invoke("set_setting", json!({"key": "theme", "value": "light"})).await.unwrap();
    // Off again: gone from the status line.
    counters_option(&app, false).await;
    app.wait_for("the counters hidden", &format!("return {COUNTERS} === ''")).await;

    // The hall of fame and the history show the time to the hundredth.
    app.click("#ms-home").await;
    app.click("#hall-button").await;
    let record = "document.querySelector('#hall-minesweeper .hall-category[data-category=\"beginner-noguess\"]:not(.hall-by-rate) tbody tr td:nth-child(3)')?.textContent";
    app.wait_for("the hall's time to the hundredth", &format!("return {record} === {time:?}")).await;
    app.click("#hall-tab-history").await;
    let row = "[...document.querySelectorAll('#hist-rows tr[data-id]')].map((r) => r.textContent).join('|')";
    app.wait_for("the history's time to the hundredth", &format!("return {row}.includes({time:?})")).await;
    app.screenshot("ms-counters-history").await;
    app.quit().await;
}
