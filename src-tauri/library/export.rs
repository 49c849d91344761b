//! Files the library writes: the history as CSV, and any file that must appear whole.

use crate::error::AppResult;
use crate::store::{HistoryFilter, Store};
use std::ops::Deref;
use std::path::{Path, PathBuf};

/// Writes the history that passes `filter` to `path` as CSV; returns how many games. The
/// file appears whole or not at all: it is written beside and renamed into place. The store is
/// taken (`store`) once the file is open.
pub fn export_history<S: Deref<Target = Store>>(
    store: impl FnOnce() -> AppResult<S>,
    filter: &HistoryFilter,
    path: &Path,
) -> AppResult<u64> {
    write_whole(path, |file| crate::library::csv::write_history(&*store()?, filter, file))
}

/// Writes a file beside `path` and renames it into place, so it appears whole or not at all.
pub fn write_whole<T>(path: &Path, write: impl FnOnce(&mut std::fs::File) -> AppResult<T>) -> AppResult<T> {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".part");
    let partial = PathBuf::from(partial);
    let written = (|| {
        let mut file = std::fs::File::create(&partial)?;
        let value = write(&mut file)?;
        file.sync_all()?;
        std::fs::rename(&partial, path)?;
        Ok(value)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written
}
