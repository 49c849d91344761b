//! Arbitrary JSON to every command through the mock runtime and the real ACL (proptest): no
//! command panics, and a command that answers with an error leaves the state as it was.
//!
//! `export_history` is left out: with a valid filter it opens the native save dialog, which
//! waits for a player. Its argument goes through the same parser as `history`'s, fuzzed here.
//! So is `export_game` (its save dialog, or the desktop's clipboard), and `add_engine` (its open
//! dialog; it takes no argument). `import_game` is fuzzed
//! with a file or a text always given (without either it opens the open dialog): every format's
//! reading of a file or a pasted text, positions and Gomoku's moves among them.
//! Games with an opponent get a human one, so no computer move changes the state between two
//! looks. The games are the registry's, each started from its default parameters and given its
//! first legal move (the first of its move codes the rules take), and the words the fuzz mixes
//! in are its ids, choices, categories and move words: a game registered later is fuzzed too.

use super::{harness_with_seed, Harness};
use pastimes_games::GameKind;
use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, TestRunner};
use serde_json::{json, Map, Value};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Every command the page may call (the app's one list, which the capability grants), but those
/// that open a dialog or use the clipboard.
fn commands() -> Vec<&'static str> {
    pastimes_lib::COMMANDS.iter().copied().filter(|name| !DESKTOP_ONLY.contains(name)).collect()
}

/// Commands that wait for a player in a native dialog, or need the desktop's clipboard.
const DESKTOP_ONLY: &[&str] = &["export_history", "export_game", "add_engine"];

/// Every argument name a command takes, and names and values the commands look for inside them,
/// so that arbitrary JSON often reaches past the first check.
const NAMES: &[&str] = &[
    "game",
    "params",
    "move",
    "key",
    "value",
    "id",
    "index",
    "name",
    "width",
    "height",
    "category",
    "filter",
    "page",
    "withHistory",
    "action",
    "x",
    "y",
    "level",
    "mines",
    "rule",
    "opponent",
    "humanColour",
    "style",
    "result",
    "from",
    "to",
    "size",
    "olderThan",
    "newerThan",
    "finishedAt",
    "theme",
    "language",
    "zoom",
    "colourBlind",
    "text",
    "bytes",
    "file",
    "format",
    "edit",
    "on",
];
/// Words the commands look for that no game's registry entry names (themes, languages, the
/// study board's edits, record and file texts, deal codes), mixed in with [`registry_words`].
const WORDS: &[&str] = &[
    "chess",
    "custom",
    "takeBack",
    "clear",
    "place",
    "human",
    "won",
    "lost",
    "draw",
    "theme",
    "dark",
    "light",
    "system",
    "zoom",
    "language",
    "de",
    "cs",
    "zh",
    "zh-Hant",
    "ru",
    "2026-01-01T00:00:00Z",
    "H8 I9 J10",
    "Pastimes record 1\ngame: gomoku\n",
    "game.evf",
    "game.rmv",
    "game.avf",
    "game.mvf",
    "game.mbf",
    "mbf",
    "abf",
    // A board file (9x9, one mine at the top left) as a text: the board files read pasted bytes.
    "\t\t\0\u{1}\0\0",
    "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n",
    "minesweeper:level=beginner,replayOf.x=4,replayOf.y=4#2a",
    "bubbles:style=standard#1",
    "12345",
    "record",
    "moves",
    "psq",
    "position",
    "board",
    "bubbles style=standard\n12121\n21212\n12121\n21212\n12122\n",
    "",
];

/// What every registered game names: its id, its choices, its listed categories, the text values
/// of its default parameters and of a few of its moves (`open`, `pop`, a rule's name...).
fn registry_words() -> Vec<String> {
    let mut words = Vec::new();
    for kind in GameKind::all() {
        let info = kind.info();
        words.push(kind.as_str().to_string());
        words.extend(info.choices.iter().flat_map(|choices| choices.items.iter().map(|choice| choice.id.to_string())));
        words.extend((info.categories.listed)());
        texts_in(&info.default_params(), &mut words);
        let game = info.start_game(&info.default_params(), 1).expect("the default parameters start a game");
        let codes = game.move_codes();
        for code in [0, 1, codes / 2, codes.saturating_sub(1)] {
            texts_in(&game.code_move(code).unwrap_or(Value::Null), &mut words);
        }
    }
    words.sort();
    words.dedup();
    words
}

fn texts_in(value: &Value, words: &mut Vec<String>) {
    match value {
        Value::String(text) => words.push(text.clone()),
        Value::Array(items) => items.iter().for_each(|item| texts_in(item, words)),
        Value::Object(fields) => fields.values().for_each(|field| texts_in(field, words)),
        _ => {}
    }
}

/// A registered game's default parameters, with a human opponent where it has one.
fn params_of(kind: GameKind) -> Value {
    let mut params = kind.info().default_params();
    if let Some(opponent) = params.get_mut("opponent") {
        *opponent = json!("human");
    }
    params
}

/// Starts every registered game and plays its first legal move: each then has a game under way.
fn start_every_game(h: &Harness) {
    for kind in GameKind::all() {
        let game = kind.as_str();
        h.call("new_game", json!({"game": game, "params": params_of(kind)})).unwrap();
        let local = kind.info().start_game(&params_of(kind), 1).unwrap();
        let played = (0..local.move_codes())
            .filter_map(|code| local.code_move(code))
            .any(|mv| h.call("play", json!({"game": game, "move": mv})).is_ok());
        assert!(played, "{game}: no move code is a legal first move");
    }
}

fn words() -> Vec<String> {
    WORDS.iter().map(|word| word.to_string()).chain(registry_words()).collect()
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-3i64..40).prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        prop::sample::select(words()).prop_map(Value::from),
        prop::sample::select(NAMES).prop_map(Value::from),
        any::<String>().prop_map(Value::from),
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(3, 24, 5, |inner| {
        prop_oneof![prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array), object_of(inner),]
    })
}

fn object_of(values: impl Strategy<Value = Value>) -> impl Strategy<Value = Value> {
    let key = prop_oneof![4 => prop::sample::select(NAMES).prop_map(String::from), 1 => "[a-zA-Z]{1,8}"];
    prop::collection::btree_map(key, values, 0..5).prop_map(|map| Value::Object(map.into_iter().collect()))
}

fn call() -> impl Strategy<Value = (&'static str, Value)> {
    (prop::sample::select(commands()), object_of(json_value())).prop_map(|(command, mut args)| {
        // No computer opponent (see the module's doc).
        if let Some(params) = args.get_mut("params").and_then(Value::as_object_mut) {
            params.insert("opponent".into(), json!("human"));
        }
        // An import always has a file or a text to read: without either it opens the dialog.
        let absent = |args: &Map<String, Value>, key: &str| args.get(key).is_none_or(Value::is_null);
        if let Some(fields) = args.as_object_mut().filter(|fields| command == "import_game" && absent(fields, "file")) {
            if absent(fields, "text") {
                fields.insert("text".into(), json!("H8 I9 J10"));
            }
        }
        (command, args)
    })
}

/// Everything a command could change, as the page can read it; the clock's reading (and the
/// live 3BV/s taken over it) left out.
fn observe(h: &Harness) -> Value {
    let mut seen = Map::new();
    for game in GameKind::all().map(|kind| kind.as_str()) {
        let mut snapshot = h.call("snapshot", json!({"game": game})).unwrap();
        if let Some(fields) = snapshot.as_object_mut() {
            fields.remove("elapsedMs");
            if let Some(counters) = fields.get_mut("counters").and_then(Value::as_object_mut) {
                counters.remove("bbbvPerSecond");
            }
        }
        seen.insert(format!("snapshot {game}"), snapshot);
        seen.insert(format!("hall {game}"), h.call("hall_of_fame", json!({"game": game})).unwrap());
    }
    seen.insert("settings".into(), h.call("get_settings", json!({})).unwrap());
    seen.insert("history".into(), h.call("history", json!({})).unwrap());
    seen.insert("played".into(), h.call("played_categories", json!({})).unwrap());
    let info = h.call("app_info", json!({})).unwrap();
    seen.insert("store".into(), json!([info["store"], info["keepsGames"]]));
    Value::Object(seen)
}

#[test]
fn arbitrary_json_to_every_command_never_panics_and_an_error_changes_nothing() {
    let calls = AtomicUsize::new(0);
    let errors = AtomicUsize::new(0);
    let config = ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() };
    let mut runner = TestRunner::new_with_rng(
        config,
        proptest::test_runner::TestRng::deterministic_rng(proptest::test_runner::RngAlgorithm::ChaCha),
    );
    let sequence = prop::collection::vec(call(), 1..16);
    let result = runner.run(&sequence, |sequence| {
        let h = harness_with_seed(Some(11));
        start_every_game(&h);
        for (command, args) in sequence {
            let before = observe(&h);
            calls.fetch_add(1, Ordering::Relaxed);
            if let Err(error) = h.call(command, args.clone()) {
                errors.fetch_add(1, Ordering::Relaxed);
                prop_assert!(error["code"].is_string() || error.is_string(), "{command} {args}: {error}");
                prop_assert_eq!(observe(&h), before, "{} {} failed ({}) but changed the state", command, args, error);
            }
        }
        Ok(())
    });
    eprintln!(
        "fuzz: {} commands sent, {} answered with an error",
        calls.load(Ordering::Relaxed),
        errors.load(Ordering::Relaxed)
    );
    result.unwrap();
}

/// Arbitrary bytes as each game's parameters and moves, straight to the state (no IPC): bytes
/// that are no JSON are what the webview would refuse; those that are reach every game's parsing.
/// No panic, and a refused move changes nothing.
#[test]
fn arbitrary_bytes_as_parameters_and_moves_never_panic() {
    use pastimes_lib::state::{AppState, Config};
    use std::sync::Arc;
    let data = tempfile::tempdir().unwrap();
    let state = Arc::new(AppState::open(Config { data_dir: data.path().to_path_buf(), fixed_seed: Some(4) }));
    for kind in GameKind::all() {
        state.new_game(kind, params_of(kind)).unwrap();
    }
    let parsed = AtomicUsize::new(0);
    let config = ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() };
    let mut runner = TestRunner::new_with_rng(
        config,
        proptest::test_runner::TestRng::deterministic_rng(proptest::test_runner::RngAlgorithm::ChaCha),
    );
    // Bytes, half of them made from JSON the games look for (so most parse), cut at random.
    let bytes = prop_oneof![
        prop::collection::vec(any::<u8>(), 0..64),
        (json_value(), any::<prop::sample::Index>()).prop_map(|(value, cut)| {
            let text = value.to_string().into_bytes();
            let keep = if text.len() > 1 && cut.index(4) == 0 { cut.index(text.len()) } else { text.len() };
            text[..keep].to_vec()
        }),
    ];
    let kinds = prop::sample::select(GameKind::all().collect::<Vec<_>>());
    let result = runner.run(&(kinds, bytes, any::<bool>()), |(kind, bytes, as_move)| {
        let Ok(mut value) = serde_json::from_slice::<Value>(&bytes) else { return Ok(()) };
        parsed.fetch_add(1, Ordering::Relaxed);
        // No computer opponent (see the module's doc).
        if let Some(params) = value.as_object_mut().filter(|_| !as_move) {
            params.insert("opponent".into(), json!("human"));
        }
        if as_move {
            let before = state.snapshot(kind).unwrap().map(|s| (s.move_count, s.view, s.status));
            if state.play(kind, value).is_err() {
                let after = state.snapshot(kind).unwrap().map(|s| (s.move_count, s.view, s.status));
                prop_assert_eq!(after, before);
            }
        } else if let Ok(snapshot) = state.new_game(kind, value.clone()) {
            prop_assert_eq!(snapshot.move_count, 0, "{}", value);
        }
        Ok(())
    });
    eprintln!("fuzz: 256 byte strings, {} of them JSON given to the games", parsed.load(Ordering::Relaxed));
    result.unwrap();
}

/// Arbitrary bytes, and the shipped videos cut and changed at random, as each video format
/// through `import_game`: never a panic, and a refused file leaves the last import as it was.
#[test]
fn arbitrary_and_damaged_videos_are_refused_and_change_nothing() {
    let h = harness_with_seed(Some(4));
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/videos");
    let good = std::fs::read(fixtures.join("test_rmv2_16px_preflags.rmv")).unwrap();
    h.call("import_game", json!({"file": {"name": "good.rmv", "bytes": good}})).unwrap();
    let config = ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() };
    let mut runner = TestRunner::new_with_rng(
        config,
        proptest::test_runner::TestRng::deterministic_rng(proptest::test_runner::RngAlgorithm::ChaCha),
    );
    let damaged =
        (any::<prop::sample::Index>(), prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..8))
            .prop_map(move |(cut, changes)| {
                let mut bytes = good[..cut.index(good.len())].to_vec();
                for (at, byte) in changes {
                    if !bytes.is_empty() {
                        let i = at.index(bytes.len());
                        bytes[i] = byte;
                    }
                }
                bytes
            });
    let bytes = prop_oneof![prop::collection::vec(any::<u8>(), 0..600), damaged];
    let names = prop::sample::select(vec!["a.evf", "a.avf", "a.rmv", "a.mvf", "a.txt"]);
    let refused = AtomicUsize::new(0);
    let result = runner.run(&(names, bytes), |(name, bytes)| {
        let before = h.call("watch_import", json!({})).unwrap();
        if h.call("import_game", json!({"file": {"name": name, "bytes": bytes}})).is_err() {
            refused.fetch_add(1, Ordering::Relaxed);
            let after = h.call("watch_import", json!({})).unwrap();
            prop_assert_eq!(after, before, "the last import stays");
        }
        Ok(())
    });
    eprintln!("video fuzz: {} of 200 refused", refused.load(Ordering::Relaxed));
    result.unwrap();
}

/// Arbitrary text, and the shipped `.psq` fixtures cut and changed at random, through
/// `import_game`: never a panic, and a refused file leaves the last import as it was.
#[test]
fn arbitrary_and_damaged_psq_files_are_refused_and_change_nothing() {
    let h = harness_with_seed(Some(4));
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/psq");
    let good = std::fs::read_to_string(fixtures.join("won-by-five.psq")).unwrap();
    h.call("import_game", json!({"file": {"name": "game.psq", "bytes": good.as_bytes()}})).unwrap();
    let config = ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() };
    let mut runner = TestRunner::new_with_rng(
        config,
        proptest::test_runner::TestRng::deterministic_rng(proptest::test_runner::RngAlgorithm::ChaCha),
    );
    let bytes = good.clone().into_bytes();
    let damaged =
        (any::<prop::sample::Index>(), prop::collection::vec((any::<prop::sample::Index>(), 32u8..127), 0..6))
            .prop_map(move |(cut, changes)| {
                let mut text = bytes[..cut.index(bytes.len())].to_vec();
                for (at, byte) in changes {
                    if !text.is_empty() {
                        let i = at.index(text.len());
                        text[i] = byte;
                    }
                }
                String::from_utf8_lossy(&text).into_owned()
            });
    // Times of any size too: their sum once overflowed the imported game's date.
    let time = prop_oneof![0u64..5000, any::<u64>()];
    let moves = prop::collection::vec((-2i64..18, -2i64..18, time), 0..40).prop_map(|moves| {
        let lines: Vec<String> = moves.iter().map(|(x, y, ms)| format!("{x},{y},{ms}")).collect();
        format!("Piskvorky 15x15, 0:0, 0\n{}\n", lines.join("\n"))
    });
    let texts = prop_oneof![".{0,300}", damaged, moves];
    let (refused, taken) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let result = runner.run(&texts, |text| {
        let before = h.call("watch_import", json!({})).unwrap();
        match h.call("import_game", json!({"file": {"name": "game.psq", "bytes": text.as_bytes()}})) {
            Ok(imported) => {
                taken.fetch_add(1, Ordering::Relaxed);
                prop_assert_eq!(&imported["record"]["game"], "gomoku");
            }
            Err(error) => {
                refused.fetch_add(1, Ordering::Relaxed);
                prop_assert!(error["code"].as_str().is_some_and(|code| code.starts_with("psq_")), "{}", error);
                let after = h.call("watch_import", json!({})).unwrap();
                prop_assert_eq!(after, before, "the last import stays");
            }
        }
        Ok(())
    });
    eprintln!("psq fuzz: {} refused, {} imported", refused.load(Ordering::Relaxed), taken.load(Ordering::Relaxed));
    result.unwrap();
}

/// The fuzzed commands are every command of the app's list, the desktop-only ones aside.
#[test]
fn every_granted_command_is_fuzzed() {
    let fuzzed = commands();
    for command in
        ["app_info", "games", "new_game", "play", "hint", "odds", "verify_records", "reset_hall", "watch_frame"]
    {
        assert!(fuzzed.contains(&command), "{command} in {fuzzed:?}");
    }
    for command in DESKTOP_ONLY {
        assert!(!fuzzed.contains(command), "{command} would open a dialog or use the clipboard");
    }
    assert!(fuzzed.contains(&"import_game"), "with a file or a text");
    assert_eq!(fuzzed.len(), 50, "{fuzzed:?}");
}
