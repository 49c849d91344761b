//! Opening rules: how the first stones and the players' colours are settled before the game goes
//! on as usual. One concept, [`Opening`], names the rule a game is played under; each rule is a
//! module of its own ([`super::swap2`], [`super::swap1`], [`super::soosorv8`],
//! [`super::taraguchi10`]) that implements [`OpeningRule`]: where the opening stands ([`Phase`]),
//! whose decision it is ([`Decider`]) and what may be chosen. [`super::opening_state`] holds the
//! rule a game is under, and the game ([`super::Gomoku`]) asks it before every action.
//!
//! The decisions are of four kinds, all logged moves of the game (so records, replays and
//! undo see them): a stone (placed, offered as a fifth move, or the offered fifth move chosen:
//! a click on the board in every case), a colour taken ([`Choice::White`], [`Choice::Black`]:
//! "swap or not" is the colour the decider takes), Swap2's two more stones
//! ([`Choice::PlaceTwo`]), and the number of fifth moves to be offered
//! ([`super::Action::Offers`]).

use super::board::{Board, Colour, Point};
use super::rules::Rule;
use super::Action;
use crate::game::RuleError;
use serde::{Deserialize, Serialize};

/// How a game begins. Serialised as `"standard"` (black simply moves first), `"swap2"`,
/// `"swap1"`, `"soosorv8"` or `"taraguchi10"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Opening {
    #[default]
    Standard,
    Swap2,
    Swap1,
    Soosorv8,
    Taraguchi10,
}

impl Opening {
    pub const ALL: [Opening; 5] =
        [Opening::Standard, Opening::Swap2, Opening::Swap1, Opening::Soosorv8, Opening::Taraguchi10];

    pub fn as_str(self) -> &'static str {
        match self {
            Opening::Standard => "standard",
            Opening::Swap2 => "swap2",
            Opening::Swap1 => "swap1",
            Opening::Soosorv8 => "soosorv8",
            Opening::Taraguchi10 => "taraguchi10",
        }
    }

    /// Whether the opening may be played under `rule`: Soosõrv-8 and Taraguchi-10 are the RIF's
    /// rules for Renju (their areas and their counts of fifth moves are Renju's); the swaps fit
    /// every rule.
    pub fn fits(self, rule: Rule) -> bool {
        match self {
            Opening::Soosorv8 | Opening::Taraguchi10 => rule == Rule::Renju,
            Opening::Standard | Opening::Swap2 | Opening::Swap1 => true,
        }
    }

    /// Refuses an opening with a rule it does not fit (`"openingNotForRule"`).
    pub fn check(self, rule: Rule) -> Result<(), RuleError> {
        if self.fits(rule) {
            Ok(())
        } else {
            Err(RuleError::Illegal("openingNotForRule"))
        }
    }
}

/// One of the two players, named by their part in the opening. Serialised as `"first"` and
/// `"second"`. Under the standard opening the first player is black; under Soosõrv-8 and
/// Taraguchi-10 the first player is the tentative black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Role {
    First,
    Second,
}

impl Role {
    pub fn other(self) -> Role {
        match self {
            Role::First => Role::Second,
            Role::Second => Role::First,
        }
    }
}

/// A decision of the opening. Serialised as `"white"`, `"black"` or `"placeTwo"`: the
/// decider takes white, takes black (a swap, or not, is the colour the decider takes), or
/// (Swap2) places two more stones and passes the choice back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Choice {
    White,
    Black,
    PlaceTwo,
}

impl Choice {
    pub const ALL: [Choice; 3] = [Choice::White, Choice::Black, Choice::PlaceTwo];

    /// Each of [`Choice::ALL`] as a text record writes it.
    pub const WRITTEN: [&'static str; 3] = ["choose white", "choose black", "choose placeTwo"];

    /// The name in JSON and in a text record: `"white"`, `"black"`, `"placeTwo"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Choice::White => "white",
            Choice::Black => "black",
            Choice::PlaceTwo => "placeTwo",
        }
    }

    /// The colour taken, for the two choices that take one.
    pub fn colour(self) -> Option<Colour> {
        match self {
            Choice::White => Some(Colour::White),
            Choice::Black => Some(Colour::Black),
            Choice::PlaceTwo => None,
        }
    }

    fn of(colour: Colour) -> Choice {
        match colour {
            Colour::White => Choice::White,
            Colour::Black => Choice::Black,
        }
    }

    /// White and black, the choice of a swap.
    pub const COLOURS: [Choice; 2] = [Choice::White, Choice::Black];

    /// The decision to keep `colour`: not to swap.
    pub fn keep(colour: Colour) -> Choice {
        Choice::of(colour)
    }
}

/// Where the opening stands. Serialised in camelCase: `"placeThree"`, `"chooseSide"`,
/// `"placeTwo"`, `"chooseColour"`, `"placeStone"`, `"swap"`, `"declareOffers"`,
/// `"fifthOrOffers"`, `"offer"`, `"pickOffer"`, `"done"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    /// The first player places stones 1 to 3 (Swap2, Swap1, Soosõrv-8).
    PlaceThree,
    /// Swap2: the second player chooses white, black or two more stones.
    ChooseSide,
    /// Swap2: the second player places stones 4 and 5.
    PlaceTwo,
    /// Swap2: the first player chooses white or black.
    ChooseColour,
    /// The holder of the side to move places one stone, perhaps within a central square
    /// ([`OpeningRule::area`]).
    PlaceStone,
    /// A player may swap: takes white or black, and the holder of the side to move goes on.
    Swap,
    /// Soosõrv-8: the holder of white declares how many fifth moves black will offer.
    DeclareOffers,
    /// Taraguchi-10: the holder of black places one fifth move within the central 9x9, or
    /// declares ten fifth moves offered anywhere.
    FifthOrOffers,
    /// The holder of black offers fifth moves (clicks; the stones are not played yet).
    Offer,
    /// The holder of white chooses one of the offered fifth moves (a click on it).
    PickOffer,
    /// The colours are settled; the game goes on as usual.
    Done,
}

impl Phase {
    /// Whether the next action may be a stone (rather than only a choice or a declaration).
    pub fn takes_stones(self) -> bool {
        matches!(
            self,
            Phase::PlaceThree
                | Phase::PlaceTwo
                | Phase::PlaceStone
                | Phase::FifthOrOffers
                | Phase::Offer
                | Phase::PickOffer
                | Phase::Done
        )
    }

    /// Whether a stone is an offer or a pick among offers rather than a move on the board.
    pub fn stones_are_offers(self) -> bool {
        matches!(self, Phase::Offer | Phase::PickOffer)
    }
}

/// Who makes the opening's next decision: a player by part (Swap2's and Swap1's first three
/// stones are the first player's whatever their colour) or the holder of a colour (the RIF
/// rules: "the white player puts the 4th move").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decider {
    Part(Role),
    Holder(Colour),
}

/// What every opening rule answers. `stones` is the number of stones on the board; the rule
/// keeps only its own decisions, so taking a stone back needs no bookkeeping of it, and a
/// decision is taken back only while it was the last action.
pub trait OpeningRule {
    fn phase(&self, stones: usize) -> Phase;

    /// Who decides now; `None` once the opening is over.
    fn decider(&self, stones: usize) -> Option<Decider>;

    /// The colours open to the decider now (none while stones are to be placed).
    fn choices(&self, stones: usize) -> Vec<Choice> {
        let _ = stones;
        Vec::new()
    }

    /// Makes `choice`; on error nothing changes.
    fn choose(&mut self, stones: usize, choice: Choice) -> Result<(), RuleError>;

    /// The numbers of fifth moves that may be declared now (empty when no declaration is due).
    fn offer_counts(&self, stones: usize) -> Vec<u8> {
        let _ = stones;
        Vec::new()
    }

    /// Declares `offers` fifth moves; on error nothing changes.
    fn declare(&mut self, stones: usize, offers: u8) -> Result<(), RuleError> {
        let _ = (stones, offers);
        Err(RuleError::Illegal("noOffersNow"))
    }

    /// Stones still to place (or fifth moves to offer) in this phase (0 outside such phases).
    fn stones_left(&self, stones: usize) -> usize;

    /// The side of the central square the next stone must lie in (1 the centre point, 3 the
    /// central 3x3...), when the rule restricts it.
    fn area(&self, stones: usize) -> Option<u8> {
        let _ = stones;
        None
    }

    /// The fifth moves offered so far.
    fn offers(&self) -> &[Point] {
        &[]
    }

    /// Offers `p` as a fifth move; on error nothing changes.
    fn offer(&mut self, board: &Board, p: Point) -> Result<(), RuleError> {
        let _ = (board, p);
        Err(RuleError::Illegal("noOffersNow"))
    }

    /// The number of fifth moves declared, once declared.
    fn offers_declared(&self) -> Option<u8> {
        None
    }

    /// The first player's colour, once known (tentatively under the RIF rules: it changes with
    /// each swap).
    fn first_colour(&self) -> Option<Colour>;

    /// Takes back the last decision if it was the last action (no stone placed since).
    fn take_back(&mut self, stones: usize) -> Option<Action>;
}

/// Whether `p` lies in the central square of side `side` (odd). Only the RIF's rules have
/// areas, and they are Renju's, on its 15x15 board.
pub fn in_area(p: Point, side: u8) -> bool {
    let centre = i64::from(super::renju::SIZE.centre().x);
    let reach = i64::from(side / 2);
    (p.x as i64 - centre).abs() <= reach && (p.y as i64 - centre).abs() <= reach
}

/// The colour that moves with `stones` on the board.
pub(super) fn to_move(stones: usize) -> Colour {
    if stones.is_multiple_of(2) {
        Colour::Black
    } else {
        Colour::White
    }
}

/// A decision of the RIF rules, logged with the number of stones on the board when it was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    Chose(Choice),
    Declared(u8),
    Offered(Point),
}

/// The decisions of a RIF opening (Soosõrv-8, Taraguchi-10) in order, each with the stones on
/// the board when it was made; what the rules share: the swaps, the declaration, the offers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Steps {
    log: Vec<(usize, Step)>,
    /// The offered fifth moves, in order (also in the log).
    offers: Vec<Point>,
}

impl Steps {
    /// Whether a colour was taken with `stones` on the board.
    pub fn chose_at(&self, stones: usize) -> bool {
        self.log.iter().any(|&(at, step)| at == stones && matches!(step, Step::Chose(_)))
    }

    /// Whether the colour taken with `stones` on the board was the other one: a swap.
    pub fn swapped_at(&self, stones: usize) -> bool {
        self.log.iter().any(|&(at, step)| {
            at == stones && matches!(step, Step::Chose(choice) if choice.colour() != Some(to_move(stones)))
        })
    }

    pub fn declared(&self) -> Option<u8> {
        self.log.iter().find_map(|&(_, step)| if let Step::Declared(n) = step { Some(n) } else { None })
    }

    pub fn offered(&self) -> &[Point] {
        &self.offers
    }

    pub fn push(&mut self, stones: usize, step: Step) {
        if let Step::Offered(p) = step {
            self.offers.push(p);
        }
        self.log.push((stones, step));
    }

    /// The first player's colour: black, turned at every swap (a colour taken that is not the
    /// colour to move, which the decider held).
    pub fn first_colour(&self) -> Colour {
        let swaps = self
            .log
            .iter()
            .filter(|&&(at, step)| matches!(step, Step::Chose(c) if c.colour() != Some(to_move(at))))
            .count();
        if swaps % 2 == 0 {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// Takes back the last step if it was made with `stones` on the board (nothing since).
    pub fn take_back(&mut self, stones: usize) -> Option<Action> {
        let &(at, step) = self.log.last()?;
        if at != stones {
            return None;
        }
        self.log.pop();
        if let Step::Offered(_) = step {
            self.offers.pop();
        }
        Some(match step {
            Step::Chose(choose) => Action::Choose { choose },
            Step::Declared(offers) => Action::Offers { offers },
            Step::Offered(p) => Action::Stone(p.into()),
        })
    }

    /// Takes a colour in a phase that allows it.
    pub fn choose(&mut self, phase: Phase, stones: usize, choice: Choice) -> Result<(), RuleError> {
        if phase != Phase::Swap {
            return Err(RuleError::Illegal(if phase == Phase::Done { "opening over" } else { "choice not open" }));
        }
        if choice.colour().is_none() {
            return Err(RuleError::Illegal("choice not open"));
        }
        self.push(stones, Step::Chose(choice));
        Ok(())
    }

    /// Offers `p` as a fifth move: empty, not yet offered, not the mirror of an offer in a
    /// symmetry of the position ([`super::fifth_offers`]), and under Renju not forbidden.
    pub fn offer(&mut self, board: &Board, stones: usize, p: Point) -> Result<(), RuleError> {
        super::fifth_offers::check(board, &self.offers, p)?;
        self.push(stones, Step::Offered(p));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_read_and_write_and_fit_their_rules() {
        for opening in Opening::ALL {
            let json = serde_json::to_string(&opening).unwrap();
            assert_eq!(json, format!("\"{}\"", opening.as_str()));
        }
        assert!(Opening::Soosorv8.fits(Rule::Renju) && !Opening::Soosorv8.fits(Rule::Freestyle));
        assert!(!Opening::Taraguchi10.fits(Rule::Caro) && !Opening::Taraguchi10.fits(Rule::ExactFive));
        assert!(Rule::ALL.iter().all(|&rule| Opening::Swap1.fits(rule) && Opening::Swap2.fits(rule)));
        assert_eq!(Opening::Soosorv8.check(Rule::Freestyle), Err(RuleError::Illegal("openingNotForRule")));
    }

    #[test]
    fn the_areas_are_central_squares() {
        let centre = Point { x: 7, y: 7 };
        assert!(in_area(centre, 1) && !in_area(Point { x: 8, y: 7 }, 1));
        assert!(in_area(Point { x: 8, y: 6 }, 3) && !in_area(Point { x: 9, y: 7 }, 3));
        assert!(in_area(Point { x: 11, y: 3 }, 9) && !in_area(Point { x: 12, y: 7 }, 9));
    }

    #[test]
    fn choices_read_and_write_as_camel_case() {
        assert_eq!(serde_json::to_string(&Choice::PlaceTwo).unwrap(), r#""placeTwo""#);
        assert_eq!(serde_json::from_str::<Opening>(r#""taraguchi10""#).unwrap(), Opening::Taraguchi10);
        assert_eq!(serde_json::to_string(&Phase::PickOffer).unwrap(), r#""pickOffer""#);
    }
}
