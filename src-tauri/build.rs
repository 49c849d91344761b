//! Declares the app's own commands so that Tauri's ACL checks every call against `capabilities/`.

use tauri_build::{AppManifest, Attributes};

/// Every command the page may call; each must also be granted in `capabilities/main.json`.
const COMMANDS: &[&str] = &[
    "app_info",
    "games",
    "start_new_store",
    "get_settings",
    "set_setting",
    "new_game",
    "play",
    "snapshot",
    "undo",
    "redo",
    "hint",
    "pause",
    "resume",
    "replay",
    "submit_record_name",
    "fit_window",
    "statistics",
    "hall_of_fame",
    "history",
    "history_count",
    "category_chart",
    "played_categories",
    "verify_records",
    "gomoku_review",
    "reset_preview",
    "reset_hall",
    "export_history",
    "export_game",
    "import_game",
    "import_game_text",
    "new_game_from_moves",
    "copy_moves",
    "watch_open",
    "watch_best_line",
    "watch_frame",
    "watch_import",
];

fn main() {
    let attributes = Attributes::new()
        .capabilities_path_pattern("./src-tauri/capabilities/**/*")
        .app_manifest(AppManifest::new().commands(COMMANDS));
    if let Err(error) = tauri_build::try_build(attributes) {
        println!("cargo:warning=tauri build failed: {error:#}");
        std::process::exit(1);
    }
}
