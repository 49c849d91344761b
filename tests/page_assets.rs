//! The page's own files: `ui/index.html` preloads exactly the JavaScript modules that start-up
//! loads, app.js's static imports and each shipped game's descriptor (`ui/js/<game>/index.js`,
//! which the page imports by the id the backend's registry names) with theirs, directly or
//! through other static imports (and re-exports): start-up asks for them all at once. Every other
//! module is reached from a screen loaded with `import()` when first shown, and no file in ui/js
//! is reached by neither. And every registered game has the parts of the page that are not
//! code (its strings, its stylesheet's file); the page itself checks its descriptor
//! (tests/e2e/fourth_game.rs, `every_registered_game_has_its_descriptor_in_the_page`).

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

/// The descriptors of the registered games the shipped page has (`js/<game>/index.js`; a test
/// build's fourth game is served from elsewhere).
fn shipped_descriptors(ui: &Path) -> Vec<String> {
    pastimes_games::GameKind::all()
        .map(|kind| format!("js/{}/index.js", kind.as_str()))
        .filter(|descriptor| ui.join(descriptor).is_file())
        .collect()
}

#[test]
fn index_html_preloads_what_start_up_imports_and_every_module_is_reached() {
    let ui = ui();
    let html = std::fs::read_to_string(ui.join("index.html")).unwrap();
    assert!(html.contains("<script type=\"module\" src=\"js/app.js\"></script>"));
    let (mut shell, mut all) = reached(&ui, "js/app.js");
    let descriptors = shipped_descriptors(&ui);
    assert!(descriptors.len() >= 3, "{descriptors:?}");
    for descriptor in descriptors {
        let (statics, everything) = reached(&ui, &descriptor);
        shell.extend(statics);
        all.extend(everything);
        shell.insert(descriptor.clone());
        all.insert(descriptor);
    }
    assert_eq!(preloaded(&html), shell, "ui/index.html's modulepreload links and what start-up imports differ");
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

/// A file of the page (`css/lights.css`) as the app built for the tests serves it: the shipped
/// one in ui/, or what a test build serves besides (the test game's page, `shell/test_game.rs`).
fn page(path: &str) -> Option<String> {
    #[cfg(feature = "test-game")]
    if let Some(served) = pastimes_lib::shell::test_game::served(&format!("/{path}")) {
        return Some(String::from_utf8(served.into_owned()).unwrap());
    }
    std::fs::read(ui().join(path)).ok().map(|bytes| String::from_utf8(bytes).unwrap())
}

/// What the app needs of every registered game besides its rules and its code, game by game: its
/// descriptor's and first stylesheet's files, its strings in every language, its listed
/// categories and default parameters. A game that lacks a part fails here, the part named.
#[test]
fn every_registered_game_has_every_part_the_app_needs() {
    let catalogues: Vec<(String, serde_json::Map<String, serde_json::Value>)> = pastimes_lib::prefs::i18n::LANGUAGES
        .iter()
        .map(|lang| (lang.to_string(), serde_json::from_str(&page(&format!("i18n/{lang}.json")).unwrap()).unwrap()))
        .collect();
    for kind in pastimes_games::GameKind::all() {
        let id = kind.as_str();
        let info = kind.info();
        let mut missing = Vec::new();
        for file in [format!("js/{id}/index.js"), format!("css/{id}.css")] {
            if page(&file).is_none() {
                missing.push(format!("the page's file {file}"));
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

/// What the package says of each game it ships (a game whose page is in ui/; the test build's
/// fourth game ships in no package): its English name in the desktop entry's comment, the
/// AppStream description and the manual page, and its screenshot for AppStream.
#[test]
fn the_package_names_and_shows_every_shipped_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let packaging = root.join("packaging");
    let read = |file: &str| std::fs::read_to_string(packaging.join(file)).unwrap();
    let english: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(ui().join("i18n/en.json")).unwrap()).unwrap();
    let files = [read("pastimes.desktop.hbs"), read("org.pastimes.Pastimes.metainfo.xml"), read("pastimes.6")];
    let ui = ui();
    let shipped: Vec<_> = pastimes_games::GameKind::all()
        .filter(|kind| ui.join(format!("js/{}/index.js", kind.as_str())).is_file())
        .collect();
    assert!(shipped.len() >= 3, "{shipped:?}");
    for kind in shipped {
        let id = kind.as_str();
        let name = english[kind.info().name_key].as_str().unwrap();
        for (file, text) in ["the desktop entry", "the AppStream file", "the manual page"].iter().zip(&files) {
            assert!(text.contains(name), "{file} does not name {name}");
        }
        assert!(packaging.join(format!("screenshots/{id}.png")).is_file(), "no packaging/screenshots/{id}.png");
    }
}

/// Only a game's own folder of the page names the game: no other module holds a registered
/// game's id as a string or reads one of its summary fields out of a finished game, as the
/// page's own check finds them (`tests/page/names.mjs`, run with node on the page's parsed
/// modules: the Rust side only hands it the registry's names).
#[test]
fn no_page_module_outside_a_games_folder_names_a_game() {
    let games: Vec<&str> = pastimes_games::GameKind::all().map(|kind| kind.as_str()).collect();
    let fields: Vec<&str> = pastimes_games::GameKind::all()
        .flat_map(|kind| kind.info().summary_fields.iter().map(|field| field.key))
        .collect();
    let registry = serde_json::json!({ "games": games, "fields": fields }).to_string();
    let check = |ui: &Path| {
        let mut node = std::process::Command::new("node");
        node.current_dir(env!("CARGO_MANIFEST_DIR")).arg("tests/page/names.mjs").arg(ui).arg(&registry);
        node.output().unwrap_or_else(|e| panic!("node, which scripts/install-deps.sh --test installs: {e}"))
    };
    let output = check(&ui());
    let found = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{found}{}", String::from_utf8_lossy(&output.stderr));
    // The check finds such names where they are planted, and leaves a game's own folder alone.
    let planted = tempfile::tempdir().unwrap();
    let js = planted.path().join("js");
    std::fs::create_dir_all(js.join(games[0])).unwrap();
    let source = format!("export const a = (row) => [{:?}, row.summary?.{}];\n", games[1], fields[0]);
    std::fs::write(js.join("planted.js"), &source).unwrap();
    std::fs::write(js.join(games[0]).join("own.js"), &source).unwrap();
    let output = check(planted.path());
    let found = String::from_utf8_lossy(&output.stdout);
    assert!(!output.status.success(), "nothing found in {source}");
    assert_eq!(found.lines().count(), 2, "{found}");
    assert!(found.lines().all(|line| line.contains("/js/planted.js:1 names the ")), "{found}");
}
