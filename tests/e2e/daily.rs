//! The daily deal from the home card, in the real webview: the first time Minesweeper asks for
//! the level (kept for later days), the day's no-guess board opens; the card then says today's
//! is done once the game is over, with the streak, which the statistics show too; the deal
//! again is marked (it never ranks).

use crate::gomoku::picture;
use crate::harness::App;
use serde_json::json;

#[tokio::test(flavor = "current_thread")]
async fn the_daily_deal_opens_from_the_home_card_and_the_card_says_when_it_is_done() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), None).await;
    let card = "#daily-minesweeper";
    app.wait_for("the daily button", &format!("return document.querySelector('{card}')")).await;
    let state = format!("return document.querySelector('{card} .daily-state')?.textContent");
    assert_eq!(app.wait_for("its state", &state).await, json!("Today's: not played yet"));
    picture(&app, "daily-home").await;
    app.click(card).await;
    app.wait_for("the level asked once", "return document.querySelector('#daily-dialog[open] #daily-choice')").await;
    picture(&app, "daily-level").await;
    app.client.execute("document.querySelector('#daily-choice').value = 'intermediate'", vec![]).await.unwrap();
    app.click("#daily-dialog button[value=start]").await;
    app.wait_for("the day's field", "return document.querySelectorAll('.ms-cell').length === 256").await;

    // The first click makes it the day's entry; then lost or won through the commands.
    let mut snapshot = json!(null);
    'cells: for y in 0..16 {
        for x in 0..16 {
            let answer =
                app.invoke("play", json!({"game": "minesweeper", "move": {"action": "open", "x": x, "y": y}})).await;
            if let Ok(shown) = answer {
                snapshot = shown;
            }
            if snapshot["status"] != "playing" {
                break 'cells;
            }
        }
    }
    assert_ne!(snapshot["status"], "playing", "{snapshot}");
    app.click("#ms-home").await;
    app.wait_for("done", &format!("return document.querySelector('{card}')?.dataset.done === 'true'")).await;
    assert_eq!(app.wait_for("its state", &state).await, json!("Today's: done ✓"));
    picture(&app, "daily-home-done").await;
    let streak = app.text(&format!("{card} .daily-streak")).await;
    assert!(streak.starts_with("Streak: 1 · won in a row: "), "{streak}");

    // Again: no question, the same level, and marked (it never ranks).
    app.click(card).await;
    app.wait_for("the same field", "return document.querySelectorAll('.ms-cell').length === 256").await;
    let again = app.invoke("snapshot", json!({"game": "minesweeper"})).await.unwrap();
    assert_eq!(again["assistance"]["seenDeal"], json!(true), "{again}");

    // The statistics show the daily deal's streaks below the game's own.
    app.click("#ms-stats").await;
    let days = "return document.querySelector('#stats-dialog[open] [data-stat=daily-streak] td')?.textContent";
    assert_eq!(app.wait_for("the daily streak", days).await, json!("1"));
    picture(&app, "daily-statistics").await;
    // The level picked once can be changed there: today's, begun, keeps its own.
    let level = "#stats-dialog[open] #daily-level";
    assert_eq!(
        app.wait_for("the level", &format!("return document.querySelector('{level}')?.value")).await,
        "intermediate"
    );
    app.client
        .execute(
            &format!("const s = document.querySelector('{level}'); s.value = 'expert'; s.dispatchEvent(new Event('change'));"),
            vec![],
        )
        .await
        .unwrap();
    app.wait_for("kept", &format!("return document.querySelector('{level}').dataset.saved === 'expert'")).await;
    assert_eq!(app.text("#daily-level-hint").await, "Today's keeps its own; Expert from tomorrow.");
    picture(&app, "daily-level-changed").await;
    let settings = app.invoke("get_settings", json!({})).await.unwrap();
    assert_eq!(settings["minesweeperDaily"], "expert");
    app.click("#stats-dialog button[value=ok]").await;
    app.quit().await;
}

/// A ball of a group (two of one colour side by side) of a Bubble Breaker snapshot's field, as a
/// player reads it: the first, row by row.
pub fn a_group(snapshot: &serde_json::Value) -> (usize, usize) {
    let view = &snapshot["view"];
    let (width, height) = (view["width"].as_u64().unwrap() as usize, view["height"].as_u64().unwrap() as usize);
    let cells: Vec<u64> = view["cells"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
    let at = |x: usize, y: usize| cells[y * width + x];
    let pair = (0..width * height).map(|i| (i % width, i / width)).find(|&(x, y)| {
        at(x, y) != 0 && ((x + 1 < width && at(x + 1, y) == at(x, y)) || (y + 1 < height && at(x, y + 1) == at(x, y)))
    });
    pair.unwrap_or_else(|| panic!("a game under way has a group: {snapshot}"))
}

/// Pops groups of the Bubble Breaker game under way until it is over: returns the last snapshot.
async fn pop_to_the_end(app: &App) -> serde_json::Value {
    let mut snapshot = app.invoke("snapshot", json!({"game": "bubbles"})).await.unwrap();
    while snapshot["status"] == "playing" {
        let (x, y) = a_group(&snapshot);
        snapshot =
            app.invoke("play", json!({"game": "bubbles", "move": {"action": "pop", "x": x, "y": y}})).await.unwrap();
    }
    snapshot
}

#[tokio::test(flavor = "current_thread")]
async fn todays_bubble_breaker_deal_from_its_card_is_in_the_days_table_of_the_hall() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), None).await;
    let card = "#daily-bubbles";
    app.wait_for("the daily button", &format!("return document.querySelector('{card}')")).await;
    app.click(card).await;
    app.wait_for("the day's field", "return document.querySelectorAll('.bb-cell').length === 121").await;
    let over = pop_to_the_end(&app).await;
    let score = over["score"].as_i64().unwrap();
    assert!(over["canRank"] == json!(true), "the day's first attempt ranks: {over}");
    app.wait_for("game over", "return document.querySelector('.screen-bubbles').dataset.status === 'finished'").await;

    app.click("#bb-home").await;
    app.wait_for("done", &format!("return document.querySelector('{card}')?.dataset.done === 'true'")).await;
    app.click("#hall-button").await;
    app.wait_for("the hall's tabs", "return document.querySelector('#hall-tab-daily')").await;
    app.click("#hall-tab-daily").await;
    let today = "#hall-daily-bubbles [data-daily=days] tr[aria-current=date]";
    app.wait_for("today's row", &format!("return document.querySelector('{today}')")).await;
    assert_eq!(app.text(&format!("{today} .daily-state")).await, "Finished");
    let shown: String =
        app.text(&format!("{today} .daily-figure")).await.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(shown, score.to_string());
    assert_eq!(app.text(&format!("{today} .daily-place")).await, "1");
    let best = "#hall-daily-bubbles [data-daily=best] tbody tr";
    let best_rows =
        app.client.execute(&format!("return document.querySelectorAll('{best}').length"), vec![]).await.unwrap();
    assert_eq!(best_rows, json!(1), "the all-days table has the day");
    // Minesweeper, never played daily, says how to start.
    assert!(app.text("#hall-daily-minesweeper .daily-none").await.contains("home screen"));
    picture(&app, "daily-hall").await;

    // Its game can be watched again, and Back comes to this tab.
    app.click(&format!("{today} .watch-record")).await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')").await;
    app.click("#watch-back").await;
    app.wait_for(
        "the daily tab again",
        "return document.querySelector('#hall-panel-daily:not([hidden]) tr[aria-current=date]')",
    )
    .await;
    app.quit().await;
}
