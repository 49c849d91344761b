//! The Tauri shell: the only code that imports `tauri` (and GTK). Each command is a line or two
//! over the state; the menu, the window, its dialogs, the clipboard, one instance per data
//! folder and the configuration from the command line.

pub(crate) mod clipboard;
pub mod commands;
pub(crate) mod file_dialog;
pub(crate) mod menu;
pub(crate) mod move_menu;
pub(crate) mod settle;
pub(crate) mod single_instance;
#[cfg(feature = "test-game")]
pub mod test_game;
pub(crate) mod widget_language;
pub(crate) mod window;
