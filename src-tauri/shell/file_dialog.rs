//! The native file dialogs: "save as" for the exports, "open" for a record file's import. GTK's
//! file chooser (through the desktop portal where there is one), opened from Rust only, so no
//! path ever comes from the page.

use crate::error::{AppError, AppResult};
use gtk::glib;
use gtk::prelude::{FileChooserExt, NativeDialogExt};
use gtk::{FileChooserAction, FileChooserNative, FileFilter, ResponseType};
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::mpsc;
use tauri::{Runtime, WebviewWindow};

/// Which dialog: save under a name offered, or open a file.
pub enum Purpose {
    Save { file_name: String },
    Open,
}

/// What the dialog says, in the player's language, and the files it shows.
pub struct FileRequest {
    pub purpose: Purpose,
    pub title: String,
    pub accept: String,
    pub cancel: String,
    pub filter_name: String,
    /// The file names shown, one glob or several with `;` between (`*.txt;*.evf`).
    pub pattern: String,
}

/// Asks for a path, modal over `window`; `None` when the player cancels. GTK lives on the main
/// thread, so the dialog is opened there and this (command) thread waits for the answer.
pub fn ask_path<R: Runtime>(window: &WebviewWindow<R>, request: FileRequest) -> AppResult<Option<PathBuf>> {
    let (answer, answered) = mpsc::channel();
    let parent = window.clone();
    window
        .run_on_main_thread(move || {
            let action = match request.purpose {
                Purpose::Save { .. } => FileChooserAction::Save,
                Purpose::Open => FileChooserAction::Open,
            };
            let dialog = FileChooserNative::new(
                Some(&request.title),
                parent.gtk_window().ok().as_ref(),
                action,
                Some(&request.accept),
                Some(&request.cancel),
            );
            dialog.set_modal(true);
            // The player's documents (else home), not wherever the program was started from.
            let folder = glib::user_special_dir(glib::UserDirectory::Documents).unwrap_or_else(glib::home_dir);
            dialog.set_current_folder(folder);
            if let Purpose::Save { file_name } = &request.purpose {
                dialog.set_do_overwrite_confirmation(true);
                dialog.set_current_name(file_name);
            }
            let filter = FileFilter::new();
            filter.set_name(Some(&request.filter_name));
            request.pattern.split(';').for_each(|pattern| filter.add_pattern(pattern));
            dialog.add_filter(filter);
            // GTK does not keep a native dialog alive while it is shown: this slot does, until
            // the answer.
            let keep = Rc::new(RefCell::new(Some(dialog.clone())));
            dialog.connect_response(move |dialog, response| {
                let path = if response == ResponseType::Accept { dialog.filename() } else { None };
                let _ = answer.send(path);
                keep.borrow_mut().take();
            });
            dialog.show();
        })
        .map_err(|error| AppError::Window(error.to_string()))?;
    // A dialog torn down without an answer (the app quitting) counts as cancelled.
    Ok(answered.recv().unwrap_or(None))
}
