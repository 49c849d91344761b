//! A tour of every screen and dialog a player can reach (home and its dialogs; each registered
//! game with its dialogs, its pause and, for the games with stops of their own, its end:
//! Minesweeper's record dialog and win, Bubble Breaker's game over, Gomoku's five and puzzles;
//! the hall of fame, the history, the watch view, a review, the study board and Minesweeper's
//! analysis board), with a look at each: the accessibility audit (axe.rs) and the check for
//! cut-off text (clipping.rs) take it in every language and theme (languages.rs). The games
//! toured are the registry's: a game without stops of its own (the test build's fourth) gets
//! those every game has.

use crate::access::resume_if_paused;
use crate::harness::App;
use crate::minesweeper::win_by_clicking;
use crate::watch::largest_group;
use pastimes_games::bubbles::{Bubbles, Move as BubbleMove, Params as BubbleParams, Style};
use pastimes_games::minesweeper::Params as MinesParams;
use pastimes_games::Game;
use serde_json::{json, Value};

/// Every game of the tour is dealt from this seed.
const SEED: u64 = 11;
/// Black's five on row 8 (D8 to H8), white under it.
const FIVE: [(u8, u8); 9] = [(3, 7), (3, 8), (4, 7), (4, 8), (5, 7), (5, 8), (6, 7), (6, 8), (7, 7)];

/// What is done at each stop of the tour.
pub trait Inspector {
    /// Looks at the page as it is: `name` says where ("dark/gomoku new game").
    async fn look(&mut self, app: &App, name: &str);
}

/// Two inspectors at each stop, one after the other.
impl<A: Inspector, B: Inspector> Inspector for (A, B) {
    async fn look(&mut self, app: &App, name: &str) {
        self.0.look(app, name).await;
        self.1.look(app, name).await;
    }
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

/// The app the tour is taken in: started with its seed, with a finished two-player Gomoku game
/// in its history whose review is done (the tour's review and watch view show that game).
pub struct Tour {
    pub app: App,
    reviewed: i64,
    _data: tempfile::TempDir,
}

impl Tour {
    pub async fn start() -> Tour {
        let data = tempfile::tempdir().unwrap();
        // With an engine, so that Preferences lists one and the New game dialog offers it.
        let brain = crate::engines::pbrain_pastimes();
        let app = App::launch_with(data.path(), Some(SEED), &[("PASTIMES_TEST_ENGINE", brain.to_str().unwrap())]).await;
        app.invoke("add_engine", json!({})).await.expect("pbrain-pastimes is added");
        let reviewed = finish_a_reviewed_gomoku_game(&app).await;
        start_todays_bubble_breaker_deal(&app).await;
        Tour { app, reviewed, _data: data }
    }

    /// One round of the tour, from home back to home, each stop named `{prefix}/...`. Each game
    /// is dealt afresh, so that every round sees the same.
    pub async fn round(&self, inspector: &mut impl Inspector, prefix: &str) {
        let app = &self.app;
        home(app, inspector, prefix).await;
        for kind in pastimes_games::GameKind::all() {
            game(app, inspector, prefix, kind.as_str()).await;
        }
        hall(app, inspector, prefix, self.reviewed).await;
    }
}

async fn home(app: &App, inspector: &mut impl Inspector, prefix: &str) {
    app.wait_for("home", "return document.querySelector('.screen-home #open-minesweeper')").await;
    inspector.look(app, &format!("{prefix}/home")).await;
    dialog(app, inspector, "#settings-button", "settings-dialog", &format!("{prefix}/home preferences")).await;
    dialog(app, inspector, "#about-button", "about-dialog", &format!("{prefix}/home about")).await;
    dialog(app, inspector, "#help-button", "help-dialog", &format!("{prefix}/home how to play")).await;
}

/// The stops of the game `id`: its own where it has them (its end, its record), else those every
/// game has.
async fn game(app: &App, inspector: &mut impl Inspector, prefix: &str, id: &str) {
    match id {
        "minesweeper" => minesweeper(app, inspector, prefix).await,
        "bubbles" => bubbles(app, inspector, prefix).await,
        "gomoku" => gomoku(app, inspector, prefix).await,
        _ => any_game(app, inspector, prefix, id).await,
    }
}

/// What every game has: its screen from its home card, a first move (a cell clicked until the
/// game takes one), the dialogs of its toolbar (statistics, and options where it has them), and
/// its pause.
async fn any_game(app: &App, inspector: &mut impl Inspector, prefix: &str, id: &str) {
    let screen = format!(".screen-{id}");
    app.click(&format!("#open-{id}")).await;
    resume_if_paused(app, &format!("{screen} button[id$=\"-resume\"]")).await;
    let first_cell = format!("{screen} [role='gridcell']");
    app.click(&first_cell).await;
    app.wait_for("the game drawn", &format!("return document.querySelector('{screen}')?.dataset.status")).await;
    inspector.look(app, &format!("{prefix}/{id}")).await;
    for (button, dialog_id, what) in [("stats", "stats-dialog", "statistics"), ("options", "options-dialog", "options")]
    {
        let css = format!("{screen} button[id$='-{button}']");
        let present = app.client.execute(&format!("return Boolean(document.querySelector({css:?}))"), vec![]).await;
        if present.ok() == Some(json!(true)) {
            self::dialog(app, inspector, &css, dialog_id, &format!("{prefix}/{id} {what}")).await;
        }
    }
    app.click(&format!("{screen} button[id$='-pause']")).await;
    app.wait_for("paused", &format!("return document.querySelector('{screen}').dataset.paused === 'true'")).await;
    inspector.look(app, &format!("{prefix}/{id} paused")).await;
    app.click(&format!("{screen} button[id$=\"-resume\"]")).await;
    app.wait_for("the board again", &format!("return document.querySelector('{screen}').dataset.paused === 'false'"))
        .await;
    app.click(&format!("{screen} button[id$='-home']")).await;
}

/// A beginner board: in play, its dialogs, paused, then won (its record dialog, then the win).
async fn minesweeper(app: &App, inspector: &mut impl Inspector, prefix: &str) {
    let beginner = json!({"game": "minesweeper", "params": {"level": "beginner", "noGuess": false}});
    app.invoke("new_game", beginner).await.unwrap();
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
    app.wait_for("the board again", "return document.querySelector('.screen-minesweeper').dataset.paused === 'false'")
        .await;
    // Every round wins the same board in about the same time, and the hall keeps ten: emptied
    // first, so that this round's win ranks whatever the earlier rounds' times were.
    app.invoke("reset_hall", json!({"game": "minesweeper", "withHistory": false})).await.unwrap();
    win_by_clicking(app, &MinesParams::beginner(), SEED, (4, 4)).await;
    app.wait_for("the record dialog", "return document.querySelector('#record-dialog[open]')").await;
    inspector.look(app, &format!("{prefix}/minesweeper record")).await;
    app.find("#record-name").await.send_keys("Ada").await.unwrap();
    app.click("#record-dialog button[value=save]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#record-dialog')").await;
    inspector.look(app, &format!("{prefix}/minesweeper won")).await;
    // The analysis board, with the game just won, and its paste dialog.
    app.click("#ms-analyse").await;
    app.wait_for(
        "the analysis board's look",
        "return document.querySelector('.screen-minesweeper-analysis-board')?.dataset.state === 'looked'",
    )
    .await;
    inspector.look(app, &format!("{prefix}/minesweeper analysis board")).await;
    dialog(app, inspector, "#msa-paste", "msa-paste-dialog", &format!("{prefix}/minesweeper analysis paste")).await;
    app.click("#msa-back").await;
    app.wait_for("the game", "return document.querySelector('.screen-minesweeper #ms-home')").await;
    app.click("#ms-home").await;
}

/// A standard game: in play, its dialogs, then played to its end by the largest group.
async fn bubbles(app: &App, inspector: &mut impl Inspector, prefix: &str) {
    let standard = json!({"game": "bubbles", "params": {"style": "standard"}});
    app.invoke("new_game", standard).await.unwrap();
    app.click("#open-bubbles").await;
    app.wait_for("the balls", "return document.querySelectorAll('.bb-cell.ball').length > 0").await;
    resume_if_paused(app, "#bb-resume").await;
    inspector.look(app, &format!("{prefix}/bubbles")).await;
    dialog(app, inspector, "#bb-options", "options-dialog", &format!("{prefix}/bubbles options")).await;
    dialog(app, inspector, "#bb-stats", "stats-dialog", &format!("{prefix}/bubbles statistics")).await;
    // Played from home (which pauses the game) through the page's commands, then shown again.
    app.click("#bb-home").await;
    app.wait_for("home", "return document.querySelector('.screen-home')").await;
    let _ = app.invoke("resume", json!({ "game": "bubbles" })).await;
    let mut twin = Bubbles::new(&BubbleParams::new(Style::Standard), SEED).unwrap();
    while let Some((x, y)) = largest_group(&twin) {
        twin.apply(&BubbleMove::Pop { x: x as i64, y: y as i64 }).unwrap();
        app.invoke("play", json!({"game": "bubbles", "move": {"action": "pop", "x": x, "y": y}})).await.unwrap();
    }
    app.click("#open-bubbles").await;
    app.wait_for("the best line", "const b = document.querySelector('#bb-over-watch'); return b && !b.hidden").await;
    inspector.look(app, &format!("{prefix}/bubbles over")).await;
    app.click("#bb-home").await;
}

/// A two-player game: a stone, the dialogs, then black's five.
async fn gomoku(app: &App, inspector: &mut impl Inspector, prefix: &str) {
    app.invoke("new_game", json!({"game": "gomoku", "params": {"opponent": "human"}})).await.unwrap();
    app.click("#open-gomoku").await;
    app.wait_for("the board", "return document.querySelectorAll('.gm-point').length === 225").await;
    resume_if_paused(app, "#gm-resume").await;
    app.click(".gm-point[data-x='3'][data-y='7']").await;
    app.wait_for("a stone", "return document.querySelectorAll('.gm-point.last').length === 1").await;
    inspector.look(app, &format!("{prefix}/gomoku")).await;
    dialog(app, inspector, "#gm-new", "gomoku-new-dialog", &format!("{prefix}/gomoku new game")).await;
    // The same dialog against an engine: its choice and time a move under the opponents.
    app.click("#gm-new").await;
    app.wait_for("the dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
    app.click("#gm-opponent-engine").await;
    // An engine plays to the game's clock, or without one to its own time a move.
    app.wait_for(
        "the engine's choices, with the clock",
        "return !document.querySelector('#gm-engine-choice').hidden && document.querySelector('#gm-clock-set').offsetHeight > 0
            && (document.querySelector('#gm-clock').value === 'none') === (document.querySelector('#gm-move-time').offsetHeight > 0)",
    )
    .await;
    inspector.look(app, &format!("{prefix}/gomoku new game against an engine")).await;
    close_dialog(app, "gomoku-new-dialog").await;
    dialog(app, inspector, "#gm-options", "options-dialog", &format!("{prefix}/gomoku options")).await;
    dialog(app, inspector, "#gm-stats", "stats-dialog", &format!("{prefix}/gomoku statistics")).await;
    puzzles(app, inspector, prefix).await;
    for (x, y) in &FIVE[1..] {
        app.invoke("play", json!({"game": "gomoku", "move": {"x": x, "y": y}})).await.unwrap();
    }
    app.wait_for("the result", "const r = document.querySelector('#gm-result'); return r && !r.hidden").await;
    inspector.look(app, &format!("{prefix}/gomoku won")).await;
    demo(app, inspector, prefix).await;
    app.click("#gm-home").await;
    soosorv8(app, inspector, prefix).await;
}

/// A Renju game opened by Soosõrv-8 at the declaration of fifth moves: the opening panel with its
/// numbers, the detail line and the cards of the players who swapped.
async fn soosorv8(app: &App, inspector: &mut impl Inspector, prefix: &str) {
    let params = json!({"rule": "renju", "opening": "soosorv8", "opponent": "human"});
    app.invoke("new_game", json!({"game": "gomoku", "params": params})).await.unwrap();
    let moves = [
        json!({"x": 7, "y": 7}),
        json!({"x": 8, "y": 8}),
        json!({"x": 9, "y": 9}),
        json!({"choose": "black"}),
        json!({"x": 0, "y": 14}),
    ];
    for mv in moves {
        app.invoke("play", json!({"game": "gomoku", "move": mv})).await.unwrap();
    }
    app.click("#open-gomoku").await;
    resume_if_paused(app, "#gm-resume").await;
    app.wait_for(
        "the numbers of fifth moves",
        "const c = document.querySelector('#gm-offer-counts'); return c && !c.hidden",
    )
    .await;
    inspector.look(app, &format!("{prefix}/gomoku soosorv8 declaration")).await;
    app.click("#gm-home").await;
}

/// A demo (the computer against itself) from the New game dialog, its panel beside the board;
/// the slowest pace keeps the position still while it is looked at.
async fn demo(app: &App, inspector: &mut impl Inspector, prefix: &str) {
    app.invoke("set_pace", json!({"game": "gomoku", "ms": 10_000})).await.unwrap();
    app.click("#gm-new").await;
    app.wait_for("the dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
    app.click("#gm-opponent-easy").await;
    // The dialog remembers the last game's choice: a later round finds the box ticked.
    if crate::gomoku::run(app, "return document.querySelector('#gm-new-demo').checked").await != json!(true) {
        app.click("label[for=gm-new-demo]").await;
    }
    app.click("#gomoku-new-dialog button[value=start]").await;
    app.wait_for("the demo's panel", "const d = document.querySelector('#gm-demo'); return d && !d.hidden").await;
    inspector.look(app, &format!("{prefix}/gomoku demo")).await;
}

/// Gomoku's puzzles (the first of the set), then back to the game.
async fn puzzles(app: &App, inspector: &mut impl Inspector, prefix: &str) {
    app.click("#gm-puzzles").await;
    app.wait_for("a puzzle", "return document.querySelector('.screen-gomoku-puzzles')?.dataset.phase === 'solving'")
        .await;
    inspector.look(app, &format!("{prefix}/gomoku puzzles")).await;
    app.click("#pz-back").await;
    app.wait_for("the board", "return document.querySelectorAll('.screen-gomoku .gm-point').length === 225").await;
    resume_if_paused(app, "#gm-resume").await;
}

/// The hall of fame and the history; the reviewed game (`reviewed`, its id) watched, reviewed
/// and looked at on the study board.
async fn hall(app: &App, inspector: &mut impl Inspector, prefix: &str, reviewed: i64) {
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
    app.click(&format!("#hist-rows tr[data-id='{reviewed}'] .watch-record")).await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
    inspector.look(app, &format!("{prefix}/watch view")).await;
    app.click("#watch-back").await;
    app.wait_for("the history", "return document.querySelector('.screen-hall')?.dataset.tab === 'history'").await;
    app.click(&format!("#hist-rows tr[data-id='{reviewed}'] .hist-review")).await;
    app.wait_for("the review", "return document.querySelector('.screen-gomoku-review')?.dataset.state === 'ready'")
        .await;
    inspector.look(app, &format!("{prefix}/gomoku review")).await;
    app.click("#gmr-study").await;
    app.wait_for(
        "the study board's first look",
        "return document.querySelector('.screen-gomoku-study-board #study-status')?.textContent",
    )
    .await;
    inspector.look(app, &format!("{prefix}/gomoku study board")).await;
    app.click("#study-back").await;
    app.wait_for("the review", "return document.querySelector('.screen-gomoku-review')?.dataset.state === 'ready'")
        .await;
    app.click("#gmr-back").await;
    app.wait_for("the history", "return document.querySelector('.screen-hall')?.dataset.tab === 'history'").await;
    app.click("#hall-tab-daily").await;
    app.wait_for("the daily deals' days", "return document.querySelector('#hall-panel-daily tr[aria-current=date]')")
        .await;
    inspector.look(app, &format!("{prefix}/hall daily deals")).await;
    app.click("#hall-home").await;
}

/// Today's Bubble Breaker deal, one group popped: a day in the hall's daily deals.
async fn start_todays_bubble_breaker_deal(app: &App) {
    app.invoke("daily_start", json!({"game": "bubbles"})).await.unwrap();
    let snapshot = app.invoke("snapshot", json!({"game": "bubbles"})).await.unwrap();
    let (x, y) = crate::daily::a_group(&snapshot);
    let pop = json!({"action": "pop", "x": x, "y": y});
    app.invoke("play", json!({"game": "bubbles", "move": pop})).await.unwrap();
}

/// A two-player Gomoku game won by black, in the history with its review done (a new game
/// before the review ends would cancel it); its id.
async fn finish_a_reviewed_gomoku_game(app: &App) -> i64 {
    app.invoke("new_game", json!({"game": "gomoku", "params": {"opponent": "human"}})).await.unwrap();
    for (x, y) in FIVE {
        app.invoke("play", json!({"game": "gomoku", "move": {"x": x, "y": y}})).await.unwrap();
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let page = app.invoke("history", json!({})).await.unwrap();
        let newest: &Value = &page["rows"][0];
        if !newest["analysis"].is_null() {
            return newest["id"].as_i64().unwrap();
        }
        assert!(std::time::Instant::now() < deadline, "the review never came: {page}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}
