//! Reading a game's file with a parser that may panic on a damaged file (a third party's, as
//! its format declares: `FileFormat::reader_may_panic`) without the panic ending Pastimes.
//!
//! Built with `panic = "unwind"` (debug builds and tests) the panic is caught
//! ([`std::panic::catch_unwind`]); the release build aborts on a panic, so there the reading runs
//! in a child process of Pastimes itself ([`child_main`], started with [`CHILD_ARG`]), whose
//! death is the format's `unreadable_code`. Other formats are read in place. A file and a pasted
//! text are read alike: both are bytes here.

use pastimes_games::file_format::Position;
use pastimes_games::{FileFormat, FormatError, GameFile, GameKind, Reads};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::io::Read;
use std::path::Path;

/// The argument that makes Pastimes a file reader ([`child_main`]), for the release build:
/// `pastimes --read-game-file <game> <format> [<parameters chosen, JSON>]`.
pub const CHILD_ARG: &str = "--read-game-file";

/// What a format's reader read: a finished game (a format that reads games), or a new game's
/// position (one that reads positions).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Reading {
    Game(GameFile),
    Position(Position),
}

/// `format`'s reading of `bytes` (a position format given the parameters the player `chosen`),
/// a panic inside it being the format's `unreadable_code`.
pub fn read(kind: GameKind, format: &'static FileFormat, bytes: &[u8], chosen: &Value) -> Result<Reading, FormatError> {
    if !format.reader_may_panic {
        return read_in_place(format, bytes, chosen);
    }
    #[cfg(panic = "unwind")]
    {
        let _ = kind;
        let (bytes, chosen) = (bytes.to_vec(), chosen.clone());
        let quiet = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let read = std::panic::catch_unwind(move || read_in_place(format, &bytes, &chosen));
        std::panic::set_hook(quiet);
        read.unwrap_or_else(|_| Err(unreadable(format)))
    }
    #[cfg(not(panic = "unwind"))]
    {
        match std::env::current_exe() {
            Ok(exe) => read_in_child_of(&exe, kind, format, bytes, chosen),
            Err(_) => Err(unreadable(format)),
        }
    }
}

/// The format's own reader on `bytes`, here.
fn read_in_place(format: &FileFormat, bytes: &[u8], chosen: &Value) -> Result<Reading, FormatError> {
    match format.reads {
        Some(Reads::Game(reader)) => reader(bytes).map(Reading::Game),
        Some(Reads::Position(reader)) => reader(bytes, chosen).map(Reading::Position),
        None => Err(unreadable(format)),
    }
}

fn unreadable(format: &FileFormat) -> FormatError {
    FormatError::new(format.unreadable_code, "the file could not be read", Value::Object(Default::default()))
}

/// What the child writes: what it read, or the error's code, message and values.
type ChildAnswer = Result<Reading, (String, String, Value)>;

/// [`read`]'s release path with the Pastimes program at `exe` (the tests run the built
/// program): the child reads the bytes on its standard input and answers on its standard output.
pub fn read_in_child_of(
    exe: &Path,
    kind: GameKind,
    format: &'static FileFormat,
    bytes: &[u8],
    chosen: &Value,
) -> Result<Reading, FormatError> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let spawned = Command::new(exe)
        .args([CHILD_ARG, kind.as_str(), format.id, &chosen.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = spawned else { return Err(unreadable(format)) };
    let Some(mut stdin) = child.stdin.take() else { return Err(unreadable(format)) };
    let sent = bytes.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&sent));
    let output = child.wait_with_output();
    let _ = writer.join();
    let answer = match output {
        Ok(output) if output.status.success() => serde_json::from_slice::<ChildAnswer>(&output.stdout).ok(),
        _ => None,
    };
    match answer {
        Some(Ok(file)) => Ok(file),
        Some(Err((code, message, params))) => Err(FormatError { code: format.error_code(&code), message, params }),
        None => Err(unreadable(format)),
    }
}

/// The child's side of [`read`] in the release build: `args` are the game's and the format's
/// ids, and the parameters the player chose (JSON; `null` when not given); it reads the file on
/// its standard input (no more than the format's limit and a byte) and writes what it read (or
/// its error) as JSON. A panic kills this process only.
pub fn child_main(mut args: impl Iterator<Item = String>) -> i32 {
    let (Some(game), Some(id)) = (args.next(), args.next()) else { return 2 };
    let chosen = args.next().map_or(Some(Value::Null), |json| serde_json::from_str(&json).ok());
    let Some(chosen) = chosen else { return 2 };
    let Some(kind) = GameKind::parse(&game) else { return 2 };
    let Some(format) = kind.info().file_formats.iter().find(|format| format.id == id) else { return 2 };
    if format.reads.is_none() {
        return 2;
    }
    let mut bytes = Vec::new();
    if std::io::stdin().lock().take(format.max_bytes + 1).read_to_end(&mut bytes).is_err() {
        return 1;
    }
    let answer: ChildAnswer =
        read_in_place(format, &bytes, &chosen).map_err(|error| (error.code.to_string(), error.message, error.params));
    match serde_json::to_writer(std::io::stdout().lock(), &answer) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_inside_a_formats_reader_is_its_unreadable_error() {
        // An .evf v4 whose first event byte the video library's parser panics on.
        let mut bytes = vec![4, 0, 0, 1, 1, 0, 0, 16, 0, 0, 0, 1, 0, 0, 0, 0, b'X', b'X'];
        bytes.extend([0; 16 + 8 + 1 + 2]);
        bytes.push(3);
        let (kind, format) = GameKind::all()
            .flat_map(|kind| kind.info().file_formats.iter().map(move |format| (kind, format)))
            .find(|(_, format)| format.reader_may_panic && format.names("x.evf"))
            .expect("a format whose reader may panic");
        let error = read(kind, format, &bytes, &Value::Null).unwrap_err();
        assert_eq!(error.code, format.unreadable_code);
    }
}
