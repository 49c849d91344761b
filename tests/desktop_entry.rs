//! The desktop entry (`packaging/pastimes.desktop.hbs`, installed as
//! `org.pastimes.Pastimes.desktop`): one launcher action per shipped game, exactly the registry's,
//! each running `pastimes --game <id>` under the game's name in every language of the app (its
//! catalogue's); the entry's own texts in every language; one main window; and the entry as the
//! package installs it passes `desktop-file-validate`.

use pastimes_games::GameKind;
use std::path::Path;
use std::process::Command;

const TEMPLATE: &str = "packaging/pastimes.desktop.hbs";

fn template() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(TEMPLATE)).expect("the desktop template")
}

/// The games a package ships: the registry's, less the test game tests build in.
fn shipped_games() -> Vec<GameKind> {
    GameKind::all().filter(|kind| !is_test_game(*kind)).collect()
}

#[cfg(feature = "test-game")]
fn is_test_game(kind: GameKind) -> bool {
    kind == pastimes_games::lights::KIND
}

#[cfg(not(feature = "test-game"))]
fn is_test_game(_: GameKind) -> bool {
    false
}

/// A game's name as the page shows it in `lang` (the catalogue's entry of its `name_key`).
fn name_in(lang: &str, kind: GameKind) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("ui/i18n/{lang}.json"));
    let catalogue: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    catalogue[kind.info().name_key].as_str().expect("every game's name is in the catalogue").to_string()
}

/// The app's languages but English, each with the locale a desktop entry names it by
/// (`Name[zh_TW]`): the language's code, but for the two Chinese scripts, named by their region.
fn desktop_locales() -> Vec<(&'static str, &'static str)> {
    let locale = |lang: &'static str| match lang {
        "zh" => "zh_CN",
        "zh-Hant" => "zh_TW",
        other => other,
    };
    pastimes_lib::prefs::i18n::LANGUAGES
        .iter()
        .filter(|lang| **lang != "en")
        .map(|lang| (*lang, locale(lang)))
        .collect()
}

/// The actions part of the entry, as the registry says it should read.
fn expected_actions() -> String {
    let games = shipped_games();
    let mut text = format!("Actions={};\n", games.iter().map(|kind| kind.as_str()).collect::<Vec<_>>().join(";"));
    for kind in games {
        let id = kind.as_str();
        text += &format!("\n[Desktop Action {id}]\nName={}\n", name_in("en", kind));
        for (lang, locale) in desktop_locales() {
            text += &format!("Name[{locale}]={}\n", name_in(lang, kind));
        }
        text += &format!("Exec={{{{exec}}}} --game {id}\n");
    }
    text
}

#[test]
fn the_launcher_actions_are_exactly_the_registrys_games() {
    let template = template();
    let start = template.find("Actions=").expect("an Actions= key");
    assert_eq!(
        &template[start..],
        expected_actions(),
        "the actions of {TEMPLATE} are not the registry's games: its end, from Actions=, should read\n{}",
        expected_actions()
    );
    let groups = template.lines().filter(|line| line.starts_with('[')).count();
    assert_eq!(groups, 1 + shipped_games().len(), "the entry and one group per game, nothing else");
}

#[test]
fn the_entrys_texts_are_in_every_language_of_the_app() {
    let template = template();
    for key in ["GenericName", "Comment", "Keywords"] {
        for (_, locale) in desktop_locales() {
            let line = format!("\n{key}[{locale}]=");
            assert!(template.contains(&line), "{TEMPLATE} has no {key}[{locale}]");
        }
    }
}

#[test]
fn the_entry_has_one_main_window_and_the_app_ids_icon() {
    let template = template();
    let main: Vec<&str> = template.lines().take_while(|line| !line.is_empty()).collect();
    for line in ["Version=1.5", "SingleMainWindow=true", "Icon=org.pastimes.Pastimes", "Exec={{exec}}"] {
        assert!(main.contains(&line), "the [Desktop Entry] group has no {line}");
    }
}

/// What desktop-file-validate 0.26 (Debian 12) wrongly reports about a 1.5 entry: it knows
/// neither the version nor its `SingleMainWindow` key (0.27 does). Nothing else is set aside.
const OLD_VALIDATOR: [&str; 2] = [
    "error: value \"1.5\" for key \"Version\" in group \"Desktop Entry\" is not a known version",
    "error: file contains key \"SingleMainWindow\" in group \"Desktop Entry\", but keys extending the format should start with \"X-\"",
];

#[test]
fn the_installed_entry_passes_desktop_file_validate() {
    let dir = tempfile::tempdir().unwrap();
    let entry = dir.path().join("org.pastimes.Pastimes.desktop");
    // As Tauri's bundler renders it: the product's name and the binary's.
    std::fs::write(&entry, template().replace("{{name}}", "Pastimes").replace("{{exec}}", "pastimes")).unwrap();
    let output = match Command::new("desktop-file-validate").arg(&entry).output() {
        Ok(output) => output,
        Err(error) => panic!("desktop-file-validate cannot run ({error}): scripts/install-deps.sh --test installs it"),
    };
    let said = String::from_utf8_lossy(&output.stdout).to_string() + &String::from_utf8_lossy(&output.stderr);
    let complaints: Vec<&str> =
        said.lines().filter(|line| !OLD_VALIDATOR.iter().any(|known| line.ends_with(known))).collect();
    assert!(complaints.is_empty(), "desktop-file-validate: {complaints:#?}");
}
