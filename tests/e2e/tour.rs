//! A tour of every screen and dialog a player can reach (home and its dialogs; each game with
//! its dialogs and pause; the hall of fame, the history, the watch view, a review and the
//! analysis board), with a look at each: the accessibility audit (axe.rs) takes it in every
//! theme, the check for cut-off text (clipping.rs) in every language.

use crate::access::resume_if_paused;
use crate::harness::App;
use serde_json::json;

/// What is done at each stop of the tour.
pub trait Inspector {
    /// Looks at the page as it is: `name` says where ("dark/gomoku new game").
    async fn look(&mut self, app: &App, name: &str);
}

async fn close_dialog(app: &App, id: &str) {
    app.keys("\u{E00C}").await; // Escape: every dialog closes with it
    app.wait_for("the dialog to close", &format!("return !document.querySelector('#{id}')")).await;
}

/// Opens a dialog by its button, looks at it, closes it with Escape.
async fn dialog(app: &App, inspector: &mut impl Inspector, button: &str, id: &str, name: &str) {
    // A choice that asks first (Minesweeper's Custom…) opens its dialog from the choices' menu.
    match button.strip_prefix("choice:") {
        Some(item) => app.choose(item).await,
        None => app.click(button).await,
    }
    app.wait_for("the dialog", &format!("return document.querySelector('#{id}[open]')")).await;
    inspector.look(app, name).await;
    close_dialog(app, id).await;
}

/// One round of the tour, from home back to home, each stop named `{prefix}/...`. The app must
/// have a finished, reviewed Gomoku game in its history ([`finish_a_reviewed_gomoku_game`]);
/// `round` (0, 1, ...) puts each round's Gomoku stone on a point of its own.
pub async fn tour(app: &App, inspector: &mut impl Inspector, prefix: &str, round: usize) {
    app.wait_for("home", "return document.querySelector('.screen-home #open-minesweeper')").await;
    inspector.look(app, &format!("{prefix}/home")).await;
    dialog(app, inspector, "#settings-button", "settings-dialog", &format!("{prefix}/home preferences")).await;
    dialog(app, inspector, "#about-button", "about-dialog", &format!("{prefix}/home about")).await;
    dialog(app, inspector, "#help-button", "help-dialog", &format!("{prefix}/home how to play")).await;

    app.click("#open-minesweeper").await;
    resume_if_paused(app, "#ms-resume").await;
    app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length > 0").await;
    app.click(".ms-cell[data-x='4'][data-y='4']").await;
    app.wait_for("open cells", "return document.querySelectorAll('.ms-cell.open').length > 0").await;
    inspector.look(app, &format!("{prefix}/minesweeper")).await;
    dialog(app, inspector, "choice:#level-custom", "custom-dialog", &format!("{prefix}/minesweeper custom")).await;
    dialog(app, inspector, "#ms-options", "options-dialog", &format!("{prefix}/minesweeper options")).await;
    dialog(app, inspector, "#ms-stats", "stats-dialog", &format!("{prefix}/minesweeper statistics")).await;
    app.click("#ms-pause").await;
    app.wait_for("paused", "return document.querySelector('.screen-minesweeper').dataset.paused === 'true'").await;
    inspector.look(app, &format!("{prefix}/minesweeper paused")).await;
    app.click("#ms-resume").await;

    app.click("#ms-home").await;
    app.click("#open-bubbles").await;
    app.wait_for("the balls", "return document.querySelectorAll('.bb-cell.ball').length > 0").await;
    resume_if_paused(app, "#bb-resume").await;
    inspector.look(app, &format!("{prefix}/bubbles")).await;
    dialog(app, inspector, "#bb-options", "options-dialog", &format!("{prefix}/bubbles options")).await;
    dialog(app, inspector, "#bb-stats", "stats-dialog", &format!("{prefix}/bubbles statistics")).await;

    app.click("#bb-home").await;
    app.click("#open-gomoku").await;
    app.wait_for("the board", "return document.querySelectorAll('.gm-point').length === 225").await;
    resume_if_paused(app, "#gm-resume").await;
    app.click(&format!(".gm-point[data-x='{}'][data-y='7']", round + 5)).await;
    app.wait_for("a stone", "return document.querySelectorAll('.gm-point.last').length === 1").await;
    inspector.look(app, &format!("{prefix}/gomoku")).await;
    dialog(app, inspector, "#gm-new", "gomoku-new-dialog", &format!("{prefix}/gomoku new game")).await;
    dialog(app, inspector, "#gm-options", "options-dialog", &format!("{prefix}/gomoku options")).await;
    dialog(app, inspector, "#gm-stats", "stats-dialog", &format!("{prefix}/gomoku statistics")).await;

    app.click("#gm-home").await;
    app.wait_for("home", "return document.querySelector('.screen-home')").await;
    app.click("#hall-button").await;
    app.wait_for(
        "the hall of fame's records",
        "return document.querySelector('.screen-hall[data-tab=\"records\"] #hall-panel-records')?.dataset.ready === 'true'",
    )
    .await;
    app.wait_still("#hall-panel-records").await;
    inspector.look(app, &format!("{prefix}/hall of fame")).await;
    app.click("#hall-tab-history").await;
    app.wait_for("the history's rows", "return document.querySelector('#hist-rows tr[data-id] .watch-record')").await;
    inspector.look(app, &format!("{prefix}/history")).await;
    app.click("#hist-rows tr[data-id]:first-child .watch-record").await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
    inspector.look(app, &format!("{prefix}/watch view")).await;
    app.click("#watch-back").await;
    app.wait_for("the history", "return document.querySelector('.screen-hall')?.dataset.tab === 'history'").await;
    app.click("#hist-rows tr[data-id]:first-child .hist-review").await;
    app.wait_for("the review", "return document.querySelector('.screen-gomoku-review')?.dataset.state === 'ready'")
        .await;
    inspector.look(app, &format!("{prefix}/gomoku review")).await;
    app.click("#gmr-analyse").await;
    app.wait_for(
        "the analysis board's first look",
        "return document.querySelector('.screen-gomoku-analysis #gma-status')?.textContent",
    )
    .await;
    inspector.look(app, &format!("{prefix}/gomoku analysis board")).await;
    app.click("#gma-back").await;
    app.wait_for("the review", "return document.querySelector('.screen-gomoku-review')?.dataset.state === 'ready'")
        .await;
    app.click("#gmr-back").await;
    app.wait_for("the history", "return document.querySelector('.screen-hall')?.dataset.tab === 'history'").await;
    app.click("#hall-home").await;
}

/// A two-player Gomoku game won by black, in the history with its review done (a new game
/// before the review ends would cancel it), then a fresh game for the screens' own checks.
pub async fn finish_a_reviewed_gomoku_game(app: &App) {
    let human = json!({"game": "gomoku", "params": {"opponent": "human"}});
    app.invoke("new_game", human.clone()).await.unwrap();
    for (x, y) in [(3, 7), (3, 8), (4, 7), (4, 8), (5, 7), (5, 8), (6, 7), (6, 8), (7, 7)] {
        app.invoke("play", json!({"game": "gomoku", "move": {"x": x, "y": y}})).await.unwrap();
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let page = app.invoke("history", json!({})).await.unwrap();
        if !page["rows"][0]["analysis"].is_null() {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the review never came: {page}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    app.invoke("new_game", human).await.unwrap();
}
