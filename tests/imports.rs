//! How the app crate's modules import each other, read from their whole sources (parsed, so only
//! the test modules are left out: `imports/source.rs`). The crate is in layers, each a folder of
//! `src-tauri/` (but for the state and the shared vocabulary at its root), listed from the top in
//! [`LAYERS`]; each imports only the layers below it:
//!
//! - no module imports a layer above its own, and no two modules import each other, directly or
//!   around a longer cycle (the store counts as one module);
//! - only the shell names `tauri`, `gtk` or `webkit2gtk`: everything below it runs without a
//!   webview (the mock runtime's tests and the tools call it directly);
//! - only the store names `rusqlite`, besides the one error variant that carries SQLite's error;
//! - live play hands out its own data: no module of `play/` builds the store's rows (the state
//!   turns a session into them, `state/rows.rs`).

#[path = "imports/source.rs"]
mod source;
#[path = "imports/tree.rs"]
mod tree;

use source::Named;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A layer: the modules in it (a module's layer is the first part of its path) and what they hold.
struct Layer {
    modules: &'static [&'static str],
    holds: &'static str,
}

/// The layers from the top. A layer added, moved or renamed is one line here.
const LAYERS: &[Layer] = &[
    Layer {
        modules: &["lib", "shell"],
        holds: "the Tauri shell: start-up, commands, menu, window, dialogs, clipboard",
    },
    Layer { modules: &["state"], holds: "the owner of the locks: the store and the game of each kind in progress" },
    Layer {
        modules: &["play", "study", "puzzles"],
        holds: "the session that drives every game; the games' study boards and puzzles",
    },
    Layer { modules: &["engines"], holds: "hosted Gomocup brains: their processes, the protocol, their turns" },
    Layer { modules: &["records"], holds: "the record formats, the one replay, verify, the watch view, the review" },
    Layer { modules: &["library"], holds: "history queries, CSV, the games' catalogue" },
    Layer { modules: &["prefs"], holds: "settings, player names, translations, the configuration" },
    Layer { modules: &["store"], holds: "SQL only" },
    Layer { modules: &["error", "assistance"], holds: "the one error type, the help taken" },
];

/// The crates only the shell may name: they need a webview.
const WINDOWING: [&str; 3] = ["tauri", "gtk", "webkit2gtk"];

/// The one path of SQLite's outside the store, and the module allowed it: the error variant that
/// carries SQLite's error.
const SQLITE_ERROR: (&str, &str) = ("error", "rusqlite::Error");

fn rank(module: &str) -> usize {
    let layer = module.split("::").next().unwrap_or_default();
    LAYERS
        .iter()
        .position(|layer_of| layer_of.modules.contains(&layer))
        .unwrap_or_else(|| panic!("{module} is in no layer"))
}

/// The modules of this crate that `named` names, but `of` itself (`crate::COMMANDS`, an item of
/// the root, is the root's, `lib`).
fn imports(named: &Named, of: &str, known: &BTreeSet<String>) -> BTreeSet<String> {
    named
        .inside
        .iter()
        .map(|path| {
            let nested = path.iter().take(2).cloned().collect::<Vec<_>>().join("::");
            let first = path.first().cloned().unwrap_or_default();
            [nested, first].into_iter().find(|name| known.contains(name)).unwrap_or_else(|| "lib".to_string())
        })
        .filter(|name| name != of)
        .collect()
}

/// Who imports whom.
fn graph(modules: &BTreeMap<String, Named>) -> BTreeMap<String, BTreeSet<String>> {
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    modules.iter().map(|(name, named)| (name.clone(), imports(named, name, &known))).collect()
}

/// A path of imports from `from` back to `to`, if there is one.
fn path_back(graph: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> Option<Vec<String>> {
    let mut came_from = BTreeMap::<String, String>::new();
    let mut queue = std::collections::VecDeque::from([from.to_string()]);
    while let Some(module) = queue.pop_front() {
        for next in graph.get(&module).into_iter().flatten() {
            if next == to {
                let mut path = vec![to.to_string(), module.clone()];
                let mut at = module.clone();
                while let Some(before) = came_from.get(&at) {
                    path.push(before.clone());
                    at = before.clone();
                }
                path.reverse();
                return Some(path);
            }
            if next != from && !came_from.contains_key(next) {
                came_from.insert(next.clone(), module.clone());
                queue.push_back(next.clone());
            }
        }
    }
    None
}

/// Every import against the layering in `graph`: of a layer above, or around a cycle.
fn layering_breaches(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut breaches = Vec::new();
    for (module, imported) in graph {
        for above in imported.iter().filter(|imported| rank(imported) < rank(module)) {
            let (own, theirs) = (LAYERS[rank(module)].holds, LAYERS[rank(above)].holds);
            breaches.push(format!("{module} ({own}) imports {above} ({theirs}), a layer above its own"));
        }
        if let Some(cycle) = path_back(graph, module, module) {
            breaches.push(format!("{module} imports itself around: {}", cycle.join(" -> ")));
        }
    }
    breaches
}

/// Every outside crate named where it must not be: a windowing crate below the shell, SQLite
/// outside the store.
fn naming_breaches(modules: &BTreeMap<String, Named>) -> Vec<String> {
    let mut breaches = Vec::new();
    for (module, named) in modules {
        for path in &named.outside {
            let (first, written) = (path[0].as_str(), path.join("::"));
            if rank(module) > 0 && WINDOWING.contains(&first) {
                breaches.push(format!("{module} is below the shell but names {written}"));
            }
            if first == "rusqlite" && module != "store" && (module.as_str(), written.as_ref()) != SQLITE_ERROR {
                breaches.push(format!("{module} is not the store but names {written}"));
            }
        }
    }
    breaches
}

/// Every name of a particular game's module (`pastimes_games::gomoku::Gomoku`) outside the games
/// crate: the app reaches each game through its registry entry and the erased interface only.
fn game_breaches(modules: &BTreeMap<String, Named>, games: &[&str]) -> Vec<String> {
    let mut breaches = Vec::new();
    for (module, named) in modules {
        for path in &named.outside {
            let hosted = GAME_HOSTS.iter().any(|(host, game)| {
                module.split("::").next() == Some(host) && path.get(1).map(String::as_str) == Some(game)
            });
            if path.len() > 1 && path[0] == "pastimes_games" && games.contains(&path[1].as_str()) && !hosted {
                breaches.push(format!("{module} names the game {}: {}", path[1], path.join("::")));
            }
        }
    }
    breaches
}

/// The layers that host one game's outside programs, which speak that game's own protocol, and
/// the game: the Gomocup brains (`engines/`) are Gomoku engines by nature. (A second game with
/// hosted programs would make this a capability of the games' table instead.)
const GAME_HOSTS: [(&str, &str); 1] = [("engines", "gomoku")];

fn app_modules() -> BTreeMap<String, Named> {
    tree::modules(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src-tauri"))
}

#[test]
fn no_modules_import_each_other() {
    let modules = app_modules();
    assert!(modules.len() > 25 && modules.contains_key("store") && modules.contains_key("play::session"));
    let graph = graph(&modules);
    let breaches = layering_breaches(&graph);
    assert!(breaches.is_empty(), "{breaches:#?}");
    // The check sees imports: the shell reaches the state, the state the store.
    assert!(graph["shell::commands"].contains("state") && graph["state"].contains("store"));
    assert!(graph["play::session"].contains("records::record"));
}

#[test]
fn only_the_shell_names_tauri_and_only_the_store_names_sqlite() {
    let modules = app_modules();
    let breaches = naming_breaches(&modules);
    assert!(breaches.is_empty(), "{breaches:#?}");
    // The check sees the names: the shell's Tauri and GTK, the store's SQLite.
    let names = |module: &str, krate: &str| modules[module].outside.iter().any(|path| path[0] == krate);
    assert!(names("lib", "tauri") && names("shell::file_dialog", "gtk") && names("store", "rusqlite"));
}

#[test]
fn no_app_module_names_a_game() {
    let games: Vec<&str> = pastimes_games::GameKind::all().map(|kind| kind.as_str()).collect();
    let breaches = game_breaches(&app_modules(), &games);
    assert!(breaches.is_empty(), "{breaches:#?}");
    // The check sees such a name, in code, not in the tests beside it.
    let planted = planted(&[(
        "records::verify",
        "fn f() { pastimes_games::bubbles::KIND.info(); }\n#[cfg(test)]\nmod tests { use pastimes_games::gomoku; }",
    )]);
    assert_eq!(
        game_breaches(&planted, &games),
        ["records::verify names the game bubbles: pastimes_games::bubbles::KIND"]
    );
}

#[test]
fn live_play_builds_no_store_rows() {
    let modules = app_modules();
    let play: Vec<&String> = modules.keys().filter(|name| name.starts_with("play::")).collect();
    assert!(play.len() >= 3, "{play:?}");
    for module in play {
        for row in ["SavedGame", "FinishedGame"] {
            assert!(!modules[module].words.contains(row), "{module} names the store's row {row}");
        }
    }
    assert!(["SavedGame", "FinishedGame"].iter().all(|row| modules["state::rows"].words.contains(*row)));
}

/// The modules of small sources, each read as the file of the module of its name.
fn planted(sources: &[(&str, &str)]) -> BTreeMap<String, Named> {
    sources
        .iter()
        .map(|(name, text)| {
            let path: Vec<String> = name.split("::").map(String::from).collect();
            (tree::name(&path), source::read(text, &path).unwrap())
        })
        .collect()
}

#[test]
fn a_cycle_is_found_and_named() {
    let graph: BTreeMap<String, BTreeSet<String>> =
        [("a", vec!["b"]), ("b", vec!["c"]), ("c", vec!["a"]), ("d", vec!["a"])]
            .into_iter()
            .map(|(from, to)| (from.to_string(), to.into_iter().map(String::from).collect()))
            .collect();
    assert_eq!(path_back(&graph, "a", "a"), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
    assert_eq!(path_back(&graph, "d", "d"), None);
    assert_eq!(rank("shell::menu"), 0);
    assert!(rank("store") > rank("records::verify"));
}

#[test]
fn every_way_of_naming_a_module_is_an_import() {
    let modules = planted(&[
        ("state", "pub(crate) mod rows;\nfn f() { rows::g(); crate::library::csv::write_history(); }"),
        ("state::rows", "pub(super) fn g() { format!(\"{}\", crate::store::COUNT); }"),
        ("records::verify", "use super::{record, watch::*};\nuse crate::{error::AppError, prefs::{self}};"),
        ("library::csv", "fn write_history() {}"),
        ("records::record", ""),
        ("records::watch", ""),
        ("error", ""),
        ("prefs", ""),
        ("store", "pub const COUNT: u8 = 1;"),
    ]);
    let graph = graph(&modules);
    let set = |names: &[&str]| names.iter().map(|name| name.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(graph["state"], set(&["state::rows", "library::csv"]));
    // `pub(super)` says who sees `g`; it imports nothing.
    assert_eq!(graph["state::rows"], set(&["store"]));
    assert_eq!(graph["records::verify"], set(&["records::record", "records::watch", "error", "prefs"]));
}

#[test]
fn a_planted_breach_is_found_after_a_test_item_but_not_in_the_tests() {
    let modules = planted(&[
        (
            "store::history",
            "#[cfg(test)]\nfn for_tests() {}\nuse crate::state::AppState;\n\
             #[cfg(test)]\nmod tests { use crate::shell::menu; use tauri::Manager; }",
        ),
        ("records::watch", "fn show() { let _ = tauri::Manager::app_handle; }"),
        ("state", "use rusqlite::Connection;\n#[cfg(test)]\nmod tests;"),
        ("error", "enum E { Store(rusqlite::Error), Other(rusqlite::Connection) }"),
        ("shell::menu", "use tauri::Manager;"),
    ]);
    assert_eq!(
        layering_breaches(&graph(&modules)),
        ["store (SQL only) imports state (the owner of the locks: the store and the game of each kind in progress), \
          a layer above its own"]
    );
    assert_eq!(
        naming_breaches(&modules),
        [
            "error is not the store but names rusqlite::Connection",
            "records::watch is below the shell but names tauri::Manager::app_handle",
            "state is not the store but names rusqlite::Connection",
        ]
    );
    assert!(modules["state"].test_modules.contains(&vec!["state".to_string(), "tests".to_string()]));
}
