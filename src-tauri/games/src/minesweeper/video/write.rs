//! A finished game written as an `.evf` video (version 4, the format Metasweeper writes and
//! `ms_toollib` reads).

use crate::file_format::{FormatError, GameFile};
use crate::minesweeper::{self, cell_code, Minesweeper, Params};
use crate::{Game, Status};
use serde_json::json;

/// The name this Pastimes writes in a video's software field.
pub const SOFTWARE: &str = concat!("Pastimes ", env!("CARGO_PKG_VERSION"));
/// The cell size, in pixels, of the videos Pastimes writes (the classic games' 16).
const PIXEL: u16 = 16;

/// One mouse event: its code in the file, its time (ms) and the mouse's place (pixels).
type MouseEvent = (u8, u64, u16, u16);

/// The finished Minesweeper game `file` as an `.evf`: the board, every move as the mouse events
/// that make it (open: left press and release; mark: right press and release; chord, and an
/// open on an open number, which Pastimes plays as a chord: both buttons, the left released
/// first) at its time, and the player's name.
pub fn write_evf(file: &GameFile) -> Result<Vec<u8>, FormatError> {
    let not_a_game = |reason: String| FormatError::new("video_bad_board", &reason, json!({ "reason": reason }));
    let params: Params = serde_json::from_value(file.params.clone()).map_err(|e| not_a_game(e.to_string()))?;
    let mut game = Minesweeper::new(&params, file.seed).map_err(|e| not_a_game(e.to_string()))?;
    let mut events: Vec<MouseEvent> = Vec::new();
    let mut right_clicks = 0;
    for (value, &at) in file.moves.iter().zip(&file.times_ms) {
        let mv: minesweeper::Move = serde_json::from_value(value.clone()).map_err(|e| not_a_game(e.to_string()))?;
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
        game.apply(&mv).map_err(|e| not_a_game(e.to_string()))?;
    }
    let mut out = header(&game, file, right_clicks == 0);
    c_string(&mut out, SOFTWARE);
    c_string(&mut out, file.player.as_deref().unwrap_or_default());
    c_string(&mut out, "");
    c_string(&mut out, "");
    out.extend(0u16.to_be_bytes());
    let view = game.view();
    let mine: Vec<bool> =
        view.cells.chars().map(|c| c == cell_code::MINE || c == cell_code::EXPLODED || c == cell_code::FLAG).collect();
    for bits in mine.chunks(8) {
        out.push(bits.iter().enumerate().fold(0u8, |byte, (i, &m)| byte | (u8::from(m) << (7 - i))));
    }
    out.extend(0u16.to_be_bytes());
    write_events(&mut out, &events);
    Ok(out)
}

/// The fixed fields: version, flags, size, mines, cell size, 3BV, time and dates.
fn header(game: &Minesweeper, file: &GameFile, no_flags: bool) -> Vec<u8> {
    let board = game.board();
    let mut out = vec![4u8, 0, 0];
    if game.view().status == Status::Won {
        out[1] |= 0b1000_0000;
    }
    if no_flags {
        out[1] |= 0b0001_0000;
    }
    out.push(board.height() as u8);
    out.push(board.width() as u8);
    out.extend((board.mines() as u16).to_be_bytes());
    out.push(PIXEL as u8);
    out.extend(0u16.to_be_bytes());
    out.extend((game.three_bv().unwrap_or(0) as u16).to_be_bytes());
    out.extend(u32::try_from(file.time_ms).unwrap_or(u32::MAX).to_be_bytes());
    out.extend(b"XX");
    out.extend((file.started_us.unwrap_or(0).max(0) as u64).to_be_bytes());
    out.extend((file.finished_us.unwrap_or(0).max(0) as u64).to_be_bytes());
    out
}

fn c_string(out: &mut Vec<u8>, text: &str) {
    out.extend(text.bytes().filter(|&b| b != 0));
    out.push(0);
}

/// The first event is a mouse move to the first cell at 0 ms; then each event as the time since
/// the one before (pauses beyond 255 ms first) and the mouse's move; then the end.
fn write_events(out: &mut Vec<u8>, events: &[MouseEvent]) {
    let (first_x, first_y) = events.first().map_or((0, 0), |&(_, _, x, y)| (x, y));
    out.push(1);
    out.push(0);
    out.extend(first_x.to_be_bytes());
    out.extend(first_y.to_be_bytes());
    let (mut last_at, mut last_x, mut last_y) = (0u64, first_x, first_y);
    for &(code, at, x, y) in events {
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
}
