//! Minesweeper as the classic games (originals 000 and 001) look and behave: one frame holding the
//! counters and the field at every size, theme and zoom; the levels in the toolbar's compact
//! control and the Game menu, with their check mark and keys; the smiley; the cells pressed
//! while a button is held; the clock from 1 with its tick; the monochrome option; the reset in
//! Best times.

use crate::gomoku::picture;
use crate::harness::App;
use crate::minesweeper::cell;
use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use pastimes_games::minesweeper::{cell_code, mine_layout, Minesweeper, Move, Params};
use pastimes_games::Game;
use serde_json::{json, Value};

async fn open_minesweeper(app: &App) {
    app.click("#open-minesweeper").await;
    app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length > 0").await;
}

async fn wait_for_cells(app: &App, cells: usize) {
    let script = format!(
        "return document.querySelectorAll('.ms-cell').length === {cells} && !document.querySelector('#screen[aria-busy]')"
    );
    app.wait_for(&format!("a field of {cells} cells"), &script).await;
}

/// How the classic window sits: the panel as wide as the field's frame, the frame holding the
/// field with no room beside it, the raised frame the same around both, the stage and the
/// toolbar without a scroll bar or a second row. Returns the figures for the failure message.
pub const GEOMETRY: &str = r#"
    const box = (css) => document.querySelector(css).getBoundingClientRect();
    const [window, panel, frame, field] = ['.ms-window', '.ms-panel', '.ms-frame', '.ms-field'].map(box);
    const stage = document.querySelector('.ms-stage');
    const toolbar = document.querySelector('.screen-minesweeper .toolbar');
    const tops = [...toolbar.children].filter((node) => node.offsetHeight).map((node) => node.getBoundingClientRect().top);
    const frameStyle = getComputedStyle(document.querySelector('.ms-frame'));
    const border = parseFloat(frameStyle.borderLeftWidth) + parseFloat(frameStyle.borderRightWidth);
    const near = (a, b) => Math.abs(a - b) < 0.6;
    return {
      panelSpansField: near(panel.left, frame.left) && near(panel.right, frame.right),
      fieldFillsFrame: near(frame.width - border, field.width) && near(frame.height - border, field.height),
      frameCentred: near(frame.left - window.left, window.right - frame.right),
      // A pixel of rounding at a fractional zoom is no scroll bar.
      stageFits: stage.scrollWidth <= stage.clientWidth + 1 && stage.scrollHeight <= stage.clientHeight + 1,
      toolbarOneRow: toolbar.scrollWidth <= toolbar.clientWidth + 1 && tops.every((top) => Math.abs(top - tops[0]) < 2),
      sizes: [window.width, panel.width, frame.width, field.width, stage.clientWidth, stage.scrollWidth, stage.clientHeight, stage.scrollHeight, toolbar.clientWidth, toolbar.scrollWidth],
    };
"#;

const ONE_BLOCK: [&str; 5] = ["panelSpansField", "fieldFillsFrame", "frameCentred", "stageFits", "toolbarOneRow"];

/// Waits for the field to take its size (it fits its area in the frame after the area's size is
/// known: `followSize` in board-kit.js), then asserts that frame, panel and field are one block.
async fn assert_one_block(app: &App, what: &str) {
    let all_hold =
        format!("const figures = (() => {{ {GEOMETRY} }})(); return {ONE_BLOCK:?}.every((check) => figures[check]);");
    app.wait_for(&format!("{what}: frame, panel and field as one block"), &all_hold).await;
    let figures = app.client.execute(GEOMETRY, vec![]).await.unwrap();
    for check in ONE_BLOCK {
        assert_eq!(figures[check], json!(true), "{what}: {check} ({figures})");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn frame_panel_and_field_are_one_block_at_every_size_theme_and_zoom() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(3)).await;
    open_minesweeper(&app).await;
    let sizes: [(&str, Value, usize); 5] = [
        ("beginner", json!({"level": "beginner"}), 81),
        ("intermediate", json!({"level": "intermediate"}), 256),
        ("expert", json!({"level": "expert"}), 480),
        ("narrow", json!({"level": "custom", "width": 9, "height": 24, "mines": 10}), 216),
        ("wide", json!({"level": "custom", "width": 40, "height": 9, "mines": 30}), 360),
    ];
    for theme in ["light", "dark", "contrast"] {
        app.invoke("set_setting", json!({"key": "theme", "value": theme})).await.unwrap();
        for zoom in [1.0, 1.5] {
            app.invoke("set_setting", json!({"key": "zoom", "value": zoom})).await.unwrap();
            // The page hears of the zoom and fits the window to it (busy until it fits).
            app.wait_for("the zoom fitted", "return !document.querySelector('#screen[aria-busy]')").await;
            for (name, level, cells) in &sizes {
                // Started by the backend...
                let mut params = level.clone();
                params["noGuess"] = json!(false);
                app.invoke("new_game", json!({"game": "minesweeper", "params": params})).await.unwrap();
                // Shown as the screen shows a game it finds. The buttons are pressed from the page:
                // WebKitWebDriver aims its clicks without the webview's zoom.
                app.wait_for("the window fitted", "return !document.querySelector('#screen[aria-busy]')").await;
                app.client.execute("document.querySelector('#ms-home').click(); return true", vec![]).await.unwrap();
                app.wait_for("home", "return document.querySelector('#open-minesweeper')").await;
                app.client
                    .execute("document.querySelector('#open-minesweeper').click(); return true", vec![])
                    .await
                    .unwrap();
                wait_for_cells(&app, *cells).await;
                let what = format!("{name}, {theme}, zoom {zoom}");
                assert_one_block(&app, &what).await;
                if *name != "wide" {
                    picture(&app, &format!("classic-{theme}-{zoom}-{name}")).await;
                }
            }
        }
    }
    // The narrowest field in each language: the toolbar still fits one row.
    app.invoke("set_setting", json!({"key": "zoom", "value": 1.0})).await.unwrap();
    for language in &pastimes_lib::prefs::i18n::LANGUAGES[1..] {
        app.invoke("set_setting", json!({"key": "language", "value": language})).await.unwrap();
        let nine = json!({"level": "custom", "width": 9, "height": 9, "mines": 10, "noGuess": false});
        app.invoke("new_game", json!({"game": "minesweeper", "params": nine})).await.unwrap();
        app.wait_for("the language", &format!("return document.body.dataset.language === '{language}'")).await;
        app.client.execute("document.querySelector('#ms-home').click(); return true", vec![]).await.unwrap();
        app.wait_for("home", "return document.querySelector('#open-minesweeper')").await;
        app.client.execute("document.querySelector('#open-minesweeper').click(); return true", vec![]).await.unwrap();
        wait_for_cells(&app, 81).await;
        assert_one_block(&app, &format!("custom 9x9 in {language}")).await;
    }
    app.quit().await;
}

async fn mood(app: &App) -> Value {
    app.client.execute("return document.querySelector('.face').dataset.mood", vec![]).await.unwrap()
}

async fn clock(app: &App) -> Value {
    app.client.execute("return document.querySelector('#ms-clock').shown", vec![]).await.unwrap()
}

async fn pressed(app: &App) -> Vec<(u64, u64)> {
    let script = "return [...document.querySelectorAll('.ms-cell.pressed')].map((c) => [Number(c.dataset.x), Number(c.dataset.y)])";
    let cells = app.client.execute(script, vec![]).await.unwrap();
    let mut cells: Vec<(u64, u64)> = serde_json::from_value(cells).unwrap();
    cells.sort_unstable();
    cells
}

/// Moves the mouse to the cell (x, y) and, if `down`, presses the `buttons` there and keeps
/// them down (WebDriver keeps the input state between calls until released).
async fn mouse(app: &App, x: usize, y: usize, buttons: &[u64], down: bool) {
    let target = app.find(&cell(x, y)).await;
    let mut actions = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: target,
        duration: None,
        x: 0.0,
        y: 0.0,
    });
    for &button in buttons {
        actions = actions.then(if down { PointerAction::Down { button } } else { PointerAction::Up { button } });
    }
    app.client.perform_actions(actions).await.expect("pointer actions");
}

#[tokio::test(flavor = "current_thread")]
async fn pressed_cells_chords_the_smiley_and_the_clock_from_one() {
    const SEED: u64 = 41;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    open_minesweeper(&app).await;
    app.choose("#level-beginner").await;
    wait_for_cells(&app, 81).await;
    let params = Params::beginner().with_no_guess(true);
    let mines = mine_layout(&params, SEED, (4, 4));
    assert_eq!(clock(&app).await, json!(0), "the clock waits for the first click");

    // A held left button shows its cell pressed and the face surprised; the press follows the
    // mouse, and the release opens the cell under it.
    mouse(&app, 0, 0, &[0], true).await;
    app.wait_for("the surprised face", "return document.querySelector('.face').dataset.mood === 'surprised'").await;
    assert_eq!(pressed(&app).await, [(0, 0)]);
    mouse(&app, 4, 4, &[], true).await;
    app.wait_for(
        "the press to follow",
        &format!("return document.querySelector(\"{}\").classList.contains('pressed')", cell(4, 4)),
    )
    .await;
    assert_eq!(pressed(&app).await, [(4, 4)]);
    mouse(&app, 4, 4, &[0], false).await;
    app.wait_for("cells to open", "return document.querySelectorAll('.ms-cell.open').length > 0").await;
    assert!(pressed(&app).await.is_empty());
    assert_eq!(mood(&app).await, json!("normal"));
    // The clock shows 1 from the first click, as Windows did.
    assert_eq!(clock(&app).await, json!(1));

    // Both buttons on a number show its closed neighbours pressed (a flag is not), and their
    // release chords.
    let mut twin = Minesweeper::new(&params, SEED).unwrap();
    twin.apply(&Move::Open { x: 4, y: 4 }).unwrap();
    let view = twin.view();
    let neighbours = |x: usize, y: usize| {
        let (x, y) = (x as i64, y as i64);
        (-1..=1)
            .flat_map(move |dy| (-1..=1).map(move |dx| (x + dx, y + dy)))
            .filter(|&(nx, ny)| (0..9).contains(&nx) && (0..9).contains(&ny))
            .map(|(nx, ny)| (nx as usize, ny as usize))
    };
    let number = (0..9)
        .flat_map(|y| (0..9).map(move |x| (x, y)))
        .find(|&(x, y)| {
            matches!(view.cell(x, y), '1'..='8')
                && neighbours(x, y).filter(|&(nx, ny)| view.cell(nx, ny) == cell_code::HIDDEN).count() >= 2
        })
        .expect("a number beside closed cells");
    let closed: Vec<(u64, u64)> = {
        let mut cells: Vec<_> = neighbours(number.0, number.1)
            .filter(|&(x, y)| view.cell(x, y) == cell_code::HIDDEN)
            .map(|(x, y)| (x as u64, y as u64))
            .collect();
        cells.sort_unstable();
        cells
    };
    mouse(&app, number.0, number.1, &[0, 2], true).await;
    app.wait_for("the chord's press", "return document.querySelectorAll('.ms-cell.pressed').length > 1").await;
    assert_eq!(pressed(&app).await, closed, "the closed neighbours of {number:?}");
    app.screenshot("classic-chord-pressed").await;
    assert_eq!(mood(&app).await, json!("surprised"));
    mouse(&app, number.0, number.1, &[0, 2], false).await;
    app.client.release_actions().await.expect("released");
    app.wait_for("the press to end", "return !document.querySelector('.ms-cell.pressed')").await;
    let _ = mines;

    // The smiley starts a new game: a closed field, the clock at 0.
    app.click("#ms-face").await;
    app.wait_for(
        "a new field",
        "return document.querySelector('.screen-minesweeper').dataset.status === 'playing' && !document.querySelector('.ms-cell.open')",
    )
    .await;
    assert_eq!(clock(&app).await, json!(0));
    app.quit().await;
}

/// Replaces the page's Web Audio with a recorder of the tones asked for, before any sound.
const RECORD_TONES: &str = r#"
    window.tones = [];
    const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    window.AudioContext = class {
      get currentTime() { return 0; }
      get destination() { return {}; }
      createOscillator() {
        return {
          frequency: { setValueAtTime: (value) => window.tones.push(value), exponentialRampToValueAtTime() {} },
          connect: (next) => next, start() {}, stop() {},
        };
      }
      createGain() { return { gain: param, connect: (next) => next }; }
    };
    return true;
"#;

#[tokio::test(flavor = "current_thread")]
async fn levels_keys_menu_check_marks_sound_tick_monochrome_and_best_times_reset() {
    const SEED: u64 = 8;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    open_minesweeper(&app).await;
    app.client.execute(RECORD_TONES, vec![]).await.unwrap();

    // Keys 1, 2 and 3 start the levels; the compact control names and checks the level, and the
    // window resizes to each.
    let checked = "return [...document.querySelectorAll('#ms-choices [aria-checked=true]')].map((item) => item.id)";
    let mut widths = Vec::new();
    for (key, level, cells) in [("3", "expert", 480), ("2", "intermediate", 256), ("1", "beginner", 81)] {
        app.keys(key).await;
        wait_for_cells(&app, cells).await;
        app.wait_for(
            "the check mark",
            &format!("return document.querySelector('#level-{level}').getAttribute('aria-checked') === 'true'"),
        )
        .await;
        assert_eq!(app.client.execute(checked, vec![]).await.unwrap(), json!([format!("level-{level}")]));
        widths.push(app.client.execute("return window.innerWidth", vec![]).await.unwrap().as_f64().unwrap());
    }
    assert!(widths[0] > widths[1] && widths[1] > widths[2], "the window fits each level: {widths:?}");
    let name = app.client.execute("return document.querySelector('#ms-choice').textContent", vec![]).await.unwrap();
    assert_eq!(name, json!("Beginner"));

    // The Game menu (F10 opens it): New Game, Restart, Open Deal, Copy Deal Code and Daily Deal,
    // then the levels with their check marks.
    app.press_accelerator("F10");
    for key in ["Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Return"] {
        app.press_accelerator(key);
    }
    wait_for_cells(&app, 480).await;
    app.wait_for(
        "expert checked",
        "return document.querySelector('#level-expert').getAttribute('aria-checked') === 'true'",
    )
    .await;
    app.keys("1").await;
    wait_for_cells(&app, 81).await;

    // No sound unless asked for: a first click is silent, and so is the clock.
    app.click(&cell(4, 4)).await;
    app.wait_for("cells to open", "return document.querySelectorAll('.ms-cell.open').length > 0").await;
    assert_eq!(app.client.execute("return window.tones.length", vec![]).await.unwrap(), json!(0));
    // Sound and monochrome on, from the options dialog.
    app.click("#ms-options").await;
    app.wait_for("the options", "return document.querySelector('#options-dialog[open]')").await;
    app.click("#option-sound").await;
    app.click("#option-monochrome").await;
    app.click("#options-dialog button[value=save]").await;
    app.wait_for("the options saved", "return !document.querySelector('#options-dialog') && document.documentElement.classList.contains('monochrome')").await;
    // The clock ticks each new second (a short high tone), while the game runs.
    app.wait_for("a tick", "return window.tones.includes(1320)").await;
    // Monochrome: the numbers in the text's colour, not the classic blue, green and red.
    let colours = app
        .client
        .execute(
            "const cell = document.querySelector('.ms-cell.open[class*=\" n\"]:not(.n0)'); \
             return cell && [getComputedStyle(cell).color, getComputedStyle(document.body).color]",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(colours[0], colours[1], "a number in monochrome: {colours}");

    // Best times, from the statistics: its reset is the hall of fame's, asked for first.
    app.click("#ms-stats").await;
    app.wait_for("the statistics", "return document.querySelector('#stats-dialog[open]')").await;
    app.click("#stats-dialog button[value=best]").await;
    app.wait_for("best times", "return document.querySelector('#best-times-dialog[open]')").await;
    app.click("#best-times-dialog button[value=reset]").await;
    app.wait_for("the reset dialog", "return document.querySelector('#reset-dialog[open]')").await;
    assert_eq!(
        app.client.execute("return document.querySelector('#reset-game').value", vec![]).await.unwrap(),
        json!("minesweeper")
    );
    app.click("#reset-dialog button[value=cancel]").await;
    app.wait_for("the dialogs closed", "return !document.querySelector('dialog[open]')").await;
    app.quit().await;
}
