//! The opening rules' steps, from their texts alone (the games crate's modules quote the same
//! sources; this reading shares no code with them). Each step is a player and what that player
//! may do; a colour taken is the colour the decider holds from then on ("swap or not").
//!
//! - **standard**: black (the first player) simply moves first.
//! - **Swap1** (Gomocup's swap): the first player places three stones (black, white, black);
//!   the second player takes a colour; the holder of white moves next.
//! - **Swap2**: the first player places three stones; the second takes white, takes black, or
//!   places two more (white, black), after which the first takes a colour.
//! - **Soosõrv-8** (RIF): the first player (tentative black) puts the 1st stone on the centre,
//!   the 2nd within the central 3x3, the 3rd within the central 5x5; the other player may swap;
//!   the white player puts the 4th anywhere and declares 1 to 8 fifth moves; the other player
//!   may swap; the black player offers that many fifth moves, no two symmetrical; the white
//!   player picks one of them, and the game goes on.
//! - **Taraguchi-10** (RIF): the tentative black puts the 1st stone on the centre; after each
//!   of the 1st to 3rd stones the other player may swap, and the holder of the colour to move
//!   puts the 2nd within 3x3, the 3rd within 5x5, the 4th within 7x7. After the 4th the holder
//!   of black may swap (the published choice 1's swap, asked first as the game asks it: one who
//!   swaps has taken choice 1); a holder of black who kept black chooses one fifth move within
//!   9x9 (choice 1) or ten offers anywhere (choice 2). After a single fifth move the holder of
//!   white may swap again; after ten offers the white player picks one. Then the game goes on.

use super::symmetry::symmetrical;
use pastimes_games::gomoku::{Choice, Colour, Opening, Role};

/// What the player whose turn it is may do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect {
    /// A stone on an empty point, within the central square of this side when given.
    Stone { area: Option<u8> },
    /// One of these choices.
    Choice(Vec<Choice>),
    /// A number of fifth moves from these; or (Taraguchi-10's choice 1) a stone in this square.
    Declare { counts: Vec<u8>, or_stone: Option<u8> },
    /// A fifth move offered: empty, not offered, not symmetrical to an offer.
    Offer,
    /// One of the offered fifth moves, picked.
    Pick,
}

/// A step of the opening: who, and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub by: Role,
    pub expect: Expect,
}

/// The opening's decisions so far.
#[derive(Debug, Clone)]
pub struct OpeningSteps {
    opening: Opening,
    /// The first player's colour: black from the start under the standard and RIF rules
    /// (tentatively under the RIF's: swaps change it); under the swaps, once chosen.
    pub first: Option<Colour>,
    /// The colours taken, with the stones on the board then and whether it was a swap.
    taken: Vec<(usize, bool)>,
    place_two: bool,
    declared: Option<u8>,
    pub offers: Vec<(i64, i64)>,
}

fn to_move(stones: usize) -> Colour {
    if stones.is_multiple_of(2) {
        Colour::Black
    } else {
        Colour::White
    }
}

const COLOURS: [Choice; 2] = [Choice::White, Choice::Black];

impl OpeningSteps {
    pub fn new(opening: Opening) -> OpeningSteps {
        let first =
            matches!(opening, Opening::Standard | Opening::Soosorv8 | Opening::Taraguchi10).then_some(Colour::Black);
        OpeningSteps { opening, first, taken: Vec::new(), place_two: false, declared: None, offers: Vec::new() }
    }

    /// Who holds `colour` now (under the RIF rules and once the colours are settled).
    pub fn holder(&self, colour: Colour) -> Role {
        if self.first == Some(colour) {
            Role::First
        } else {
            Role::Second
        }
    }

    fn took_at(&self, stones: usize) -> Option<bool> {
        self.taken.iter().find(|&&(at, _)| at == stones).map(|&(_, swap)| swap)
    }

    /// The opening's next step with `stones` on the board, or `None` once it is over.
    pub fn next(&self, stones: usize) -> Option<Step> {
        let step = |by, expect| Some(Step { by, expect });
        let holder = |colour| self.holder(colour);
        let stone = |area| Expect::Stone { area };
        match self.opening {
            Opening::Standard => None,
            Opening::Swap1 => match (self.taken.is_empty(), stones) {
                (true, 0..3) => step(Role::First, stone(None)),
                (true, _) => step(Role::Second, Expect::Choice(COLOURS.to_vec())),
                _ => None,
            },
            Opening::Swap2 => match (self.taken.len(), self.place_two, stones) {
                (0, false, 0..3) => step(Role::First, stone(None)),
                (0, false, _) => {
                    step(Role::Second, Expect::Choice(vec![Choice::White, Choice::Black, Choice::PlaceTwo]))
                }
                (0, true, 3..5) => step(Role::Second, stone(None)),
                (0, true, _) => step(Role::First, Expect::Choice(COLOURS.to_vec())),
                _ => None,
            },
            Opening::Soosorv8 => match stones {
                0..3 => step(Role::First, stone(Some([1, 3, 5][stones]))),
                3 if self.took_at(3).is_none() => step(holder(Colour::White), Expect::Choice(COLOURS.to_vec())),
                3 => step(holder(Colour::White), stone(None)),
                4 => match self.declared {
                    None => step(holder(Colour::White), Expect::Declare { counts: (1..=8).collect(), or_stone: None }),
                    Some(_) if self.took_at(4).is_none() => {
                        step(holder(Colour::Black), Expect::Choice(COLOURS.to_vec()))
                    }
                    Some(n) if self.offers.len() < usize::from(n) => step(holder(Colour::Black), Expect::Offer),
                    Some(_) => step(holder(Colour::White), Expect::Pick),
                },
                _ => None,
            },
            Opening::Taraguchi10 => match stones {
                0 => step(holder(Colour::Black), stone(Some(1))),
                1..=3 if self.took_at(stones).is_none() => {
                    step(holder(to_move(stones)), Expect::Choice(COLOURS.to_vec()))
                }
                1..=3 => step(holder(to_move(stones)), stone(Some([3, 5, 7][stones - 1]))),
                4 => match (self.took_at(4), self.declared) {
                    (None, _) => step(holder(Colour::Black), Expect::Choice(COLOURS.to_vec())),
                    (Some(true), _) => step(holder(Colour::Black), stone(Some(9))),
                    (Some(false), None) => {
                        step(holder(Colour::Black), Expect::Declare { counts: vec![10], or_stone: Some(9) })
                    }
                    (Some(false), Some(n)) if self.offers.len() < usize::from(n) => {
                        step(holder(Colour::Black), Expect::Offer)
                    }
                    (Some(false), Some(_)) => step(holder(Colour::White), Expect::Pick),
                },
                5 if self.declared.is_none() && self.took_at(5).is_none() => {
                    step(holder(Colour::White), Expect::Choice(COLOURS.to_vec()))
                }
                _ => None,
            },
        }
    }

    /// Takes `choice` at the step `step` (already found open).
    pub fn take(&mut self, stones: usize, step: &Step, choice: Choice) {
        let Some(colour) = choice.colour() else {
            self.place_two = true;
            return;
        };
        // The decider holds `colour` from now on.
        let first = if step.by == Role::First { colour } else { colour.other() };
        let held = self.first.map(|first| if step.by == Role::First { first } else { first.other() });
        self.taken.push((stones, held.is_some_and(|held| held != colour)));
        self.first = Some(first);
    }

    pub fn declare(&mut self, n: u8) {
        self.declared = Some(n);
    }

    /// Why `p` may not be offered now, if it may not: offered already, or the mirror of an
    /// offer in a symmetry of the position on `grid`.
    pub fn refuses_offer(&self, grid: &super::grid::Grid, p: (i64, i64)) -> Option<&'static str> {
        if self.offers.contains(&p) {
            Some("offered already")
        } else if self.offers.iter().any(|&q| symmetrical(grid, q, p)) {
            Some("symmetrical to an offer")
        } else {
            None
        }
    }
}
