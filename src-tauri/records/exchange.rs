//! One finished game exported as a text record file (`record_text.rs`; written to a file and
//! read back through `file_formats.rs`, as every format is), its moves copied as text, and
//! games started from position files.

use crate::error::{AppError, AppResult};
use crate::records::record_text;
use crate::store::Store;
use pastimes_games::{GameKind, PositionFileError};
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

/// The parameters of a game of `kind` from the position file text `text` (Bubble Breaker's
/// `Open position...`); a game without position files refuses it ([`AppError::NotOffered`]),
/// and a text that is no position is a typed import error (`position_too_large`,
/// `position_invalid` with its `reason`).
pub fn position_params(kind: GameKind, text: &str) -> AppResult<serde_json::Value> {
    let open = kind.info().position_file.ok_or(AppError::NotOffered { game: kind, what: "openPosition" })?;
    open(text).map_err(position_error)
}

/// Whether games of `kind` start from position files ([`AppError::NotOffered`] if not).
pub fn opens_positions(kind: GameKind) -> AppResult<()> {
    position_params(kind, "").map(|_| ()).or_else(|error| match error {
        AppError::NotOffered { .. } => Err(error),
        _ => Ok(()),
    })
}

/// The text of the position file at `path`; a file above [`MAX_POSITION_FILE_BYTES`] is
/// refused before it is read, and one that is not UTF-8 text is no position.
pub fn read_position_file(path: &Path) -> AppResult<String> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    let too_large = || position_error(PositionFileError::TooLarge { max: MAX_POSITION_FILE_BYTES as usize });
    if file.metadata()?.len() > MAX_POSITION_FILE_BYTES {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(MAX_POSITION_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_POSITION_FILE_BYTES {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|_| position_error(PositionFileError::Invalid("the file is not text".into())))
}

/// The most bytes of a position file read: every game's position files are far smaller.
pub const MAX_POSITION_FILE_BYTES: u64 = 1024 * 1024;

fn position_error(error: PositionFileError) -> AppError {
    let (code, params) = match &error {
        PositionFileError::TooLarge { max } => ("position_too_large", serde_json::json!({ "max": max })),
        PositionFileError::Invalid(reason) => ("position_invalid", serde_json::json!({ "reason": reason })),
    };
    AppError::Import { code, message: error.to_string(), params }
}

/// The moves of the finished game `id` of `kind`, as the board names them, one space between.
pub fn moves_text(store: &Store, kind: GameKind, id: i64) -> AppResult<String> {
    let full = store.full_record(id)?.filter(|full| full.stored.game == kind.as_str());
    record_text::moves_text_of(&full.ok_or(AppError::NothingTo("copy"))?).map_err(AppError::from)
}
