//! The hint: the group the solver would pop now, and what it is worth now.
//!
//! The hint may know only what the player sees. In Continuous and MegaShift the seed already fixes
//! the columns that will come in, and a search on the game itself would plan with them. So the
//! hint searches a copy of the visible position, the field, style and score, whose random generator
//! is a new one seeded from that visible position alone: the columns it draws are as good a guess
//! as any, and independent of the real ones. Two games that look the same get the same hint,
//! whatever their futures.

use super::dealer::Dealer;
use super::group::group_at;
use super::mask::Mask;
use super::solver::{plan, Budget};
use super::view::{outline, Cell, Edge};
use super::{Bubbles, Move};
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The group to pop next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Hint {
    /// A cell of the group to click (twice: select, then pop), its first row by row.
    pub x: usize,
    pub y: usize,
    /// The group's cells, row by row from the top left; always two or more.
    pub cells: Vec<Cell>,
    /// Its outline, drawn as the selection's is.
    pub outline: Vec<Edge>,
    /// What popping it scores now, in the game's scoring: n(n-1), or (n-2)² in the classic one
    /// (a cleared field's bonus not included).
    pub points: i64,
}

/// The hint's search in the app: 5,000 positions, about 5 ms of a core, the same hint on every
/// machine; the time cap only keeps a starved machine within the 200 ms the hint is allowed.
///
/// Why not the whole 200 ms: the post-game search has 2 s for a deal, and a player who follows a
/// hint that searched 200 ms on each of their 25 to 30 pops has had three times that. In
/// Standard and Shifter, where the hint knows all the post-game search knows, that player then
/// scored as much as the post-game "best found for this deal" on two deals in three. At 5,000
/// positions a move, hint-following still scores three times what the largest-group player does,
/// and the post-game best is above it on almost every deal: it shows a player who followed every
/// hint what the deal still held. The figures, over 1000 deals, are in docs/ENGINES.md,
/// "Bubble Breaker's solver"; how the budget was chosen, in docs/lab-notes/bubbles.md.
pub const HINT_BUDGET: Budget = Budget { time: Some(HINT_TIME_CAP), nodes: Some(5_000) };

/// A search stopped by its time plays its best position to the end before it answers, which took
/// up to 32 ms more on the loaded 2-core build machine: 165 ms keeps the answer within 200 ms.
const HINT_TIME_CAP: Duration = Duration::from_millis(165);

/// The hint for `game` within `budget` ([`HINT_BUDGET`] in the app), or `None` when no group is
/// left.
///
/// It sees only the visible position: see the module documentation. `budget` in nodes gives the
/// same hint on every machine.
pub fn hint(game: &Bubbles, budget: Budget) -> Option<Hint> {
    if game.status.is_over() {
        return None;
    }
    let seen = as_seen(game);
    let line = plan(&seen, budget, &AtomicBool::new(false));
    let Some(&Move::Pop { x, y }) = line.moves.first() else { return None };
    let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
    let width = game.field.width();
    let group = group_at(&game.field, y * width + x);
    (group.len() >= 2).then(|| Hint {
        x,
        y,
        cells: group.iter().map(|i| Cell { x: i % width, y: i / width }).collect(),
        outline: outline(group, game.size()),
        points: game.scoring.points(group.len()),
    })
}

/// The position as the player sees it, with a random generator of its own for the columns to come.
fn as_seen(game: &Bubbles) -> Bubbles {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ game.score as u64;
    for &code in game.field.cells().iter() {
        seed = (seed ^ u64::from(code)).wrapping_mul(0x0100_0000_01b3);
    }
    let dealer = Dealer::with_colours(game.dealer.deal(), seed ^ game.style as u64, game.colours());
    Bubbles {
        style: game.style,
        scoring: game.scoring,
        field: game.field.clone(),
        dealer,
        selection: Mask::EMPTY,
        score: game.score,
        status: game.status,
        position: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bubbles::field::Field;
    use crate::bubbles::{Params, Style};
    use crate::{Game, Status};

    /// Two Continuous or MegaShift games with the same field but different generators: they look
    /// the same, and the columns they will bring in differ.
    fn twins(style: Style) -> (Bubbles, Bubbles) {
        let field = Dealer::new(crate::Deal::FIRST, 11).field(11, 11);
        let a = Bubbles::from_field(style, field.clone(), Dealer::new(crate::Deal::FIRST, 1));
        let b = Bubbles::from_field(style, field, Dealer::new(crate::Deal::FIRST, 2));
        (a, b)
    }

    #[test]
    fn games_that_differ_only_in_their_future_columns_get_the_same_hint() {
        for style in [Style::Continuous, Style::Megashift] {
            let (a, b) = twins(style);
            assert_ne!(a, b);
            // The futures really differ: the same pops bring in different balls.
            let (mut a_on, mut b_on) = (a.clone(), b.clone());
            for _ in 0..200 {
                if a_on.field != b_on.field || a_on.status().is_over() {
                    break;
                }
                let (x, y) = a_on.first_group().unwrap();
                a_on.apply(&Move::Pop { x, y }).unwrap();
                b_on.apply(&Move::Pop { x, y }).unwrap();
            }
            assert_ne!(a_on.field, b_on.field, "{style:?}");
            let budget = Budget::nodes(1_500);
            assert_eq!(hint(&a, budget), hint(&b, budget), "{style:?}");
            assert!(hint(&a, budget).is_some());
        }
    }

    #[test]
    fn the_hint_never_names_a_lone_ball_and_pops_what_it_says() {
        for style in Style::ALL {
            let mut game = Bubbles::new(&Params::new(style), 21).unwrap();
            let mut pops = 0;
            while game.status() == Status::Playing && pops < 12 {
                let h = hint(&game, Budget::nodes(300)).expect("a playing game has a hint");
                assert!(h.cells.len() >= 2, "{style:?}: {h:?}");
                assert_eq!(h.points, game.scoring().points(h.cells.len() as u32));
                assert!(h.cells.contains(&Cell { x: h.x, y: h.y }));
                let before = game.score().unwrap();
                game.apply(&Move::Click { x: h.x as i64, y: h.y as i64 }).unwrap();
                assert_eq!(game.view().selection.as_deref(), Some(&h.cells[..]));
                game.apply(&Move::Click { x: h.x as i64, y: h.y as i64 }).unwrap();
                assert_eq!(game.score().unwrap(), before + h.points);
                pops += 1;
            }
        }
    }

    #[test]
    fn a_finished_game_has_no_hint() {
        let field = Field::parse(&["RGRGRGRGRGR"]);
        let game = Bubbles::from_field(Style::Standard, field, Dealer::new(crate::Deal::FIRST, 0));
        assert_eq!(game.status(), Status::Finished);
        assert_eq!(hint(&game, Budget::nodes(100)), None);
    }
}

#[cfg(test)]
mod proptests {
    use super::*;
    use crate::bubbles::{Params, Style};
    use crate::Game;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(16))]

        /// After any number of largest-first pops, in any style, the hint names a group of two
        /// or more of one colour, and popping it scores what it says.
        #[test]
        fn the_hint_is_a_group_that_pops_for_its_points(seed in any::<u64>(), pops in 0usize..20, style_index in 0usize..4) {
            let style = Style::ALL[style_index];
            let mut game = Bubbles::new(&Params::new(style), seed).unwrap();
            for _ in 0..pops {
                let Some((x, y)) = game.first_group() else { break };
                game.apply(&Move::Pop { x, y }).unwrap();
            }
            let h = hint(&game, Budget::nodes(200));
            prop_assert_eq!(h.is_some(), !game.status().is_over());
            if let Some(h) = h {
                prop_assert!(h.cells.len() >= 2);
                let colour = game.colour_at(h.x, h.y);
                prop_assert!(colour.is_some());
                prop_assert!(h.cells.iter().all(|c| game.colour_at(c.x, c.y) == colour));
                let before = game.score().unwrap();
                game.apply(&Move::Pop { x: h.x as i64, y: h.y as i64 }).unwrap();
                prop_assert_eq!(game.score().unwrap(), before + h.points);
            }
        }
    }
}
