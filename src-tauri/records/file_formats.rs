//! Every file a game is exported to or imported from, through one path: the app's own record
//! file (every game's, [`crate::records::record_text`]) and the formats each game declares in
//! its table (`GameInfo::file_formats`, their codecs in the game's folder). Nothing here names a
//! game or a format of one.
//!
//! **Import.** What reads a file or a text is a [`Format`]: the one the player asked for (Bubble
//! Breaker's position files, Gomoku's moves), or else, for Import game..., the format a file's
//! extension names among those that read finished games (a name no game's format claims, and a
//! text, is read as a record file). A format that reads a finished game makes it a game with
//! id 0, as an imported record file is: never stored, never ranked (marked imported), watched
//! and reviewed through the same path, its moves played again through the rules here. A format
//! that reads a position gives a new game ([`Position`]) that the app starts, marked imported.
//! A file above its format's size limit is refused by its reader before more is read.
//!
//! **Export.** A stored game, or one still under way where the format writes such games, goes
//! out in one of the formats its game offers, under the name the record file would have, with
//! the format's extension; a text format's may go to the clipboard instead.

use crate::error::{AppError, AppResult};
use crate::library::catalogue::{FormatEntry, RECORD_FILE};
use crate::records::guarded_read::{self, Reading};
use crate::records::imported::Imported;
use crate::records::record::GameRecord;
use crate::records::record_text::{self, ImportError};
use crate::records::replay;
use crate::store::{result_name, FullRecord};
use pastimes_games::file_format::Position;
use pastimes_games::{FileFormat, GameFile, GameKind, Reads, Status};
use serde_json::{json, Value};
use std::io::Read;
use std::path::Path;

/// A format a game is read in or written to: the app's record file (every game's), or one a
/// game declares.
#[derive(Clone, Copy)]
pub enum Format {
    Record,
    Declared(GameKind, &'static FileFormat),
}

impl Format {
    /// The format `id` of `kind`'s games (`"record"`, the record file, is every game's); one
    /// the game does not offer is [`AppError::NotOffered`] for `what`.
    pub fn of(kind: GameKind, id: &str, what: &'static str) -> AppResult<Format> {
        if id == RECORD_FILE.id {
            return Ok(Format::Record);
        }
        let declared = kind.info().file_formats.iter().find(|format| format.id == id);
        declared.map(|format| Format::Declared(kind, format)).ok_or(AppError::NotOffered { game: kind, what })
    }

    /// The format as the page and the file dialogs know it.
    pub fn entry(self) -> FormatEntry {
        match self {
            Format::Record => RECORD_FILE,
            Format::Declared(_, format) => FormatEntry::of(format),
        }
    }

    /// The longest file read: a longer one is refused unread.
    fn max_bytes(self) -> u64 {
        match self {
            Format::Record => record_text::MAX_BYTES,
            Format::Declared(_, format) => format.max_bytes,
        }
    }
}

/// A game as a file: its bytes, the name to offer, and the format (its save dialog).
#[derive(Debug)]
pub struct ExportedFile {
    pub bytes: Vec<u8>,
    pub file_name: String,
    pub format: FormatEntry,
}

impl ExportedFile {
    /// The file as text, for the clipboard: only a text format's ([`FileFormat::is_text`]; the
    /// record file is text), else [`AppError::NotOffered`] for `game`.
    pub fn into_text(self, game: GameKind) -> AppResult<String> {
        let refused = || AppError::NotOffered { game, what: "copy" };
        if !self.format.mime_type.starts_with("text/") {
            return Err(refused());
        }
        String::from_utf8(self.bytes).map_err(|_| refused())
    }
}

/// The finished game `full` in the format `format_id` of its game; a format its game does not
/// offer (or not for a game that ended so) is [`AppError::NotOffered`].
pub fn export(full: &FullRecord, format_id: &str) -> AppResult<ExportedFile> {
    let kind = GameKind::parse(&full.stored.game).ok_or(AppError::NothingTo("export"))?;
    let not_offered = || AppError::NotOffered { game: kind, what: "export" };
    let format = Format::of(kind, format_id, "export")?;
    let entry = format.entry();
    if !entry.writes || (entry.ended_only && !ended(&full.stored.result)) {
        return Err(not_offered());
    }
    let bytes = match format {
        Format::Record => record_text::export(full)?.into_bytes(),
        Format::Declared(_, declared) => {
            let writes = declared.writes.ok_or_else(not_offered)?;
            (writes.write)(&game_file(full)?)?
        }
    };
    let file_name = named(&record_text::file_name(full), &entry);
    Ok(ExportedFile { bytes, file_name, format: entry })
}

/// The game of `kind` under way (`game`: it, as a file's codec takes it, and when it began, as
/// stored) in the format `format_id`: only a format that writes games under way
/// ([`pastimes_games::Writes::under_way`]) takes it, any other is [`AppError::NotOffered`],
/// whether or not there is such a game.
pub fn export_under_way(
    kind: GameKind,
    format_id: &str,
    game: impl FnOnce() -> AppResult<(GameFile, String)>,
) -> AppResult<ExportedFile> {
    let not_offered = || AppError::NotOffered { game: kind, what: "export" };
    let Format::Declared(_, declared) = Format::of(kind, format_id, "export")? else { return Err(not_offered()) };
    let writes = declared.writes.filter(|writes| writes.under_way).ok_or_else(not_offered)?;
    let (file, started) = game()?;
    let entry = FormatEntry::of(declared);
    let file_name = named(&record_text::file_name_at(kind.as_str(), &started), &entry);
    Ok(ExportedFile { bytes: (writes.write)(&file)?, file_name, format: entry })
}

/// A record file's name with the format's own extension.
fn named(record_file_name: &str, format: &FormatEntry) -> String {
    record_file_name.replace(".txt", &format!(".{}", format.extensions[0]))
}

/// Whether a game with this result ended won, lost or drawn (not abandoned, not in play).
fn ended(result: &str) -> bool {
    [Status::Won, Status::Lost, Status::Draw].into_iter().any(|status| result_name(status) == result)
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

/// What an import reads with: the format `format` of `kind` (which a named format other than
/// the record file needs: [`AppError::BadArgument`] without it), or else every format that reads
/// finished games (of `kind` when given, else of every game), the record file first.
pub fn readers(kind: Option<GameKind>, format: Option<&str>) -> AppResult<Vec<Format>> {
    match (format, kind) {
        (Some(id), _) if id == RECORD_FILE.id => Ok(vec![Format::Record]),
        (Some(id), Some(kind)) => {
            let format = Format::of(kind, id, "import")?;
            match format {
                Format::Declared(_, declared) if declared.reads.is_none() => {
                    Err(AppError::NotOffered { game: kind, what: "import" })
                }
                _ => Ok(vec![format]),
            }
        }
        (Some(_), None) => Err(AppError::BadArgument("a format is named with its game".into())),
        (None, kind) => {
            let games: Vec<GameKind> = match kind {
                Some(kind) => vec![kind],
                None => GameKind::all().collect(),
            };
            let declared = games.into_iter().flat_map(|kind| {
                let formats = kind.info().file_formats.iter().filter(|format| format.reads_games());
                formats.map(move |format| Format::Declared(kind, format))
            });
            Ok(std::iter::once(Format::Record).chain(declared).collect())
        }
    }
}

/// Which of `readers` reads a file named `name` (`None` for a pasted text): the one there is;
/// else the first whose extension the name has among those that read finished games, else the
/// record file.
fn pick(readers: &[Format], name: Option<&str>) -> Format {
    if let [only] = readers {
        return *only;
    }
    let by_name = name.and_then(|name| {
        readers.iter().copied().find(
            |format| matches!(format, Format::Declared(_, declared) if declared.reads_games() && declared.names(name)),
        )
    });
    by_name.unwrap_or(Format::Record)
}

/// What a file or a text holds: a finished game (id 0), or a position a new game starts from.
pub enum Contents {
    Game(FullRecord),
    Position(GameKind, Position),
}

/// The file at `path`, read by the one of `readers` its name picks; no more than that format's
/// limit (and a byte) is read, so a larger file is refused unread. `chosen`: the parameters the
/// player chose, for a position format that takes them.
pub fn read_file(readers: &[Format], path: &Path, chosen: Option<&Value>) -> AppResult<Contents> {
    let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default();
    let format = pick(readers, Some(name));
    read(format, &read_at_most(path, format.max_bytes())?, chosen)
}

/// A file's content `bytes` (its name `name`; `None` for a pasted text), read as [`read_file`]
/// reads a file.
pub fn read_content(
    readers: &[Format],
    name: Option<&str>,
    bytes: &[u8],
    chosen: Option<&Value>,
) -> AppResult<Contents> {
    read(pick(readers, name), bytes, chosen)
}

/// The file at `path`, no more than `limit` bytes and one: a longer file is known to be too
/// long without being read whole.
fn read_at_most(path: &Path, limit: u64) -> AppResult<Vec<u8>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.take(limit + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// `bytes` read in `format` (a position format given the parameters the player `chosen`, the
/// game's defaults when none), its reader guarded against a panic where it may panic.
fn read(format: Format, bytes: &[u8], chosen: Option<&Value>) -> AppResult<Contents> {
    let Format::Declared(kind, declared) = format else { return Ok(Contents::Game(record_text::import_from(bytes)?)) };
    match declared.reads {
        Some(Reads::Game(_)) => match guarded_read::read(kind, declared, bytes, &Value::Null)? {
            Reading::Game(file) => Ok(Contents::Game(full_record(kind, &file)?)),
            Reading::Position(_) => Err(AppError::NotOffered { game: kind, what: "import" }),
        },
        Some(Reads::Position(_)) => {
            let chosen = chosen.cloned().unwrap_or_else(|| kind.info().default_params());
            let moves = record_moves(kind, declared, bytes)?;
            let bytes = moves.as_ref().map_or(bytes, |moves| moves.as_bytes());
            match guarded_read::read(kind, declared, bytes, &chosen)? {
                Reading::Position(position) => Ok(Contents::Position(kind, position)),
                Reading::Game(_) => Err(AppError::NotOffered { game: kind, what: "import" }),
            }
        }
        None => Err(AppError::NotOffered { game: kind, what: "import" }),
    }
}

/// A record file given where a game whose moves alone make its position (its table's
/// `exchanges_moves`) reads a position stands for its moves, one a line: the new game goes on
/// from them (Gomoku's Paste position takes a whole record so); a record of another game is
/// [`ImportError::WrongGame`]. `None` for anything else, which the position's format reads
/// itself.
fn record_moves(kind: GameKind, format: &FileFormat, bytes: &[u8]) -> AppResult<Option<String>> {
    let record = std::str::from_utf8(bytes).ok().filter(|text| {
        kind.info().exchanges_moves && bytes.len() as u64 <= format.max_bytes && record_text::is_record_file(text)
    });
    let Some(record) = record else { return Ok(None) };
    let (found, moves) = record_text::game_and_moves(record)?;
    if found != kind.as_str() {
        return Err(ImportError::WrongGame { expected: kind.as_str().into(), found }.into());
    }
    Ok(Some(moves.join("\n")))
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
