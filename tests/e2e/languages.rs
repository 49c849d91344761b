//! Every screen and dialog of the tour (tour.rs) in every language, each language in one of the
//! themes in turn (so every theme is seen on every screen too): no text cut off (clipping.rs) and
//! no serious or critical accessibility violation (axe.rs) at any stop. One app start for the
//! whole tour: a round per language, the language changed as a player changes it.

use crate::axe::Axe;
use crate::clipping::CutOff;
use crate::tour::Tour;
use pastimes_lib::prefs::i18n::LANGUAGES;
use serde_json::json;
use std::time::Instant;

const THEMES: [&str; 3] = ["light", "dark", "contrast"];

#[tokio::test(flavor = "current_thread")]
async fn every_screen_in_every_language_and_theme_is_whole_and_accessible() {
    let mut inspectors = (CutOff::default(), Axe::loaded());
    let tour = Tour::start().await;
    let app = &tour.app;
    for (language, theme) in LANGUAGES.iter().zip(THEMES.iter().cycle()) {
        let started = Instant::now();
        app.invoke("set_setting", json!({"key": "language", "value": language})).await.unwrap();
        app.invoke("set_setting", json!({"key": "theme", "value": theme})).await.unwrap();
        let shown = format!(
            "return document.body.dataset.language === '{language}' && document.documentElement.dataset.theme === '{theme}'"
        );
        app.wait_for("the language and theme", &shown).await;
        tour.round(&mut inspectors, &format!("{language} {theme}")).await;
        eprintln!("tour in {language}, {theme} theme: {:.0} s", started.elapsed().as_secs_f64());
    }
    tour.app.quit().await;
    let (cut_off, axe) = inspectors;
    eprintln!("axe-core violations (nodes) per screen:\n{}", axe.table.join("\n"));
    let mut problems = Vec::new();
    if !cut_off.found.is_empty() {
        problems.push(format!("text cut off:\n{}", cut_off.found.join("\n")));
    }
    if !axe.serious.is_empty() {
        problems.push(format!("serious or critical accessibility violations:\n{}", axe.serious.join("\n")));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
