//! Hosting external Gomoku engines (`src-tauri/engines/`): fake brains that fail in each way a
//! brain can (`tests/fixtures/brains/`), each losing its game by that fault with the record
//! saying so and no process left behind; and `pbrain-pastimes`, Pastimes' own brain, hosted
//! for a whole game and through its checks. The fake brains are listed without their checks,
//! which only a test build allows (`AppState::add_engine_unchecked`).
#![cfg(feature = "test-game")]

use pastimes_games::gomoku::{self, Fault};
use pastimes_games::Status;
use pastimes_lib::engines::process::Process;
use pastimes_lib::play::session::Snapshot;
use pastimes_lib::records::watch::Watch;
use pastimes_lib::state::{AppState, Config};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Host {
    state: Arc<AppState>,
    told: Receiver<Snapshot>,
    _data: tempfile::TempDir,
}

fn host() -> Host {
    let data = tempfile::tempdir().unwrap();
    let state = Arc::new(AppState::open(Config { data_dir: data.path().to_path_buf(), fixed_seed: Some(3) }));
    let (tell, told) = channel();
    state.set_notifier(Box::new(move |snapshot| {
        let _ = tell.send(snapshot.clone());
    }));
    Host { state, told, _data: data }
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/brains").join(name)
}

/// `pbrain-pastimes`, built beside this test (the games crate's binary).
pub fn pbrain_pastimes() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile = exe.parent().and_then(Path::parent).unwrap();
    let brain = profile.join("pbrain-pastimes");
    if !brain.exists() {
        let built = std::process::Command::new(env!("CARGO"))
            .args(["build", "-p", "pastimes-games", "--bin", "pbrain-pastimes"])
            .status()
            .unwrap();
        assert!(built.success());
    }
    brain
}

impl Host {
    /// A new game against the engine `id`, the player black.
    fn new_game(&self, id: &str, move_ms: u64, extra: Value) -> Snapshot {
        let mut params = json!({"rule": "freestyle", "opponent": "engine", "humanColour": "black",
                                "engine": {"id": id, "moveMs": move_ms}});
        params.as_object_mut().unwrap().extend(extra.as_object().cloned().unwrap_or_default());
        self.state.new_game(gomoku::KIND, params).unwrap()
    }

    /// The snapshots told of the engine's actions (a stone, its Swap2 decisions, its forfeit)
    /// until it is the player's turn or the game is over, within `wait`.
    fn engine_actions(&self, wait: Duration) -> Vec<Snapshot> {
        let deadline = Instant::now() + wait;
        let mut told = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let snapshot = self.told.recv_timeout(left).expect("the engine's move");
            let done = !snapshot.computer_thinking || snapshot.status != Status::Playing;
            told.push(snapshot);
            if done {
                return told;
            }
        }
    }

    /// The last of [`Host::engine_actions`].
    fn engine_moved(&self, wait: Duration) -> Snapshot {
        self.engine_actions(wait).pop().unwrap()
    }

    fn play(&self, x: i64, y: i64) -> Snapshot {
        self.state.play(gomoku::KIND, json!({"x": x, "y": y})).unwrap()
    }
}

/// Held by the tests that keep `pbrain-pastimes` busy (its checks, its games and demos): the
/// checks are timed (a second a move, and the grace), and two such tests at once on a loaded
/// 2-core machine made a check's move late.
fn busy_brains() -> std::sync::MutexGuard<'static, ()> {
    static BUSY: std::sync::Mutex<()> = std::sync::Mutex::new(());
    BUSY.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Processes whose command line names `program`.
fn running(program: &Path) -> Vec<u32> {
    let wanted = program.to_string_lossy().into_owned();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            String::from_utf8_lossy(&cmdline).contains(&wanted) && !state.contains(") Z ")
        })
        .collect()
}

fn none_left(program: &Path) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while !running(program).is_empty() {
        assert!(Instant::now() < deadline, "{} left running: {:?}", program.display(), running(program));
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The fake brain `name` plays (after the player's first stone, away from its own moves) and
/// loses by `fault`: the game is the player's, the record says why, and its process is gone.
fn loses_by(name: &str, fault: Fault, moves: usize) {
    let host = host();
    let program = fixture(name);
    host.state.add_engine_unchecked(&program, name).unwrap();
    host.new_game(name, 300, json!({}));
    let mut last = None;
    for n in 0..moves {
        host.play(7 + n as i64, 3);
        last = Some(host.engine_moved(Duration::from_secs(10)));
    }
    let last = last.unwrap();
    assert_eq!(last.status, Status::Won, "{name}: {:?}", last.view["forfeit"]);
    assert_eq!(last.view["forfeit"], serde_json::to_value(fault).unwrap());
    assert_eq!(last.effects["forfeited"], serde_json::to_value(fault).unwrap());
    assert_eq!(last.view["engine"]["name"], name);
    let record = last.record.expect("recorded");
    assert_eq!(record.rank, None, "an engine's games never rank");
    let (text, _) = host.state.export_record(record.id).unwrap();
    let written = gomoku::Fault::WRITTEN[Fault::ALL.iter().position(|f| *f == fault).unwrap()];
    assert!(text.contains(written), "{text}");
    assert!(text.contains(name), "the record names the engine: {text}");
    // Watched, the game replays through the rules to the same forfeit.
    let watch = Watch::of_finished(host.state.finished_record(record.id).unwrap(), false).unwrap();
    let last_frame = watch.frame(watch.header().moves as u64).unwrap();
    assert_eq!(last_frame.view["forfeit"], serde_json::to_value(fault).unwrap());
    none_left(&program);
}

#[test]
fn a_brain_that_hangs_loses_on_time() {
    loses_by("pbrain-hang", Fault::Timeout, 1);
}

#[test]
fn a_brain_that_crashes_mid_game_loses() {
    loses_by("pbrain-crash", Fault::Crash, 2);
}

#[test]
fn a_brain_that_answers_garbage_loses() {
    loses_by("pbrain-garbage", Fault::Garbage, 1);
}

#[test]
fn a_brain_that_plays_an_occupied_point_loses() {
    // It plays the centre, which the player's first stone took.
    let host = host();
    let program = fixture("pbrain-occupied");
    host.state.add_engine_unchecked(&program, "pbrain-occupied").unwrap();
    host.new_game("pbrain-occupied", 300, json!({}));
    host.play(7, 7);
    let last = host.engine_moved(Duration::from_secs(10));
    assert_eq!((last.status, last.view["forfeit"].as_str()), (Status::Won, Some("illegal")));
    none_left(&program);
}

#[test]
fn a_brain_that_floods_its_output_loses() {
    loses_by("pbrain-flood", Fault::Flood, 1);
    loses_by("pbrain-longline", Fault::Flood, 1);
}

/// A brain dies with its host even when the host is killed (SIGKILL, no chance to clean up):
/// this test runs itself again as a host that starts a brain, kills that host, and finds the
/// brain gone (the parent-death signal).
#[test]
fn a_brain_dies_with_pastimes_even_killed() {
    if std::env::var_os("PASTIMES_HOST_A_BRAIN").is_some() {
        let brain = Process::start(&fixture("pbrain-idle")).unwrap();
        println!("\nbrain {}", brain.id());
        std::thread::sleep(Duration::from_secs(60));
        return;
    }
    let mut host = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "a_brain_dies_with_pastimes_even_killed", "--nocapture", "--test-threads=1"])
        .env("PASTIMES_HOST_A_BRAIN", "1")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufRead::lines(std::io::BufReader::new(host.stdout.take().unwrap()));
    let pid: u32 = lines
        .find_map(|line| line.ok()?.split_once("brain ").and_then(|(_, pid)| pid.trim().parse().ok()))
        .expect("the host started a brain");
    assert!(Path::new(&format!("/proc/{pid}")).exists(), "the brain runs");
    host.kill().unwrap();
    host.wait().unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    let alive = || {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        !stat.is_empty() && !stat.contains(") Z ")
    };
    while alive() {
        assert!(Instant::now() < deadline, "the brain {pid} outlived its killed host");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A new game, an undo while it thinks and the end of the game each let no brain run on.
#[test]
fn a_new_game_stops_the_brain_of_the_last() {
    let host = host();
    let program = fixture("pbrain-hang");
    host.state.add_engine_unchecked(&program, "pbrain-hang").unwrap();
    host.new_game("pbrain-hang", 5000, json!({}));
    host.play(7, 7);
    let deadline = Instant::now() + Duration::from_secs(5);
    while running(&program).is_empty() {
        assert!(Instant::now() < deadline, "the brain started");
        std::thread::sleep(Duration::from_millis(10));
    }
    host.state.new_game(gomoku::KIND, json!({"rule": "freestyle", "opponent": "human"})).unwrap();
    none_left(&program);
}

/// Pastimes' own brain, hosted: it passes the checks (named, every rule, Swap2), then plays a
/// whole game against the player's stones to its end, within its time at every move.
#[test]
fn pbrain_pastimes_is_checked_and_plays_a_whole_game() {
    let _busy = busy_brains();
    let host = host();
    // A copy of its own, so that no other test's brain is taken for this one's.
    let folder = tempfile::tempdir().unwrap();
    let program = folder.path().join("pbrain-pastimes");
    std::fs::copy(pbrain_pastimes(), &program).unwrap();
    let listed = host.state.add_engine(&program).unwrap();
    assert_eq!(listed.len(), 1);
    let entry = &listed[0];
    assert_eq!(entry.name, "pastimes");
    assert_eq!(entry.rules, ["freestyle", "exactFive", "renju", "caro"]);
    assert!(entry.swap2, "it answers SWAP2BOARD");
    assert!(!entry.nbest, "it answers YXNBEST with UNKNOWN");
    let started = host.new_game(&entry.id, 200, json!({}));
    assert!(started.view["whiteName"].as_str().unwrap().starts_with("pastimes"));
    let mut snapshot = started;
    // The player takes the first empty point from the top left until the game ends (the brain
    // wins).
    while snapshot.status == Status::Playing {
        let stones = snapshot.view["stones"].as_array().unwrap();
        let free = stones.iter().position(|code| code == 0).unwrap() as i64;
        snapshot = host.play(free % 15, free / 15);
        if snapshot.status == Status::Playing {
            snapshot = host.engine_moved(Duration::from_secs(10));
            assert_eq!(snapshot.view["forfeit"], Value::Null);
        }
    }
    assert_eq!(snapshot.status, Status::Lost, "the brain made five");
    assert!(snapshot.record.is_some());
    none_left(&program);
}

/// Pastimes' own brain through the Swap2 opening as the second player: the player places three
/// stones, the brain decides (through SWAP2BOARD), and the game goes on.
#[test]
fn pbrain_pastimes_plays_the_swap2_opening() {
    let _busy = busy_brains();
    let host = host();
    let listed = host.state.add_engine(&pbrain_pastimes()).unwrap();
    host.new_game(&listed[0].id, 200, json!({"opening": "swap2"}));
    host.play(7, 7);
    host.play(8, 7);
    let after = host.play(7, 8);
    assert_eq!(after.status, Status::Playing);
    let told = host.engine_actions(Duration::from_secs(10));
    assert!(told.iter().all(|s| s.view["forfeit"].is_null()), "no fault");
    assert!(told[0].effects["decided"].is_object(), "the brain decided first: {:?}", told[0].effects);
}

/// A brain that fails its checks is not listed; the reason is its fault.
#[test]
fn a_brain_that_fails_its_checks_is_refused() {
    let host = host();
    for (name, code) in [("pbrain-garbage", "engine_garbage"), ("pbrain-hang", "engine_timeout")] {
        let error = host.state.add_engine(&fixture(name)).unwrap_err();
        assert_eq!(serde_json::to_value(&error).unwrap()["code"], code);
    }
    let error = serde_json::to_value(host.state.add_engine(Path::new("/etc/passwd")).unwrap_err()).unwrap();
    assert_eq!(error["code"], "engine_crash", "not a program: it cannot be started");
    assert!(host.state.engines().unwrap().is_empty());
}

/// The figures of docs/ENGINES.md's section on hosted engines (ignored by the normal run: it
/// takes many minutes): `GAMES` games (100 by default) of `pbrain-pastimes` hosted as an external
/// engine at `MOVE_MS` (300) a move against the built-in master at the same time a move, colours
/// alternating, each to its end with no fault; and Pastimes' overhead per move, from the brain's
/// answer (stamped as it leaves the brain, by a wrapper around it) to the snapshot sent.
///
/// `cargo test -p pastimes --features test-game --test engines -- --ignored --nocapture`
#[test]
#[ignore = "minutes: the figures of docs/ENGINES.md"]
fn a_batch_against_the_built_in_master_with_the_overhead_per_move() {
    use pastimes_games::gomoku::{legal_stone, Gomoku, Level, Move, Params, SearchLimits};
    use pastimes_games::Game;
    use std::sync::atomic::AtomicBool;
    use std::time::SystemTime;
    let games: usize = std::env::var("GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(100);
    let move_ms: u64 = std::env::var("MOVE_MS").ok().and_then(|n| n.parse().ok()).unwrap_or(300);
    let dir = tempfile::tempdir().unwrap();
    let stamps = dir.path().join("stamps");
    let wrapper = dir.path().join("pbrain-stamped");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\n{:?} | while IFS= read -r line; do\n  case \"$line\" in [0-9]*,[0-9]*) date +%s%N >> {:?} ;; esac\n  printf '%s\\n' \"$line\"\ndone\n",
            pbrain_pastimes(),
            stamps
        ),
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();

    let data = tempfile::tempdir().unwrap();
    let state = Arc::new(AppState::open(Config { data_dir: data.path().to_path_buf(), fixed_seed: Some(3) }));
    let (tell, told) = channel::<(Snapshot, SystemTime)>();
    state.set_notifier(Box::new(move |snapshot| {
        let _ = tell.send((snapshot.clone(), SystemTime::now()));
    }));
    state.add_engine_unchecked(&wrapper, "pbrain-stamped").unwrap();
    let (mut won, mut lost, mut drawn, mut faults) = (0, 0, 0, Vec::new());
    let mut told_at = Vec::new();
    let started = Instant::now();
    for n in 0..games {
        let human = if n % 2 == 0 { "black" } else { "white" };
        let params = json!({"rule": "freestyle", "opponent": "engine", "humanColour": human,
                            "engine": {"id": "pbrain-stamped", "moveMs": move_ms}});
        let mut snapshot = state.new_game(gomoku::KIND, params).unwrap();
        while snapshot.status == Status::Playing {
            if snapshot.computer_thinking {
                let (next, at) = told.recv_timeout(Duration::from_secs(30)).expect("the engine's move");
                if next.effects["placed"].is_object() {
                    told_at.push(at);
                }
                snapshot = next;
                continue;
            }
            // The built-in master plays the player's side, on the position as the view gives it.
            let mut game = Gomoku::new(&Params::default(), n as u64).unwrap();
            for stone in snapshot.view["moves"].as_array().unwrap() {
                let mv = Move { x: stone["x"].as_i64().unwrap(), y: stone["y"].as_i64().unwrap() };
                game.play(mv).unwrap();
            }
            let limits = SearchLimits::timed(Duration::from_millis(move_ms * 3 / 4), Duration::from_millis(move_ms));
            let mv = legal_stone(
                &game,
                Level::Master,
                &limits,
                n as u64 + game.moves().len() as u64,
                &AtomicBool::new(false),
            )
            .expect("a move");
            assert!(game.status() == Status::Playing);
            snapshot = state.play(gomoku::KIND, json!({"x": mv.x, "y": mv.y})).unwrap();
        }
        match (snapshot.status, snapshot.view["forfeit"].as_str()) {
            (_, Some(fault)) => faults.push(format!("game {n}: {fault}")),
            // The status is the player's: here the master's.
            (Status::Won, None) => lost += 1,
            (Status::Lost, None) => won += 1,
            _ => drawn += 1,
        }
    }
    let stamped: Vec<u128> = std::fs::read_to_string(&stamps)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.trim().parse().ok())
        .collect();
    assert_eq!(stamped.len(), told_at.len(), "one stamp per engine move");
    let mut overhead: Vec<f64> = stamped
        .iter()
        .zip(&told_at)
        .map(|(&answer_ns, at)| {
            let told_ns = at.duration_since(SystemTime::UNIX_EPOCH).unwrap().as_nanos();
            (told_ns as f64 - answer_ns as f64) / 1e6
        })
        .collect();
    overhead.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let at = |q: f64| overhead[((overhead.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "{games} games at {move_ms} ms a move in {:.0} s: pbrain-pastimes (hosted) won {won}, lost {lost}, drew {drawn}; faults: {faults:?}",
        started.elapsed().as_secs_f64()
    );
    println!(
        "overhead per move, brain's answer to snapshot sent, over {} moves: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        overhead.len(),
        at(0.5),
        at(0.99),
        overhead[overhead.len() - 1]
    );
    assert!(faults.is_empty(), "{faults:?}");
}

/// A demo (the computer against itself) of the beginner against Pastimes' own brain: the level
/// plays the player's side (black), the brain white, both on their own at no wait, to the end
/// with no fault and no brain left running.
#[test]
fn a_demo_of_a_level_against_a_brain_plays_to_its_end() {
    let _busy = busy_brains();
    let host = host();
    let folder = tempfile::tempdir().unwrap();
    let program = folder.path().join("pbrain-pastimes");
    std::fs::copy(pbrain_pastimes(), &program).unwrap();
    let listed = host.state.add_engine(&program).unwrap();
    let params = json!({"opponent": "engine", "demo": "beginner", "humanColour": "black",
                        "engine": {"id": listed[0].id, "moveMs": 100}});
    host.state.new_game(gomoku::KIND, params).unwrap();
    host.state.set_pace(gomoku::KIND, 0).unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    let over = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let snapshot = host.told.recv_timeout(left).expect("the demo's moves");
        assert_eq!(snapshot.view["forfeit"], Value::Null, "no fault");
        if snapshot.status != Status::Playing {
            break snapshot;
        }
    };
    assert_eq!(over.category, "freestyle-demo");
    assert!(over.record.is_some_and(|record| record.rank.is_none()), "recorded, never ranked");
    assert!(over.view["moves"].as_array().unwrap().len() >= 9, "both sides played");
    none_left(&program);
}

/// The snapshots of a demo until it is over, within `wait`, each checked by `each`.
fn demo_to_its_end(host: &Host, wait: Duration, mut each: impl FnMut(&Snapshot)) -> Snapshot {
    let deadline = Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let snapshot = host.told.recv_timeout(left).expect("the demo's moves");
        each(&snapshot);
        if snapshot.status != Status::Playing {
            return snapshot;
        }
    }
}

/// A demo of two engines: the plain brain plays the player's part (black), the thinker the
/// other, each asked at its own turns, to the end (the plain brain's five along the top row),
/// recorded under both names and never ranked.
#[test]
fn a_demo_of_two_engines_plays_to_its_end_each_at_its_turns() {
    let host = host();
    let (folder, thinker) = copied("pbrain-thinker", &[("told.txt", "")]);
    let (_plain_folder, plain) = copied("pbrain-plain", &[]);
    let thinker_id = host.state.add_engine(&thinker).unwrap()[0].id.clone();
    let plain_id = host.state.add_engine(&plain).unwrap()[1].id.clone();
    let params = json!({"opponent": "engine", "engine": {"id": thinker_id, "moveMs": 200},
                        "demo": "engine", "demoEngine": {"id": plain_id, "moveMs": 200}, "humanColour": "black"});
    let started = host.state.new_game(gomoku::KIND, params).unwrap();
    assert_eq!(
        (started.view["blackName"].as_str(), started.view["whiteName"].as_str()),
        (Some("plain 1"), Some("thinker 1"))
    );
    assert_eq!(started.view["demo"]["level"], "engine");
    assert_eq!(started.view["demoEngine"]["id"], plain_id);
    host.state.set_pace(gomoku::KIND, 0).unwrap();
    let over = demo_to_its_end(&host, Duration::from_secs(60), |snapshot| {
        assert_eq!(snapshot.view["forfeit"], Value::Null, "no fault");
    });
    assert_eq!((over.status, over.view["winner"].as_str()), (Status::Won, Some("black")), "the plain brain's five");
    let moves: Vec<Value> = over.view["moves"].as_array().unwrap().to_vec();
    assert_eq!(moves.len(), 9);
    // Black's stones are the plain brain's (the top row), white's the thinker's (near the centre).
    let row = |n: usize| moves[n]["y"].as_u64().unwrap();
    assert!((0..9).step_by(2).all(|n| row(n) == 0) && (1..9).step_by(2).all(|n| row(n) >= 6), "{moves:?}");
    assert_eq!(over.category, "freestyle-demo");
    let record = over.record.expect("recorded");
    assert_eq!(record.rank, None, "a demo never ranks");
    let (text, _) = host.state.export_record(record.id).unwrap();
    assert!(text.contains("plain") && text.contains("thinker"), "the record names both: {text}");
    let told = std::fs::read_to_string(folder.path().join("told.txt")).unwrap();
    assert_eq!(
        told.lines().filter(|line| *line == "BOARD").count(),
        4,
        "the thinker asked at its 4 turns only: {told}"
    );
    none_left(&thinker);
    none_left(&plain);
}

/// The same engine on both sides of a demo runs as two processes, one for each part, each
/// answering at its part's turns.
#[test]
fn a_demo_of_one_engine_against_itself_runs_it_twice() {
    let _busy = busy_brains();
    let host = host();
    let folder = tempfile::tempdir().unwrap();
    let program = folder.path().join("pbrain-pastimes");
    std::fs::copy(pbrain_pastimes(), &program).unwrap();
    let id = host.state.add_engine(&program).unwrap()[0].id.clone();
    let seat = json!({"id": id, "moveMs": 100});
    let params = json!({"rule": "renju", "opponent": "engine", "engine": seat, "demo": "engine", "demoEngine": seat});
    host.state.new_game(gomoku::KIND, params).unwrap();
    host.state.set_pace(gomoku::KIND, 0).unwrap();
    // A few moves each, both processes seen at once, then the demo is left (short, so that its
    // two brains do not load the machine under the other tests' timed checks).
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut most = 0;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let snapshot = host.told.recv_timeout(left).expect("the demo's moves");
        assert_eq!(snapshot.view["forfeit"], Value::Null, "no fault");
        most = most.max(running(&program).len());
        if snapshot.status != Status::Playing || (snapshot.move_count >= 6 && most == 2) {
            break;
        }
    }
    assert_eq!(most, 2, "both parts' processes ran at once");
    host.state.new_game(gomoku::KIND, json!({"rule": "freestyle", "opponent": "human"})).unwrap();
    none_left(&program);
}

/// An engine that fails in a demo loses by its fault, as against a person: the other part (a
/// level here) has won, and the view and the summary say so.
#[test]
fn an_engine_that_fails_in_a_demo_loses_and_the_other_part_wins() {
    let host = host();
    host.state.add_engine_unchecked(&fixture("pbrain-garbage"), "pbrain-garbage").unwrap();
    let params = json!({"opponent": "beginner", "demo": "engine", "humanColour": "black",
                        "demoEngine": {"id": "pbrain-garbage", "moveMs": 200}});
    let started = host.state.new_game(gomoku::KIND, params).unwrap();
    assert_eq!(started.view["blackName"], "pbrain-garbage 1");
    host.state.set_pace(gomoku::KIND, 0).unwrap();
    let over = demo_to_its_end(&host, Duration::from_secs(20), |_| {});
    assert_eq!(over.status, Status::Won);
    assert_eq!((over.view["forfeit"].as_str(), over.view["winner"].as_str()), (Some("garbage"), Some("white")));
    assert!(over.record.is_some_and(|record| record.rank.is_none()));
    none_left(&fixture("pbrain-garbage"));
}

// ----- an added engine as the hint's and the study board's (`engines::helper`) -----

/// A host whose Gomoku helper is the fake brain `name` (listed unchecked), with the study
/// board's looks told on the channel it returns.
fn helped_by(name: &str) -> (Host, Receiver<pastimes_lib::study::StudySnapshot>) {
    let host = host();
    host.state.add_engine_unchecked(&fixture(name), name).unwrap();
    host.state.set_setting("gomokuHelper", json!(name)).unwrap();
    let (tell, looks) = channel();
    host.state.set_study_notifier(Box::new(move |snapshot| {
        let _ = tell.send(snapshot.clone());
    }));
    (host, looks)
}

/// The first study board snapshot told within `wait` whose look passes `wanted`.
fn look_until(
    looks: &Receiver<pastimes_lib::study::StudySnapshot>,
    wait: Duration,
    wanted: impl Fn(&Value) -> bool,
) -> pastimes_lib::study::StudySnapshot {
    let deadline = Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let snapshot = looks.recv_timeout(left).expect("a look in time");
        if wanted(&snapshot.look) {
            return snapshot;
        }
    }
}

#[test]
fn an_added_engine_gives_the_hint_and_the_game_is_assisted() {
    let (host, _) = helped_by("pbrain-thinker");
    host.state.new_game(gomoku::KIND, json!({"rule": "freestyle", "opponent": "human"})).unwrap();
    host.play(7, 7);
    let hinted = host.state.hint(gomoku::KIND).unwrap();
    // The thinker's first free point after the centre.
    assert_eq!((hinted.hint["x"].clone(), hinted.hint["y"].clone()), (json!(8), json!(8)));
    assert_eq!(hinted.hint["notation"], "I7");
    assert_eq!(hinted.snapshot.assistance.hints, 1, "a hint assists the game");
    none_left(&fixture("pbrain-thinker"));
    // Back to the built-in engine: the hint is its own again.
    host.state.set_setting("gomokuHelper", json!("")).unwrap();
    assert!(host.state.hint(gomoku::KIND).unwrap().hint["x"].is_u64());
}

#[test]
fn a_hint_engine_that_fails_is_told_and_leaves_nothing_running() {
    for (name, code) in [
        ("pbrain-hang", "hint_timeout"),
        ("pbrain-garbage", "hint_garbage"),
        ("pbrain-occupied", "hint_illegal"),
        ("pbrain-flood", "hint_flood"),
    ] {
        let (host, _) = helped_by(name);
        host.state.new_game(gomoku::KIND, json!({"rule": "freestyle", "opponent": "human"})).unwrap();
        host.play(7, 7);
        let asked = Instant::now();
        let error = host.state.hint(gomoku::KIND).unwrap_err();
        assert_eq!(error.code(), code, "{name}: {error}");
        assert!(asked.elapsed() < Duration::from_secs(8), "{name} took {:?}", asked.elapsed());
        assert_eq!(host.state.snapshot(gomoku::KIND).unwrap().unwrap().assistance.hints, 0, "no hint, no help");
        none_left(&fixture(name));
    }
}

#[test]
fn the_study_board_is_analysed_by_an_added_engine_its_thinking_read() {
    let (host, looks) = helped_by("pbrain-thinker");
    host.state.edit_study_board(gomoku::KIND, &json!({"place": {"x": 7, "y": 7}})).unwrap();
    let told = look_until(&looks, Duration::from_secs(10), |look| look["depth"] == 5);
    let look = &told.look;
    assert_eq!(look["engine"], "pbrain-thinker 1");
    assert_eq!(look["line"], json!([{"x": 8, "y": 8}, {"x": 6, "y": 6}]));
    // Its evaluation is the side to move's (white's): the board's is black's.
    assert_eq!(look["score"], -130);
    assert_eq!(look["choices"][0]["point"], json!({"x": 8, "y": 8}));
    // A new position is analysed afresh; switched off, the brain is gone.
    host.state.edit_study_board(gomoku::KIND, &json!({"place": {"x": 8, "y": 8}})).unwrap();
    let told = look_until(&looks, Duration::from_secs(10), |look| look["depth"] == 5);
    assert_eq!(told.look["score"], 130, "black to move");
    assert_eq!(told.look["line"][0], json!({"x": 6, "y": 6}));
    host.state.set_study_engine(gomoku::KIND, false).unwrap();
    none_left(&fixture("pbrain-thinker"));
}

#[test]
fn a_study_board_engine_that_fails_stops_its_analysis_with_the_fault() {
    for (name, fault) in [("pbrain-crash", "crash"), ("pbrain-garbage", "garbage"), ("pbrain-flood", "flood")] {
        let (host, looks) = helped_by(name);
        host.state.edit_study_board(gomoku::KIND, &json!({"place": {"x": 7, "y": 7}})).unwrap();
        let told = look_until(&looks, Duration::from_secs(15), |look| !look["fault"].is_null());
        assert_eq!(told.look["fault"], fault, "{name}");
        assert_eq!(told.look["engine"], format!("{name} 1"));
        assert!(told.settled && !told.thinking, "{name}: the analysis stops");
        none_left(&fixture(name));
    }
}

/// A copy of the fixture `name` in a folder of its own, with `files` written beside it (the
/// thinker's `told.txt`, the plain brain's `unknown.txt`).
fn copied(name: &str, files: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let folder = tempfile::tempdir().unwrap();
    let program = folder.path().join(name);
    std::fs::copy(fixture(name), &program).unwrap();
    for (file, text) in files {
        std::fs::write(folder.path().join(file), text).unwrap();
    }
    (folder, program)
}

/// A brain that answers Yixin's `YXNBEST` (the thinker, in Rapfi's forms) is found to at its
/// checks, and the study board then asks it for three best moves and lists them with their
/// values, as the built-in engine's.
#[test]
fn a_brain_that_answers_yxnbest_gives_the_study_board_its_three_best_moves() {
    let host = host();
    let (folder, program) = copied("pbrain-thinker", &[("told.txt", "")]);
    let listed = host.state.add_engine(&program).unwrap();
    assert!(listed[0].nbest, "found at its checks: {:?}", listed[0]);
    host.state.set_setting("gomokuHelper", json!(listed[0].id)).unwrap();
    let (tell, looks) = channel();
    host.state.set_study_notifier(Box::new(move |snapshot| {
        let _ = tell.send(snapshot.clone());
    }));
    host.state.edit_study_board(gomoku::KIND, &json!({"place": {"x": 7, "y": 7}})).unwrap();
    let three = |look: &Value| look["choices"].as_array().is_some_and(|c| c.len() == 3);
    let told = look_until(&looks, Duration::from_secs(10), three);
    // White to move: the values are black's (the thinker's 130, 60 and -20 are white's).
    assert_eq!(
        told.look["choices"],
        json!([
            {"point": {"x": 8, "y": 8}, "score": -130},
            {"point": {"x": 6, "y": 6}, "score": -60},
            {"point": {"x": 8, "y": 6}, "score": 20},
        ])
    );
    assert_eq!(told.look["line"], json!([{"x": 8, "y": 8}, {"x": 6, "y": 6}]));
    host.state.set_study_engine(gomoku::KIND, false).unwrap();
    none_left(&program);
    let log = std::fs::read_to_string(folder.path().join("told.txt")).unwrap();
    let asked: Vec<&str> = log.lines().skip_while(|line| !line.starts_with("INFO show_detail")).take(6).collect();
    assert_eq!(asked, ["INFO show_detail 1", "YXSHOWINFO", "YXBOARD", "7,7,2", "DONE", "YXNBEST 3"], "{log}");
}

/// A plain brain answers `UNKNOWN` to Yixin's words, or garbage, or a move with no other line:
/// each is a no at its checks, it is listed all the same, and the study board asks it for its
/// move as before (one choice), never with `YXNBEST`.
#[test]
fn a_brain_that_does_not_answer_yxnbest_is_listed_and_asked_for_its_move_only() {
    for unknown in [None, Some("what is that?"), Some("8,8")] {
        let host = host();
        let files: Vec<(&str, &str)> = unknown.map(|line| ("unknown.txt", line)).into_iter().collect();
        let (_folder, program) = copied("pbrain-plain", &files);
        let listed = host.state.add_engine(&program).unwrap();
        assert_eq!((listed[0].name.as_str(), listed[0].nbest), ("plain", false), "{unknown:?}");
        assert_eq!(listed[0].rules.len(), 4, "{unknown:?}: it plays as before");
        assert_eq!(listed[0].sizes, [15], "it answers START 20 with ERROR");
        host.state.set_setting("gomokuHelper", json!(listed[0].id)).unwrap();
        let (tell, looks) = channel();
        host.state.set_study_notifier(Box::new(move |snapshot| {
            let _ = tell.send(snapshot.clone());
        }));
        host.state.edit_study_board(gomoku::KIND, &json!({"place": {"x": 7, "y": 7}})).unwrap();
        let told = look_until(&looks, Duration::from_secs(10), |look| {
            look["choices"].as_array().is_some_and(|c| !c.is_empty()) || !look["fault"].is_null()
        });
        assert_eq!(told.look["choices"], json!([{"point": {"x": 0, "y": 0}, "score": 0}]), "{unknown:?}");
        host.state.set_study_engine(gomoku::KIND, false).unwrap();
        none_left(&program);
    }
}

#[test]
fn pbrain_pastimes_hosted_as_the_hint_and_the_study_board_engine() {
    let _busy = busy_brains();
    let host = host();
    let program = pbrain_pastimes();
    host.state.add_engine(&program).unwrap();
    host.state.set_setting("gomokuHelper", json!("pbrain-pastimes")).unwrap();
    let (tell, looks) = channel();
    host.state.set_study_notifier(Box::new(move |snapshot| {
        let _ = tell.send(snapshot.clone());
    }));
    host.state.new_game(gomoku::KIND, json!({"rule": "freestyle", "opponent": "human"})).unwrap();
    for (x, y) in [(7, 7), (0, 0), (8, 7), (0, 1), (9, 7), (0, 2)] {
        host.play(x, y);
    }
    // Black has an open three: the brain's hint makes it four.
    let hinted = host.state.hint(gomoku::KIND).unwrap();
    assert!([json!(6), json!(10)].contains(&hinted.hint["x"]) && hinted.hint["y"] == 7, "{}", hinted.hint);
    host.state.study_game(gomoku::KIND).unwrap();
    let told =
        look_until(&looks, Duration::from_secs(20), |look| look["choices"].as_array().is_some_and(|c| !c.is_empty()));
    assert!(told.look["engine"].as_str().unwrap().starts_with("pastimes"), "{}", told.look);
    assert_eq!(told.look["line"][0]["y"], 7, "{}", told.look);
    // Its MESSAGE line gives the whole expected line, not the move alone.
    assert!(told.look["line"].as_array().unwrap().len() >= 2, "{}", told.look);
    host.state.set_study_engine(gomoku::KIND, false).unwrap();
    none_left(&program);
}

// ----- the game's clock told to an engine -----

#[test]
fn an_engine_on_the_game_s_clock_is_told_its_time_before_each_turn() {
    let host = host();
    // A copy of the thinker in a folder with told.txt writes there what it is told.
    let folder = tempfile::tempdir().unwrap();
    let program = folder.path().join("pbrain-thinker");
    std::fs::copy(fixture("pbrain-thinker"), &program).unwrap();
    let log = folder.path().join("told.txt");
    std::fs::write(&log, "").unwrap();
    host.state.add_engine_unchecked(&program, "pbrain-thinker").unwrap();
    let clock = json!({"timeControl": {"kind": "fischer", "mainMs": 60_000, "incrementMs": 2_000}});
    let started = host.new_game("pbrain-thinker", 1000, clock);
    assert!(started.clocks.is_some(), "the game has its clocks");
    host.play(0, 0);
    host.engine_moved(Duration::from_secs(10));
    host.play(0, 1);
    let moved = host.engine_moved(Duration::from_secs(10));
    assert_eq!(moved.move_count, 4);
    let told = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = told.lines().collect();
    // Before each of its two turns, the clock's four lines: its time left (a minute, less what
    // it used, plus the increment after its first move), the match's time and the increment.
    let turns: Vec<&[&str]> = lines
        .windows(5)
        .filter(|w| w[0].starts_with("INFO timeout_turn") && w[1] == "INFO timeout_match 60000")
        .collect();
    assert_eq!(turns.len(), 2, "{told}");
    for turn in turns {
        let left: u64 = turn[0]["INFO timeout_turn ".len()..].parse().unwrap();
        assert!((55_000..=62_000).contains(&left), "{turn:?}");
        assert_eq!(turn[2], format!("INFO time_left {left}"));
        assert_eq!(turn[3], "INFO time_increment 2000");
        assert_eq!(turn[4], "BOARD", "told before the position");
    }
    host.state.new_game(gomoku::KIND, json!({"rule": "freestyle", "opponent": "human"})).unwrap();
    none_left(&program);
}

#[test]
fn an_engine_that_lets_its_flag_fall_loses_on_time() {
    let host = host();
    let program = fixture("pbrain-hang");
    host.state.add_engine_unchecked(&program, "pbrain-hang").unwrap();
    let clock = json!({"timeControl": {"kind": "fischer", "mainMs": 1_000, "incrementMs": 0}});
    host.new_game("pbrain-hang", 1000, clock);
    host.play(7, 7);
    let asked = Instant::now();
    let last = host.engine_moved(Duration::from_secs(10));
    assert_eq!(last.status, Status::Won, "the player wins on the engine's time: {:?}", last.view);
    assert!(asked.elapsed() < Duration::from_secs(3), "the flag falls at its time, not the grace's");
    assert!(last.view["forfeit"].is_null(), "lost on time, not by a fault");
    assert!(last.record.expect("recorded").rank.is_none());
    none_left(&program);
}

/// The 20x20 board with engines: pbrain-pastimes is found at its checks to play it (`START 20`)
/// and plays a game there; a brain that answers `START 20` with `ERROR` is listed for 15x15
/// only, and a 20x20 game against it is refused by name.
#[test]
fn an_engine_plays_the_twenty_board_only_if_it_did_at_its_checks() {
    let _busy = busy_brains();
    let host = host();
    let listed = host.state.add_engine(&pbrain_pastimes()).unwrap();
    assert_eq!(listed[0].sizes, [15, 20], "{:?}", listed[0]);
    let started = host.new_game(&listed[0].id, 200, json!({"size": 20}));
    assert_eq!((started.view["size"].clone(), started.category.as_str()), (json!(20), "freestyle-engine-20x20"));
    host.play(19, 19);
    let answered = host.engine_moved(Duration::from_secs(10));
    assert_eq!(answered.view["forfeit"], Value::Null);
    let reply = &answered.view["moves"][1];
    assert!(reply["x"].as_u64().unwrap() >= 17 && reply["y"].as_u64().unwrap() >= 17, "{reply}");

    let (_folder, plain) = copied("pbrain-plain", &[]);
    let plain = host.state.add_engine(&plain).unwrap()[1].clone();
    assert_eq!(plain.sizes, [15]);
    let params =
        json!({"rule": "freestyle", "size": 20, "opponent": "engine", "engine": {"id": plain.id, "moveMs": 200}});
    let refused = serde_json::to_value(host.state.new_game(gomoku::KIND, params).unwrap_err()).unwrap();
    assert_eq!(refused["code"], "engine_size", "{refused}");
    assert_eq!(
        host.state.snapshot(gomoku::KIND).unwrap().unwrap().category,
        "freestyle-engine-20x20",
        "nothing changed"
    );
    none_left(&plain.path);
}
