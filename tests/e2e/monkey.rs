//! A player who clicks and types at random. For a few hundred seeded steps the page's buttons,
//! links, boards, check boxes and choices are clicked and keys are sent to whatever has the
//! focus, in every screen and dialog the steps reach (a dialog open, only its controls). The
//! page must never throw: no uncaught error, no unhandled rejection, and nothing logged as an
//! error that is not one of the backend's typed refusals (those the page shows as a message).
//!
//! The calls that would open a native file dialog (export, import, open a position) are
//! answered as cancelled, at the page's request to the IPC protocol: a test cannot answer a
//! dialog it does not expect. (A first stub replaced Tauri's `invoke`, which is frozen, so the
//! assignment did nothing and the real dialogs opened, unanswered: the test now checks its
//! stub.) Clicks go through the elements' own `click()` and keys are dispatched as keyboard
//! events, so a step takes a few milliseconds and native accelerators (Ctrl+Q) are out of reach.

use crate::harness::App;
use serde_json::{json, Value};

/// How many steps, and the seed of their choices; `MONKEY_STEPS` and `MONKEY_SEED` in the
/// environment play other ones (to look further by hand: CI plays these).
const STEPS: u32 = 400;
const SEED: u32 = 5;

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
  // a cancelled dialog (`null`).
  const dialogs = new Set(['export_history', 'export_game', 'import_game', 'open_position']);
  const send = window.fetch.bind(window);
  window.fetch = (url, init) => {
    const command = String(url).match(/^ipc:\/\/localhost\/(\w+)$/)?.[1];
    if (!dialogs.has(command)) return send(url, init);
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
  const css = roll < 0.25 ? '.ms-cell, .bb-cell, .gm-point, .lt-cell' : 'button, a, input[type=checkbox], input[type=radio]';
  const targets = [...scope.querySelectorAll(css)].filter(usable);
  const choices = [...scope.querySelectorAll('select')].filter(usable);
  if (roll < 0.75 && targets.length) {
    const node = pick(targets);
    node.click();
    return 'click ' + name(node);
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
    for step in 0..steps {
        // Again at every step: a new language draws the page again, a reload would lose it.
        app.client.execute(WATCH, vec![]).await.unwrap();
        let seed = seed_of_run.wrapping_mul(7919).wrapping_add(step.wrapping_mul(104_729));
        let what = app.client.execute(STEP, vec![json!(seed)]).await.unwrap();
        done.push(what.as_str().unwrap_or_default().to_string());
        // Two frames and a little more: what the step began has mostly happened.
        let settle = "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 20)));";
        app.client.execute_async(settle, vec![]).await.unwrap();
        let errors: Value = app.client.execute("return window.__errors", vec![]).await.unwrap();
        let errors = errors.as_array().cloned().unwrap_or_default();
        assert!(
            errors.is_empty(),
            "step {step}: {errors:?}\nthe steps before it: {:?}",
            &done[done.len().saturating_sub(12)..]
        );
    }
    app.screenshot("monkey-end").await;
    app.quit().await;
}
