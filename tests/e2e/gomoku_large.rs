//! The 20x20 board chosen in the New game dialog and played in the real webview: Renju offers no
//! 20x20, the board draws twenty lines lettered A to T and numbered 1 to 20, a five beyond the
//! fifteenth line wins for two people, a game against the computer there is played to its end
//! (the player following the hint), and the history lists both under their 20x20 categories.

use crate::gomoku::{count, open_gomoku, picture, point, run, wait_stones};
use crate::hall::wait_rows;
use crate::harness::App;
use serde_json::json;

/// Opens the New game dialog and chooses `rule` on the 20x20 board against `opponent`.
async fn start_large(app: &App, rule: &str, opponent: &str) {
    app.click("#gm-new").await;
    app.wait_for("the new game dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
    app.click(&format!("#gm-rule-{rule}")).await;
    app.click("#gm-size-20").await;
    let opponent = format!("#gm-opponent-{opponent}");
    run(app, &format!("document.querySelector({opponent:?}).scrollIntoView({{block: 'center'}})")).await;
    app.click(&opponent).await;
    app.click("#gomoku-new-dialog button[value=start]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#gomoku-new-dialog')").await;
    app.wait_for("the 20x20 board", "return document.querySelectorAll('.gm-point').length === 400").await;
    wait_stones(app, 0).await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_game_on_the_twenty_board_is_won_beyond_the_fifteenth_line_and_the_computer_plays_there() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    open_gomoku(&app).await;

    // Renju is 15x15 only: choosing it takes the 20x20 board away, and says so.
    app.click("#gm-new").await;
    app.wait_for("the new game dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
    app.click("#gm-size-20").await;
    app.click("#gm-rule-renju").await;
    let board = run(
        &app,
        "return [document.querySelector('#gm-size-20').disabled, document.querySelector('#gm-size-15').checked]",
    )
    .await;
    assert_eq!(board, json!([true, true]), "Renju offers no 20x20");
    assert!(app.text("#gm-size").await.contains("Renju is played on 15×15 only"));
    picture(&app, "gomoku-large-dialog").await;
    app.click("#gomoku-new-dialog button[value=cancel]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#gomoku-new-dialog')").await;

    start_large(&app, "freestyle", "human").await;
    app.wait_for(
        "the game's kind",
        "return document.querySelector('#gm-game-kind').textContent === 'Freestyle, two players, 20×20 board'",
    )
    .await;
    // Twenty columns A..T and twenty rows 1..20, each label on two sides of the board.
    let labels = run(&app, "return [...document.querySelectorAll('.gm-coords text')].map(t => t.textContent)").await;
    let labels: Vec<String> = labels.as_array().unwrap().iter().map(|l| l.as_str().unwrap().to_string()).collect();
    for label in ["A", "I", "O", "P", "T", "1", "15", "16", "20"] {
        assert_eq!(labels.iter().filter(|l| *l == label).count(), 2, "{label} on both sides: {labels:?}");
    }
    assert!(!labels.iter().any(|l| l == "U" || l == "21"));
    assert_eq!(count(&app, ".gm-stars circle").await, 4, "D4, Q4, D17 and Q17");

    // Black along the bottom row, P1 to T1, all beyond the 15x15 board; white on row 5.
    let stones = [(15, 19), (0, 15), (16, 19), (2, 15), (17, 19), (4, 15), (18, 19), (6, 15), (19, 19)];
    for (n, (x, y)) in stones.into_iter().enumerate() {
        app.click(&point(x, y)).await;
        wait_stones(&app, n + 1).await;
    }
    app.wait_for("the win", "return document.querySelector('.screen-gomoku').dataset.status === 'won'").await;
    let winners =
        run(&app, "return [...document.querySelectorAll('.gm-point.win')].map(p => p.dataset.x + ',' + p.dataset.y)")
            .await;
    assert_eq!(winners, json!(["15,19", "16,19", "17,19", "18,19", "19,19"]));
    let moves = run(&app, "return [...document.querySelectorAll('#gm-moves li')].map(li => li.textContent)").await;
    assert!(moves.to_string().contains("T1"), "the move list names T1: {moves}");
    picture(&app, "gomoku-large-won").await;
    let snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(
        (snapshot["category"].clone(), snapshot["view"]["size"].clone()),
        (json!("freestyle-human-20x20"), json!(20))
    );

    // Against the computer on the large board, to its end: the player follows the hint (the
    // game is then assisted, and still in the history under its category).
    start_large(&app, "freestyle", "beginner").await;
    app.click(&point(18, 1)).await;
    wait_stones(&app, 2).await;
    let mut warned = false;
    for turn in 1..60 {
        let status = run(&app, "return document.querySelector('.screen-gomoku').dataset.status").await;
        if status != json!("playing") {
            break;
        }
        app.wait_for(
            "the player's turn",
            "return document.querySelector('.screen-gomoku').dataset.thinking === 'false'",
        )
        .await;
        app.click("#gm-hint").await;
        if !warned {
            app.wait_for("the warning", "return document.querySelector('#assist-dialog[open]')").await;
            app.click("#assist-dialog button[value=continue]").await;
            warned = true;
        }
        let hinted = app
            .wait_for(
                "the hint's mark",
                "const p = document.querySelector('.gm-point.hinted'); return p && [Number(p.dataset.x), Number(p.dataset.y)]",
            )
            .await;
        let (x, y) = (hinted[0].as_u64().unwrap() as u8, hinted[1].as_u64().unwrap() as u8);
        app.click(&point(x, y)).await;
        let played = 2 * turn + 1;
        app.wait_for(
            "the stone and the answer",
            &format!(
                "const root = document.querySelector('.screen-gomoku');
                 const n = document.querySelectorAll('.gm-point.black, .gm-point.white').length;
                 return (root.dataset.status !== 'playing' && n >= {played}) || (n === {played} + 1 && root.dataset.thinking === 'false')"
            ),
        )
        .await;
    }
    app.wait_for("the end", "return document.querySelector('.screen-gomoku').dataset.status !== 'playing'").await;
    let snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(
        (snapshot["category"].clone(), snapshot["view"]["size"].clone()),
        (json!("freestyle-beginner-20x20"), json!(20))
    );
    picture(&app, "gomoku-large-computer").await;

    // The history lists both games; its category filter names the 20x20 one as a player reads it.
    app.click("#gm-home").await;
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    wait_rows(&app, 2).await;
    let choose = |css: &str, value: &str| {
        format!(
            "const select = document.querySelector('{css}'); select.value = '{value}';
             select.dispatchEvent(new Event('change', {{ bubbles: true }})); return true"
        )
    };
    run(&app, &choose("#hist-game", "gomoku")).await;
    let label = app
        .wait_for(
            "the 20x20 category in the filter",
            "const o = document.querySelector('#hist-category option[value=\"freestyle-beginner-20x20\"]'); return o && o.textContent",
        )
        .await;
    assert_eq!(label, json!("Freestyle against the computer (beginner), 20×20 board"));
    run(&app, &choose("#hist-category", "freestyle-beginner-20x20")).await;
    wait_rows(&app, 1).await;
    picture(&app, "gomoku-large-history").await;
    app.quit().await;
}
