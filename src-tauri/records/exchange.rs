//! One finished game exported as a text record file (`record_text.rs`; written to a file and
//! read back through `file_formats.rs`, as every format is).

use crate::error::{AppError, AppResult};
use crate::records::record_text;
use crate::store::Store;

/// The finished game `id` as a record file's text, and the file name to offer for it.
pub fn export_record(store: &Store, id: i64) -> AppResult<(String, String)> {
    let full = store.full_record(id)?.ok_or(AppError::NothingTo("export"))?;
    Ok((record_text::export(&full)?, record_text::file_name(&full)))
}
