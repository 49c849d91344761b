//! The competitive Minesweepers' video files, read into the watch view: Metasweeper's open
//! `.evf`, Arbiter's `.avf`, Viennasweeper's `.rmv` and Minesweeper Clone's `.mvf`, parsed by
//! the field's own library, `ms_toollib` (MIT, Wang Jianing).
//!
//! A video holds its board (the mines cell by cell) and every mouse event with its time, in
//! pixels. Its board becomes a Pastimes game on exactly those mines ([`MineMap`]), and its
//! events become Pastimes moves, as the classic games read the buttons:
//!
//! * a left release on a cell is `open` (on an open number Pastimes' open is a chord);
//! * a right press is `mark` (flags only: videos' games have no question marks); a pre-flag
//!   (`.rmv`, before the first click) too;
//! * both buttons down, then either released, is `chord` on the cell under the mouse, and the
//!   other button's release does nothing; a middle release is a chord too.
//!
//! A move the rules refuse or that changes nothing is left out, as the classic game ignored the
//! click; the moves stop when the game ends. Each move keeps its time in the video (ms, from the
//! video's zero, the first click; a pre-flag counts at 0). The result is a finished game with
//! id 0, as an imported record file is ([`crate::records::record_text`]): never stored, never
//! ranked (marked imported), watched through the same path.
//!
//! A file larger than [`MAX_BYTES`] is refused before it is read, and a file the library cannot
//! read is a [`VideoError`]; the library's parsers index and unwrap what a file says, so a
//! damaged file may panic inside them. Built with `panic = "unwind"` (debug builds and tests)
//! the panic is caught ([`std::panic::catch_unwind`]); the release build aborts on a panic, so
//! there the parsing runs in a child process of Pastimes itself ([`child_main`]), whose death
//! is the same error.

use crate::records::imported::Imported;
use crate::records::record::{self, GameRecord};
use crate::store::FullRecord;
use ms_toollib::videos::NewSomeVideo2;
use ms_toollib::{AvfVideo, BaseVideo, ErrReadVideoReason, Event, EvfVideo, MvfVideo, RmvVideo};
use pastimes_games::minesweeper::{self, MineMap, Params};
use pastimes_games::Applied;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::io::Read;
use std::path::Path;

/// The largest video read. A long Expert game's `.avf` with every mouse move is some 100 KB.
pub const MAX_BYTES: u64 = 4 * 1024 * 1024;

/// The argument that makes Pastimes a video reader ([`child_main`]), for the release build.
pub const CHILD_ARG: &str = "--read-minesweeper-video";

/// The four formats, by their files' extensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Evf,
    Avf,
    Rmv,
    Mvf,
}

impl Format {
    pub const EXTENSIONS: [&'static str; 4] = ["evf", "avf", "rmv", "mvf"];

    /// The format a file name's extension names (any case); `None` for another file.
    pub fn of_name(name: &str) -> Option<Format> {
        let extension = Path::new(name).extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "evf" => Some(Format::Evf),
            "avf" => Some(Format::Avf),
            "rmv" => Some(Format::Rmv),
            "mvf" => Some(Format::Mvf),
            _ => None,
        }
    }
}

/// Why a video could not be imported. Each has a stable code the page translates; nothing
/// changes on any of them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VideoError {
    #[error("the file is larger than {} bytes: not a Minesweeper video", MAX_BYTES)]
    TooLarge,
    #[error("not a Minesweeper video of its format ({0})")]
    NotAVideo(String),
    #[error("the video ends early")]
    Truncated,
    #[error("the video's board cannot be played here: {0}")]
    BadBoard(String),
    #[error("the video could not be read")]
    Unreadable,
    #[error("the video holds no move")]
    NoMoves,
}

impl VideoError {
    pub fn code(&self) -> &'static str {
        match self {
            VideoError::TooLarge => "video_too_large",
            VideoError::NotAVideo(_) => "video_not_a_video",
            VideoError::Truncated => "video_truncated",
            VideoError::BadBoard(_) => "video_bad_board",
            VideoError::Unreadable => "video_unreadable",
            VideoError::NoMoves => "video_no_moves",
        }
    }

    /// The values its translated message needs.
    pub fn params(&self) -> Value {
        match self {
            VideoError::NotAVideo(reason) | VideoError::BadBoard(reason) => json!({ "reason": reason }),
            _ => json!({}),
        }
    }

    fn of_reason(reason: ErrReadVideoReason) -> VideoError {
        match reason {
            ErrReadVideoReason::FileIsTooShort | ErrReadVideoReason::FileIsEmpty => VideoError::Truncated,
            ErrReadVideoReason::InvalidBoardSize
            | ErrReadVideoReason::InvalidLevel
            | ErrReadVideoReason::InvalidMinePosition => VideoError::BadBoard(format!("{reason:?}")),
            other => VideoError::NotAVideo(format!("{other:?}")),
        }
    }
}

impl From<VideoError> for crate::error::AppError {
    fn from(error: VideoError) -> Self {
        crate::error::AppError::Import { code: error.code(), message: error.to_string(), params: error.params() }
    }
}

/// One mouse event of a video: its time in ms from the video's zero (negative before it), the
/// library's name of the event (`lc` left press, `lr` left release, `rc`, `rr`, `mc`, `mr`,
/// `pf` pre-flag, `mv` move...), and the cell under the mouse (column, row; off the board when
/// the mouse was).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MouseAt {
    pub ms: i64,
    pub mouse: String,
    pub x: usize,
    pub y: usize,
}

/// What Pastimes takes from a video: its board, its mouse events on cells and its player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Video {
    pub format: Format,
    pub width: usize,
    pub height: usize,
    /// Row by row, from the top.
    pub mines: Vec<bool>,
    pub events: Vec<MouseAt>,
    /// The player's name as the file gives it (empty when none).
    pub player: String,
    /// The 3BV the file states (0 when it states none) and its time in ms.
    pub bbbv: usize,
    pub time_ms: u64,
    /// When the game began, in µs since 1970, when the file says (0 when not).
    pub start_time_us: u64,
}

/// Reads at most [`MAX_BYTES`] from `source`; a longer source is refused without reading the
/// rest.
pub fn read_bounded(source: impl Read) -> Result<Vec<u8>, VideoError> {
    let mut bytes = Vec::new();
    source.take(MAX_BYTES + 1).read_to_end(&mut bytes).map_err(|_| VideoError::Unreadable)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(VideoError::TooLarge);
    }
    Ok(bytes)
}

/// The video file at `path`, imported as [`import`] does; a file above the limit is refused
/// before it is read.
pub fn import_file(path: &Path, format: Format) -> Result<FullRecord, VideoError> {
    let file = std::fs::File::open(path).map_err(|_| VideoError::Unreadable)?;
    if file.metadata().map_err(|_| VideoError::Unreadable)?.len() > MAX_BYTES {
        return Err(VideoError::TooLarge);
    }
    import(&read_bounded(file)?, format)
}

/// A video's bytes as a finished Minesweeper game with id 0, played through the rules.
pub fn import(bytes: &[u8], format: Format) -> Result<FullRecord, VideoError> {
    if bytes.len() as u64 > MAX_BYTES {
        return Err(VideoError::TooLarge);
    }
    to_record(&parse_guarded(bytes, format)?)
}

/// [`parse`], a panic inside the library being [`VideoError::Unreadable`] (see the module's
/// doc).
pub fn parse_guarded(bytes: &[u8], format: Format) -> Result<Video, VideoError> {
    #[cfg(panic = "unwind")]
    {
        let bytes = bytes.to_vec();
        let quiet = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let parsed = std::panic::catch_unwind(move || parse(&bytes, format));
        std::panic::set_hook(quiet);
        parsed.unwrap_or(Err(VideoError::Unreadable))
    }
    #[cfg(not(panic = "unwind"))]
    {
        parse_in_child(bytes, format)
    }
}

/// The release build's guard: this same program, started with [`CHILD_ARG`], parses the bytes
/// sent on its standard input and answers with the video as JSON on its standard output.
#[cfg(not(panic = "unwind"))]
fn parse_in_child(bytes: &[u8], format: Format) -> Result<Video, VideoError> {
    parse_in_child_of(&std::env::current_exe().map_err(|_| VideoError::Unreadable)?, bytes, format)
}

/// [`parse_guarded`]'s release path with the Pastimes program at `exe` (the tests run the
/// built program).
pub fn parse_in_child_of(exe: &Path, bytes: &[u8], format: Format) -> Result<Video, VideoError> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let format_name = serde_json::to_value(format).map_err(|_| VideoError::Unreadable)?;
    let mut child = Command::new(exe)
        .arg(CHILD_ARG)
        .arg(format_name.as_str().unwrap_or_default())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|_| VideoError::Unreadable)?;
    let mut stdin = child.stdin.take().ok_or(VideoError::Unreadable)?;
    let sent = bytes.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&sent));
    let output = child.wait_with_output().map_err(|_| VideoError::Unreadable)?;
    let _ = writer.join();
    if !output.status.success() {
        return Err(VideoError::Unreadable);
    }
    serde_json::from_slice::<Result<Video, VideoError>>(&output.stdout).map_err(|_| VideoError::Unreadable)?
}

/// The child's side of [`parse_guarded`] in the release build: `pastimes --read-minesweeper-video
/// evf` reads a video on its standard input and writes the parsed video (or its error) as JSON.
/// A panic kills this process only.
pub fn child_main(format: &str) -> i32 {
    let Ok(format) = serde_json::from_value::<Format>(json!(format)) else { return 2 };
    let parsed = match read_bounded(std::io::stdin().lock()) {
        Ok(bytes) => parse(&bytes, format),
        Err(error) => Err(error),
    };
    match serde_json::to_writer(std::io::stdout().lock(), &parsed) {
        Ok(()) => 0,
        Err(_) => 1,
    }
}

impl Serialize for VideoError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (self.code(), self.params()).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for VideoError {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<VideoError, D::Error> {
        let (code, params) = <(String, Value)>::deserialize(deserializer)?;
        let reason = params["reason"].as_str().unwrap_or_default().to_string();
        Ok(match code.as_str() {
            "video_too_large" => VideoError::TooLarge,
            "video_not_a_video" => VideoError::NotAVideo(reason),
            "video_truncated" => VideoError::Truncated,
            "video_bad_board" => VideoError::BadBoard(reason),
            "video_no_moves" => VideoError::NoMoves,
            _ => VideoError::Unreadable,
        })
    }
}

/// The library's reading of a video, unguarded: it may panic on a damaged file.
pub fn parse(bytes: &[u8], format: Format) -> Result<Video, VideoError> {
    if bytes.is_empty() {
        return Err(VideoError::Truncated);
    }
    let raw = bytes.to_vec();
    let data = match format {
        Format::Evf => {
            let mut video = EvfVideo::new(raw, "video.evf");
            video.parse().map_err(VideoError::of_reason)?;
            video.data
        }
        Format::Avf => {
            let mut video = AvfVideo::new(raw, "video.avf");
            video.parse().map_err(VideoError::of_reason)?;
            video.data
        }
        Format::Rmv => {
            let mut video = RmvVideo::new(raw, "video.rmv");
            video.parse().map_err(VideoError::of_reason)?;
            video.data
        }
        Format::Mvf => {
            let mut video = MvfVideo::new(raw, "video.mvf");
            video.parse().map_err(VideoError::of_reason)?;
            video.data
        }
    };
    of_data(format, &data)
}

fn of_data(format: Format, data: &BaseVideo<Vec<Vec<i32>>>) -> Result<Video, VideoError> {
    let (width, height) = (data.width, data.height);
    let rows_fit = data.board.len() == height && data.board.iter().all(|row| row.len() == width);
    if width == 0 || height == 0 || !rows_fit {
        return Err(VideoError::BadBoard(format!("{width}x{height}")));
    }
    let mines: Vec<bool> = data.board.iter().flatten().map(|&cell| cell == -1).collect();
    let pixel = usize::from(data.cell_pixel_size.max(1));
    let events = data
        .video_action_state_recorder
        .iter()
        .filter_map(|recorded| match &recorded.event {
            Some(Event::Mouse(mouse)) => Some(MouseAt {
                ms: (recorded.time * 1000.0).round() as i64,
                mouse: mouse.mouse.clone(),
                x: usize::from(mouse.x) / pixel,
                y: usize::from(mouse.y) / pixel,
            }),
            _ => None,
        })
        .collect();
    Ok(Video {
        format,
        width,
        height,
        mines,
        events,
        player: data.player_identifier.trim().to_string(),
        bbbv: data.static_params.bbbv,
        time_ms: data.game_dynamic_params.rtime_ms.into(),
        start_time_us: data.start_time,
    })
}

/// The moves the classic games read from the buttons (see the module's doc), with their times
/// in ms (never below 0), before the rules judge them.
pub fn candidate_moves(video: &Video) -> Vec<(minesweeper::Move, u64)> {
    let (mut left, mut right, mut chorded) = (false, false, false);
    let mut moves = Vec::new();
    for event in &video.events {
        let (x, y) = (event.x as i64, event.y as i64);
        let at = event.ms.max(0) as u64;
        let mut push = |mv| moves.push((mv, at));
        match event.mouse.as_str() {
            "lc" => {
                left = true;
                chorded |= right;
            }
            "rc" => {
                right = true;
                if left {
                    chorded = true;
                } else {
                    push(minesweeper::Move::Mark { x, y });
                }
            }
            "pf" => push(minesweeper::Move::Mark { x, y }),
            "lr" | "rr" => {
                let was_both = left && right;
                if event.mouse == "lr" {
                    left = false;
                } else {
                    right = false;
                }
                if was_both {
                    push(minesweeper::Move::Chord { x, y });
                } else if event.mouse == "lr" && !chorded {
                    push(minesweeper::Move::Open { x, y });
                }
                if !left && !right {
                    chorded = false;
                }
            }
            "mr" => push(minesweeper::Move::Chord { x, y }),
            _ => {}
        }
    }
    moves
}

/// The video as a finished game (id 0): its moves played on its board through the rules.
pub fn to_record(video: &Video) -> Result<FullRecord, VideoError> {
    let layout = MineMap::new(video.width, video.height, video.mines.clone())
        .ok_or_else(|| VideoError::BadBoard(format!("{}x{} with {} mines", video.width, video.height, mines(video))))?;
    let params = Params::of_layout(layout);
    let params_json = serde_json::to_value(&params).map_err(|_| VideoError::Unreadable)?;
    let kind = minesweeper::KIND;
    let seed = 0;
    let dealt = (kind.info().new_game)(&params_json, seed).map_err(|e| VideoError::BadBoard(e.to_string()))?;
    let mut game = dealt.clone();
    let mut record = GameRecord::default();
    for (mv, at) in candidate_moves(video) {
        if game.status().is_over() {
            break;
        }
        let Ok(value) = serde_json::to_value(mv) else { continue };
        if game.play(&value).is_ok_and(|played| played.applied == Applied::Move) {
            let at = at.max(record.times_ms.last().copied().unwrap_or(0));
            record.moves.push(value);
            record.times_ms.push(at);
        }
    }
    if record.moves.is_empty() {
        return Err(VideoError::NoMoves);
    }
    let last = record.times_ms.last().copied().unwrap_or(0);
    if last > MAX_GAME_MS {
        return Err(VideoError::NotAVideo(format!("a move {} s into the game", last / 1000)));
    }
    let mut detail = json!({ "seed": seed.to_string(), "params": dealt.params() });
    if let Some(summary) = game.summary(last) {
        detail["summary"] = summary;
    }
    let started = chrono::DateTime::from_timestamp_micros(video.start_time_us as i64)
        .filter(|_| video.start_time_us > 0)
        .unwrap_or_else(chrono::Utc::now);
    let full = Imported {
        dealt: dealt.as_ref(),
        played: game.as_ref(),
        record: &record,
        detail,
        started,
        player: (!video.player.is_empty()).then(|| video.player.clone()),
    }
    .into_full_record();
    crate::records::verify::check(&full.stored).map_err(VideoError::BadBoard)?;
    Ok(full)
}

fn mines(video: &Video) -> usize {
    video.mines.iter().filter(|&&m| m).count()
}

/// The longest game a video may hold: a day. No real game is longer, and a clock past what a
/// date can hold is junk.
const MAX_GAME_MS: u64 = 24 * 60 * 60 * 1000;

/// The name this Pastimes writes in a video's software field.
pub const SOFTWARE: &str = concat!("Pastimes ", env!("CARGO_PKG_VERSION"));
/// The cell size, in pixels, of the videos Pastimes writes (the classic games' 16).
const PIXEL: u16 = 16;

/// The finished Minesweeper game `full` as an `.evf` video (version 4, the format Metasweeper
/// writes and `ms_toollib` reads), and the file name to offer for it: the board, every move as
/// the mouse events that make it (open: left press and release; mark: right press and release;
/// chord, and an open on an open number, which Pastimes plays as a chord: both buttons, the
/// left released first) at its time, and the player's name.
pub fn export_evf(full: &FullRecord) -> Result<(Vec<u8>, String), crate::error::AppError> {
    use pastimes_games::minesweeper::{cell_code, Minesweeper};
    use pastimes_games::Game;
    let not_offered = || crate::error::AppError::NotOffered { game: minesweeper::KIND, what: "export a video" };
    if full.stored.game != minesweeper::KIND.as_str() {
        return Err(crate::error::AppError::NothingTo("export"));
    }
    let detail: Value = serde_json::from_str(&full.stored.detail).map_err(|_| not_offered())?;
    let params: Params = serde_json::from_value(detail["params"].clone()).map_err(|_| not_offered())?;
    let seed: u64 = detail["seed"].as_str().and_then(|s| s.parse().ok()).ok_or_else(not_offered)?;
    let mut game = Minesweeper::new(&params, seed).map_err(|_| not_offered())?;
    let dealt = (minesweeper::KIND.info().new_game)(&detail["params"], seed).map_err(|_| not_offered())?;
    let moves = record::decode(dealt.as_ref(), &full.stored.record).map_err(|_| not_offered())?;
    // The events of each move, the cell's centre under the mouse.
    let mut events: Vec<(u8, u64, u16, u16)> = Vec::new();
    let mut right_clicks = 0;
    for (value, &at) in moves.moves.iter().zip(&moves.times_ms) {
        let mv: minesweeper::Move = serde_json::from_value(value.clone()).map_err(|_| not_offered())?;
        let (x, y) = mv.xy();
        let (px, py) = (x as u16 * PIXEL + PIXEL / 2, y as u16 * PIXEL + PIXEL / 2);
        let width = game.board().width();
        let open_number =
            game.view().cells.as_bytes().get(y as usize * width + x as usize).is_some_and(u8::is_ascii_digit);
        let codes: &[u8] = match mv {
            minesweeper::Move::Open { .. } if !open_number => &[2, 3],
            minesweeper::Move::Mark { .. } => {
                right_clicks += 1;
                &[4, 5]
            }
            _ => &[2, 4, 3, 5],
        };
        events.extend(codes.iter().map(|&code| (code, at, px, py)));
        game.apply(&mv).map_err(|_| not_offered())?;
    }
    let view = game.view();
    let won = view.status == pastimes_games::Status::Won;
    let mine: Vec<bool> =
        view.cells.chars().map(|c| c == cell_code::MINE || c == cell_code::EXPLODED || c == cell_code::FLAG).collect();
    let board = game.board();
    let bbbv = game.three_bv().unwrap_or(0);
    let time_ms = u32::try_from(full.stored.time_ms).unwrap_or(u32::MAX);
    let started = chrono::DateTime::parse_from_rfc3339(&full.started_at).map(|at| at.timestamp_micros()).unwrap_or(0);
    let finished = chrono::DateTime::parse_from_rfc3339(&full.finished_at).map(|at| at.timestamp_micros()).unwrap_or(0);

    let mut out = vec![4u8, 0, 0];
    if won {
        out[1] |= 0b1000_0000;
    }
    if right_clicks == 0 {
        out[1] |= 0b0001_0000;
    }
    out.push(board.height() as u8);
    out.push(board.width() as u8);
    out.extend((board.mines() as u16).to_be_bytes());
    out.push(PIXEL as u8);
    out.extend(0u16.to_be_bytes());
    out.extend((bbbv as u16).to_be_bytes());
    out.extend(time_ms.to_be_bytes());
    out.extend(b"XX");
    out.extend((started.max(0) as u64).to_be_bytes());
    out.extend((finished.max(0) as u64).to_be_bytes());
    let c_string = |out: &mut Vec<u8>, text: &str| {
        out.extend(text.bytes().filter(|&b| b != 0));
        out.push(0);
    };
    c_string(&mut out, SOFTWARE);
    c_string(&mut out, full.player.as_deref().unwrap_or_default());
    c_string(&mut out, "");
    c_string(&mut out, "");
    out.extend(0u16.to_be_bytes());
    for bits in mine.chunks(8) {
        out.push(bits.iter().enumerate().fold(0u8, |byte, (i, &m)| byte | (u8::from(m) << (7 - i))));
    }
    out.extend(0u16.to_be_bytes());
    // The first event is a mouse move to the first cell at 0 ms; then each event as the time
    // since the one before (pauses beyond 255 ms first) and the mouse's move.
    let (first_x, first_y) = events.first().map_or((0, 0), |&(_, _, x, y)| (x, y));
    out.push(1);
    out.push(0);
    out.extend(first_x.to_be_bytes());
    out.extend(first_y.to_be_bytes());
    let (mut last_at, mut last_x, mut last_y) = (0u64, first_x, first_y);
    for (code, at, x, y) in events {
        let mut delta = at.saturating_sub(last_at);
        while delta > 255 {
            let pause = delta.min(65_535) as u16;
            out.push(255);
            out.extend(pause.to_be_bytes());
            delta -= u64::from(pause);
        }
        out.push(code);
        out.push(delta as u8);
        out.extend((x as i16 - last_x as i16).to_be_bytes());
        out.extend((y as i16 - last_y as i16).to_be_bytes());
        (last_at, last_x, last_y) = (at.max(last_at), x, y);
    }
    out.push(0);
    out.extend(0u16.to_be_bytes());
    let name = crate::records::record_text::file_name(full).replace(".txt", ".evf");
    Ok((out, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> Vec<u8> {
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/videos").join(name)).unwrap()
    }

    #[test]
    fn the_shipped_rmv_videos_play_on_their_own_board() {
        for name in ["test_rmv1_utf8_basic.rmv", "test_rmv2_16px_preflags.rmv", "test_rmv2_24px.rmv"] {
            let bytes = fixture(name);
            let video = parse(&bytes, Format::Rmv).unwrap();
            let full = import(&bytes, Format::Rmv).unwrap();
            assert_eq!(full.stored.id, 0);
            let detail: Value = serde_json::from_str(&full.stored.detail).unwrap();
            let params: Params = serde_json::from_value(detail["params"].clone()).unwrap();
            let board = params.board().unwrap();
            assert_eq!((board.width(), board.height()), (video.width, video.height), "{name}");
            assert_eq!(board.mines(), mines(&video), "{name}");
            assert!(full.stored.moves > 0 && full.assistance.imported, "{name}");
            if video.bbbv > 0 && full.stored.result == "won" {
                assert_eq!(detail["summary"]["bbbv"].as_u64(), Some(video.bbbv as u64), "{name}");
            }
        }
    }

    #[test]
    fn junk_truncation_and_other_formats_are_typed_errors() {
        let good = fixture("test_rmv2_16px_preflags.rmv");
        for format in [Format::Evf, Format::Avf, Format::Rmv, Format::Mvf] {
            assert_eq!(import(&[], format), Err(VideoError::Truncated));
            for cut in (0..good.len()).step_by(97) {
                assert!(import(&good[..cut], format).is_err(), "{format:?} cut at {cut}");
            }
            let junk: Vec<u8> = (0..200_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
            assert!(import(&junk, format).is_err(), "{format:?}");
            for first in 0..=255u8 {
                let mut bytes = junk[..4000].to_vec();
                bytes[0] = first;
                assert!(import(&bytes, format).is_err(), "{format:?} starting {first}");
            }
        }
        let ten_mb = vec![7u8; 10 * 1024 * 1024];
        assert_eq!(import(&ten_mb, Format::Evf), Err(VideoError::TooLarge));
        assert_eq!(read_bounded(&ten_mb[..]), Err(VideoError::TooLarge));
    }

    #[test]
    fn a_video_longer_than_a_day_is_refused() {
        let mut video = parse(&fixture("test_rmv2_16px_preflags.rmv"), Format::Rmv).unwrap();
        assert!(to_record(&video).is_ok());
        for event in &mut video.events {
            // Once added to the date the game began: a panic.
            event.ms = i64::MAX;
        }
        assert!(matches!(to_record(&video), Err(VideoError::NotAVideo(reason)) if reason.contains(" s into the game")));
        for event in &mut video.events {
            event.ms = MAX_GAME_MS as i64 + 1;
        }
        assert!(matches!(to_record(&video), Err(VideoError::NotAVideo(_))));
    }

    #[test]
    fn a_panic_inside_the_library_is_an_error() {
        // An .evf v4 whose first event byte is one the library's parser panics on.
        let mut bytes = vec![4, 0, 0, 1, 1, 0, 0, 16, 0, 0, 0, 1, 0, 0, 0, 0, b'X', b'X'];
        bytes.extend([0; 16]);
        bytes.extend([0, 0, 0, 0, 0, 0, 0, 0]);
        bytes.push(0);
        bytes.extend([0, 0]);
        bytes.push(3);
        assert!(std::panic::catch_unwind(|| parse(&bytes, Format::Evf)).is_err(), "the library panics");
        assert_eq!(parse_guarded(&bytes, Format::Evf), Err(VideoError::Unreadable));
    }

    /// A beginner game played to its end by opening cells in reading order, with a mark first
    /// and a chord when one opens something, a second and a bit between moves.
    fn played_game() -> FullRecord {
        played(json!({"level": "beginner"}), 42)
    }

    fn played(params: Value, seed: u64) -> FullRecord {
        use crate::play::clock::{ManualTime, Time};
        use crate::play::session::Session;
        use pastimes_games::GameKind;
        use std::sync::Arc;
        use std::time::Duration;
        let hand = Arc::new(ManualTime::default());
        let time: Time = hand.clone();
        let kind: GameKind = minesweeper::KIND;
        let mut session = Session::new(kind, &params, seed, time).unwrap();
        let view = session.snapshot(false).view;
        let width = view["width"].as_i64().unwrap();
        let cells = width * view["height"].as_i64().unwrap();
        let mut i = 0;
        'game: while !session.is_over() {
            for cell in 0..cells {
                for action in ["chord", "open"] {
                    let mv = json!({"action": action, "x": cell % width, "y": cell / width});
                    if session.play(&mv).is_ok_and(|m| m.applied == Applied::Move) {
                        i += 1;
                        hand.advance(Duration::from_millis(300 + 37 * i));
                        continue 'game;
                    }
                }
            }
            panic!("no move left");
        }
        let mut store = crate::store::Store::open_in_memory().unwrap();
        let recorded = store.record_finished(&crate::state::rows::finished(&session).unwrap()).unwrap();
        let mut full = store.full_record(recorded.id).unwrap().unwrap();
        full.player = Some("Gus".into());
        full
    }

    #[test]
    fn an_exported_video_reads_back_in_ms_toollib_and_in_pastimes() {
        let full = played_game();
        let (bytes, name) = export_evf(&full).unwrap();
        assert!(name.ends_with(".evf"), "{name}");
        let mut video = EvfVideo::new(bytes.clone(), "x.evf");
        video.parse().unwrap();
        let detail: Value = serde_json::from_str(&full.stored.detail).unwrap();
        let params: Params = serde_json::from_value(detail["params"].clone()).unwrap();
        let board = params.board().unwrap();
        assert_eq!(
            (video.data.width, video.data.height, video.data.mine_num),
            (board.width(), board.height(), board.mines())
        );
        assert_eq!(video.data.player_identifier, "Gus");
        assert_eq!(i64::from(video.data.game_dynamic_params.rtime_ms), full.stored.time_ms);
        assert_eq!(
            u64::try_from(ms_toollib::cal_bbbv(&video.data.board)).unwrap(),
            detail["summary"]["bbbv"].as_u64().unwrap()
        );
        assert_eq!(video.data.static_params.bbbv as u64, detail["summary"]["bbbv"].as_u64().unwrap());
        let clicks = video
            .data
            .video_action_state_recorder
            .iter()
            .filter(|r| matches!(&r.event, Some(Event::Mouse(m)) if m.mouse == "lr" || m.mouse == "rc"))
            .count();
        assert!(clicks as i64 >= full.stored.moves);
        // And back into Pastimes: the same board, moves and times.
        let back = import(&bytes, Format::Evf).unwrap();
        assert_eq!(back.stored.record, full.stored.record, "the same moves at the same times");
        assert_eq!(
            (back.stored.result.as_str(), back.stored.time_ms),
            (full.stored.result.as_str(), full.stored.time_ms)
        );
        let back_detail: Value = serde_json::from_str(&back.stored.detail).unwrap();
        assert_eq!(back_detail["summary"]["bbbv"], detail["summary"]["bbbv"]);
        assert_eq!(back.player.as_deref(), Some("Gus"));
    }

    /// Writes the `.evf` fixtures of `tests/fixtures/videos/` (run by hand, `--ignored`).
    #[test]
    #[ignore]
    fn write_the_evf_fixtures() {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/videos");
        for (name, params, seed) in [
            ("pastimes-beginner.evf", json!({"level": "beginner"}), 42),
            ("pastimes-intermediate.evf", json!({"level": "intermediate"}), 7),
        ] {
            let (bytes, _) = export_evf(&played(params, seed)).unwrap();
            std::fs::write(folder.join(name), bytes).unwrap();
        }
    }

    #[test]
    fn the_buttons_read_as_the_classic_games_read_them() {
        let at = |ms, mouse: &str, x, y| MouseAt { ms, mouse: mouse.into(), x, y };
        let video = Video {
            format: Format::Rmv,
            width: 9,
            height: 9,
            mines: vec![false; 81],
            events: vec![
                at(-5, "pf", 1, 1),
                at(0, "lc", 0, 0),
                at(10, "lr", 0, 0),
                at(20, "rc", 2, 2),
                at(25, "rr", 2, 2),
                at(30, "lc", 3, 3),
                at(35, "rc", 3, 3),
                at(40, "rr", 4, 4),
                at(45, "lr", 4, 4),
                at(50, "mr", 5, 5),
            ],
            player: String::new(),
            bbbv: 0,
            time_ms: 0,
            start_time_us: 0,
        };
        let moves: Vec<(minesweeper::Move, u64)> = candidate_moves(&video);
        use minesweeper::Move::*;
        assert_eq!(
            moves,
            vec![
                (Mark { x: 1, y: 1 }, 0),
                (Open { x: 0, y: 0 }, 10),
                (Mark { x: 2, y: 2 }, 20),
                (Chord { x: 4, y: 4 }, 40),
                (Chord { x: 5, y: 5 }, 50)
            ]
        );
    }
}
