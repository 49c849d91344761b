//! Gomocup's Swap2 extension of the protocol (its 2020 experimental tournament): between
//! `START` and `BOARD` the manager sends `SWAP2BOARD`, the opening's stones so far (0, 3 or 5
//! of them, one `x,y` a line, in the order played) and `DONE`, and the brain answers:
//!
//! - to no stones: the first three, `x,y x,y x,y` (black, white, black);
//! - to three: `SWAP` to take black, one stone (white's fourth) to stay white, or two stones
//!   (the fourth and fifth) to place two more and leave the choice to the opponent;
//! - to five: `SWAP` to take black, or white's sixth stone to take white.
//!
//! The decisions are the computer's Swap2 decisions ([`computer_action`]), under this game's
//! rule; the manager then sends the position with `BOARD`.

use pastimes_games::gomoku::{
    computer_action, legal_stone, Action, BoardSize, Choice, Gomoku, Level, Opening, Params, Phase, Point, Rule,
    SearchLimits,
};
use pastimes_games::Game;
use std::sync::atomic::AtomicBool;

/// The answer to a `SWAP2BOARD` list, or why there is none.
pub fn answer(
    stones: &[Point],
    rule: Rule,
    size: BoardSize,
    level: Level,
    limits: &SearchLimits,
) -> Result<String, String> {
    if ![0, 3, 5].contains(&stones.len()) {
        return Err(format!("SWAP2BOARD takes 0, 3 or 5 stones, not {}", stones.len()));
    }
    let mut game = Gomoku::new(&Params { rule, size, opening: Opening::Swap2, ..Params::default() }, 0x5a_b2)
        .map_err(|e| e.to_string())?;
    for (n, &p) in stones.iter().enumerate() {
        if n == 3 {
            game.choose(Choice::PlaceTwo).map_err(|e| e.to_string())?;
        }
        game.play(p.into()).map_err(|e| format!("{},{}: {e}", p.x, p.y))?;
    }
    // An answer takes at most four searches (a decision and stones): each gets an equal share
    // of the time still left, so that what one leaves unspent goes to the others.
    let started = limits.clock.now();
    let share = |searches_done: u32| limits.less(limits.clock.now().saturating_sub(started)).part(1, 4 - searches_done);
    let cancel = AtomicBool::new(false);
    let mut placed = Vec::new();
    let mut searches = 0;
    while placed.len() < 3 {
        let action = computer_action(&game, level, &share(searches), &cancel).ok_or("no decision")?;
        searches += 1;
        match action {
            Action::Choose { choose: Choice::Black } => return Ok("SWAP".into()),
            Action::Choose { choose } => game.choose(choose).map_err(|e| e.to_string())?,
            Action::Stone(mv) => {
                game.play(mv).map_err(|e| e.to_string())?;
                placed.push(format!("{},{}", mv.x, mv.y));
            }
            Action::Forfeit { .. } | Action::Offers { .. } => return Err("no decision".into()),
            // The brain's game is untimed: the manager keeps the clocks.
            Action::LostOnTime { .. } => return Err("no clock".into()),
            // Nor is it a demo.
            Action::TakeOver { .. } => return Err("no demo".into()),
        }
        // Staying white is answered with white's next stone.
        if game.phase() == Phase::Done {
            let seed = pastimes_games::gomoku::ai::move_seed(&game);
            let mv = legal_stone(&game, level, &share(searches.min(3)), seed, &cancel).ok_or("no move is allowed")?;
            placed.push(format!("{},{}", mv.x, mv.y));
            break;
        }
        if game.phase() == Phase::ChooseColour || (game.phase() == Phase::ChooseSide && stones.is_empty()) {
            // Our stones are placed; the opponent chooses.
            break;
        }
    }
    Ok(placed.join(" "))
}

#[cfg(test)]
mod tests {
    use super::super::budget::Allowance;
    use super::*;

    fn answer(stones: &[Point], rule: Rule, allowance: &Allowance) -> Result<String, String> {
        let (level, limits) = allowance.limits();
        super::answer(stones, rule, BoardSize::Fifteen, level, &limits)
    }

    fn quick() -> Allowance {
        Allowance { timeout_turn: Some(150), ..Allowance::default() }
    }

    fn points(text: &str) -> Vec<Point> {
        text.split_whitespace()
            .map(|s| {
                let (x, y) = s.split_once(',').unwrap();
                BoardSize::Fifteen.point(x.parse().unwrap(), y.parse().unwrap()).unwrap()
            })
            .collect()
    }

    #[test]
    fn each_case_is_answered_in_its_form() {
        let three = answer(&[], Rule::ExactFive, &quick()).unwrap();
        let opening = points(&three);
        assert_eq!(opening.len(), 3, "{three}");
        let second = answer(&opening, Rule::ExactFive, &quick()).unwrap();
        let more = if second == "SWAP" { Vec::new() } else { points(&second) };
        assert!(matches!(more.len(), 0..=2), "{second}");
        for p in &more {
            assert!(!opening.contains(p));
        }
        let five = points("7,7 8,7 9,9 8,8 8,6");
        let last = answer(&five, Rule::ExactFive, &quick()).unwrap();
        assert!(last == "SWAP" || points(&last).len() == 1, "{last}");
    }

    #[test]
    fn other_counts_and_bad_stones_are_refused() {
        assert!(answer(&points("7,7"), Rule::Freestyle, &quick()).is_err());
        assert!(answer(&points("7,7 7,7 8,8"), Rule::Freestyle, &quick()).is_err());
    }
}
