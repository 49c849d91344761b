//! Bubble Breaker played in the real webview. The tests know the field from the seed they start
//! the app with (`PASTIMES_SEED`): they deal the same game with the engine and play the same
//! moves on that twin, never reading the answer from the app.

use crate::harness::App;
use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use pastimes_games::bubbles::{Bubbles, Move, Params, Style};
use pastimes_games::{Game, Status};
use serde_json::{json, Value};
use std::process::Command;
use std::time::{Duration, Instant};

const SIDE: usize = 11;

fn cell(x: usize, y: usize) -> String {
    format!(".bb-cell[data-x='{x}'][data-y='{y}']")
}

fn twin(style: Style, seed: u64) -> Bubbles {
    Bubbles::new(&Params::new(style), seed).expect("a new game")
}

fn click(x: usize, y: usize) -> Move {
    Move::Click { x: x as i64, y: y as i64 }
}

/// The biggest group of the field (the first one, row by row, among equals) and its size.
fn largest_group(game: &Bubbles) -> Option<(usize, usize, usize)> {
    let mut best: Option<(usize, usize, usize)> = None;
    for y in 0..SIDE {
        for x in 0..SIDE {
            let size = game.group_at(x, y).len();
            if size >= 2 && best.is_none_or(|(_, _, most)| size > most) {
                best = Some((x, y, size));
            }
        }
    }
    best
}

/// What n(n-1) points read like in English: "1,056".
fn number(value: i64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn title(score: i64) -> String {
    format!("{} points - Bubble Breaker", number(score))
}

async fn open_bubbles(app: &App) {
    app.click("#open-bubbles").await;
    app.wait_for("the field", "return document.querySelectorAll('.bb-cell').length === 121").await;
}

/// The colour codes the page shows, row by row, as the engine's view numbers them.
async fn page_cells(app: &App) -> Vec<u8> {
    let script = "const names = ['empty', 'red', 'green', 'yellow', 'blue', 'purple'];
        return [...document.querySelectorAll('.bb-cell')]
          .map((c) => names.findIndex((n) => c.classList.contains(n)));";
    let value = app.client.execute(script, vec![]).await.unwrap();
    serde_json::from_value(value).unwrap()
}

/// Waits until the page shows the twin's field.
async fn wait_for_field(app: &App, game: &Bubbles, what: &str) {
    let expected = game.view().cells;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let shown = page_cells(app).await;
        if shown == expected {
            return;
        }
        if Instant::now() > deadline {
            app.screenshot(&format!("timeout-bubbles-{}", what.replace(' ', "-"))).await;
            assert_eq!(shown, expected, "the page shows {what}");
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// Waits until the status line's tally of the balls left by colour is the field's of `game`:
/// one item per colour of the deal, a colour gone at 0.
async fn wait_for_tally(app: &App, game: &Bubbles, what: &str) {
    let counts = serde_json::to_value(game.view().colour_counts).unwrap();
    let colours = ["red", "green", "yellow", "blue", "purple", "cyan"];
    let expected: Vec<Value> = colours[..usize::from(game.view().colours)]
        .iter()
        .map(|colour| json!([colour, counts[colour].as_u64().unwrap_or(0).to_string()]))
        .collect();
    let script = format!(
        "const shown = [...document.querySelectorAll('#bb-tally li')].map((li) => [li.dataset.colour, li.dataset.count]);
         return JSON.stringify(shown) === {:?}",
        serde_json::to_string(&expected).unwrap()
    );
    app.wait_for(what, &script).await;
}

async fn wait_for_score(app: &App, score: i64) {
    let script = format!("return document.querySelector('.screen-bubbles')?.dataset.score === '{score}'");
    app.wait_for(&format!("the score {score}"), &script).await;
    assert_eq!(app.text("#bb-score").await, number(score));
}

/// The label beside the selection, once it shows.
async fn label(app: &App) -> String {
    let value = app
        .wait_for(
            "the points label",
            "const l = document.querySelector('#bb-label'); return !l.hidden && l.textContent",
        )
        .await;
    value.as_str().unwrap().to_string()
}

async fn count(app: &App, css: &str) -> u64 {
    let script = format!("return document.querySelectorAll({css:?}).length");
    app.client.execute(&script, vec![]).await.unwrap().as_u64().unwrap()
}

/// The title a player sees: the page's, and the native window's title bar (read from X).
async fn assert_title(app: &App, expected: &str) {
    let script = format!("return document.title === {expected:?}");
    app.wait_for(&format!("the title {expected}"), &script).await;
    assert_eq!(app.client.title().await.unwrap(), expected);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let found = Command::new("xdotool")
            .args(["search", "--name", &format!("^{expected}$")])
            .output()
            .expect("xdotool runs");
        if !String::from_utf8_lossy(&found.stdout).trim().is_empty() {
            return;
        }
        assert!(Instant::now() < deadline, "no window titled {expected:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn select_a_group_pop_it_then_undo_and_redo() {
    const SEED: u64 = 11;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    open_bubbles(&app).await;
    let mut game = twin(Style::Megashift, SEED);
    let fresh = game.clone();
    wait_for_field(&app, &game, "the dealt field").await;
    assert_eq!(app.find("#style-megashift").await.attr("aria-checked").await.unwrap().as_deref(), Some("true"));
    app.wait_for("the style's name", "return document.querySelector('#bb-choice').textContent === 'MegaShift'").await;
    wait_for_score(&app, 0).await;
    assert_title(&app, &title(0)).await;
    assert_eq!(count(&app, ".bb-cell.selected").await, 0);
    // The status line tallies the balls left of each colour, each said in words as well.
    wait_for_tally(&app, &game, "the dealt field's tally").await;
    let said = app
        .client
        .execute(
            "return document.querySelector(\"#bb-tally li[data-colour='red'] .visually-hidden\").textContent",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(said, json!(format!("red: {} left", game.view().colour_counts.red)));
    app.screenshot("bubbles-new").await;

    // A click selects the group: outlined, and the label tells its points, n(n-1).
    let (x, y, size) = largest_group(&game).expect("a dealt field has a group");
    let points = (size * (size - 1)) as i64;
    app.click(&cell(x, y)).await;
    assert_eq!(label(&app).await, number(points));
    assert_eq!(count(&app, ".bb-cell.selected").await, size as u64);
    for (gx, gy) in game.group_at(x, y) {
        let classes = app.find(&cell(gx, gy)).await.attr("class").await.unwrap().unwrap();
        assert!(classes.contains("selected"), "({gx}, {gy}) is selected: {classes}");
    }
    assert!(count(&app, ".bb-cell[class*='edge-']").await > 0, "the group is outlined");
    let name = app.find(&cell(x, y)).await.attr("aria-label").await.unwrap().unwrap();
    assert!(name.starts_with(&format!("Row {}, column {}, ", y + 1, x + 1)), "{name}");
    assert!(name.contains(&format!("group of {size}, selected, {} points", number(points))), "{name}");
    assert_eq!(app.text("#bb-score").await, "0", "selecting scores nothing");
    app.screenshot("bubbles-selection").await;

    // A second click inside it pops it: the score and the title show the points.
    game.apply(&click(x, y)).unwrap();
    game.apply(&click(x, y)).unwrap();
    app.click(&cell(x, y)).await;
    wait_for_score(&app, points).await;
    wait_for_field(&app, &game, "the field after the pop").await;
    wait_for_tally(&app, &game, "the tally after the pop").await;
    // The pop was animated from the backend's answer (the plan is dropped if it does not land
    // exactly on the new field).
    app.wait_for("the pop's animation", "return document.querySelector('.bb-board').dataset.animated === '1'").await;
    assert_title(&app, &title(points)).await;
    assert_eq!(count(&app, ".bb-cell.selected").await, 0);
    app.wait_for("the label to go", "return document.querySelector('#bb-label').hidden").await;
    app.wait_for(
        "the animation to end",
        "return !document.querySelector('.bb-cell.moving, .bb-cell.entering, .bb-ghost')",
    )
    .await;
    app.screenshot("bubbles-popped").await;

    // Undo takes it back, field and score; redo plays it again. The first undo of a game that
    // could rank warns first; Cancel takes nothing back, Continue does.
    app.wait_for("undo", "return !document.querySelector('#bb-undo').disabled").await;
    app.click("#bb-undo").await;
    app.wait_for("the warning", "return document.querySelector('#assist-dialog[open]')").await;
    app.screenshot("bubbles-assist-warning").await;
    app.click("#assist-dialog button[value=cancel]").await;
    app.wait_for("the warning to close", "return !document.querySelector('#assist-dialog')").await;
    assert_eq!(app.text("#bb-score").await, number(points), "cancel takes nothing back");
    app.click("#bb-undo").await;
    app.click("#assist-dialog button[value=continue]").await;
    wait_for_score(&app, 0).await;
    app.wait_for("the assisted note", "return !document.querySelector('#bb-assisted').hidden").await;
    wait_for_field(&app, &fresh, "the field before the pop").await;
    assert_title(&app, &title(0)).await;
    app.wait_for("redo", "return !document.querySelector('#bb-redo').disabled").await;
    app.click("#bb-redo").await;
    wait_for_score(&app, points).await;
    wait_for_field(&app, &game, "the field after the pop again").await;
    assert_title(&app, &title(points)).await;

    // A click on a ball of no group only clears the selection.
    let (x, y, _) = largest_group(&game).expect("a group");
    app.click(&cell(x, y)).await;
    label(&app).await;
    let lone = (0..SIDE * SIDE)
        .map(|i| (i % SIDE, i / SIDE))
        .find(|&(x, y)| game.group_at(x, y).len() == 1)
        .expect("a lone ball");
    app.click(&cell(lone.0, lone.1)).await;
    app.wait_for("the selection to clear", "return document.querySelectorAll('.bb-cell.selected').length === 0").await;
    assert!(
        app.client.execute("return document.querySelector('#bb-label').hidden", vec![]).await.unwrap() == json!(true)
    );
    wait_for_score(&app, points).await;

    // Pausing hides the field (the backend sends no view); resuming shows the same one.
    app.click("#bb-pause").await;
    app.wait_for(
        "the pause",
        "return document.querySelector('.screen-bubbles').dataset.paused === 'true' && !document.querySelector('#bb-paused').hidden",
    )
    .await;
    app.click("#bb-resume").await;
    app.wait_for("the resume", "return document.querySelector('.screen-bubbles').dataset.paused === 'false'").await;
    wait_for_field(&app, &game, "the field after the pause").await;

    // Colour-blind symbols, from the options: a shape on each colour.
    app.click("#bb-options").await;
    app.click("#option-colourBlind").await;
    app.click("#options-dialog button[value=save]").await;
    let symbols = app
        .wait_for(
            "the symbols",
            "if (!document.documentElement.classList.contains('colour-blind')) return false;
             const names = ['red', 'green', 'yellow', 'blue', 'purple'];
             return names.map((n) => {
               const ball = document.querySelector(`.bb-cell.${n} .bb-ball`);
               return ball ? getComputedStyle(ball, '::after').content : n;
             }).join(' ');",
        )
        .await;
    assert_eq!(symbols, json!("\"▲\" \"■\" \"★\" \"●\" \"◆\""));
    app.screenshot("bubbles-colour-blind").await;
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn play_a_standard_game_to_its_end_and_name_the_record() {
    const SEED: u64 = 3;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    open_bubbles(&app).await;
    app.choose("#style-standard").await;
    app.wait_for(
        "the standard game",
        "return document.querySelector('#style-standard').getAttribute('aria-checked') === 'true'",
    )
    .await;
    let mut game = twin(Style::Standard, SEED);
    wait_for_field(&app, &game, "the standard field").await;

    // Always the biggest group, clicked twice: the clicks queue in order, so no waiting between.
    let mut pops = 0;
    while let Some((x, y, _)) = largest_group(&game) {
        game.apply(&click(x, y)).unwrap();
        game.apply(&click(x, y)).unwrap();
        app.click(&cell(x, y)).await;
        app.click(&cell(x, y)).await;
        pops += 1;
        if pops % 8 == 0 {
            wait_for_field(&app, &game, &format!("the field after {pops} pops")).await;
        }
    }
    assert_eq!(game.status(), Status::Finished);
    let score = game.score().unwrap();
    wait_for_field(&app, &game, "the last field").await;
    wait_for_score(&app, score).await;

    // The end: the cover says so, and the first game of a style is its record.
    app.wait_for("game over", "return document.querySelector('.screen-bubbles').dataset.status === 'finished'").await;
    app.wait_for("the record dialog", "return document.querySelector('#record-dialog[open]')").await;
    assert!(app.text("#record-text").await.contains(&format!("{} points", number(score))));
    app.screenshot("bubbles-record-dialog").await;
    let input = app.find("#record-name").await;
    input.clear().await.unwrap();
    input.send_keys("Bea").await.unwrap();
    app.click("#record-dialog button[value=save]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#record-dialog')").await;
    app.wait_for("the cover", "return !document.querySelector('#bb-over').hidden").await;
    assert_eq!(app.text("#bb-over-title").await.to_lowercase(), "game over");
    assert_eq!(app.text("#bb-over-score").await, format!("You scored {} points.", number(score)));
    assert!(app.text("#bb-over-record").await.contains("place 1"));
    // A moment later the cover says what a solver found for the same deal: never less.
    app.wait_for("the best found", "return /best found/.test(document.querySelector('#bb-over-best').textContent)")
        .await;
    let best_text = app.text("#bb-over-best").await;
    let best: i64 = best_text.chars().filter(char::is_ascii_digit).collect::<String>().parse().unwrap();
    assert!(best >= score, "{best_text} (the player scored {score})");
    assert_title(&app, &title(score)).await;
    app.screenshot("bubbles-game-over").await;

    let hall = app.invoke("hall_of_fame", json!({"game": "bubbles"})).await.unwrap();
    assert_eq!(hall[0]["category"], "standard");
    assert_eq!(hall[0]["entries"][0]["name"], "Bea");
    assert_eq!(hall[0]["entries"][0]["score"], json!(score));
    assert_eq!(hall[0]["entries"][0]["rank"], 1);
    // Nothing more can be played.
    let refused =
        app.invoke("play", json!({"game": "bubbles", "move": {"action": "click", "x": 0, "y": 10}})).await.unwrap_err();
    assert_eq!(refused["code"], "game_over");

    // The statistics of the style: one game, its score as average, total and best.
    app.click("#bb-stats").await;
    let stats: Value = app
        .wait_for(
            "the statistics",
            "const d = document.querySelector('#stats-dialog[open]');
             const rows = d && [...d.querySelectorAll('tr')].filter((r) => !r.closest('#daily-stats'));
             return d && Object.fromEntries(rows.map((r) => [r.dataset.stat, r.querySelector('td').textContent]))",
        )
        .await;
    let shown = number(score);
    assert_eq!(stats, json!({"played": "1", "average": shown, "total": shown, "best": shown}));
    // Below them the daily deal's streaks: this game was no daily deal, so none yet.
    let daily = "return document.querySelector('#stats-dialog #daily-stats [data-stat=daily-streak] td')?.textContent";
    assert_eq!(app.wait_for("the daily streak", daily).await, json!("0"));
    assert_eq!(app.text("#stats-dialog h2").await, "Statistics: Standard");
    app.click("#stats-dialog button[value=ok]").await;
    app.wait_for("the statistics to close", "return !document.querySelector('#stats-dialog')").await;

    // A new game from the cover: the same style, from the start.
    app.click("#bb-over-new").await;
    app.wait_for(
        "a new game",
        "const s = document.querySelector('.screen-bubbles').dataset; return s.status === 'playing' && s.score === '0'",
    )
    .await;
    assert!(
        app.client.execute("return document.querySelector('#bb-over').hidden", vec![]).await.unwrap() == json!(true)
    );
    wait_for_field(&app, &twin(Style::Standard, SEED), "a new standard field").await;
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn keyboard_only_selects_pops_undoes_and_redoes() {
    const SEED: u64 = 21;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    open_bubbles(&app).await;
    let mut game = twin(Style::Megashift, SEED);
    wait_for_field(&app, &game, "the dealt field").await;
    let focused =
        "const c = document.activeElement; return c?.classList.contains('bb-cell') && `${c.dataset.x},${c.dataset.y}`";
    assert_eq!(app.wait_for("the cursor", focused).await, json!("0,0"));

    // Arrows walk the cursor to the group; Space selects it.
    let (x, y, size) = largest_group(&game).expect("a group");
    let points = (size * (size - 1)) as i64;
    let walk = "\u{E014}".repeat(x) + &"\u{E015}".repeat(y);
    app.keys(&walk).await;
    assert_eq!(app.wait_for("the cursor to move", focused).await, json!(format!("{x},{y}")));
    app.keys(" ").await;
    assert_eq!(label(&app).await, number(points));
    assert_eq!(count(&app, ".bb-cell.selected").await, size as u64);

    // Escape clears the selection; Enter selects again and Space pops.
    app.keys("\u{E00C}").await;
    app.wait_for("the selection to clear", "return document.querySelectorAll('.bb-cell.selected').length === 0").await;
    app.wait_for("the label to go", "return document.querySelector('#bb-label').hidden").await;
    app.keys("\u{E007}").await;
    assert_eq!(label(&app).await, number(points));
    app.keys(" ").await;
    game.apply(&click(x, y)).unwrap();
    game.apply(&click(x, y)).unwrap();
    wait_for_score(&app, points).await;
    wait_for_field(&app, &game, "the field after the pop").await;
    assert_eq!(app.wait_for("the cursor to stay", focused).await, json!(format!("{x},{y}")));

    // Ctrl+Z (after the warning, turned off for good here) and Ctrl+Shift+Z.
    app.keys("\u{E009}z\u{E000}").await;
    app.wait_for("the warning", "return document.querySelector('#assist-dialog[open]')").await;
    app.click("#assist-never").await;
    app.click("#assist-dialog button[value=continue]").await;
    wait_for_score(&app, 0).await;
    app.wait_for("the setting", "return document.querySelector('#assist-dialog') === null").await;
    let settings = app.invoke("get_settings", json!({})).await.unwrap();
    assert_eq!(settings["assistWarning"], json!(false), "don't ask again is kept");
    app.keys("\u{E009}\u{E008}z\u{E000}").await;
    wait_for_score(&app, points).await;
    wait_for_field(&app, &game, "the field after redo").await;
    app.quit().await;

    // The game outlives the app: it comes back paused on this screen, then the same field.
    let app = App::launch(data.path(), Some(SEED)).await;
    app.wait_for("the paused game", "return document.querySelector('.screen-bubbles')?.dataset.paused === 'true'")
        .await;
    assert_eq!(count(&app, ".bb-cell.ball").await, 0, "a paused field is not sent");
    assert_title(&app, &title(points)).await;
    app.click("#bb-resume").await;
    wait_for_field(&app, &game, "the restored field").await;
    wait_for_score(&app, points).await;
    app.quit().await;
}

/// The label's box and the field's, and the clicked cell's (x, y, right, bottom of each).
async fn label_boxes(app: &App, x: usize, y: usize) -> Value {
    let script = format!(
        "const box = (node) => {{ const r = node.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }}; \
         return [box(document.querySelector('#bb-label')), box(document.querySelector('#bb-field')), box(document.querySelector(\"{}\"))]",
        cell(x, y)
    );
    app.client.execute(&script, vec![]).await.unwrap()
}

/// The original's points label goes beside the clicked ball, below and to its right, and turns
/// to its left and above it near the field's right and bottom edges: it always stays inside.
#[tokio::test(flavor = "current_thread")]
async fn the_points_label_stays_inside_the_field_at_its_edges() {
    const SEED: u64 = 12;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    open_bubbles(&app).await;
    let game = twin(Style::Megashift, SEED);
    wait_for_field(&app, &game, "the dealt field").await;
    let in_group = |x: usize, y: usize| game.group_at(x, y).len() >= 2;
    let cells = || (0..SIDE).flat_map(|y| (0..SIDE).map(move |x| (x, y)));
    let top_left = cells().filter(|&(x, y)| in_group(x, y)).min_by_key(|&(x, y)| x + y).unwrap();
    let bottom_right = cells().filter(|&(x, y)| in_group(x, y)).max_by_key(|&(x, y)| x + y).unwrap();
    assert!(bottom_right.0 >= SIDE / 2 && bottom_right.1 >= SIDE / 2, "{bottom_right:?}");
    assert!(!game.group_at(top_left.0, top_left.1).contains(&bottom_right), "two groups: a second click selects");
    for (x, y) in [top_left, bottom_right] {
        app.click(&cell(x, y)).await;
        let beside = format!("const l = document.querySelector('#bb-label'); return !l.hidden && l.dataset.x === '{x}' && l.dataset.y === '{y}'");
        app.wait_for("the label beside the ball", &beside).await;
        let boxes = label_boxes(&app, x, y).await;
        let [label, field, ball] =
            [0, 1, 2].map(|i| boxes[i].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect::<Vec<_>>());
        assert!(
            label[0] >= field[0] && label[1] >= field[1] && label[2] <= field[2] + 0.5 && label[3] <= field[3] + 0.5,
            "({x}, {y}): the label {label:?} is inside the field {field:?}"
        );
        let (right_half, bottom_half) = (2 * x + 2 > SIDE, 2 * y + 2 > SIDE);
        // Beside the ball: after its right edge, or ending at its left one; the same for rows.
        assert_eq!(label[0] >= ball[2] - 0.5, !right_half, "({x}, {y}) {label:?} {ball:?}");
        assert_eq!(label[3] <= ball[1] + 0.5, bottom_half, "({x}, {y}) {label:?} {ball:?}");
        app.screenshot(&format!("bubbles-label-{x}-{y}")).await;
    }
    app.quit().await;
}

/// The options' field and scoring: a 15x10 field of three colours in the classic scoring, its
/// own category, the field fitted to the window; a custom size out of range is refused with the
/// backend's words and the game goes on.
#[tokio::test(flavor = "current_thread")]
async fn another_field_and_the_classic_scoring_from_the_options() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(5)).await;
    open_bubbles(&app).await;
    app.click("#bb-options").await;
    app.wait_for("the options", "return document.querySelector('#options-dialog[open]')").await;
    let field = app.find("#option-field").await;
    field.select_by_value("1").await.unwrap();
    app.find("#option-scoring").await.select_by_value("classic").await.unwrap();
    app.screenshot("bubbles-options").await;
    app.click("#options-dialog button[value=save]").await;
    app.wait_for("the 15x10 field", "return document.querySelectorAll('.bb-cell').length === 150").await;
    let category = app.wait_for("the category", "return document.querySelector('#bb-status').textContent").await;
    assert!(category.as_str().unwrap().starts_with("MegaShift 15 × 10, 3 colours, classic scoring"), "{category}");
    let colours = app
        .client
        .execute("return new Set([...document.querySelectorAll('.bb-cell')].map((c) => [...c.classList].find((k) => ['red','green','yellow','blue','purple','cyan'].includes(k))).filter(Boolean)).size", vec![])
        .await
        .unwrap();
    assert_eq!(colours, json!(3));
    // The field fits its area: no scroll bar, once the window has its new size.
    app.wait_for("the window fitted", "return !document.querySelector('#screen[aria-busy]')").await;
    app.screenshot("bubbles-15x10").await;
    let fits = app
        .client
        .execute("const a = document.querySelector('.bb-stage'); return a.scrollWidth <= a.clientWidth + 1 && a.scrollHeight <= a.clientHeight + 1", vec![])
        .await
        .unwrap();
    assert_eq!(fits, json!(true));

    // A custom field out of range: the backend's refusal, the game unchanged.
    app.click("#bb-options").await;
    app.wait_for("the options", "return document.querySelector('#options-dialog[open]')").await;
    app.find("#option-field").await.select_by_value("custom").await.unwrap();
    let width = app.find("#option-width").await;
    width.clear().await.unwrap();
    width.send_keys("99").await.unwrap();
    app.click("#options-dialog button[value=save]").await;
    app.wait_for("the refusal", "return !document.querySelector('#toast').hidden").await;
    assert_eq!(
        app.client.execute("return document.querySelectorAll('.bb-cell').length", vec![]).await.unwrap(),
        json!(150)
    );
    app.quit().await;
}

/// Moves the real pointer onto `css` (a cell's middle), pressing nothing, as a player's hand does:
/// from a pixel beside it, for WebDriver's pointer may think it is there already (a click on an
/// element moves the pointer without telling it), and a move to where it thinks it is sends no
/// event.
async fn point_at(app: &App, css: &str) {
    app.wait_still(css).await;
    let element = app.find(css).await;
    let to = |x| PointerAction::MoveToElement { element: element.clone(), duration: None, x, y: 0.0 };
    let mouse = MouseActions::new("mouse".into()).then(to(1.0)).then(to(0.0));
    app.client.perform_actions(mouse).await.expect("pointer actions");
}

/// Waits until the group lit under the pointer is `cells` (row by row, as `group_at` lists them;
/// none: nothing lit) and its label reads `points` (none: hidden).
async fn wait_for_lit(app: &App, cells: &[(usize, usize)], points: Option<i64>, what: &str) {
    let cells = cells.iter().map(|(x, y)| format!("{x},{y}")).collect::<Vec<_>>().join(" ");
    let label = points.map(number).unwrap_or_default();
    let script = format!(
        "const cells = [...document.querySelectorAll('#bb-lit-group .bb-lit')].map((c) => `${{c.dataset.x}},${{c.dataset.y}}`).join(' ');
         const label = document.querySelector('#bb-lit-label');
         return cells === {cells:?} && (label.hidden ? '' : label.textContent) === {label:?}"
    );
    app.wait_for(what, &script).await;
}

/// The cell the keyboard cursor is on takes the focus (as Tab gives it), then the arrows walk
/// it from `from` to `to`.
async fn walk_cursor(app: &App, from: (usize, usize), to: (usize, usize)) {
    app.client
        .execute("document.querySelector('.bb-cell[tabindex=\"0\"]').focus(); return true", vec![])
        .await
        .unwrap();
    let steps = |from: usize, to: usize, back: &str, on: &str| {
        if to < from {
            back.repeat(from - to)
        } else {
            on.repeat(to - from)
        }
    };
    let walk = steps(from.0, to.0, "\u{E012}", "\u{E014}") + &steps(from.1, to.1, "\u{E013}", "\u{E015}");
    app.keys(&walk).await;
    let at =
        format!("const c = document.activeElement; return c?.dataset.x === '{}' && c?.dataset.y === '{}'", to.0, to.1);
    app.wait_for("the cursor", &at).await;
}

/// Turns one-click play on or off in the options, as a player does.
async fn set_one_click(app: &App, on: bool) {
    app.click("#bb-options").await;
    app.wait_for("the options", "return document.querySelector('#options-dialog[open]')").await;
    let checked =
        app.client.execute("return document.querySelector('#option-oneClickPop').checked", vec![]).await.unwrap();
    assert_eq!(checked, json!(!on), "the box shows the setting as it was");
    app.click("#option-oneClickPop").await;
    app.click("#options-dialog button[value=save]").await;
    app.wait_for("the options to close", "return !document.querySelector('#options-dialog')").await;
    let settings = app.invoke("get_settings", json!({})).await.unwrap();
    assert_eq!(settings["oneClickPop"], json!(on));
}

/// One-click play, an option. Off (the default, the seed's game), the pointer lights nothing and
/// a click only selects. On, the group under the pointer is lit and its points shown as soon as
/// the pointer is over it, and go when it leaves the group or the field; one click pops it (the
/// same pop as two clicks, animated), after which the group then under the pointer is lit; a
/// click on a lone ball pops nothing; the keyboard still selects, then pops. Off again, a click
/// selects once more.
#[tokio::test(flavor = "current_thread")]
async fn one_click_pop_lights_the_group_under_the_pointer_when_on_and_is_off_by_default() {
    const SEED: u64 = 11;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    open_bubbles(&app).await;
    let mut game = twin(Style::Megashift, SEED);
    wait_for_field(&app, &game, "the dealt field").await;
    let points_of = |size: usize| (size * (size - 1)) as i64;
    let (x, y, size) = largest_group(&game).expect("a dealt field has a group");

    // Off: the pointer over a group lights nothing, and the click there (after the pointer came)
    // only selects.
    point_at(&app, &cell(x, y)).await;
    app.click(&cell(x, y)).await;
    assert_eq!(label(&app).await, number(points_of(size)));
    assert_eq!(count(&app, ".bb-cell.selected").await, size as u64);
    assert_eq!(count(&app, "#bb-lit-group .bb-lit").await, 0, "nothing lit in the seed's game");
    assert_eq!(
        app.client.execute("return document.querySelector('#bb-lit-label').hidden", vec![]).await.unwrap(),
        json!(true)
    );
    wait_for_score(&app, 0).await;

    let lone = (0..SIDE * SIDE)
        .map(|i| (i % SIDE, i / SIDE))
        .find(|&(x, y)| game.group_at(x, y).len() == 1)
        .expect("a lone ball");
    // On: the group under the pointer is lit, with its points, the selection's label behind it.
    set_one_click(&app, true).await;
    point_at(&app, &cell(x, y)).await;
    wait_for_lit(&app, &game.group_at(x, y), Some(points_of(size)), "the group under the pointer").await;
    assert!(count(&app, "#bb-lit-group .bb-lit[class*='edge-']").await > 0, "the lit group is outlined");
    app.wait_for(
        "the selection's label behind",
        "return document.querySelector('#bb-label').classList.contains('behind')",
    )
    .await;
    point_at(&app, &cell(lone.0, lone.1)).await;
    wait_for_lit(&app, &[], None, "nothing lit over a lone ball").await;
    app.wait_for(
        "the selection's label again",
        "return !document.querySelector('#bb-label').classList.contains('behind')",
    )
    .await;
    let other = (0..SIDE * SIDE)
        .map(|i| (i % SIDE, i / SIDE))
        .find(|&(ox, oy)| game.group_at(ox, oy).len() >= 2 && !game.group_at(x, y).contains(&(ox, oy)))
        .expect("a second group");
    let other_group = game.group_at(other.0, other.1);
    point_at(&app, &cell(other.0, other.1)).await;
    wait_for_lit(&app, &other_group, Some(points_of(other_group.len())), "the other group under the pointer").await;
    for theme in ["light", "dark"] {
        app.invoke("set_setting", json!({"key": "theme", "value": theme})).await.unwrap();
        app.wait_for("the theme", &format!("return document.documentElement.dataset.theme === '{theme}'")).await;
        wait_for_lit(&app, &other_group, Some(points_of(other_group.len())), "the group still lit").await;
        app.screenshot(&format!("bubbles-one-click-hover-{theme}")).await;
    }
    point_at(&app, "#bb-score").await;
    wait_for_lit(&app, &[], None, "the light to leave with the pointer").await;
    wait_for_score(&app, 0).await;

    // One click pops the group under it: the pop two clicks make, animated; the light waits for
    // the balls to land, then lights the group under the pointer then.
    let group = game.group_at(x, y);
    game.apply(&Move::Pop { x: x as i64, y: y as i64 }).unwrap();
    app.press(&app.find(&cell(x, y)).await, 0).await;
    wait_for_score(&app, points_of(size)).await;
    let dark_while_moving = app
        .client
        .execute(
            "const moving = document.querySelector('.bb-cell.moving, .bb-cell.entering, .bb-ghost');
             return !moving || document.querySelectorAll('#bb-lit-group .bb-lit').length === 0",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(dark_while_moving, json!(true), "nothing lit while the balls travel");
    wait_for_field(&app, &game, "the field after one click").await;
    app.wait_for("the pop's animation", "return document.querySelector('.bb-board').dataset.animated === '1'").await;
    assert_eq!(count(&app, ".bb-cell.selected").await, 0);
    let under = game.group_at(x, y);
    let under_points = (under.len() >= 2).then(|| points_of(under.len()));
    let under = if under.len() >= 2 { under } else { Vec::new() };
    wait_for_lit(&app, &under, under_points, "the group under the pointer after the pop").await;
    assert_ne!(under, group, "another group, or none, is under the pointer");
    app.screenshot("bubbles-one-click-popped").await;

    // The keyboard selects, then pops, as in the seed's game; a click on a lone ball pops
    // nothing and clears the selection.
    let score = points_of(size);
    let (kx, ky, ksize) = largest_group(&game).expect("a group is left");
    walk_cursor(&app, (x, y), (kx, ky)).await;
    app.keys(" ").await;
    assert_eq!(label(&app).await, number(points_of(ksize)));
    assert_eq!(count(&app, ".bb-cell.selected").await, ksize as u64);
    let lone = (0..SIDE * SIDE)
        .map(|i| (i % SIDE, i / SIDE))
        .find(|&(x, y)| game.group_at(x, y).len() == 1)
        .expect("a lone ball");
    app.press(&app.find(&cell(lone.0, lone.1)).await, 0).await;
    app.wait_for("the selection to clear", "return document.querySelectorAll('.bb-cell.selected').length === 0").await;
    wait_for_field(&app, &game, "the field after a click on a lone ball").await;
    wait_for_score(&app, score).await;
    walk_cursor(&app, lone, (kx, ky)).await;
    app.keys(" ").await;
    assert_eq!(label(&app).await, number(points_of(ksize)));
    wait_for_score(&app, score).await;
    app.keys(" ").await;
    game.apply(&Move::Pop { x: kx as i64, y: ky as i64 }).unwrap();
    let score = score + points_of(ksize);
    wait_for_score(&app, score).await;
    wait_for_field(&app, &game, "the field after the keyboard's pop").await;

    // Off again: the pointer lights nothing, a click selects.
    set_one_click(&app, false).await;
    let (x, y, size) = largest_group(&game).expect("a group is left");
    point_at(&app, &cell(x, y)).await;
    app.click(&cell(x, y)).await;
    assert_eq!(label(&app).await, number(points_of(size)));
    assert_eq!(count(&app, ".bb-cell.selected").await, size as u64);
    assert_eq!(count(&app, "#bb-lit-group .bb-lit").await, 0, "nothing lit");
    wait_for_score(&app, score).await;
    app.quit().await;
}
