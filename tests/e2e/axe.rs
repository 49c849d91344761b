//! The axe-core accessibility engine (npm's `axe-core`, installed into `.tools/` by
//! `scripts/install-deps.sh --test`) run inside the real webview on every screen and every dialog
//! of the tour (tour.rs), in each theme. Prints the violations per screen and impact; fails on serious or
//! critical ones. Each stop is pictured too (`target/e2e-shots/tour-<theme>-<stop>.png`): every
//! screen and dialog in each theme, to compare two builds' looks as shots.rs does.

use crate::gomoku::picture;
use crate::harness::App;
use crate::tour::{Inspector, Tour};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;

const THEMES: [&str; 3] = ["light", "dark", "contrast"];

fn axe_source() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(".tools/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run scripts/install-deps.sh --test)", path.display()))
}

/// Runs axe on the page as it is; returns the violations as {id, impact, nodes, targets, help}.
async fn audit(app: &App, source: &str) -> Vec<Value> {
    let present = app.client.execute("return typeof window.axe === 'object'", vec![]).await.unwrap();
    if present != json!(true) {
        app.client.execute(&format!("{source}\n;return true;"), vec![]).await.expect("axe loads");
    }
    let result = app
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { resultTypes: ['violations'] })
               .then((r) => done(r.violations.map((v) => ({
                 id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length,
                 targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))))
               .catch((e) => done({ error: String(e) }));",
            vec![],
        )
        .await
        .expect("axe runs");
    match result {
        Value::Array(violations) => violations,
        other => panic!("axe failed: {other}"),
    }
}

/// The audit at each stop of the tour: prints the counts per screen, and keeps the serious and
/// critical violations.
struct Axe {
    source: String,
    serious: Vec<String>,
    table: Vec<String>,
}

impl Inspector for Axe {
    async fn look(&mut self, app: &App, screen: &str) {
        picture(app, &format!("tour-{}", screen.replace(['/', ' '], "-"))).await;
        let violations = audit(app, &self.source).await;
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for violation in &violations {
            let impact = violation["impact"].as_str().unwrap_or("unknown").to_string();
            *counts.entry(impact.clone()).or_default() += violation["nodes"].as_u64().unwrap_or(0) as usize;
            if impact == "serious" || impact == "critical" {
                self.serious.push(format!(
                    "{screen}: {} ({impact}, {} nodes: {}) {}",
                    violation["id"], violation["nodes"], violation["targets"], violation["help"]
                ));
            } else {
                eprintln!("axe {screen}: {} ({impact}) {}", violation["id"], violation["targets"]);
            }
        }
        let summary = if counts.is_empty() {
            "no violations".to_string()
        } else {
            counts.iter().map(|(impact, n)| format!("{impact} {n}")).collect::<Vec<_>>().join(", ")
        };
        self.table.push(format!("{screen:<36} {summary}"));
    }
}

#[tokio::test(flavor = "current_thread")]
async fn axe_finds_no_serious_violation_on_any_screen_in_any_theme() {
    let mut axe = Axe { source: axe_source(), serious: Vec::new(), table: Vec::new() };
    let tour = Tour::start().await;
    let app = &tour.app;
    for theme in THEMES {
        app.invoke("set_setting", json!({"key": "theme", "value": theme})).await.unwrap();
        app.wait_for("the theme", &format!("return document.documentElement.dataset.theme === '{theme}'")).await;
        tour.round(&mut axe, theme).await;
    }
    eprintln!("axe-core violations (nodes) per screen:\n{}", axe.table.join("\n"));
    tour.app.quit().await;
    assert!(axe.serious.is_empty(), "serious or critical accessibility violations:\n{}", axe.serious.join("\n"));
}
