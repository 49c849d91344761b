//! The installed package, end to end: the program the .deb put on the system (not the one cargo
//! built) started under Xvfb as the desktop's launcher would, with no data dir given, and one
//! move of each game played through the same WebDriver harness as the e2e suite.
//!
//! Ignored in a plain `cargo test`: it needs the package installed. `scripts/check-package.sh`
//! builds and installs the .deb, then runs it with `--ignored`, telling it where the binary is
//! (`PASTIMES_INSTALLED_BIN`, default /usr/bin/pastimes) and which `XDG_DATA_HOME` to use
//! (`PASTIMES_CHECK_DATA_HOME`, default a temporary folder).

#[path = "../e2e/harness.rs"]
#[allow(dead_code)]
mod harness;

use harness::App;
use std::path::PathBuf;

async fn count(app: &App, css: &str) -> u64 {
    let script = format!("return document.querySelectorAll({css:?}).length");
    app.client.execute(&script, vec![]).await.unwrap().as_u64().unwrap()
}

/// Waits until the page has painted what it shows (two animation frames), then takes a picture.
async fn picture(app: &App, name: &str) {
    let script = "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));";
    let _ = app.client.execute_async(script, vec![]).await;
    let path = app.screenshot(name).await;
    println!("screenshot: {}", path.display());
}

async fn minesweeper(app: &App) {
    app.click("#open-minesweeper").await;
    app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length > 0").await;
    app.choose("#level-beginner").await;
    app.wait_for("the beginner field", "return document.querySelectorAll('.ms-cell').length === 81").await;
    app.click(".ms-cell[data-x='4'][data-y='4']").await;
    app.wait_for("cells to open", "return document.querySelectorAll('.ms-cell.open').length > 0").await;
    picture(app, "installed-minesweeper").await;
    app.click("#ms-home").await;
}

async fn bubbles(app: &App) {
    app.click("#open-bubbles").await;
    app.wait_for("the field", "return document.querySelectorAll('.bb-cell').length === 121").await;
    // A ball with a right or lower neighbour of its colour, read from the page: any style will do.
    let script = "const names = ['red', 'green', 'yellow', 'blue', 'purple'];
        const colour = (c) => c && names.find((n) => c.classList.contains(n));
        const at = (x, y) => document.querySelector(`.bb-cell[data-x='${x}'][data-y='${y}']`);
        for (const cell of document.querySelectorAll('.bb-cell')) {
          const [x, y] = [Number(cell.dataset.x), Number(cell.dataset.y)];
          const mine = colour(cell);
          if (mine && (colour(at(x + 1, y)) === mine || colour(at(x, y + 1)) === mine)) return [x, y];
        }
        return null;";
    let found = app.wait_for("a group of two or more balls", script).await;
    let (x, y) = (found[0].as_u64().unwrap(), found[1].as_u64().unwrap());
    let cell = format!(".bb-cell[data-x='{x}'][data-y='{y}']");
    assert_eq!(count(app, ".bb-cell.empty").await, 0, "a new field is full");
    app.click(&cell).await;
    picture(app, "installed-bubbles-selected").await;
    app.click(&cell).await;
    app.wait_for("the group to pop", "return document.querySelectorAll('.bb-cell.empty').length >= 2").await;
    picture(app, "installed-bubbles").await;
    app.click("#bb-home").await;
}

async fn gomoku(app: &App) {
    app.click("#open-gomoku").await;
    app.wait_for("the board", "return document.querySelectorAll('.gm-point').length === 225").await;
    app.wait_for("the game", "return document.querySelector('.screen-gomoku')?.dataset.status === 'playing'").await;
    app.click(".gm-point[data-x='7'][data-y='7']").await;
    app.wait_for(
        "the stone on H8",
        "const p = document.querySelector(\".gm-point[data-x='7'][data-y='7']\");
         return p.classList.contains('black') || p.classList.contains('white')",
    )
    .await;
    picture(app, "installed-gomoku").await;
    app.click("#gm-home").await;
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
    minesweeper(&app).await;
    bubbles(&app).await;
    gomoku(&app).await;
    app.quit().await;

    // What the player's data dir holds: the database with the three games in progress.
    let database = data_home.join("org.pastimes.Pastimes/pastimes.sqlite3");
    assert!(database.is_file(), "no {}", database.display());
    let connection = rusqlite::Connection::open(&database).unwrap();
    let mut statement = connection.prepare("SELECT game, moves FROM saved_games ORDER BY game").unwrap();
    let saved: Vec<(String, String)> =
        statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?))).unwrap().map(Result::unwrap).collect();
    println!("saved games: {saved:?}");
    let games: Vec<&str> = saved.iter().map(|(game, _)| game.as_str()).collect();
    assert_eq!(games, ["bubbles", "gomoku", "minesweeper"], "each game played is saved");
    for (game, moves) in &saved {
        assert!(moves.len() > 2, "{game} was saved with no move: {moves}");
    }
}
