//! How the app crate's modules import each other, read from their sources with the test
//! modules at their ends left out. The crate is in layers, each a folder of `src-tauri/` (but
//! for the state and the shared vocabulary at its root), and each imports only the layers below
//! it:
//!
//! ```text
//! shell/     the Tauri shell: commands, menu, window, dialogs, clipboard, configuration (and lib.rs)
//!   state.rs   the owner of the locks: the store and the game of each kind in progress
//!     play/      the session that drives every game, its clock
//!       records/   the record formats, the one replay, verify, the watch view, the review
//!         library/   history queries, CSV, the games' catalogue
//!           prefs/     settings, player names, translations
//!             store/     SQL only
//!               error.rs, assistance.rs   the one error type, the help taken
//! ```
//!
//! - no module imports a layer above its own, and no two modules import each other, directly or
//!   around a longer cycle (the store counts as one module);
//! - only the shell names `tauri` or `gtk`: everything below it runs without a webview (the
//!   mock runtime's tests and the tools call it directly);
//! - only the store names `rusqlite`, besides the one error variant that carries SQLite's error;
//! - live play hands out its own data: no module of `play/` builds the store's rows (the state
//!   turns a session into them, `state/rows.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers from the top; a module's layer is the first part of its path.
const LAYERS: &[&[&str]] = &[
    &["lib", "shell"],
    &["state"],
    &["play", "study"],
    &["records"],
    &["library"],
    &["prefs"],
    &["store"],
    &["error", "assistance"],
];

fn rank(module: &str) -> usize {
    let layer = module.split("::").next().unwrap_or_default();
    LAYERS.iter().position(|names| names.contains(&layer)).unwrap_or_else(|| panic!("{module} is in no layer"))
}

/// Each module's source (`shell::commands`; the store as one), without its tests and comments.
fn modules() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src-tauri");
    let mut modules = BTreeMap::<String, String>::new();
    let mut read = |path: &Path, name: String| {
        let text = std::fs::read_to_string(path).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let code: Vec<&str> = code.lines().filter(|line| !line.trim_start().starts_with("//")).collect();
        let joined = modules.entry(name).or_default();
        joined.push_str(&code.join("\n"));
        joined.push('\n');
    };
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        if path.is_dir() && stem != "games" && stem != "capabilities" && stem != "icons" {
            for file in std::fs::read_dir(&path).unwrap() {
                let file = file.unwrap().path();
                let file_stem = file.file_stem().unwrap().to_string_lossy().to_string();
                let name =
                    if stem == "store" || file_stem == "mod" { stem.clone() } else { format!("{stem}::{file_stem}") };
                read(&file, name);
            }
        } else if path.extension().is_some_and(|ext| ext == "rs")
            && !["build", "main", "command_list"].contains(&stem.as_str())
        {
            // The build script, the entry point and the command list are not modules of the crate.
            read(&path, stem);
        }
    }
    modules
}

/// The modules of this crate `code` names (`crate::state`, `crate::play::session::Session`).
fn imports(code: &str, of: &str, known: &BTreeSet<String>) -> BTreeSet<String> {
    let word = |rest: &str| rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect::<String>();
    code.split("crate::")
        .skip(1)
        .filter_map(|rest| {
            let first = word(rest);
            let second = rest[first.len()..].strip_prefix("::").map(word).unwrap_or_default();
            let nested = format!("{first}::{second}");
            [nested, first].into_iter().find(|name| known.contains(name))
        })
        .filter(|name| name != of)
        .collect()
}

/// A path of imports from `from` back to `to`, if there is one.
fn path_back(graph: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> Option<Vec<String>> {
    let mut came_from = BTreeMap::<String, String>::new();
    let mut queue = std::collections::VecDeque::from([from.to_string()]);
    while let Some(module) = queue.pop_front() {
        for next in &graph[&module] {
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

#[test]
fn no_modules_import_each_other() {
    let modules = modules();
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    assert!(known.len() > 25 && known.contains("store") && known.contains("play::session"), "{known:?}");
    let graph: BTreeMap<String, BTreeSet<String>> =
        modules.iter().map(|(name, code)| (name.clone(), imports(code, name, &known))).collect();
    for (module, imported) in &graph {
        for below in imported {
            assert!(rank(below) >= rank(module), "{module} imports {below}, a layer above its own");
        }
    }
    for module in graph.keys() {
        if let Some(cycle) = path_back(&graph, module, module) {
            panic!("{module} imports itself around: {}", cycle.join(" -> "));
        }
    }
    // The check sees imports: the shell reaches the state, the state the store.
    assert!(graph["shell::commands"].contains("state") && graph["state"].contains("store"));
    assert!(graph["play::session"].contains("records::record"));
}

#[test]
fn only_the_shell_names_tauri_and_only_the_store_names_sqlite() {
    for (module, code) in modules() {
        let names = |word: &str| code.contains(&format!("{word}::")) || code.contains(&format!("use {word}"));
        if rank(&module) > 0 {
            assert!(!names("tauri") && !names("gtk"), "{module} is below the shell but names Tauri or GTK");
        }
        if module != "store" {
            let sql = code.replace("#[error(\"storage failed: {0}\")]\n    Store(#[from] rusqlite::Error)", "");
            assert!(!sql.contains("rusqlite"), "{module} is not the store but names rusqlite");
        }
    }
}

#[test]
fn live_play_builds_no_store_rows() {
    let modules = modules();
    let play: Vec<&String> = modules.keys().filter(|name| name.starts_with("play::")).collect();
    assert!(play.len() >= 3, "{play:?}");
    for module in play {
        for row in ["SavedGame", "FinishedGame"] {
            assert!(!modules[module].contains(row), "{module} names the store's row {row}");
        }
    }
    assert!(modules["state::rows"].contains("SavedGame {") && modules["state::rows"].contains("FinishedGame {"));
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
    let known: BTreeSet<String> = ["store".to_string(), "library::csv".to_string()].into();
    let code = "use crate::store::Store;\nfn f() { crate::library::csv::write_history(); crate::unknown::x(); }";
    assert_eq!(imports(code, "state", &known), known);
    assert_eq!(rank("shell::menu"), 0);
    assert!(rank("store") > rank("records::verify"));
}
