//! Minesweeper's board files: Minesweeper X's `.mbf` and Minesweeper Arbiter's `.abf`. A file
//! starts a game on its mines, which the app marks imported (never ranked); the history writes
//! the mines of a finished game in either.
//!
//! **The layout** (the "MBF" board file as David Hill's JSMinesweeper reads and writes it,
//! `Minesweeper/client/main.js` `newGameFromMBF` and `MinesweeperGame.js` `createGameFromMFB`,
//! `ServerGame.resetMines`; it is the layout commonly given for Minesweeper X's boards):
//!
//! | bytes          | what                                              |
//! |----------------|---------------------------------------------------|
//! | 0              | the width, in cells                               |
//! | 1              | the height, in cells                              |
//! | 2, 3           | the number of mines, big-endian                   |
//! | 4 + 2i, 5 + 2i | mine i: its column x, then its row y, from 0 at the top left |
//!
//! and nothing after the last mine. Pastimes writes the mines row by row from the top, each row
//! from the left, as JSMinesweeper does.
//!
//! **`.abf`**: JSMinesweeper opens a file named `.abf` with the very reader of `.mbf` (its
//! `dropHandler` sends both to `newGameFromBlob`); no other public description of Arbiter's board
//! file was found, so Pastimes reads and writes `.abf` in the same layout. That rests on that one
//! source.
//!
//! **Refusals.** A file that sets out no board Pastimes can play is refused with its reason
//! ([`PositionFileError`]) and nothing changes: one shorter than its header or than the mines
//! it counts, or longer (bytes after the last mine); a side of 0 or above [`MAX_SIDE`]; no mine,
//! or no safe cell left; a mine off the board, or twice on one cell. A file larger than the
//! largest board needs ([`MAX_BYTES`]) is refused unread.
//!
//! `ms_toollib` (1.5.16), which reads the videos, reads neither board file, so it cannot serve as
//! an oracle here.

use super::{MineMap, Minesweeper, Params, MAX_SIDE};
use crate::file_format::{FileFormat, FormatError, GameFile, Position, Reads, Writes};
use crate::{Game, PositionFileError};

/// The largest board file: a [`MAX_SIDE`]-square board with every cell but one a mine.
pub const MAX_BYTES: usize = HEADER + 2 * (MAX_SIDE as usize * MAX_SIDE as usize - 1);

/// The header's length: width, height and the mine count.
const HEADER: usize = 4;

const ERROR_CODES: &[&str] = &["position_too_large", "position_invalid"];

/// Minesweeper X's board file, `.mbf`. Its open dialog takes `.abf` too (the same layout), so one
/// Open board... reads either.
pub const MBF: FileFormat = FileFormat {
    id: "mbf",
    name_key: "ms.boardFile.mbf",
    dialog_title_key: "ms.boardFile.title",
    filter_key: "ms.boardFile.filter",
    extensions: &["mbf", "abf"],
    mime_type: "application/octet-stream",
    max_bytes: MAX_BYTES as u64,
    reads: Some(Reads::Position(read_board)),
    writes: Some(Writes { write, ended_only: false, under_way: false }),
    error_codes: ERROR_CODES,
    reader_may_panic: false,
    unreadable_code: "position_invalid",
};

/// Minesweeper Arbiter's board file, `.abf`: the layout of `.mbf` (see the module's doc).
pub const ABF: FileFormat = FileFormat {
    id: "abf",
    name_key: "ms.boardFile.abf",
    dialog_title_key: "ms.boardFile.title",
    filter_key: "ms.boardFile.filter",
    extensions: &["abf"],
    mime_type: "application/octet-stream",
    max_bytes: MAX_BYTES as u64,
    reads: Some(Reads::Position(read_board)),
    writes: Some(Writes { write, ended_only: false, under_way: false }),
    error_codes: ERROR_CODES,
    reader_may_panic: false,
    unreadable_code: "position_invalid",
};

/// A file's bytes as a game on its mines (the parameters the player chose play no part).
fn read_board(bytes: &[u8], _chosen: &serde_json::Value) -> Result<Position, FormatError> {
    let params = Params::of_layout(read(bytes)?);
    Ok(Position::of_params(serde_json::to_value(params).expect("params are JSON")))
}

/// The board a file sets out, or why it sets out none Pastimes can play.
pub fn read(bytes: &[u8]) -> Result<MineMap, PositionFileError> {
    if bytes.len() > MAX_BYTES {
        return Err(PositionFileError::TooLarge { max: MAX_BYTES });
    }
    let invalid = |reason: String| PositionFileError::Invalid(reason);
    let [width, height, high, low, ref mines @ ..] = *bytes else {
        return Err(invalid(format!("the file ends within its {HEADER}-byte header")));
    };
    let (width, height) = (usize::from(width), usize::from(height));
    let count = usize::from(u16::from_be_bytes([high, low]));
    let sides = 1..=MAX_SIDE as usize;
    if !sides.contains(&width) || !sides.contains(&height) {
        return Err(invalid(format!("a {width}x{height} board: each side is 1 to {MAX_SIDE} cells")));
    }
    let cells = width * height;
    if count == 0 || count >= cells {
        return Err(invalid(format!("{count} mines on {cells} cells: 1 to {} fit", cells - 1)));
    }
    match mines.len().cmp(&(2 * count)) {
        std::cmp::Ordering::Less => {
            return Err(invalid(format!("the file ends after {} of its {count} mines", mines.len() / 2)))
        }
        std::cmp::Ordering::Greater => {
            return Err(invalid(format!("{} bytes follow the last mine", mines.len() - 2 * count)))
        }
        std::cmp::Ordering::Equal => {}
    }
    let mut mine = vec![false; cells];
    for (number, xy) in mines.chunks_exact(2).enumerate() {
        let (x, y) = (usize::from(xy[0]), usize::from(xy[1]));
        if x >= width || y >= height {
            return Err(invalid(format!("mine {} at ({x}, {y}) is off the {width}x{height} board", number + 1)));
        }
        if std::mem::replace(&mut mine[y * width + x], true) {
            return Err(invalid(format!("mine {} at ({x}, {y}) is on a cell that has one", number + 1)));
        }
    }
    MineMap::new(width, height, mine).ok_or_else(|| invalid("not a board Pastimes can play".into()))
}

/// The mines of `layout`, as a board file.
pub fn bytes(layout: &MineMap) -> Vec<u8> {
    let width = layout.width();
    let cells = layout.mine_cells();
    let mut out = Vec::with_capacity(HEADER + 2 * cells.len());
    // Every side is at most MAX_SIDE (100) and the mines fewer than 100 * 100: each fits.
    out.extend([width as u8, layout.height() as u8]);
    out.extend((cells.len() as u16).to_be_bytes());
    for cell in cells {
        out.extend([(cell % width) as u8, (cell / width) as u8]);
    }
    out
}

/// The mines of a finished game, as a board file: its moves played again, which lay a dealt
/// game's mines at its first open. A game whose mines were never laid has no board to write.
fn write(game: &GameFile) -> Result<Vec<u8>, FormatError> {
    let invalid = |reason: String| FormatError::from(PositionFileError::Invalid(reason));
    let params: Params = serde_json::from_value(game.params.clone()).map_err(|error| invalid(error.to_string()))?;
    let mut played = Minesweeper::new(&params, game.seed).map_err(|error| invalid(error.to_string()))?;
    for value in &game.moves {
        let mv: super::Move = serde_json::from_value(value.clone()).map_err(|error| invalid(error.to_string()))?;
        played.apply(&mv).map_err(|error| invalid(error.to_string()))?;
    }
    let board = played.board();
    let mines = played.laid_mines().ok_or_else(|| invalid("no cell was opened: the mines were never laid".into()))?;
    let mut mine = vec![false; board.cells()];
    for cell in mines {
        mine[cell] = true;
    }
    let layout = MineMap::new(board.width(), board.height(), mine).ok_or_else(|| invalid("not a board".into()))?;
    Ok(bytes(&layout))
}

#[cfg(test)]
mod tests;
