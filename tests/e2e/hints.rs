//! Hints in the real webview: a no-guess Expert Minesweeper game won by clicking only the cells
//! the hint proves safe (and flagging the ones it proves mines), its statistics in the history,
//! the warning before the first help, and Bubble Breaker's hint selecting the group that the next
//! click pops.

use crate::harness::App;
use pastimes_games::bubbles::{Bubbles, Move, Params, Style};
use pastimes_games::Game;
use serde_json::{json, Value};

/// Records the balls the field bursts (its ghosts, drawn from the pop's effects as the backend
/// sent them) in `window.__popped`, as they are added: the animation is gone in 0.7 s.
async fn record_popped(app: &App) {
    let script = "window.__popped = [];
        new MutationObserver((changes) => {
          for (const change of changes) for (const ghost of change.addedNodes) {
            window.__popped.push({x: Number(ghost.style.getPropertyValue('--gx')), y: Number(ghost.style.getPropertyValue('--gy'))});
          }
        }).observe(document.querySelector('.bb-ghosts'), {childList: true});
        return true;";
    app.client.execute(script, vec![]).await.unwrap();
}

async fn run(app: &App, script: &str) -> Value {
    app.client.execute(script, vec![]).await.unwrap()
}

/// The warning before the first help shows; "Don't ask again" and Continue.
async fn accept_warning_for_good(app: &App, name: &str) {
    app.wait_for("the warning", "return document.querySelector('#assist-dialog[open]')").await;
    app.screenshot(name).await;
    app.click("#assist-never").await;
    app.click("#assist-dialog button[value=continue]").await;
    app.wait_for("the warning to close", "return !document.querySelector('#assist-dialog')").await;
}

/// The hinted cell, once the page shows one: [x, y, kind].
async fn hinted_cell(app: &App) -> (i64, i64, String) {
    let cell = app
        .wait_for(
            "a hinted cell",
            "const c = document.querySelector('.ms-cell.hinted'); if (!c) return false;
             const kind = ['safe', 'mine', 'guess'].find((k) => c.classList.contains(`hint-${k}`));
             return [Number(c.dataset.x), Number(c.dataset.y), kind];",
        )
        .await;
    (cell[0].as_i64().unwrap(), cell[1].as_i64().unwrap(), cell[2].as_str().unwrap().to_string())
}

#[tokio::test(flavor = "current_thread")]
async fn a_no_guess_expert_game_won_by_following_the_hint() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(4242)).await;
    app.click("#open-minesweeper").await;
    app.choose("#level-expert").await;
    app.wait_for("the expert field", "return document.querySelectorAll('.ms-cell').length === 480").await;

    // The first hint, from the keyboard: the warning (once), then the cell.
    app.find(".ms-cell[data-x='0'][data-y='0']").await;
    run(&app, "document.querySelector('.ms-cell[tabindex=\"0\"]').focus(); return true").await;
    app.keys("H").await;
    accept_warning_for_good(&app, "assist-warning-minesweeper").await;
    let mut first = true;
    let mut steps = 0;
    loop {
        let (x, y, kind) = hinted_cell(&app).await;
        if first {
            app.screenshot("minesweeper-hint").await;
            let said = app.text("#ms-status").await;
            assert!(said.starts_with("This cell is"), "{said}");
            first = false;
        }
        assert_ne!(kind, "guess", "a no-guess board never needs a guess");
        if steps == 12 {
            app.screenshot("minesweeper-hint-midgame").await;
        }
        let css = format!(".ms-cell[data-x='{x}'][data-y='{y}']");
        if kind == "safe" {
            app.click(&css).await;
            app.wait_for(
                "the cell to open",
                &format!("return document.querySelector(\"{css}\").classList.contains('open')"),
            )
            .await;
        } else {
            let element = app.find(&css).await;
            app.press(&element, 2).await;
            app.wait_for("the flag", &format!("return document.querySelector(\"{css}\").classList.contains('flag')"))
                .await;
        }
        steps += 1;
        assert!(steps < 480, "the hints run in circles");
        let status = app.invoke("snapshot", json!({"game": "minesweeper"})).await.unwrap()["status"].clone();
        if status == json!("won") {
            break;
        }
        assert_eq!(status, json!("playing"), "a hinted safe cell never loses");
        app.wait_for("the hint to go", "return !document.querySelector('.ms-cell.hinted')").await;
        app.click("#ms-hint").await;
    }
    // No second warning came; the win shows its statistics and is not a record.
    let said = app
        .wait_for(
            "the statistics",
            "const s = document.querySelector('#ms-status').textContent; return s.includes('3BV/s') && s",
        )
        .await;
    assert!(said.as_str().unwrap().contains("IOE"), "{said}");
    assert!(app.find("#ms-assisted").await.attr("hidden").await.unwrap().is_none(), "the game says it was helped");
    app.screenshot("minesweeper-won-by-hints").await;
    let snapshot = app.invoke("snapshot", json!({"game": "minesweeper"})).await.unwrap();
    assert_eq!(snapshot["category"], "expert-noguess");
    assert!(snapshot["assistance"]["hints"].as_u64().unwrap() > 0);
    assert!(snapshot["record"]["rank"].is_null(), "an assisted game is no record");

    // The history shows its 3BV/s, marked assisted.
    app.click("#ms-home").await;
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    let rate = app
        .wait_for("the rate", "const r = document.querySelector('#hist-rows tr[data-game=minesweeper] .hist-rate'); return r && r.textContent")
        .await;
    assert!(rate.as_str().unwrap().ends_with("3BV/s"), "{rate}");
    let note =
        run(&app, "return document.querySelector('#hist-rows tr[data-game=minesweeper] .hist-assisted')?.textContent")
            .await;
    assert_eq!(note, json!("assisted"));
    app.screenshot("history-rate").await;
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn the_bubble_hint_selects_the_group_the_next_click_pops() {
    const SEED: u64 = 19;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    app.click("#open-bubbles").await;
    app.wait_for("the field", "return document.querySelectorAll('.bb-cell.ball').length === 121").await;
    app.click("#bb-hint").await;
    accept_warning_for_good(&app, "assist-warning-bubbles").await;
    let said = app
        .wait_for(
            "the hint's words",
            "const s = document.querySelector('#bb-status').textContent; return s.startsWith('Hint:') && s",
        )
        .await;
    let selected = run(
        &app,
        "return [...document.querySelectorAll('.bb-cell.selected')].map((c) => ({x: Number(c.dataset.x), y: Number(c.dataset.y)}))",
    )
    .await;
    let group = cells_of(&selected);
    assert!(group.len() >= 2, "a hint never names a lone ball");
    let points = (group.len() * (group.len() - 1)) as i64;
    assert!(said.as_str().unwrap().contains(&format!("{} points", points)), "{said}");
    let label = run(&app, "const l = document.querySelector('#bb-label'); return !l.hidden && l.textContent").await;
    assert_eq!(label, json!(points.to_string()), "the points show beside the group");
    // The outline is a whole group of the dealt field, as the engine sees it.
    let mut twin = Bubbles::new(&Params::new(Style::Megashift), SEED).unwrap();
    let (hx, hy) = (group[0].0 as usize, group[0].1 as usize);
    let mut engine_group: Vec<_> = twin.group_at(hx, hy).into_iter().map(|(x, y)| (x as i64, y as i64)).collect();
    engine_group.sort_unstable();
    assert_eq!(engine_group, group);
    assert!(app.find("#bb-assisted").await.attr("hidden").await.unwrap().is_none(), "the game says it was helped");
    app.screenshot("bubbles-hint").await;

    // The next click pops exactly that group: the balls the backend says burst are its balls.
    record_popped(&app).await;
    app.click(&format!(".bb-cell[data-x='{hx}'][data-y='{hy}']")).await;
    app.wait_for(
        "the score",
        &format!("return document.querySelector('.screen-bubbles').dataset.score === '{points}'"),
    )
    .await;
    let popped = app
        .wait_for("the burst", &format!("return window.__popped.length >= {} && window.__popped", group.len()))
        .await;
    assert_eq!(cells_of(&popped), group);
    twin.apply(&Move::Click { x: hx as i64, y: hy as i64 }).unwrap();
    twin.apply(&Move::Click { x: hx as i64, y: hy as i64 }).unwrap();
    assert_eq!(twin.score(), Some(points));

    // "Don't ask again": a new game's first hint asks nothing.
    app.click("#bb-new").await;
    app.wait_for("a new game", "return document.querySelector('.screen-bubbles').dataset.score === '0' && !document.querySelector('.bb-cell.selected')").await;
    app.click("#bb-hint").await;
    app.wait_for("the second hint", "return document.querySelectorAll('.bb-cell.selected').length > 1").await;
    assert!(run(&app, "return document.querySelector('#assist-dialog')").await.is_null(), "no second warning");
    app.quit().await;
}

/// Cells given as [{x, y}], sorted.
fn cells_of(list: &Value) -> Vec<(i64, i64)> {
    let mut cells: Vec<_> =
        list.as_array().unwrap().iter().map(|c| (c["x"].as_i64().unwrap(), c["y"].as_i64().unwrap())).collect();
    cells.sort_unstable();
    cells
}

/// The odds on the board now: [cells shaded, cells closed, the sum of the shaded figures,
/// a shaded cell's tooltip and accessible name].
const ODDS: &str = "const cells = [...document.querySelectorAll('.ms-cell')];
    const shaded = cells.filter((c) => c.classList.contains('odds'));
    const closed = cells.filter((c) => c.classList.contains('hidden'));
    const sum = shaded.reduce((total, c) => total + Number(c.style.getPropertyValue('--odds')), 0);
    return [shaded.length, closed.length, sum, shaded[0]?.title ?? '', shaded[0]?.getAttribute('aria-label') ?? ''];";

/// Show odds (key O): after the warning, every closed cell shaded by its chance of a mine, the
/// figure in its tooltip and its name; the figures follow each move; the game is assisted; a
/// new game starts without them.
#[tokio::test(flavor = "current_thread")]
async fn show_odds_shades_each_closed_cell_and_follows_the_board() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(21)).await;
    app.invoke("set_setting", json!({"key": "theme", "value": "dark"})).await.unwrap();
    app.invoke("new_game", json!({"game": "minesweeper", "params": {"level": "beginner", "noGuess": false}}))
        .await
        .unwrap();
    app.click("#open-minesweeper").await;
    app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length === 81").await;
    app.click(".ms-cell[data-x='4'][data-y='4']").await;
    app.wait_for("cells to open", "return document.querySelectorAll('.ms-cell.open').length > 0").await;

    run(&app, "document.querySelector('.ms-cell[tabindex=\"0\"]').focus(); return true").await;
    app.keys("o").await;
    accept_warning_for_good(&app, "odds-warning").await;
    app.wait_for("the odds", "return document.querySelectorAll('.ms-cell.odds').length > 0").await;
    let odds = run(&app, ODDS).await;
    assert_eq!(odds[0], odds[1], "every closed cell is shaded: {odds}");
    assert!((odds[2].as_f64().unwrap() - 10.0).abs() < 0.05, "the figures add up to the mines: {odds}");
    assert!(odds[3].as_str().unwrap().contains("chance of a mine"), "{odds}");
    assert!(odds[4].as_str().unwrap().contains("chance of a mine"), "{odds}");
    assert_eq!(app.find("#ms-odds").await.attr("aria-pressed").await.unwrap().as_deref(), Some("true"));
    app.wait_for("the note", "return !document.querySelector('#ms-odds-note').hidden").await;
    app.wait_for("assisted", "return !document.querySelector('#ms-assisted').hidden").await;
    // The note wraps the status line to two lines: the field fits again, with no scroll bar.
    let fits = format!("return (() => {{ {} }})().stageFits", crate::classic::GEOMETRY);
    app.wait_for("the field to fit above the longer status line", &fits).await;
    app.screenshot("odds-shown").await;
    let figures = app.client.execute(crate::classic::GEOMETRY, vec![]).await.unwrap();
    assert_eq!(figures["toolbarOneRow"], json!(true), "{figures}");

    // A move: the odds of the new board, on its closed cells only.
    let safest = run(
        &app,
        "const shaded = [...document.querySelectorAll('.ms-cell.odds')];
         const least = shaded.reduce((a, b) => Number(a.style.getPropertyValue('--odds')) <= Number(b.style.getPropertyValue('--odds')) ? a : b);
         return [Number(least.dataset.x), Number(least.dataset.y), Number(least.style.getPropertyValue('--odds'))]",
    )
    .await;
    if safest[2].as_f64().unwrap() == 0.0 {
        let (x, y) = (safest[0].as_i64().unwrap(), safest[1].as_i64().unwrap());
        let opened = run(&app, "return document.querySelectorAll('.ms-cell.open').length").await;
        app.click(&format!(".ms-cell[data-x='{x}'][data-y='{y}']")).await;
        let more = format!(
            "return document.querySelectorAll('.ms-cell.open').length > {opened} && \
             document.querySelectorAll('.ms-cell.odds').length === document.querySelectorAll('.ms-cell.hidden').length"
        );
        app.wait_for("the odds of the next board", &more).await;
    }

    // O again: gone, names and tooltips as before.
    app.keys("o").await;
    app.wait_for("no odds", "return !document.querySelector('.ms-cell.odds, .ms-cell[title]')").await;
    let label = run(&app, "return document.querySelector('.ms-cell.hidden').getAttribute('aria-label')").await;
    assert!(!label.as_str().unwrap().contains("chance"), "{label}");
    // On again, then a new game: it starts without them.
    app.keys("o").await;
    app.wait_for("the odds again", "return document.querySelectorAll('.ms-cell.odds').length > 0").await;
    app.click("#ms-face").await;
    app.wait_for(
        "a new field without odds",
        "return !document.querySelector('.ms-cell.open') && !document.querySelector('.ms-cell.odds')",
    )
    .await;
    assert_eq!(app.find("#ms-odds").await.attr("aria-pressed").await.unwrap().as_deref(), Some("false"));
    app.quit().await;
}

/// The moves a player following the hint makes on the beginner board of `seed` up to its first
/// coin toss, if it meets one before the end: (moves as JSON, the coin toss's cell).
fn moves_to_a_coin_toss(seed: u64) -> Option<(Vec<Value>, (usize, usize))> {
    use pastimes_games::minesweeper::{Hint, Minesweeper, Move as MineMove, Params as MineParams};
    use pastimes_games::Status;
    let mut game = Minesweeper::new(&MineParams::beginner(), seed).ok()?;
    let mut moves = Vec::new();
    while game.status() == Status::Playing && moves.len() < 200 {
        let mv = match game.hint()? {
            Hint::Guess { x, y, coin_toss: true, .. } => return Some((moves, (x, y))),
            Hint::Safe { x, y, .. } | Hint::Guess { x, y, .. } => MineMove::Open { x: x as i64, y: y as i64 },
            Hint::Mine { x, y, .. } => MineMove::Mark { x: x as i64, y: y as i64 },
        };
        game.apply(&mv).ok()?;
        moves.push(serde_json::to_value(mv).unwrap());
    }
    None
}

/// A forced 50/50 is named as one: the hint says it is a coin toss that no order of play avoids.
#[tokio::test(flavor = "current_thread")]
async fn a_forced_fifty_fifty_is_called_a_coin_toss() {
    let (seed, (moves, (x, y))) = (1..2000)
        .find_map(|seed| Some((seed, moves_to_a_coin_toss(seed)?)))
        .expect("a beginner board with a coin toss");
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(seed)).await;
    app.invoke("new_game", json!({"game": "minesweeper", "params": {"level": "beginner"}})).await.unwrap();
    for mv in &moves {
        app.invoke("play", json!({"game": "minesweeper", "move": mv})).await.unwrap();
    }
    app.click("#open-minesweeper").await;
    app.wait_for("the field", "return document.querySelectorAll('.ms-cell.open').length > 0").await;
    app.click("#ms-hint").await;
    accept_warning_for_good(&app, "coin-toss-warning").await;
    let (hx, hy, kind) = hinted_cell(&app).await;
    assert_eq!((hx as usize, hy as usize, kind.as_str()), (x, y, "guess"));
    app.wait_for("the coin toss", "return document.querySelector('#ms-status').textContent.startsWith('A coin toss')")
        .await;
    app.screenshot("coin-toss").await;
    app.quit().await;
}
