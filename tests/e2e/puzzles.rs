//! Gomoku's puzzles in the real webview: the puzzle of the day opened from the home card and
//! solved by clicks on the board, the engine answering each move with the line's defence, the
//! streak and the card then saying it is done; a wrong move answered with its refutation,
//! taken back by Try again; the Puzzles screen reached from Gomoku, its filters picking a
//! Renju puzzle.

use crate::gomoku::{open_gomoku, picture, point};
use crate::harness::App;
use pastimes_games::gomoku::puzzles::{set, shipped, Puzzle};
use pastimes_games::gomoku::Point;
use serde_json::json;

const GRID: &str = "#pz-grid";

fn puzzle_of(id: &str) -> &'static Puzzle {
    shipped().unwrap().iter().find(|p| p.id == id).expect("a puzzle of the set")
}

fn board_point(p: Point) -> String {
    format!("{GRID} {}", point(p.x, p.y))
}

async fn wait_stones(app: &App, n: usize) {
    let script = format!(
        "return document.querySelectorAll('{GRID} .gm-point.black, {GRID} .gm-point.white').length === {n} \
         && !document.querySelector('.screen-gomoku-puzzles').dataset.busy"
    );
    app.wait_for(&format!("{n} stones on the puzzle board"), &script).await;
}

async fn text(app: &App, css: &str) -> String {
    let script = format!("return document.querySelector('{css}').textContent");
    app.client.execute(&script, vec![]).await.unwrap().as_str().unwrap().to_string()
}

/// A legal point beside the solution's first move: not the solution.
fn wrong_point(puzzle: &Puzzle) -> Point {
    let mut game = set::start(puzzle.rule);
    for &p in &puzzle.stones {
        game.play(p.into()).unwrap();
    }
    let first = puzzle.line[0];
    [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]
        .into_iter()
        .filter_map(|(dx, dy)| {
            pastimes_games::gomoku::BoardSize::Fifteen.point(i64::from(first.x) + dx, i64::from(first.y) + dy)
        })
        .find(|&p| game.clone().play(p.into()).is_ok())
        .unwrap()
}

#[tokio::test(flavor = "current_thread")]
async fn the_puzzle_of_the_day_is_solved_and_a_wrong_move_is_refuted() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    let card = "#daily-puzzle-gomoku";
    app.wait_for("the puzzle card", &format!("return document.querySelector('{card}')")).await;
    assert_eq!(text(&app, &format!("{card} .daily-state")).await, "Today's: not played yet");
    app.click(card).await;
    app.wait_for(
        "today's puzzle",
        "return document.querySelector('.screen-gomoku-puzzles')?.dataset.phase === 'solving'",
    )
    .await;
    let id = app.wait_for("its id", "return document.querySelector('.screen-gomoku-puzzles').dataset.puzzle").await;
    let list = app.invoke("puzzles", json!({"game": "gomoku"})).await.unwrap();
    assert_eq!(id, list["today"]["id"], "the day's puzzle");
    let puzzle = puzzle_of(id.as_str().unwrap());
    let start = puzzle.stones.len();
    wait_stones(&app, start).await;
    assert!(app.wait_for("the tag", "return !document.querySelector('#pz-daily-tag').hidden").await.as_bool().unwrap());
    picture(&app, "puzzle-of-the-day").await;

    // A wrong move: the engine's refutation on the board, then Try again takes both back.
    app.click(&board_point(wrong_point(puzzle))).await;
    app.wait_for(
        "the refutation",
        "return document.querySelector('.screen-gomoku-puzzles').dataset.phase === 'refuted'",
    )
    .await;
    wait_stones(&app, start + 2).await;
    let said = text(&app, "#pz-feedback").await;
    assert!(said.contains("does not win") && said.contains("answers"), "{said}");
    picture(&app, "puzzle-refuted").await;
    app.click("#pz-retry").await;
    wait_stones(&app, start).await;
    app.wait_for(
        "solving again",
        "return document.querySelector('.screen-gomoku-puzzles').dataset.phase === 'solving'",
    )
    .await;

    // The line's moves, each answered by the line's defence, to the five.
    for (i, pair) in puzzle.line.chunks(2).enumerate() {
        app.click(&board_point(pair[0])).await;
        wait_stones(&app, start + 2 * i + pair.len()).await;
    }
    app.wait_for("solved", "return document.querySelector('.screen-gomoku-puzzles').dataset.phase === 'solved'").await;
    assert_eq!(text(&app, "#pz-feedback").await, "Solved, with help: the streak starts again.");
    assert_eq!(text(&app, "#pz-record").await, format!("Solved: 1 of {}", list["puzzles"].as_array().unwrap().len()));
    picture(&app, "puzzle-solved").await;
    app.click("#pz-back").await;
    app.wait_for("home", "return document.querySelector('.screen-home')").await;
    let done = format!("return document.querySelector('{card}')?.dataset.done");
    assert_eq!(app.wait_for("the card says done", &done).await, json!("true"));
    app.wait_still(card).await;
    picture(&app, "puzzle-home-card").await;
    let history = app.invoke("history", json!({})).await.unwrap();
    assert_eq!(history["rows"].as_array().unwrap().len(), 0, "a puzzle is never a game of the history");
}

#[tokio::test(flavor = "current_thread")]
async fn the_puzzles_open_from_gomoku_and_the_filters_pick_a_renju_puzzle() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    open_gomoku(&app).await;
    app.click("#gm-puzzles").await;
    app.wait_for("a puzzle", "return document.querySelector('.screen-gomoku-puzzles')?.dataset.phase === 'solving'")
        .await;
    app.client
        .execute(
            "const rule = document.querySelector('#pz-rule'); rule.value = 'renju'; rule.dispatchEvent(new Event('change'));",
            vec![],
        )
        .await
        .unwrap();
    let renju = "const id = document.querySelector('.screen-gomoku-puzzles').dataset.puzzle;
                 return document.querySelector('#pz-heading').textContent.includes('Renju') && id";
    let id = app.wait_for("a Renju puzzle", renju).await;
    let puzzle = puzzle_of(id.as_str().unwrap());
    wait_stones(&app, puzzle.stones.len()).await;
    picture(&app, "puzzle-renju").await;
    // Show the solution steps through the line.
    app.click("#pz-solution").await;
    wait_stones(&app, puzzle.stones.len() + 1).await;
    assert_eq!(text(&app, "#pz-feedback").await, "The solution, move 1.");
    app.click("#pz-back").await;
    app.wait_for("the game", "return document.querySelector('.screen-gomoku')").await;
}

/// The puzzle of the day as Gomoku's daily offer: solved cleanly at the first attempt from the
/// home card, the card says solved with the streak, the hall's daily tab lists the day, solved,
/// with its time, and Gomoku's statistics count the day; a second attempt is practice.
#[tokio::test(flavor = "current_thread")]
async fn the_puzzle_of_the_day_solved_first_is_the_days_entry_in_the_hall() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(1)).await;
    let card = "#daily-puzzle-gomoku";
    app.wait_for("the puzzle card", &format!("return document.querySelector('{card}')")).await;
    app.click(card).await;
    let screen = ".screen-gomoku-puzzles";
    app.wait_for("today's puzzle", &format!("return document.querySelector('{screen}')?.dataset.phase === 'solving'"))
        .await;
    let id = app.wait_for("its id", &format!("return document.querySelector('{screen}').dataset.puzzle")).await;
    let puzzle = puzzle_of(id.as_str().unwrap());
    let start = puzzle.stones.len();
    wait_stones(&app, start).await;
    assert_eq!(text(&app, "#pz-daily-tag").await, "Today's puzzle: your first move counts");
    for (i, pair) in puzzle.line.chunks(2).enumerate() {
        app.click(&board_point(pair[0])).await;
        wait_stones(&app, start + 2 * i + pair.len()).await;
        if i == 0 {
            assert_eq!(text(&app, "#pz-daily-tag").await, "Today's puzzle: this attempt counts");
        }
    }
    app.wait_for("solved", &format!("return document.querySelector('{screen}').dataset.phase === 'solved'")).await;
    picture(&app, "puzzle-day-solved").await;

    app.click("#pz-back").await;
    let solved = format!("return document.querySelector('{card}')?.dataset.state === 'solved'");
    app.wait_for("the card says solved", &solved).await;
    assert_eq!(text(&app, &format!("{card} .daily-state")).await, "Today's: solved ✓");
    assert_eq!(text(&app, &format!("{card} .daily-streak")).await, "Solved in a row: 1");
    app.wait_still(card).await;
    picture(&app, "puzzle-day-card").await;

    // The day in the hall's daily tab: solved, with a time, first of all days.
    app.click("#hall-button").await;
    app.wait_for("the hall's tabs", "return document.querySelector('#hall-tab-daily')").await;
    app.click("#hall-tab-daily").await;
    let today = "#hall-daily-gomoku [data-daily=days] tr[aria-current=date]";
    app.wait_for("today's row", &format!("return document.querySelector('{today}')")).await;
    assert_eq!(app.text(&format!("{today} .daily-state")).await, "Solved");
    assert!(app.text(&format!("{today} .daily-figure")).await.ends_with(" s"));
    assert_eq!(app.text(&format!("{today} .daily-place")).await, "1");
    assert!(app.text("#hall-daily-gomoku-title").await.contains("Puzzle of the day"));
    app.client.execute("document.querySelector('#hall-daily-gomoku').scrollIntoView()", vec![]).await.unwrap();
    picture(&app, "puzzle-day-hall").await;

    // Gomoku's statistics count the day; the puzzle again is practice.
    app.click("#hall-home").await;
    open_gomoku(&app).await;
    app.click("#gm-stats").await;
    let days = "return document.querySelector('#stats-dialog[open] [data-stat=daily-won] td')?.textContent";
    assert_eq!(app.wait_for("the days solved in a row", days).await, json!("1"));
    picture(&app, "puzzle-day-statistics").await;
    app.click("#stats-dialog button[value=ok]").await;
    app.click("#gm-puzzles").await;
    app.client.execute("document.querySelector('#pz-daily').click()", vec![]).await.unwrap();
    let practice = "return document.querySelector('#pz-daily-tag')?.dataset.count === 'practice'";
    app.wait_for("practice", practice).await;
    app.quit().await;
}
