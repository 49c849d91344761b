//! Writing a game as a `.psq` text, as Piskvork writes one (see the module's doc), with the
//! names and Pastimes' rule line.

use super::{PsqGame, Seat, MAGIC};
use std::fmt::Write;

/// The game as a `.psq` text: black in seat 1, which began.
pub fn write(game: &PsqGame) -> String {
    let seat = |seat: &Seat| u8::from(seat.computer);
    let side = game.size.side();
    let mut out = format!("{MAGIC} {side}x{side}, {}:{}, 0\n", seat(&game.black), seat(&game.white));
    for stone in &game.stones {
        let _ = writeln!(out, "{},{},{}", stone.point.x + 1, stone.point.y + 1, stone.ms);
    }
    let _ = writeln!(out, "{}", name_line(&game.black, 1));
    let _ = writeln!(out, "{}", name_line(&game.white, 2));
    // The code of a game that ended normally, as Piskvork writes it.
    out.push_str("0\n");
    let _ = writeln!(out, "rule: {}", game.rule.as_str());
    out
}

/// `homo-Ann` for a person, `pbrain-Name` for a brain; Piskvork's `homo-1` for a person without
/// a name. A name stays on its line.
fn name_line(seat: &Seat, number: u8) -> String {
    let prefix = if seat.computer { "pbrain-" } else { "homo-" };
    let name = match &seat.name {
        Some(name) => name.chars().map(|c| if c.is_control() { ' ' } else { c }).collect(),
        None if seat.computer => "pastimes".to_string(),
        None => number.to_string(),
    };
    format!("{prefix}{}", name.trim())
}
