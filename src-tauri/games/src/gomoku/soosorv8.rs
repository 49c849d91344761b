//! Soosõrv-8, the RIF's opening rule for Renju's World Championships since 2017.
//!
//! Source: the RIF's Soosõrv-N rule (renju.net's rules pages; certified by the RIF in 2011,
//! N = 8 chosen in 2015 for the World Championship from 2017), as Wikipedia's "Soosõrv opening
//! rule" quotes it:
//! 1. The first player puts one of the 26 openings: the first stone (black) on the centre, the
//!    second (white) within the central 3x3, the third (black) within the central 5x5.
//! 2. The other player has the right to swap.
//! 3. The white player puts the 4th move anywhere on the board and declares the number of fifth
//!    moves to be offered: at least 1, at most 8.
//! 4. The other player (black) has the right to swap.
//! 5. The black player puts as many 5th moves on the board as were declared; they can not be
//!    symmetrical ([`super::fifth_offers`]).
//! 6. The white player chooses one of the offered 5th moves and plays the 6th move; the game
//!    goes on under Renju's rules.
//!
//! Here a swap is the colour the decider takes ([`Choice::White`], [`Choice::Black`]): the
//! colour they hold keeps things as they are. The first player is the tentative black.

use super::board::{Board, Colour, Point};
use super::opening::{in_area, to_move, Choice, Decider, OpeningRule, Phase, Role, Step, Steps};
use super::Action;
use crate::game::RuleError;

/// The most fifth moves white may declare.
pub const MOST_OFFERS: u8 = 8;
/// The opening's first three stones, the first player's.
const OPENING_STONES: usize = 3;
/// The central square each of the three opening stones lies in.
const AREAS: [u8; 3] = [1, 3, 5];

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Soosorv8 {
    steps: Steps,
}

impl OpeningRule for Soosorv8 {
    fn phase(&self, stones: usize) -> Phase {
        let steps = &self.steps;
        match stones {
            0..OPENING_STONES => Phase::PlaceThree,
            3 if !steps.chose_at(3) => Phase::Swap,
            3 => Phase::PlaceStone,
            4 => match steps.declared() {
                None => Phase::DeclareOffers,
                Some(_) if !steps.chose_at(4) => Phase::Swap,
                Some(n) if steps.offered().len() < usize::from(n) => Phase::Offer,
                Some(_) => Phase::PickOffer,
            },
            _ => Phase::Done,
        }
    }

    fn decider(&self, stones: usize) -> Option<Decider> {
        match self.phase(stones) {
            Phase::PlaceThree => Some(Decider::Part(Role::First)),
            // The swaps are the side to move's holder's, as are the stones.
            Phase::Swap | Phase::PlaceStone | Phase::Offer => Some(Decider::Holder(to_move(stones))),
            Phase::DeclareOffers | Phase::PickOffer => Some(Decider::Holder(Colour::White)),
            _ => None,
        }
    }

    fn choices(&self, stones: usize) -> Vec<Choice> {
        if self.phase(stones) == Phase::Swap {
            Choice::COLOURS.to_vec()
        } else {
            Vec::new()
        }
    }

    fn choose(&mut self, stones: usize, choice: Choice) -> Result<(), RuleError> {
        let phase = self.phase(stones);
        self.steps.choose(phase, stones, choice)
    }

    fn offer_counts(&self, stones: usize) -> Vec<u8> {
        if self.phase(stones) == Phase::DeclareOffers {
            (1..=MOST_OFFERS).collect()
        } else {
            Vec::new()
        }
    }

    fn declare(&mut self, stones: usize, offers: u8) -> Result<(), RuleError> {
        if !self.offer_counts(stones).contains(&offers) {
            return Err(RuleError::Illegal("noOffersNow"));
        }
        self.steps.push(stones, Step::Declared(offers));
        Ok(())
    }

    fn stones_left(&self, stones: usize) -> usize {
        match self.phase(stones) {
            Phase::PlaceThree => OPENING_STONES - stones,
            Phase::PlaceStone => 1,
            Phase::Offer => usize::from(self.steps.declared().unwrap_or(0)) - self.steps.offered().len(),
            _ => 0,
        }
    }

    fn area(&self, stones: usize) -> Option<u8> {
        AREAS.get(stones).copied()
    }

    fn offers(&self) -> &[Point] {
        self.steps.offered()
    }

    fn offer(&mut self, board: &Board, p: Point) -> Result<(), RuleError> {
        if self.phase(board.stone_count()) != Phase::Offer {
            return Err(RuleError::Illegal("noOffersNow"));
        }
        self.steps.offer(board, board.stone_count(), p)
    }

    fn offers_declared(&self) -> Option<u8> {
        self.steps.declared()
    }

    fn first_colour(&self) -> Option<Colour> {
        Some(self.steps.first_colour())
    }

    fn take_back(&mut self, stones: usize) -> Option<Action> {
        self.steps.take_back(stones)
    }
}

/// Whether `p` may be the next stone of the three opening stones (one of the 26 openings).
pub fn in_opening_area(stones: usize, p: Point) -> bool {
    AREAS.get(stones).is_none_or(|&side| in_area(p, side))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(points: &[(u8, u8)]) -> Board {
        let mut board = Board::default();
        for &(x, y) in points {
            board.place(Point { x, y });
        }
        board
    }

    #[test]
    fn the_steps_follow_the_rif_text() {
        let mut rule = Soosorv8::default();
        assert_eq!((rule.phase(0), rule.area(0), rule.stones_left(0)), (Phase::PlaceThree, Some(1), 3));
        assert_eq!((rule.area(1), rule.area(2), rule.area(3)), (Some(3), Some(5), None));
        assert_eq!((rule.phase(3), rule.decider(3)), (Phase::Swap, Some(Decider::Holder(Colour::White))));
        rule.choose(3, Choice::Black).unwrap(); // the second player swaps: now black
        assert_eq!(rule.first_colour(), Some(Colour::White));
        assert_eq!((rule.phase(3), rule.decider(3)), (Phase::PlaceStone, Some(Decider::Holder(Colour::White))));
        assert_eq!(rule.phase(4), Phase::DeclareOffers);
        assert_eq!(rule.offer_counts(4), (1..=8).collect::<Vec<u8>>());
        assert_eq!(rule.declare(4, 9), Err(RuleError::Illegal("noOffersNow")));
        assert_eq!(rule.declare(4, 0), Err(RuleError::Illegal("noOffersNow")));
        rule.declare(4, 2).unwrap();
        assert_eq!((rule.phase(4), rule.decider(4)), (Phase::Swap, Some(Decider::Holder(Colour::Black))));
        rule.choose(4, Choice::Black).unwrap(); // black keeps black
        assert_eq!(rule.first_colour(), Some(Colour::White));
        let position = board(&[(7, 7), (7, 8), (8, 8), (3, 3)]);
        assert_eq!((rule.phase(4), rule.stones_left(4)), (Phase::Offer, 2));
        rule.offer(&position, Point { x: 9, y: 9 }).unwrap();
        assert_eq!(rule.offer(&position, Point { x: 9, y: 9 }), Err(RuleError::Illegal("symmetricalOffer")));
        rule.offer(&position, Point { x: 6, y: 6 }).unwrap();
        assert_eq!((rule.phase(4), rule.decider(4)), (Phase::PickOffer, Some(Decider::Holder(Colour::White))));
        assert_eq!(rule.offers(), [Point { x: 9, y: 9 }, Point { x: 6, y: 6 }]);
        assert_eq!(rule.phase(5), Phase::Done);
    }

    #[test]
    fn decisions_out_of_turn_are_refused_and_the_last_is_taken_back() {
        let mut rule = Soosorv8::default();
        assert_eq!(rule.choose(2, Choice::White), Err(RuleError::Illegal("choice not open")));
        assert_eq!(rule.declare(3, 3), Err(RuleError::Illegal("noOffersNow")));
        assert_eq!(rule.offer(&board(&[(7, 7)]), Point { x: 0, y: 0 }), Err(RuleError::Illegal("noOffersNow")));
        rule.choose(3, Choice::White).unwrap();
        assert_eq!(rule.choose(3, Choice::White), Err(RuleError::Illegal("choice not open")));
        assert_eq!(rule.take_back(4), None);
        assert_eq!(rule.take_back(3), Some(Action::Choose { choose: Choice::White }));
        assert_eq!(rule, Soosorv8::default());
        assert!(in_opening_area(1, Point { x: 8, y: 8 }) && !in_opening_area(1, Point { x: 9, y: 8 }));
        assert!(in_opening_area(3, Point { x: 0, y: 0 }));
    }
}
