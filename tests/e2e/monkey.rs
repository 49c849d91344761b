//! A player who clicks and types at random. For a few hundred seeded steps the page's buttons,
//! links, boards, check boxes and choices are clicked and keys are sent to whatever has the
//! focus, in every screen and dialog the steps reach (a dialog open, only its controls). Then
//! every registered game in turn is opened from its home card and played at random for a while:
//! the monkey must have made moves in each (a game under way or finished). The page must never
//! throw: no uncaught error, no unhandled rejection, and nothing logged as an error that is not
//! one of the backend's typed refusals (those the page shows as a message).
//!
//! The calls that would open a native file dialog (export, import, open a position, add an
//! engine) are answered as cancelled, at the page's request to the IPC protocol: a test cannot
//! answer a dialog it does not expect. (A first stub replaced Tauri's `invoke`, which is frozen, so the
//! assignment did nothing and the real dialogs opened, unanswered: the test now checks its
//! stub.) Clicks go through the elements' own `click()` (a board's cells get the mouse's
//! down, up and click, or a right click) and keys are dispatched as keyboard events, so a step
//! takes a few milliseconds and native accelerators (Ctrl+Q) are out of reach.

use crate::access::resume_if_paused;
use crate::harness::App;
use serde_json::{json, Value};

/// How many steps, and the seed of their choices; `MONKEY_STEPS` and `MONKEY_SEED` in the
/// environment play other ones (to look further by hand: CI plays these).
const STEPS: u32 = 400;
const SEED: u32 = 5;
/// How many steps each game is played for, opened from its card.
const STEPS_A_GAME: u32 = 80;

fn from_env(name: &str, default: u32) -> u32 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Records the page's errors in `window.__errors` and stubs the file dialogs (once a page).
const WATCH: &str = r#"
  if (window.__errors) return true;
  window.__errors = [];
  const note = (text) => window.__errors.push(text);
  const logged = console.error.bind(console);
  console.error = (...args) => {
    const typed = args.length === 1 && args[0] && typeof args[0].code === 'string';
    if (!typed) note('logged: ' + args.map((a) => String((a && a.stack) || a)).join(' '));
    logged(...args);
  };
  window.addEventListener('error', (e) => note('thrown: ' + e.message + ' ' + ((e.error && e.error.stack) || '')));
  window.addEventListener('unhandledrejection', (e) => {
    const reason = e.reason;
    if (!(reason && typeof reason.code === 'string')) note('rejected: ' + String((reason && reason.stack) || reason));
  });
  // Tauri's `invoke` cannot be replaced (its objects are frozen), so the answer is given where
  // the call leaves the page: its request to the IPC protocol, answered as the backend answers
  // a cancelled dialog (`null`). An export to the clipboard and an import of a given text or
  // file open none: they go through.
  const dialogs = new Set(['export_history', 'export_game', 'import_game', 'add_engine']);
  const opensDialog = (init) => {
    let args = {};
    try { args = JSON.parse(init?.body ?? '{}') ?? {}; } catch { args = {}; }
    return !(args.clipboard === true || args.text != null || args.file != null);
  };
  const send = window.fetch.bind(window);
  window.fetch = (url, init) => {
    const command = String(url).match(/^ipc:\/\/localhost\/(\w+)$/)?.[1];
    if (!dialogs.has(command) || !opensDialog(init)) return send(url, init);
    const cancelled = new Response('null', { headers: { 'Tauri-Response': 'ok', 'Content-Type': 'application/json' } });
    return Promise.resolve(cancelled);
  };
  return true;
"#;

/// One step, its choices drawn from `arguments[0]`: what it did, as text.
const STEP: &str = r#"
  let seed = arguments[0] >>> 0;
  const random = () => { seed = (seed * 1664525 + 1013904223) >>> 0; return seed / 4294967296; };
  const pick = (items) => items[Math.floor(random() * items.length)];
  const dialog = [...document.querySelectorAll('dialog[open]')].pop();
  const scope = dialog || document.getElementById('screen') || document.body;
  const usable = (node) => node.offsetParent !== null && !node.disabled;
  const name = (node) => `${node.tagName.toLowerCase()}#${node.id}.${node.className} "${(node.textContent || '').trim().slice(0, 24)}"`;
  const roll = random();
  // A board's cells are many: they get a share of the clicks of their own, not one per cell.
  // Every board is a grid of the board kit (board-kit.js): its cells are the grid's gridcells.
  const css = roll < arguments[1] ? '[role="gridcell"]' : 'button, a, input[type=checkbox], input[type=radio]';
  const targets = [...scope.querySelectorAll(css)].filter(usable);
  const choices = [...scope.querySelectorAll('select')].filter(usable);
  if (roll < 0.75 && targets.length) {
    const node = pick(targets);
    if (node.getAttribute('role') !== 'gridcell') {
      node.click();
      return 'click ' + name(node);
    }
    // A board's cell gets what a mouse sends: the boards read the buttons going down and up
    // (Minesweeper's chords, Bubble Breaker's selection), and a right click now and then. Often
    // the cell clicked last is clicked again, as a player confirms a choice (Bubble Breaker pops
    // the group it selected).
    const last = window.__lastCell;
    const again = last && scope.querySelector(`[role="gridcell"][data-x="${last.x}"][data-y="${last.y}"]`);
    const repeat = again && random() < 0.5;
    const cell = repeat ? again : node;
    window.__lastCell = { x: cell.dataset.x, y: cell.dataset.y };
    const button = !repeat && random() < 0.2 ? 2 : 0;
    const init = { bubbles: true, cancelable: true, view: window, button, buttons: button === 2 ? 2 : 1 };
    cell.dispatchEvent(new MouseEvent('mousedown', init));
    cell.dispatchEvent(new MouseEvent('mouseup', { ...init, buttons: 0 }));
    cell.dispatchEvent(new MouseEvent(button === 2 ? 'contextmenu' : 'click', { ...init, buttons: 0 }));
    return `${button === 2 ? 'right-click' : 'click'} ${name(cell)} at ${cell.dataset.x},${cell.dataset.y}`;
  }
  if (roll < 0.85 && choices.length) {
    const select = pick(choices);
    const option = pick([...select.options]);
    select.value = option.value;
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
    return `choose ${select.id}=${option.value}`;
  }
  const key = pick(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', ' ', 'Enter', 'Escape', 'Tab', 'h', 'o', 'p', 'f', 'z', '1', '2', '3', 'Home', 'End']);
  const ctrlKey = random() < 0.15;
  const shiftKey = random() < 0.1;
  const target = document.activeElement || document.body;
  for (const type of ['keydown', 'keyup']) {
    target.dispatchEvent(new KeyboardEvent(type, { key, code: key, ctrlKey, shiftKey, bubbles: true, cancelable: true }));
  }
  return `key ${ctrlKey ? 'Ctrl+' : ''}${shiftKey ? 'Shift+' : ''}${key}`;
"#;

/// Waits for the page to settle after a step, then fails on any error it recorded.
async fn settle_and_check(app: &App, step: &str, done: &[String]) {
    // Two frames and a little more: what the step began has mostly happened.
    let settle =
        "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 20)));";
    app.client.execute_async(settle, vec![]).await.unwrap();
    let errors: Value = app.client.execute("return window.__errors", vec![]).await.unwrap();
    let errors = errors.as_array().cloned().unwrap_or_default();
    assert!(errors.is_empty(), "{step}: {errors:?}\nthe steps before it: {:?}", &done[done.len().saturating_sub(12)..]);
}

/// One random step (`cells`: the share of clicks aimed at a board's cells); what it did.
async fn step(app: &App, seed: u32, cells: f64) -> String {
    // Again at every step: a new language draws the page again, a reload would lose it.
    app.client.execute(WATCH, vec![]).await.unwrap();
    let what = app.client.execute(STEP, vec![json!(seed), json!(cells)]).await.unwrap();
    what.as_str().unwrap_or_default().to_string()
}

/// Watches one game for moves: its moves under way and its finished games, looked at before and
/// after every step. Each look is compared with the one before it, because a step may start a
/// new game whose moves count again from none (a total kept over many steps would miss them),
/// and a move the page sends after a step has settled is seen by the next look.
struct MoveWatch {
    counts: (u64, u64),
    moved: bool,
}

impl MoveWatch {
    async fn new(app: &App, id: &str) -> Self {
        Self { counts: Self::counts(app, id).await, moved: false }
    }

    /// The moves of the game under way and how many of the game's games have finished.
    async fn counts(app: &App, id: &str) -> (u64, u64) {
        let under_way = app.invoke("snapshot", json!({ "game": id })).await.unwrap_or(Value::Null);
        let finished = app.invoke("history_count", json!({ "filter": { "game": id } })).await.unwrap_or(json!(0));
        (under_way["moveCount"].as_u64().unwrap_or(0), finished.as_u64().unwrap_or(0))
    }

    async fn look(&mut self, app: &App, id: &str) {
        let now = Self::counts(app, id).await;
        self.moved |= now.0 > self.counts.0 || now.1 > self.counts.1;
        self.counts = now;
    }
}

/// Home, whatever the steps left open: every dialog closed, then the page started again on home.
async fn back_home(app: &App) {
    app.invoke("set_setting", json!({ "key": "lastScreen", "value": "home" })).await.unwrap();
    app.client.execute("location.reload(); return true;", vec![]).await.unwrap();
    app.wait_for("home", "return document.body.dataset.ready === 'true' && document.querySelector('.screen-home')")
        .await;
}

/// The game `id`'s screen, opened from its home card.
async fn open_from_its_card(app: &App, id: &str) {
    back_home(app).await;
    app.client.execute(WATCH, vec![]).await.unwrap();
    app.click(&format!("#open-{id}")).await;
    // A game under way comes back paused when its screen is left: resumed, as a player would.
    resume_if_paused(app, &format!(".screen-{id} button[id$=\"-resume\"]")).await;
    app.wait_for(
        &format!("{id}'s board"),
        &format!("return document.querySelector('.screen-{id} [role=\"gridcell\"]')"),
    )
    .await;
}

#[tokio::test(flavor = "current_thread")]
async fn clicks_and_keys_at_random_never_make_the_page_throw() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(3)).await;
    app.client.execute(WATCH, vec![]).await.unwrap();
    // The stub must hold: a dialog nobody answers would leave its command waiting, and the
    // cancelled answer, the path the page takes then, would go untested.
    let answer =
        "const done = arguments[0]; window.__TAURI__.core.invoke('import_game').then(done, (e) => done(String(e)));";
    assert_eq!(app.client.execute_async(answer, vec![]).await.unwrap(), Value::Null, "the file dialogs' stub");
    let mut done = Vec::new();
    let (steps, seed_of_run) = (from_env("MONKEY_STEPS", STEPS), from_env("MONKEY_SEED", SEED));
    let seed_of = |step: u32| seed_of_run.wrapping_mul(7919).wrapping_add(step.wrapping_mul(104_729));
    for n in 0..steps {
        done.push(step(&app, seed_of(n), 0.25).await);
        settle_and_check(&app, &format!("step {n}"), &done).await;
    }
    // Each registered game, opened from its card and played: more of the clicks on its board.
    for (g, kind) in pastimes_games::GameKind::all().enumerate() {
        let id = kind.as_str();
        let mut watch = MoveWatch::new(&app, id).await;
        for n in 0..from_env("MONKEY_STEPS_A_GAME", STEPS_A_GAME) {
            // A step that left the game (home, another game, the hall) is followed by the game
            // opened again from its card: its steps are spent on it.
            let shown = format!("return Boolean(document.querySelector('.screen-{id}, dialog[open]'))");
            if app.client.execute(&shown, vec![]).await.unwrap() != json!(true) {
                open_from_its_card(&app, id).await;
            }
            // Paused by a step (P, the pause button): resumed, as a player who wants to play.
            let resume = format!(".screen-{id} button[id$='-resume']");
            let paused = format!("const b = document.querySelector({resume:?}); return Boolean(b && b.offsetParent)");
            if app.client.execute(&paused, vec![]).await.unwrap() == json!(true) {
                app.click(&resume).await;
            }
            watch.look(&app, id).await;
            done.push(step(&app, seed_of(steps + 1000 * (g as u32 + 1) + n), 0.6).await);
            settle_and_check(&app, &format!("{id} step {n}"), &done).await;
            watch.look(&app, id).await;
        }
        assert!(watch.moved, "no move made in {id} in its steps: {:?}", &done[done.len().saturating_sub(20)..]);
    }
    app.screenshot("monkey-end").await;
    app.quit().await;
}
