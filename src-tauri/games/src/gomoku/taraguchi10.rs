//! Taraguchi-10, the RIF's Taraguchi-N opening rule for Renju with N = 10.
//!
//! Source: the RIF's Taraguchi-N rule (renju.net's rules pages; Wikipedia's "Taraguchi opening
//! rule", which gives N = 5 for the original rule and N = 10 for Taraguchi-10):
//! 1. The first player (tentative black) puts the first move on the centre of the board.
//! 2. The other player may swap.
//! 3. The white player puts the 2nd move within the central 3x3 square.
//! 4. The other player may swap.
//! 5. The black player puts the 3rd move within the central 5x5 square.
//! 6. The other player may swap.
//! 7. The white player puts the 4th move within the central 7x7 square.
//! 8. After the 4th move the holder of black chooses (Wikipedia's "choice 1" and "choice 2"):
//!    - choice 1: the other player (the holder of black) may swap, then the black player puts
//!      the 5th move within the central 9x9 square, the other player may swap again, and the
//!      white player plays the 6th move anywhere;
//!    - choice 2 (no swap): the black player offers ten 5th moves anywhere on the board, none
//!      symmetrical to another ([`super::fifth_offers`]); the white player chooses one of them
//!      and plays the 6th move anywhere.
//!
//! The game goes on under Renju's rules. Played here, the swap after the 4th move is asked
//! first: a holder of black who keeps black then chooses between one fifth move (choice 1,
//! its swap declined) and ten offers (choice 2); one who swaps has chosen choice 1, so the new
//! holder of black puts one fifth move within 9x9 and may not offer. The outcomes open to each
//! player are the published rule's, in one order that asks every question once. Every swap is
//! the colour the decider takes ([`Choice`]).

use super::board::{Board, Colour, Point};
use super::opening::{to_move, Choice, Decider, OpeningRule, Phase, Step, Steps};
use super::Action;
use crate::game::RuleError;

/// The fifth moves offered under choice 2.
pub const OFFERS: u8 = 10;
/// The central square the 1st to 5th stones lie in.
const AREAS: [u8; 5] = [1, 3, 5, 7, 9];
/// Stones on the board when the holder of black chooses between one fifth move and ten offers.
const FIFTH_AT: usize = 4;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Taraguchi10 {
    steps: Steps,
}

impl OpeningRule for Taraguchi10 {
    fn phase(&self, stones: usize) -> Phase {
        let steps = &self.steps;
        match stones {
            0 => Phase::PlaceStone,
            1..=3 if !steps.chose_at(stones) => Phase::Swap,
            1..=3 => Phase::PlaceStone,
            FIFTH_AT => match steps.declared() {
                _ if !steps.chose_at(FIFTH_AT) => Phase::Swap,
                // A swap here was choice 1's: one fifth move, no offers.
                None if steps.swapped_at(FIFTH_AT) => Phase::PlaceStone,
                None => Phase::FifthOrOffers,
                Some(n) if steps.offered().len() < usize::from(n) => Phase::Offer,
                Some(_) => Phase::PickOffer,
            },
            // After a single fifth move, one more swap; after the offers, the game.
            5 if steps.declared().is_none() && !steps.chose_at(5) => Phase::Swap,
            _ => Phase::Done,
        }
    }

    fn decider(&self, stones: usize) -> Option<Decider> {
        match self.phase(stones) {
            Phase::Done => None,
            Phase::PickOffer => Some(Decider::Holder(Colour::White)),
            _ => Some(Decider::Holder(to_move(stones))),
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
        if self.phase(stones) == Phase::FifthOrOffers {
            vec![OFFERS]
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
            Phase::PlaceStone | Phase::FifthOrOffers => 1,
            Phase::Offer => usize::from(self.steps.declared().unwrap_or(0)) - self.steps.offered().len(),
            _ => 0,
        }
    }

    fn area(&self, stones: usize) -> Option<u8> {
        match self.phase(stones) {
            Phase::PlaceStone | Phase::FifthOrOffers => AREAS.get(stones).copied(),
            _ => None,
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swap_after_every_stone_and_the_areas_grow() {
        let mut rule = Taraguchi10::default();
        assert_eq!(
            (rule.phase(0), rule.area(0), rule.decider(0)),
            (Phase::PlaceStone, Some(1), Some(Decider::Holder(Colour::Black)))
        );
        for (stones, &side) in AREAS.iter().enumerate().take(4).skip(1) {
            assert_eq!(
                (rule.phase(stones), rule.decider(stones)),
                (Phase::Swap, Some(Decider::Holder(to_move(stones))))
            );
            assert_eq!(rule.area(stones), None, "no stone while the swap waits");
            rule.choose(stones, Choice::keep(to_move(stones))).unwrap();
            assert_eq!((rule.phase(stones), rule.area(stones)), (Phase::PlaceStone, Some(side)));
        }
        assert_eq!(rule.first_colour(), Some(Colour::Black), "nobody swapped");
        assert_eq!(rule.phase(4), Phase::Swap);
        rule.choose(4, Choice::White).unwrap(); // the holder of black swaps: choice 1
        assert_eq!(rule.first_colour(), Some(Colour::White));
        assert_eq!(
            (rule.phase(4), rule.area(4), rule.offer_counts(4), rule.declare(4, OFFERS)),
            (Phase::PlaceStone, Some(9), vec![], Err(RuleError::Illegal("noOffersNow"))),
            "after a swap, one fifth move and no offers"
        );
        assert_eq!(rule.phase(5), Phase::Swap, "after a single fifth move, a swap");
        rule.choose(5, Choice::White).unwrap();
        assert_eq!(rule.phase(5), Phase::Done);
    }

    #[test]
    fn ten_offers_then_white_picks_and_no_swap() {
        let mut rule = Taraguchi10::default();
        for stones in 1..=4 {
            rule.choose(stones, Choice::keep(to_move(stones))).unwrap();
        }
        assert_eq!((rule.phase(4), rule.area(4)), (Phase::FifthOrOffers, Some(9)), "black kept: either choice");
        assert_eq!(rule.declare(4, 8), Err(RuleError::Illegal("noOffersNow")));
        rule.declare(4, OFFERS).unwrap();
        assert_eq!((rule.phase(4), rule.stones_left(4)), (Phase::Offer, 10));
        let mut board = Board::default();
        for (x, y) in [(7, 7), (7, 8), (8, 8), (3, 3)] {
            board.place(Point { x, y });
        }
        for x in 0..10 {
            rule.offer(&board, Point { x, y: 13 }).unwrap();
        }
        assert_eq!((rule.phase(4), rule.decider(4)), (Phase::PickOffer, Some(Decider::Holder(Colour::White))));
        assert_eq!(rule.offer(&board, Point { x: 11, y: 13 }), Err(RuleError::Illegal("noOffersNow")));
        assert_eq!(rule.phase(5), Phase::Done);
        assert_eq!(rule.take_back(4), Some(Action::Stone(Point { x: 9, y: 13 }.into())));
        assert_eq!(rule.phase(4), Phase::Offer);
    }
}
