//! Gomoku for serious players in the real webview: Renju's forbidden points shown as crosses and
//! refused, the Swap2 opening against the computer, and the hint's mark on the board.

use crate::gomoku::{classes, count, open_gomoku, picture, point, run, wait_panel, wait_stones, STONES};
use crate::harness::App;
use serde_json::{json, Value};

/// Starts a game through the New game dialog with the given choices (the ids' endings:
/// `rule` "renju", `opening` "swap2", `opponent` "easy", `colour` "white").
pub(crate) async fn start_game(app: &App, rule: &str, opening: &str, opponent: &str, colour: &str) {
    app.click("#gm-new").await;
    app.wait_for("the new game dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
    app.click(&format!("#gm-rule-{rule}")).await;
    app.click(&format!("#gm-opening-{opening}")).await;
    app.click(&format!("#gm-opponent-{opponent}")).await;
    if opponent != "human" {
        app.click(&format!("#gm-colour-{colour}")).await;
    }
    app.click("#gomoku-new-dialog button[value=start]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#gomoku-new-dialog')").await;
}

/// The app on a fresh data folder (kept alive by the folder returned), on the Gomoku screen, with
/// a game started with the given choices.
pub(crate) async fn app_with_game(
    seed: u64,
    rule: &str,
    opening: &str,
    opponent: &str,
    colour: &str,
) -> (tempfile::TempDir, App) {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(seed)).await;
    open_gomoku(&app).await;
    start_game(&app, rule, opening, opponent, colour).await;
    (data, app)
}

pub(crate) async fn snapshot(app: &App) -> Value {
    app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap()
}

/// The canvas's alpha at the centre of the point (x, y): 0 where nothing is painted.
async fn painted_at(app: &App, x: u8, y: u8) -> u64 {
    let script = format!(
        "const c = document.querySelector('canvas.gm-stones');
         const unit = c.width / 15;
         return c.getContext('2d').getImageData(Math.floor(({x} + 0.5) * unit), Math.floor(({y} + 0.5) * unit), 1, 1).data[3];"
    );
    run(app, &script).await.as_u64().unwrap()
}

pub(crate) async fn toast(app: &App) -> Value {
    app.wait_for("the message", "const t = document.getElementById('toast'); return !t.hidden && t.textContent").await
}

#[tokio::test(flavor = "current_thread")]
async fn renju_shows_blacks_forbidden_double_three_and_refuses_it() {
    let (_data, app) = app_with_game(4, "renju", "standard", "human", "black").await;
    app.wait_for("a Renju game", "return document.querySelector('#gm-game-kind').textContent.startsWith('Renju')")
        .await;
    // Black: H8 and I8 across, J7 and J6 down; white far off in the corners. J8 (9, 7) would make
    // two open threes at once, a double three.
    let moves = [(7, 7), (0, 0), (8, 7), (14, 0), (9, 9), (0, 14), (9, 8), (14, 14)];
    for (n, (x, y)) in moves.into_iter().enumerate() {
        app.click(&point(x, y)).await;
        wait_stones(&app, n + 1).await;
    }
    let view = snapshot(&app).await["view"].clone();
    assert!(view["forbidden"].as_array().unwrap().contains(&json!({"x": 9, "y": 7})), "{}", view["forbidden"]);
    app.wait_for("the crosses", &format!("return document.querySelector(\"{}.forbidden\")", point(9, 7))).await;
    assert_eq!(count(&app, ".gm-point.forbidden").await, view["forbidden"].as_array().unwrap().len() as u64);
    let label =
        run(&app, &format!("return document.querySelector({:?}).getAttribute('aria-label')", point(9, 7))).await;
    assert_eq!(label, json!("J8, empty, forbidden for black"));
    assert!(painted_at(&app, 9, 7).await > 0, "a cross is painted on the forbidden point");
    assert_eq!(painted_at(&app, 11, 11).await, 0, "nothing on an allowed empty point");
    wait_panel(&app, 8).await;
    picture(&app, "gomoku-renju-forbidden").await;

    // A click there is refused with the reason, and nothing changes.
    app.click(&point(9, 7)).await;
    assert_eq!(toast(&app).await, json!("Black may not play a double three here (Renju)."));
    assert_eq!(count(&app, STONES).await, 8);
    assert!(classes(&app, &point(9, 7)).await.contains("empty"));
    assert!(classes(&app, "#gm-player-black").await.contains("to-move"), "still black's turn");
    assert_eq!(snapshot(&app).await["moveCount"], 8);

    // Black plays elsewhere: white to move, so no crosses.
    app.click(&point(3, 11)).await;
    wait_stones(&app, 9).await;
    assert_eq!(count(&app, ".gm-point.forbidden").await, 0);
    assert_eq!(painted_at(&app, 9, 7).await, 0, "the cross is gone while white is to move");
    app.quit().await;
}

/// Waits until the Swap2 panel offers the player exactly `choices`; returns its text.
async fn wait_choices(app: &App, choices: &[&str]) -> String {
    let shown = choices.iter().map(|c| format!("'{c}'")).collect::<Vec<_>>().join(",");
    let script = format!(
        "const panel = document.querySelector('#gm-swap2');
         if (panel.hidden || panel.querySelector('.gm-swap2-choices').hidden) return false;
         const open = [...panel.querySelectorAll('button:not([hidden])')].map((b) => b.dataset.choice);
         return open.join() === [{shown}].join() && document.querySelector('#gm-swap2-text').textContent"
    );
    app.wait_for(&format!("the choices {choices:?}"), &script).await.as_str().unwrap_or_default().to_string()
}

/// Clicks the stones at `points`, one after another, each shown before the next (the computer
/// may place more of its own at once).
pub(crate) async fn place(app: &App, points: &[(u8, u8)]) {
    for &(x, y) in points {
        app.click(&point(x, y)).await;
        let script = format!("return !document.querySelector({:?}).classList.contains('empty')", point(x, y));
        app.wait_for(&format!("a stone on {x}, {y}"), &script).await;
    }
}

/// Waits until `text` was said to screen readers (recorded in `window.told`).
async fn told(app: &App, text: &str) {
    let script = format!("return window.told.includes({text:?})");
    app.wait_for(&format!("'{text}' to be said"), &script).await;
}

#[tokio::test(flavor = "current_thread")]
async fn two_players_open_with_swap2_and_the_first_chooses_the_colour() {
    let (_data, app) = app_with_game(6, "freestyle", "swap2", "human", "black").await;
    app.wait_for("the opening", "return !document.querySelector('#gm-swap2').hidden").await;
    assert_eq!(app.text("#gm-swap2-text").await, "Black places the first three stones.");
    assert_eq!(app.text("#gm-swap2-stones").await, "Stones left to place: 3 (next: black)");
    assert!(app.find("#gm-turn").await.attr("hidden").await.unwrap().is_some(), "the Swap2 panel says whose turn");
    place(&app, &[(7, 7), (8, 7)]).await;
    app.wait_for(
        "one stone left",
        "return document.querySelector('#gm-swap2-stones').textContent.includes('1 (next: black)')",
    )
    .await;
    assert!(classes(&app, "#gm-player-black").await.contains("to-move"), "the first player places all three");
    place(&app, &[(8, 8)]).await;

    // The second player chooses; a stone now is refused with the reason.
    let text = wait_choices(&app, &["white", "black", "placeTwo"]).await;
    assert_eq!(text, "White chooses: play white, play black, or place two more stones.");
    assert!(classes(&app, "#gm-player-white").await.contains("to-move"));
    picture(&app, "gomoku-swap2-choice").await;
    app.click(&point(2, 2)).await;
    assert_eq!(toast(&app).await, json!("First make the Swap2 choice beside the board."));
    assert_eq!(count(&app, STONES).await, 3);

    // Two more stones, then the first player chooses the colour.
    app.click("#gm-choose-placeTwo").await;
    app.wait_for(
        "two stones to place",
        "return document.querySelector('#gm-swap2-stones').textContent.includes('2 (next: white)')",
    )
    .await;
    place(&app, &[(6, 6), (9, 9)]).await;
    let text = wait_choices(&app, &["white", "black"]).await;
    assert_eq!(text, "Black chooses the colour: white or black.");
    app.click("#gm-choose-white").await;
    app.wait_for("the opening to end", "return document.querySelector('#gm-swap2').hidden").await;
    let view = snapshot(&app).await["view"].clone();
    assert_eq!(view["swap2"]["firstColour"], "white");
    assert_eq!(view["sideToMove"], "white");
    // The first player ("Black" by name) now holds white and moves.
    app.wait_for("white's turn", "return !document.querySelector('#gm-turn').hidden").await;
    assert_eq!(app.text("#gm-name-white-shown").await, "Black");
    place(&app, &[(3, 3)]).await;
    assert!(classes(&app, &point(3, 3)).await.contains("white"));
    let settings = app.invoke("get_settings", json!({})).await.unwrap();
    assert_eq!(settings["gomokuParams"]["opening"], "swap2");
    app.quit().await;
}

/// The player opens; the computer's decisions (and any stones it places) arrive as snapshot
/// events, are told to screen readers, and the game goes on to the player's next turn.
#[tokio::test(flavor = "current_thread")]
async fn the_player_opens_swap2_and_the_computer_answers() {
    let (_data, app) = app_with_game(6, "freestyle", "swap2", "easy", "black").await;
    app.wait_for("the opening", "return !document.querySelector('#gm-swap2').hidden").await;
    assert!(classes(&app, "#gm-player-black").await.contains("to-move"), "the player opens");
    // Everything said to screen readers from now on.
    run(
        &app,
        "window.told = [];
         const node = document.getElementById('announcer');
         new MutationObserver(() => { if (node.textContent) window.told.push(node.textContent); })
           .observe(node, { childList: true, characterData: true, subtree: true });",
    )
    .await;
    place(&app, &[(7, 7), (0, 0), (8, 7)]).await;
    // The player's turn again: the colour to choose after two more stones, or a stone to play.
    let view = app
        .wait_for(
            "the player's turn",
            "return window.__TAURI__.core.invoke('snapshot', { game: 'gomoku' }).then((s) =>
               !s.computerThinking && !s.view.computerToMove && s.view.swap2.phase !== 'chooseSide' && s.view)",
        )
        .await;
    // The page tells what the backend did, a frame or two behind it.
    if view["swap2"]["phase"] == "chooseColour" {
        assert_eq!(wait_choices(&app, &["white", "black"]).await, "Black chooses the colour: white or black.");
        told(&app, "Computer (easy) chose to place two more stones.").await;
        picture(&app, "gomoku-swap2-computer-decided").await;
        app.click("#gm-choose-white").await;
    } else {
        assert_eq!(view["swap2"]["phase"], "done");
        let colour = view["humanColour"].as_str().unwrap();
        let computer = if colour == "white" { "black" } else { "white" };
        told(&app, &format!("Computer (easy) plays {computer}.")).await;
    }
    let mine = run(&app, "return window.told.filter((t) => /played (H8|A15|I8)\\.$/.test(t))").await;
    assert_eq!(mine, json!([]), "the player's own opening stones are not told as the computer's");
    app.wait_for("the opening to end", "return document.querySelector('#gm-swap2').hidden").await;
    app.wait_for("the player's stone to play", "return !document.querySelector('#gm-turn').hidden").await;
    let stones = count(&app, STONES).await as usize;
    place(&app, &[(3, 11)]).await;
    app.wait_for(
        "the computer's answer",
        &format!("return document.querySelectorAll({STONES:?}).length === {}", stones + 2),
    )
    .await;
    picture(&app, "gomoku-swap2-vs-computer").await;
    app.quit().await;
}

/// The computer places the three opening stones in a row of its own actions: the app must start
/// its next turn after each one (src-tauri/state.rs, `finish_computer_turn`).
#[tokio::test(flavor = "current_thread")]
async fn the_computer_opens_swap2_and_the_player_chooses() {
    let (_data, app) = app_with_game(6, "freestyle", "swap2", "easy", "white").await;
    app.wait_for("the opening's three stones", &format!("return document.querySelectorAll({STONES:?}).length === 3"))
        .await;
    let text = wait_choices(&app, &["white", "black", "placeTwo"]).await;
    assert!(text.ends_with("chooses: play white, play black, or place two more stones."), "{text}");
    app.click("#gm-choose-black").await;
    app.wait_for("the opening to end", "return document.querySelector('#gm-swap2').hidden").await;
    let view = snapshot(&app).await["view"].clone();
    assert_eq!(view["humanColour"], "black");
    // The computer, now white, moves next.
    app.wait_for("the computer's stone", &format!("return document.querySelectorAll({STONES:?}).length === 4")).await;
    app.wait_for("the player's turn", "return !document.querySelector('#gm-turn').hidden").await;
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn the_hint_marks_a_point_until_the_next_move() {
    let (_data, app) = app_with_game(8, "renju", "standard", "human", "black").await;
    for (n, (x, y)) in [(7, 7), (8, 8), (7, 8)].into_iter().enumerate() {
        app.click(&point(x, y)).await;
        wait_stones(&app, n + 1).await;
    }
    wait_panel(&app, 3).await;
    app.click("#gm-hint").await;
    let hinted = app
        .wait_for("the hint's mark", "const p = document.querySelector('.gm-point.hinted'); return p && [Number(p.dataset.x), Number(p.dataset.y)]")
        .await;
    let (x, y) = (hinted[0].as_u64().unwrap() as u8, hinted[1].as_u64().unwrap() as u8);
    assert_eq!(count(&app, ".gm-point.hinted").await, 1);
    assert!(classes(&app, &point(x, y)).await.contains("empty"));
    assert!(painted_at(&app, x, y).await > 0, "the ring is painted");
    let said = app
        .wait_for(
            "the hint to be told",
            "const said = document.getElementById('announcer').textContent; return said.startsWith('Hint') && said",
        )
        .await;
    let notation = format!("{}{}", char::from(b'A' + x), 15 - y);
    // "Hint: H8", and the win by force from there when the engine sees one.
    assert!(said.as_str().unwrap().starts_with(&format!("Hint: {notation}")), "{said}");
    assert_eq!(app.text("#gm-status").await, said.as_str().unwrap(), "the status line says it too");
    picture(&app, "gomoku-hint").await;
    let label =
        run(&app, &format!("return document.querySelector({:?}).getAttribute('aria-label')", point(x, y))).await;
    assert_eq!(label, json!(format!("{notation}, empty, hint")));

    // The next move takes the mark away.
    app.click(&point(x, y)).await;
    wait_stones(&app, 4).await;
    assert_eq!(count(&app, ".gm-point.hinted").await, 0);
    assert!(classes(&app, &point(x, y)).await.contains("white"));
    app.quit().await;
}
