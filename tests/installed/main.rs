//! The installed package, end to end: the program the .deb put on the system (not the one cargo
//! built) started under Xvfb as the desktop's launcher would, with no data dir given, and one
//! move of each registered game played through the same WebDriver harness as the e2e suite.
//!
//! Ignored in a plain `cargo test`: it needs the package installed. `scripts/check-package.sh`
//! builds and installs the .deb, then runs it with `--ignored`, telling it where the binary is
//! (`PASTIMES_INSTALLED_BIN`, default /usr/bin/pastimes) and which `XDG_DATA_HOME` to use
//! (`PASTIMES_CHECK_DATA_HOME`, default a temporary folder).

#[path = "../e2e/harness.rs"]
#[allow(dead_code)]
mod harness;

use fantoccini::Locator;
use harness::App;
use serde_json::json;
use std::path::PathBuf;

/// Waits until the page has painted what it shows (two animation frames), then takes a picture.
async fn picture(app: &App, name: &str) {
    let script = "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));";
    let _ = app.client.execute_async(script, vec![]).await;
    let path = app.screenshot(name).await;
    println!("screenshot: {}", path.display());
}

/// The moves of the game `id` under way, as the backend counts them.
async fn move_count(app: &App, id: &str) -> u64 {
    let snapshot = app.invoke("snapshot", json!({ "game": id })).await.unwrap();
    snapshot["moveCount"].as_u64().unwrap_or(0)
}

/// Opens the game `id` from its home card and plays one move as someone new to it would: a
/// board cell clicked twice (Bubble Breaker selects, then pops), then the next cell, until the
/// game takes a move; then back home.
async fn play_one_move(app: &App, id: &str) {
    app.click(&format!("#open-{id}")).await;
    let cells = format!(".screen-{id} [role='gridcell']");
    app.wait_for(&format!("{id}'s board"), &format!("return document.querySelectorAll({cells:?}).length > 0")).await;
    app.wait_for(
        &format!("{id}'s game"),
        &format!("return document.querySelector('.screen-{id}')?.dataset.status === 'playing'"),
    )
    .await;
    let before = move_count(app, id).await;
    let count = app.client.find_all(Locator::Css(&cells)).await.unwrap().len();
    let mut played = false;
    'cells: for index in 0..count {
        for _ in 0..2 {
            // Found again for each click: a move may draw the board anew.
            let cell = app.client.find_all(Locator::Css(&cells)).await.unwrap().swap_remove(index);
            cell.click().await.unwrap();
            if move_count(app, id).await > before {
                played = true;
                break 'cells;
            }
        }
    }
    assert!(played, "no click on {id}'s board made a move");
    picture(app, &format!("installed-{id}")).await;
    app.click(&format!(".screen-{id} button[id$='-home']")).await;
}

#[tokio::test(flavor = "current_thread")]
#[ignore = "needs the installed package: run by scripts/check-package.sh"]
async fn the_installed_app_plays_each_game_and_keeps_them_in_the_user_data_dir() {
    let binary = std::env::var_os("PASTIMES_INSTALLED_BIN").map_or_else(|| "/usr/bin/pastimes".into(), PathBuf::from);
    assert!(binary.is_file(), "{} is not installed", binary.display());
    let temporary = tempfile::tempdir().unwrap();
    let data_home = std::env::var_os("PASTIMES_CHECK_DATA_HOME").map_or_else(|| temporary.path().into(), PathBuf::from);

    let app = App::launch_installed(&binary, &data_home, Some(7)).await;
    assert_eq!(app.client.title().await.unwrap(), "Pastimes");
    let names = app
        .wait_for(
            "the game cards",
            "return [...document.querySelectorAll('.game-card-name')].map(n => n.textContent).join('|')",
        )
        .await;
    println!("home screen lists: {names}");
    picture(&app, "installed-home").await;
    let games: Vec<&str> = pastimes_games::GameKind::all().map(|kind| kind.as_str()).collect();
    for id in &games {
        play_one_move(&app, id).await;
    }
    app.quit().await;

    // What the player's data dir holds: the database with the three games in progress.
    let database = data_home.join("org.pastimes.Pastimes/pastimes.sqlite3");
    assert!(database.is_file(), "no {}", database.display());
    let connection = rusqlite::Connection::open(&database).unwrap();
    let mut statement = connection.prepare("SELECT game, moves FROM saved_games ORDER BY game").unwrap();
    let saved: Vec<(String, String)> =
        statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?))).unwrap().map(Result::unwrap).collect();
    println!("saved games: {saved:?}");
    let mut expected = games.clone();
    expected.sort_unstable();
    let saved_games: Vec<&str> = saved.iter().map(|(game, _)| game.as_str()).collect();
    assert_eq!(saved_games, expected, "each game played is saved");
    for (game, moves) in &saved {
        assert!(moves.len() > 2, "{game} was saved with no move: {moves}");
    }
}
