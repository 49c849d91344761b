//! An external engine in the real webview: `pbrain-pastimes` added in Preferences > Engines
//! (the native file dialog stands aside for `PASTIMES_TEST_ENGINE`, which only a test build
//! reads: WebDriver cannot drive a GTK dialog), chosen in the New game dialog, played to the
//! end of the game, and named with its version in the history.

use crate::gomoku::{open_gomoku, picture, point, run};
use crate::harness::App;
use std::path::{Path, PathBuf};

/// `pbrain-pastimes`, built beside the app.
pub(crate) fn pbrain_pastimes() -> PathBuf {
    let app = PathBuf::from(env!("CARGO_BIN_EXE_pastimes"));
    let brain = app.parent().unwrap().join("pbrain-pastimes");
    if !brain.exists() {
        let built = std::process::Command::new(env!("CARGO"))
            .args(["build", "-p", "pastimes-games", "--bin", "pbrain-pastimes"])
            .status()
            .unwrap();
        assert!(built.success());
    }
    brain
}

pub(crate) async fn add_the_engine(app: &App) {
    app.click("#settings-button").await;
    app.wait_for("the Engines section", "return !!document.querySelector('#engines-list')").await;
    app.wait_for("no engine yet", "return !!document.querySelector('#engines-list .engines-none')").await;
    app.click("#engines-add").await;
    app.wait_for(
        "the engine listed",
        "return [...document.querySelectorAll('#engines-list .engines-name')].some((n) => n.textContent.startsWith('pastimes'))",
    )
    .await;
    picture(app, "engines-preferences").await;
    app.click("#settings-dialog button[value=cancel]").await;
    app.wait_for("Preferences closed", "return !document.querySelector('#settings-dialog')").await;
}

async fn start_against_the_engine(app: &App) {
    app.click("#gm-new").await;
    app.wait_for("the new game dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
    app.click("#gm-opponent-engine").await;
    app.wait_for("the engine's choices", "return !document.querySelector('#gm-engine-choice').hidden").await;
    run(app, "const s = document.querySelector('#gm-move-time'); s.value = '500'; s.dispatchEvent(new Event('change', { bubbles: true }))").await;
    picture(app, "engines-new-game").await;
    app.click("#gomoku-new-dialog button[value=start]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#gomoku-new-dialog')").await;
    app.wait_for("the new game", "return document.querySelector('.screen-gomoku').dataset.moves === '0'").await;
}

/// Plays the first empty point from the top left, each time the engine has answered, until
/// the game ends.
async fn play_to_the_end(app: &App) {
    for _ in 0..112 {
        let state = run(
            app,
            "const root = document.querySelector('.screen-gomoku');
             if (root.dataset.status !== 'playing') return 'over';
             if (root.dataset.thinking !== 'false') return 'thinking';
             const free = [...document.querySelectorAll('.gm-point')].find((p) => !p.classList.contains('black') && !p.classList.contains('white'));
             return [free.dataset.x, free.dataset.y].join(',');",
        )
        .await;
        let state = state.as_str().unwrap().to_string();
        match state.as_str() {
            "over" => return,
            "thinking" => {
                app.wait_for(
                    "the engine's answer",
                    "const root = document.querySelector('.screen-gomoku');
                     return root.dataset.thinking === 'false' || root.dataset.status !== 'playing'",
                )
                .await;
            }
            at => {
                let (x, y) = at.split_once(',').unwrap();
                let moves = run(app, "return document.querySelector('.screen-gomoku').dataset.moves").await;
                app.click(&point(x.parse().unwrap(), y.parse().unwrap())).await;
                let script = format!(
                    "return document.querySelector('.screen-gomoku').dataset.moves !== {moves}
                     || document.querySelector('.screen-gomoku').dataset.status !== 'playing'"
                );
                app.wait_for("the stone placed", &script).await;
            }
        }
    }
    panic!("the game did not end");
}

#[tokio::test(flavor = "current_thread")]
async fn pbrain_pastimes_is_added_played_to_the_end_and_named_in_the_history() {
    let data = tempfile::tempdir().unwrap();
    let brain = pbrain_pastimes();
    let env = [("PASTIMES_TEST_ENGINE", brain.to_str().unwrap())];
    let app = App::launch_with(data.path(), Some(5), &env).await;
    add_the_engine(&app).await;
    open_gomoku(&app).await;
    start_against_the_engine(&app).await;
    let white = run(
        &app,
        "return document.querySelector('#gm-name-white, .gm-player.white .gm-player-name')?.textContent ?? ''",
    )
    .await;
    play_to_the_end(&app).await;
    picture(&app, "engines-game-over").await;
    let result = app.text("#gm-result-title").await;
    assert!(!result.is_empty(), "the result is told ({white})");

    app.click("#gm-home").await;
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    app.wait_for(
        "the engine's game in the history",
        "return [...document.querySelectorAll('#hist-rows tr[data-id]')].some((r) => /against pastimes \\S+/.test(r.textContent))",
    )
    .await;
    picture(&app, "engines-history").await;
    app.quit().await;
    none_left_after(&brain).await;
}

/// Waits until nothing of the brain is left running once the app has quit: the system ends it
/// by the parent-death signal as the app exits, which on a loaded machine takes a moment.
async fn none_left_after(brain: &Path) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while !running(brain).is_empty() {
        assert!(std::time::Instant::now() < deadline, "the brain outlived the app: {:?}", running(brain));
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// Processes whose command line names `program` (zombies aside).
fn running(program: &Path) -> Vec<String> {
    let wanted = program.to_string_lossy().into_owned();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().to_str().map(String::from))
        .filter(|pid| pid.chars().all(|c| c.is_ascii_digit()))
        .filter(|pid| {
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            String::from_utf8_lossy(&cmdline).contains(&wanted) && !stat.contains(") Z ")
        })
        .collect()
}

/// A fake brain that thinks aloud (`MESSAGE` lines with depth, evaluation and line).
fn thinker() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/brains/pbrain-thinker")
}

#[tokio::test(flavor = "current_thread")]
async fn the_study_board_is_analysed_by_an_added_engine_its_line_drawn() {
    let data = tempfile::tempdir().unwrap();
    let brain = thinker();
    let env = [("PASTIMES_TEST_ENGINE", brain.to_str().unwrap())];
    let app = App::launch_with(data.path(), Some(5), &env).await;
    // Added, then chosen as the hint's and the study board's engine in Preferences.
    app.click("#settings-button").await;
    app.wait_for("no engine yet", "return !!document.querySelector('#engines-list .engines-none')").await;
    app.click("#engines-add").await;
    app.wait_for(
        "the thinker listed",
        "return [...document.querySelectorAll('#engines-helper option')].some((o) => o.textContent === 'thinker 1')",
    )
    .await;
    run(&app, "const s = document.querySelector('#engines-helper'); s.value = 'pbrain-thinker'; s.dispatchEvent(new Event('change'))").await;
    picture(&app, "engines-helper-preferences").await;
    app.click("#settings-dialog button[value=cancel]").await;
    app.wait_for("Preferences closed", "return !document.querySelector('#settings-dialog')").await;

    open_gomoku(&app).await;
    app.click("#gm-study").await;
    app.wait_for(
        "the study board or the warning before it",
        "return document.querySelector('#assist-dialog')?.open || document.querySelector('.screen-gomoku-study-board')",
    )
    .await;
    if run(&app, "return !!document.querySelector('#assist-dialog')?.open").await == true {
        app.click("#assist-dialog button[value='continue']").await;
    }
    app.wait_for("the study board", "return document.querySelectorAll('#study-grid .gm-point').length === 225").await;
    app.wait_for(
        "the thinker chosen",
        "return document.querySelector('#study-helper').selectedOptions[0]?.textContent === 'thinker 1'",
    )
    .await;
    crate::study_board::set_up(&app, "H8", 1).await;
    // White to move: the thinker's line (I7 then G9) drawn as numbered ghosts, its evaluation
    // (130 for white) the bar's, and its best move listed.
    app.wait_for(
        "the thinker's line",
        "return document.querySelectorAll('#study-board .gm-ghost').length === 2
            && document.querySelector('#study-line').textContent === 'I7 G9'",
    )
    .await;
    assert_eq!(app.text("#study-score").await, "About even: −130");
    assert_eq!(run(&app, "return document.querySelector('#study-choice-0')?.dataset.point").await, "I7");
    // It answered YXNBEST at its checks: its second and third lines are the other best moves.
    app.wait_for(
        "the thinker's three best moves",
        "return document.querySelector('#study-choice-1')?.dataset.point === 'G9'
            && document.querySelector('#study-choice-2')?.dataset.point === 'I9'",
    )
    .await;
    picture(&app, "engines-study-board").await;

    // A game against it on the game's clock: the New game dialog offers the clock (the time a
    // move goes), and the engine's answer comes on its clock.
    app.click("#study-back").await;
    app.wait_for("the game", "return document.querySelectorAll('.screen-gomoku .gm-point').length === 225").await;
    app.click("#gm-new").await;
    app.wait_for("the new game dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
    app.click("#gm-opponent-engine").await;
    run(&app, "const s = document.querySelector('#gm-clock'); s.value = 'fischer-60-1'; s.dispatchEvent(new Event('change', { bubbles: true }))").await;
    app.wait_for(
        "the clock, and no time a move",
        "return document.querySelector('#gm-clock-set').offsetHeight > 0 && document.querySelector('#gm-move-time').offsetHeight === 0",
    )
    .await;
    picture(&app, "engines-new-game-clock").await;
    app.click("#gomoku-new-dialog button[value=start]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#gomoku-new-dialog')").await;
    app.wait_for("the new game", "return document.querySelector('.screen-gomoku').dataset.moves === '0'").await;
    app.click(&point(0, 0)).await;
    app.wait_for("the engine's answer", "return document.querySelector('.screen-gomoku').dataset.moves === '2'").await;
    app.wait_for(
        "both clocks",
        "return !document.querySelector('#gm-clock-black').hidden && !document.querySelector('#gm-clock-white').hidden",
    )
    .await;
    picture(&app, "engines-game-on-the-clock").await;
    app.quit().await;
    none_left_after(&brain).await;
}
