//! The keys GNOME's and KDE's players know, on each screen: Ctrl+N (and F2) a new game, Ctrl+H
//! the hall of fame, Ctrl+, Preferences, Ctrl+? the shortcuts window, Shift+H the hint where h
//! moves the cursor; the shortcuts window lists the screen's keys and the page takes no key it
//! does not list; the Move menu's items are enabled as their buttons are.

use crate::harness::App;
use serde_json::{json, Value};

/// The rows of the open shortcuts window: each row's keys, as its table names them.
async fn listed_keys(app: &App) -> Vec<String> {
    app.wait_for(
        "the shortcuts window",
        "return document.querySelector('#shortcuts-dialog[open] tr[data-keys]') !== null",
    )
    .await;
    let rows = app
        .client
        .execute(
            "return [...document.querySelectorAll('#shortcuts-dialog tr[data-keys]')].map((row) => row.dataset.keys)",
            vec![],
        )
        .await
        .unwrap();
    rows.as_array().unwrap().iter().map(|row| row.as_str().unwrap().to_string()).collect()
}

async fn close_shortcuts(app: &App) {
    app.click("#shortcuts-dialog button[value=ok]").await;
    app.wait_for("the shortcuts window to close", "return !document.querySelector('#shortcuts-dialog')").await;
}

/// Every key press a player can make (with and without Ctrl and Shift) that the window does not
/// list, sent to the element with the focus: those the page took (none, if the window lists
/// every key the handlers read).
const UNLISTED_TAKEN: &str = r#"
const [listed, done] = arguments;
import(new URL('js/shortcuts.js', document.baseURI).href).then(({ keyNames }) => {
  const named = ['Enter', 'Escape', 'Backspace', 'Delete', 'Insert', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown',
    'Home', 'End', 'PageUp', 'PageDown', ' ', ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`)];
  const pairs = [];
  for (const c of 'abcdefghijklmnopqrstuvwxyz') pairs.push([c, false], [c.toUpperCase(), true]);
  for (const c of '`1234567890-=[]\\;\',./') pairs.push([c, false]);
  for (const c of '~!@#$%^&*()_+{}|:"<>?') pairs.push([c, true]);
  for (const key of named) pairs.push([key, false], [key, true]);
  const taken = [];
  const target = document.activeElement ?? document.body;
  for (const [key, shiftKey] of pairs) {
    for (const ctrlKey of [false, true]) {
      const init = { key, shiftKey, ctrlKey, bubbles: true, cancelable: true };
      if (keyNames(init).some((name) => listed.includes(name))) continue;
      const event = new KeyboardEvent('keydown', init);
      target.dispatchEvent(event);
      if (event.defaultPrevented) taken.push(keyNames(init)[0]);
    }
  }
  done(taken);
}, (error) => done(String(error)));
"#;

/// Opens the shortcuts window with Ctrl+? (the native accelerator), checks it lists `expected`
/// rows among its own, and that the page takes no key it does not list.
async fn shortcuts_list(app: &App, expected: &[&str]) -> Vec<String> {
    app.press_accelerator("ctrl+question");
    let rows = listed_keys(app).await;
    for row in expected {
        assert!(rows.iter().any(|listed| listed == row), "{row} not in {rows:?}");
    }
    close_shortcuts(app).await;
    let names: Vec<Value> = rows.iter().flat_map(|row| row.split(' ')).map(|name| json!(name)).collect();
    let taken = app.client.execute_async(UNLISTED_TAKEN, vec![json!(names)]).await.unwrap();
    assert_eq!(taken, json!([]), "keys the page takes but does not list");
    rows
}

fn screen_is(name: &str) -> String {
    format!("return document.querySelector('#screen.screen-{name}') !== null && document.body.dataset.ready === 'true'")
}

async fn open_a_cell(app: &App) {
    app.click(".ms-cell[data-x='4'][data-y='4']").await;
    app.wait_for("cells to open", "return document.querySelectorAll('.ms-cell.open').length > 0").await;
}

async fn field_closed(app: &App, how: &str) {
    app.wait_for(how, "return document.querySelectorAll('.ms-cell').length === 81 && document.querySelectorAll('.ms-cell.open').length === 0").await;
}

#[tokio::test(flavor = "current_thread")]
async fn the_desktops_keys_work_on_every_screen_and_the_shortcuts_window_lists_them() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(8)).await;
    app.wait_for("the home screen", &screen_is("home")).await;
    let everywhere = ["Ctrl+N F2", "Ctrl+H", "Ctrl+,", "Ctrl+? Ctrl+Shift+/", "F1", "Ctrl+Shift+O"];

    // Home: the window lists the keys of every screen, and no game's.
    let rows = shortcuts_list(&app, &everywhere).await;
    assert!(!rows.iter().any(|row| row == "P" || row == "F5"), "{rows:?}");
    // Ctrl+, opens Preferences.
    app.press_accelerator("ctrl+comma");
    app.wait_for("Preferences", "return document.querySelector('#settings-dialog[open]') !== null").await;
    app.click("#settings-dialog button[value=cancel]").await;
    app.wait_for("Preferences to close", "return !document.querySelector('#settings-dialog')").await;
    // Ctrl+H: the hall of fame, from the menu's accelerator and from the page's own handler.
    app.press_accelerator("ctrl+h");
    app.wait_for("the hall of fame", &screen_is("hall")).await;
    shortcuts_list(&app, &everywhere).await;
    // Ctrl+N away from a game: the home screen, where the games are.
    app.press_accelerator("ctrl+n");
    app.wait_for("the home screen", &screen_is("home")).await;
    app.keys("\u{E009}h\u{E000}").await;
    app.wait_for("the hall of fame by the page's key", &screen_is("hall")).await;
    app.keys("\u{E009}n\u{E000}").await;
    app.wait_for("the home screen by the page's key", &screen_is("home")).await;

    // A game: Ctrl+N (the menu's) and F2 (now the page's) each deal a new game.
    app.click("#open-minesweeper").await;
    app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length === 81").await;
    open_a_cell(&app).await;
    app.press_accelerator("ctrl+n");
    field_closed(&app, "a new game by Ctrl+N").await;
    open_a_cell(&app).await;
    app.press_accelerator("F2");
    field_closed(&app, "a new game by F2").await;
    open_a_cell(&app).await;
    app.keys("\u{E009}n\u{E000}").await;
    field_closed(&app, "a new game by the page's Ctrl+N").await;

    // The game's window: its keys, the board's, and why the hint is Shift+H.
    app.invoke("set_setting", json!({"key": "theme", "value": "light"})).await.unwrap();
    let rows = shortcuts_list(
        &app,
        &[&everywhere[..], &["F5", "Shift+H", "O", "P", "1", "2", "3", "ArrowLeft H", "Space Enter", "F"]].concat(),
    )
    .await;
    assert!(rows.len() >= 23, "{rows:?}");
    app.press_accelerator("ctrl+question");
    listed_keys(&app).await;
    let note = app.text("#shortcuts-dialog tr[data-keys='Shift+H'] .shortcut-note").await;
    assert!(note.contains("h moves the cursor left"), "{note}");
    app.screenshot("shortcuts-minesweeper-light").await;
    app.client
        .execute("document.querySelector('#shortcuts-dialog tr[data-keys=\"Shift+H\"]').scrollIntoView()", vec![])
        .await
        .unwrap();
    app.screenshot("shortcuts-minesweeper-light-game").await;
    close_shortcuts(&app).await;
    app.invoke("set_setting", json!({"key": "theme", "value": "dark"})).await.unwrap();
    // The page's own Ctrl+Shift+/ (WebDriver sends a ? as the slash without Shift).
    app.keys("\u{E009}\u{E008}/\u{E000}").await;
    listed_keys(&app).await;
    app.screenshot("shortcuts-minesweeper-dark").await;
    close_shortcuts(&app).await;

    // Shift+H asks for the hint (the warning first); a plain h moves the cursor.
    app.client.execute("document.querySelector('.ms-cell[tabindex=\"0\"]').focus()", vec![]).await.unwrap();
    app.keys("l").await;
    app.keys("h").await;
    assert!(app
        .client
        .execute("return !document.querySelector('dialog[open]')", vec![])
        .await
        .unwrap()
        .as_bool()
        .unwrap());
    app.keys("H").await;
    app.wait_for("the hint's warning", "return document.querySelector('#assist-dialog[open]') !== null").await;
    app.click("#assist-dialog button[value=cancel]").await;
    app.wait_for("the warning to close", "return !document.querySelector('dialog[open]')").await;
    // Ctrl+H from a game, and back.
    app.press_accelerator("ctrl+h");
    app.wait_for("the hall of fame", &screen_is("hall")).await;

    // Gomoku and Bubble Breaker: their own keys listed beside the shared ones.
    app.press_accelerator("ctrl+n");
    app.wait_for("the home screen", &screen_is("home")).await;
    app.click("#open-bubbles").await;
    app.wait_for("the field", "return document.querySelectorAll('.bb-cell').length > 0").await;
    shortcuts_list(
        &app,
        &[&everywhere[..], &["Ctrl+O", "Ctrl+Z", "Ctrl+Shift+Z Ctrl+Y", "Escape", "Shift+H", "P"]].concat(),
    )
    .await;
    app.quit().await;
}

/// The Move menu (F10, then Right) holds its items enabled as the buttons are: GTK's keyboard
/// passes over a disabled item, so Down and Return run the first enabled one, Up and Return the
/// last (Pause).
#[tokio::test(flavor = "current_thread")]
async fn the_move_menus_items_are_enabled_as_their_buttons() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(8)).await;
    app.click("#open-bubbles").await;
    app.wait_for("the field", "return document.querySelectorAll('.bb-cell').length > 0").await;
    let menu_item = |last: bool| {
        for key in ["F10", "Right", if last { "Up" } else { "Down" }, "Return"] {
            app.press_accelerator(key);
        }
    };
    let buttons = "return ['undo', 'redo', 'hint', 'odds', 'pause'].map((b) => { const n = document.querySelector(`#bb-${b}`); return n ? !n.disabled : null; })";
    let score = "return document.querySelector('#bb-score').textContent";
    // A pop: two clicks on a cell with a neighbour of its colour.
    let group = app
        .wait_for(
            "a group",
            "const colour = (c) => [...c.classList].filter((k) => k !== 'bb-cell').sort().join();
             for (const c of document.querySelectorAll('.bb-cell')) {
               const right = document.querySelector(`.bb-cell[data-x='${Number(c.dataset.x) + 1}'][data-y='${c.dataset.y}']`);
               if (right && colour(right) === colour(c)) return `.bb-cell[data-x='${c.dataset.x}'][data-y='${c.dataset.y}']`;
             }
             return false;",
        )
        .await;
    let group = group.as_str().unwrap().to_string();
    app.click(&group).await;
    app.wait_for("the selection", "return document.querySelectorAll('.bb-cell.selected').length > 1").await;
    app.click(&group).await;
    app.wait_for("the pop", &format!("{score} !== '0'")).await;
    let popped = app.client.execute(score, vec![]).await.unwrap();
    app.wait_for("the buttons", "return !document.querySelector('#bb-undo').disabled").await;
    assert_eq!(app.client.execute(buttons, vec![]).await.unwrap(), json!([true, false, true, null, true]));
    // The menu open, for the eye.
    app.press_accelerator("F10");
    app.press_accelerator("Right");
    app.screenshot("move-menu").await;
    app.press_accelerator("Escape");
    app.press_accelerator("Escape");
    // Undo is the first enabled item (its warning first, as the button's).
    menu_item(false);
    app.wait_for("the warning", "return document.querySelector('#assist-dialog[open]') !== null").await;
    app.click("#assist-dialog button[value=continue]").await;
    app.wait_for("the pop taken back", &format!("{score} === '0'")).await;
    // Undone: Undo disabled, Redo enabled, in the menu as on the buttons.
    app.wait_for("the buttons", "return !document.querySelector('#bb-redo').disabled").await;
    assert_eq!(app.client.execute(buttons, vec![]).await.unwrap(), json!([false, true, true, null, true]));
    menu_item(false);
    app.wait_for("the pop played again", &format!("{score} === {popped}")).await;
    // Paused: Hint is off with its button, and Pause, the last item, resumes.
    app.click("#bb-pause").await;
    app.wait_for("the pause", "return document.querySelector('.screen-bubbles')?.dataset.paused === 'true'").await;
    let paused = app.client.execute(buttons, vec![]).await.unwrap();
    assert_eq!((&paused[2], &paused[4]), (&json!(false), &json!(true)), "{paused}");
    menu_item(true);
    app.wait_for(
        "Resume from the menu",
        "return document.querySelector('.screen-bubbles')?.dataset.paused === 'false'",
    )
    .await;
    app.quit().await;
}
