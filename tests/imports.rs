//! How the app crate's modules import each other (`src-tauri/*.rs`, `src-tauri/store/` as one
//! module), read from their sources with the test modules at their ends left out:
//!
//! - no two modules import each other, directly or around a longer cycle;
//! - only the Tauri shell (the commands, the menu, the window, the dialogs, the clipboard, and
//!   `lib.rs` that builds the app) names `tauri` or `gtk`: everything below it runs without a
//!   webview (the mock runtime's tests and the tools call it directly);
//! - only the store names `rusqlite`, besides the one error variant that carries SQLite's error.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The modules of the Tauri shell.
const SHELL: &[&str] = &["lib", "commands", "menu", "window", "clipboard", "file_dialog"];

/// Each module's source, without its tests and comments.
fn modules() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src-tauri");
    let mut modules = BTreeMap::<String, String>::new();
    for (dir, as_store) in [(root.clone(), false), (root.join("store"), true)] {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let stem = path.file_stem().unwrap().to_string_lossy().to_string();
            let is_rust = path.extension().is_some_and(|ext| ext == "rs");
            // The build script, the entry point and the command list are not modules of the crate.
            if !is_rust || (!as_store && ["build", "main", "command_list"].contains(&stem.as_str())) {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            let code: Vec<&str> = code.lines().filter(|line| !line.trim_start().starts_with("//")).collect();
            let name = if as_store { "store".to_string() } else { stem };
            let joined = modules.entry(name).or_default();
            joined.push_str(&code.join("\n"));
            joined.push('\n');
        }
    }
    modules
}

/// The modules of this crate `code` names (`crate::name`).
fn imports(code: &str, of: &str, known: &BTreeSet<String>) -> BTreeSet<String> {
    code.split("crate::")
        .skip(1)
        .map(|rest| rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect::<String>())
        .filter(|name| name != of && known.contains(name))
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
    assert!(known.len() > 25 && known.contains("store") && known.contains("state"), "{known:?}");
    let graph: BTreeMap<String, BTreeSet<String>> =
        modules.iter().map(|(name, code)| (name.clone(), imports(code, name, &known))).collect();
    for module in graph.keys() {
        if let Some(cycle) = path_back(&graph, module, module) {
            panic!("{module} imports itself around: {}", cycle.join(" -> "));
        }
    }
    // The check sees imports: the shell reaches the state, the state the store.
    assert!(graph["commands"].contains("state") && graph["state"].contains("store"));
}

#[test]
fn only_the_shell_names_tauri_and_only_the_store_names_sqlite() {
    for (module, code) in modules() {
        let names = |word: &str| code.contains(&format!("{word}::")) || code.contains(&format!("use {word}"));
        if !SHELL.contains(&module.as_str()) {
            assert!(!names("tauri") && !names("gtk"), "{module} is below the shell but names Tauri or GTK");
        }
        if module != "store" {
            let sql = code.replace("#[error(\"storage failed: {0}\")]\n    Store(#[from] rusqlite::Error)", "");
            assert!(!sql.contains("rusqlite"), "{module} is not the store but names rusqlite");
        }
    }
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
    let known: BTreeSet<String> = ["store".to_string(), "csv".to_string()].into();
    let code = "use crate::store::Store;\nfn f() { crate::csv::write_history(); crate::unknown::x(); }";
    assert_eq!(imports(code, "state", &known), known);
}
