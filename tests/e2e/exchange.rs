//! One game as text in the real webview: Gomoku's "Paste position" opens pasted moves as a new
//! game that plays on (marked imported), "Copy moves" puts the moves on the desktop's clipboard
//! (pasted back with Ctrl+V), the finished game exports from its history row through the native
//! save dialog (as a record file and as its moves), and the record file comes back through
//! "Import game…" and the native open dialog.

use crate::gomoku::{open_gomoku, picture, point, run, wait_stones};
use crate::hall::file_dialog_types;
use crate::harness::{shots_dir, App};
use crate::watch::watch_the_import_to_its_end;
use serde_json::json;
use std::process::Command;
use std::time::{Duration, Instant};

const CTRL_V: &str = "\u{E009}v\u{E000}";
/// Black's five along row 8, white's stones down the A file between them.
const PASTED: &str = "1. H8 2. A1 3. I8 4. A2 5. J8";
const WHOLE_GAME: &str = "H8 A1 I8 A2 J8 A3 K8 A4 L8";

/// Presses Enter on the GTK dialog titled `title` again while it is still open: the open
/// dialog's location field may take the first Enter for its completion. False if it stays.
pub(crate) fn enter_until_closed(title: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let found = Command::new("xdotool").args(["search", "--onlyvisible", "--name", title]).output();
        let open = found.is_ok_and(|o| !String::from_utf8_lossy(&o.stdout).trim().is_empty());
        if !open {
            return true;
        }
        if Instant::now() > deadline {
            return false;
        }
        let _ = Command::new("xdotool").args(["key", "--clearmodifiers", "Return"]).status();
        std::thread::sleep(Duration::from_millis(300));
    }
}

/// Opens the paste dialog and waits for its text field to have the focus.
async fn open_paste_dialog(app: &App) {
    app.click("#gm-paste").await;
    app.wait_for("the paste dialog", "return document.activeElement?.id === 'gm-paste-text'").await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_pasted_position_plays_on_copies_its_moves_exports_and_imports_again() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(5)).await;
    open_gomoku(&app).await;

    // Paste position: typed into the dialog as a player pastes it; the game opens from there.
    open_paste_dialog(&app).await;
    app.keys(PASTED).await;
    picture(&app, "exchange-paste-dialog").await;
    app.click("#gm-paste-dialog button[value=open]").await;
    wait_stones(&app, 5).await;
    assert!(app.text("#gm-turn").await.contains("White"), "{}", app.text("#gm-turn").await);
    let snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(snapshot["assistance"]["imported"], true);
    picture(&app, "exchange-pasted").await;

    // Nonsense pasted: said in words, the game unchanged.
    open_paste_dialog(&app).await;
    app.keys("H8 Q99").await;
    app.click("#gm-paste-dialog button[value=open]").await;
    let toast = app
        .wait_for("the refusal", "const t = document.querySelector('#toast'); return !t.hidden && t.textContent")
        .await;
    assert!(toast.as_str().unwrap().contains("Move 2 (Q99) is not allowed"), "{toast}");
    wait_stones(&app, 5).await;

    // Play on to black's five.
    for (x, y) in [(0, 12), (10, 7), (0, 11), (11, 7)] {
        app.click(&point(x, y)).await;
    }
    wait_stones(&app, 9).await;
    app.wait_for("the win", "return document.querySelector('.screen-gomoku').dataset.status === 'won'").await;

    // Copy moves, then Ctrl+V into the paste dialog: the desktop's clipboard holds them.
    app.click("#gm-copy-moves").await;
    app.wait_for(
        "the copy's toast",
        "const t = document.querySelector('#toast'); return !t.hidden && t.textContent.includes('copied')",
    )
    .await;
    open_paste_dialog(&app).await;
    app.keys(CTRL_V).await;
    let pasted = app.wait_for("the pasted moves", "return document.querySelector('#gm-paste-text').value").await;
    assert_eq!(pasted, json!(WHOLE_GAME));
    picture(&app, "exchange-clipboard-pasted").await;
    app.click("#gm-paste-dialog button[value=cancel]").await;
    app.wait_for("the dialog closed", "return !document.querySelector('#gm-paste-dialog')").await;

    // The history: the game marked imported, exported from its row.
    app.click("#gm-home").await;
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    app.wait_for(
        "the row",
        "return document.querySelectorAll('#hist-rows tr[data-id] .hist-export-record').length === 1",
    )
    .await;
    assert_eq!(app.text("#hist-rows tr[data-id] .hist-imported").await, "imported");
    picture(&app, "exchange-history").await;
    // The row's Copy moves: the same moves, from the stored record.
    run(&app, "document.querySelector('#toast').hidden = true").await;
    app.pick("#hist-rows tr[data-id] .hist-record .choice-button", "#hist-rows tr[data-id] .hist-copy-moves").await;
    let toast = app
        .wait_for("the row's copy", "const t = document.querySelector('#toast'); return !t.hidden && t.textContent")
        .await;
    assert_eq!(toast, json!(format!("Moves copied: {WHOLE_GAME}")));
    let path = shots_dir().join("exchange-gomoku.txt");
    let _ = std::fs::remove_file(&path);
    app.pick("#hist-rows tr[data-id] .hist-record .choice-button", "#hist-rows tr[data-id] .hist-export-record").await;
    assert!(file_dialog_types("Export the game", &["ctrl+a"], &path, "exchange-export-dialog"), "the save dialog");
    app.wait_for(
        "the export's toast",
        "const t = document.querySelector('#toast'); return !t.hidden && t.textContent.includes('Saved the game')",
    )
    .await;
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("Pastimes record 1\ngame: gomoku\n"), "{text}");
    assert!(text.contains("\nresult: won\n") && text.contains("\nimported: yes\n"), "{text}");
    assert!(text.contains(" H8\n") && text.ends_with(" L8\nend\n"), "{text}");
    // Its moves, Gomoku's own text format, through the same save dialog.
    let moves_path = shots_dir().join("exchange-gomoku-moves.txt");
    let _ = std::fs::remove_file(&moves_path);
    run(&app, "document.querySelector('#toast').hidden = true").await;
    app.pick("#hist-rows tr[data-id] .hist-record .choice-button", "#hist-rows tr[data-id] .hist-export-moves").await;
    assert!(
        file_dialog_types("Export the moves", &["ctrl+a"], &moves_path, "exchange-export-moves-dialog"),
        "the save dialog"
    );
    app.wait_for(
        "the moves' toast",
        "const t = document.querySelector('#toast'); return !t.hidden && t.textContent.includes('Saved the game')",
    )
    .await;
    assert_eq!(std::fs::read_to_string(&moves_path).unwrap(), WHOLE_GAME);

    // Import game…: the file through the native open dialog, its header shown.
    app.click("#hist-import").await;
    assert!(file_dialog_types("Import a game", &["ctrl+l"], &path, "exchange-import-dialog"), "the open dialog");
    assert!(enter_until_closed("Import a game"), "the open dialog takes the path");
    app.wait_for("the imported header", "return document.querySelector('#import-dialog[open] #import-facts')").await;
    let moves =
        run(&app, "return document.querySelector(\"#import-facts dd[data-fact='history.moves']\").textContent").await;
    assert_eq!(moves, json!("9"));
    picture(&app, "exchange-imported").await;
    // Watched on the Gomoku board, to its last stone.
    watch_the_import_to_its_end(&app, 9).await;
    picture(&app, "exchange-imported-watched").await;
    assert_eq!(app.invoke("history_count", json!({})).await.unwrap(), json!(1), "the import is not stored");
    app.quit().await;
}

/// A Minesweeper video (one of ms_toollib's own `.rmv` test videos, `tests/fixtures/videos/`)
/// through "Import game…" and the native open dialog: its header, then watched on Pastimes' own
/// board at four times its real pace to its last move, never stored.
#[tokio::test(flavor = "current_thread")]
async fn an_imported_minesweeper_video_is_watched_to_its_end() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(5)).await;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/videos/test_rmv2_24px.rmv");
    let bytes = std::fs::read(&path).unwrap();
    let expected =
        app.invoke("import_game", json!({"file": {"name": "test_rmv2_24px.rmv", "bytes": bytes}})).await.unwrap()
            ["record"]
            .clone();
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    app.click("#hist-import").await;
    assert!(file_dialog_types("Import a game", &["ctrl+l"], &path, "exchange-video-import-dialog"), "the open dialog");
    assert!(enter_until_closed("Import a game"), "the open dialog takes the path");
    app.wait_for("the imported header", "return document.querySelector('#import-dialog[open] #import-facts')").await;
    let moves =
        run(&app, "return document.querySelector(\"#import-facts dd[data-fact='history.moves']\").textContent").await;
    assert_eq!(moves, json!(expected["moves"].to_string()));
    picture(&app, "exchange-video-imported").await;
    app.click("#import-dialog button[data-value='watch']").await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
    app.click("#watch-speed-4").await;
    app.click("#watch-play").await;
    app.wait_for("playing", "return document.querySelector('.screen-watch').dataset.playing === 'true'").await;
    app.wait_for("the end of play", "return document.querySelector('.screen-watch').dataset.playing === 'false'").await;
    app.wait_for("the last move", "return document.querySelector('.screen-watch')?.dataset.atEnd === 'true'").await;
    let index = run(&app, "return document.querySelector('.screen-watch').dataset.index").await;
    assert_eq!(index, json!(expected["moves"].to_string()), "played to its last move");
    let about = app.text("#watch-about").await;
    let player = expected["player"].as_str().unwrap();
    assert!(about.starts_with("Won · ") && about.contains(player) && about.contains("3BV "), "{about}");
    picture(&app, "exchange-video-watched").await;
    assert_eq!(app.invoke("history_count", json!({})).await.unwrap(), json!(0), "the video is not stored");
    app.quit().await;
}
