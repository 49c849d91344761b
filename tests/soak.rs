//! The crash soak: the real app under Xvfb plays random moves of every registered game over WebDriver
//! and is killed with SIGKILL at random moments, 50 times (`PASTIMES_SOAK_KILLS`), from one seed
//! (`PASTIMES_SOAK_SEED`). After each kill the database passes `PRAGMA integrity_check`, holds
//! every finished game whose answer reached the page, and each unfinished game resumes at its
//! last acknowledged move (or one further, when the kill came while a move was on its way).
//! Run alone, as .ci/run does: `cargo test -p pastimes --test soak` under xvfb-run.

#[allow(dead_code)]
#[path = "e2e/harness.rs"]
mod harness;

use harness::App;
use pastimes_games::{AnyGame, GameKind};
use rand::{Rng, SeedableRng};
use rusqlite::{Connection, OpenFlags};
use serde_json::{json, Value};
use std::path::Path;
use std::time::Duration;

/// A game of each registered kind dealt with its defaults, as the soak starts them: what its
/// board's moves are (any move its notation can name; the game refuses what it must).
fn boards() -> Vec<Box<dyn AnyGame>> {
    GameKind::all().map(|kind| (kind.info().new_game)(&kind.info().default_params(), 0).unwrap()).collect()
}

/// What the page was last told about one game, and the command on its way when the kill came.
#[derive(Clone, Debug, Default)]
struct Known {
    /// The move count of the game in progress, or `None` when it finished (or never started).
    moves: Option<u64>,
    in_flight: Option<&'static str>,
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn random_move(board: &dyn AnyGame, rng: &mut impl Rng) -> Value {
    board.code_move(rng.random_range(0..board.move_codes())).expect("a code of the board")
}

/// Plays until cancelled, noting every answer; `finished` counts the games whose end the page saw.
async fn play(app: &App, rng: &mut rand::rngs::StdRng, known: &mut [Known], finished: &mut u64) {
    let boards = boards();
    loop {
        let index = rng.random_range(0..boards.len());
        let board = boards[index].as_ref();
        let game = board.kind().as_str();
        let command = if known[index].moves.is_none() || rng.random_bool(0.02) { "new_game" } else { "play" };
        let args = match command {
            "new_game" => json!({"game": game, "params": board.kind().info().default_params()}),
            _ => json!({"game": game, "move": random_move(board, rng)}),
        };
        known[index].in_flight = Some(command);
        let answer = app.invoke(command, args).await;
        known[index].in_flight = None;
        let Ok(snapshot) = answer else { continue };
        if snapshot["status"] == "playing" {
            known[index].moves = snapshot["moveCount"].as_u64();
        } else {
            known[index].moves = None;
            if !snapshot["record"].is_null() {
                *finished += 1;
            }
        }
    }
}

fn check_database(path: &Path, finished: u64, round: u64) {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let check: String = conn.query_row("PRAGMA integrity_check", [], |row| row.get(0)).unwrap();
    assert_eq!(check, "ok", "after kill {round}");
    let stored: i64 = conn.query_row("SELECT COUNT(*) FROM finished_games", [], |row| row.get(0)).unwrap();
    let stored = stored as u64;
    assert!(stored >= finished, "after kill {round}: {stored} games stored, the page saw {finished} finish");
}

async fn check_resumed(app: &App, known: &mut [Known], round: u64) {
    for (index, game) in GameKind::all().map(GameKind::as_str).enumerate() {
        let snapshot = app.invoke("snapshot", json!({"game": game})).await.unwrap();
        let resumed = (snapshot["status"] == "playing").then(|| snapshot["moveCount"].as_u64().unwrap());
        let expected = &known[index];
        let fine = match expected.in_flight {
            None => resumed == expected.moves,
            // A move on its way may have been saved (or finished the game) before the kill.
            Some("play") => resumed == expected.moves || resumed == expected.moves.map(|n| n + 1) || resumed.is_none(),
            // A new game on its way may have been dealt.
            _ => resumed == expected.moves || resumed == Some(0),
        };
        assert!(fine, "after kill {round}: {game} resumed at {resumed:?}, the page last saw {expected:?}");
        known[index] = Known { moves: resumed, in_flight: None };
        if resumed.is_some() {
            app.invoke("resume", json!({"game": game})).await.unwrap();
        }
    }
}

#[tokio::test(flavor = "current_thread")]
async fn killed_fifty_times_at_random_no_acknowledged_game_or_move_is_lost() {
    let kills = env_number("PASTIMES_SOAK_KILLS", 50);
    let seed = env_number("PASTIMES_SOAK_SEED", 2026);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let data = tempfile::tempdir().unwrap();
    let database = data.path().join("pastimes.sqlite3");
    let mut known = vec![Known::default(); GameKind::all().count()];
    let mut finished = 0;
    let started = std::time::Instant::now();
    for round in 1..=kills {
        let app = App::launch(data.path(), None).await;
        check_resumed(&app, &mut known, round - 1).await;
        let life = Duration::from_millis(rng.random_range(100..1500));
        tokio::select! {
            () = play(&app, &mut rng, &mut known, &mut finished) => {}
            () = tokio::time::sleep(life) => {}
        }
        app.crash().await;
        // Every finished game the page saw is stored (and perhaps one on its way at the kill).
        check_database(&database, finished, round);
    }
    eprintln!("soak: {kills} kills in {:.0} s, {finished} finished games seen", started.elapsed().as_secs_f64());
}
