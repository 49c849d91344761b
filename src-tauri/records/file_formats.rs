//! Every file a finished game is exported to or imported from, through one path: the app's own
//! record file (every game's, [`crate::records::record_text`]) and the formats each game
//! declares in its table (`GameInfo::file_formats`, their codecs in the game's folder). Nothing
//! here names a game or a format of one.
//!
//! **Import.** A file's extension picks its format (a name no game's format claims is read as a
//! record file). A game's format becomes a finished game with id 0, as an imported record file
//! is: never stored, never ranked (marked imported), watched and reviewed through the same path,
//! its moves played again through the rules here. A file above its format's size limit is
//! refused by its reader before more is read.
//!
//! **Export.** A stored game goes out in one of the formats its game offers, under the name the
//! record file would have, with the format's extension.

use crate::error::{AppError, AppResult};
use crate::library::catalogue::{formats_of, FormatEntry, RECORD_FILE};
use crate::records::guarded_read;
use crate::records::imported::Imported;
use crate::records::record::GameRecord;
use crate::records::{record_text, replay};
use crate::store::{result_name, FullRecord};
use pastimes_games::file_format::PositionReader;
use pastimes_games::{FileFormat, GameFile, GameKind, Reads, Status};
use serde_json::json;
use std::io::Read;
use std::path::Path;

/// A finished game as a file: its bytes, the name to offer, and the format (its save dialog).
#[derive(Debug)]
pub struct ExportedFile {
    pub bytes: Vec<u8>,
    pub file_name: String,
    pub format: FormatEntry,
}

/// The finished game `full` in the format `format_id` of its game; a format its game does not
/// offer (or not for a game that ended so) is [`AppError::NotOffered`].
pub fn export(full: &FullRecord, format_id: &str) -> AppResult<ExportedFile> {
    let kind = GameKind::parse(&full.stored.game).ok_or(AppError::NothingTo("export"))?;
    let not_offered = || AppError::NotOffered { game: kind, what: "export" };
    let format = formats_of(kind).into_iter().find(|format| format.id == format_id).ok_or_else(not_offered)?;
    if !format.writes || (format.ended_only && !ended(&full.stored.result)) {
        return Err(not_offered());
    }
    let bytes = match game_format(kind, format_id) {
        None => record_text::export(full)?.into_bytes(),
        Some(declared) => {
            let writes = declared.writes.ok_or_else(not_offered)?;
            (writes.write)(&game_file(full)?)?
        }
    };
    let file_name = record_text::file_name(full).replace(".txt", &format!(".{}", format.extensions[0]));
    Ok(ExportedFile { bytes, file_name, format })
}

/// Whether a game with this result ended won, lost or drawn (not abandoned, not in play).
fn ended(result: &str) -> bool {
    [Status::Won, Status::Lost, Status::Draw].into_iter().any(|status| result_name(status) == result)
}

/// The game `kind` declares under `id`, if any (the record file is the app's own).
fn game_format(kind: GameKind, id: &str) -> Option<&'static FileFormat> {
    kind.info().file_formats.iter().find(|format| format.id == id)
}

/// The stored game as its game's codecs read it.
fn game_file(full: &FullRecord) -> AppResult<GameFile> {
    let bad = |reason: String| AppError::BadRecord { id: full.stored.id, reason };
    let dealt = replay::deal(&full.stored).map_err(bad)?;
    let micros = |at: &str| chrono::DateTime::parse_from_rfc3339(at).ok().map(|at| at.timestamp_micros());
    Ok(GameFile {
        params: dealt.detail["params"].clone(),
        seed: dealt.seed,
        moves: dealt.record.moves,
        times_ms: dealt.record.times_ms,
        time_ms: u64::try_from(full.stored.time_ms).unwrap_or(0),
        player: full.player.clone(),
        started_us: micros(&full.started_at),
        finished_us: micros(&full.finished_at),
    })
}

/// The game format whose extension `name` has, and its game; `None` for a record file.
fn reader_of(name: &str) -> Option<(GameKind, &'static FileFormat)> {
    GameKind::all().find_map(|kind| {
        let format = kind.info().file_formats.iter().find(|format| format.reads_games() && format.names(name))?;
        Some((kind, format))
    })
}

/// Every format Import game... reads (finished games), for its open dialog: the record file
/// first.
pub fn readable() -> Vec<FormatEntry> {
    let games = GameKind::all().flat_map(|kind| kind.info().file_formats.iter().filter(|format| format.reads_games()));
    std::iter::once(RECORD_FILE).chain(games.map(FormatEntry::of)).collect()
}

/// The format `kind`'s games start from (its position files), if any.
pub fn position_format(kind: GameKind) -> AppResult<&'static FileFormat> {
    Ok(position_reading(kind)?.0)
}

/// The format `kind`'s games start from, with its reader.
fn position_reading(kind: GameKind) -> AppResult<(&'static FileFormat, PositionReader)> {
    let found = kind.info().file_formats.iter().find_map(|format| Some((format, format.position_reader()?)));
    found.ok_or(AppError::NotOffered { game: kind, what: "openPosition" })
}

/// The parameters of a game of `kind` from a position file's bytes (Bubble Breaker's
/// `Open position...`); a game without position files refuses it ([`AppError::NotOffered`]),
/// and bytes that are no position are the format's typed error (`position_too_large`,
/// `position_invalid` with its `reason`).
pub fn position_params(kind: GameKind, bytes: &[u8]) -> AppResult<serde_json::Value> {
    let (_, read) = position_reading(kind)?;
    Ok(read(bytes)?)
}

/// The bytes of the position file of `kind` at `path`: no more than its format's limit and a
/// byte, so a larger file is refused unread.
pub fn read_position_file(kind: GameKind, path: &Path) -> AppResult<Vec<u8>> {
    read_at_most(path, position_format(kind)?.max_bytes)
}

/// The file `name` (its extension names the format) holding `bytes`, as a finished game (id 0).
pub fn import(name: &str, bytes: &[u8]) -> AppResult<FullRecord> {
    match reader_of(name) {
        None => Ok(record_text::import_from(bytes)?),
        Some((kind, format)) => read_game(kind, format, bytes),
    }
}

/// The file at `path`, imported as [`import`] does; no more than its format's limit (and a byte)
/// is read, so a larger file is refused unread.
pub fn import_file(path: &Path) -> AppResult<FullRecord> {
    let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default();
    let limit = reader_of(name).map_or(record_text::MAX_BYTES, |(_, format)| format.max_bytes);
    import(name, &read_at_most(path, limit)?)
}

/// The file at `path`, no more than `limit` bytes and one: a longer file is known to be too
/// long without being read whole.
fn read_at_most(path: &Path, limit: u64) -> AppResult<Vec<u8>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.take(limit + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

fn read_game(kind: GameKind, format: &'static FileFormat, bytes: &[u8]) -> AppResult<FullRecord> {
    let Some(Reads::Game(_)) = format.reads else { return Err(AppError::NotOffered { game: kind, what: "import" }) };
    let file = guarded_read::read(kind, format, bytes)?;
    full_record(kind, &file)
}

/// A game file as a finished game of the history's shape, every move played through the rules
/// and the whole checked as Verify records checks a stored one. A file without a date is taken
/// to have ended now.
fn full_record(kind: GameKind, file: &GameFile) -> AppResult<FullRecord> {
    let dealt = (kind.info().new_game)(&file.params, file.seed)?;
    let mut played = dealt.clone();
    for (index, mv) in file.moves.iter().enumerate() {
        replay::play_move(played.as_mut(), index, mv).map_err(AppError::BadArgument)?;
    }
    let record = GameRecord { moves: file.moves.clone(), times_ms: file.times_ms.clone() };
    let last = record.times_ms.last().copied().unwrap_or(0);
    let mut detail = json!({ "seed": file.seed.to_string(), "params": dealt.params() });
    if let Some(summary) = played.summary(last) {
        detail["summary"] = summary;
    }
    let took = chrono::TimeDelta::try_milliseconds(i64::try_from(last).unwrap_or(i64::MAX)).unwrap_or_default();
    let now = chrono::Utc::now();
    let started = file
        .started_us
        .and_then(chrono::DateTime::from_timestamp_micros)
        .unwrap_or_else(|| now.checked_sub_signed(took).unwrap_or(now));
    let full = Imported {
        dealt: dealt.as_ref(),
        played: played.as_ref(),
        record: &record,
        detail,
        started,
        player: file.player.clone(),
    }
    .into_full_record();
    crate::records::verify::check(&full.stored).map_err(AppError::BadArgument)?;
    Ok(full)
}
