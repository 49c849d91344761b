//! Minesweeper's analysis board in the real webview (issue #58): a position set up by clicking
//! cells, its proven cells and their reasons; a pasted one with its odds on the board and its
//! best guess; an impossible one with the numbers that contradict; a bad text refused with
//! nothing changed; Play on on a known layout; a board file; and the board opened from a
//! review's moment ("Analyse from here", Back returning to that click) and from a lost game
//! (its mines known).

use crate::gomoku::{picture, run};
use crate::harness::App;
use crate::minesweeper::cell;
use pastimes_games::minesweeper::{cell_code, mine_layout, Minesweeper, Move, Params};
use pastimes_games::Game;
use serde_json::{json, Value};

const BOARD: &str = ".screen-minesweeper-analysis-board";

/// The board's state as drawn: the revision, whether the look has come, what it found, the
/// rings on the field and the side's lines.
async fn shown(app: &App) -> Value {
    run(
        app,
        "const s = document.querySelector('.screen-minesweeper-analysis-board');
         const at = (css) => [...document.querySelectorAll(css)].map((c) => [Number(c.dataset.x), Number(c.dataset.y)]);
         return { revision: s?.dataset.revision, state: s?.dataset.state, possible: s?.dataset.possible,
                  cells: [...document.querySelectorAll('#msa-field .ms-cell')].length,
                  safe: at('#msa-field .msa-safe'), mines: at('#msa-field .msa-mine'),
                  contradiction: at('#msa-field .msa-contradiction'), guess: at('#msa-field .hinted.hint-guess'),
                  odds: [...document.querySelectorAll('#msa-field .ms-cell.odds')].map((c) => c.title),
                  verdict: document.querySelector('#msa-verdict')?.textContent,
                  next: document.querySelector('#msa-next')?.textContent,
                  bestGuess: document.querySelector('#msa-guess')?.textContent,
                  step: document.querySelector('#msa-step')?.textContent,
                  layout: document.querySelector('#msa-layout')?.textContent }",
    )
    .await
}

/// Waits for the look at a position newer than `revision` (the engine answers on its thread).
async fn looked_after(app: &App, revision: &Value) -> Value {
    let revision = revision.as_str().map_or(0, |r| r.parse::<u64>().unwrap_or(0));
    app.wait_for(
        "the board's look",
        &format!(
            "const s = document.querySelector('{BOARD}');
             return s?.dataset.state === 'looked' && Number(s.dataset.revision) > {revision}"
        ),
    )
    .await;
    shown(app).await
}

/// Sets the size and the mine total as a player types them (a change of each field).
async fn set_size(app: &App, width: u32, height: u32, mines: u32) {
    // The total first: a field smaller than its mines is refused.
    for (id, value) in [("msa-mines", mines), ("msa-width", width), ("msa-height", height)] {
        let before = shown(app).await["revision"].clone();
        run(
            app,
            &format!(
                "const i = document.querySelector('#{id}'); i.value = '{value}'; i.dispatchEvent(new Event('change')); return true"
            ),
        )
        .await;
        looked_after(app, &before).await;
    }
}

/// Clicks a cell of the board with the kind `code` chosen, and waits for its look.
async fn set_cell(app: &App, x: usize, y: usize, code: &str) {
    let before = shown(app).await["revision"].clone();
    app.click(&format!("#msa-tools .msa-tool[data-code='{code}']")).await;
    app.click(&format!("#msa-field {}", cell(x, y))).await;
    looked_after(app, &before).await;
}

/// Pastes `text` with `mines` through the board's own dialog.
async fn paste(app: &App, text: &str, mines: u32) {
    app.click("#msa-paste").await;
    app.wait_for("the paste dialog", "return document.querySelector('#msa-paste-dialog')?.open").await;
    run(
        app,
        &format!(
            "document.querySelector('#msa-paste-text').value = ''; document.querySelector('#msa-paste-mines').value = '{mines}'; return true"
        ),
    )
    .await;
    // Typed as a player types it, Enter between the rows.
    app.find("#msa-paste-text").await.send_keys(&text.replace('\n', "\u{E007}")).await.unwrap();
    app.click("#msa-paste-dialog button[value='open']").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#msa-paste-dialog')").await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_position_set_up_by_clicking_and_by_pasting_shows_its_proofs_odds_and_best_guess() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(3)).await;
    app.click("#open-minesweeper").await;
    app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length > 0").await;
    app.click("#ms-analyse").await;
    app.wait_for(
        "the analysis board",
        &format!("return document.querySelector('{BOARD}')?.dataset.state === 'looked'"),
    )
    .await;
    assert_eq!(shown(&app).await["cells"], 480, "an Expert field to start with");

    // By clicking: 1 2 1 under three closed cells, two mines in all.
    set_size(&app, 3, 2, 2).await;
    set_cell(&app, 0, 1, "1").await;
    set_cell(&app, 1, 1, "2").await;
    set_cell(&app, 2, 1, "1").await;
    let look = shown(&app).await;
    assert_eq!(look["possible"], "true", "{look}");
    assert_eq!(look["safe"], json!([[1, 0]]), "{look}");
    assert_eq!(look["mines"], json!([[0, 0], [2, 0]]), "{look}");
    let next = look["next"].as_str().unwrap();
    assert!(next.starts_with("Row 1, column 2 is safe:"), "{next}");
    picture(&app, "ms-analysis-board-clicked").await;

    // Pasted: a 1 in a 4x3 field of three mines. Its eight neighbours are 1 in 8 each, the three
    // others 2 in 3: the best guess is beside the 1.
    let before = shown(&app).await["revision"].clone();
    paste(&app, "....\n.1..\n....", 3).await;
    let look = looked_after(&app, &before).await;
    let board = app.invoke("study_board", json!({"game": "minesweeper"})).await.unwrap();
    assert_eq!((&board["view"]["text"], &board["view"]["mines"]), (&json!("....\n.1..\n....\n"), &json!(3)));
    assert_eq!(look["cells"], 12);
    let odds = look["odds"].as_array().unwrap();
    assert_eq!(odds.len(), 11, "every closed cell has its odds: {look}");
    assert_eq!(odds.iter().filter(|title| title.as_str().unwrap().contains("13 %")).count(), 8, "{look}");
    let guess = look["guess"][0].as_array().expect("the best guess is marked").clone();
    let (gx, gy) = (guess[0].as_u64().unwrap(), guess[1].as_u64().unwrap());
    assert!(gx <= 2 && gy <= 2 && (gx, gy) != (1, 1), "beside the 1: {look}");
    let best = look["bestGuess"].as_str().unwrap();
    assert!(best.starts_with("Best guess:") && best.contains("12.5 %"), "{best}");
    picture(&app, "ms-analysis-board-odds").await;

    // A bad text is refused and changes nothing.
    let before = shown(&app).await;
    paste(&app, "..\n1x", 1).await;
    app.wait_for("the refusal", "return document.querySelector('#toast')?.textContent.includes('is not a cell')").await;
    assert_eq!(shown(&app).await["revision"], before["revision"]);

    // Impossible: a 3 beside one closed cell, which a 0 clears: both numbers ringed.
    let revision = before["revision"].clone();
    paste(&app, "3.\n00", 1).await;
    let look = looked_after(&app, &revision).await;
    assert_eq!(look["possible"], "false", "{look}");
    assert!(look["verdict"].as_str().unwrap().starts_with("Impossible"), "{look}");
    assert_eq!(look["contradiction"], json!([[0, 0], [1, 1]]), "{look}");
    picture(&app, "ms-analysis-board-impossible").await;

    // Play on over a known layout: a step at a time to the end, or to a guess on a mine (once the
    // refusal's note has gone from over the panel).
    let revision = look["revision"].clone();
    paste(&app, "....\n.*..\n....", 1).await;
    let mut look = looked_after(&app, &revision).await;
    app.wait_for("the note gone", "return document.querySelector('#toast').hidden").await;
    assert!(look["layout"].as_str().unwrap().contains("Play on opens cells"), "{look}");
    for _ in 0..10 {
        let revision = look["revision"].clone();
        app.click("#msa-play-on").await;
        look = looked_after(&app, &revision).await;
        let over = run(&app, "return !document.querySelector('#msa-field .ms-cell.hidden:not(.flag)') || Boolean(document.querySelector('#msa-field .exploded'))").await;
        if over == json!(true) {
            break;
        }
    }
    assert!(!look["step"].as_str().unwrap().is_empty(), "{look}");
    picture(&app, "ms-analysis-board-played").await;

    // A board file (`.mbf`: 3x2, mines at the top left and bottom right) as the file input
    // hands it over: its mines, every cell closed.
    let revision = look["revision"].clone();
    run(
        &app,
        "const input = document.querySelector('#msa-file');
         const file = new File([new Uint8Array([3, 2, 0, 2, 0, 0, 2, 1])], 'board.mbf');
         const files = new DataTransfer(); files.items.add(file); input.files = files.files;
         input.dispatchEvent(new Event('change')); return true",
    )
    .await;
    let look = looked_after(&app, &revision).await;
    let board = app.invoke("study_board", json!({"game": "minesweeper"})).await.unwrap();
    assert_eq!(board["view"]["text"], "*..\n..*\n", "{look}");
    assert!(look["layout"].as_str().unwrap().contains("The mines are known"), "{look}");
    app.click("#msa-back").await;
    app.wait_for("the game", "return document.querySelector('.screen-minesweeper')").await;
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_reviews_moment_and_a_lost_game_open_on_the_board() {
    const SEED: u64 = 77;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    app.click("#open-minesweeper").await;
    app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length > 0").await;
    app.choose("#level-beginner").await;
    app.wait_for("the beginner field", "return document.querySelectorAll('.ms-cell').length === 81").await;
    // Lost on a mine no number touches (as the review's own test does).
    let params = Params::beginner().with_no_guess(true);
    let mines = mine_layout(&params, SEED, (4, 4));
    app.click(&cell(4, 4)).await;
    app.wait_for("cells to open", "return document.querySelectorAll('.ms-cell.open').length > 0").await;
    let mut twin = Minesweeper::new(&params, SEED).unwrap();
    twin.apply(&Move::Open { x: 4, y: 4 }).unwrap();
    let view = twin.view();
    let hidden = mines.iter().copied().find(|&(x, y)| {
        view.cell(x, y) == cell_code::HIDDEN
            && (y.saturating_sub(1)..=(y + 1).min(8))
                .all(|ny| (x.saturating_sub(1)..=(x + 1).min(8)).all(|nx| !view.cell(nx, ny).is_ascii_digit()))
    });
    let (mx, my) = hidden.expect("a mine no number touches");
    app.click(&cell(mx, my)).await;
    app.wait_for("the loss", "return document.querySelector('.screen-minesweeper')?.dataset.status === 'lost'").await;

    // The review, at the guess: the board opens on the position before it.
    app.wait_for("the review button", "return !document.querySelector('#ms-review').hidden").await;
    app.click("#ms-review").await;
    app.wait_for(
        "the review",
        "return document.querySelector('.screen-minesweeper-review')?.dataset.state === 'ready'",
    )
    .await;
    let at = run(&app, "return document.querySelector('.screen-minesweeper-review').dataset.at").await;
    app.click("#msr-analyse").await;
    let look = looked_after(&app, &json!("0")).await;
    assert_eq!((&look["cells"], &look["possible"]), (&json!(81), &json!("true")), "{look}");
    let open = run(&app, "return document.querySelectorAll('#msa-field .ms-cell.open').length").await;
    let opened = view.cells.chars().filter(|c| c.is_ascii_digit()).count();
    assert_eq!(open, json!(opened), "the position before the guess");
    assert!(!look["safe"].as_array().unwrap().is_empty(), "logic had a safe cell there: {look}");
    assert_eq!(app.text("#msa-back").await, "Back to the review");
    picture(&app, "ms-analysis-board-from-review").await;
    app.click("#msa-back").await;
    app.wait_for(
        "the review again",
        "return document.querySelector('.screen-minesweeper-review')?.dataset.state === 'ready'",
    )
    .await;
    let again = run(&app, "return document.querySelector('.screen-minesweeper-review').dataset.at").await;
    assert_eq!(again, at, "back at the click it was analysed from");

    // From the lost game: its mines come as a known layout.
    app.click("#msr-back").await;
    app.wait_for("the game", "return document.querySelector('.screen-minesweeper')?.dataset.status === 'lost'").await;
    let before = shown(&app).await["revision"].clone();
    let before = if before.is_null() { json!("0") } else { before };
    app.click("#ms-analyse").await;
    let look = looked_after(&app, &before).await;
    assert!(look["layout"].as_str().unwrap().contains("The mines are known"), "{look}");
    let shown_mines = run(&app, "return document.querySelectorAll('#msa-field .ms-cell.mine').length").await;
    assert_eq!(shown_mines, json!(10));
    app.quit().await;
}
