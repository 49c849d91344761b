//! Writes a corpus of games as this Pastimes records them: one record file per finished game
//! (`NN-game-category-result.txt`, the file *Export* writes) with the game's final view beside
//! it (`.view.json`), and the store file that holds them all plus a game in progress of each
//! game (`store.sqlite3`).
//!
//! ```sh
//! cargo run --example record_corpus -- OUT_DIR
//! cargo run --example record_corpus --features test-game -- OUT_DIR --test-game
//! ```
//!
//! The second writes only the test build's fourth game's finished games (Lights Out), which only
//! a test build can replay: `tests/fixtures/records/test-game/`.
//!
//! The committed corpus (`tests/fixtures/records/`, replayed by `tests/corpus.rs`) was written by
//! this program. It is never written again over old files to make a test pass: a later Pastimes
//! that deals differently or stores differently adds a new folder beside the old ones.
//!
//! Every game kind, level, custom size, style, rule, opponent and opening is played, to a win,
//! a loss or (Bubble Breaker) its end, some with undo and hints, some replays. Boards come from
//! fixed seeds and the clock is moved by hand, so two runs write the same games (the finishing
//! dates aside).

use pastimes_games::GameKind;
use pastimes_lib::play::clock::{ManualTime, Time};
use pastimes_lib::state::{AppState, Config, Runtime};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

type Job = Box<dyn FnOnce() + Send>;

/// The app on the corpus's data folder, its clock moved by hand, the computer's searches (and the
/// finished games' analyses) run when [`App::settle`] says so.
struct App {
    state: Arc<AppState>,
    jobs: Arc<Mutex<Vec<Job>>>,
    hand: Arc<ManualTime>,
}

impl App {
    fn open(dir: &Path, seed: u64) -> App {
        let hand = Arc::new(ManualTime::default());
        let time: Time = hand.clone();
        let jobs: Arc<Mutex<Vec<Job>>> = Arc::default();
        let queue = Arc::clone(&jobs);
        let worker = Arc::new(move |job: Job| queue.lock().unwrap().push(job));
        let config = Config { data_dir: dir.to_path_buf(), fixed_seed: Some(seed) };
        App { state: Arc::new(AppState::open_on(config, Runtime { time, worker, ..Runtime::system() })), jobs, hand }
    }

    /// Runs every search started, and the ones they start, until none is left.
    fn settle(&self) {
        loop {
            let jobs: Vec<Job> = self.jobs.lock().unwrap().drain(..).collect();
            if jobs.is_empty() {
                return;
            }
            jobs.into_iter().for_each(|job| job());
        }
    }

    fn snapshot(&self, kind: GameKind) -> Value {
        self.settle();
        serde_json::to_value(self.state.snapshot(kind).unwrap()).unwrap()
    }

    fn start(&self, kind: GameKind, params: Value) -> Value {
        self.state.new_game(kind, params).unwrap();
        self.snapshot(kind)
    }

    /// Plays `mv` after a think of `ms`; whether the game took it as a move.
    fn play(&self, kind: GameKind, mv: Value, ms: u64) -> bool {
        self.hand.advance(Duration::from_millis(ms));
        let played = self.state.play(kind, mv).is_ok();
        self.settle();
        played
    }

    /// Tries `mv` with the clock as it is: whether the game took it.
    fn try_play(&self, kind: GameKind, mv: Value) -> bool {
        let played = self.state.play(kind, mv).is_ok();
        self.settle();
        played
    }

    fn hint(&self, kind: GameKind) {
        self.state.hint(kind).unwrap();
    }
}

/// What the corpus holds so far: each finished game's id and final view.
#[derive(Default)]
struct Corpus {
    finished: Vec<(i64, Value)>,
}

impl Corpus {
    /// Notes the game of `kind` just finished.
    fn finished(&mut self, app: &App, kind: GameKind) {
        let snapshot = app.snapshot(kind);
        assert_ne!(snapshot["status"], "playing", "{snapshot}");
        let id = snapshot["record"]["id"].as_i64().expect("the finished game is recorded");
        self.finished.push((id, snapshot["view"].clone()));
    }

    fn write(&self, app: &App, out: &Path) {
        for (number, (id, view)) in self.finished.iter().enumerate() {
            let (text, _) = app.state.export_record(*id).unwrap();
            let header = |key: &str| {
                let line = text.lines().find(|line| line.starts_with(&format!("{key}: "))).unwrap_or_default();
                line[key.len() + 2..].to_string()
            };
            let category: String =
                header("category").chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
            let name = format!("{:02}-{}-{category}-{}", number + 1, header("game"), header("result"));
            std::fs::write(out.join(format!("{name}.txt")), &text).unwrap();
            std::fs::write(out.join(format!("{name}.view.json")), serde_json::to_string_pretty(view).unwrap() + "\n")
                .unwrap();
        }
    }
}

fn minesweeper(corpus: &mut Corpus, dir: &Path) {
    let kind = pastimes_games::minesweeper::KIND;
    let games = [
        (json!({"level": "beginner"}), "won", false),
        (json!({"level": "beginner", "noGuess": true, "questionMarks": false}), "won", true),
        (json!({"level": "intermediate"}), "lost", false),
        (json!({"level": "intermediate", "noGuess": true}), "won", false),
        (json!({"level": "expert"}), "won", false),
        (json!({"level": "expert", "noGuess": true}), "lost", false),
        (json!({"level": "custom", "width": 12, "height": 10, "mines": 20, "firstClick": "safe"}), "won", false),
        (json!({"level": "custom", "width": 20, "height": 12, "mines": 40, "noGuess": true}), "won", true),
    ];
    for (index, (params, result, hint)) in games.into_iter().enumerate() {
        let seed = 100 + index as u64;
        let app = App::open(dir, seed);
        app.start(kind, params.clone());
        let first = if params["firstClick"] == "safe" { (0, 0) } else { (3, 3) };
        let typed: pastimes_games::minesweeper::Params = serde_json::from_value(params.clone()).unwrap();
        let mines = pastimes_games::minesweeper::mine_layout(&typed, seed, first);
        let open = |x: usize, y: usize| json!({"action": "open", "x": x, "y": y});
        assert!(app.play(kind, open(first.0, first.1), 1_200));
        if result == "lost" {
            let (x, y) = mines[mines.len() / 2];
            assert!(app.play(kind, json!({"action": "mark", "x": x, "y": y}), 800), "a flag");
            assert!(app.play(kind, json!({"action": "mark", "x": x, "y": y}), 300), "a question mark");
            assert!(app.play(kind, open(x, y), 900), "a mine");
            corpus.finished(&app, kind);
            // Try again: the same board, won this time (a replay, which never ranks).
            app.state.replay(kind).unwrap();
            clear(&app, kind, &mines, false);
        } else {
            clear(&app, kind, &mines, hint);
        }
        corpus.finished(&app, kind);
    }
}

/// Opens every safe cell of the board whose mines are `mines`, flagging the first mine and
/// chording beside it on the way; asks for a hint first if `hint`.
fn clear(app: &App, kind: GameKind, mines: &[(usize, usize)], hint: bool) {
    if hint {
        app.hint(kind);
    }
    let (mx, my) = mines[0];
    app.play(kind, json!({"action": "mark", "x": mx, "y": my}), 700);
    let (mut chorded, mut step) = (false, 0);
    loop {
        let view = app.snapshot(kind)["view"].clone();
        if view["status"] != "playing" {
            return;
        }
        let width = view["width"].as_u64().unwrap() as usize;
        let cells = view["cells"].as_str().unwrap().as_bytes().to_vec();
        let hidden = |x: usize, y: usize| cells[y * width + x] == b'.';
        let neighbour = (mx.saturating_sub(1)..=mx + 1)
            .flat_map(|x| (my.saturating_sub(1)..=my + 1).map(move |y| (x, y)))
            .find(|&(x, y)| x < width && y * width + x < cells.len() && cells[y * width + x].is_ascii_digit());
        if let (false, Some((x, y))) = (chorded, neighbour) {
            chorded = true;
            app.play(kind, json!({"action": "chord", "x": x, "y": y}), 1_100);
            continue;
        }
        let next = (0..cells.len())
            .map(|c| (c % width, c / width))
            .find(|&(x, y)| hidden(x, y) && !mines.contains(&(x, y)))
            .expect("a safe cell is left while playing");
        step += 1;
        assert!(app.play(kind, json!({"action": "open", "x": next.0, "y": next.1}), 400 + step % 7 * 150));
    }
}

fn bubbles(corpus: &mut Corpus, dir: &Path) {
    let kind = pastimes_games::bubbles::KIND;
    for (index, style) in ["standard", "continuous", "shifter", "megashift"].into_iter().enumerate() {
        let app = App::open(dir, 200 + index as u64);
        app.start(kind, json!({"style": style}));
        let mut pops = 0;
        while app.snapshot(kind)["status"] == "playing" {
            pops += 1;
            if style == "shifter" && pops == 3 {
                app.hint(kind);
            }
            // The first group in reading order, from the bottom right on odd pops.
            let order: Vec<u64> = if pops % 2 == 0 { (0..121).collect() } else { (0..121).rev().collect() };
            app.hand.advance(Duration::from_millis(650));
            let popped =
                order.into_iter().any(|i| app.try_play(kind, json!({"action": "pop", "x": i % 11, "y": i / 11})));
            assert!(popped, "a group is left while playing");
            if style == "continuous" && pops == 4 {
                app.state.undo(kind).unwrap();
                app.state.redo(kind).unwrap();
                app.state.undo(kind).unwrap();
            }
            assert!(pops < 1_000, "{style} did not end");
        }
        corpus.finished(&app, kind);
    }
}

fn gomoku(corpus: &mut Corpus, dir: &Path) {
    let kind = pastimes_games::gomoku::KIND;
    // Two people: black makes five along row 8 while white plays the row below; under Renju too.
    for (index, rule) in ["freestyle", "exactFive", "renju"].into_iter().enumerate() {
        let app = App::open(dir, 300 + index as u64);
        app.start(kind, json!({"rule": rule, "blackName": "Ann", "whiteName": "Bo"}));
        for x in 0..5 {
            assert!(app.play(kind, json!({"x": 3 + x, "y": 7}), 2_000));
            if x < 4 {
                assert!(app.play(kind, json!({"x": 3 + x, "y": 9}), 1_500));
            }
            if rule == "exactFive" && x == 2 {
                app.state.undo(kind).unwrap();
                assert!(app.play(kind, json!({"x": 5, "y": 9}), 1_000));
            }
        }
        corpus.finished(&app, kind);
    }
    // Against the computer at every level and both colours, and the Swap2 opening: the human
    // plays far from the fight, so the computer wins.
    let games = [
        json!({"rule": "freestyle", "opponent": "easy", "humanColour": "black"}),
        json!({"rule": "exactFive", "opponent": "medium", "humanColour": "white"}),
        json!({"rule": "renju", "opponent": "hard", "humanColour": "black"}),
        json!({"rule": "freestyle", "opponent": "easy", "humanColour": "black", "opening": "swap2"}),
        json!({"rule": "renju", "opponent": "medium", "humanColour": "white", "opening": "swap2"}),
    ];
    for (index, params) in games.into_iter().enumerate() {
        let app = App::open(dir, 400 + index as u64);
        app.start(kind, params);
        let mut turns = 0;
        while app.snapshot(kind)["status"] == "playing" {
            turns += 1;
            assert!(turns < 120, "the computer did not win");
            if index == 1 && turns == 4 {
                app.hint(kind);
            }
            human_turn(&app, kind);
        }
        corpus.finished(&app, kind);
    }
}

/// The human's action after a think of 2.5 s: the first Swap2 choice the game takes, else a
/// stone on the first free point along the board's edge.
fn human_turn(app: &App, kind: GameKind) {
    app.hand.advance(Duration::from_millis(2_500));
    for choose in ["white", "black", "placeTwo"] {
        if app.try_play(kind, json!({"choose": choose})) {
            return;
        }
    }
    let edge = (0..15).map(|x| (x, 0)).chain((1..15).map(|y| (14, y))).chain((0..14).rev().map(|x| (x, 14)));
    for (x, y) in edge.chain((1..14).flat_map(|y| (0..14).map(move |x| (x, y)))) {
        if app.try_play(kind, json!({"x": x, "y": y})) {
            return;
        }
    }
    panic!("no point left for the human");
}

/// A game of each kind left in progress, one of them with help taken: the store's saved games.
fn in_progress(dir: &Path) {
    let app = App::open(dir, 500);
    let mines = pastimes_games::minesweeper::KIND;
    app.start(mines, json!({"level": "intermediate", "noGuess": true}));
    assert!(app.play(mines, json!({"action": "open", "x": 3, "y": 3}), 2_000));
    app.play(mines, json!({"action": "mark", "x": 15, "y": 15}), 1_000);
    let bubbles = pastimes_games::bubbles::KIND;
    app.start(bubbles, json!({"style": "megashift"}));
    for _ in 0..3 {
        app.hand.advance(Duration::from_millis(900));
        let popped = (0..121).any(|i| app.try_play(bubbles, json!({"action": "pop", "x": i % 11, "y": i / 11})));
        assert!(popped);
    }
    app.hint(bubbles);
    let gomoku = pastimes_games::gomoku::KIND;
    app.start(gomoku, json!({"rule": "renju", "opponent": "easy", "humanColour": "black"}));
    assert!(app.play(gomoku, json!({"x": 7, "y": 7}), 1_500));
    assert!(app.play(gomoku, json!({"x": 0, "y": 0}), 1_500));
}

/// Lights Out, the test build's fourth game, solved on boards of each size (its solver on the
/// board the game shows): a corpus of its own, which only a test build replays.
#[cfg(feature = "test-game")]
fn lights(corpus: &mut Corpus, dir: &Path) {
    use pastimes_games::Hints;
    let kind = pastimes_games::lights::KIND;
    for (index, side) in [3usize, 5, 7].into_iter().enumerate() {
        let app = App::open(dir, 400 + index as u64);
        let view = app.start(kind, json!({"side": side}))["view"].clone();
        let lit: Vec<bool> = serde_json::from_value(view["lit"].clone()).unwrap();
        let mut twin = pastimes_games::lights::Lights::with_lights(side, lit);
        let mut step = 0;
        while app.snapshot(kind)["status"] == "playing" {
            let press = twin.hint(&std::sync::atomic::AtomicBool::new(false)).expect("a board that can be solved");
            let typed: pastimes_games::lights::Press = serde_json::from_value(press.clone()).unwrap();
            pastimes_games::Game::apply(&mut twin, &typed).unwrap();
            step += 1;
            assert!(app.play(kind, press, 500 + step % 5 * 120));
        }
        corpus.finished(&app, kind);
    }
}

#[cfg(not(feature = "test-game"))]
fn test_game_corpus(_out: &Path, _data: &Path) {
    panic!("--test-game needs a build with the feature test-game");
}

/// With `--test-game` (a build with the feature), only the test game's corpus: its finished
/// games, no store.
#[cfg(feature = "test-game")]
fn test_game_corpus(out: &Path, data: &Path) {
    let mut corpus = Corpus::default();
    lights(&mut corpus, data);
    let app = App::open(data, 0);
    corpus.write(&app, out);
    drop(app);
    std::fs::remove_dir_all(data).unwrap();
    println!("{} finished games of the test game written to {}", corpus.finished.len(), out.display());
}

fn main() {
    let out = PathBuf::from(std::env::args().nth(1).expect("usage: record_corpus OUT_DIR [--test-game]"));
    std::fs::create_dir_all(&out).unwrap();
    let data = out.join("data");
    assert!(!data.exists(), "{} exists: write the corpus into a new folder", data.display());
    if std::env::args().nth(2).as_deref() == Some("--test-game") {
        test_game_corpus(&out, &data);
        return;
    }
    let mut corpus = Corpus::default();
    minesweeper(&mut corpus, &data);
    bubbles(&mut corpus, &data);
    gomoku(&mut corpus, &data);
    in_progress(&data);
    let app = App::open(&data, 0);
    corpus.write(&app, &out);
    let verified = app.state.verify_records().unwrap();
    assert!(verified.mismatched.is_empty(), "{:?}", verified.mismatched);
    drop(app);
    std::fs::rename(data.join("pastimes.sqlite3"), out.join("store.sqlite3")).unwrap();
    std::fs::remove_dir_all(&data).unwrap();
    println!("{} finished games and 3 in progress written to {}", corpus.finished.len(), out.display());
}
