//! The page's own files: `ui/index.html` preloads exactly the JavaScript modules that app.js
//! imports, directly or through other static imports (and re-exports) (start-up asks for them all at once);
//! every other module is reached from a screen loaded with `import()` when first shown, and no
//! file in ui/js is reached by neither.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn modules_under(dir: &Path, root: &Path, found: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            modules_under(&path, root, found);
        } else if path.extension().is_some_and(|ext| ext == "js") {
            found.insert(path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"));
        }
    }
}

fn preloaded(html: &str) -> BTreeSet<String> {
    html.split("<link rel=\"modulepreload\" href=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap().to_string())
        .collect()
}

/// `target` ("./x.js", "../y.js") seen from the module `from` ("js/a/b.js"): "js/a/x.js".
fn resolve(from: &str, target: &str) -> String {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in target.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop();
            }
            name => parts.push(name),
        }
    }
    parts.join("/")
}

/// The modules `source` (the module `from`) imports: (static, dynamic).
fn imports(from: &str, source: &str) -> (Vec<String>, Vec<String>) {
    let quoted = |rest: &str| rest.split('\'').nth(1).map(|target| resolve(from, target));
    let statics = source
        .lines()
        .filter(|line| line.starts_with("import ") || (line.starts_with("export ") && line.contains(" from '")))
        .filter_map(|line| line.rsplit_once(" from ").map(|(_, rest)| rest).or(line.strip_prefix("import ")))
        .filter_map(quoted)
        .collect();
    let dynamics = source.split("import(").skip(1).filter_map(|rest| quoted(rest.split(')').next()?)).collect();
    (statics, dynamics)
}

/// Follows the imports from `entry`: (the static closure, everything reached at all).
fn reached(ui: &Path, entry: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let read =
        |module: &str| std::fs::read_to_string(ui.join(module)).unwrap_or_else(|_| panic!("{module} is imported"));
    let follow = |starts: Vec<String>, with_dynamic: bool| {
        let mut seen = BTreeSet::new();
        let mut todo = starts;
        while let Some(module) = todo.pop() {
            let (statics, dynamics) = imports(&module, &read(&module));
            for next in statics.into_iter().chain(dynamics.into_iter().filter(|_| with_dynamic)) {
                if seen.insert(next.clone()) {
                    todo.push(next);
                }
            }
        }
        seen
    };
    (follow(vec![entry.to_string()], false), follow(vec![entry.to_string()], true))
}

fn ui() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("ui")
}

#[test]
fn index_html_preloads_what_app_js_imports_and_every_module_is_reached() {
    let ui = ui();
    let html = std::fs::read_to_string(ui.join("index.html")).unwrap();
    assert!(html.contains("<script type=\"module\" src=\"js/app.js\"></script>"));
    let (shell, all) = reached(&ui, "js/app.js");
    assert_eq!(preloaded(&html), shell, "ui/index.html's modulepreload links and app.js's static imports differ");
    let mut files = BTreeSet::new();
    modules_under(&ui.join("js"), &ui, &mut files);
    files.remove("js/app.js");
    assert!(files.len() > 20, "{files:?}");
    let unreached: Vec<_> = files.difference(&all).collect();
    assert!(unreached.is_empty(), "modules nothing imports: {unreached:?}");
    assert!(all.contains("js/minesweeper/screen.js") && !shell.contains("js/minesweeper/screen.js"), "{shell:?}");
}

#[test]
fn the_readers_see_imports_and_links() {
    let html = r#"<link rel="modulepreload" href="js/a.js"><link rel="modulepreload" href="js/b.js">"#;
    assert_eq!(preloaded(html), BTreeSet::from(["js/a.js".to_string(), "js/b.js".to_string()]));
    let source = "import { a } from './a.js';\nimport '../side.js';\nconst b = () => import('./b/c.js');\n// import x from 'no';\nexport { d } from './d.js';\nexport const e = 1;";
    let (statics, dynamics) = imports("js/x/y.js", source);
    assert_eq!(statics, ["js/x/a.js", "js/side.js", "js/x/d.js"]);
    assert_eq!(dynamics, ["js/x/b/c.js"]);
}

/// A file of the page (`js/games.js`) as the app built for the tests serves it: the shipped one
/// in ui/, or what a test build lays over it (the test game's page, `shell/test_game.rs`).
fn page(path: &str) -> Option<String> {
    let shipped = std::fs::read(ui().join(path)).ok();
    #[cfg(feature = "test-game")]
    if let Some(served) = pastimes_lib::shell::test_game::served(&format!("/{path}"), shipped.as_deref()) {
        return Some(String::from_utf8(served.into_owned()).unwrap());
    }
    shipped.map(|bytes| String::from_utf8(bytes).unwrap())
}

/// What the app needs of every registered game besides its rules, game by game; a game that
/// lacks a part fails here, the part named.
#[test]
fn every_registered_game_has_every_part_the_app_needs() {
    let registry = page("js/games.js").unwrap();
    let html = page("index.html").unwrap();
    let catalogues: Vec<(String, serde_json::Map<String, serde_json::Value>)> = ["en", "de", "cs", "zh"]
        .iter()
        .map(|lang| (lang.to_string(), serde_json::from_str(&page(&format!("i18n/{lang}.json")).unwrap()).unwrap()))
        .collect();
    for kind in pastimes_games::GameKind::all() {
        let id = kind.as_str();
        let info = kind.info();
        let mut missing = descriptor_gaps(id, &registry, &html);
        if let Some(shown) = info.analysis.map(|analysis| analysis.shown) {
            let descriptor = page(&format!("js/{id}/index.js")).unwrap_or_default();
            let review = descriptor.contains("export const review = () => import('./review.js');");
            if (shown == pastimes_games::Shown::Review) != review {
                missing.push(format!("a review in ui/js/{id}/index.js exactly when its analysis is shown as one"));
            }
        }
        let categories = (info.categories.listed)();
        if categories.is_empty() {
            missing.push("a listed category".to_string());
        }
        for category in &categories {
            if !info.is_category(category) {
                missing.push(format!("a listed category that parses: {category}"));
            }
        }
        let mut keys = vec![
            info.name_key.to_string(),
            format!("{}.blurb", info.name_key),
            format!("help.{id}"),
            format!("help.{id}.title"),
        ];
        keys.extend(categories.iter().map(|category| info.category_label(category).0));
        keys.extend(info.rate.map(|rate| rate.key.to_string()));
        for (lang, catalogue) in &catalogues {
            missing.extend(
                keys.iter().filter(|key| !catalogue.contains_key(*key)).map(|key| format!("{lang}.json: {key}")),
            );
        }
        if (info.new_game)(&info.default_params(), 1).is_err() {
            missing.push("default parameters that start a game".to_string());
        }
        assert!(missing.is_empty(), "{id} lacks: {missing:?}");
    }
}

/// What the page's descriptor of the game `id` lacks (ui/js/<id>/index.js: its id, its screen
/// module, its watch board and its stylesheet), and whether the page's registry (`registry`,
/// ui/js/games.js) and `html` (ui/index.html) name it.
fn descriptor_gaps(id: &str, registry: &str, html: &str) -> Vec<String> {
    let mut missing = Vec::new();
    let descriptor_path = format!("js/{id}/index.js");
    if !registry.contains(&format!("import * as {id} from './{id}/index.js';"))
        || !registry.lines().any(|line| {
            line.strip_prefix("export const descriptors = {")
                .and_then(|rest| rest.split('}').next())
                .is_some_and(|names| names.split(',').any(|name| name.trim() == id))
        })
    {
        missing.push("its descriptor in ui/js/games.js (imported and in `descriptors`)".to_string());
    }
    let Some(descriptor) = page(&descriptor_path) else {
        missing.push(format!("its descriptor ui/{descriptor_path}"));
        return missing;
    };
    if !descriptor.contains(&format!("export const id = '{id}';")) {
        missing.push(format!("its id in ui/{descriptor_path}"));
    }
    let screen = descriptor.contains("export const screen = () => import('./screen.js');");
    if !screen {
        missing.push(format!("its screen in ui/{descriptor_path}"));
    }
    match page(&format!("js/{id}/screen.js")) {
        Some(source) if source.contains("gameScreen(") => {}
        _ if !screen => {}
        _ => missing.push(format!("a screen built by gameScreen in ui/js/{id}/screen.js")),
    }
    // `export const watchBoard = async (app) => (await import('./board.js')).watchBoard(app);`
    let board = descriptor
        .lines()
        .find(|line| line.starts_with("export const watchBoard"))
        .and_then(|line| line.split("import('./").nth(1))
        .and_then(|rest| rest.split('\'').next());
    let board_source = board.and_then(|module| page(&format!("js/{id}/{module}")));
    match board.map(|_| &board_source) {
        Some(Some(source)) if source.contains("export function watchBoard(") => {}
        Some(_) => {
            missing.push(format!("the watch board that ui/{descriptor_path} names (`export function watchBoard`)"))
        }
        None => missing.push(format!("its watch board in ui/{descriptor_path}")),
    }
    let stylesheet = format!("css/{id}.css");
    if !descriptor.contains(&format!("export const stylesheet = '{stylesheet}';")) {
        missing.push(format!("its stylesheet in ui/{descriptor_path}"));
    }
    if page(&stylesheet).is_none() {
        missing.push(format!("ui/{stylesheet}"));
    }
    // The shipped page links a shipped game's stylesheet; a game only a test build serves links
    // its own, from its descriptor, as the page starts.
    let linked_by_descriptor = descriptor.contains("rel: 'stylesheet', href: stylesheet");
    if !html.contains(&format!("<link rel=\"stylesheet\" href=\"{stylesheet}\">")) && !linked_by_descriptor {
        missing.push("its stylesheet linked by ui/index.html".to_string());
    }
    missing
}
