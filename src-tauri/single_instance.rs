//! One Pastimes per database: a second launch on the same data folder brings the running window
//! to the front and exits with status 0 (tauri-plugin-single-instance, over D-Bus), so two
//! windows never overwrite each other's saved games. Pastimes started on another folder (tests,
//! a second profile) runs beside it.

use std::path::Path;
use tauri::plugin::TauriPlugin;
use tauri::{Manager, Runtime};

/// The app's identifier, as in tauri.conf.json.
const IDENTIFIER: &str = "org.pastimes.Pastimes";

/// The plugin, registered before any other: the second instance exits inside `Builder::build`,
/// before the store is opened.
pub fn plugin<R: Runtime>(data_dir: &Path) -> TauriPlugin<R> {
    tauri_plugin_single_instance::Builder::new()
        .dbus_id(dbus_id(data_dir))
        .callback(|app, _args, _cwd| {
            if let Some(window) = app.get_webview_window("main") {
                let _ = window.unminimize();
                let _ = window.show();
                let _ = window.set_focus();
            }
        })
        .build()
}

/// The D-Bus name's base for a data folder: the identifier and a hash of the folder's path (D-Bus
/// names allow only letters, digits, `_` and `-`).
fn dbus_id(data_dir: &Path) -> String {
    let absolute = std::fs::canonicalize(data_dir)
        .or_else(|_| std::path::absolute(data_dir))
        .unwrap_or_else(|_| data_dir.to_path_buf());
    format!("{IDENTIFIER}.data_{:016x}", fnv1a(absolute.as_os_str().as_encoded_bytes()))
}

/// FNV-1a, 64 bits: stable across Rust versions (unlike `DefaultHasher`), so two builds agree.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_folder_one_name_and_a_valid_dbus_name() {
        let a = dbus_id(Path::new("/home/ada/.local/share/org.pastimes.Pastimes"));
        assert_eq!(a, dbus_id(Path::new("/home/ada/.local/share/org.pastimes.Pastimes")));
        assert_ne!(a, dbus_id(Path::new("/tmp/other")));
        let last = a.rsplit('.').next().unwrap();
        assert!(last.starts_with("data_") && last.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c, "FNV-1a's published value");
    }
}
