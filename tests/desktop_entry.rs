//! The desktop entry (`packaging/pastimes.desktop.hbs`, installed as
//! `org.pastimes.Pastimes.desktop`): one launcher action per shipped game, exactly the registry's,
//! each running `pastimes --game <id>` under the game's English name; one main window; and the
//! entry as the package installs it passes `desktop-file-validate`.

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

/// A game's name as the page shows it in English (the catalogue's entry of its `name_key`).
fn english_name(kind: GameKind) -> String {
    let catalogue: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/i18n/en.json")).unwrap(),
    )
    .unwrap();
    catalogue[kind.info().name_key].as_str().expect("every game's name is in the catalogue").to_string()
}

/// The actions part of the entry, as the registry says it should read.
fn expected_actions() -> String {
    let games = shipped_games();
    let mut text = format!("Actions={};\n", games.iter().map(|kind| kind.as_str()).collect::<Vec<_>>().join(";"));
    for kind in games {
        let id = kind.as_str();
        text += &format!("\n[Desktop Action {id}]\nName={}\nExec={{{{exec}}}} --game {id}\n", english_name(kind));
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
