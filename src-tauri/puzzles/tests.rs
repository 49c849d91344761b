use super::*;
use pastimes_games::{gomoku, minesweeper, PuzzleFileError};
use serde_json::json;

const DAY: &str = "2026-12-07";
const NOW: &str = "2026-12-07T01:00:00.000Z";

fn damaged() -> Result<&'static [PuzzleSummary], PuzzleFileError> {
    Err(PuzzleFileError::Checksum)
}

fn no_board(_: &str) -> Result<Box<dyn PuzzleBoard>, PuzzleError> {
    Err(PuzzleFileError::Checksum.into())
}

/// A damaged set refuses the puzzles with its own code, and nothing else.
#[test]
fn a_damaged_puzzle_file_is_refused_with_its_code() {
    let host = PuzzleHost::with_offers(|_| Some(Puzzles { list: damaged, open: no_board }));
    let store = Store::open_in_memory().unwrap();
    let refused = host.list(gomoku::KIND, &store, DAY).unwrap_err();
    assert_eq!(refused.code(), "puzzle_file_damaged", "{refused}");
    assert_eq!(host.open(gomoku::KIND, None, &store, DAY).unwrap_err().code(), "puzzle_file_damaged");
    assert_eq!(store.puzzle_record(gomoku::KIND).unwrap(), PuzzleRecord::default());
}

#[test]
fn a_game_without_puzzles_is_refused() {
    let host = PuzzleHost::default();
    let store = Store::open_in_memory().unwrap();
    assert_eq!(host.list(minesweeper::KIND, &store, DAY).unwrap_err().code(), "not_offered");
    let store = std::sync::Mutex::new(store);
    let store_of = || Ok::<_, AppError>(store.lock().unwrap());
    assert_eq!(host.act(gomoku::KIND, &json!("retry"), store_of, DAY, NOW).unwrap_err().code(), "nothing_to_do");
}

/// Today's puzzle solved by its line: the solve is written once, and the streak counts it; a
/// wrong move in the next attempt ends the streak.
#[test]
fn a_solve_and_a_wrong_move_are_written_to_the_store() {
    let host = PuzzleHost::default();
    let store = std::sync::Mutex::new(Store::open_in_memory().unwrap());
    let list = host.list(gomoku::KIND, &store.lock().unwrap(), DAY).unwrap();
    let opened = host.open(gomoku::KIND, None, &store.lock().unwrap(), DAY).unwrap();
    assert_eq!(opened.id, list.today.id);
    assert!(opened.daily);
    let puzzle = gomoku::puzzles::shipped().unwrap().iter().find(|p| p.id == opened.id).unwrap();
    let store_of = || Ok::<_, AppError>(store.lock().unwrap());
    let mut last = opened;
    for pair in puzzle.line.chunks(2) {
        last = host.act(gomoku::KIND, &json!({"play": pair[0]}), store_of, DAY, NOW).unwrap();
    }
    assert_eq!(last.view["phase"], "solved");
    assert_eq!(last.record.solved, vec![puzzle.id.clone()]);
    assert_eq!((last.record.streak, last.record.grade), (1, Some(puzzle.grade())));
    // Solved again from the start: a second solve of the same puzzle in the streak.
    host.open(gomoku::KIND, Some(&puzzle.id), &store.lock().unwrap(), DAY).unwrap();
    let occupied = host.act(gomoku::KIND, &json!({"play": puzzle.stones[0]}), store_of, DAY, NOW).unwrap_err();
    assert_eq!(occupied.code(), "illegal_move");
    let solution = host.act(gomoku::KIND, &json!("solution"), store_of, DAY, NOW).unwrap();
    assert_eq!(solution.record.streak, 0, "the solution shown ends the streak");
    assert_eq!(solution.record.longest_streak, 1);
}
