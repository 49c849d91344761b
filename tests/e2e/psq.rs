//! Gomocup's game files (Piskvork's `.psq`) in the real webview: a finished game exported from
//! its history row through the native save dialog as a `.psq`, and a hand-written Gomocup file
//! (`tests/fixtures/psq/won-by-five.psq`) through "Import game…" and the native open dialog,
//! reviewed by the engine and watched to its last stone, never stored.

use crate::exchange::enter_until_closed;
use crate::gomoku::{open_gomoku, picture, point, run, wait_stones};
use crate::hall::file_dialog_types;
use crate::harness::{shots_dir, App};
use crate::watch::watch_the_import_to_its_end;
use serde_json::json;

/// Black's five on row 8 (y 7) from H8; white's stones in the corners.
const STONES: [(u8, u8); 9] = [(7, 7), (0, 0), (8, 7), (0, 14), (9, 7), (14, 14), (10, 7), (14, 0), (11, 7)];

#[tokio::test(flavor = "current_thread")]
async fn a_finished_gomoku_game_exports_as_a_gomocup_file() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(3)).await;
    open_gomoku(&app).await;
    for (n, (x, y)) in STONES.into_iter().enumerate() {
        app.click(&point(x, y)).await;
        wait_stones(&app, n + 1).await;
    }
    app.wait_for("the win", "return document.querySelector('.screen-gomoku').dataset.status === 'won'").await;
    app.click("#gm-home").await;
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    app.wait_for("the row's Gomocup export", "return document.querySelector('#hist-rows .hist-export-psq')").await;
    picture(&app, "psq-history").await;
    let path = shots_dir().join("psq-export.psq");
    let _ = std::fs::remove_file(&path);
    // The row's exports are one menu: the text record, the Gomocup file, the moves as a file
    // and the moves copied.
    app.click("#hist-rows .hist-record .choice-button").await;
    app.wait_for(
        "the row's exports",
        "return document.querySelector('#hist-rows .hist-export-psq')?.offsetParent !== null",
    )
    .await;
    let items = run(
        &app,
        "return [...document.querySelectorAll('#hist-rows .hist-record [role=menu] [role=menuitem]')].map((i) => i.textContent)",
    )
    .await;
    assert_eq!(items, json!(["Pastimes record (.txt)…", "Gomocup file (.psq)…", "Moves (.txt)…", "Copy moves"]));
    picture(&app, "psq-history-exports").await;
    app.click("#hist-rows .hist-export-psq").await;
    let title = "Export the game as a Gomocup file";
    assert!(file_dialog_types(title, &["ctrl+a"], &path, "psq-export-dialog"), "the save dialog");
    app.wait_for(
        "the export's toast",
        "const t = document.querySelector('#toast'); return !t.hidden && t.textContent.includes('Saved the game')",
    )
    .await;
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Piskvorky 15x15, 0:0, 0", "{text}");
    let points: Vec<String> =
        lines[1..10].iter().map(|line| line.split(',').take(2).collect::<Vec<_>>().join(",")).collect();
    let expected: Vec<String> = STONES.iter().map(|(x, y)| format!("{},{}", x + 1, y + 1)).collect();
    assert_eq!(points, expected, "{text}");
    assert_eq!(&lines[10..], ["homo-Black", "homo-White", "0", "rule: freestyle"], "{text}");
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn an_imported_gomocup_game_is_reviewed_and_watched() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(3)).await;
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/psq");
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;

    // A Go board, 19x19: refused, saying why.
    choose_in_the_dialog(&app, &fixtures.join("board-19x19.psq"), "psq-import-refused-dialog").await;
    let said = app
        .wait_for(
            "the refusal",
            "const t = document.querySelector('#toast'); return !t.hidden && t.textContent.includes('19×19') && t.textContent",
        )
        .await;
    assert_eq!(
        said,
        json!("That game is on a 19×19 board; Pastimes plays Gomoku on 15×15 and 20×20 (Renju on 15×15 only).")
    );
    picture(&app, "psq-refused").await;
    assert_eq!(app.invoke("watch_import", json!({})).await.unwrap_err()["code"], "nothing_imported");

    let path = fixtures.join("won-by-five.psq");
    import_through_the_dialog(&app, &path, "psq-import-dialog").await;
    let moves =
        run(&app, "return document.querySelector(\"#import-facts dd[data-fact='history.moves']\").textContent").await;
    assert_eq!(moves, json!("9"));
    picture(&app, "psq-imported").await;

    // The review: the engine's, worked out for the import.
    app.click("#import-dialog button[data-value='review']").await;
    app.wait_for("the review", "return document.querySelector('.screen-gomoku-review')?.dataset.state === 'ready'")
        .await;
    let players = app.text("#gmr-players").await;
    assert!(players.contains("alpha") && players.contains("beta") && players.contains("9"), "{players}");
    let points = run(&app, "return document.querySelectorAll('#gmr-graph circle.gmr-point').length").await;
    assert_eq!(points, json!(9), "a point per stone");
    picture(&app, "psq-reviewed").await;

    // Back to the history, imported again and watched on the board to its last stone.
    app.click("#gmr-back").await;
    import_through_the_dialog(&app, &path, "psq-import-dialog-again").await;
    watch_the_import_to_its_end(&app, 9).await;
    picture(&app, "psq-watched").await;
    assert_eq!(app.invoke("history_count", json!({})).await.unwrap(), json!(0), "the import is not stored");
    app.quit().await;
}

/// From the history: Import game…, the file typed into the native open dialog, its header shown.
async fn import_through_the_dialog(app: &App, path: &std::path::Path, shot: &str) {
    choose_in_the_dialog(app, path, shot).await;
    app.wait_for("the imported header", "return document.querySelector('#import-dialog[open] #import-facts')").await;
}

/// From the history: Import game…, the file typed into the native open dialog.
async fn choose_in_the_dialog(app: &App, path: &std::path::Path, shot: &str) {
    app.wait_for("the history", "return document.querySelector('#hist-import')").await;
    app.click("#hist-import").await;
    assert!(file_dialog_types("Import a game", &["ctrl+l"], path, shot), "the open dialog");
    assert!(enter_until_closed("Import a game"), "the open dialog takes the path");
}
