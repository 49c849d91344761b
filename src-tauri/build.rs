//! Declares the app's own commands so that Tauri's ACL checks every call against `capabilities/`,
//! and grants them all to the main window through one permission set, both from the one list in
//! `command_list.rs`.

use tauri_build::{AppManifest, Attributes};

/// Reads the list as `COMMANDS`, the commands' names.
macro_rules! app_commands {
    ($($command:ident),* $(,)?) => {
        const COMMANDS: &[&str] = &[$(stringify!($command)),*];
    };
}
include!("command_list.rs");

/// The permission set the main window's capability grants: every command of the list.
const PERMISSION_SET: &str = "permissions/app-commands.toml";

fn main() {
    println!("cargo:rerun-if-changed=src-tauri/command_list.rs");
    if let Err(error) = write_permission_set() {
        println!("cargo:warning=could not write {PERMISSION_SET}: {error}");
        std::process::exit(1);
    }
    let attributes = Attributes::new()
        .capabilities_path_pattern("./src-tauri/capabilities/**/*")
        .app_manifest(AppManifest::new().commands(COMMANDS));
    if let Err(error) = tauri_build::try_build(attributes) {
        println!("cargo:warning=tauri build failed: {error:#}");
        std::process::exit(1);
    }
}

/// Writes the set of `allow-` permissions of every command, only when it changed (an unchanged
/// file keeps its time, so it triggers no rebuild).
fn write_permission_set() -> std::io::Result<()> {
    let permissions: Vec<String> =
        COMMANDS.iter().map(|command| format!("  \"allow-{}\",", command.replace('_', "-"))).collect();
    let text = format!(
        "# Written by src-tauri/build.rs from src-tauri/command_list.rs: edit the list, not this file.\n\n\
         [[set]]\n\
         identifier = \"app-commands\"\n\
         description = \"Every command of the app's own: what the main window's page may call.\"\n\
         permissions = [\n{}\n]\n",
        permissions.join("\n")
    );
    if std::fs::read_to_string(PERMISSION_SET).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(PERMISSION_SET, text)?;
    }
    Ok(())
}
