//! Text put on the desktop's clipboard (GTK's, the one Ctrl+V pastes from), from Rust: the
//! page's `navigator.clipboard` needs a user gesture and a secure context WebKitGTK may not
//! grant a custom scheme.

use crate::error::{AppError, AppResult};
use tauri::{Runtime, WebviewWindow};

/// Puts `text` on the clipboard, on GTK's main thread.
pub fn put_text<R: Runtime>(window: &WebviewWindow<R>, text: String) -> AppResult<()> {
    window
        .run_on_main_thread(move || {
            let clipboard = gtk::Clipboard::get(&gtk::gdk::SELECTION_CLIPBOARD);
            clipboard.set_text(&text);
            clipboard.store();
        })
        .map_err(|error| AppError::Window(error.to_string()))
}
