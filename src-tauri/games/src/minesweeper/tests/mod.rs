//! Game-level tests: hand-made scenarios and properties over many seeds.
//! Helpers here build games with a known layout and read views as pictures.

mod props;
mod scenarios;

use super::board::Board;
use super::field::Field;
use super::mark::Mark;
use super::{Minesweeper, Move, Params};
use crate::{Applied, Game, RuleError, Status};

/// A game whose mines are drawn as `*` in `rows` (any other character is a safe cell), laid as if
/// the first click had happened. Bypasses the size limits so scenarios can stay small.
pub(super) fn rigged(rows: &[&str]) -> Minesweeper {
    let (width, height) = (rows[0].len(), rows.len());
    let mines: Vec<usize> =
        rows.iter().flat_map(|r| r.chars()).enumerate().filter(|(_, c)| *c == '*').map(|(i, _)| i).collect();
    let board = Board::new(width, height, mines.len());
    Minesweeper {
        params: Params::custom(width as i64, height as i64, mines.len() as i64),
        board,
        seed: 0,
        field: Some(Field::new(&board, &mines)),
        first_click: None,
        marks: vec![Mark::Hidden; board.cells()],
        opened: 0,
        flags: 0,
        status: Status::Playing,
        clicks: Default::default(),
    }
}

/// The view's cells as one string per row.
fn picture(game: &Minesweeper) -> Vec<String> {
    let view = game.view();
    view.cells.as_bytes().chunks(view.width).map(|r| String::from_utf8(r.to_vec()).unwrap()).collect()
}

fn open(game: &mut Minesweeper, x: i64, y: i64) -> Result<Applied, RuleError> {
    game.apply(&Move::Open { x, y })
}

fn mark(game: &mut Minesweeper, x: i64, y: i64) -> Result<Applied, RuleError> {
    game.apply(&Move::Mark { x, y })
}

fn chord(game: &mut Minesweeper, x: i64, y: i64) -> Result<Applied, RuleError> {
    game.apply(&Move::Chord { x, y })
}

/// Applies a move that must be refused with `err`, and checks the game did not change.
fn refused(game: &mut Minesweeper, mv: Move, err: RuleError) {
    let before = game.clone();
    assert_eq!(game.apply(&mv), Err(err), "{mv:?}");
    assert_eq!(*game, before, "a refused {mv:?} changed the game");
}

/// Mines per cell, from the public test helper (independent of the game's own field).
fn mine_grid(params: &Params, seed: u64, first: (usize, usize)) -> Vec<Vec<bool>> {
    let board = params.board().unwrap();
    let mut grid = vec![vec![false; board.width()]; board.height()];
    for (x, y) in super::mine_layout(params, seed, first) {
        grid[y][x] = true;
    }
    grid
}

/// The number of a cell counted the naive way, with signed offsets.
fn brute_number(grid: &[Vec<bool>], x: usize, y: usize) -> u8 {
    let mut n = 0;
    for dy in -1i64..=1 {
        for dx in -1i64..=1 {
            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
            let inside = ny >= 0 && (ny as usize) < grid.len() && nx >= 0 && (nx as usize) < grid[0].len();
            if (dx, dy) != (0, 0) && inside && grid[ny as usize][nx as usize] {
                n += 1;
            }
        }
    }
    n
}
