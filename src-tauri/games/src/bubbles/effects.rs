//! What a pop did, for the page to animate: the balls that burst, where every other ball went
//! (falling, sliding, columns closing up) and the balls brought in. The rules trace it
//! themselves: the field's own settling runs once more on a field of ball labels, so the page
//! keeps no copy of the gravity rules.

use super::colour::EMPTY;
use super::dealer::Dealer;
use super::field::Field;
use super::mask::Mask;
use super::style::Style;
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

/// The account of one pop; empty for a move that only selects.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Effects {
    pub popped: Vec<Burst>,
    pub moved: Vec<Slide>,
    pub entering: Vec<Entered>,
}

/// Labels are the cell a ball started in, offset past the colour codes (1..=6) that the
/// refills write, so a refilled ball is told from a ball that was there.
const LABEL_OFFSET: usize = 7;

/// How many labels a byte holds past the offset. A field has up to 600 cells, more than a byte
/// tells apart, so a ball's starting cell is traced as two bytes, `cell % SPAN` and
/// `cell / SPAN`, on two label fields settled alike.
const SPAN: usize = 256 - LABEL_OFFSET;

/// Traces the pop of `group` from `field` under `style`, with the generator the pop will use.
pub(super) fn trace(field: &Field, group: Mask, style: Style, dealer: &Dealer) -> Effects {
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
    Effects { popped, moved, entering }
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
                let (applied, effects) = game.apply_with_effects(&Move::Pop { x: x as i64, y: y as i64 }).unwrap();
                prop_assert_eq!(applied, Applied::Move);
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
    fn a_selecting_click_has_no_effects() {
        let mut game = Bubbles::new(&Params::default(), 3).unwrap();
        let (x, y) = game.first_group().unwrap();
        let (applied, effects) = game.apply_with_effects(&Move::Click { x, y }).unwrap();
        assert_eq!(applied, Applied::Transient);
        assert_eq!(effects, Effects::default());
        let (applied, effects) = game.apply_with_effects(&Move::Click { x, y }).unwrap();
        assert_eq!(applied, Applied::Move);
        assert!(effects.popped.len() >= 2);
    }
}
