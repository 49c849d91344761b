//! One finished game exported and imported as a text record file (`record_text.rs`), and its
//! moves copied as text.

use crate::error::{AppError, AppResult};
use crate::library::export::write_whole;
use crate::records::record_text;
use crate::store::{FullRecord, Store};
use pastimes_games::GameKind;
use std::path::Path;

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

/// Writes an exported record's text to `path`, whole or not at all.
pub fn save_record_text(text: &str, path: &Path) -> AppResult<()> {
    write_whole(path, |file| Ok(std::io::Write::write_all(file, text.as_bytes())?))
}

/// The record file at `path`, replayed and checked as a finished game (id 0); a file above the
/// size limit is refused before it is read.
pub fn import_record_file(path: &Path) -> AppResult<FullRecord> {
    let file = std::fs::File::open(path)?;
    if file.metadata()?.len() > record_text::MAX_BYTES {
        return Err(record_text::ImportError::TooLarge.into());
    }
    Ok(record_text::import_from(file)?)
}

/// The moves of the finished game `id` of `kind`, as the board names them, one space between.
pub fn moves_text(store: &Store, kind: GameKind, id: i64) -> AppResult<String> {
    let full = store.full_record(id)?.filter(|full| full.stored.game == kind.as_str());
    record_text::moves_text_of(&full.ok_or(AppError::NothingTo("copy"))?).map_err(AppError::from)
}
