//! Lights Out, the fourth game that only test builds have, in the real webview as a player meets
//! it: opened from its home card, won by clicking its lights, named in the record dialog, found
//! in its hall of fame and in the history, watched to its end on its own board, exported through
//! the save dialog and imported again through the open dialog. Nothing of the app names it.

use crate::exchange::enter_until_closed;
use crate::gomoku::{picture, run};
use crate::hall::{file_dialog_types, wait_rows};
use crate::harness::{shots_dir, App};
use pastimes_games::lights::{Lights, Press};
use pastimes_games::{Game, Hints, Status};
use serde_json::{json, Value};
use std::sync::atomic::AtomicBool;

/// Which lights the board shows on, row by row, as a player reads them.
async fn lights(app: &App, within: &str) -> Vec<bool> {
    let script = format!(
        "return [...document.querySelectorAll('{within} .lt-cell')].map((c) => c.classList.contains('lt-lit'))"
    );
    serde_json::from_value(run(app, &script).await).unwrap()
}

/// The fewest presses that put out the lights shown (the game's own solver, on what the page
/// shows: the test plays as someone who knows the trick).
fn solution(lit: Vec<bool>) -> Vec<Press> {
    let side = (lit.len() as f64).sqrt() as usize;
    let mut board = Lights::with_lights(side, lit);
    let mut presses = Vec::new();
    while board.status() == Status::Playing {
        let hint = board.hint(&AtomicBool::new(false)).expect("a board that can be solved");
        let press = Press { x: hint["x"].as_i64().unwrap(), y: hint["y"].as_i64().unwrap() };
        board.apply(&press).unwrap();
        presses.push(press);
    }
    presses
}

async fn toast(app: &App, containing: &str) -> Value {
    let script = format!("const t = document.querySelector('#toast'); return !t.hidden && t.textContent.includes({containing:?}) && t.textContent");
    app.wait_for(&format!("the toast {containing:?}"), &script).await
}

#[tokio::test(flavor = "current_thread")]
async fn the_fourth_game_is_played_from_its_card_to_the_hall_of_fame_watched_exported_and_imported() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(5)).await;
    app.wait_for("its home card", "return document.querySelector('#open-lights')").await;
    picture(&app, "fourth-game-home").await;
    app.click("#open-lights").await;
    app.wait_for("the 5x5 board", "return document.querySelectorAll('.screen-lights .lt-cell').length === 25").await;
    picture(&app, "fourth-game-new").await;
    // A game without options shows no Options button; its statistics are there.
    let buttons = run(
        &app,
        "return [Boolean(document.querySelector('#lt-options')), Boolean(document.querySelector('#lt-stats'))]",
    )
    .await;
    assert_eq!(buttons, json!([false, true]));

    let presses = solution(lights(&app, ".screen-lights").await);
    for press in &presses {
        app.click(&format!(".lt-cell[data-x='{}'][data-y='{}']", press.x, press.y)).await;
    }
    app.wait_for("the win", "return document.querySelector('.screen-lights')?.dataset.status === 'won'").await;
    app.wait_for("the record dialog", "return document.querySelector('#record-dialog[open]')").await;
    app.find("#record-name").await.send_keys("Lux").await.unwrap();
    app.click("#record-dialog button[value=save]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#record-dialog')").await;
    assert!(lights(&app, ".screen-lights").await.iter().all(|lit| !lit), "every light is out");
    let status = app.text("#lt-status, .screen-lights .statusline").await;
    assert!(status.contains(&presses.len().to_string()), "{status}");
    picture(&app, "fourth-game-won").await;

    // Its hall of fame, from the registry alone.
    app.click("#lt-home").await;
    app.click("#hall-button").await;
    app.wait_for("the hall", "return document.querySelector('#hall-panel-records')?.dataset.ready === 'true'").await;
    let names = run(
        &app,
        "return [...document.querySelectorAll('#hall-lights .hall-category[data-category=\"5x5\"] td.hall-name .hall-player')].map((n) => n.textContent)",
    )
    .await;
    assert_eq!(names, json!(["Lux"]));
    picture(&app, "fourth-game-hall").await;

    // The history's row, exported through the save dialog.
    app.click("#hall-tab-history").await;
    wait_rows(&app, 1).await;
    assert_eq!(
        run(&app, "return document.querySelector('#hist-rows tr[data-id]').dataset.game").await,
        json!("lights")
    );
    // Its summary field on the row, and its own file format in the row's Export menu, both from
    // its declarations alone.
    let fewest =
        run(&app, "return document.querySelector('#hist-rows tr[data-id] [data-field=\"fewest\"]')?.textContent").await;
    assert_eq!(
        fewest,
        json!(format!("fewest possible {}", presses.len())),
        "the fewest presses, as the solver found them"
    );
    let board_item = "#hist-rows tr[data-id] .hist-export-board";
    let offered = run(&app, &format!("return document.querySelector({board_item:?})?.textContent")).await;
    assert_eq!(offered, json!("Board (.txt)…"));
    let path = shots_dir().join("fourth-game.txt");
    let _ = std::fs::remove_file(&path);
    app.pick("#hist-rows tr[data-id] .hist-record .choice-button", "#hist-rows tr[data-id] .hist-export-record").await;
    assert!(file_dialog_types("Export the game", &["ctrl+a"], &path, "fourth-game-export-dialog"), "the save dialog");
    toast(&app, "Saved the game").await;
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("Pastimes record 1\ngame: lights\n") && text.contains("\nplayer: Lux\n"), "{text}");
    assert_eq!(text.matches(" press ").count(), presses.len(), "{text}");

    // Watched on its own board to the end.
    app.click("#hist-rows tr[data-id] .watch-record").await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
    assert!(lights(&app, ".screen-watch").await.iter().any(|lit| *lit), "the board as dealt");
    app.keys("\u{E010}").await; // End
    app.wait_for("the last press", "return document.querySelector('.screen-watch')?.dataset.atEnd === 'true'").await;
    assert!(lights(&app, ".screen-watch").await.iter().all(|lit| !lit), "the board it ended on");
    picture(&app, "fourth-game-watched").await;
    app.click("#watch-back").await;
    app.wait_for("the history again", "return document.querySelector('.screen-hall')?.dataset.tab === 'history'").await;

    // Imported again through the open dialog, and watched: never stored.
    app.click("#hist-import").await;
    assert!(file_dialog_types("Import a game", &["ctrl+l"], &path, "fourth-game-import-dialog"), "the open dialog");
    assert!(enter_until_closed("Import a game"), "the open dialog takes the path");
    app.wait_for("the imported header", "return document.querySelector('#import-dialog[open] #import-facts')").await;
    app.click("#import-dialog button[data-value='watch']").await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
    app.keys("\u{E010}").await;
    app.wait_for("the last press", "return document.querySelector('.screen-watch')?.dataset.atEnd === 'true'").await;
    assert!(lights(&app, ".screen-watch").await.iter().all(|lit| !lit));
    assert_eq!(app.invoke("history_count", json!({})).await.unwrap(), json!(1), "the import is not stored");
    app.quit().await;
}

/// What the page's descriptor of each game lacks, as the page itself has loaded it
/// (`ui/js/games.js`, by the ids the backend's registry names): its id, its screen module (built by
/// `gameScreen`: an id and a `mount`), its watch board, its stylesheets linked and loaded, and a
/// review exactly when its catalogue entry shows its analysis as one. An empty list a game.
const DESCRIPTOR_GAPS: &str = r#"
  const done = arguments[0];
  (async () => {
    const { descriptors } = await import('./js/games.js');
    const games = await window.__TAURI__.core.invoke('games');
    const sheets = [...document.styleSheets].filter((sheet) => sheet.cssRules.length > 0).map((sheet) => sheet.href);
    const gaps = {};
    for (const game of games) {
      const missing = [];
      const descriptor = descriptors[game.id];
      if (!descriptor) { gaps[game.id] = ['its descriptor']; continue; }
      if (descriptor.id !== game.id) missing.push('its id');
      const screen = typeof descriptor.screen === 'function' ? await descriptor.screen() : null;
      if (!screen || screen.id !== game.id || typeof screen.mount !== 'function') missing.push('its screen');
      if (typeof descriptor.watchBoard !== 'function') missing.push('its watch board');
      const stylesheets = descriptor.stylesheets ?? [];
      if (!stylesheets.includes(`css/${game.id}.css`)) missing.push(`css/${game.id}.css among its stylesheets`);
      for (const href of stylesheets) {
        if (!sheets.some((loaded) => loaded && loaded.endsWith(`/${href}`))) missing.push(`${href} loaded`);
      }
      if ((game.analysisShown === 'review') !== (typeof descriptor.review === 'function')) {
        missing.push('a review exactly when its analysis is shown as one');
      }
      gaps[game.id] = missing;
    }
    return gaps;
  })().then(done, (error) => done({ error: String(error) }));
"#;

/// Every game the backend registers, the test build's fourth one too, has its part of the page,
/// loaded the way a shipped game's is; a registered game without a descriptor fails here.
#[tokio::test(flavor = "current_thread")]
async fn every_registered_game_has_its_descriptor_in_the_page() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(5)).await;
    app.wait_for("the page", "return document.body.dataset.ready === 'true'").await;
    let gaps = app.client.execute_async(DESCRIPTOR_GAPS, vec![]).await.unwrap();
    let registered: Vec<&str> = pastimes_games::GameKind::all().map(|kind| kind.as_str()).collect();
    let checked: Vec<&str> = gaps.as_object().map(|gaps| gaps.keys().map(String::as_str).collect()).unwrap_or_default();
    assert_eq!(checked.len(), registered.len(), "the page checked {gaps}");
    for id in registered {
        assert_eq!(gaps[id], json!([]), "{id} lacks parts of the page: {gaps}");
    }
    app.quit().await;
}
