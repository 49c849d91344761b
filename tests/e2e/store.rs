//! The store at start-up, as the player meets it: a damaged file's dialog, a newer store's
//! "Start a new store", and one Pastimes per data folder.

use crate::harness::{shots_dir, App};
use serde_json::json;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[tokio::test(flavor = "current_thread")]
async fn a_damaged_store_is_moved_aside_and_the_dialog_says_where_and_how_many_games_came_back() {
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("pastimes.sqlite3");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
             INSERT INTO settings VALUES ('theme', '\"dark\"');
             CREATE TABLE finished_games (id INTEGER PRIMARY KEY, game TEXT, category TEXT, result TEXT,
                 score INTEGER, time_ms INTEGER, moves INTEGER, replay INTEGER, started_at TEXT,
                 finished_at TEXT, player TEXT, detail TEXT, rank_key INTEGER);
             INSERT INTO finished_games VALUES (1, 'minesweeper', 'beginner', 'won', NULL, 9000, 20, 0,
                 '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:09.000Z', 'Ada', '{}', 9000);
             INSERT INTO finished_games VALUES (2, 'minesweeper', 'beginner', 'lost', NULL, 3000, 4, 0,
                 '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:03.000Z', NULL, '{}', NULL);
             CREATE TABLE padding (junk BLOB);
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
             INSERT INTO padding SELECT randomblob(1000) FROM n;
             PRAGMA user_version = 2;",
        )
        .unwrap();
    }
    // The second half of the file (the padding's pages) overwritten: the check fails, the
    // games and the setting still read.
    let mut bytes = std::fs::read(&path).unwrap();
    let half = bytes.len() / 2;
    for (i, byte) in bytes[half..].iter_mut().enumerate() {
        *byte = (i.wrapping_mul(2_654_435_761) >> 7) as u8;
    }
    std::fs::write(&path, bytes).unwrap();
    let app = App::launch(data.path(), Some(3)).await;
    let text = app
        .wait_for(
            "the store dialog",
            "const d = document.querySelector('#storage-dialog[open]'); return d && d.textContent",
        )
        .await;
    let text = text.as_str().unwrap().to_string();
    assert!(text.contains("pastimes.sqlite3.damaged-"), "{text}");
    assert!(text.contains("finished games, 2; settings, 1"), "{text}");
    app.screenshot("store-damaged-dialog").await;
    app.click("#storage-dialog button[data-value='ok']").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#storage-dialog')").await;
    // The salvaged setting and games are there, and play goes on.
    assert_eq!(
        app.client.execute("return document.documentElement.dataset.theme", vec![]).await.unwrap(),
        json!("dark")
    );
    assert_eq!(app.invoke("history_count", json!({})).await.unwrap(), json!(2));
    app.invoke("new_game", json!({"game": "minesweeper", "params": {"level": "beginner"}})).await.unwrap();
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_newer_store_is_kept_and_start_a_new_store_moves_it_aside() {
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("pastimes.sqlite3");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE settings (key, value); PRAGMA user_version = 999;").unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let app = App::launch(data.path(), Some(3)).await;
    app.wait_for("the store dialog", "return document.querySelector('#storage-dialog[open]')").await;
    let notice = app.wait_for("the notice", "return document.querySelector('#saving-notice')?.textContent").await;
    assert!(notice.as_str().unwrap().contains("until you close"), "{notice}");
    app.screenshot("store-newer-dialog").await;
    assert_eq!(std::fs::read(&path).unwrap(), before, "untouched while the dialog is open");
    app.click("#storage-dialog button[data-value='new-store']").await;
    app.wait_for("the notice to go", "return !document.querySelector('#saving-notice')").await;
    let info = app.invoke("app_info", json!({})).await.unwrap();
    assert_eq!(info["keepsGames"], json!(true));
    let moved_to = info["store"]["movedTo"].as_str().unwrap().to_string();
    assert_eq!(std::fs::read(&moved_to).unwrap(), before, "moved aside as it was");
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_game_that_cannot_be_resumed_is_kept_in_the_history_and_told_once() {
    let data = tempfile::tempdir().unwrap();
    unresumable_bubbles_game(data.path());
    let app = App::launch(data.path(), Some(3)).await;
    let text = app
        .wait_for(
            "the dialog",
            "const d = document.querySelector('#unresumed-dialog[open]'); return d && d.textContent",
        )
        .await;
    let text = text.as_str().unwrap().to_string();
    assert!(text.contains("kept in the history as unfinished"), "{text}");
    assert!(text.contains("Bubble Breaker: "), "{text}");
    app.screenshot("store-unresumed-dialog").await;
    app.click("#unresumed-dialog button[data-value='ok']").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#unresumed-dialog')").await;
    let unfinished = json!({"filter": {"result": "abandoned"}});
    assert_eq!(app.invoke("history_count", unfinished.clone()).await.unwrap(), json!(1));
    // The history shows it, and finds it by its result.
    open_history(&app).await;
    crate::hall::set_select(&app, "#hist-result", "abandoned").await;
    crate::hall::wait_rows(&app, 1).await;
    let row = app.text("#hist-rows tr[data-id]").await;
    assert!(row.contains("Bubble Breaker") && row.contains("Unfinished") && row.contains("—"), "{row}");
    let watch = "return document.querySelector('#hist-rows tr[data-id] .watch-record') === null \
                 && document.querySelector('#hist-rows tr[data-id] .hist-export-record') !== null";
    assert_eq!(app.client.execute(watch, vec![]).await.unwrap(), json!(true), "exported, not watched");
    app.screenshot("history-unfinished").await;
    app.quit().await;
    // Told once: the next start has nothing to say, and the game is still in the history.
    let app = App::launch(data.path(), Some(3)).await;
    app.wait_for("the first screen", "return document.querySelector('#screen')?.children.length > 0").await;
    let info = app.invoke("app_info", json!({})).await.unwrap();
    assert_eq!(info["unresumed"], json!([]));
    assert!(app.client.execute("return document.querySelector('#unresumed-dialog')", vec![]).await.unwrap().is_null());
    assert_eq!(app.invoke("history_count", unfinished).await.unwrap(), json!(1));
    app.quit().await;
}

/// The committed store of the record corpus in `data`, its Bubble Breaker game in progress (a
/// Megashift game) given a pop the rules refuse (as after a rules change): it can no longer be
/// resumed, and at start-up it goes into the history as unfinished, with no score, beside the
/// corpus's one scored Megashift game.
fn unresumable_bubbles_game(data: &std::path::Path) {
    let path = data.join("pastimes.sqlite3");
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/records/dealer1-schema5/store.sqlite3");
    std::fs::copy(corpus, &path).unwrap();
    let conn = rusqlite::Connection::open(&path).unwrap();
    let moves: String =
        conn.query_row("SELECT moves FROM saved_games WHERE game = 'bubbles'", [], |row| row.get(0)).unwrap();
    let mut moves: Vec<serde_json::Value> = serde_json::from_str(&moves).unwrap();
    moves.extend([json!({"action": "pop", "x": 0, "y": 0}), json!({"action": "pop", "x": 0, "y": 0})]);
    conn.execute("UPDATE saved_games SET moves = ?1 WHERE game = 'bubbles'", [json!(moves).to_string()]).unwrap();
}

/// The rows of the statistics table `css` as the page shows them, `data-stat` to value.
async fn shown_statistics(app: &App, css: &str) -> serde_json::Value {
    let script = format!(
        "const table = document.querySelector('{css}');
         return table && Object.fromEntries([...table.querySelectorAll('tr')].map((r) => [r.dataset.stat, r.querySelector('td').textContent]))"
    );
    app.wait_for("the statistics", &script).await
}

/// A Bubble Breaker style with a game left unfinished (no score) beside a scored one: the
/// Statistics dialog and the history's table show the store's figures, the average over the
/// scored game alone (the page once averaged over every game played, and halved it).
#[tokio::test(flavor = "current_thread")]
async fn bubble_breakers_statistics_are_the_stores_with_an_unscored_game() {
    let data = tempfile::tempdir().unwrap();
    unresumable_bubbles_game(data.path());
    let app = App::launch(data.path(), Some(3)).await;
    app.wait_for("the dialog", "return document.querySelector('#unresumed-dialog[open]')").await;
    app.click("#unresumed-dialog button[data-value='ok']").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#unresumed-dialog')").await;
    let stats = app.invoke("statistics", json!({"game": "bubbles", "category": "megashift"})).await.unwrap();
    assert_eq!((&stats["played"], &stats["totalScore"]), (&json!(2), &json!(252)), "{stats}");
    assert_eq!(stats["averageScore"].as_f64(), Some(252.0), "over the scored game: {stats}");
    let best = stats["bestScore"].as_i64().map_or("—".to_string(), |best| best.to_string());

    app.click("#open-bubbles").await;
    app.wait_for("the field", "return document.querySelectorAll('.bb-cell').length === 121").await;
    let snapshot = app.invoke("snapshot", json!({"game": "bubbles"})).await.unwrap();
    assert_eq!(snapshot["category"], "megashift", "a new game of the style left unfinished");
    app.click("#bb-stats").await;
    let dialog = shown_statistics(&app, "#stats-dialog[open] table").await;
    assert_eq!(dialog, json!({"played": "2", "average": "252", "total": "252", "best": best}));
    app.screenshot("bubbles-statistics-unscored").await;
    app.click("#stats-dialog button[value=ok]").await;
    app.wait_for("the statistics to close", "return !document.querySelector('#stats-dialog')").await;

    // The history's table beside the chart: the same store, the same figures.
    app.click("#bb-home").await;
    open_history(&app).await;
    crate::hall::set_select(&app, "#hist-game", "bubbles").await;
    crate::hall::set_select(&app, "#hist-category", "megashift").await;
    let table = shown_statistics(&app, "#hist-stats").await;
    assert_eq!(table, json!({"played": "2", "bestScore": best, "averageScore": "252"}));
    app.screenshot("history-statistics-unscored").await;
    app.quit().await;
}

/// The X window that has the input focus, and the Pastimes window.
fn focused_window() -> String {
    let output = Command::new("xdotool").arg("getwindowfocus").output().expect("xdotool runs");
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

fn pastimes_window() -> String {
    let output =
        Command::new("xdotool").args(["search", "--onlyvisible", "--name", "^Pastimes$"]).output().expect("xdotool");
    String::from_utf8_lossy(&output.stdout).lines().last().expect("a Pastimes window").trim().to_string()
}

#[tokio::test(flavor = "current_thread")]
async fn a_second_launch_brings_the_first_window_to_the_front_and_exits_with_0() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), None).await;
    let window = pastimes_window();
    // Another window takes the focus first.
    let mut other = Command::new("xmessage").args(["-name", "other", "another program"]).spawn().expect("xmessage");
    let other_id = String::from_utf8_lossy(
        &Command::new("xdotool").args(["search", "--sync", "--name", "^other$"]).output().unwrap().stdout,
    )
    .lines()
    .last()
    .unwrap_or_default()
    .to_string();
    let _ = Command::new("xdotool").args(["windowfocus", "--sync", &other_id]).status();
    assert_ne!(focused_window(), window, "the other window has the focus");

    let started = Instant::now();
    let mut second = Command::new(env!("CARGO_BIN_EXE_pastimes"))
        .env("PASTIMES_DATA_DIR", data.path())
        .env("NO_AT_BRIDGE", "1")
        .stdout(Stdio::null())
        .spawn()
        .expect("a second Pastimes starts");
    let status = loop {
        if let Some(status) = second.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "the second Pastimes did not exit");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(status.code(), Some(0), "the second launch exits with 0");
    let deadline = Instant::now() + Duration::from_secs(10);
    while focused_window() != window {
        assert!(Instant::now() < deadline, "the first window never got the focus back");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = Command::new("import").args(["-window", "root"]).arg(shots_dir().join("single-instance.png")).status();
    let _ = other.kill();
    let _ = other.wait();
    // The first app still answers, and only one app runs on the data folder.
    assert_eq!(app.invoke("history_count", json!({})).await.unwrap(), json!(0));
    assert_eq!(app.pids().len(), 1);
    app.quit().await;
}

/// A Minesweeper game that comes back paused after a restart has no field drawn yet (its view
/// waits for Resume): the paused cover still gets a board's room below the counters, instead of
/// squeezing over them.
#[tokio::test(flavor = "current_thread")]
async fn a_minesweeper_game_paused_at_start_shows_its_cover_below_the_counters() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(3)).await;
    app.invoke("new_game", json!({"game": "minesweeper", "params": {"level": "beginner"}})).await.unwrap();
    app.invoke("play", json!({"game": "minesweeper", "move": {"action": "open", "x": 4, "y": 4}})).await.unwrap();
    app.invoke("set_setting", json!({ "key": "lastScreen", "value": "minesweeper" })).await.unwrap();
    app.quit().await;
    let app = App::launch(data.path(), Some(3)).await;
    app.wait_for("the paused cover", "return document.querySelector('#ms-resume')?.offsetParent").await;
    app.wait_still("#ms-paused").await;
    let geometry = "const cover = document.querySelector('#ms-paused').getBoundingClientRect();
        const panel = document.querySelector('.ms-panel').getBoundingClientRect();
        const text = document.querySelector('#ms-paused p').getBoundingClientRect();
        return [cover.top - panel.bottom, text.top - cover.top, cover.height]";
    let measured = app.client.execute(geometry, vec![]).await.unwrap();
    app.screenshot("minesweeper-paused-at-start").await;
    let [gap, inset, height] = [0, 1, 2].map(|i| measured[i].as_f64().unwrap());
    assert!(gap >= -1.0, "the cover reaches over the counters: {measured}");
    assert!(inset >= 0.0 && height >= 100.0, "the cover's words stand inside a board's room: {measured}");
    app.quit().await;
}

/// The hall of fame from the home screen, on its History tab once its filters are built (they are
/// built once its first page has loaded).
async fn open_history(app: &App) {
    app.click("#hall-button").await;
    app.wait_for("the hall", "return document.querySelector('#hall-panel-records')?.dataset.ready === 'true'").await;
    app.click("#hall-tab-history").await;
    let loaded = "return document.querySelector('#hall-panel-history')?.dataset.loading === 'false' \
                  && document.querySelector('#hist-result') !== null";
    app.wait_for("the history", loaded).await;
}
