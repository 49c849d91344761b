//! The axe-core accessibility engine (npm's `axe-core`, installed into `.tools/` by
//! `scripts/install-deps.sh --test`) run inside the real webview on every screen and every dialog
//! we can open, in each theme. Prints the violations per screen and impact; fails on serious or
//! critical ones.

use crate::access::resume_if_paused;
use crate::harness::App;
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

/// Audits one screen: prints its counts, and keeps the serious and critical violations.
async fn check(app: &App, source: &str, screen: &str, serious: &mut Vec<String>, table: &mut Vec<String>) {
    let violations = audit(app, source).await;
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for violation in &violations {
        let impact = violation["impact"].as_str().unwrap_or("unknown").to_string();
        *counts.entry(impact.clone()).or_default() += violation["nodes"].as_u64().unwrap_or(0) as usize;
        if impact == "serious" || impact == "critical" {
            serious.push(format!(
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
    table.push(format!("{screen:<36} {summary}"));
}

async fn close_dialog(app: &App, id: &str) {
    app.keys("\u{E00C}").await; // Escape: every dialog closes with it
    app.wait_for("the dialog to close", &format!("return !document.querySelector('#{id}')")).await;
}

/// Opens a dialog by its button, audits it, closes it with Escape.
async fn dialog(
    app: &App,
    source: &str,
    button: &str,
    id: &str,
    name: &str,
    out: (&mut Vec<String>, &mut Vec<String>),
) {
    // A choice that asks first (Minesweeper's Custom…) opens its dialog from the choices' menu.
    match button.strip_prefix("choice:") {
        Some(item) => app.choose(item).await,
        None => app.click(button).await,
    }
    app.wait_for("the dialog", &format!("return document.querySelector('#{id}[open]')")).await;
    check(app, source, name, out.0, out.1).await;
    close_dialog(app, id).await;
}

#[tokio::test(flavor = "current_thread")]
async fn axe_finds_no_serious_violation_on_any_screen_in_any_theme() {
    let source = axe_source();
    let data = tempfile::tempdir().unwrap();
    let app = App::launch(data.path(), Some(11)).await;
    let mut serious = Vec::new();
    let mut table = Vec::new();
    finish_a_reviewed_gomoku_game(&app).await;
    for theme in THEMES {
        app.invoke("set_setting", json!({"key": "theme", "value": theme})).await.unwrap();
        app.wait_for("the theme", &format!("return document.documentElement.dataset.theme === '{theme}'")).await;
        app.wait_for("home", "return document.querySelector('.screen-home #open-minesweeper')").await;
        check(&app, &source, &format!("{theme}/home"), &mut serious, &mut table).await;
        dialog(
            &app,
            &source,
            "#settings-button",
            "settings-dialog",
            &format!("{theme}/home preferences"),
            (&mut serious, &mut table),
        )
        .await;
        dialog(
            &app,
            &source,
            "#about-button",
            "about-dialog",
            &format!("{theme}/home about"),
            (&mut serious, &mut table),
        )
        .await;
        dialog(
            &app,
            &source,
            "#help-button",
            "help-dialog",
            &format!("{theme}/home how to play"),
            (&mut serious, &mut table),
        )
        .await;

        app.click("#open-minesweeper").await;
        resume_if_paused(&app, "#ms-resume").await;
        app.wait_for("the field", "return document.querySelectorAll('.ms-cell').length > 0").await;
        app.click(".ms-cell[data-x='4'][data-y='4']").await;
        app.wait_for("open cells", "return document.querySelectorAll('.ms-cell.open').length > 0").await;
        check(&app, &source, &format!("{theme}/minesweeper"), &mut serious, &mut table).await;
        dialog(
            &app,
            &source,
            "choice:#level-custom",
            "custom-dialog",
            &format!("{theme}/minesweeper custom"),
            (&mut serious, &mut table),
        )
        .await;
        dialog(
            &app,
            &source,
            "#ms-options",
            "options-dialog",
            &format!("{theme}/minesweeper options"),
            (&mut serious, &mut table),
        )
        .await;
        dialog(
            &app,
            &source,
            "#ms-stats",
            "stats-dialog",
            &format!("{theme}/minesweeper statistics"),
            (&mut serious, &mut table),
        )
        .await;
        app.click("#ms-pause").await;
        app.wait_for("paused", "return document.querySelector('.screen-minesweeper').dataset.paused === 'true'").await;
        check(&app, &source, &format!("{theme}/minesweeper paused"), &mut serious, &mut table).await;
        app.click("#ms-resume").await;

        app.click("#ms-home").await;
        app.click("#open-bubbles").await;
        app.wait_for("the balls", "return document.querySelectorAll('.bb-cell.ball').length > 0").await;
        resume_if_paused(&app, "#bb-resume").await;
        check(&app, &source, &format!("{theme}/bubbles"), &mut serious, &mut table).await;
        dialog(
            &app,
            &source,
            "#bb-options",
            "options-dialog",
            &format!("{theme}/bubbles options"),
            (&mut serious, &mut table),
        )
        .await;
        dialog(
            &app,
            &source,
            "#bb-stats",
            "stats-dialog",
            &format!("{theme}/bubbles statistics"),
            (&mut serious, &mut table),
        )
        .await;

        app.click("#bb-home").await;
        app.click("#open-gomoku").await;
        app.wait_for("the board", "return document.querySelectorAll('.gm-point').length === 225").await;
        resume_if_paused(&app, "#gm-resume").await;
        app.click(&format!(".gm-point[data-x='{}'][data-y='7']", THEMES.iter().position(|t| *t == theme).unwrap() + 5))
            .await;
        app.wait_for("a stone", "return document.querySelectorAll('.gm-point.last').length === 1").await;
        check(&app, &source, &format!("{theme}/gomoku"), &mut serious, &mut table).await;
        dialog(
            &app,
            &source,
            "#gm-new",
            "gomoku-new-dialog",
            &format!("{theme}/gomoku new game"),
            (&mut serious, &mut table),
        )
        .await;
        dialog(
            &app,
            &source,
            "#gm-options",
            "options-dialog",
            &format!("{theme}/gomoku options"),
            (&mut serious, &mut table),
        )
        .await;
        dialog(
            &app,
            &source,
            "#gm-stats",
            "stats-dialog",
            &format!("{theme}/gomoku statistics"),
            (&mut serious, &mut table),
        )
        .await;

        app.click("#gm-home").await;
        app.wait_for("home", "return document.querySelector('.screen-home')").await;
        app.click("#hall-button").await;
        app.wait_for("the hall of fame", "return document.querySelector('.screen-hall')").await;
        check(&app, &source, &format!("{theme}/hall of fame"), &mut serious, &mut table).await;
        app.click("#hall-tab-history").await;
        app.wait_for("the history's rows", "return document.querySelector('#hist-rows tr[data-id] .watch-record')")
            .await;
        check(&app, &source, &format!("{theme}/history"), &mut serious, &mut table).await;
        app.click("#hist-rows tr[data-id]:first-child .watch-record").await;
        app.wait_for("the watch view", "return document.querySelector('.screen-watch')?.dataset.index === '0'").await;
        check(&app, &source, &format!("{theme}/watch view"), &mut serious, &mut table).await;
        app.click("#watch-back").await;
        app.wait_for("the history", "return document.querySelector('.screen-hall')?.dataset.tab === 'history'").await;
        app.click("#hist-rows tr[data-id]:first-child .hist-review").await;
        app.wait_for("the review", "return document.querySelector('.screen-gomoku-review')?.dataset.state === 'ready'")
            .await;
        check(&app, &source, &format!("{theme}/gomoku review"), &mut serious, &mut table).await;
        app.click("#gmr-back").await;
        app.wait_for("the history", "return document.querySelector('.screen-hall')?.dataset.tab === 'history'").await;
        app.click("#hall-home").await;
    }
    eprintln!("axe-core violations (nodes) per screen:\n{}", table.join("\n"));
    app.quit().await;
    assert!(serious.is_empty(), "serious or critical accessibility violations:\n{}", serious.join("\n"));
}

/// A two-player Gomoku game won by black, in the history with its review done (a new game
/// before the review ends would cancel it), then a fresh game for the screens' own checks.
async fn finish_a_reviewed_gomoku_game(app: &App) {
    let human = json!({"game": "gomoku", "params": {"opponent": "human"}});
    app.invoke("new_game", human.clone()).await.unwrap();
    for (x, y) in [(3, 7), (3, 8), (4, 7), (4, 8), (5, 7), (5, 8), (6, 7), (6, 8), (7, 7)] {
        app.invoke("play", json!({"game": "gomoku", "move": {"x": x, "y": y}})).await.unwrap();
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let page = app.invoke("history", json!({})).await.unwrap();
        if !page["rows"][0]["analysis"].is_null() {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the review never came: {page}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    app.invoke("new_game", human).await.unwrap();
}
