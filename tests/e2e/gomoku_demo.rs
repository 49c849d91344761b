//! Gomoku's demo (the computer against itself) in the real webview: started from the New game
//! dialog, its stones come by themselves at the pace set beside the board, a pause stops them,
//! the player takes over white and places a stone, and the finished game is in the history
//! under its own category, which never ranks.

use crate::gomoku::{open_gomoku, picture, run, STONES};
use crate::hall::set_select;
use crate::harness::App;
use serde_json::json;

/// How many stones the board shows.
async fn stones(app: &App) -> u64 {
    run(app, &format!("return document.querySelectorAll({STONES:?}).length")).await.as_u64().unwrap()
}

#[tokio::test(flavor = "current_thread")]
async fn a_demo_plays_itself_pauses_and_is_taken_over() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(3)).await;
    open_gomoku(&app).await;

    // Easy (white) against the beginner on the player's side (black), watched.
    app.click("#gm-new").await;
    app.wait_for("the new game dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
    app.click("#gm-opponent-easy").await;
    app.click("label[for=gm-new-demo]").await;
    assert_eq!(run(&app, "return document.querySelector('#gm-new-demo').checked").await, json!(true));
    set_select(&app, "#gm-new-demo-level", "beginner").await;
    assert_eq!(
        run(&app, "return [document.querySelector('#gm-name-black').disabled, document.querySelector('#gm-name-black').value]")
            .await,
        json!([true, "Computer (beginner)"]),
        "the player's side is the beginner's"
    );
    picture(&app, "gomoku-demo-dialog").await;
    app.click("#gomoku-new-dialog button[value=start]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#gomoku-new-dialog')").await;

    // The stones come by themselves; the pace is set beside the board.
    app.wait_for("the demo's panel", "return !document.querySelector('#gm-demo').hidden").await;
    set_select(&app, "#gm-pace", "250").await;
    app.wait_for("four stones by themselves", &format!("return document.querySelectorAll({STONES:?}).length >= 4"))
        .await;
    let status = run(&app, "return document.querySelector('#gm-game-kind').textContent").await;
    assert_eq!(status, json!("Freestyle, computer against computer"));
    picture(&app, "gomoku-demo-playing").await;

    // Paused: the backend's wait is cancelled, nothing thinks, and the moves stand.
    app.click("#gm-pause").await;
    app.wait_for(
        "the game paused with nothing at work",
        "const s = document.querySelector('.screen-gomoku'); return !document.querySelector('#gm-paused').hidden && s.dataset.thinking === 'false'",
    )
    .await;
    let moves = run(&app, "return document.querySelector('.screen-gomoku').dataset.moves").await;
    let state = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!((state["paused"].clone(), state["computerThinking"].clone()), (json!(true), json!(false)));
    assert_eq!(json!(state["moveCount"].as_u64().unwrap().to_string()), moves, "the page shows the backend's moves");
    app.click("#gm-resume").await;

    // The player takes over white, waits for black's move if it is black's, and places a stone.
    app.wait_for("the demo's panel again", "return !document.querySelector('#gm-demo').hidden").await;
    app.click("#gm-take-white").await;
    app.wait_for(
        "white to be the player's",
        "return document.querySelector('#gm-demo').hidden
           && document.querySelector('#gm-player-white .gm-player-role').textContent.includes('you')",
    )
    .await;
    app.wait_for(
        "the player's turn",
        "const s = document.querySelector('.screen-gomoku');
         return s.dataset.thinking === 'false' && document.querySelector('#gm-player-white').classList.contains('to-move')",
    )
    .await;
    let before = stones(&app).await;
    let free = run(
        &app,
        "for (let y = 0; y < 15; y++) for (let x = 0; x < 15; x++) {
           const p = document.querySelector(`.gm-point[data-x='${x}'][data-y='${y}']`);
           if (!p.classList.contains('black') && !p.classList.contains('white')) return [x, y];
         }
         return null",
    )
    .await;
    let (x, y) = (free[0].as_u64().unwrap(), free[1].as_u64().unwrap());
    app.click(&format!(".gm-point[data-x='{x}'][data-y='{y}']")).await;
    app.wait_for(
        "the player's stone",
        &format!(
            "return document.querySelector(\".gm-point[data-x='{x}'][data-y='{y}']\").classList.contains('white')"
        ),
    )
    .await;
    assert!(stones(&app).await > before);
    let after = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(after["canRank"], json!(false), "a demo taken over never ranks");
    assert_eq!(after["category"], json!("freestyle-demo"));
    // The level left (black) answers at once, with no pace: the game goes on against it.
    app.wait_for(
        "black's answer",
        &format!("return document.querySelectorAll({STONES:?}).length === {} && document.querySelector('#gm-player-white').classList.contains('to-move')", before + 2),
    )
    .await;
    picture(&app, "gomoku-demo-taken-over").await;
    app.quit().await;
}

/// A demo of an added engine against a level, watched to its end as a player watches it:
/// Pastimes' own brain (added in Preferences) plays the player's side against the beginner at no
/// wait; the result names the winner as the side panel names the players, says the five, and the
/// history says which colour won.
#[tokio::test(flavor = "current_thread")]
async fn a_demo_of_an_engine_against_a_level_is_watched_to_its_end() {
    let data = tempfile::tempdir().unwrap();
    let brain = crate::engines::pbrain_pastimes();
    let env = [("PASTIMES_TEST_ENGINE", brain.to_str().unwrap())];
    let app = App::launch_with(data.path(), Some(5), &env).await;
    crate::engines::add_the_engine(&app).await;
    open_gomoku(&app).await;

    app.click("#gm-new").await;
    app.wait_for("the new game dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
    app.click("#gm-opponent-beginner").await;
    app.click("label[for=gm-new-demo]").await;
    set_select(&app, "#gm-new-demo-level", "engine:pbrain-pastimes").await;
    // The engine plays the player's side (black): named by it, with its time a move offered.
    let named = run(&app, "return document.querySelector('#gm-name-black').value").await;
    assert!(named.as_str().unwrap().starts_with("pastimes"), "{named}");
    assert_eq!(
        run(&app, "return [document.querySelector('#gm-engine-choice').hidden, document.querySelector('#gm-move-time').closest('label').hidden, document.querySelector('#gm-engine').closest('label').hidden]").await,
        json!([false, false, true]),
        "its time a move, and no engine to choose for the opponent (the beginner)"
    );
    set_select(&app, "#gm-move-time", "500").await;
    picture(&app, "gomoku-demo-engine-dialog").await;
    app.click("#gomoku-new-dialog button[value=start]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#gomoku-new-dialog')").await;
    app.wait_for("the demo's panel", "return !document.querySelector('#gm-demo').hidden").await;
    set_select(&app, "#gm-pace", "0").await;

    // Watched to the end: each wait is for the next stone or the end.
    let mut moves = String::new();
    for _ in 0..225 {
        let script = format!(
            "const s = document.querySelector('.screen-gomoku');
             return s.dataset.status !== 'playing' ? 'over' : s.dataset.moves !== {moves:?} && s.dataset.moves"
        );
        let state = app.wait_for("the next stone or the end", &script).await;
        if state == json!("over") {
            break;
        }
        moves = state.as_str().unwrap().to_string();
    }
    app.wait_for("the result", "return !document.querySelector('#gm-result').hidden").await;
    picture(&app, "gomoku-demo-over").await;
    // The winner as the side panel names the player holding its colour.
    let winner = run(&app, "return document.querySelector('.screen-gomoku .gm-player.winner')?.id").await;
    let colour = winner.as_str().expect("a winner's card").trim_start_matches("gm-player-").to_string();
    let name = app.text(&format!("#gm-player-{colour} .gm-player-name")).await;
    assert_eq!(app.text("#gm-result-title").await, format!("{name} wins!"));
    let text = app.text("#gm-result-text").await;
    assert!(text.starts_with(&format!("Five {colour} stones in a row, after ")), "{text}");

    app.click("#gm-home").await;
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    let capital = format!("{}{}", colour[..1].to_uppercase(), &colour[1..]);
    app.wait_for(
        "the demo in the history with its winning colour",
        &format!("return [...document.querySelectorAll('#hist-rows tr[data-id]')].some((r) => r.textContent.includes('{capital} won'))"),
    )
    .await;
    picture(&app, "gomoku-demo-history").await;
    app.quit().await;
}
