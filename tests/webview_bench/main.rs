//! A benchmark, not a test: the round trip from a click on the board to the redrawn board, in
//! the real webview, for each game's board. It prints median and p99 and asserts nothing about
//! time (these machines are shared and noisy). Run it with `scripts/bench.sh`.

// The end-to-end harness, shared; this benchmark uses only part of it.
#[path = "../e2e/harness.rs"]
#[allow(dead_code)]
mod harness;

use harness::App;
use serde_json::{json, Value};

/// Times `count` clicks, each dispatched on a board cell as the mouse would, to three moments:
/// the page has applied the backend's answer and the next frame begins (its animation callback);
/// that frame's rendering (style, layout, paint) is done (a message the page posts to itself
/// from the callback arrives then): the board is redrawn; and the frame after it is rendered
/// too: what a screen draws a frame behind the board (Gomoku's side panel) is on screen. Each
/// click comes on a settled screen, as a player's would.
/// Each sample is [begun, rendered, settled] in milliseconds.
const MEASURE: &str = r#"
const [selector, events, count, until, done] = arguments;
const board = document.querySelector(selector);
// Only cells a player can see and click: a 100x100 field is taller than the window and scrolls,
// and a mark on a cell out of view redraws nothing on screen (its frame then waits for the next
// vsync, which measured 16 ms for every such click: a fifth of the 100x100 clicks, before).
// A cell is in view when the point at its centre hits it.
const inView = (cell) => {
  const { left, top, width, height } = cell.getBoundingClientRect();
  const hit = document.elementFromPoint(left + width / 2, top + height / 2);
  return hit !== null && cell.contains(hit);
};
const cells = [...board.querySelectorAll('[data-x]')].filter(inView);
const samples = [];
// A message the page posts to itself runs as the next task, once the frame's rendering is done.
// Not a MessageChannel: WebKit sends those through its network process, which measured 2 ms
// (median) a round trip here on its own, against under 1 ms for this.
const AFTER_RENDERING = 'pastimes-bench-after-rendering';
let afterRendering = null;
window.addEventListener('message', (event) => {
  if (event.data !== AFTER_RENDERING || !afterRendering) return;
  const done = afterRendering;
  afterRendering = null;
  done();
});
// The backend's answer has been drawn when the clicked cell's class changed (`until` is
// "class"), or when a stone stands on the clicked point ("stone": the Gomoku board marks the
// point under the cursor at once, before asking the backend anything).
const answered = (cell, before) => (until === 'stone' ? !cell.classList.contains('empty') : cell.className !== before);
// A click that changes nothing (a lone ball, a finished game) is dropped after a second.
const nextChange = (cell) => new Promise((resolve) => {
  const before = cell.className;
  const observer = new MutationObserver(() => {
    if (!answered(cell, before)) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const begun = performance.now();
      afterRendering = () => {
        const rendered = performance.now();
        requestAnimationFrame(() => {
          afterRendering = () => resolve([begun, rendered, performance.now()]);
          window.postMessage(AFTER_RENDERING, '*');
        });
      };
      window.postMessage(AFTER_RENDERING, '*');
    });
  });
  setTimeout(() => { observer.disconnect(); resolve(null); }, 1000);
  // A cell's class is what the backend's answer changes; focus moves (tabindex) do not count.
  observer.observe(board, { subtree: true, attributes: true, attributeFilter: ['class'] });
});
(async () => {
  for (let i = 0; i < count; i += 1) {
    const cell = cells[(i * 7919) % cells.length];
    if (!cell.isConnected) continue;
    const changed = nextChange(cell);
    const start = performance.now();
    for (const [type, button] of events) {
      cell.dispatchEvent(new MouseEvent(type, { button, bubbles: true, cancelable: true }));
    }
    const times = await changed;
    if (times) samples.push(times.map((time) => time - start));
    // The next click waits for a settled screen: three frames, and the end of any animation (a
    // pop's burst and fall), as a player's eyes would.
    do {
      for (let frame = 0; frame < 3; frame += 1) await new Promise((settled) => requestAnimationFrame(settled));
    } while (document.getAnimations().some((animation) => animation.playState === 'running'));
  }
  done(samples);
})();
"#;

fn report(name: &str, samples: &Value) {
    let samples = samples.as_array().expect("samples");
    if samples.is_empty() {
        println!("{name:<40} no click changed the board");
        return;
    }
    let column = |index: usize| {
        let mut ms: Vec<f64> = samples.iter().filter_map(|sample| sample[index].as_f64()).collect();
        ms.sort_by(f64::total_cmp);
        let at = |q: f64| ms[((ms.len() as f64 - 1.0) * q).round() as usize];
        format!("median {:>6.1} p99 {:>6.1} ms", at(0.5), at(0.99))
    };
    println!(
        "{name:<40} n={:<4} frame begun: {}   board redrawn: {}   (target p99 <= 16 ms)   next frame: {}",
        samples.len(),
        column(0),
        column(1),
        column(2)
    );
}

async fn measure(app: &App, selector: &str, events: Value, count: u32) -> Value {
    measure_until(app, selector, events, count, "class").await
}

async fn measure_until(app: &App, selector: &str, events: Value, count: u32, until: &str) -> Value {
    // What the webview draws: the page's size and how many elements it holds.
    let page = "return `${innerWidth}x${innerHeight} px, ${document.querySelectorAll('*').length} elements`";
    println!("({})", app.client.execute(page, vec![]).await.unwrap().as_str().unwrap_or_default());
    app.client
        .execute_async(MEASURE, vec![json!(selector), events, json!(count), json!(until)])
        .await
        .expect("measured")
}

#[tokio::test(flavor = "current_thread")]
async fn click_to_redrawn_board() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(99)).await;
    app.client
        .update_timeouts(fantoccini::wd::TimeoutConfiguration::new(
            Some(std::time::Duration::from_secs(600)),
            None,
            None,
        ))
        .await
        .unwrap();
    let right_click = json!([["mousedown", 2], ["mouseup", 2]]);

    app.click("#open-minesweeper").await;
    app.click("#level-expert").await;
    app.wait_for("the expert field", "return document.querySelectorAll('.ms-cell').length === 480").await;
    report("Minesweeper Expert, mark a cell", &measure(&app, ".ms-field", right_click.clone(), 300).await);

    app.click("#level-custom").await;
    for (field, value) in [("width", "100"), ("height", "100"), ("mines", "10")] {
        let input = app.find(&format!("#custom-{field}")).await;
        input.clear().await.unwrap();
        input.send_keys(value).await.unwrap();
    }
    app.click("#custom-dialog button[value=start]").await;
    app.wait_for("the 100x100 field", "return document.querySelectorAll('.ms-cell').length === 10000").await;
    report("Minesweeper 100x100, mark a cell", &measure(&app, ".ms-field", right_click, 300).await);
    let left_click = json!([["mousedown", 0], ["mouseup", 0]]);
    app.client.execute("document.querySelector('#ms-face').click()", vec![]).await.unwrap();
    app.wait_for("a fresh field", "return document.querySelectorAll('.ms-cell.open').length === 0").await;
    report("Minesweeper 100x100, first open (flood)", &measure(&app, ".ms-field", left_click.clone(), 1).await);
    // With 10 mines in 10,000 cells the flood wins the game, and a custom size ranks: the record
    // dialog is open by the time the frames are measured. Skip it, as a player would.
    app.client
        .execute("document.querySelector('#record-dialog[open] button[value=cancel]')?.click()", vec![])
        .await
        .unwrap();
    app.wait_for("no dialog", "return !document.querySelector('dialog[open]')").await;

    // Bubble Breaker: a click selects a group (or pops the selected one).
    // After a 100x100 field the toolbar may be outside the screen: press it from the page.
    app.client.execute("document.querySelector('#ms-home').click()", vec![]).await.unwrap();
    app.wait_for("the home screen", "return document.querySelector('#open-bubbles')").await;
    app.client.execute("document.querySelector('#open-bubbles').click()", vec![]).await.unwrap();
    app.wait_for("the bubbles field", "return document.querySelectorAll('#bb-field [data-x]').length === 121").await;
    report("Bubble Breaker, click a ball", &measure(&app, "#bb-field", left_click.clone(), 200).await);

    // Gomoku between two people: a click puts a stone.
    app.invoke("new_game", json!({"game": "gomoku", "params": {"opponent": "human"}})).await.unwrap();
    app.client.execute("document.querySelector('#bb-home').click()", vec![]).await.unwrap();
    app.wait_for("the home screen", "return document.querySelector('#open-gomoku')").await;
    app.client.execute("document.querySelector('#open-gomoku').click()", vec![]).await.unwrap();
    app.wait_for("the gomoku board", "return document.querySelectorAll('#gm-grid [data-x]').length === 225").await;
    let full_click = json!([["mousedown", 0], ["mouseup", 0], ["click", 0]]);
    report("Gomoku, put a stone", &measure_until(&app, "#gm-grid", full_click, 100, "stone").await);
    app.quit().await;
}
