//! The opening rules beyond Swap2 in the real webview: a Soosõrv-8 game of two people led step by
//! step by the side panel (the areas, the swaps, the declaration, the offers drawn see-through,
//! the choice of one), and Swap1 against the computer in either part.

use crate::gomoku::{classes, count, picture, point, run, wait_panel, STONES};
use crate::gomoku_openings::{app_with_game, place, snapshot};
use crate::harness::App;
use serde_json::json;

/// Waits until the opening panel says `text` (its title line).
async fn says(app: &App, text: &str) {
    let script = format!(
        "return !document.querySelector('#gm-swap2').hidden && document.querySelector('#gm-swap2-text').textContent === {text:?}"
    );
    app.wait_for(&format!("the panel to say {text:?}"), &script).await;
}

/// The buttons the panel shows now: the colours' (`white`, `black`) and the numbers of fifth
/// moves (`offers-2`...).
async fn buttons(app: &App) -> Vec<String> {
    let script =
        "return [...document.querySelectorAll('#gm-swap2 .gm-swap2-choices:not([hidden]) button:not([hidden])')]
                  .map((b) => b.dataset.choice ?? `offers-${b.dataset.offers}`)";
    let shown = run(app, script).await;
    shown.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
}

/// Waits until the message shown is `text` (an earlier message may still be fading).
async fn toast_says(app: &App, text: &str) {
    let script = format!("const t = document.getElementById('toast'); return !t.hidden && t.textContent === {text:?}");
    app.wait_for(&format!("the message {text:?}"), &script).await;
}

#[tokio::test(flavor = "current_thread")]
async fn two_players_open_a_renju_game_with_soosorv8_step_by_step() {
    let (_data, app) = app_with_game(8, "renju", "soosorv8", "human", "black").await;
    says(&app, "Black places the first three stones.").await;
    assert_eq!(app.text("#gm-opening-detail").await, "The stone goes on the centre.");
    assert_eq!(
        run(&app, "return document.querySelector('#gm-swap2').getAttribute('aria-label')").await,
        json!("Soosõrv-8")
    );
    // Off the centre is refused with the reason.
    app.click(&point(0, 0)).await;
    toast_says(&app, "This stone must lie within the central square the opening allows.").await;
    assert_eq!(count(&app, STONES).await, 0);
    place(&app, &[(7, 7)]).await;
    app.wait_for(
        "the 3x3 area",
        "return document.querySelector('#gm-opening-detail').textContent === 'Within the central 3×3 square.'",
    )
    .await;
    place(&app, &[(8, 8), (9, 9)]).await;

    // The second player may swap: they take black.
    says(&app, "White may swap: choose the colour to play.").await;
    assert_eq!(buttons(&app).await, ["white", "black"]);
    assert!(classes(&app, "#gm-player-white").await.contains("to-move"));
    app.click(&point(2, 2)).await;
    toast_says(&app, "First make the opening's decision beside the board.").await;
    assert_eq!(count(&app, STONES).await, 3);
    picture(&app, "gomoku-soosorv8-swap").await;
    app.click("#gm-choose-black").await;
    // The first player ("Black" by name) now holds white and places the 4th anywhere.
    says(&app, "Black places the next stone.").await;
    assert_eq!(app.text("#gm-name-white-shown").await, "Black");
    place(&app, &[(0, 14)]).await;

    // The holder of white declares how many fifth moves black offers: one to eight.
    says(&app, "Black declares how many fifth moves black offers.").await;
    let counts: Vec<String> = (1..=8).map(|n| format!("offers-{n}")).collect();
    assert_eq!(buttons(&app).await, counts);
    picture(&app, "gomoku-soosorv8-declare").await;
    app.click("#gm-offers-2").await;
    // The holder of black may swap again; they keep black.
    says(&app, "White may swap: choose the colour to play.").await;
    app.click("#gm-choose-black").await;

    // Black offers two fifth moves: clicks, drawn see-through, not stones.
    says(&app, "White offers fifth moves: click the points.").await;
    assert_eq!(app.text("#gm-swap2-stones").await, "Fifth moves left to offer: 2");
    app.click(&point(6, 8)).await;
    app.wait_for("the offer", "return document.querySelectorAll('.gm-ghost').length === 1").await;
    app.click(&point(6, 8)).await;
    toast_says(&app, "That point was offered already, or mirrors an offered one.").await;
    app.click(&point(10, 6)).await;
    says(&app, "Black chooses one of the offered fifth moves.").await;
    assert_eq!(count(&app, ".gm-ghost").await, 2);
    assert_eq!(count(&app, STONES).await, 4, "offers are not stones yet");
    assert_eq!(app.text("#gm-opening-detail").await, "Offered: G7, K9.");
    picture(&app, "gomoku-soosorv8-offers").await;

    // White chooses one: elsewhere is refused; the chosen one is the 5th stone, and white plays.
    app.click(&point(3, 3)).await;
    toast_says(&app, "Choose one of the offered fifth moves.").await;
    place(&app, &[(10, 6)]).await;
    app.wait_for("the opening to end", "return document.querySelector('#gm-swap2').hidden").await;
    assert_eq!(count(&app, ".gm-ghost").await, 0);
    assert!(classes(&app, &point(10, 6)).await.contains("black"));
    app.wait_for("white's turn", "return !document.querySelector('#gm-turn').hidden").await;
    place(&app, &[(5, 5)]).await;
    wait_panel(&app, 6).await;
    let snap = snapshot(&app).await;
    assert_eq!(snap["category"], "renju-human-soosorv8");
    assert_eq!(snap["view"]["swap2"]["firstColour"], "white");
    picture(&app, "gomoku-soosorv8-played").await;
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn swap1_against_the_computer_in_either_part() {
    // The player answers: the computer places three stones, the player takes black.
    let (_data, app) = app_with_game(9, "freestyle", "swap1", "easy", "white").await;
    app.wait_for(
        "the player's choice",
        "return !document.querySelector('#gm-swap2').hidden && !document.querySelector('#gm-choose-black').hidden",
    )
    .await;
    assert_eq!(count(&app, STONES).await, 3);
    assert_eq!(buttons(&app).await, ["white", "black"]);
    picture(&app, "gomoku-swap1-choice").await;
    app.click("#gm-choose-black").await;
    // The computer, now white, moves; then the player's stone.
    app.wait_for("the computer's white stone", &format!("return document.querySelectorAll({STONES:?}).length === 4"))
        .await;
    app.wait_for("the player's turn", "return !document.querySelector('#gm-turn').hidden").await;
    let view = snapshot(&app).await["view"].clone();
    assert_eq!((view["humanColour"].as_str(), view["sideToMove"].as_str()), (Some("black"), Some("black")));
    place(&app, &[(2, 12)]).await;
    app.quit().await;

    // The player opens: three stones, and the computer chooses a colour.
    let (_data, app) = app_with_game(9, "freestyle", "swap1", "easy", "black").await;
    place(&app, &[(7, 7), (8, 8), (9, 7)]).await;
    app.wait_for("the opening to end", "return document.querySelector('#gm-swap2').hidden").await;
    let snap = app
        .wait_for(
            "the player's turn",
            "return window.__TAURI__.core.invoke('snapshot', { game: 'gomoku' }).then((s) =>
               !s.computerThinking && !s.view.computerToMove && s)",
        )
        .await;
    assert_eq!(snap["view"]["swap2"]["phase"], "done");
    assert_eq!(snap["category"], "freestyle-easy-swap1");
    let stones = count(&app, STONES).await;
    assert_eq!(stones, if snap["view"]["humanColour"] == "white" { 3 } else { 4 }, "white moves after the choice");
    app.quit().await;
}

/// The New game dialog offers Soosõrv-8 and Taraguchi-10 only under Renju, and falls back to the
/// standard opening when the rule changes away from Renju.
#[tokio::test(flavor = "current_thread")]
async fn the_new_game_dialog_offers_renjus_opening_rules_only_under_renju() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    crate::gomoku::open_gomoku(&app).await;
    app.click("#gm-new").await;
    app.wait_for("the new game dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
    let disabled = |id: &str| format!("return document.getElementById('gm-opening-{id}').disabled");
    app.click("#gm-rule-freestyle").await;
    assert_eq!(run(&app, &disabled("soosorv8")).await, json!(true));
    assert_eq!(run(&app, &disabled("taraguchi10")).await, json!(true));
    assert_eq!(run(&app, &disabled("swap1")).await, json!(false));
    app.click("#gm-rule-renju").await;
    app.click("#gm-opening-taraguchi10").await;
    assert_eq!(run(&app, &disabled("soosorv8")).await, json!(false));
    picture(&app, "gomoku-new-game-openings").await;
    app.click("#gm-rule-caro").await;
    let standard = "return document.getElementById('gm-opening-standard').checked";
    app.wait_for("the standard opening again", standard).await;
    app.quit().await;
}
