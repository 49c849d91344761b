//! The Tauri shell: the only code that imports `tauri` (and GTK). Each command is a line or two
//! over the state; the menu, the window, its dialogs, the clipboard, one instance per data
//! folder, the game a launch asks for, and the display.

pub(crate) mod clipboard;
pub mod commands;
pub(crate) mod display;
pub(crate) mod file_dialog;
pub mod launch;
pub(crate) mod menu;
pub(crate) mod settle;
pub(crate) mod single_instance;
#[cfg(feature = "test-game")]
pub mod test_game;
pub(crate) mod widget_language;
pub(crate) mod window;
