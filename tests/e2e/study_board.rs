//! Gomoku's study board in the real webview: opened from a game in progress (which is then
//! assisted, after the shared warning), a position set up through its dialog on which the
//! engine shows white's forced win with its line drawn as numbered ghost stones, stones placed
//! and taken back with the mouse and the keyboard, Renju's forbidden point marked, the engine
//! stopped with P; and the board opened from a finished game's review and from the watch view
//! at the position shown there, each Back button going back where it came from.

use crate::gomoku::{open_gomoku, picture, point, run, wait_stones};
use crate::harness::App;
use serde_json::{json, Value};

const CTRL_Z: &str = "\u{E009}z\u{E000}";
const GRID: &str = "#study-grid";
/// The board's point with the keyboard cursor: the one that takes the focus.
const CURSOR: &str = "#study-grid .gm-point[tabindex='0']";

/// The stones on the study board.
async fn board_stones(app: &App) -> u64 {
    let script = format!("return document.querySelectorAll('{GRID} .gm-point.black, {GRID} .gm-point.white').length");
    run(app, &script).await.as_u64().unwrap()
}

async fn wait_board_stones(app: &App, n: u64) {
    let script =
        format!("return document.querySelectorAll('{GRID} .gm-point.black, {GRID} .gm-point.white').length === {n}");
    app.wait_for(&format!("{n} stones on the study board"), &script).await;
}

fn board_point(x: u8, y: u8) -> String {
    format!("{GRID} {}", point(x, y))
}

/// Sets up a position through the board's own dialog, as a player pastes one.
pub(crate) async fn set_up(app: &App, moves: &str, stones: u64) {
    app.click("#study-paste").await;
    app.wait_for("the set-up dialog", "return document.querySelector('#study-paste-dialog')?.open").await;
    app.find("#study-paste-text").await.send_keys(moves).await.unwrap();
    app.click("#study-paste-dialog button[value='open']").await;
    wait_board_stones(app, stones).await;
}

/// The engine's look as the panel shows it.
async fn panel(app: &App) -> Value {
    run(
        app,
        "const q = (css) => document.querySelector(css);
         return { state: q('.screen-gomoku-study-board').dataset.state, score: q('#study-score').textContent,
                  forced: q('#study-forced').hidden ? null : q('#study-forced').textContent,
                  winner: q('#study-forced').dataset.winner ?? null,
                  choices: [...document.querySelectorAll('#study-choices .study-choice')].map((b) => b.dataset.point),
                  ghosts: [...document.querySelectorAll('#study-board .gm-ghost')].map((g) => [g.dataset.point, g.dataset.number]),
                  line: q('#study-line').textContent, status: q('#study-status').textContent,
                  bar: q('#study-bar').getAttribute('aria-valuenow') }",
    )
    .await
}

/// The ink of the board on the screen `screen` (a class): its lines' stroke and the colours its
/// stones' canvas reads from the stylesheet. Every screen draws the same board: the study
/// board once had none of them (no lines at all, white Renju crosses).
async fn board_ink(app: &App, screen: &str) -> Value {
    let script = format!(
        "const board = document.querySelector('{screen} .gm-board');
         const canvas = getComputedStyle(board.querySelector('canvas'));
         return [getComputedStyle(board.querySelector('.gm-rule')).stroke,
                 ...['mark', 'win', 'forbidden', 'hint'].map((name) => canvas.getPropertyValue(`--gm-${{name}}`).trim())]"
    );
    run(app, &script).await
}

#[tokio::test(flavor = "current_thread")]
async fn the_study_board_shows_a_forced_win_and_takes_stones_for_both_sides() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    open_gomoku(&app).await;
    app.click(&point(7, 7)).await;
    wait_stones(&app, 1).await;
    app.click(&point(8, 8)).await;
    wait_stones(&app, 2).await;
    let could_rank = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap()["canRank"] == json!(true);

    // From the game in progress: the shared warning first when the game could rank.
    app.click("#gm-study").await;
    if could_rank {
        app.wait_for("the warning", "return document.querySelector('#assist-dialog')?.open").await;
        app.click("#assist-dialog button[value='continue']").await;
    }
    app.wait_for("the study board", "return document.querySelectorAll('#study-grid .gm-point').length === 225").await;
    wait_board_stones(&app, 2).await;
    assert_eq!(app.text("#study-back").await, "Back to the game");
    app.wait_for("a first look", "return document.querySelector('#study-choices .study-choice')").await;
    let game = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(game["assistance"]["hints"], json!(1), "the game in progress is assisted: {game}");

    // White to move with an open three: the engine finds white's win and draws its line.
    set_up(&app, "A1 F9 C1 G9 E1 H9 A15", 7).await;
    let shown = app
        .wait_for("white's forced win", "return document.querySelector('#study-forced').dataset.winner === 'white'")
        .await;
    assert_eq!(shown, json!(true));
    let look = panel(&app).await;
    assert!(look["forced"].as_str().unwrap().starts_with("White wins by force in"), "{look}");
    assert_eq!(look["score"], "White wins by force");
    assert_eq!(look["bar"], "-10000");
    let ghosts = look["ghosts"].as_array().unwrap();
    assert!(!ghosts.is_empty() && ghosts[0][1] == "1", "the line is numbered from 1: {look}");
    let first = ghosts[0][0].as_str().unwrap();
    assert!(look["line"].as_str().unwrap().starts_with(first), "the text and the ghosts agree: {look}");
    assert_eq!(look["choices"][0], json!(first), "the best move heads the line: {look}");
    picture(&app, "gomoku-study-board-forced-win").await;
    app.invoke("set_setting", json!({"key": "theme", "value": "dark"})).await.unwrap();
    app.wait_for("the dark theme", "return document.documentElement.dataset.theme === 'dark'").await;
    picture(&app, "gomoku-study-board-dark").await;
    app.invoke("set_setting", json!({"key": "theme", "value": "light"})).await.unwrap();
    app.wait_for("the light theme", "return document.documentElement.dataset.theme === 'light'").await;

    // Taken back with Ctrl+Z on the board; a stone placed with the mouse; the old look is gone.
    app.find(CURSOR).await.send_keys(CTRL_Z).await.unwrap();
    wait_board_stones(&app, 6).await;
    app.click(&board_point(12, 2)).await;
    wait_board_stones(&app, 7).await;
    app.wait_for("a look at the new position", "return document.querySelector('#study-choices .study-choice')").await;
    // A best move played from the list.
    app.click("#study-choice-0").await;
    wait_board_stones(&app, 8).await;
    // Another language draws the board again as it is, not as the game it came from.
    app.invoke("set_setting", json!({"key": "language", "value": "de"})).await.unwrap();
    app.wait_for("German", "return document.body.dataset.language === 'de'").await;
    wait_board_stones(&app, 8).await;
    app.invoke("set_setting", json!({"key": "language", "value": "en"})).await.unwrap();
    app.wait_for("English", "return document.body.dataset.language === 'en'").await;
    wait_board_stones(&app, 8).await;

    // Under Renju black's double three is marked, and a rule that would forbid a stone on the
    // board is refused with the board unchanged.
    set_up(&app, "G8 A1 H8 A3 F10 A5 F9 A7", 8).await;
    app.click("#study-rule").await;
    app.click("#study-rule option[value='renju']").await;
    app.wait_for(
        "the forbidden point",
        &format!("return document.querySelector({:?})?.classList.contains('forbidden')", board_point(5, 7)),
    )
    .await;
    assert_eq!(run(&app, "return document.querySelector('#study-rule').value").await, "renju");
    picture(&app, "gomoku-study-board-renju").await;
    app.click(&board_point(5, 7)).await;
    app.wait_for("the refusal", "return document.querySelector('#toast:not([hidden])')?.textContent").await;
    assert_eq!(board_stones(&app).await, 8, "a forbidden point takes no stone");

    // P stops the engine and starts it again.
    app.find(CURSOR).await.send_keys("p").await.unwrap();
    app.wait_for(
        "the engine off",
        "return document.querySelector('#study-engine').getAttribute('aria-pressed') === 'false'",
    )
    .await;
    assert!(app.text("#study-status").await.contains("The engine is off"));
    assert_ne!(panel(&app).await["state"], "thinking");
    app.find(CURSOR).await.send_keys("p").await.unwrap();
    app.wait_for(
        "the engine on",
        "return document.querySelector('#study-engine').getAttribute('aria-pressed') === 'true'",
    )
    .await;

    // Back to the game, paused while it was left: resumed, its two stones as they were.
    app.click("#study-back").await;
    app.wait_for("the game again", "return document.querySelector('.screen-gomoku')?.dataset.paused === 'true'").await;
    app.click("#gm-resume").await;
    wait_stones(&app, 2).await;
    let engine = app.invoke("study_board", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(engine["thinking"], json!(false), "the engine rests once the board is left: {engine}");
    app.quit().await;
}

/// Black's five on row 8 from H8 while white plays the corners.
const BLACK: [(u8, u8); 5] = [(7, 7), (8, 7), (9, 7), (10, 7), (11, 7)];
const WHITE: [(u8, u8); 4] = [(0, 0), (0, 14), (14, 14), (14, 0)];

#[tokio::test(flavor = "current_thread")]
async fn a_reviewed_and_a_watched_game_open_the_study_board_at_the_position_shown() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    open_gomoku(&app).await;
    for n in 0..BLACK.len() + WHITE.len() {
        let (x, y) = if n % 2 == 0 { BLACK[n / 2] } else { WHITE[n / 2] };
        app.click(&point(x, y)).await;
        wait_stones(&app, n + 1).await;
    }
    app.wait_for("the review button", "return !document.querySelector('#gm-review').hidden").await;
    let ink = board_ink(&app, ".screen-gomoku").await;
    assert_eq!(ink[0], json!("rgb(58, 38, 14)"), "the lines' ink: {ink}");
    assert!(ink.as_array().unwrap().iter().all(|colour| colour.as_str().is_some_and(|c| !c.is_empty())), "{ink}");
    app.click("#gm-review").await;
    app.wait_for("the review", "return document.querySelector('.screen-gomoku-review')?.dataset.state === 'ready'")
        .await;
    assert_eq!(board_ink(&app, ".screen-gomoku-review").await, ink);
    // The review's last mistake shown; the board opens there.
    let last = "const b = [...document.querySelectorAll('#gmr-mistakes button.gmr-mistake')]; return b[b.length - 1]";
    run(&app, &format!("(() => {{ {last} }})().click(); return true")).await;
    let chosen = run(&app, &format!("return (() => {{ {last} }})().id")).await;
    app.wait_for("the last mistake", &format!("return (() => {{ {last} }})().getAttribute('aria-current') === 'true'"))
        .await;
    let at = run(&app, "return Number(document.querySelector('.screen-gomoku-review').dataset.shown)").await;
    let at = at.as_u64().unwrap();
    app.click("#gmr-study").await;
    app.wait_for("the study board", "return document.querySelector('.screen-gomoku-study-board')").await;
    wait_board_stones(&app, at).await;
    assert_eq!(app.text("#study-back").await, "Back to the review");
    assert_eq!(board_ink(&app, ".screen-gomoku-study-board").await, ink, "the study board draws the same board");
    app.wait_for("a first look", "return document.querySelector('#study-choices .study-choice')").await;
    app.click("#study-back").await;
    app.wait_for(
        "the review again",
        "return document.querySelector('.screen-gomoku-review')?.dataset.state === 'ready'",
    )
    .await;
    let current = run(&app, "return document.querySelector('#gmr-mistakes [aria-current]')?.id").await;
    assert_eq!(current, chosen, "back at the mistake it was studied from");

    // From the watch view, at the end of the game: the five on the board, nothing to think about.
    app.click("#gmr-back").await;
    app.wait_for("the game", "return document.querySelector('.screen-gomoku')?.dataset.status === 'won'").await;
    app.click("#gm-home").await;
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    app.wait_for("the history's rows", "return document.querySelector('#hist-rows tr[data-id] .watch-record')").await;
    app.click("#hist-rows tr[data-id]:first-child .watch-record").await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
    app.click("#watch-end").await;
    app.wait_for("the last move", "return document.querySelector('.screen-watch')?.dataset.atEnd === 'true'").await;
    assert_eq!(board_ink(&app, ".screen-watch").await, ink);
    app.click("#watch-study").await;
    wait_board_stones(&app, 9).await;
    let status = app
        .wait_for("the board's word on the five", "return document.querySelector('#study-status').textContent")
        .await;
    assert_eq!(status, json!("Black has five. Take a stone back to go on."));
    assert_eq!(app.text("#study-back").await, "Back to the game watched");
    // Back at the move it was studied from.
    app.click("#study-back").await;
    app.wait_for("the watch view again", "return document.querySelector('.screen-watch')?.dataset.index === '9'").await;
    app.quit().await;
}
