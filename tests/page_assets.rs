//! The page's own files: `ui/index.html` preloads every JavaScript module the page imports
//! (start-up asks for them all at once), and nothing that is not there.

use std::collections::BTreeSet;
use std::path::Path;

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

#[test]
fn index_html_preloads_every_module_but_the_entry_point() {
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    let html = std::fs::read_to_string(ui.join("index.html")).unwrap();
    let mut modules = BTreeSet::new();
    modules_under(&ui.join("js"), &ui, &mut modules);
    assert!(html.contains("<script type=\"module\" src=\"js/app.js\"></script>"));
    modules.remove("js/app.js");
    assert!(modules.len() > 20, "{modules:?}");
    assert_eq!(preloaded(&html), modules, "ui/index.html's modulepreload links and the files in ui/js differ");
}

#[test]
fn the_list_reader_sees_a_missing_or_extra_module() {
    let html = r#"<link rel="modulepreload" href="js/a.js"><link rel="modulepreload" href="js/b.js">"#;
    assert_eq!(preloaded(html), BTreeSet::from(["js/a.js".to_string(), "js/b.js".to_string()]));
    assert_ne!(preloaded(html), BTreeSet::from(["js/a.js".to_string()]));
}
