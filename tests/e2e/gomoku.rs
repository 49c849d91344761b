//! Gomoku played in the real webview: two people to five in a row, the computer's answer on its
//! own thread, undo back to the player's turn, a refused point, and the new game dialog.

use crate::hall::wait_rows;
use crate::harness::App;
use serde_json::{json, Value};

const LEFT: &str = "\u{E012}";
const ENTER: &str = "\u{E007}";
const CTRL_Z: &str = "\u{E009}z\u{E000}";
pub(crate) const STONES: &str = ".gm-point.black, .gm-point.white";

pub(crate) fn point(x: u8, y: u8) -> String {
    format!(".gm-point[data-x='{x}'][data-y='{y}']")
}

pub(crate) async fn run(app: &App, script: &str) -> Value {
    app.client.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{script}: {e}"))
}

pub(crate) async fn count(app: &App, css: &str) -> u64 {
    run(app, &format!("return document.querySelectorAll({css:?}).length")).await.as_u64().unwrap()
}

pub(crate) async fn wait_stones(app: &App, n: usize) {
    let script = format!("return document.querySelectorAll({STONES:?}).length === {n}");
    app.wait_for(&format!("{n} stones on the board"), &script).await;
}

/// How many pixels of the canvas of stones, painted square by square as the moves came, differ
/// from a new canvas with the same stones painted at once by more than a clipped draw's
/// antialiasing does (a few rim pixels, by up to about 20 of 255): a stone, shadow or mark left
/// behind or missing differs by far more.
async fn canvas_differences(app: &App) -> Value {
    let script = "const done = arguments[0];
        import('/js/gomoku/stones.js').then(({ StoneLayer }) => {
          const live = document.querySelector('canvas.gm-stones');
          const points = [...document.querySelectorAll('.gm-point')].map((p) => {
            const colour = p.classList.contains('black') ? 'black' : p.classList.contains('white') ? 'white' : null;
            return colour && { colour, last: p.classList.contains('last'), win: p.classList.contains('win') };
          });
          const fresh = new StoneLayer();
          // Beside the live one, so that it reads the same colours from the style sheet.
          live.after(fresh.canvas);
          fresh.resize(15, live.width / 15 / (window.devicePixelRatio || 1));
          fresh.show(points, {
            numbers: document.querySelector('.gm-grid').classList.contains('numbers'),
            colourBlind: document.documentElement.classList.contains('colour-blind'),
          });
          fresh.canvas.remove();
          const [a, b] = [live, fresh.canvas].map((c) => c.getContext('2d').getImageData(0, 0, live.width, live.height).data);
          // Colours weighted by their alpha: a nearly clear pixel's colour is not seen.
          const seen = (d, i, k) => (k === 3 ? d[i + 3] : (d[i + k] * d[i + 3]) / 255);
          let far = 0;
          for (let i = 0; i < a.length; i += 4) {
            if ([0, 1, 2, 3].some((k) => Math.abs(seen(a, i, k) - seen(b, i, k)) > 32)) far += 1;
          }
          done(far);
        }, (error) => done(String(error)));";
    app.client.execute_async(script, vec![]).await.expect("the canvases compared")
}

/// The side panel is drawn a frame after the board: waits until it shows `n` moves.
pub(crate) async fn wait_panel(app: &App, n: usize) {
    let script = format!("return document.querySelector('.screen-gomoku').dataset.moves === '{n}'");
    app.wait_for(&format!("the side panel to show {n} moves"), &script).await;
}

async fn label(app: &App, x: u8, y: u8) -> String {
    let script = format!("return document.querySelector({:?}).getAttribute('aria-label')", point(x, y));
    run(app, &script).await.as_str().unwrap_or_default().to_string()
}

pub(crate) async fn classes(app: &App, css: &str) -> String {
    run(app, &format!("return document.querySelector({css:?}).className"))
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Waits until the page has painted what it shows (two animation frames), then takes a picture.
pub(crate) async fn picture(app: &App, name: &str) {
    let script = "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));";
    let _ = app.client.execute_async(script, vec![]).await;
    app.screenshot(name).await;
}

pub(crate) async fn open_gomoku(app: &App) {
    app.click("#open-gomoku").await;
    app.wait_for("the board", "return document.querySelectorAll('.gm-point').length === 225").await;
    app.wait_for("the game", "return document.querySelector('.screen-gomoku')?.dataset.status === 'playing'").await;
}

/// Plays the stone at `css` against the computer and waits for its answer: `stones` on the
/// board and the computer no longer thinking.
async fn play_and_wait_for_answer(app: &App, css: &str, stones: usize) {
    app.click(css).await;
    wait_stones(app, stones).await;
    app.wait_for(
        "the computer to finish",
        "return document.querySelector('.screen-gomoku').dataset.thinking === 'false'",
    )
    .await;
}

/// Whether the backend's computer thinks, and how many moves its game has.
fn backend_turn(snapshot: &Value) -> (bool, u64) {
    (snapshot["computerThinking"].as_bool().unwrap_or(true), snapshot["moveCount"].as_u64().unwrap_or(u64::MAX))
}

/// Opens the New game dialog.
async fn open_new_game_dialog(app: &App) {
    app.click("#gm-new").await;
    app.wait_for("the new game dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
}

/// Starts a game against `opponent` through the New game dialog.
async fn start_against(app: &App, opponent: &str) {
    open_new_game_dialog(app).await;
    choose_and_start(app, opponent).await;
}

/// Chooses `opponent` in the open New game dialog and starts the game.
async fn choose_and_start(app: &App, opponent: &str) {
    app.click(&format!("#gm-opponent-{opponent}")).await;
    app.click("#gomoku-new-dialog button[value=start]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#gomoku-new-dialog')").await;
    let script = format!(
        "const root = document.querySelector('.screen-gomoku');
         return root.dataset.moves === '0' && document.querySelector('#gm-game-kind').textContent.includes('({opponent})')"
    );
    app.wait_for("the new game", &script).await;
    wait_stones(app, 0).await;
}

#[tokio::test(flavor = "current_thread")]
async fn two_people_play_to_five_in_a_row_and_replay_the_game() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    open_gomoku(&app).await;
    assert_eq!(label(&app, 7, 7).await, "H8, empty");
    assert_eq!(label(&app, 0, 14).await, "A1, empty");
    assert!(app.text("#gm-turn").await.contains("Black to play"), "{}", app.text("#gm-turn").await);
    picture(&app, "gomoku-empty").await;

    // Black's first stone from the keyboard: the cursor starts on H8; four steps left is D8.
    app.keys(&(LEFT.repeat(4) + ENTER)).await;
    wait_stones(&app, 1).await;
    assert!(classes(&app, &point(3, 7)).await.contains("black"));
    wait_panel(&app, 1).await;
    assert!(app.text("#gm-turn").await.contains("White to play"));

    // Then by clicks: white on row 7 under black's row, black along row 8 to H8.
    let clicks = [(3, 8), (4, 7), (4, 8), (5, 7), (5, 8), (6, 7), (6, 8), (7, 7)];
    for (n, (x, y)) in clicks.into_iter().enumerate() {
        app.click(&point(x, y)).await;
        wait_stones(&app, n + 2).await;
    }
    app.wait_for("the win", "return document.querySelector('.screen-gomoku').dataset.status === 'won'").await;
    let winners =
        run(&app, "return [...document.querySelectorAll('.gm-point.win')].map(p => p.dataset.x + ',' + p.dataset.y)")
            .await;
    assert_eq!(winners, json!(["3,7", "4,7", "5,7", "6,7", "7,7"]));
    assert_eq!(count(&app, ".gm-winline line").await, 1, "a stroke through the five");
    assert!(classes(&app, &point(7, 7)).await.contains("last"));
    assert_eq!(label(&app, 7, 7).await, "H8, black stone, move 9, last move, in the winning row");
    app.wait_for("the result", "return !document.querySelector('#gm-result').hidden").await;
    assert_eq!(app.text("#gm-result-title").await, "Black wins!");
    assert!(app.text("#gm-status").await.contains("Black wins!"));
    assert_eq!(count(&app, "#gm-moves li").await, 9);
    assert_eq!(app.text("#gm-moves li:first-child .gm-move-point").await, "D8");
    assert_eq!(app.text("#gm-moves li:last-child .gm-move-point").await, "H8");
    assert!(app.find("#gm-undo").await.attr("disabled").await.unwrap().is_some(), "a finished game is not undone");
    picture(&app, "gomoku-won").await;
    assert_eq!(canvas_differences(&app).await, json!(0), "the stones painted move by move");

    // The replay steps through the finished game without touching it.
    app.click("#gm-replay-prev").await;
    wait_stones(&app, 8).await;
    assert_eq!(count(&app, ".gm-point.win").await, 0);
    assert!(classes(&app, &point(6, 8)).await.contains("last"));
    app.click("#gm-replay-first").await;
    wait_stones(&app, 0).await;
    assert_eq!(app.text("#gm-replay-position").await, "Move 0 of 9");
    app.click("#gm-replay-next").await;
    wait_stones(&app, 1).await;
    app.click("#gm-replay-last").await;
    wait_stones(&app, 9).await;
    assert_eq!(count(&app, ".gm-point.win").await, 5);
    let snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(snapshot["moveCount"], 9);
    assert_eq!(snapshot["view"]["winner"], "black");

    // Move numbers and the colour-blind mark, from Options.
    app.click("#gm-options").await;
    app.click("#option-moveNumbers").await;
    app.click("#option-colourBlind").await;
    app.click("#options-dialog button[value=save]").await;
    app.wait_for("move numbers", "return document.querySelector('.gm-grid.numbers')").await;
    assert_eq!(app.text(&format!("{} .gm-stone", point(7, 7))).await, "9");
    assert_eq!(app.text(&format!("{} .gm-stone", point(3, 7))).await, "1");
    assert_eq!(run(&app, "return document.documentElement.classList.contains('colour-blind')").await, json!(true));
    picture(&app, "gomoku-won-numbers-colour-blind").await;

    // The statistics of two players' freestyle games count this one.
    app.click("#gm-stats").await;
    let played = app
        .wait_for("the statistics", "return document.querySelector('#stats-dialog [data-stat=played] td')?.textContent")
        .await;
    assert_eq!(played, json!("1"));
    assert_eq!(app.text("#stats-dialog [data-stat=won] td").await, "1");
    // ... and say which colour won it.
    assert_eq!(app.text("#stats-dialog [data-stat=won-black] th").await, "Black won");
    assert_eq!(app.text("#stats-dialog [data-stat=won-black] td").await, "1");
    assert_eq!(app.text("#stats-dialog [data-stat=won-white] td").await, "0");
    picture(&app, "gomoku-two-player-statistics").await;
    app.click("#stats-dialog button[value=ok]").await;

    // The history's table beside the category's chart shows the same rows.
    app.click("#gm-home").await;
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    wait_rows(&app, 1).await;
    // The game, then its category, chosen at once: two reloads at a time, one chart shown.
    run(
        &app,
        "for (const [css, value] of [['#hist-game', 'gomoku'], ['#hist-category', 'freestyle-human']]) {
           const select = document.querySelector(css);
           select.value = value;
           select.dispatchEvent(new Event('change', { bubbles: true }));
         }
         return true",
    )
    .await;
    app.wait_for("the count", "return document.querySelector('#hist-count')?.textContent.length > 0").await;
    let rows = app
        .wait_for(
            "the category's statistics",
            "const rows = [...document.querySelectorAll('#hist-stats tr')];
             return rows.length > 0 && rows.map((r) => `${r.dataset.stat}=${r.querySelector('td').textContent}`)",
        )
        .await;
    assert_eq!(rows, json!(["played=1", "won=1", "won-black=1", "won-white=0", "drawn=0"]));
    app.wait_still("#hist-chart-box").await;
    assert_eq!(count(&app, "#hist-chart").await, 1, "one chart, whichever reload answered last");
    // Its chart draws the game's moves, whoever won, and no best so far: nothing ranks here.
    let point = run(&app, "return document.querySelector('#hist-chart circle title').textContent").await;
    assert!(point.as_str().is_some_and(|text| text.ends_with(": 9 moves")), "{point}");
    assert_eq!(
        run(&app, "return document.querySelectorAll('#hist-chart .chart-best, #hist-chart .chart-miss').length").await,
        json!(0)
    );
    assert_eq!(app.text(".chart-legend").await, "moves of a game");
    picture(&app, "gomoku-two-player-history").await;
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn the_computer_answers_and_undo_returns_to_the_players_turn() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(5)).await;
    open_gomoku(&app).await;
    start_against(&app, "easy").await;
    assert_eq!(app.text("#gm-name-white-shown").await, "Computer (easy)");
    assert_eq!(app.text("#gm-name-black-shown").await, "Black");
    // Note every time the thinking indicator shows, however briefly.
    run(
        &app,
        "window.sawThinking = false;
         const node = document.getElementById('gm-thinking');
         new MutationObserver(() => { if (!node.hidden) window.sawThinking = true; }).observe(node, { attributes: true });",
    )
    .await;

    play_and_wait_for_answer(&app, &point(7, 7), 2).await;
    assert_eq!(run(&app, "return window.sawThinking").await, json!(true), "the page showed the computer thinking");
    assert_eq!(run(&app, "return document.getElementById('gm-thinking').hidden").await, json!(true));
    assert!(classes(&app, "#gm-player-black").await.contains("to-move"));
    assert_eq!(count(&app, "#gm-moves li").await, 2);

    // A second stone next to the first, wherever the computer's is not.
    let free = run(
        &app,
        "return [[8, 7], [7, 8], [6, 7], [7, 6]].find(([x, y]) =>
           document.querySelector(`.gm-point[data-x='${x}'][data-y='${y}']`).classList.contains('empty'))",
    )
    .await;
    let (x, y) = (free[0].as_u64().unwrap() as u8, free[1].as_u64().unwrap() as u8);
    play_and_wait_for_answer(&app, &point(x, y), 4).await;
    picture(&app, "gomoku-vs-computer").await;

    // Undo takes back the computer's answer and the player's stone: the player's turn again. The
    // first help in a game that could rank asks first; "Don't ask again" keeps later undos quiet.
    app.click("#gm-undo").await;
    app.wait_for("the warning", "return document.querySelector('#assist-dialog[open]')").await;
    app.click("#assist-never").await;
    app.click("#assist-dialog button[value=continue]").await;
    wait_stones(&app, 2).await;
    wait_panel(&app, 2).await;
    assert!(classes(&app, &point(x, y)).await.contains("empty"));
    assert!(classes(&app, &point(7, 7)).await.contains("black"));
    assert!(classes(&app, "#gm-player-black").await.contains("to-move"));
    assert!(app.text("#gm-turn").await.contains("Black to play"));
    // The backend agrees: the player's turn, nothing thinking, so no stone of the computer's can
    // come.
    let snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(backend_turn(&snapshot), (false, 2));
    assert_eq!(snapshot["view"]["sideToMove"], "black");
    assert_eq!(count(&app, STONES).await, 2, "the computer does not move on the player's turn");
    assert_eq!(run(&app, "return document.getElementById('gm-thinking').hidden").await, json!(true));

    // Against the hard computer, Ctrl+Z while it thinks cancels the search.
    start_against(&app, "hard").await;
    app.click(&point(7, 7)).await;
    let thinking = app
        .wait_for("the computer to think (or answer)", &format!(
            "return !document.getElementById('gm-thinking').hidden || document.querySelectorAll({STONES:?}).length === 2"
        ))
        .await;
    assert_eq!(thinking, json!(true));
    picture(&app, "gomoku-computer-thinking").await;
    app.keys(CTRL_Z).await;
    wait_stones(&app, 0).await;
    app.wait_for("the thinking to stop", "return document.getElementById('gm-thinking').hidden").await;
    let snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(backend_turn(&snapshot), (false, 0));
    assert_eq!(count(&app, STONES).await, 0, "a cancelled search plays nothing");
    assert!(classes(&app, "#gm-player-black").await.contains("to-move"));
    // The next stone gets one answer: the cancelled search's move never lands late.
    play_and_wait_for_answer(&app, &point(7, 7), 2).await;
    wait_panel(&app, 2).await;
    let snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(snapshot["moveCount"], 2);
    assert_eq!(count(&app, STONES).await, 2);
    app.quit().await;
}

/// The opponents the dialog offers, in order, each with the description shown once chosen.
async fn offered_opponents(app: &App) -> Vec<(String, String)> {
    let values =
        run(app, "return [...document.querySelectorAll('#gm-opponent input[name=opponent]')].map((i) => i.value)")
            .await;
    let mut offered = Vec::new();
    for value in values.as_array().unwrap() {
        let value = value.as_str().unwrap().to_string();
        app.click(&format!("#gm-opponent-{value}")).await;
        offered.push((value, app.text("#gm-opponent-hint").await));
    }
    offered
}

#[tokio::test(flavor = "current_thread")]
async fn five_levels_are_offered_and_the_beginner_answers() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(7)).await;
    open_gomoku(&app).await;
    open_new_game_dialog(&app).await;
    let offered = offered_opponents(&app).await;
    let values: Vec<&str> = offered.iter().map(|(value, _)| value.as_str()).collect();
    assert_eq!(values, ["human", "beginner", "easy", "medium", "hard", "master"], "weakest first");
    let hints: std::collections::BTreeSet<&str> = offered.iter().map(|(_, hint)| hint.as_str()).collect();
    assert_eq!(hints.len(), 6, "each its own description: {offered:?}");
    assert!(!hints.contains(""), "{offered:?}");
    assert!(offered[5].1.contains("up to 5 s a move"), "master says its time: {}", offered[5].1);
    app.click("#gm-opponent-beginner").await;
    picture(&app, "gomoku-new-game-levels").await;
    choose_and_start(&app, "beginner").await;
    assert_eq!(app.text("#gm-name-white-shown").await, "Computer (beginner)");
    play_and_wait_for_answer(&app, &point(7, 7), 2).await;
    let snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(backend_turn(&snapshot), (false, 2), "the beginner answered");
    assert_eq!(snapshot["category"], "freestyle-beginner");
    assert_eq!(count(&app, ".gm-point.white").await, 1);

    // The statistics offer the new levels' categories by name, the one in play chosen; a
    // category nobody has played and the catalogue does not list (Swap2's) is not offered.
    app.click("#gm-stats").await;
    app.wait_for("the statistics", "return document.querySelector('#gm-stats-category')").await;
    let names = run(
        &app,
        "return ['freestyle-beginner', 'renju-master', 'renju-master-swap2'].map((v) =>
           document.querySelector(`#gm-stats-category option[value='${v}']`)?.textContent ?? null)",
    )
    .await;
    assert_eq!(
        names,
        json!(["Freestyle against the computer (beginner)", "Renju against the computer (master)", null])
    );
    assert_eq!(
        run(&app, "return document.querySelector('#gm-stats-category').value").await,
        json!("freestyle-beginner")
    );
    // Against the computer a win is the player's: its rate and streaks, no wins by colour.
    let rows = app
        .wait_for(
            "the rows",
            "const rows = [...document.querySelectorAll('#gm-stats-table tr')].map((r) => r.dataset.stat);
             return rows.length > 0 && rows",
        )
        .await;
    assert_eq!(rows, json!(["played", "won", "lost", "drawn", "winRate", "currentStreak", "longestStreak"]));
    app.click("#stats-dialog button[value=ok]").await;

    // So does the hall of fame, where every level's category is listed (with no record yet, in
    // the line of categories without one).
    app.click("#gm-home").await;
    app.click("#hall-button").await;
    app.wait_for("the hall", "return document.querySelector('#hall-panel-records')?.dataset.ready === 'true'").await;
    let captions = run(
        &app,
        "return [...document.querySelectorAll('#hall-gomoku .hall-empties li.hall-category')]
           .filter((c) => c.dataset.category.startsWith('freestyle-')).map((c) => c.textContent)",
    )
    .await;
    let levels = ["beginner", "easy", "medium", "hard", "master"];
    let expected: Vec<String> = levels.iter().map(|l| format!("Freestyle against the computer ({l})")).collect();
    assert_eq!(captions, json!(expected));
    run(
        &app,
        "document.querySelector('#hall-gomoku .hall-category[data-category=\"freestyle-beginner\"]').scrollIntoView()",
    )
    .await;
    picture(&app, "gomoku-hall-levels").await;
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn an_occupied_point_is_refused_with_a_message_and_nothing_changes() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(3)).await;
    open_gomoku(&app).await;
    app.click(&point(7, 7)).await;
    wait_stones(&app, 1).await;
    app.click(&point(7, 7)).await;
    let toast = app
        .wait_for("the message", "const t = document.getElementById('toast'); return !t.hidden && t.textContent")
        .await;
    assert_eq!(toast, json!("There is already a stone on H8. Choose an empty intersection."));
    assert_eq!(count(&app, STONES).await, 1);
    assert!(classes(&app, &point(7, 7)).await.contains("black"));
    assert!(classes(&app, "#gm-player-white").await.contains("to-move"), "still white's turn");
    let snapshot = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(snapshot["moveCount"], 1);
    // The backend says the same to a request the page never makes.
    let refused = app.invoke("play", json!({"game": "gomoku", "move": {"x": 7, "y": 7}})).await.unwrap_err();
    assert_eq!(refused["code"], "illegal_move");
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn the_new_game_dialog_checks_the_names_and_remembers_the_choice() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(9)).await;
    open_gomoku(&app).await;
    app.click("#gm-new").await;
    app.wait_for("the new game dialog", "return document.querySelector('#gomoku-new-dialog[open]')").await;
    app.click("#gm-rule-exactFive").await;
    app.click("#gm-opponent-medium").await;
    app.click("#gm-colour-white").await;
    // The computer plays black and shows its level; the player names white.
    let black = app.find("#gm-name-black").await;
    assert_eq!(black.prop("value").await.unwrap().as_deref(), Some("Computer (medium)"));
    assert!(black.attr("disabled").await.unwrap().is_some());
    picture(&app, "gomoku-new-game-dialog").await;
    let white = app.find("#gm-name-white").await;
    white.clear().await.unwrap();
    white.send_keys("   ").await.unwrap();
    app.click("#gomoku-new-dialog button[value=start]").await;
    let error = app.wait_for("the name error", "return document.getElementById('gm-new-error').textContent").await;
    assert_eq!(error, json!("Please give White a name."));
    assert!(run(&app, "return Boolean(document.querySelector('#gomoku-new-dialog[open]'))").await.as_bool().unwrap());
    white.clear().await.unwrap();
    white.send_keys("  <b>Ann</b> ").await.unwrap();
    app.click("#gomoku-new-dialog button[value=start]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#gomoku-new-dialog')").await;

    // The computer opens as black; the names show as text.
    wait_stones(&app, 1).await;
    assert_eq!(app.text("#gm-name-white-shown").await, "<b>Ann</b>");
    assert_eq!(app.text("#gm-name-black-shown").await, "Computer (medium)");
    assert!(app.text("#gm-game-kind").await.contains("Exactly five"));
    app.wait_for("white's turn", "return document.querySelector('#gm-player-white').classList.contains('to-move')")
        .await;
    // Remembered for the next game: the player's name, not the computer's (it gets its own).
    let settings = app.invoke("get_settings", json!({})).await.unwrap();
    assert_eq!(
        settings["gomokuParams"],
        json!({"rule": "exactFive", "opening": "standard", "opponent": "medium", "humanColour": "white",
               "whiteName": "<b>Ann</b>"})
    );
    app.quit().await;
}

/// The default names ("Black", "White") are not remembered as names: after a change of
/// language the game in progress says the new language's, and so does the New game dialog.
#[tokio::test(flavor = "current_thread")]
async fn default_names_follow_the_language_and_typed_ones_stay() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    open_gomoku(&app).await;
    open_new_game_dialog(&app).await;
    app.click("#gm-opponent-human").await;
    let white = app.find("#gm-name-white").await;
    assert_eq!(app.find("#gm-name-black").await.prop("value").await.unwrap().as_deref(), Some("Black"));
    white.clear().await.unwrap();
    white.send_keys("Ann").await.unwrap();
    app.click("#gomoku-new-dialog button[value=start]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#gomoku-new-dialog')").await;
    app.wait_for("the new game", "return document.querySelector('#gm-name-white-shown')?.textContent === 'Ann'").await;

    app.invoke("set_setting", json!({"key": "language", "value": "de"})).await.unwrap();
    app.wait_for("German", "return document.body.dataset.language === 'de'").await;
    // The game was started in English and keeps its names: the page says its default in German.
    let shown = "return ['black', 'white'].map((c) => document.querySelector(`#gm-name-${c}-shown`).textContent)";
    assert_eq!(run(&app, shown).await, json!(["Schwarz", "Ann"]));
    open_new_game_dialog(&app).await;
    let names = run(&app, "return ['black', 'white'].map((c) => document.querySelector(`#gm-name-${c}`).value)").await;
    assert_eq!(names, json!(["Schwarz", "Ann"]));
    app.quit().await;
}

/// The computer's name, given in the language of the day the game began, is said in the
/// language of now: in the game, in its Play again, and not remembered as a player's name.
#[tokio::test(flavor = "current_thread")]
async fn the_computers_name_follows_the_language() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    open_gomoku(&app).await;
    start_against(&app, "hard").await;
    let shown = "return ['black', 'white'].map((c) => document.querySelector(`#gm-name-${c}-shown`).textContent)";
    assert_eq!(run(&app, shown).await, json!(["Black", "Computer (hard)"]));
    for (language, names) in [("cs", ["Černý", "Počítač (těžký)"]), ("de", ["Schwarz", "Computer (schwer)"])] {
        app.invoke("set_setting", json!({"key": "language", "value": language})).await.unwrap();
        app.wait_for(language, &format!("return document.body.dataset.language === '{language}'")).await;
        assert_eq!(run(&app, shown).await, json!(names), "{language}");
    }
    picture(&app, "gomoku-names-after-language-change").await;
    let stored = app.invoke("snapshot", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(stored["view"]["whiteName"], "Computer (hard)", "the game keeps its names as they were given");
    app.quit().await;
}
