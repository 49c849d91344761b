//! What a pop did, for the page to animate and tell: the balls that burst, where every other ball
//! went (falling, sliding, columns closing up), the balls brought in and the points earned. The
//! rules trace it themselves: the field's own settling runs once more on a field of ball labels,
//! so the page keeps no copy of the gravity rules. A click that only selects tells the group it
//! selected.

use super::colour::EMPTY;
use super::dealer::Dealer;
use super::field::Field;
use super::mask::Mask;
use super::style::Style;
use super::Bubbles;
use serde::Serialize;

/// A ball that burst: its cell and colour code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Burst {
    pub x: usize,
    pub y: usize,
    pub code: u8,
}

/// A ball that moved: where it is now, and the offset in cells back to where it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Slide {
    pub x: usize,
    pub y: usize,
    pub dx: i32,
    pub dy: i32,
}

/// A ball brought in by a refill, where it is now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Entered {
    pub x: usize,
    pub y: usize,
}

/// The group a click selected: how many balls, and what popping them would earn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Selected {
    pub count: u32,
    pub points: i64,
}

/// The account of one pop, or of a click that selected a group (nothing popped then).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Effects {
    pub popped: Vec<Burst>,
    pub moved: Vec<Slide>,
    pub entering: Vec<Entered>,
    /// What the pop earned as the rules scored it: its group's points and any bonus for clearing
    /// the field; 0 when nothing popped.
    pub points: i64,
    /// The group a click selected; `None` for a pop and for a click that cleared the selection.
    pub selected: Option<Selected>,
}

/// What a click that popped nothing selected in `after`, the game it left.
pub(super) fn selection(after: &Bubbles) -> Effects {
    let selected = (!after.selection.is_empty())
        .then(|| Selected { count: after.selection.len(), points: after.scoring.points(after.selection.len()) });
    Effects { selected, ..Effects::default() }
}

/// Labels are the cell a ball started in, offset past the colour codes (1..=6) that the
/// refills write, so a refilled ball is told from a ball that was there.
const LABEL_OFFSET: usize = 7;

/// How many labels a byte holds past the offset. A field has up to 600 cells, more than a byte
/// tells apart, so a ball's starting cell is traced as two bytes, `cell % SPAN` and
/// `cell / SPAN`, on two label fields settled alike.
const SPAN: usize = 256 - LABEL_OFFSET;

/// Traces the pop of `group` from `before` to `after`: the balls' ways, with the generator the pop
/// used, and the points it earned.
pub(super) fn popped(before: &Bubbles, group: Mask, after: &Bubbles) -> Effects {
    Effects { points: after.score - before.score, ..trace(&before.field, group, before.style, &before.dealer) }
}

/// Traces the pop of `group` from `field` under `style`, with the generator the pop will use.
fn trace(field: &Field, group: Mask, style: Style, dealer: &Dealer) -> Effects {
    let width = field.width();
    let mut low = Field::empty(width, field.height());
    let mut high = low.clone();
    let mut popped = Vec::new();
    for (i, &code) in field.cells().iter().enumerate() {
        if group.contains(i) {
            popped.push(Burst { x: i % width, y: i / width, code });
        } else if code != EMPTY {
            low.cells[i] = (i % SPAN + LABEL_OFFSET) as u8;
            high.cells[i] = (i / SPAN + LABEL_OFFSET) as u8;
        }
    }
    // The same settling, with copies of the same generator: what settles moves balls by where
    // the holes are alone, so both label fields' balls land where the balls do, and the refills
    // write the same colour codes into both.
    style.settle(&mut low, &mut dealer.clone());
    style.settle(&mut high, &mut dealer.clone());
    let mut moved = Vec::new();
    let mut entering = Vec::new();
    for (to, (&low, &high)) in low.cells().iter().zip(high.cells()).enumerate() {
        let (x, y) = (to % width, to / width);
        match usize::from(low) {
            0 => {}
            low if low >= LABEL_OFFSET => {
                let from = (usize::from(high) - LABEL_OFFSET) * SPAN + low - LABEL_OFFSET;
                if from != to {
                    let (fx, fy) = (from % width, from / width);
                    moved.push(Slide { x, y, dx: fx as i32 - x as i32, dy: fy as i32 - y as i32 });
                }
            }
            _ => entering.push(Entered { x, y }),
        }
    }
    Effects { popped, moved, entering, ..Effects::default() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bubbles::{Bubbles, Move, Params, Scoring};
    use crate::{Applied, Game, Telling};
    use proptest::prelude::*;
    use std::collections::HashSet;

    /// Rebuilds the new field from the old one and the effects alone.
    fn replayed(old: &[u8], width: usize, effects: &Effects) -> Result<Vec<u8>, String> {
        let at = |x: usize, y: usize| y * width + x;
        let popped: HashSet<usize> = effects.popped.iter().map(|b| at(b.x, b.y)).collect();
        let sources: HashSet<usize> =
            effects.moved.iter().map(|s| at((s.x as i32 + s.dx) as usize, (s.y as i32 + s.dy) as usize)).collect();
        let mut new = vec![EMPTY; old.len()];
        for (i, &code) in old.iter().enumerate() {
            if code != EMPTY && !popped.contains(&i) && !sources.contains(&i) {
                new[i] = code; // a ball that stayed where it was
            }
        }
        for s in &effects.moved {
            let from = at((s.x as i32 + s.dx) as usize, (s.y as i32 + s.dy) as usize);
            let to = at(s.x, s.y);
            if new[to] != EMPTY {
                return Err(format!("two balls land on ({}, {})", s.x, s.y));
            }
            new[to] = old[from];
        }
        for b in &effects.popped {
            if old[at(b.x, b.y)] != b.code {
                return Err(format!("the burst ball at ({}, {}) had another colour", b.x, b.y));
            }
        }
        Ok(new)
    }

    proptest! {
        /// The effects lead from the old view to the new one: the moved balls and the ones that
        /// stayed give every ball of the new field, and what is left is exactly the refilled cells;
        /// on fields of every size and colour count (the largest ones need both label bytes).
        #[test]
        fn the_effects_lead_from_the_old_view_to_the_new(
            seed in any::<u64>(),
            style in 0usize..4,
            (width, height) in prop_oneof![Just((11i64, 11i64)), Just((30, 20)), (5i64..=30, 5i64..=20)],
            colours in 2i64..=6,
            picks in prop::collection::vec(any::<u8>(), 1..12),
        ) {
            let params = Params::sized(Style::ALL[style], width, height, colours, Scoring::Classic);
            let mut game = Bubbles::new(&params, seed).unwrap();
            let (width, height) = (width as usize, height as usize);
            for pick in picks {
                let groups: Vec<(usize, usize)> = (0..width * height)
                    .map(|i| (i % width, i / width))
                    .filter(|&(x, y)| game.group_at(x, y).len() >= 2)
                    .collect();
                let Some(&(x, y)) = groups.get(usize::from(pick) % groups.len().max(1)) else { break };
                let old = game.view().cells;
                let score = game.score;
                let (applied, effects) = game.apply_with_effects(&Move::Pop { x: x as i64, y: y as i64 }).unwrap();
                prop_assert_eq!(applied, Applied::Move);
                // The points told are the pop's own in its scoring, with the bonus for a
                // cleared field, and what the score grew by.
                let earned = game.scoring.points(effects.popped.len() as u32) + game.scoring.bonus(game.field.balls());
                prop_assert_eq!(effects.points, earned);
                prop_assert_eq!(effects.points, game.score - score);
                let new = game.view().cells;
                let rebuilt = replayed(&old, width, &effects).map_err(TestCaseError::fail)?;
                for (i, (&want, &got)) in new.iter().zip(&rebuilt).enumerate() {
                    let entered = effects.entering.iter().any(|e| e.y * width + e.x == i);
                    if entered {
                        prop_assert!(got == EMPTY && want != EMPTY, "cell {} entered", i);
                    } else {
                        prop_assert_eq!(want, got, "cell {}", i);
                    }
                }
                if game.status().is_over() {
                    break;
                }
            }
        }
    }

    #[test]
    fn a_selecting_click_tells_the_group_and_a_second_click_pops_it() {
        let mut game = Bubbles::new(&Params::default(), 3).unwrap();
        let (x, y) = game.first_group().unwrap();
        let (applied, effects) = game.apply_with_effects(&Move::Click { x, y }).unwrap();
        assert_eq!(applied, Applied::Transient);
        let view = game.view();
        let count = view.selection.as_ref().map(Vec::len).unwrap() as u32;
        assert_eq!(
            effects,
            Effects {
                selected: Some(Selected { count, points: view.selection_points.unwrap() }),
                ..Effects::default()
            }
        );
        let (applied, effects) = game.apply_with_effects(&Move::Click { x, y }).unwrap();
        assert_eq!(applied, Applied::Move);
        assert_eq!((effects.popped.len() as u32, effects.selected), (count, None));
        assert_eq!(Some(effects.points), game.score(), "the first pop earned the whole score");
    }

    #[test]
    fn a_click_on_a_lone_ball_and_a_deselect_select_nothing() {
        let mut game = Bubbles::new(&Params::default(), 3).unwrap();
        let (x, y) = game.first_group().unwrap();
        game.apply(&Move::Click { x, y }).unwrap();
        let (_, cleared) = game.apply_with_effects(&Move::Deselect).unwrap();
        assert_eq!(cleared, Effects::default());
        let lone = (0..11 * 11).map(|i| (i % 11, i / 11)).find(|&(x, y)| game.group_at(x, y).len() == 1);
        let (x, y) = lone.expect("a dealt field has a lone ball");
        let (applied, effects) = game.apply_with_effects(&Move::Click { x: x as i64, y: y as i64 }).unwrap();
        assert_eq!((applied, effects), (Applied::Transient, Effects::default()));
    }
}
