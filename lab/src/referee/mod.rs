//! An independent referee of Gomoku's rules and opening rules (issue #59's measurements),
//! written from the rules' texts alone: its own board ([`grid`]), wins under each rule
//! ([`wins`]), Renju's forbidden points ([`forbidden`]), the opening rules' steps ([`opening`])
//! and the symmetry of offered fifth moves ([`symmetry`]). It shares no code with the games
//! crate's rules, only its names (colours, rules, openings, actions). A game's record is played
//! into it action by action beside the game, and [`compare`] says at every step whether the two
//! agree: on who acts, on every action open then (each point as a stone, each choice, each
//! declaration), on the board, the winner and the end. As the Caro ladder's referee
//! ([`crate::caro_referee`]) and the games crate's brute-force win check, it is slow and plain
//! on purpose.

pub mod compare;
pub mod forbidden;
pub mod grid;
pub mod opening;
pub mod refereed;
pub mod symmetry;
pub mod wins;

use grid::Grid;
use opening::{Expect, OpeningSteps, Step};
use pastimes_games::gomoku::{Action, Choice, Colour, Opening, Role, Rule};

/// The referee's game: the board, the opening's decisions and how it ended.
#[derive(Debug, Clone)]
pub struct Referee {
    rule: Rule,
    pub grid: Grid,
    stones: usize,
    pub opening: OpeningSteps,
    /// Once over: the winner, or `None` for a draw.
    pub outcome: Option<Option<Colour>>,
    /// Rows of five or more made that did not win (Caro's blocked fives, exactly five's
    /// overlines), the game going on after each.
    pub rows_not_winning: usize,
}

impl Referee {
    pub fn new(rule: Rule, opening: Opening, size: usize) -> Referee {
        Referee {
            rule,
            grid: Grid::new(size),
            stones: 0,
            opening: OpeningSteps::new(opening),
            outcome: None,
            rows_not_winning: 0,
        }
    }

    /// Who acts now and what they may do; `None` once the game is over.
    pub fn step(&self) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        let colour = to_move(self.stones);
        let game = || Step { by: self.opening.holder(colour), expect: Expect::Stone { area: None } };
        Some(self.opening.next(self.stones).unwrap_or_else(game))
    }

    /// Why `action` is not open now, if it is not.
    pub fn refuses(&self, action: &Action) -> Option<&'static str> {
        let Some(step) = self.step() else { return Some("the game is over") };
        match (*action, &step.expect) {
            (Action::Stone(mv), expect) => self.refuses_stone((mv.x, mv.y), expect),
            (Action::Choose { choose }, Expect::Choice(open)) if open.contains(&choose) => None,
            (Action::Offers { offers }, Expect::Declare { counts, .. }) if counts.contains(&offers) => None,
            _ => Some("not open now"),
        }
    }

    fn refuses_stone(&self, p: (i64, i64), expect: &Expect) -> Option<&'static str> {
        if !self.grid.is_empty(p.0, p.1) {
            return Some("not an empty point");
        }
        let black_forbidden = || {
            self.rule == Rule::Renju
                && to_move(self.stones) == Colour::Black
                && forbidden::forbidden(&self.grid, p).is_some()
        };
        let area = match expect {
            Expect::Stone { area } => *area,
            Expect::Declare { or_stone: Some(area), .. } => Some(*area),
            Expect::Offer => match self.opening.refuses_offer(&self.grid, p) {
                Some(why) => return Some(why),
                None => None,
            },
            Expect::Pick if self.opening.offers.contains(&p) => return None,
            Expect::Pick => return Some("not offered"),
            Expect::Choice(_) | Expect::Declare { .. } => return Some("no stone now"),
        };
        if area.is_some_and(|side| !self.in_area(p, side)) {
            return Some("outside the area");
        }
        black_forbidden().then_some("forbidden to black")
    }

    fn in_area(&self, p: (i64, i64), side: u8) -> bool {
        let c = (self.grid.size() - 1) / 2;
        let reach = i64::from(side / 2);
        (p.0 - c).abs() <= reach && (p.1 - c).abs() <= reach
    }

    /// Plays `action`, which must be open ([`Referee::refuses`] says none).
    pub fn apply(&mut self, action: &Action) {
        assert_eq!(self.refuses(action), None, "{action:?}");
        let step = self.step().expect("the game goes on");
        match (*action, &step.expect) {
            (Action::Stone(mv), Expect::Offer) => self.opening.offers.push((mv.x, mv.y)),
            (Action::Stone(mv), _) => self.place((mv.x, mv.y)),
            (Action::Choose { choose }, _) => self.opening.take(self.stones, &step, choose),
            (Action::Offers { offers }, _) => self.opening.declare(offers),
            _ => unreachable!("refused"),
        }
    }

    fn place(&mut self, p: (i64, i64)) {
        let colour = to_move(self.stones);
        let not_winning = wins::rows_not_winning(&self.grid, self.rule, colour);
        self.grid.set(p.0, p.1, Some(colour));
        self.stones += 1;
        self.rows_not_winning += wins::rows_not_winning(&self.grid, self.rule, colour).saturating_sub(not_winning);
        if wins::has_won(&self.grid, self.rule, colour) {
            self.outcome = Some(Some(colour));
        } else if self.grid.is_full()
            || (self.rule == Rule::Renju && colour == Colour::White && !forbidden::black_can_move(&self.grid))
        {
            self.outcome = Some(None);
        }
    }

    /// The choices a probe tries at every step.
    pub fn probes(&self) -> Vec<Action> {
        let mut probes: Vec<Action> =
            self.grid.points().map(|(x, y)| Action::Stone(pastimes_games::gomoku::Move { x, y })).collect();
        probes.extend(Choice::ALL.map(|choose| Action::Choose { choose }));
        probes.extend((0..=11).map(|offers| Action::Offers { offers }));
        probes
    }

    /// The player who holds `colour`, as the referee reads it (`None` before the colours).
    pub fn role_of(&self, colour: Colour) -> Option<Role> {
        self.opening.first.map(|_| self.opening.holder(colour))
    }
}

fn to_move(stones: usize) -> Colour {
    if stones.is_multiple_of(2) {
        Colour::Black
    } else {
        Colour::White
    }
}
