//! The review of a Minesweeper game in the real webview (issue #58): a game lost on a guess,
//! reviewed from the status line and from the history, its avoidable guess marked on the board
//! with the safe cell logic had; and an imported `.rmv` video reviewed from the import's dialog
//! and from the watch view.
//! The tests know the mines from the seed (`PASTIMES_SEED`) and the engine's layout function.

use crate::exchange::enter_until_closed;
use crate::gomoku::{picture, run};
use crate::hall::file_dialog_types;
use crate::harness::App;
use crate::minesweeper::cell;
use pastimes_games::minesweeper::{cell_code, mine_layout, Minesweeper, Move, Params};
use pastimes_games::Game;
use serde_json::{json, Value};

/// The review shown: its state, the click shown and its kind, the marked cells and the caption.
async fn shown(app: &App) -> Value {
    run(
        app,
        "const s = document.querySelector('.screen-minesweeper-review');
         const at = (css) => { const c = document.querySelector(css); return c ? [Number(c.dataset.x), Number(c.dataset.y)] : null; };
         return { state: s?.dataset.state, at: s?.dataset.at, kind: s?.dataset.kind, lost: s?.dataset.lost,
                  played: at('#msr-field .ms-cell.msr-played'), safe: at('#msr-field .ms-cell.hinted.hint-safe'),
                  caption: document.querySelector('#msr-caption')?.textContent,
                  listed: [...document.querySelectorAll('#msr-list button.msr-click')].map((b) => b.dataset.kind),
                  marks: document.querySelectorAll('#msr-graph .msr-mark').length }",
    )
    .await
}

async fn wait_for_review(app: &App) -> Value {
    app.wait_for(
        "the review",
        "return document.querySelector('.screen-minesweeper-review')?.dataset.state === 'ready'",
    )
    .await;
    shown(app).await
}

async fn set_theme(app: &App, theme: &str) {
    app.invoke("set_setting", json!({"key": "theme", "value": theme})).await.unwrap();
    app.wait_for("the theme", &format!("return document.documentElement.dataset.theme === '{theme}'")).await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_lost_game_is_reviewed_with_its_avoidable_guess_marked_on_the_board() {
    const SEED: u64 = 77;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    app.click("#open-minesweeper").await;
    app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length > 0").await;
    app.choose("#level-beginner").await;
    app.wait_for("the beginner field", "return document.querySelectorAll('.ms-cell').length === 81").await;

    // Beginner is a no-guess board: logic always has a safe cell, so opening a mine that no
    // number touches yet is a guess it could have avoided.
    let params = Params::beginner().with_no_guess(true);
    let first = (4, 4);
    let mines = mine_layout(&params, SEED, first);
    app.click(&cell(first.0, first.1)).await;
    app.wait_for("cells to open", "return document.querySelectorAll('.ms-cell.open').length > 0").await;
    let mut twin = Minesweeper::new(&params, SEED).unwrap();
    twin.apply(&Move::Open { x: 4, y: 4 }).unwrap();
    let view = twin.view();
    let touched = |(x, y): (usize, usize)| {
        (y.saturating_sub(1)..=(y + 1).min(8))
            .any(|ny| (x.saturating_sub(1)..=(x + 1).min(8)).any(|nx| view.cell(nx, ny).is_ascii_digit()))
    };
    let guess = mines.iter().copied().find(|&m| !touched(m) && view.cell(m.0, m.1) == cell_code::HIDDEN);
    let guess = guess.expect("a mine no number touches");
    app.click(&cell(guess.0, guess.1)).await;
    app.wait_for("the loss", "return document.querySelector('.screen-minesweeper')?.dataset.status === 'lost'").await;

    // From the status line: the review opens on the guess, the safe cell marked.
    app.wait_for("the review button", "return !document.querySelector('#ms-review').hidden").await;
    app.click("#ms-review").await;
    let review = wait_for_review(&app).await;
    assert_eq!(review["kind"], "avoidableGuess", "{review}");
    assert_eq!(review["lost"], "true", "{review}");
    assert_eq!(review["played"], json!([guess.0, guess.1]), "the guess is ringed");
    let safe = review["safe"].as_array().expect("the safe cell is marked");
    let safe = (safe[0].as_u64().unwrap() as usize, safe[1].as_u64().unwrap() as usize);
    assert!(!mines.contains(&safe), "the cell named safe holds no mine");
    assert_eq!(view.cell(safe.0, safe.1), cell_code::HIDDEN, "and was closed then");
    let caption = review["caption"].as_str().unwrap();
    assert!(caption.contains("safe cell") && caption.contains("lost the game"), "{caption}");
    assert_eq!(review["listed"], json!(["avoidableGuess"]));
    assert_eq!(review["marks"], 1, "one guess on the graph");
    let summary = app.text("#msr-summary").await;
    assert!(summary.contains("Guesses: 1, of which avoidable: 1"), "{summary}");
    picture(&app, "minesweeper-review-light").await;
    set_theme(&app, "dark").await;
    picture(&app, "minesweeper-review-dark").await;
    set_theme(&app, "light").await;

    // Stepping back shows the first click, its board before anything was open.
    app.click("#msr-previous").await;
    app.wait_for(
        "the first click",
        "return document.querySelector('.screen-minesweeper-review').dataset.kind === 'first'",
    )
    .await;
    app.click("#msr-back").await;
    app.wait_for("the game", "return document.querySelector('.screen-minesweeper')?.dataset.status === 'lost'").await;

    // From the history: the same review, never pending.
    app.click("#ms-home").await;
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    app.wait_for("the row", "return document.querySelector('#hist-rows tr[data-id] .hist-review')").await;
    let pending = run(&app, "return document.querySelector('#hist-rows tr[data-id] .hist-review').title").await;
    assert_eq!(pending, json!(""), "a Minesweeper review is never pending");
    app.click("#hist-rows tr[data-id] .hist-review").await;
    let again = wait_for_review(&app).await;
    assert_eq!((&again["kind"], &again["played"]), (&review["kind"], &review["played"]));
    app.quit().await;
}

/// A Viennasweeper video from the fixtures, imported through the native open dialog and reviewed
/// from the import's dialog: every click classified, the end shown after the last.
#[tokio::test(flavor = "current_thread")]
async fn an_imported_rmv_video_is_reviewed() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(5)).await;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/videos/test_rmv2_24px.rmv");
    let bytes = std::fs::read(&path).unwrap();
    let expected =
        app.invoke("import_game", json!({"file": {"name": "test_rmv2_24px.rmv", "bytes": bytes}})).await.unwrap()
            ["record"]
            .clone();
    let reviewed = app.invoke("review", json!({"id": 0})).await.unwrap();
    let clicks = reviewed["analysis"]["clicks"].as_array().unwrap().len();
    assert_eq!(json!(clicks), expected["moves"], "a review entry a move");
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    app.click("#hist-import").await;
    assert!(file_dialog_types("Import a game", &["ctrl+l"], &path, "msr-video-import-dialog"), "the open dialog");
    assert!(enter_until_closed("Import a game"), "the open dialog takes the path");
    app.wait_for("the imported header", "return document.querySelector('#import-dialog[open] #import-facts')").await;
    app.click("#import-dialog button[data-value='review']").await;
    let review = wait_for_review(&app).await;
    assert!(review["kind"].is_string(), "{review}");
    let status = app.text("#msr-status").await;
    assert!(status.starts_with("Won in "), "{status}");
    app.click("#msr-end").await;
    app.wait_for("the end", "return document.querySelector('.screen-minesweeper-review').dataset.kind === 'end'").await;
    let at = run(&app, "return document.querySelector('.screen-minesweeper-review').dataset.at").await;
    assert_eq!(at, json!(clicks.to_string()));
    picture(&app, "minesweeper-review-rmv").await;

    // From the watch view: the review of the click watched, and back to the same frame.
    app.click("#msr-back").await;
    app.click("#hist-import").await;
    assert!(file_dialog_types("Import a game", &["ctrl+l"], &path, "msr-video-import-dialog-2"), "the open dialog");
    assert!(enter_until_closed("Import a game"), "the open dialog takes the path");
    app.wait_for("the imported header", "return document.querySelector('#import-dialog[open] #import-facts')").await;
    app.click("#import-dialog button[data-value='watch']").await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
    app.click("#watch-next").await;
    app.click("#watch-next").await;
    app.wait_for("the second move", "return document.querySelector('.screen-watch')?.dataset.index === '2'").await;
    app.click("#watch-review").await;
    let review = wait_for_review(&app).await;
    assert_eq!(review["at"], "1", "the second click, the one watched last: {review}");
    app.click("#msr-back").await;
    app.wait_for("the same frame", "return document.querySelector('.screen-watch')?.dataset.index === '2'").await;
    app.quit().await;
}
