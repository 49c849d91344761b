//! The axe-core accessibility engine (npm's `axe-core`, installed into `.tools/` by
//! `scripts/install-deps.sh --test`) run inside the real webview at a stop of the tour (tour.rs):
//! the violations per screen and impact, the serious and critical ones kept. The tour in every
//! language and theme is languages.rs.

use crate::harness::App;
use crate::tour::Inspector;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;

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

/// The audit at each stop of the tour: the counts per screen (`table`), and the serious and
/// critical violations (`serious`).
pub struct Axe {
    source: String,
    pub serious: Vec<String>,
    pub table: Vec<String>,
}

impl Axe {
    pub fn loaded() -> Axe {
        Axe { source: axe_source(), serious: Vec::new(), table: Vec::new() }
    }
}

impl Inspector for Axe {
    async fn look(&mut self, app: &App, screen: &str) {
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
