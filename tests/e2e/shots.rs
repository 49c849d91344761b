//! Screenshots of each game as a player sees it (new, in progress, paused, won or over, and
//! watched from the history), in the light and the dark theme, from fixed seeds: compare two
//! runs' target/e2e-shots/shot-*.png to see what a change of the page did to its looks
//! (ImageMagick: `compare -metric AE before.png after.png null:`). The clocks are the only
//! parts that depend on the run's timing (Minesweeper's counter, Gomoku's seconds).

use crate::gomoku::{picture, run, wait_stones};
use crate::harness::App;
use crate::minesweeper::{cell, win_by_clicking};
use crate::watch::largest_group;
use pastimes_games::bubbles::{Bubbles, Move as BubbleMove, Params as BubbleParams, Style};
use pastimes_games::minesweeper::Params;
use pastimes_games::Game;
use serde_json::json;

const THEMES: [&str; 2] = ["light", "dark"];

async fn set_theme(app: &App, theme: &str) {
    app.invoke("set_setting", json!({"key": "theme", "value": theme})).await.unwrap();
    app.wait_for("the theme", &format!("return document.documentElement.dataset.theme === '{theme}'")).await;
}

/// The newest game of the history in the watch view, shown at its end.
async fn watch_newest_at_its_end(app: &App, name: &str) {
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    app.wait_for("the history's rows", "return document.querySelector('#hist-rows tr[data-id] .watch-record')").await;
    app.click("#hist-rows tr[data-id]:first-child .watch-record").await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
    picture(app, &format!("{name}-dealt")).await;
    app.click("#watch-end").await;
    app.wait_for("the last move", "return document.querySelector('.screen-watch')?.dataset.atEnd === 'true'").await;
    picture(app, &format!("{name}-end")).await;
    app.click("#watch-back").await;
    app.wait_for("the history again", "return document.querySelector('.screen-hall')?.dataset.tab === 'history'").await;
    app.click("#hall-home").await;
    app.wait_for("home", "return document.querySelector('.screen-home')").await;
}

/// Pauses the game of the screen `game` (its controls' `prefix`), pictures its cover, and resumes.
async fn paused_picture(app: &App, prefix: &str, game: &str, name: &str) {
    let paused = |value: bool| format!("return document.querySelector('.screen-{game}').dataset.paused === '{value}'");
    app.click(&format!("#{prefix}-pause")).await;
    app.wait_for("the cover", &paused(true)).await;
    picture(app, name).await;
    // Its words stand in the middle of the cover, clear of its edges, as its button does.
    let words = format!(
        "const cover = document.getElementById('{prefix}-paused').getBoundingClientRect();
         const range = document.createRange();
         range.selectNodeContents(document.querySelector('#{prefix}-paused p'));
         const text = range.getBoundingClientRect();
         const left = text.left - cover.left, right = cover.right - text.right;
         return [Math.round(left), Math.round(right)];"
    );
    let margins: Vec<i64> = serde_json::from_value(app.client.execute(&words, vec![]).await.unwrap()).unwrap();
    assert!(margins.iter().all(|&m| m >= 8) && (margins[0] - margins[1]).abs() <= 3, "{name}: {margins:?}");
    app.click(&format!("#{prefix}-resume")).await;
    app.wait_for("the board again", &paused(false)).await;
}

/// Leaves the screen for home (which pauses its game) and resumes the game there, so that the
/// rest of it is played through the page's commands.
async fn leave_and_resume(app: &App, prefix: &str, game: &str) {
    app.click(&format!("#{prefix}-home")).await;
    app.wait_for("home", "return document.querySelector('.screen-home')").await;
    let _ = app.invoke("resume", json!({ "game": game })).await;
}

#[tokio::test(flavor = "current_thread")]
async fn minesweeper_in_each_state_and_theme() {
    const SEED: u64 = 31;
    for theme in THEMES {
        let name = |state: &str| format!("shot-{theme}-minesweeper-{state}");
        let data = tempfile::tempdir().unwrap();
        let app = App::launch(data.path(), Some(SEED)).await;
        set_theme(&app, theme).await;
        app.invoke("new_game", json!({"game": "minesweeper", "params": {"level": "beginner", "noGuess": false}}))
            .await
            .unwrap();
        app.click("#open-minesweeper").await;
        app.wait_for("the beginner field", "return document.querySelectorAll('.ms-cell').length === 81").await;
        picture(&app, &name("new")).await;
        win_by_clicking(&app, &Params::beginner(), SEED, (4, 4)).await;
        app.wait_for("the record dialog", "return document.querySelector('#record-dialog[open]')").await;
        app.find("#record-name").await.send_keys("Ada").await.unwrap();
        app.click("#record-dialog button[value=save]").await;
        app.wait_for("the dialog to close", "return !document.querySelector('#record-dialog')").await;
        picture(&app, &name("won")).await;

        app.click("#ms-face").await;
        app.wait_for("a new field", "return document.querySelector('.screen-minesweeper').dataset.status === 'playing' && !document.querySelector('.ms-cell.open')").await;
        app.click(&cell(4, 4)).await;
        app.wait_for("an open area", "return document.querySelector('.ms-cell.open')").await;
        paused_picture(&app, "ms", "minesweeper", &name("paused")).await;
        picture(&app, &name("progress")).await;
        app.click("#ms-home").await;
        watch_newest_at_its_end(&app, &name("watched")).await;
        app.quit().await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn bubble_breaker_in_each_state_and_theme() {
    const SEED: u64 = 3;
    for theme in THEMES {
        let name = |state: &str| format!("shot-{theme}-bubbles-{state}");
        let data = tempfile::tempdir().unwrap();
        let app = App::launch(data.path(), Some(SEED)).await;
        set_theme(&app, theme).await;
        app.invoke("new_game", json!({"game": "bubbles", "params": {"style": "standard"}})).await.unwrap();
        app.click("#open-bubbles").await;
        app.wait_for("the field", "return document.querySelectorAll('.bb-cell.ball').length === 121").await;
        picture(&app, &name("new")).await;
        let mut twin = Bubbles::new(&BubbleParams::new(Style::Standard), SEED).unwrap();
        let (x, y) = largest_group(&twin).unwrap();
        let ball = format!(".bb-cell[data-x='{x}'][data-y='{y}']");
        app.click(&ball).await;
        app.wait_for("the selection", "return document.querySelector('.bb-cell.selected')").await;
        picture(&app, &name("selected")).await;
        app.click(&ball).await;
        twin.apply(&BubbleMove::Pop { x: x as i64, y: y as i64 }).unwrap();
        app.wait_for("the score", "return Number(document.querySelector('.screen-bubbles').dataset.score) > 0").await;
        // The pop's animation is over.
        app.wait_for("the pop", "return !document.querySelector('.bb-cell.moving, .bb-cell.entering, .bb-ghost')")
            .await;
        picture(&app, &name("progress")).await;
        paused_picture(&app, "bb", "bubbles", &name("paused")).await;
        leave_and_resume(&app, "bb", "bubbles").await;
        while let Some((x, y)) = largest_group(&twin) {
            twin.apply(&BubbleMove::Pop { x: x as i64, y: y as i64 }).unwrap();
            app.invoke("play", json!({"game": "bubbles", "move": {"action": "pop", "x": x, "y": y}})).await.unwrap();
        }
        app.click("#open-bubbles").await;
        app.wait_for("the best line", "const b = document.querySelector('#bb-over-watch'); return b && !b.hidden")
            .await;
        picture(&app, &name("over")).await;
        app.click("#bb-home").await;
        watch_newest_at_its_end(&app, &name("watched")).await;
        app.quit().await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn gomoku_in_each_state_and_theme() {
    for theme in THEMES {
        let name = |state: &str| format!("shot-{theme}-gomoku-{state}");
        let data = tempfile::tempdir().unwrap();
        let app = App::launch(data.path(), Some(1)).await;
        set_theme(&app, theme).await;
        app.invoke("new_game", json!({"game": "gomoku", "params": {"opponent": "human"}})).await.unwrap();
        app.click("#open-gomoku").await;
        app.wait_for("the board", "return document.querySelectorAll('.gm-point').length === 225").await;
        picture(&app, &name("new")).await;
        // Black along row 7 from D8 to H8, white under it: three stones by clicking.
        let moves = [(3, 7), (3, 8), (4, 7), (4, 8), (5, 7), (5, 8), (6, 7), (6, 8), (7, 7)];
        for (index, (x, y)) in moves[..3].iter().enumerate() {
            app.click(&format!(".gm-point[data-x='{x}'][data-y='{y}']")).await;
            wait_stones(&app, index + 1).await;
        }
        app.wait_for("the panel", "return document.querySelector('.screen-gomoku').dataset.moves === '3'").await;
        // Away from the board, so that no stone is previewed under the mouse.
        run(&app, "document.activeElement?.blur(); return true").await;
        app.client
            .execute(
                "document.querySelector('.gm-grid').dispatchEvent(new MouseEvent('mouseleave')); return true",
                vec![],
            )
            .await
            .unwrap();
        picture(&app, &name("progress")).await;
        paused_picture(&app, "gm", "gomoku", &name("paused")).await;
        leave_and_resume(&app, "gm", "gomoku").await;
        for (x, y) in &moves[3..] {
            app.invoke("play", json!({"game": "gomoku", "move": {"x": x, "y": y}})).await.unwrap();
        }
        app.click("#open-gomoku").await;
        app.wait_for("the result", "const r = document.querySelector('#gm-result'); return r && !r.hidden").await;
        // The engine's review done (its button shows), or none under way.
        app.wait_for(
            "the review",
            "const r = document.querySelector('#gm-review'); return r && (!r.hidden || document.querySelector('#gm-review-wait').hidden)",
        )
        .await;
        picture(&app, &name("won")).await;
        app.click("#gm-home").await;
        watch_newest_at_its_end(&app, &name("watched")).await;
        app.quit().await;
    }
}
