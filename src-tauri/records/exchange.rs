//! One finished game exported as a text record file (`record_text.rs`; written to a file and
//! read back through `file_formats.rs`, as every format is), and its moves copied as text.

use crate::error::{AppError, AppResult};
use crate::records::record_text;
use crate::store::Store;
use pastimes_games::GameKind;

/// Whether `kind` offers copying and pasting its moves (its table's `exchanges_moves`: its
/// moves alone make its position); `what` names the refused one.
pub fn offered(kind: GameKind, what: &'static str) -> AppResult<()> {
    if kind.info().exchanges_moves {
        Ok(())
    } else {
        Err(AppError::NotOffered { game: kind, what })
    }
}

/// The finished game `id` as a record file's text, and the file name to offer for it.
pub fn export_record(store: &Store, id: i64) -> AppResult<(String, String)> {
    let full = store.full_record(id)?.ok_or(AppError::NothingTo("export"))?;
    Ok((record_text::export(&full)?, record_text::file_name(&full)))
}

/// The moves of the finished game `id` of `kind`, as the board names them, one space between.
pub fn moves_text(store: &Store, kind: GameKind, id: i64) -> AppResult<String> {
    let full = store.full_record(id)?.filter(|full| full.stored.game == kind.as_str());
    record_text::moves_text_of(&full.ok_or(AppError::NothingTo("copy"))?).map_err(AppError::from)
}
