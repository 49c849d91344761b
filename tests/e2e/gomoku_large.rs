//! The 20x20 board chosen in the New game dialog and played in the real webview: Renju offers no
//! 20x20, the board draws twenty lines lettered A to T and numbered 1 to 20, a five beyond the
//! fifteenth line wins for two people, the computer answers on the large board, and the games
//! are filed under their 20x20 categories.

use crate::gomoku::{count, open_gomoku, picture, point, run, wait_stones};
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

    // Against the computer on the large board: it answers a stone in the far corner.
    start_large(&app, "exactFive", "medium").await;
    app.click(&point(18, 1)).await;
    wait_stones(&app, 2).await;
    app.wait_for(
        "the computer to finish",
        "return document.querySelector('.screen-gomoku').dataset.thinking === 'false'",
    )
    .await;
    let snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(snapshot["category"], json!("exactFive-medium-20x20"));
    let reply = &snapshot["view"]["moves"][1];
    let (x, y) = (reply["x"].as_u64().unwrap(), reply["y"].as_u64().unwrap());
    assert!(x.abs_diff(18) <= 2 && y.abs_diff(1) <= 2, "the computer answers near S19: {reply}");
    picture(&app, "gomoku-large-computer").await;
    app.quit().await;
}
