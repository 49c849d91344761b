//! The README's screenshots: each game in the middle of a game, from fixed seeds, Gomoku's
//! study board thinking about a set position, and the hall of fame with a record in each game. Not part of the suite (`#[ignore]`): `scripts/screenshots.sh`
//! runs it under Xvfb,
//!
//! ```sh
//! cargo test -p pastimes --features test-game --test e2e readme_shots -- --ignored --test-threads=1
//! ```
//!
//! and the PNGs, each cut to the app's window, go to `$PASTIMES_SHOTS_DIR` (default
//! `docs/screenshots` in the repository). Every step waits for what it needs to see; nothing
//! sleeps a fixed time.

use crate::gomoku::{run, wait_stones};
use crate::harness::App;
use crate::minesweeper::{cell, win_by_clicking};
use crate::study_board::set_up;
use crate::watch::largest_group;
use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use pastimes_games::bubbles::{Bubbles, Move as BubbleMove, Params as BubbleParams, Style};
use pastimes_games::gomoku::{computer_move, Gomoku, Level, Move as GomokuMove, Params as GomokuParams};
use pastimes_games::minesweeper::{mine_layout, Minesweeper, Move as MinesMove, Params as MinesParams};
use pastimes_games::{Game, Status};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Where the pictures go: `$PASTIMES_SHOTS_DIR`, or docs/screenshots of the repository.
fn out_dir() -> PathBuf {
    let dir = std::env::var_os("PASTIMES_SHOTS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots"));
    std::fs::create_dir_all(&dir).expect("the screenshots' folder");
    dir
}

async fn launch(data: &Path, seed: u64) -> App {
    let app = App::launch(data, Some(seed)).await;
    app.invoke("set_setting", json!({"key": "theme", "value": "light"})).await.unwrap();
    app.wait_for("the light theme", "return document.documentElement.dataset.theme === 'light'").await;
    app
}

/// The X windows of the app's process that are on screen, with their area.
fn visible_windows(app: &App) -> Vec<(String, u64)> {
    let mut windows = Vec::new();
    for pid in app.pids() {
        let Ok(found) = Command::new("xdotool").args(["search", "--onlyvisible", "--pid", &pid.to_string()]).output()
        else {
            continue;
        };
        for id in String::from_utf8_lossy(&found.stdout).split_whitespace() {
            let Ok(geometry) = Command::new("xdotool").args(["getwindowgeometry", "--shell", id]).output() else {
                continue;
            };
            let text = String::from_utf8_lossy(&geometry.stdout).to_string();
            let value = |key: &str| {
                text.lines().find_map(|l| l.strip_prefix(key)?.strip_prefix('=')?.parse::<u64>().ok()).unwrap_or(0)
            };
            windows.push((id.to_string(), value("WIDTH") * value("HEIGHT")));
        }
    }
    windows
}

/// Waits until the page shows what it was told and nothing stands in front of it: the pointer
/// off the boards (no preview, no tooltip), no focus ring, two frames painted, and the app with
/// one window on screen (a tooltip or a menu is a window of its own). Then takes the picture of
/// that window alone as `name`.png.
async fn window_picture(app: &App, name: &str) {
    // The pointer to the page's top left corner (the toolbar's edge, where nothing has a
    // tooltip), off the boards. Not out of the window: the window would lose the input focus,
    // and WebKit would not paint the page's last changes.
    let away = MouseActions::new("mouse".into()).then(PointerAction::MoveTo { duration: None, x: 2.0, y: 2.0 });
    app.client.perform_actions(away).await.expect("pointer actions");
    app.client.release_actions().await.expect("released");
    run(
        app,
        "document.activeElement?.blur();
         for (const node of document.querySelectorAll('.gm-grid, .ms-field, .bb-field')) node.dispatchEvent(new MouseEvent('mouseleave'));
         return true",
    )
    .await;
    let deadline = Instant::now() + Duration::from_secs(30);
    let window = loop {
        let script = "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));";
        let _ = app.client.execute_async(script, vec![]).await;
        let windows = visible_windows(app);
        if windows.len() == 1 {
            break Some(windows[0].0.clone());
        }
        if Instant::now() > deadline {
            // No xdotool answer to trust: the largest window, or none (the whole screen, trimmed).
            break windows.iter().max_by_key(|w| w.1).map(|w| w.0.clone());
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    };
    let path = out_dir().join(format!("{name}.png"));
    let status = match &window {
        Some(id) => Command::new("import").args(["-window", id]).arg(&path).status(),
        None => {
            let whole = app.screenshot(&format!("readme-{name}")).await;
            Command::new("convert").arg(&whole).args(["-trim", "+repage"]).arg(&path).status()
        }
    };
    assert!(status.is_ok_and(|s| s.success()), "the picture {}", path.display());
    println!("screenshot: {}", path.display());
}

/// The cells of `game` as (x, y), row by row.
fn cells(game: &Minesweeper) -> impl Iterator<Item = (usize, usize)> {
    let (width, height) = (game.view().width, game.view().height);
    (0..height).flat_map(move |y| (0..width).map(move |x| (x, y)))
}

fn is_open(game: &Minesweeper, (x, y): (usize, usize)) -> bool {
    game.view().cell(x, y).is_ascii_digit()
}

/// Opens `at` on the twin; returns how many cells are open then.
fn open(game: &mut Minesweeper, at: (usize, usize)) -> usize {
    game.apply(&MinesMove::Open { x: at.0 as i64, y: at.1 as i64 }).unwrap();
    cells(game).filter(|&c| is_open(game, c)).count()
}

/// Whether a closed cell touches an open one.
fn on_the_edge(game: &Minesweeper, (x, y): (usize, usize)) -> bool {
    let (width, height) = (game.view().width as i64, game.view().height as i64);
    (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (x as i64 + dx, y as i64 + dy))).any(|(nx, ny)| {
        (0..width).contains(&nx) && (0..height).contains(&ny) && is_open(game, (nx as usize, ny as usize))
    })
}

/// Minesweeper Intermediate, no guessing: the first click's area, a few numbers more along its
/// edge and two flags on mines the numbers show.
async fn minesweeper() {
    let params = MinesParams::intermediate().with_no_guess(true);
    let first = (8, 8);
    // The first seed whose first click opens a good part of the field, but far from all of it.
    let opened = |seed: u64| open(&mut Minesweeper::new(&params, seed).unwrap(), first);
    let seed = (1..200).find(|&seed| (50..=100).contains(&opened(seed))).expect("a seed with a good first area");
    let mines = mine_layout(&params, seed, first);

    let data = tempfile::tempdir().unwrap();
    let app = launch(data.path(), seed).await;
    app.invoke("new_game", json!({"game": "minesweeper", "params": {"level": "intermediate", "noGuess": true}}))
        .await
        .unwrap();
    app.click("#open-minesweeper").await;
    app.wait_for("the intermediate field", "return document.querySelectorAll('.ms-cell').length === 256").await;

    let mut twin = Minesweeper::new(&params, seed).unwrap();
    app.click(&cell(first.0, first.1)).await;
    let count = open(&mut twin, first);
    let shown = |n: usize| format!("return document.querySelectorAll('.ms-cell.open').length === {n}");
    app.wait_for("the first area", &shown(count)).await;
    // Four numbers more on the area's edge, nearest the first click first.
    let mut edge: Vec<(usize, usize)> =
        cells(&twin).filter(|&c| !is_open(&twin, c) && !mines.contains(&c) && on_the_edge(&twin, c)).collect();
    edge.sort_by_key(|&(x, y)| (x.abs_diff(first.0).pow(2) + y.abs_diff(first.1).pow(2), y, x));
    for &safe in edge.iter().take(4) {
        if is_open(&twin, safe) {
            continue;
        }
        app.click(&cell(safe.0, safe.1)).await;
        let count = open(&mut twin, safe);
        app.wait_for("the opened cell", &shown(count)).await;
    }
    // Two flags, with the right button, on mines beside the open numbers.
    let flagged: Vec<(usize, usize)> =
        cells(&twin).filter(|c| mines.contains(c) && on_the_edge(&twin, *c)).take(2).collect();
    for (x, y) in flagged {
        let target = app.find(&cell(x, y)).await;
        app.press(&target, 2).await;
        twin.apply(&MinesMove::Mark { x: x as i64, y: y as i64 }).unwrap();
        app.wait_for(
            "the flag",
            &format!("return document.querySelector(\"{}\").classList.contains('flag')", cell(x, y)),
        )
        .await;
    }
    assert_eq!(twin.status(), Status::Playing);
    // The clock past its first second, as in a game under way.
    app.wait_for(
        "the clock to run",
        "const clock = document.querySelector('#ms-clock'); return !clock || clock.getAttribute('aria-label') !== '0 seconds'",
    )
    .await;
    app.wait_for(
        "the game under way",
        "return document.querySelector('.screen-minesweeper').dataset.status === 'playing'",
    )
    .await;
    window_picture(&app, "minesweeper").await;
    app.quit().await;
}

/// Bubble Breaker, MegaShift (the original): two big groups popped, the biggest group left
/// selected with its worth beside it.
async fn bubble_breaker() {
    const SEED: u64 = 3;
    let data = tempfile::tempdir().unwrap();
    let app = launch(data.path(), SEED).await;
    app.invoke("new_game", json!({"game": "bubbles", "params": {"style": "megashift"}})).await.unwrap();
    app.click("#open-bubbles").await;
    app.wait_for("the field", "return document.querySelectorAll('.bb-cell.ball').length === 121").await;
    let mut twin = Bubbles::new(&BubbleParams::new(Style::Megashift), SEED).unwrap();
    let settled = "return !document.querySelector('.bb-cell.moving, .bb-cell.entering, .bb-ghost')";
    for _ in 0..2 {
        let (x, y) = largest_group(&twin).expect("a group to pop");
        let ball = format!(".bb-cell[data-x='{x}'][data-y='{y}']");
        app.click(&ball).await;
        app.wait_for("the selection", "return document.querySelector('.bb-cell.selected')").await;
        app.click(&ball).await;
        twin.apply(&BubbleMove::Pop { x: x as i64, y: y as i64 }).unwrap();
        let score = twin.score().unwrap_or_default();
        app.wait_for(
            "the score",
            &format!("return document.querySelector('.screen-bubbles').dataset.score === '{score}'"),
        )
        .await;
        app.wait_for("the pop to be over", settled).await;
    }
    let (x, y) = largest_group(&twin).expect("a group to select");
    app.click(&format!(".bb-cell[data-x='{x}'][data-y='{y}']")).await;
    let size = twin.group_at(x, y).len();
    app.wait_for(
        "the selection and its worth",
        &format!(
            "const label = document.querySelector('#bb-label');
             return document.querySelectorAll('.bb-cell.selected').length === {size} && label && !label.hidden"
        ),
    )
    .await;
    app.wait_for("a still field", settled).await;
    window_picture(&app, "bubble-breaker").await;
    app.quit().await;
}

/// Gomoku against the computer (medium), freestyle, the player black: four stones each, black's
/// chosen by the same engine (medium), so that the game looks like one.
async fn gomoku() {
    const SEED: u64 = 1;
    let data = tempfile::tempdir().unwrap();
    let app = launch(data.path(), SEED).await;
    let params = json!({"rule": "freestyle", "opponent": "medium", "humanColour": "black"});
    let game_params: GomokuParams = serde_json::from_value(params.clone()).unwrap();
    app.invoke("new_game", json!({"game": "gomoku", "params": params})).await.unwrap();
    app.click("#open-gomoku").await;
    app.wait_for("the board", "return document.querySelectorAll('.gm-point').length === 225").await;
    app.wait_for("the game", "return document.querySelector('.screen-gomoku')?.dataset.status === 'playing'").await;
    for turn in 1..=4 {
        let snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
        let mut twin = Gomoku::new(&game_params, SEED).unwrap();
        for stone in snapshot["view"]["moves"].as_array().unwrap() {
            twin.play(GomokuMove { x: stone["x"].as_i64().unwrap(), y: stone["y"].as_i64().unwrap() }).unwrap();
        }
        let ours = computer_move(&twin, Level::Medium, &AtomicBool::new(false)).expect("a move");
        app.click(&format!(".gm-point[data-x='{}'][data-y='{}']", ours.x, ours.y)).await;
        wait_stones(&app, 2 * turn).await;
        app.wait_for(
            "the computer's answer",
            &format!(
                "const root = document.querySelector('.screen-gomoku');
                 return root.dataset.thinking === 'false' && root.dataset.moves === '{}'",
                2 * turn
            ),
        )
        .await;
    }
    app.wait_for("the game under way", "return document.querySelector('.screen-gomoku').dataset.status === 'playing'")
        .await;
    window_picture(&app, "gomoku").await;
    app.quit().await;
}

/// The study board on an opening set up through its dialog: the engine's value as a bar and a
/// number, its three best moves and its line as numbered see-through stones, after a few seconds'
/// thought.
async fn study_board() {
    const SEED: u64 = 1;
    let data = tempfile::tempdir().unwrap();
    let app = launch(data.path(), SEED).await;
    app.click("#open-gomoku").await;
    app.wait_for("the game", "return document.querySelector('.screen-gomoku')?.dataset.status === 'playing'").await;
    app.click("#gm-study").await;
    app.wait_for(
        "the study board or the warning before it",
        "return document.querySelector('#assist-dialog')?.open || document.querySelector('.screen-gomoku-study-board')",
    )
    .await;
    if run(&app, "return Boolean(document.querySelector('#assist-dialog')?.open)").await == json!(true) {
        app.click("#assist-dialog button[value='continue']").await;
    }
    app.wait_for("the study board", "return document.querySelectorAll('#study-grid .gm-point').length === 225").await;
    let stones = ANALYSED.split_whitespace().count();
    set_up(&app, ANALYSED, stones as u64).await;
    // A few seconds' thought, then the page showing its latest look.
    let deadline = Instant::now() + Duration::from_secs(60);
    let sequence = loop {
        let board = app.invoke("study_board", json!({"game": "gomoku"})).await.unwrap();
        if board["thoughtMs"].as_u64().unwrap_or(0) >= 3000
            && board["look"]["choices"].as_array().is_some_and(|c| c.len() == 3)
        {
            break board["sequence"].as_u64().unwrap();
        }
        assert!(Instant::now() < deadline, "the engine's look: {board}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    app.wait_for(
        "the page to show that look",
        &format!(
            "const ghosts = document.querySelectorAll('#study-board .gm-ghost').length;
             const stones = document.querySelectorAll('#study-grid .gm-point.black, #study-grid .gm-point.white').length;
             return stones === {stones} && ghosts >= 3 && document.querySelectorAll('#study-choices .study-choice').length === 3
               && Number(document.querySelector('.screen-gomoku-study-board').dataset.sequence) >= {sequence}"
        ),
    )
    .await;
    window_picture(&app, "gomoku-study-board").await;
    app.quit().await;
}

/// The position of the study board's picture: an opening of nine stones, black to play.
const ANALYSED: &str = "H8 I9 I8 G8 J7 H9 J9 J8 K8";

/// Plays Gomoku against the easy computer with the medium engine's moves until a win; returns
/// the snapshot of the last game played.
async fn gomoku_win(app: &App, seed: u64) -> Value {
    let params = json!({"rule": "freestyle", "opponent": "easy", "humanColour": "black"});
    let game_params: GomokuParams = serde_json::from_value(params.clone()).unwrap();
    let mut snapshot = Value::Null;
    for _attempt in 0..4 {
        snapshot = app.invoke("new_game", json!({"game": "gomoku", "params": params})).await.unwrap();
        while snapshot["status"] == "playing" {
            let mut twin = Gomoku::new(&game_params, seed).unwrap();
            for stone in snapshot["view"]["moves"].as_array().unwrap() {
                twin.play(GomokuMove { x: stone["x"].as_i64().unwrap(), y: stone["y"].as_i64().unwrap() }).unwrap();
            }
            let ours = computer_move(&twin, Level::Medium, &AtomicBool::new(false)).expect("a move");
            snapshot = app.invoke("play", json!({"game": "gomoku", "move": {"x": ours.x, "y": ours.y}})).await.unwrap();
            let deadline = Instant::now() + Duration::from_secs(30);
            while snapshot["status"] == "playing" && snapshot["view"]["computerToMove"] == true {
                assert!(Instant::now() < deadline, "the computer did not answer");
                tokio::time::sleep(Duration::from_millis(30)).await;
                snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
            }
        }
        if snapshot["status"] == "won" {
            break;
        }
    }
    snapshot
}

/// The hall of fame with a record in each game: a Beginner field won by clicking (the record
/// dialog answered), a Standard Bubble Breaker game and a Gomoku win against the computer played through the
/// page's commands.
async fn hall_of_fame() {
    const SEED: u64 = 31;
    let data = tempfile::tempdir().unwrap();
    let app = launch(data.path(), SEED).await;
    app.invoke("new_game", json!({"game": "minesweeper", "params": {"level": "beginner", "noGuess": false}}))
        .await
        .unwrap();
    app.click("#open-minesweeper").await;
    app.wait_for("the beginner field", "return document.querySelectorAll('.ms-cell').length === 81").await;
    win_by_clicking(&app, &MinesParams::beginner(), SEED, (4, 4)).await;
    app.wait_for("the record dialog", "return document.querySelector('#record-dialog[open]')").await;
    app.find("#record-name").await.send_keys("Ada").await.unwrap();
    app.click("#record-dialog button[value=save]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#record-dialog')").await;
    app.click("#ms-home").await;
    app.wait_for("home", "return document.querySelector('.screen-home')").await;

    app.invoke("new_game", json!({"game": "bubbles", "params": {"style": "standard"}})).await.unwrap();
    let mut twin = Bubbles::new(&BubbleParams::new(Style::Standard), SEED).unwrap();
    let mut last = Value::Null;
    while let Some((x, y)) = largest_group(&twin) {
        twin.apply(&BubbleMove::Pop { x: x as i64, y: y as i64 }).unwrap();
        last = app.invoke("play", json!({"game": "bubbles", "move": {"action": "pop", "x": x, "y": y}})).await.unwrap();
    }
    if let Some(id) = last["record"]["id"].as_i64() {
        app.invoke("submit_record_name", json!({"id": id, "name": "Bea"})).await.unwrap();
    }
    let won = gomoku_win(&app, SEED).await;
    if let Some(id) = won["record"]["id"].as_i64() {
        app.invoke("submit_record_name", json!({"id": id, "name": "Gus"})).await.unwrap();
    }

    app.click("#hall-button").await;
    app.wait_for(
        "the records",
        "return document.querySelector('.screen-hall') && document.querySelectorAll('#hall-minesweeper td.hall-name').length > 0",
    )
    .await;
    // The test build's fourth game (Lights Out, feature test-game) is in no package: its tables
    // are left out of the picture, which shows the hall as a player's Pastimes has it.
    run(&app, "document.querySelector('#hall-lights')?.remove(); return true").await;
    window_picture(&app, "hall-of-fame").await;
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
#[ignore = "makes the README's screenshots: scripts/screenshots.sh"]
async fn readme_shots() {
    minesweeper().await;
    bubble_breaker().await;
    gomoku().await;
    study_board().await;
    hall_of_fame().await;
}
