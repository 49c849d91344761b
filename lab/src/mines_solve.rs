//! `mines_solve`'s verdicts: whether the no-guess solver clears each board from its first click.

use pastimes_games::minesweeper::parse_boards;

/// One `solvable yes|no` line per board of `text`.
pub fn verdicts(text: &str) -> Result<Vec<String>, String> {
    let boards = parse_boards(text)?;
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    Ok(boards.iter().map(|b| format!("solvable {}", yes_no(b.layout.solvable_from(b.first)))).collect())
}
