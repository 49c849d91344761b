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
    app.click("#stats-dialog button[value=ok]").await;
    app.quit().await;
}
