//! The native "open" dialog of a record file's import: GTK's file chooser (through the desktop
//! portal where there is one), opened from Rust only, as the save dialog is (`save_dialog.rs`).
//! It only picks a path; reading and checking the file is `AppState::import_record_file`, so
//! that part is tested without a dialog.

use crate::error::{AppError, AppResult};
use gtk::glib;
use gtk::prelude::{FileChooserExt, NativeDialogExt};
use gtk::{FileChooserAction, FileChooserNative, FileFilter, ResponseType};
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::mpsc;
use tauri::{Runtime, WebviewWindow};

/// What the dialog says, in the player's language, and the files it offers.
pub struct OpenRequest {
    pub title: String,
    pub accept: String,
    pub cancel: String,
    pub filter_name: String,
    pub pattern: String,
}

/// Asks which file to open, modal over `window`; `None` when the player cancels. Opened on the
/// main thread (GTK's), while this command thread waits for the answer.
pub fn ask_open_path<R: Runtime>(window: &WebviewWindow<R>, request: OpenRequest) -> AppResult<Option<PathBuf>> {
    let (answer, answered) = mpsc::channel();
    let parent = window.clone();
    window
        .run_on_main_thread(move || {
            let dialog = FileChooserNative::new(
                Some(&request.title),
                parent.gtk_window().ok().as_ref(),
                FileChooserAction::Open,
                Some(&request.accept),
                Some(&request.cancel),
            );
            dialog.set_modal(true);
            let folder = glib::user_special_dir(glib::UserDirectory::Documents).unwrap_or_else(glib::home_dir);
            dialog.set_current_folder(folder);
            let filter = FileFilter::new();
            filter.set_name(Some(&request.filter_name));
            filter.add_pattern(&request.pattern);
            dialog.add_filter(filter);
            // Kept alive until the answer, as in the save dialog.
            let keep = Rc::new(RefCell::new(Some(dialog.clone())));
            dialog.connect_response(move |dialog, response| {
                let path = if response == ResponseType::Accept { dialog.filename() } else { None };
                let _ = answer.send(path);
                keep.borrow_mut().take();
            });
            dialog.show();
        })
        .map_err(|error| AppError::Window(error.to_string()))?;
    Ok(answered.recv().unwrap_or(None))
}
