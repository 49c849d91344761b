//! Caro chosen in the New game dialog and played by two people in the real webview: a five
//! blocked at both ends does not end the game, a five with a free end wins, and the game is
//! filed under the Caro category.

use crate::gomoku::{classes, count, open_gomoku, picture, point, run, wait_stones};
use crate::harness::App;
use serde_json::json;

#[tokio::test(flavor = "current_thread")]
async fn a_caro_game_goes_on_after_a_blocked_five_and_is_won_by_an_open_one() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    open_gomoku(&app).await;
    app.click("#gm-new").await;
    app.wait_for("the new game dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
    app.click("#gm-rule-caro").await;
    app.click("#gm-opponent-human").await;
    picture(&app, "gomoku-caro-new-game").await;
    app.click("#gomoku-new-dialog button[value=start]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#gomoku-new-dialog')").await;
    app.wait_for("the Caro game", "return document.querySelector('#gm-game-kind').textContent === 'Caro, two players'")
        .await;
    wait_stones(&app, 0).await;

    // Black D8-H8 along row 8 between white's C8 and I8; white's other stones on row 1.
    let blocked = [(3, 7), (2, 7), (4, 7), (8, 7), (5, 7), (0, 14), (6, 7), (2, 14), (7, 7)];
    for (n, (x, y)) in blocked.into_iter().enumerate() {
        app.click(&point(x, y)).await;
        wait_stones(&app, n + 1).await;
    }
    assert!(classes(&app, &point(7, 7)).await.contains("black"));
    let status = run(&app, "return document.querySelector('.screen-gomoku').dataset.status").await;
    assert_eq!(status, json!("playing"), "a five blocked at both ends does not win");
    assert_eq!(count(&app, ".gm-point.win").await, 0);
    assert!(app.text("#gm-turn").await.contains("White to play"), "{}", app.text("#gm-turn").await);
    picture(&app, "gomoku-caro-blocked-five").await;

    // Then black K12-K8 down column K, both ends free: a win.
    let open = [(4, 14), (10, 3), (6, 14), (10, 4), (8, 14), (10, 5), (10, 14), (10, 6), (12, 14), (10, 7)];
    for (n, (x, y)) in open.into_iter().enumerate() {
        app.click(&point(x, y)).await;
        wait_stones(&app, blocked.len() + n + 1).await;
    }
    app.wait_for("the win", "return document.querySelector('.screen-gomoku').dataset.status === 'won'").await;
    let winners =
        run(&app, "return [...document.querySelectorAll('.gm-point.win')].map(p => p.dataset.x + ',' + p.dataset.y)")
            .await;
    assert_eq!(winners, json!(["10,3", "10,4", "10,5", "10,6", "10,7"]));
    app.wait_for("the result", "return !document.querySelector('#gm-result').hidden").await;
    assert_eq!(app.text("#gm-result-title").await, "Black wins!");
    picture(&app, "gomoku-caro-won").await;

    // The backend filed it under Caro between two players, its rule in the view.
    let snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!((snapshot["category"].clone(), snapshot["view"]["rule"].clone()), (json!("caro-human"), json!("caro")));
    assert_eq!(snapshot["moveCount"], 19);
    app.quit().await;
}
