//! Gomoku (five in a row) on a 15x15 or 20x20 board ([`BoardSize`]), after the VB6 game in the
//! original description (15x15; 20x20 is the board of Gomocup's freestyle and exactly-five
//! leagues).
//!
//! Black moves first, then the sides alternate, one stone per move on an empty intersection.
//! Five in a row across, down or along either diagonal wins; under [`Rule::ExactFive`] six or
//! more do not. Under [`Rule::Renju`] black wins only with exactly five and may not play its
//! forbidden points ([`renju`]), white wins with five or more. A full board without a winner is
//! a draw (under Renju also a board where black has no allowed point left). Under
//! [`Rule::Caro`] five or more win except exactly five blocked at both ends by the opponent's
//! stones ([`caro`]). See [`board`] for the coordinates and [`notation`] for names like "H8".
//!
//! Under an opening rule other than the standard one ([`opening`]: Swap2, Swap1, and for Renju
//! Soosõrv-8 and Taraguchi-10) the game begins with that rule's decisions: the players' colours
//! are chosen in it, by [`Action::Choose`] moves between the stones, the number of fifth moves
//! to offer by [`Action::Offers`], and the offered fifth moves are stones clicked while the
//! opening asks for offers ([`Phase::Offer`]) or for one of them ([`Phase::PickOffer`]).
//!
//! **Status is the player's point of view.** Against the computer, [`Status::Won`] means the
//! human made five and [`Status::Lost`] that the computer did. Between two humans there is no
//! single player, so either side's five is [`Status::Won`] and the view's `winner` says which
//! colour it was. A full board is [`Status::Draw`] in both cases.
//!
//! The computer opponent's engine is in [`ai`]; [`computer`] adds what the rules ask of it
//! (never a forbidden point, the opening's decisions). It only reads a game, the app applies
//! its move.

pub mod ai;
pub mod board;
pub mod caro;
pub mod computer;
pub mod demo;
mod effects;
mod fifth_offers;
pub mod forfeit;
mod hint;
mod info;
pub mod moves_file;
pub mod notation;
pub mod on_the_clock;
pub mod opening;
mod opening_state;
mod params;
pub mod psq;
pub mod puzzles;
pub mod renju;
pub mod review;
pub mod rules;
pub mod soosorv8;
pub mod study_board;
pub mod swap1;
pub mod swap2;
pub mod taraguchi10;
mod view;

pub use ai::analysis::{analyse, Analysis};
pub use ai::{computer_move, search, search_level, SearchLimits, SearchReport};
pub use board::{BoardSize, Colour, Point};
pub use computer::{computer_action, legal_stone, legal_stone_remembering, Chosen};
pub use demo::Seat;
pub use effects::{Decision, Effects};
pub use forfeit::Fault;
pub use hint::Hint;
pub use info::KIND;
pub use opening::{Choice, Decider, Opening, OpeningRule, Phase, Role};
pub use params::{EngineSeat, Level, Opponent, Params};
pub use renju::Forbidden;
pub use rules::Rule;
pub use view::{MoveView, Swap2View, View};

use crate::notation::{Notation, Rows, Written};
use crate::time_control::{Player, TimeControl, TurnTime};
use crate::{Analyses, Applied, Deal, Game, GameKind, Hints, RuleError, Status};
use board::Board;
use opening_state::OpeningState;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// The codes of stones in a record ([`AnyGame::move_code`](crate::AnyGame::move_code)): one per
/// point.
/// Gomoku's dealer version ([`crate::deal`]). Gomoku deals nothing from its seed that a replay
/// needs: the board starts empty, and every stone and Swap2 decision, the computer's too, is a
/// logged move (its seed only varies the computer's search, which a replay never runs). So a
/// change to the engine or to its Swap2 choices changes no stored game, and this stays 1 until
/// something dealt from the seed is added.
pub const NEWEST_DEAL: Deal = Deal::FIRST;

/// One stone for the side to move, e.g. `{"x":7,"y":7}` (H8). The numbers are wide so that a
/// bad request is refused as [`RuleError::OutOfBoard`] rather than failing to parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    pub x: i64,
    pub y: i64,
}

impl From<Point> for Move {
    fn from(p: Point) -> Move {
        Move { x: p.x as i64, y: p.y as i64 }
    }
}

/// What a player does: place a stone (`{"x":7,"y":7}`, the shape moves always had) or make a
/// decision of the Swap2 opening (`{"choose":"white"}`, `"black"` or `"placeTwo"`); or, for an
/// external engine at its turn, lose by its fault (`{"forfeit":"timeout"}`: see [`forfeit`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Action {
    Stone(Move),
    Choose {
        choose: Choice,
    },
    Forfeit {
        forfeit: Fault,
    },
    /// The clock's ruling that a player's time ran out (`{"lostOnTime":"second"}`): the game is
    /// theirs to lose, logged so that it replays to its end. Only the app's clock makes it; a
    /// player's move never is one ([`Game::is_ruling`]).
    LostOnTime {
        #[serde(rename = "lostOnTime")]
        lost_on_time: Role,
    },
    /// The number of fifth moves black will offer (`{"offers":3}`): declared by the holder of
    /// white under Soosõrv-8 (1 to 8), by the holder of black under Taraguchi-10 (10, its
    /// choice 2).
    Offers {
        offers: u8,
    },
    /// The player takes over a side of a demo (`{"takeOver":"second"}`): see [`demo`].
    TakeOver {
        #[serde(rename = "takeOver")]
        take_over: Role,
    },
}

/// The most fifth moves an opening rule lets be offered (Taraguchi-10's ten); each count has a
/// word in a record (`offers 1` to `offers 10`).
pub const MOST_OFFERS: u8 = 10;

/// The words of a record file, after the stones: the Swap2 decisions, the forfeits, the
/// clock's rulings, the numbers of fifth moves declared (codes 235 to 244), then a demo's
/// take-over (245, 246).
const WORDS: [&str; 22] = [
    Choice::WRITTEN[0],
    Choice::WRITTEN[1],
    Choice::WRITTEN[2],
    Fault::WRITTEN[0],
    Fault::WRITTEN[1],
    Fault::WRITTEN[2],
    Fault::WRITTEN[3],
    Fault::WRITTEN[4],
    "first lost on time",
    "second lost on time",
    "offers 1",
    "offers 2",
    "offers 3",
    "offers 4",
    "offers 5",
    "offers 6",
    "offers 7",
    "offers 8",
    "offers 9",
    "offers 10",
    "first taken over",
    "second taken over",
];

/// The first word of the declarations in [`WORDS`].
const OFFERS_WORD: usize = Choice::ALL.len() + Fault::ALL.len() + 2;

/// The first word of a demo's take-overs in [`WORDS`], after the declarations.
const TAKE_OVER_WORD: usize = OFFERS_WORD + MOST_OFFERS as usize;

impl From<Move> for Action {
    fn from(mv: Move) -> Action {
        Action::Stone(mv)
    }
}

impl From<Point> for Action {
    fn from(p: Point) -> Action {
        Action::Stone(p.into())
    }
}

/// A game of Gomoku: its settings, seed, stones and, once someone won, the winning line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gomoku {
    params: Params,
    /// Only the computer uses randomness; its choices are seeded from this and the move number.
    seed: u64,
    board: Board,
    winning_line: Option<Vec<Point>>,
    /// The opening rule's decisions so far; `None` under the standard opening.
    opening: Option<OpeningState>,
    /// The external engine's fault that ended the game, if one did.
    forfeit: Option<Fault>,
    /// The player whose time ran out, once the clock said so.
    lost_on_time: Option<Role>,
    /// In a demo, the part the player took over and the stones on the board then.
    taken_over: Option<(Role, usize)>,
}

impl Gomoku {
    /// Places a stone for the side to move; the engine's move, used by [`Game::apply`].
    /// On error nothing changes. Refused: off the board, an occupied point, a stone while the
    /// opening waits for a choice (`"choicePending"`), and under Renju black's forbidden points
    /// (the reason is the [`Forbidden::reason`]: `"doubleThree"`, `"doubleFour"`, `"overline"`).
    pub fn play(&mut self, mv: Move) -> Result<Colour, RuleError> {
        if self.status().is_over() {
            return Err(RuleError::GameOver);
        }
        let side = self.board.size().side();
        let p = self.board.point(mv.x, mv.y).ok_or(RuleError::OutOfBoard {
            x: mv.x,
            y: mv.y,
            width: side,
            height: side,
        })?;
        if self.board.get(p).is_some() {
            return Err(RuleError::Illegal("occupied"));
        }
        let phase = self.phase();
        if !phase.takes_stones() {
            return Err(RuleError::Illegal("choicePending"));
        }
        if let Some(side) = self.opening_rule().and_then(|rule| rule.area(self.board.stone_count())) {
            if !opening::in_area(p, side) {
                return Err(RuleError::Illegal("outsideArea"));
            }
        }
        match phase {
            Phase::Offer => {
                let board = &self.board;
                self.opening.as_mut().expect("an opening offers").rule_mut().offer(board, p)?;
                return Ok(Colour::Black);
            }
            Phase::PickOffer if !self.opening_rule().is_some_and(|rule| rule.offers().contains(&p)) => {
                return Err(RuleError::Illegal("notOffered"));
            }
            Phase::PickOffer => return Ok(self.place(p)),
            _ => {}
        }
        if self.black_has_forbidden_points() {
            if let Some(forbidden) = renju::forbidden(&self.board, p) {
                return Err(RuleError::Illegal(forbidden.reason()));
            }
        }
        Ok(self.place(p))
    }

    /// Puts the side to move's stone on the empty `p` without asking whether black may play
    /// there: for positions given from outside (a Gomocup manager's board, where the manager
    /// is the referee). Refuses only what cannot be placed at all.
    pub fn place_unchecked(&mut self, p: Point) -> Result<Colour, RuleError> {
        if self.board.get(p).is_some() {
            return Err(RuleError::Illegal("occupied"));
        }
        if self.winning_line.is_some() || self.board.is_full() {
            return Err(RuleError::GameOver);
        }
        Ok(self.place(p))
    }

    /// Rules that `role`'s time ran out: only the player whose clock runs (the one to act), in a
    /// timed game still going. On error nothing changes.
    pub fn lose_on_time(&mut self, role: Role) -> Result<(), RuleError> {
        if self.status().is_over() {
            return Err(RuleError::GameOver);
        }
        if self.params.time_control.is_none() {
            return Err(RuleError::Illegal("untimed"));
        }
        if self.decider() != Some(role) {
            return Err(RuleError::Illegal("notTheirTurn"));
        }
        self.lost_on_time = Some(role);
        Ok(())
    }

    /// The player who lost on time, if one did.
    pub fn loser_on_time(&self) -> Option<Role> {
        self.lost_on_time
    }

    fn place(&mut self, p: Point) -> Colour {
        let colour = self.board.place(p);
        self.winning_line = rules::winning_line(&self.board, p, self.params.rule);
        colour
    }

    /// The external engine loses by `fault`; only at the engine's own turn (the app plays it
    /// there, and a player's move then waits for the engine).
    pub fn forfeit(&mut self, fault: Fault) -> Result<(), RuleError> {
        if self.status().is_over() {
            return Err(RuleError::GameOver);
        }
        if !self.is_engine_turn() {
            return Err(RuleError::Illegal("notTheEngine"));
        }
        self.forfeit = Some(fault);
        Ok(())
    }

    /// The external engine's fault that ended the game, if one did.
    pub fn forfeited(&self) -> Option<Fault> {
        self.forfeit
    }

    /// Makes a decision of the opening (a colour taken, Swap2's two more stones); on error
    /// nothing changes.
    pub fn choose(&mut self, choice: Choice) -> Result<(), RuleError> {
        if self.status().is_over() {
            return Err(RuleError::GameOver);
        }
        let stones = self.board.stone_count();
        self.opening.as_mut().ok_or(RuleError::Illegal("no opening choice"))?.rule_mut().choose(stones, choice)
    }

    /// Declares how many fifth moves black offers (Soosõrv-8, Taraguchi-10); on error nothing
    /// changes (`"noOffersNow"` when no declaration is due or the number is not open).
    pub fn declare_offers(&mut self, offers: u8) -> Result<(), RuleError> {
        if self.status().is_over() {
            return Err(RuleError::GameOver);
        }
        let stones = self.board.stone_count();
        self.opening.as_mut().ok_or(RuleError::Illegal("noOffersNow"))?.rule_mut().declare(stones, offers)
    }

    /// Takes the last action back (also after the game ended): the last stone, or the opening's
    /// last choice if none was placed since. `None` at the start. The session undoes with
    /// snapshots; this is the engine's own cheap undo.
    pub fn undo(&mut self) -> Option<Action> {
        if let Some(fault) = self.forfeit.take() {
            return Some(Action::Forfeit { forfeit: fault });
        }
        if let Some(role) = self.lost_on_time.take() {
            return Some(Action::LostOnTime { lost_on_time: role });
        }
        if let Some(role) = self.undo_take_over() {
            return Some(Action::TakeOver { take_over: role });
        }
        let stones = self.board.stone_count();
        if let Some(action) = self.opening.as_mut().and_then(|opening| opening.rule_mut().take_back(stones)) {
            return Some(action);
        }
        let (p, _) = self.board.take_back()?;
        // The game was still going before the last stone, or it would not have been played.
        self.winning_line = None;
        Some(p.into())
    }

    /// Where the opening stands: always [`Phase::Done`] under the standard opening.
    pub fn phase(&self) -> Phase {
        self.opening_rule().map_or(Phase::Done, |rule| rule.phase(self.board.stone_count()))
    }

    /// The opening rule's state, under an opening other than the standard one.
    pub fn opening_rule(&self) -> Option<&dyn OpeningRule> {
        self.opening.as_ref().map(OpeningState::rule)
    }

    /// The player the opening waits for, if it does.
    pub fn opening_decider(&self) -> Option<Role> {
        match self.opening_rule()?.decider(self.board.stone_count())? {
            Decider::Part(role) => Some(role),
            Decider::Holder(colour) => self.role_of(colour),
        }
    }

    /// The colour a player has, once it is settled (at once under the standard opening: the
    /// first player is black; under the RIF's rules the colour held now, which a swap changes).
    pub fn colour_of(&self, role: Role) -> Option<Colour> {
        let first = match self.opening_rule() {
            None => Colour::Black,
            Some(rule) => rule.first_colour()?,
        };
        Some(if role == Role::First { first } else { first.other() })
    }

    /// Who holds `colour`, once the colours are settled.
    pub fn role_of(&self, colour: Colour) -> Option<Role> {
        let first = self.colour_of(Role::First)?;
        Some(if colour == first { Role::First } else { Role::Second })
    }

    /// Who acts next: the opening's decider, then the player of the side to move. `None` once
    /// the game is over.
    pub fn decider(&self) -> Option<Role> {
        if self.status().is_over() {
            return None;
        }
        self.to_act()
    }

    /// The part to act in the position, the game over or not (after a forfeit: the part that
    /// forfeited).
    fn to_act(&self) -> Option<Role> {
        self.opening_decider().or_else(|| self.role_of(self.side_to_move()))
    }

    /// The computer's part, if it plays one side against the player (in a demo, once the
    /// player took the other over).
    pub fn computer_role(&self) -> Option<Role> {
        if self.is_demo() {
            return self.taken_over().map(Role::other);
        }
        self.params.opponent.is_computer().then(|| self.params.human_role().other())
    }

    /// The computer's colour, if it plays and the colours are settled.
    pub fn computer_colour(&self) -> Option<Colour> {
        self.colour_of(self.computer_role()?)
    }

    /// The human's colour against the computer once settled; between two humans `None`.
    pub fn human_colour(&self) -> Option<Colour> {
        self.colour_of(self.computer_role()?.other())
    }

    /// Black's forbidden points now, for the board's crosses: under Renju while black is to
    /// place a stone; empty otherwise.
    pub fn forbidden_points(&self) -> Vec<Point> {
        let phase = self.phase();
        if self.black_has_forbidden_points()
            && !self.status().is_over()
            && phase.takes_stones()
            && phase != Phase::PickOffer
        {
            renju::forbidden_points(&self.board)
        } else {
            Vec::new()
        }
    }

    fn black_has_forbidden_points(&self) -> bool {
        self.params.rule.has_forbidden_points() && self.side_to_move() == Colour::Black
    }

    /// Whose turn it is (after the end: whose turn it would be).
    pub fn side_to_move(&self) -> Colour {
        self.board.side_to_move()
    }

    /// Whether the app should ask [`computer_action`] for the next action.
    pub fn is_computer_turn(&self) -> bool {
        self.decider().is_some_and(|role| self.seat(role) != Seat::Player)
    }

    /// The colour that made five, or whose opponent lost on time (before Swap2 settled the
    /// colours, the colour the first player's stones have: black), once someone won.
    /// An engine's forfeit is the other part's win (in a demo, either part's engine may fail).
    pub fn winner(&self) -> Option<Colour> {
        let loser = self.lost_on_time.or_else(|| self.forfeiter());
        if let Some(loser) = loser {
            let winner = loser.other();
            return Some(self.colour_of(winner).unwrap_or(if winner == Role::First {
                Colour::Black
            } else {
                Colour::White
            }));
        }
        let first = self.winning_line.as_ref()?.first()?;
        self.board.get(*first)
    }

    /// The winning five (or more, under freestyle), in board order along its line.
    pub fn winning_line(&self) -> Option<&[Point]> {
        self.winning_line.as_deref()
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    pub fn rule(&self) -> Rule {
        self.params.rule
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The stones in the order they were played; black played the even-numbered ones.
    pub fn moves(&self) -> &[Point] {
        self.board.history()
    }
}

impl Game for Gomoku {
    type Params = Params;
    type Move = Action;
    type View = View;
    type Effects = Effects;

    const KIND: GameKind = KIND;

    /// Every combination of settings is playable; only a dealer version from a later Pastimes
    /// is refused.
    fn new(params: &Params, seed: u64) -> Result<Self, RuleError> {
        params.deal.checked(NEWEST_DEAL)?;
        // An external engine plays to the game's clock as a person does: the app tells it its
        // time (`INFO time_left`) and its flag falls as anyone's.
        params.time_control.check()?;
        demo::check(params)?;
        params.opening.check(params.rule)?;
        params.check_size()?;
        // A Gomocup brain answers Swap2 (`SWAP2BOARD`) but no other opening rule.
        if params.plays_an_engine() && !matches!(params.opening, Opening::Standard | Opening::Swap2) {
            return Err(RuleError::Illegal("openingNotForEngine"));
        }
        let opening = opening_state::start(params.opening);
        Ok(Gomoku {
            params: params.clone(),
            seed,
            board: Board::new(params.size),
            winning_line: None,
            opening,
            forfeit: None,
            lost_on_time: None,
            taken_over: None,
        })
    }

    fn apply(&mut self, action: &Action) -> Result<Applied, RuleError> {
        match *action {
            Action::Stone(mv) => self.play(mv).map(|_| ()),
            Action::Choose { choose } => self.choose(choose),
            Action::Forfeit { forfeit } => self.forfeit(forfeit),
            Action::LostOnTime { lost_on_time } => self.lose_on_time(lost_on_time),
            Action::Offers { offers } => self.declare_offers(offers),
            Action::TakeOver { take_over } => self.take_over(take_over),
        }
        .map(|_| Applied::Move)
    }

    fn effects(&self, action: &Action, after: &Gomoku) -> Effects {
        effects::told(self, action, after)
    }

    /// A stone as its point in board notation (`H8`, rows from the bottom: see [`notation`]), a
    /// Swap2 decision as `choose white`, `choose black` or `choose placeTwo`, an engine's forfeit
    /// as `forfeit timeout` (and the other [`Fault::WRITTEN`]), the clock's ruling as `first lost
    /// on time` or `second lost on time`, a demo's take-over as `first taken over` or `second
    /// taken over`; their codes are the point, `y * n + x` on the board of n x n, then the words
    /// in order: on 15x15 the decisions from 225 up, then the forfeits from 228, then the rulings
    /// (233, 234), then the declarations of fifth moves, `offers 1` to `offers 10` (235 to 244),
    /// then the take-overs (245, 246); on 20x20 the same words from 400 up.
    const NOTATION: Notation = Notation { verbs: &[""], words: &WORDS, rows: Rows::FromBottom };

    fn grid(&self) -> (usize, usize) {
        let side = self.board.size().side();
        (side, side)
    }

    fn write(&self, action: &Action) -> Option<Written> {
        match *action {
            Action::Stone(mv) => {
                Some(Written::Cell { verb: 0, x: usize::try_from(mv.x).ok()?, y: usize::try_from(mv.y).ok()? })
            }
            Action::Choose { choose } => Choice::ALL.iter().position(|c| *c == choose).map(Written::Word),
            Action::Forfeit { forfeit } => {
                Fault::ALL.iter().position(|f| *f == forfeit).map(|n| Written::Word(Choice::ALL.len() + n))
            }
            Action::LostOnTime { lost_on_time } => {
                Some(Written::Word(Choice::ALL.len() + Fault::ALL.len() + usize::from(lost_on_time == Role::Second)))
            }
            Action::Offers { offers } => {
                (1..=MOST_OFFERS).contains(&offers).then(|| Written::Word(OFFERS_WORD + usize::from(offers) - 1))
            }
            Action::TakeOver { take_over } => {
                Some(Written::Word(TAKE_OVER_WORD + usize::from(take_over == Role::Second)))
            }
        }
    }

    fn read(&self, written: Written) -> Option<Action> {
        match written {
            Written::Cell { x, y, .. } => Some(Action::Stone(Move { x: x as i64, y: y as i64 })),
            Written::Word(word) => match word.checked_sub(Choice::ALL.len()) {
                None => Choice::ALL.get(word).map(|&choose| Action::Choose { choose }),
                Some(n) if n < Fault::ALL.len() => Fault::ALL.get(n).map(|&forfeit| Action::Forfeit { forfeit }),
                Some(n) => match n - Fault::ALL.len() {
                    0 => Some(Action::LostOnTime { lost_on_time: Role::First }),
                    1 => Some(Action::LostOnTime { lost_on_time: Role::Second }),
                    _ if word == TAKE_OVER_WORD => Some(Action::TakeOver { take_over: Role::First }),
                    _ if word == TAKE_OVER_WORD + 1 => Some(Action::TakeOver { take_over: Role::Second }),
                    n => u8::try_from(n - 1).ok().filter(|&n| n <= MOST_OFFERS).map(|offers| Action::Offers { offers }),
                },
            },
        }
    }

    /// Only games against the computer are records; a demo never is, taken over or not.
    fn can_rank(&self) -> bool {
        self.params.opponent.level().is_some() && !self.is_demo()
    }

    /// Between two players a five is [`Status::Won`] whoever made it, so the history and the
    /// watch view learn the winning colour here (`{"winner": "black"}`). Against the computer
    /// Won and Lost say it already, and a draw has no winner: no summary.
    ///
    /// Against an external engine the summary names it, why it lost if by a fault, and the
    /// winning colour (`{"engine":"Rapfi 2024","forfeit":"timeout","winner":"black"}`), for the
    /// history and the statistics. A game lost on time says so (`{"onTime": true}`), for the
    /// result in the history.
    fn summary(&self, _elapsed_ms: u64) -> Option<serde_json::Value> {
        let on_time = self.lost_on_time.is_some();
        // The engine played against (in a demo, the one left after a take-over); a demo watched
        // to its end is two players' game, its forfeit said beside the winner.
        if let Some(seat) = self.computer_role().and_then(|role| self.engine_of(role)) {
            let engine = format!("{} {}", seat.name, seat.version).trim().to_string();
            // The winning colour too, as between two players: the statistics count wins by it.
            let winner = self.winner();
            return Some(serde_json::json!({ "engine": engine, "forfeit": self.forfeit, "winner": winner }));
        }
        if self.params.opponent.level().is_some() && self.computer_role().is_some() {
            return on_time.then(|| serde_json::json!({ "onTime": true }));
        }
        let winner = self.winner()?;
        let mut summary = serde_json::json!({ "winner": winner });
        if on_time {
            summary["onTime"] = true.into();
        }
        if let Some(fault) = self.forfeit {
            summary["forfeit"] = serde_json::json!(fault);
        }
        Some(summary)
    }

    fn status(&self) -> Status {
        if self.forfeit.is_some() {
            // Only an engine forfeits: the player is its opponent, or in a demo the other part
            // (either side's win is Won there, as between two players).
            return Status::Won;
        }
        // The loser on time is known by part even before Swap2 settles the colours.
        if let Some(loser) = self.lost_on_time {
            return if self.computer_role().is_some_and(|computer| computer != loser) {
                Status::Lost
            } else {
                Status::Won
            };
        }
        match self.winner() {
            Some(winner) => match self.computer_colour() {
                Some(computer) if computer == winner => Status::Lost,
                _ => Status::Won,
            },
            None if self.board.is_full() => Status::Draw,
            None if self.black_has_forbidden_points() && !renju::black_can_move(&self.board) => Status::Draw,
            None => Status::Playing,
        }
    }

    fn view(&self) -> View {
        View::of(self)
    }

    /// The rule, then the opponent, then the opening rule, then the board if it is 20x20:
    /// `"freestyle-human"`, `"exactFive-hard"`, `"renju-hard-swap2"`, `"caro-hard-swap1-20x20"`
    /// (the standard opening and the 15x15 board add nothing, so the categories stored before
    /// them stay as they were).
    fn category(&self) -> String {
        let category = if self.is_demo() {
            demo::category(&info::category(self.params.rule, Opponent::Human, self.params.opening))
        } else {
            info::category(self.params.rule, self.params.opponent, self.params.opening)
        };
        info::category_on(self.board.size(), category)
    }

    fn computer_to_move(&self) -> bool {
        self.is_computer_turn()
    }

    /// Within the level's own limits, or in a timed game within its clock ([`on_the_clock`]).
    fn computer_move(&self, time: Option<TurnTime>, cancel: &AtomicBool) -> Option<Action> {
        let Seat::Level(level) = self.seat(self.decider()?) else { return None };
        let limits = time.map_or_else(|| SearchLimits::for_level(level), |time| on_the_clock::limits(level, &time));
        computer_action(self, level, &limits, cancel)
    }

    fn time_control(&self) -> TimeControl {
        self.params.time_control
    }

    /// The first player is 0, the second 1 (the players, not the colours: Swap2 gives colours
    /// later).
    fn player_to_act(&self) -> Option<Player> {
        self.decider().map(|role| usize::from(role == Role::Second))
    }

    fn lost_on_time(&self, player: Player) -> Option<Action> {
        let role = if player == 0 { Role::First } else { Role::Second };
        (!self.params.time_control.is_none()).then_some(Action::LostOnTime { lost_on_time: role })
    }

    fn is_ruling(&self, action: &Action) -> bool {
        matches!(action, Action::LostOnTime { .. })
    }

    fn plays_itself(&self) -> bool {
        Gomoku::plays_itself(self)
    }

    fn interrupts(&self, action: &Action) -> bool {
        matches!(action, Action::TakeOver { .. })
    }

    /// Only wins against the computer are records: fewest stones of the player first, then the
    /// shorter time.
    fn rank_key(&self, elapsed_ms: u64) -> Option<i64> {
        if !self.can_rank() || self.status() != Status::Won {
            return None;
        }
        let played = self.moves().len() as i64;
        let stones = match self.human_colour()? {
            Colour::Black => (played + 1) / 2,
            Colour::White => played / 2,
        };
        Some(crate::game::moves_then_time(stones, elapsed_ms))
    }
}

impl Hints for Gomoku {
    /// The hard computer's move for the side to move.
    fn hint(&self, cancel: &AtomicBool) -> Option<serde_json::Value> {
        self.hint_stone(cancel).and_then(|hint| serde_json::to_value(hint).ok())
    }
}

impl Analyses for Gomoku {
    const SHOWN: crate::Shown = crate::Shown::Review;

    /// The engine's review of the whole game: see [`review`].
    fn analyse(&self, seed: u64, actions: &[Action], cancel: &AtomicBool) -> Option<serde_json::Value> {
        self.review(seed, actions, cancel).and_then(|review| serde_json::to_value(review).ok())
    }
}

#[cfg(test)]
mod tests;
