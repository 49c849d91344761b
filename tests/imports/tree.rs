//! The app crate's modules as `tests/imports.rs` sees them: every source file under `src-tauri/`
//! but the games crate's and those below, each read whole, the files of test modules left out. A module is named by the first two parts of its path
//! (`shell::commands`, `state::rows`); the store, which holds SQL and nothing else, is one.

use crate::source::{self, Named, Path as ModulePath};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Not modules of the library crate: the build script, the binary's entry point, and the list of
/// the commands' names that the build script and `lib.rs` each include in a macro of their own.
const NOT_MODULES: [&str; 3] = ["build.rs", "main.rs", "command_list.rs"];

/// Every module of the crate under `root` (`src-tauri/`), by name, with what its files name.
pub fn modules(root: &Path) -> BTreeMap<String, Named> {
    let mut files = Vec::new();
    rust_files(root, &mut files);
    let read: Vec<(ModulePath, Named)> = files
        .iter()
        .map(|file| {
            let module = module_path(file.strip_prefix(root).unwrap());
            let text = std::fs::read_to_string(file).unwrap();
            let named = source::read(&text, &module).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            (module, named)
        })
        .collect();
    let tests: BTreeSet<ModulePath> = read.iter().flat_map(|(_, named)| named.test_modules.clone()).collect();
    let mut modules = BTreeMap::<String, Named>::new();
    for (module, named) in read.into_iter().filter(|(module, _)| !tests.contains(module)) {
        let joined = modules.entry(name(&module)).or_default();
        joined.inside.extend(named.inside);
        joined.outside.extend(named.outside);
        joined.words.extend(named.words);
    }
    modules
}

/// The module's name in the layering: `lib` for the crate root, `store` for all of the store.
pub fn name(module: &[String]) -> String {
    match module {
        [] => "lib".to_string(),
        [first, ..] if first == "store" => first.clone(),
        _ => module[..module.len().min(2)].join("::"),
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let file_name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() && file_name != "games" {
            rust_files(&path, out);
        } else if file_name.ends_with(".rs") && !NOT_MODULES.contains(&file_name.as_str()) {
            out.push(path);
        }
    }
}

/// The module a file holds, from the crate root: `state/rows.rs` is `state::rows`, `shell/mod.rs`
/// is `shell`, `lib.rs` is the root.
fn module_path(relative: &Path) -> ModulePath {
    let mut parts: ModulePath =
        relative.with_extension("").components().map(|part| part.as_os_str().to_string_lossy().to_string()).collect();
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    if parts == ["lib"] {
        parts.clear();
    }
    parts
}
