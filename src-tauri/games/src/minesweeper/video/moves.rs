//! A video's mouse events as Pastimes moves, played on its board through the rules.

use super::{Video, VideoError, MAX_GAME_MS};
use crate::file_format::GameFile;
use crate::minesweeper::{self, MineMap, Params};
use crate::Applied;

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

/// The video as a finished game: its moves played on its board through the rules, those the
/// rules refuse or that change nothing left out.
pub fn to_game_file(video: &Video) -> Result<GameFile, VideoError> {
    let layout = MineMap::new(video.width, video.height, video.mines.clone())
        .ok_or_else(|| VideoError::BadBoard(format!("{}x{} with {} mines", video.width, video.height, mines(video))))?;
    let params = serde_json::to_value(Params::of_layout(layout)).map_err(|_| VideoError::Unreadable)?;
    let seed = 0;
    let mut game =
        (minesweeper::KIND.info().new_game)(&params, seed).map_err(|e| VideoError::BadBoard(e.to_string()))?;
    let (mut moves, mut times_ms) = (Vec::new(), Vec::<u64>::new());
    for (mv, at) in candidate_moves(video) {
        if game.status().is_over() {
            break;
        }
        let Ok(value) = serde_json::to_value(mv) else { continue };
        if game.play(&value).is_ok_and(|played| played.applied == Applied::Move) {
            let at = at.max(times_ms.last().copied().unwrap_or(0));
            moves.push(value);
            times_ms.push(at);
        }
    }
    if moves.is_empty() {
        return Err(VideoError::NoMoves);
    }
    let last = times_ms.last().copied().unwrap_or(0);
    if last > MAX_GAME_MS {
        return Err(VideoError::NotAVideo(format!("a move {} s into the game", last / 1000)));
    }
    let started_us = i64::try_from(video.start_time_us).ok().filter(|&us| us > 0);
    Ok(GameFile {
        params,
        seed,
        moves,
        times_ms,
        time_ms: last,
        player: (!video.player.is_empty()).then(|| video.player.clone()),
        started_us,
        finished_us: None,
    })
}

pub(super) fn mines(video: &Video) -> usize {
    video.mines.iter().filter(|&&m| m).count()
}
