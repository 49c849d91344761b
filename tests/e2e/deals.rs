//! Deals beside play, in the real webview: F5 restarts a Minesweeper board to the same mines
//! (the warning first, the note after); a finished game's deal code goes from its history row to
//! the desktop's clipboard and, pasted into Open Deal (Ctrl+Shift+O), deals the same board again;
//! the history marks both games.

use crate::gomoku::picture;
use crate::harness::App;
use crate::minesweeper::cell;
use serde_json::json;

const SEED: u64 = 31;
const CTRL_V: &str = "\u{E009}v\u{E000}";

/// Every cell as the player sees it (its classes and its number), in order.
const FIELD: &str =
    "return [...document.querySelectorAll('.ms-cell')].map((c) => `${c.className}:${c.textContent}`).join('|')";

/// Opens the cell (4, 4) and waits for the field to show it; the field as seen then.
async fn open_the_middle(app: &App) -> String {
    app.click(&cell(4, 4)).await;
    app.wait_for("the opened area", "return document.querySelector('.ms-cell.open')").await;
    app.wait_still(".ms-field").await;
    app.client.execute(FIELD, vec![]).await.unwrap().as_str().unwrap().to_string()
}

async fn wait_fresh_field(app: &App) {
    app.wait_for(
        "a field not yet opened",
        "return document.querySelector('.screen-minesweeper')?.dataset.status === 'playing' && !document.querySelector('.ms-cell.open')",
    )
    .await;
}

#[tokio::test(flavor = "current_thread")]
async fn restart_and_a_deal_code_bring_the_same_minesweeper_board_back() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    let beginner = json!({"game": "minesweeper", "params": {"level": "beginner", "noGuess": false}});
    app.invoke("new_game", beginner).await.unwrap();
    app.click("#open-minesweeper").await;
    app.wait_for("the beginner field", "return document.querySelectorAll('.ms-cell').length === 81").await;
    let first = open_the_middle(&app).await;

    // F5: the warning (the board was seen), then the same deal from its start, marked.
    app.press_accelerator("F5");
    app.wait_for("the warning", "return document.querySelector('#assist-dialog[open]')").await;
    app.click("#assist-dialog button[value=continue]").await;
    wait_fresh_field(&app).await;
    // Said once in the status line; the game is a replay of the board, which never ranks.
    app.wait_for("the note", "return document.getElementById('screen').textContent.includes('same deal again')").await;
    assert_eq!(open_the_middle(&app).await, first, "the same mines around the same click");

    // Lost on purpose through the commands, then its code copied from its history row.
    let mines =
        pastimes_games::minesweeper::mine_layout(&pastimes_games::minesweeper::Params::beginner(), SEED, (4, 4));
    let (mx, my) = mines[0];
    app.invoke("play", json!({"game": "minesweeper", "move": {"action": "open", "x": mx, "y": my}})).await.unwrap();
    app.click("#ms-home").await;
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    // The restart is a replay of the board, in the rules' words: the history says so.
    let row = "#hist-rows tr[data-id]";
    app.wait_for("the row", &format!("return document.querySelector('{row}')?.children[6].textContent === 'replay'"))
        .await;
    app.pick(&format!("{row} .hist-record .choice-button"), &format!("{row} .hist-copy-code")).await;
    let toast = app
        .wait_for("the copy's toast", "const t = document.querySelector('#toast'); return !t.hidden && t.textContent")
        .await;
    assert!(toast.as_str().unwrap().starts_with("Deal code copied: minesweeper:"), "{toast}");

    // A new game (another board), then Open Deal with the code pasted: the same board again.
    app.click("#hall-home").await;
    app.click("#open-minesweeper").await;
    app.invoke("new_game", json!({"game": "minesweeper", "params": {"level": "expert"}})).await.unwrap();
    app.press_accelerator("ctrl+shift+o");
    app.wait_for("the deal dialog", "return document.querySelector('#deal-dialog[open] #deal-code')").await;
    app.keys(CTRL_V).await;
    let pasted = app.wait_for("the pasted code", "return document.querySelector('#deal-code').value").await;
    assert!(pasted.as_str().unwrap().contains("replayOf.x=4,replayOf.y=4"), "{pasted}");
    picture(&app, "deal-open-dialog").await;
    app.click("#deal-dialog button[value=open]").await;
    app.wait_for("the beginner field again", "return document.querySelectorAll('.ms-cell').length === 81").await;
    wait_fresh_field(&app).await;
    // The cell its first game opened first is shown, safe, before the first click.
    app.wait_for("the safe start", "return document.querySelector('.ms-cell.safe-start')?.dataset.x === '4'").await;
    picture(&app, "deal-safe-start").await;
    assert_eq!(open_the_middle(&app).await, first, "the code's board, click for click");
    assert_eq!(
        app.client.execute("return document.querySelectorAll('.safe-start').length", vec![]).await.unwrap(),
        json!(0)
    );
    let snapshot = app.invoke("snapshot", json!({"game": "minesweeper"})).await.unwrap();
    assert_eq!((&snapshot["assistance"]["seenDeal"], &snapshot["canRank"]), (&json!(true), &json!(false)));
    app.quit().await;
}
