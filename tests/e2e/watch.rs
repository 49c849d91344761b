//! The watch view in the real webview: a won Minesweeper game, a Bubble Breaker game (and the
//! best line of its deal) and a Gomoku game, each opened from the history and watched to its end
//! (played at 4x, or with End and the arrow keys); the board must come to what the game's own
//! screen showed when it ended: the cells, the score, the stones.

use crate::gomoku::{picture, run};
use crate::hall::{set_select, wait_rows};
use crate::harness::App;
use crate::minesweeper::win_by_clicking;
use pastimes_games::bubbles::{Bubbles, Move as BubbleMove, Params as BubbleParams, Scoring, Style};
use pastimes_games::minesweeper::Params;
use pastimes_games::{Game, Status, Telling};
use serde_json::{json, Value};

/// What a player reads off the board: each cell's classes and text, in order (`cells`: the
/// cells' selector), with the animation's passing classes left out.
async fn board(app: &App, cells: &str) -> Value {
    let script = format!(
        "return [...document.querySelectorAll({cells:?})].map((c) => {{
           const classes = [...c.classList].filter((n) => !['moving', 'entering', 'hinted'].includes(n)).sort().join(' ');
           return classes + '|' + c.textContent + '|' + (c.getAttribute('aria-label') ?? '');
         }})"
    );
    run(app, &script).await
}

/// An imported Gomoku game, from the import dialog's Watch button to its last stone (End), where
/// the board must hold its `stones`.
pub async fn watch_the_import_to_its_end(app: &App, stones: usize) {
    app.click("#import-dialog button[data-value='watch']").await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
    app.keys("\u{E010}").await; // End
    app.wait_for("the last move", "return document.querySelector('.screen-watch')?.dataset.atEnd === 'true'").await;
    let script = format!(
        "return document.querySelectorAll('.screen-watch .gm-point.black, .screen-watch .gm-point.white').length === {stones}"
    );
    app.wait_for("every stone", &script).await;
}

/// The history's newest game, opened in the watch view from its row's Watch button.
async fn watch_newest_from_the_history(app: &App) {
    app.click("#hall-button").await;
    app.click("#hall-tab-history").await;
    app.wait_for("the history's rows", "return document.querySelector('#hist-rows tr[data-id] .watch-record')").await;
    app.click("#hist-rows tr[data-id]:first-child .watch-record").await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
}

async fn wait_for_end(app: &App) {
    app.wait_for("the last move", "return document.querySelector('.screen-watch')?.dataset.atEnd === 'true'").await;
}

/// Back from the watch view to the history it was opened from.
async fn back_to_the_history(app: &App) {
    app.click("#watch-back").await;
    app.wait_for("the history again", "return document.querySelector('.screen-hall')?.dataset.tab === 'history'").await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_won_minesweeper_game_is_watched_at_four_times_its_pace_to_the_board_it_ended_on() {
    const SEED: u64 = 31;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    app.invoke("new_game", json!({"game": "minesweeper", "params": {"level": "beginner", "noGuess": false}}))
        .await
        .unwrap();
    app.click("#open-minesweeper").await;
    app.wait_for("the beginner field", "return document.querySelectorAll('.ms-cell').length === 81").await;
    win_by_clicking(&app, &Params::beginner(), SEED, (4, 4)).await;
    app.wait_for("the win", "return document.querySelector('.screen-minesweeper').dataset.status === 'won'").await;
    app.wait_for("the record dialog", "return document.querySelector('#record-dialog[open]')").await;
    app.find("#record-name").await.send_keys("Ada").await.unwrap();
    app.click("#record-dialog button[value=save]").await;
    app.wait_for("the dialog to close", "return !document.querySelector('#record-dialog')").await;
    let ended = board(&app, ".ms-cell").await;
    let clock = app.find("#ms-clock").await.attr("aria-label").await.unwrap();
    app.click("#ms-home").await;

    watch_newest_from_the_history(&app).await;
    assert!(run(
        &app,
        "return [...document.querySelectorAll('.ms-cell')].every((c) => c.classList.contains('hidden'))"
    )
    .await
    .as_bool()
    .unwrap());
    let about = app.text("#watch-about").await;
    assert!(about.starts_with("Won · ") && about.ends_with(" · Ada"), "{about}");
    picture(&app, "watch-minesweeper-dealt").await;
    app.click("#watch-speed-4").await;
    app.click("#watch-play").await;
    app.wait_for("playing", "return document.querySelector('.screen-watch').dataset.playing === 'true'").await;
    wait_for_end(&app).await;
    app.wait_for("the end of play", "return document.querySelector('.screen-watch').dataset.playing === 'false'").await;
    assert_eq!(board(&app, ".ms-cell").await, ended, "the watched game ends on the board the game ended on");
    assert_eq!(app.find("#ms-clock").await.attr("aria-label").await.unwrap(), clock, "the recorded time");
    let mood = run(&app, "return document.querySelector('.face').dataset.mood").await;
    assert_eq!(mood, json!("cool"));
    app.wait_for(
        "the last move told",
        "return /^Move (\\d+) of \\1: opened /.test(document.querySelector('#announcer').textContent)",
    )
    .await;
    picture(&app, "watch-minesweeper-end").await;

    // Home goes back to the dealt board; a step on opens the first cell.
    app.keys("\u{E011}").await; // Home
    app.wait_for("the dealt board", "return document.querySelector('.screen-watch').dataset.index === '0'").await;
    app.keys("\u{E014}").await; // Right
    app.wait_for("the first move", "return document.querySelector('.screen-watch').dataset.index === '1'").await;
    let opened = run(&app, "return document.querySelectorAll('.ms-cell.open').length").await;
    assert!(opened.as_u64().unwrap() > 0, "the first click opens an area");
    app.wait_for("the move told", "return document.querySelector('#announcer').textContent.startsWith('Move 1 of ')")
        .await;
    let told = run(&app, "return document.querySelector('#announcer').textContent").await;
    assert!(told.as_str().unwrap().ends_with(": opened row 5, column 5"), "{told}");

    // Back comes to the history as the player left it: filtered to won Minesweeper games.
    back_to_the_history(&app).await;
    set_select(&app, "#hist-game", "minesweeper").await;
    set_select(&app, "#hist-category", "beginner").await;
    set_select(&app, "#hist-result", "won").await;
    wait_rows(&app, 1).await;
    app.click("#hist-rows tr[data-id]:first-child .watch-record").await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
    back_to_the_history(&app).await;
    wait_rows(&app, 1).await;
    let filters = run(
        &app,
        "return ['#hist-game', '#hist-category', '#hist-result'].map((s) => document.querySelector(s).value)",
    )
    .await;
    assert_eq!(filters, json!(["minesweeper", "beginner", "won"]), "the filters the player chose");
    app.wait_for("the category's chart", "return document.querySelector('#hist-chart-title')").await;

    // The hall of fame's row watches the same game; Back comes to the records.
    app.click("#hall-tab-records").await;
    app.click("#hall-minesweeper .hall-category[data-category='beginner'] .watch-record").await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
    app.click("#watch-back").await;
    app.wait_for("the records again", "return document.querySelector('.screen-hall')?.dataset.tab === 'records'").await;
    app.quit().await;
}

/// The biggest group of the field (the first one, row by row, among equals).
pub(crate) fn largest_group(game: &Bubbles) -> Option<(usize, usize)> {
    let mut best: Option<(usize, usize, usize)> = None;
    for y in 0..11 {
        for x in 0..11 {
            let size = game.group_at(x, y).len();
            if size >= 2 && best.is_none_or(|(_, _, most)| size > most) {
                best = Some((x, y, size));
            }
        }
    }
    best.map(|(x, y, _)| (x, y))
}

#[tokio::test(flavor = "current_thread")]
async fn a_bubble_breaker_game_and_its_best_line_are_watched_to_their_ends() {
    const SEED: u64 = 3;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    // Played through the commands the page uses, the biggest group each time.
    app.invoke("new_game", json!({"game": "bubbles", "params": {"style": "standard"}})).await.unwrap();
    let mut twin = Bubbles::new(&BubbleParams::new(Style::Standard), SEED).unwrap();
    while let Some((x, y)) = largest_group(&twin) {
        twin.apply(&BubbleMove::Pop { x: x as i64, y: y as i64 }).unwrap();
        app.invoke("play", json!({"game": "bubbles", "move": {"action": "pop", "x": x, "y": y}})).await.unwrap();
    }
    assert_eq!(twin.status(), Status::Finished);
    let score = twin.score().unwrap();
    app.click("#open-bubbles").await;
    app.wait_for("the cover", "return !document.querySelector('#bb-over').hidden").await;
    let ended = board(&app, ".bb-cell").await;
    let shown_score = app.text("#bb-score").await;

    // Once the solver is done, the cover offers its line, watched on the same deal.
    app.wait_for("the best line", "return !document.querySelector('#bb-over-watch').hidden").await;
    let best_text = app.text("#bb-over-best").await;
    let best: i64 = best_text.chars().filter(char::is_ascii_digit).collect::<String>().parse().unwrap();
    app.click("#bb-over-watch").await;
    app.wait_for("the best line's view", "return document.querySelector('.screen-watch')?.dataset.line === 'bestLine'")
        .await;
    app.click("#watch-end").await;
    wait_for_end(&app).await;
    let best_shown: i64 =
        app.text("#bb-score").await.chars().filter(char::is_ascii_digit).collect::<String>().parse().unwrap();
    assert_eq!(best_shown, best, "the line reaches the score the cover promised ({best_text})");
    assert!(best >= score);
    picture(&app, "watch-bubbles-best-line").await;
    app.click("#watch-back").await;
    app.wait_for("the game again", "const over = document.querySelector('#bb-over'); return over && !over.hidden")
        .await;
    app.click("#bb-home").await;

    // The player's own game, from the history: End, then a step back and on again (animated).
    watch_newest_from_the_history(&app).await;
    app.wait_for("the dealt field", "return document.querySelectorAll('.bb-cell.ball').length === 121").await;
    picture(&app, "watch-bubbles-dealt").await;
    app.click("#watch-end").await;
    wait_for_end(&app).await;
    assert_eq!(board(&app, ".bb-cell").await, ended, "the field the game ended on");
    assert_eq!(app.text("#bb-score").await, shown_score);
    app.click("#watch-previous").await;
    app.wait_for("a step back", "return document.querySelector('.screen-watch').dataset.atEnd === 'false'").await;
    app.click("#watch-next").await;
    wait_for_end(&app).await;
    app.wait_for("the pop animated", "return Number(document.querySelector('.bb-board').dataset.animated) >= 1").await;
    app.wait_for(
        "the pop told",
        "return /^Move \\d+ of \\d+: popped \\d+ /.test(document.querySelector('#announcer').textContent)",
    )
    .await;
    assert_eq!(board(&app, ".bb-cell").await, ended);
    picture(&app, "watch-bubbles-end").await;
    app.quit().await;
}

/// The watch view tells a pop's points as the rules scored it (its effects), never by a formula
/// of its own: in the classic scoring a group of n earns (n-2)², not the original's n(n-1).
#[tokio::test(flavor = "current_thread")]
async fn a_classic_bubble_breaker_pop_is_told_with_the_points_it_earned() {
    const SEED: u64 = 3;
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(SEED)).await;
    let params = BubbleParams::sized(Style::Standard, 11, 11, 5, Scoring::Classic);
    app.invoke("new_game", json!({"game": "bubbles", "params": params})).await.unwrap();
    let mut twin = Bubbles::new(&params, SEED).unwrap();
    let mut first = None;
    while let Some((x, y)) = largest_group(&twin) {
        let (_, effects) = twin.apply_with_effects(&BubbleMove::Pop { x: x as i64, y: y as i64 }).unwrap();
        first.get_or_insert(effects);
        app.invoke("play", json!({"game": "bubbles", "move": {"action": "pop", "x": x, "y": y}})).await.unwrap();
    }
    let first = first.expect("a first pop");
    let count = first.popped.len() as i64;
    assert!(count >= 3, "a pop where the two scorings differ: {count} balls");
    assert_eq!(first.points, (count - 2).pow(2));
    watch_newest_from_the_history(&app).await;
    app.click("#watch-next").await;
    let told = app
        .wait_for(
            "the first pop told",
            "const said = document.querySelector('#announcer').textContent; return said.startsWith('Move 1 of ') && said",
        )
        .await;
    let told = told.as_str().unwrap();
    assert!(told.contains(&format!("popped {count} ")) && told.ends_with(&format!(", +{}", first.points)), "{told}");
    app.quit().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_gomoku_game_is_watched_stone_by_stone_from_the_keyboard() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    app.invoke("new_game", json!({"game": "gomoku", "params": {"opponent": "human"}})).await.unwrap();
    // Black along row 7 from D8 to H8, white under it.
    for (x, y) in [(3, 7), (3, 8), (4, 7), (4, 8), (5, 7), (5, 8), (6, 7), (6, 8), (7, 7)] {
        app.invoke("play", json!({"game": "gomoku", "move": {"x": x, "y": y}})).await.unwrap();
    }
    app.click("#open-gomoku").await;
    app.wait_for("the result", "return !document.querySelector('#gm-result').hidden").await;
    let ended = board(&app, ".gm-point").await;
    app.click("#gm-home").await;

    watch_newest_from_the_history(&app).await;
    // Two players: the history and the line above the board say whose five it was.
    assert!(app.text("#watch-about").await.starts_with("Black won · "));
    app.wait_for("an empty board", "return document.querySelectorAll('.gm-point.black, .gm-point.white').length === 0")
        .await;
    // The keys: End, Left twice, Right, then Space plays the last move at 2x.
    app.keys("\u{E010}").await; // End
    wait_for_end(&app).await;
    assert_eq!(board(&app, ".gm-point").await, ended, "the stones the game ended with");
    let winners =
        run(&app, "return [...document.querySelectorAll('.gm-point.win')].map(p => p.dataset.x + ',' + p.dataset.y)")
            .await;
    assert_eq!(winners, json!(["3,7", "4,7", "5,7", "6,7", "7,7"]));
    app.keys("\u{E012}\u{E012}").await; // Left, Left
    app.wait_for("move 7", "return document.querySelector('.screen-watch').dataset.index === '7'").await;
    app.wait_for(
        "the stones of move 7",
        "return document.querySelectorAll('.gm-point.black, .gm-point.white').length === 7",
    )
    .await;
    app.keys("\u{E014}").await; // Right
    app.wait_for("move 8 told", "return document.querySelector('#announcer').textContent === 'Move 8 of 9: White G7'")
        .await;
    // Another language draws the view again at the same move.
    app.invoke("set_setting", json!({"key": "language", "value": "cs"})).await.unwrap();
    app.wait_for("Czech", "return document.body.dataset.language === 'cs'").await;
    app.wait_for("move 8 again", "return document.querySelector('.screen-watch')?.dataset.index === '8'").await;
    app.invoke("set_setting", json!({"key": "language", "value": "en"})).await.unwrap();
    app.wait_for("English", "return document.body.dataset.language === 'en'").await;
    app.wait_for("move 8 still", "return document.querySelector('.screen-watch')?.dataset.index === '8'").await;
    app.keys("2 ").await;
    wait_for_end(&app).await;
    assert_eq!(board(&app, ".gm-point").await, ended);
    app.wait_for(
        "the last stone told",
        "return document.querySelector('#announcer').textContent === 'Move 9 of 9: Black H8'",
    )
    .await;
    assert_eq!(
        run(&app, "return document.querySelector('#watch-speed-2').getAttribute('aria-pressed')").await,
        json!("true")
    );
    picture(&app, "watch-gomoku-end").await;
    back_to_the_history(&app).await;
    assert_eq!(app.text("#hist-rows tr[data-id]:first-child .hist-result").await, "Black won");

    // In Czech the bar over the board is longer ("Přehrávání – Piškvorky: Volný styl, dva hráči",
    // "Analyzovat odsud", the speeds): the window widens to hold it in one row.
    app.invoke("set_setting", json!({"key": "language", "value": "cs"})).await.unwrap();
    app.wait_for("Czech", "return document.body.dataset.language === 'cs'").await;
    app.wait_for("the history's rows", "return document.querySelector('#hist-rows tr[data-id] .watch-record')").await;
    app.click("#hist-rows tr[data-id]:first-child .watch-record").await;
    app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
    app.wait_still("#watch-title").await;
    assert!(app.fits_across(".screen-watch .toolbar").await, "the bar over the board overflows in Czech");
    assert!(app.text("#watch-about").await.starts_with("Černý vyhrál · "));
    app.quit().await;
}
