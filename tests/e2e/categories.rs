//! The category grammar is read twice: by the rules crate (`GameInfo::category_label`, kind.rs)
//! and by the page (`categoryLabel`, ui/js/catalogue.js), which names the categories of rows the
//! backend sends without a label. Here the page's reader, in the real webview, names every
//! listed category of every registered game, a name of each pattern and names that only look
//! like one, and must say what the backend's reader says: the same catalogue entry with the
//! same numbers.

use crate::harness::App;
use pastimes_games::GameKind;
use serde_json::{json, Value};

/// The `{field}`s of a pattern's template, in order.
fn fields_of(template: &str) -> Vec<&str> {
    template.split('{').skip(1).filter_map(|rest| rest.split_once('}').map(|(field, _)| field)).collect()
}

/// Names a reader must get right: the listed categories, each pattern filled with numbers, and
/// near misses (a leading zero, a missing or an extra part).
fn names(kind: GameKind) -> Vec<String> {
    let info = kind.info();
    let mut names = (info.categories.listed)();
    for pattern in info.categories.patterns {
        let fields = fields_of(pattern.template);
        let numbers: Vec<(&str, usize)> = fields.iter().enumerate().map(|(i, field)| (*field, 9 + 7 * i)).collect();
        let zero: Vec<(&str, usize)> = fields.iter().map(|field| (*field, 0)).collect();
        let named = pattern.name(&numbers);
        names.push(named.clone());
        names.push(pattern.name(&zero));
        names.push(format!("{named}x"));
        names.push(format!("x{named}"));
        names.push(named.replacen('9', "09", 1));
        names.push(pattern.template.to_string());
    }
    names.push("no-such-category".to_string());
    names
}

#[tokio::test(flavor = "current_thread")]
async fn the_page_names_every_category_as_the_backend_does() {
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), None).await;
    let mut cases = Vec::new();
    for kind in GameKind::all() {
        for name in names(kind) {
            let (key, params) = kind.info().category_label(&name);
            cases.push(json!({"game": kind.as_str(), "name": name, "key": key, "params": params}));
        }
    }
    let script = "const [cases, done] = arguments;
        Promise.all([import('./js/catalogue.js'), import('./js/i18n.js')]).then(([catalogue, i18n]) => done(
          cases.map((c) => [c.game, c.name, catalogue.categoryLabel(c.game, c.name), i18n.t(c.key, c.params)])));";
    let answers = app.client.execute_async(script, vec![Value::Array(cases.clone())]).await.unwrap();
    let answers = answers.as_array().unwrap();
    assert_eq!(answers.len(), cases.len());
    let disagree: Vec<&Value> = answers.iter().filter(|answer| answer[2] != answer[3]).collect();
    assert!(disagree.is_empty(), "the page's names [game, category, page, backend] differ: {disagree:?}");
    // The patterns are there to be tested: a filled one reads as its entry with its numbers.
    assert!(answers.iter().any(|answer| answer[1] == "custom-9x16/23" && answer[2] != answer[1]), "{answers:?}");
    app.quit().await;
}
