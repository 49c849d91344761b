//! The hall of fame and the history in the real webview: a record in each of the three games
//! (Minesweeper won by clicking; Bubble Breaker and Gomoku played to their end through the same
//! commands the page uses, the backend deciding every result), found in the hall and in the
//! history with its chart, exported through the native save dialog, and reset: cancelled, then
//! confirmed per game and for everything. Then, for every registered game (the registry's, not
//! a list of names): its section in the hall, and its place in the history's filters.

use crate::harness::{shots_dir, App};
use crate::minesweeper::win_by_clicking;
use pastimes_games::bubbles::{Bubbles, Move as BubbleMove, Params as BubbleParams, Style};
use pastimes_games::gomoku::{computer_move, Gomoku, Level, Move as GomokuMove, Params as GomokuParams};
use pastimes_games::minesweeper::{mine_layout, Params};
use pastimes_games::{Game, Status};
use serde_json::{json, Value};
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

const SEED: u64 = 31;
const MARKUP: &str = "<img src=x onerror=alert(1)>";
const BEA: &str = "Bea, \"the\" best";

async fn run(app: &App, script: &str) -> Value {
    app.client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// Waits until the page has painted (two animation frames), then takes a picture.
async fn picture(app: &App, name: &str) {
    let script = "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));";
    let _ = app.client.execute_async(script, vec![]).await;
    app.screenshot(name).await;
}

/// Wins a beginner game by clicking every safe cell, as a player who knows the mines would. The
/// game is a plain one (not no-guess, a new player's default), started with explicit parameters
/// so that it lands in the `beginner` category.
async fn win_minesweeper_by_clicking(app: &App) {
    app.invoke("new_game", json!({"game": "minesweeper", "params": {"level": "beginner", "noGuess": false}}))
        .await
        .unwrap();
    app.click("#open-minesweeper").await;
    app.wait_for("the beginner field", "return document.querySelectorAll('.ms-cell').length === 81").await;
    win_by_clicking(app, &Params::beginner(), SEED, (4, 4)).await;
    app.wait_for("the win", "return document.querySelector('.screen-minesweeper').dataset.status === 'won'").await;
}

/// Loses a beginner game through the commands, then loses its replay (the same board).
async fn lose_minesweeper_and_its_replay(app: &App) {
    let mines = mine_layout(&Params::beginner(), SEED, (4, 4));
    let (mx, my) = mines[0];
    app.invoke("new_game", json!({"game": "minesweeper", "params": {"level": "beginner"}})).await.unwrap();
    app.invoke("play", json!({"game": "minesweeper", "move": {"action": "open", "x": 4, "y": 4}})).await.unwrap();
    let lost = app.invoke("play", json!({"game": "minesweeper", "move": {"action": "open", "x": mx, "y": my}})).await;
    assert_eq!(lost.unwrap()["status"], "lost");
    let replay = app.invoke("replay", json!({"game": "minesweeper"})).await.unwrap();
    assert_eq!(replay["isReplay"], true);
    app.invoke("play", json!({"game": "minesweeper", "move": {"action": "open", "x": 4, "y": 4}})).await.unwrap();
    let lost = app.invoke("play", json!({"game": "minesweeper", "move": {"action": "open", "x": mx, "y": my}})).await;
    assert_eq!(lost.unwrap()["status"], "lost");
}

/// Plays a standard Bubble Breaker game to its end (the biggest group first); returns the
/// record's id and the score.
async fn finish_bubbles(app: &App) -> (i64, i64) {
    app.invoke("new_game", json!({"game": "bubbles", "params": {"style": "standard"}})).await.unwrap();
    let mut twin = Bubbles::new(&BubbleParams::new(Style::Standard), SEED).unwrap();
    let mut last = Value::Null;
    while twin.status() == Status::Playing {
        let (mut best, mut size) = ((0, 0), 0);
        for y in 0..11 {
            for x in 0..11 {
                let group = twin.group_at(x, y).len();
                if group >= 2 && group > size {
                    (best, size) = ((x, y), group);
                }
            }
        }
        assert!(size >= 2, "a game still playing has a group");
        twin.apply(&BubbleMove::Pop { x: best.0 as i64, y: best.1 as i64 }).unwrap();
        let mv = json!({"action": "pop", "x": best.0, "y": best.1});
        last = app.invoke("play", json!({"game": "bubbles", "move": mv})).await.unwrap();
    }
    assert_eq!(last["status"], "finished");
    let score = twin.score().unwrap();
    assert_eq!(last["score"], json!(score));
    (last["record"]["id"].as_i64().expect("the first game of a style is a record"), score)
}

/// Wins a freestyle game against the easy computer, the medium search playing our stones;
/// returns the record's id. A lost game (it may happen) is followed by another.
async fn win_gomoku(app: &App) -> i64 {
    let params = json!({"rule": "freestyle", "opponent": "easy", "humanColour": "black"});
    for _attempt in 0..4 {
        let mut snapshot = app.invoke("new_game", json!({"game": "gomoku", "params": params})).await.unwrap();
        let game_params: GomokuParams = serde_json::from_value(params.clone()).unwrap();
        while snapshot["status"] == "playing" {
            // The twin: the same stones, in the same order.
            let mut twin = Gomoku::new(&game_params, SEED).unwrap();
            for stone in snapshot["view"]["moves"].as_array().unwrap() {
                let mv = GomokuMove { x: stone["x"].as_i64().unwrap(), y: stone["y"].as_i64().unwrap() };
                twin.play(mv).unwrap();
            }
            let ours = computer_move(&twin, Level::Medium, &AtomicBool::new(false)).expect("a move");
            let answer = app.invoke("play", json!({"game": "gomoku", "move": {"x": ours.x, "y": ours.y}})).await;
            snapshot = answer.unwrap();
            // The computer answers on its own thread: wait for its stone.
            let deadline = Instant::now() + Duration::from_secs(30);
            while snapshot["status"] == "playing" && snapshot["view"]["computerToMove"] == true {
                assert!(Instant::now() < deadline, "the computer did not answer");
                tokio::time::sleep(Duration::from_millis(30)).await;
                snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
            }
        }
        if snapshot["status"] == "won" {
            return snapshot["record"]["id"].as_i64().expect("a win against the computer is a record");
        }
    }
    panic!("no win against the easy computer in four games");
}

async fn name_record(app: &App, id: i64, name: &str) {
    app.invoke("submit_record_name", json!({"id": id, "name": name})).await.unwrap();
}

/// The names shown in a hall-of-fame category, as text.
async fn hall_names(app: &App, game: &str, category: &str) -> Vec<String> {
    let script = format!(
        "return [...document.querySelectorAll('#hall-{game} .hall-category:not([data-by])[data-category=\"{category}\"] td.hall-name .hall-player')]
           .map((n) => n.textContent)"
    );
    serde_json::from_value(run(app, &script).await).unwrap()
}

pub(crate) async fn set_select(app: &App, css: &str, value: &str) {
    let script = format!(
        "const s = document.querySelector({css:?}); s.value = {value:?};
         s.dispatchEvent(new Event('change', {{ bubbles: true }})); return s.value === {value:?};"
    );
    assert_eq!(run(app, &script).await, json!(true), "{css} = {value}");
}

/// Waits until the history shows `n` rows and has stopped loading.
pub(crate) async fn wait_rows(app: &App, n: usize) {
    let script = format!(
        "const root = document.querySelector('#hall-panel-history');
         return root.dataset.loading === 'false' && document.querySelectorAll('#hist-rows tr[data-id]').length === {n}"
    );
    app.wait_for(&format!("{n} history rows"), &script).await;
}

async fn history_games(app: &App) -> Vec<String> {
    let script = "return [...document.querySelectorAll('#hist-rows tr[data-id]')].map((r) => r.dataset.game)";
    serde_json::from_value(run(app, script).await).unwrap()
}

async fn open_hall_from_home(app: &App) {
    app.click("#hall-home").await;
    app.click("#hall-button").await;
    app.wait_for("the hall", "return document.querySelector('#hall-panel-records')?.dataset.ready === 'true'").await;
}

/// What xdotool prints for `args`, trimmed (empty if it fails).
fn xdotool(args: &[&str]) -> String {
    let output = Command::new("xdotool").args(args).output();
    output.map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string()).unwrap_or_default()
}

/// Waits until the save dialog holds the keyboard focus and stands still (the same geometry on
/// two looks in a row): GTK maps the dialog before it has laid it out and filled its name field,
/// and keys typed before then go astray.
fn dialog_settled(window: &str, deadline: Instant) -> bool {
    let mut last = String::new();
    loop {
        xdotool(&["windowfocus", "--sync", window]);
        let geometry = xdotool(&["getwindowgeometry", window]);
        if xdotool(&["getwindowfocus"]) == window && !geometry.is_empty() && geometry == last {
            return true;
        }
        if Instant::now() > deadline {
            return false;
        }
        last = geometry;
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Drives GTK's save dialog: waits for it, types the path into its name field, presses Enter.
fn save_dialog_types(path: &std::path::Path) -> bool {
    file_dialog_types("Export the history", &["ctrl+a"], path, "history-export-dialog")
}

/// Drives a GTK file dialog titled `title`: waits for it, presses `keys` (select the name
/// field's text, or open the location field), types the path, takes a picture `shot`, presses
/// Enter.
pub(crate) fn file_dialog_types(title: &str, keys: &[&str], path: &std::path::Path, shot: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(20);
    let window = loop {
        let found = Command::new("xdotool").args(["search", "--onlyvisible", "--name", title]).output();
        if let Some(id) = found.ok().and_then(|o| String::from_utf8_lossy(&o.stdout).lines().last().map(str::to_string))
        {
            break id;
        }
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    if !dialog_settled(&window, deadline) {
        return false;
    }
    let path = path.display().to_string();
    let mut steps: Vec<Vec<&str>> = vec![vec!["windowfocus", "--sync", &window]];
    steps.extend(keys.iter().map(|key| vec!["key", "--clearmodifiers", key]));
    steps.push(vec!["type", "--delay", "5", &path]);
    let typed = steps.iter().all(|args| Command::new("xdotool").args(args).status().is_ok_and(|s| s.success()));
    // The dialog as the player sees it, the file name typed in.
    let _ = Command::new("import").args(["-window", "root"]).arg(shots_dir().join(format!("{shot}.png"))).status();
    typed && Command::new("xdotool").args(["key", "--clearmodifiers", "Return"]).status().is_ok_and(|s| s.success())
}

#[tokio::test(flavor = "current_thread")]
async fn records_of_three_games_in_the_hall_the_history_its_chart_export_and_reset() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;

    // Minesweeper, won by clicking: the record dialog takes a name with markup in it.
    win_minesweeper_by_clicking(&app).await;
    app.wait_for("the record dialog", "return document.querySelector('#record-dialog[open]')").await;
    let input = app.find("#record-name").await;
    input.clear().await.unwrap();
    input.send_keys(MARKUP).await.unwrap();
    app.click("#record-dialog button[value=save]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#record-dialog')").await;

    // The status line's Hall of Fame button opens the hall with the new record marked.
    app.click("#ms-hall").await;
    app.wait_for("the hall", "return document.querySelector('#hall-panel-records')?.dataset.ready === 'true'").await;
    let marked = app
        .text("#hall-minesweeper .hall-category[data-category='beginner'] tr.highlight td.hall-name .hall-player")
        .await;
    assert_eq!(marked, MARKUP, "the record just set, marked, its name as text");

    // The other two through the commands, each a record.
    let (bubbles_record, score) = finish_bubbles(&app).await;
    name_record(&app, bubbles_record, BEA).await;
    let gomoku_record = win_gomoku(&app).await;
    name_record(&app, gomoku_record, "Gus").await;
    lose_minesweeper_and_its_replay(&app).await;
    let played = app.invoke("history_count", json!({})).await.unwrap().as_i64().unwrap();
    assert!(played >= 5, "{played} games in the history");

    open_hall_from_home(&app).await;
    // Every registered game has its tables, from the registry alone, played or not.
    for game in pastimes_games::GameKind::all().map(|kind| kind.as_str()) {
        let shown = run(&app, &format!("return Boolean(document.querySelector('#hall-{game} .hall-category'))")).await;
        assert_eq!(shown, json!(true), "the hall of fame shows {game}");
    }
    assert_eq!(hall_names(&app, "minesweeper", "beginner").await, [MARKUP], "markup shows as text");
    // The same win in the level's second table, by 3BV/s.
    let by_rate = run(
        &app,
        "return [...document.querySelectorAll('#hall-minesweeper .hall-by-rate[data-category=\"beginner\"] td')]
           .map((n) => n.textContent)",
    )
    .await;
    // The name, then NF: the game was won by clicking alone, without a flag.
    assert_eq!(by_rate[1], format!("{MARKUP}NF"), "{by_rate}");
    assert!(by_rate[2].as_str().unwrap().chars().any(|c| c.is_ascii_digit() && c != '0'), "a 3BV/s: {by_rate}");
    assert_eq!(run(&app, "return document.querySelectorAll('#screen img').length").await, json!(0));
    assert_eq!(hall_names(&app, "bubbles", "standard").await, [BEA]);
    assert_eq!(hall_names(&app, "gomoku", "freestyle-easy").await, ["Gus"]);
    let score_text = app.text("#hall-bubbles .hall-category[data-category='standard'] td.number:nth-child(3)").await;
    assert_eq!(score_text.replace(',', ""), score.to_string());
    // The categories without a record are named in one line, not drawn as empty tables.
    let empty = run(
        &app,
        "const list = document.querySelector('#hall-minesweeper .hall-empties');
         return [list.querySelector('h3').textContent,
                 ...[...list.querySelectorAll('li.hall-category')].map((li) => `${li.dataset.category}: ${li.textContent}`),
                 document.querySelectorAll('#hall-minesweeper .hall-category:not(li) table').length]",
    )
    .await;
    assert_eq!(empty, json!(["No records yet:", "intermediate: Intermediate", "expert: Expert", 2]), "{empty}");
    // Each table stays within its column of the grid (a Gomoku result, "59 moves, 3.1 s", and a
    // long name wrap rather than push the table into the next column).
    let overflowing = run(
        &app,
        "return [...document.querySelectorAll('.hall-category')]
           .filter((c) => c.querySelector('table') && c.querySelector('table').offsetWidth > c.clientWidth + 1)
           .map((c) => `${c.dataset.category}: ${c.querySelector('table').offsetWidth} > ${c.clientWidth}`)",
    )
    .await;
    assert_eq!(overflowing, json!([]), "tables wider than their column");
    picture(&app, "hall-records").await;

    // Verify records: every finished game replayed through the rules, all of them matching.
    app.click("#hall-verify").await;
    app.wait_for("the verification", "return Boolean(document.querySelector('#verify-dialog[open] #verify-summary'))")
        .await;
    let summary = app.text("#verify-summary").await;
    assert!(summary.starts_with(&format!("{played} games replayed")), "{summary}");
    assert!(summary.contains("each reaches"), "{summary}");
    picture(&app, "hall-verify").await;
    app.click("#verify-dialog button[data-value='ok']").await;
    app.wait_for("the dialog closed", "return !document.querySelector('#verify-dialog[open]')").await;

    // The history: every game, newest first; the replay marked. Its tab clicked twice before it
    // is ready mounts it once.
    run(&app, "const tab = document.querySelector('#hall-tab-history'); tab.click(); tab.click(); return true").await;
    wait_rows(&app, played as usize).await;
    assert_eq!(run(&app, "return document.querySelectorAll('#hist-filters').length").await, json!(1));
    let games = history_games(&app).await;
    for game in ["minesweeper", "bubbles", "gomoku"] {
        assert!(games.iter().any(|g| g == game), "{game} in {games:?}: every game played here");
    }
    assert_eq!(games[0], "minesweeper", "the newest first: the replay");
    let replay = run(&app, "return document.querySelector('#hist-rows tr[data-id]').children[6].textContent").await;
    assert_eq!(replay, json!("replay"));
    app.wait_for("the total", "return document.querySelector('#hist-range').textContent.includes(' of ')").await;

    // One category: its rows, its chart and its statistics.
    set_select(&app, "#hist-game", "minesweeper").await;
    wait_rows(&app, 3).await;
    set_select(&app, "#hist-category", "beginner").await;
    wait_rows(&app, 3).await;
    app.wait_for("the chart", "return document.querySelector('#hist-chart')").await;
    assert_eq!(run(&app, "return document.querySelectorAll('#hist-chart .chart-point').length").await, json!(1));
    assert_eq!(run(&app, "return document.querySelectorAll('#hist-chart .chart-miss').length").await, json!(2));
    let stat = |key: &str| format!("return document.querySelector('#hist-stats tr[data-stat={key}] td').textContent");
    assert_eq!(run(&app, &stat("played")).await, json!("3"));
    assert_eq!(run(&app, &stat("won")).await, json!("1"));
    assert_eq!(run(&app, &stat("winRate")).await, json!("33 %"));
    assert_eq!(run(&app, &stat("currentStreak")).await, json!("0"));
    assert_eq!(run(&app, &stat("longestStreak")).await, json!("1"));
    let name = run(
        &app,
        "return [...document.querySelectorAll('#hist-rows td.hall-name')].map((n) => n.textContent).join('|')",
    )
    .await;
    assert!(name.as_str().unwrap().contains(MARKUP), "{name}");
    picture(&app, "history-chart").await;
    set_select(&app, "#hist-result", "lost").await;
    wait_rows(&app, 2).await;
    // A lost game's figures count the 3BV it solved out of the board's ("3BV 1/12 · ...").
    let figures = run(&app, "return document.querySelector('#hist-rows tr[data-id] td.number[title]').title").await;
    let bbbv = figures.as_str().unwrap().split('\u{a0}').nth(1).unwrap_or_default().to_owned();
    let (solved, whole) = bbbv.split_once('/').unwrap_or_else(|| panic!("{figures}"));
    assert!(solved.parse::<u32>().unwrap() < whole.parse::<u32>().unwrap(), "{figures}");

    // An inverted date range: the backend's error, in words.
    set_select(&app, "#hist-result", "").await;
    run(&app, "document.querySelector('#hist-from').value = '2030-01-02'; document.querySelector('#hist-to').value = '2030-01-01';
               document.querySelector('#hist-to').dispatchEvent(new Event('change'));").await;
    let error = app.wait_for("the range error", "return document.querySelector('#hist-error').textContent").await;
    assert_eq!(error, json!("The start date must be on or before the end date."));
    run(
        &app,
        "document.querySelector('#hist-from').value = ''; document.querySelector('#hist-to').value = '';
               document.querySelector('#hist-to').dispatchEvent(new Event('change'));",
    )
    .await;
    set_select(&app, "#hist-game", "").await;
    wait_rows(&app, played as usize).await;

    // Export: the native save dialog, driven with xdotool; the file is RFC 4180 CSV.
    let csv_path = shots_dir().join("hall-history-export.csv");
    let _ = std::fs::remove_file(&csv_path);
    app.click("#hist-export").await;
    if save_dialog_types(&csv_path) {
        let toast = app.wait_for("the export's toast", "const t = document.querySelector('#toast'); return !t.hidden && t.textContent.includes('Saved') && t.textContent").await;
        assert!(toast.as_str().unwrap().contains(&format!("Saved {played} games")), "{toast}");
        let text = std::fs::read_to_string(&csv_path).unwrap();
        assert_eq!(text.matches("\r\n").count() as i64, played + 1, "a header and a line per game");
        assert!(text.contains(",\"Bea, \"\"the\"\" best\","), "{text}");
        assert!(text.contains(&format!(",{MARKUP},")));
    } else {
        panic!("the save dialog could not be driven");
    }

    // Reset, cancelled: the dialog tells what would go; nothing changes.
    app.click("#hall-tab-records").await;
    app.click("#hall-reset").await;
    app.wait_for("the reset dialog", "return document.querySelector('#reset-summary')?.dataset.ready === 'true'").await;
    let summary = app.text("#reset-summary").await;
    assert!(summary.contains("3 records in 3 categories of the hall of fame of every game"), "{summary}");
    assert!(summary.contains(&format!("its {played} finished games stay")), "{summary}");
    app.click("#reset-history").await;
    app.wait_for("the summary with the history", &format!(
        "return document.querySelector('#reset-summary').textContent.includes('{played} finished games from the history')"
    )).await;
    picture(&app, "reset-dialog").await;
    app.click("#reset-dialog button[value=cancel]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#reset-dialog')").await;
    assert_eq!(app.invoke("history_count", json!({})).await.unwrap(), json!(played));
    assert_eq!(hall_names(&app, "minesweeper", "beginner").await, [MARKUP]);

    // Reset Minesweeper with its history: its records and games go, the others stay.
    app.click("#hall-reset-minesweeper").await;
    app.wait_for("the reset dialog", "return document.querySelector('#reset-summary')?.dataset.ready === 'true'").await;
    let summary = app.text("#reset-summary").await;
    assert!(summary.contains("1 record in 1 category of the hall of fame of Minesweeper"), "{summary}");
    app.click("#reset-history").await;
    app.wait_for(
        "the count of games",
        "return document.querySelector('#reset-summary').textContent.includes('3 finished games from the history')",
    )
    .await;
    app.click("#reset-dialog button[value=reset]").await;
    app.wait_for("the hall without Minesweeper's record", "return document.querySelector('#hall-panel-records').dataset.ready === 'true' && !document.querySelector('#hall-minesweeper td.hall-name')").await;
    let toast = app.wait_for("the reset's toast", "const t = document.querySelector('#toast'); return !t.hidden && t.textContent.includes('Deleted') && t.textContent").await;
    assert_eq!(toast, json!("Deleted 1 record and 3 finished games."));
    assert_eq!(hall_names(&app, "bubbles", "standard").await, [BEA]);
    let left = app.invoke("history_count", json!({})).await.unwrap().as_i64().unwrap();
    assert_eq!(left, played - 3);
    assert_eq!(app.invoke("history_count", json!({"filter": {"game": "minesweeper"}})).await.unwrap(), json!(0));

    // Reset everything, keeping the history: no records anywhere, the games stay.
    app.click("#hall-reset").await;
    app.wait_for("the reset dialog", "return document.querySelector('#reset-summary')?.dataset.ready === 'true'").await;
    app.click("#reset-dialog button[value=reset]").await;
    app.wait_for("an empty hall", "return document.querySelector('#hall-panel-records').dataset.ready === 'true' && !document.querySelector('#hall-panel-records td.hall-name')").await;
    assert_eq!(app.invoke("history_count", json!({})).await.unwrap(), json!(left));
    app.click("#hall-tab-history").await;
    wait_rows(&app, left as usize).await;

    // Nothing left to reset: it succeeds and says so.
    app.click("#hall-reset").await;
    app.wait_for("the reset dialog", "return document.querySelector('#reset-summary')?.dataset.ready === 'true'").await;
    assert_eq!(app.text("#reset-summary").await, "Nothing: the hall of fame of every game is empty.");
    app.click("#reset-dialog button[value=reset]").await;
    app.wait_for(
        "the toast",
        "const t = document.querySelector('#toast'); return !t.hidden && t.textContent.includes('nothing to delete')",
    )
    .await;
    app.quit().await;
}

/// Every registered game, from the registry alone (its card aside, nothing played): its section
/// in the hall of fame with its name and its reset, its choice in the history's game filter, and
/// its listed categories in the category filter once it is chosen.
#[tokio::test(flavor = "current_thread")]
async fn every_registered_game_has_its_section_in_the_hall_and_its_filters_in_the_history() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    app.click("#hall-button").await;
    app.wait_for("the hall", "return document.querySelector('#hall-panel-records')?.dataset.ready === 'true'").await;
    for kind in pastimes_games::GameKind::all() {
        let game = kind.as_str();
        let title = app.text(&format!("#hall-{game}-title")).await;
        assert!(!title.trim().is_empty() && !title.contains('.'), "{game}'s name in the hall: {title:?}");
        app.find(&format!("#hall-reset-{game}")).await;
    }
    app.click("#hall-tab-history").await;
    app.wait_for("the filters", "return document.querySelector('#hist-game option[value]:not([value=\"\"])')").await;
    for kind in pastimes_games::GameKind::all() {
        let game = kind.as_str();
        set_select(&app, "#hist-game", game).await;
        app.wait_for("its categories", "return !document.querySelector('#hist-category').disabled").await;
        let listed = run(
            &app,
            "return [...document.querySelectorAll('#hist-category option')].map((o) => o.value).filter(Boolean)",
        )
        .await;
        let mut shown: Vec<String> = serde_json::from_value(listed).unwrap();
        let mut expected = (kind.info().categories.listed)();
        shown.sort();
        expected.sort();
        assert_eq!(shown, expected, "{game}'s categories in the history's filter");
    }
    app.quit().await;
}
