//! The computer against the computer (a demo, as KDE Bovo opens with): two levels, a level and
//! an external engine, or two external engines (the same one twice runs as two processes) play
//! each other under any rule, opening and clock while the player watches; the player may take
//! over either side at any move, and the game goes on from there between the player and the
//! computer left.
//!
//! A demo is [`Params::demo`]: the level, or the engine of [`Params::demo_engine`], that plays
//! the player's part (`humanColour`, the first or second player), `opponent` playing the other.
//! An engine that fails loses by its fault as against a person ([`Gomoku::forfeiter`] says which
//! part's engine), and the other part has won. Taking over is a logged action,
//! [`Action::TakeOver`](super::Action::TakeOver) (`{"takeOver":"second"}`, written `second taken over` in a record file),
//! so a record replays who played what; it is allowed once, while the game is going.
//!
//! A demo never ranks, taken over or not (the player did not play it all): its category is the
//! rule's with `demo` in the opponent's place (`freestyle-demo`, `renju-demo-swap2`), which no
//! hall of fame lists. Before a take-over the game has no single player, so, as between two
//! people, either side's five is [`crate::Status::Won`] and the view's `winner` says which colour
//! made it; after it, the status is the player's as against the computer.
//!
//! The pace the moves come at is the app's (it waits before each of the computer's moves while
//! the game plays itself, [`Gomoku::plays_itself`]); the rules know nothing of time. In a timed
//! demo the wait is on the mover's clock, as thinking is: each level reads its clock after it
//! (`on_the_clock`), so it plays within what is left. A demo under way when the app quits comes
//! back paused, as every game does; resumed, it plays on.

use super::params::{EngineSeat, Level, Opponent, Params};
use super::swap2::Role;
use super::Gomoku;
use crate::{Game, RuleError};

/// Who plays a part of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// A person at the board.
    Player,
    /// The built-in computer at a level.
    Level(Level),
    /// An external engine: [`Params::engine`] for the opponent's part, [`Params::demo_engine`]
    /// for the player's in a demo ([`Gomoku::engine_of`]).
    Engine,
}

/// Who plays as `opponent` says: a person, a level or an external engine.
fn seat_of(opponent: Opponent) -> Seat {
    match opponent {
        Opponent::Human => Seat::Player,
        Opponent::Engine => Seat::Engine,
        level => level.level().map_or(Seat::Player, Seat::Level),
    }
}

/// Refuses a demo without a program on each side (two programs play a demo), and a demo
/// engine not named.
pub(super) fn check(params: &Params) -> Result<(), RuleError> {
    let malformed = |reason: &str| Err(RuleError::Malformed { what: "params", reason: reason.into() });
    let Some(demo) = params.demo else { return Ok(()) };
    if !params.opponent.is_computer() || !demo.is_computer() {
        return malformed("a demo needs the computer on both sides");
    }
    if demo == Opponent::Engine && params.demo_engine.is_none() {
        return malformed("a demo's engine must be named (demoEngine)");
    }
    Ok(())
}

/// The category of a demo: the rule's and opening's, `demo` in the opponent's place.
pub(super) fn category(two_players: &str) -> String {
    two_players.replacen("-human", "-demo", 1)
}

/// The category of two players that a demo's category (`freestyle-demo`) stands beside, to
/// check it is one.
pub(super) fn as_two_players(name: &str) -> Option<String> {
    name.contains("-demo").then(|| name.replacen("-demo", "-human", 1))
}

impl Gomoku {
    /// Who plays `role`: the player, a level, or the external engine.
    pub fn seat(&self, role: Role) -> Seat {
        if self.taken_over.is_some_and(|(taken, _)| taken == role) {
            return Seat::Player;
        }
        if role == self.params.human_role() {
            return self.params.demo.map_or(Seat::Player, seat_of);
        }
        seat_of(self.params.opponent)
    }

    /// The external engine that plays `role`, if one does now.
    pub fn engine_of(&self, role: Role) -> Option<&EngineSeat> {
        if self.seat(role) != Seat::Engine {
            return None;
        }
        if role == self.params.human_role() {
            self.params.demo_engine.as_ref()
        } else {
            self.params.engine.as_ref()
        }
    }

    /// The part whose engine lost by its fault, if one did: the part that was to act.
    pub fn forfeiter(&self) -> Option<Role> {
        self.forfeited().and(self.to_act())
    }

    /// Whether this game began as a demo (taken over or not).
    pub fn is_demo(&self) -> bool {
        self.params.demo.is_some()
    }

    /// The part the player took over in a demo, if they did.
    pub fn taken_over(&self) -> Option<Role> {
        self.taken_over.map(|(role, _)| role)
    }

    /// Whether the computer plays both sides now: a demo not taken over and not over.
    pub fn plays_itself(&self) -> bool {
        self.is_demo() && self.taken_over.is_none() && !self.status().is_over()
    }

    /// Whether the external engine is to act.
    pub fn is_engine_turn(&self) -> bool {
        self.decider().is_some_and(|role| self.seat(role) == Seat::Engine)
    }

    /// The player takes over `role` in a demo: from now on they play it. Refused once the game
    /// is over (`GameOver`), in a game that is no demo (`"notADemo"`) and after a take-over
    /// (`"takenOver"`). On error nothing changes.
    pub fn take_over(&mut self, role: Role) -> Result<(), RuleError> {
        if self.status().is_over() {
            return Err(RuleError::GameOver);
        }
        if !self.is_demo() {
            return Err(RuleError::Illegal("notADemo"));
        }
        if self.taken_over.is_some() {
            return Err(RuleError::Illegal("takenOver"));
        }
        self.taken_over = Some((role, self.board.stone_count()));
        Ok(())
    }

    /// Takes the take-over back if it came after the last stone (the engine's cheap undo; a
    /// Swap2 choice made after it, before a stone, is then taken back after it).
    pub(super) fn undo_take_over(&mut self) -> Option<Role> {
        let (role, at) = self.taken_over.filter(|&(_, at)| at == self.board.stone_count())?;
        debug_assert_eq!(at, self.board.stone_count());
        self.taken_over = None;
        Some(role)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::computer::{computer_action, quick};
    use crate::gomoku::{Action, Colour, Move, Opening, Rule};
    use crate::{Status, Telling};
    use std::sync::atomic::AtomicBool;

    fn demo(rule: Rule, opening: Opening) -> Gomoku {
        let params =
            Params { rule, opening, opponent: Opponent::Easy, demo: Some(Opponent::Medium), ..Params::default() };
        Gomoku::new(&params, 7).unwrap()
    }

    /// The computer's next action at the level of the part to act, node-limited.
    fn next(game: &Gomoku) -> Option<Action> {
        let Seat::Level(level) = game.seat(game.decider()?) else { return None };
        computer_action(game, level, &quick(3_000), &AtomicBool::new(false))
    }

    #[test]
    fn a_demo_plays_to_its_end_under_every_rule_and_never_ranks() {
        for rule in Rule::ALL {
            let mut game = demo(rule, Opening::Standard);
            assert_eq!(game.category(), format!("{}-demo", rule.as_str()));
            while game.plays_itself() {
                assert!(game.is_computer_turn());
                let action = next(&game).expect("the computer always has a move while the game goes on");
                game.apply(&action).unwrap();
            }
            assert!(game.status().is_over(), "{rule:?}");
            assert!(!game.can_rank() && game.rank_key(1_000).is_none(), "{rule:?}");
            if game.winner().is_some() {
                assert_eq!(game.status(), Status::Won, "either side's five, as between two players");
            }
        }
    }

    #[test]
    fn under_every_opening_rule_the_computer_plays_both_roles_of_the_opening() {
        for opening in Opening::ALL.into_iter().filter(|&opening| opening != Opening::Standard) {
            // Soosõrv-8 and Taraguchi-10 are Renju's; Swap2 and Swap1 fit every rule.
            let rule = if opening.fits(Rule::Freestyle) { Rule::Freestyle } else { Rule::Renju };
            let mut game = demo(rule, opening);
            assert_eq!(game.category(), format!("{}-demo-{}", rule.as_str(), opening.as_str()));
            let mut actions = Vec::new();
            while game.plays_itself() && game.phase() != crate::gomoku::Phase::Done {
                assert!(game.is_computer_turn(), "{opening:?}: the computer decides each step");
                let action = next(&game).expect("the computer always has a decision");
                game.apply(&action).unwrap();
                actions.push(action);
                assert!(actions.len() < 40, "{opening:?}: the opening ends");
            }
            assert!(game.colour_of(Role::First).is_some(), "{opening:?}: the colours are settled");
            let decided = |a: &Action| matches!(a, Action::Choose { .. } | Action::Offers { .. });
            if matches!(opening, Opening::Soosorv8 | Opening::Taraguchi10) {
                assert!(actions.iter().any(|a| matches!(a, Action::Offers { .. })), "{opening:?}: {actions:?}");
            }
            assert!(actions.iter().any(decided), "{opening:?}: {actions:?}");
            // And it goes on to the end.
            while game.plays_itself() {
                game.apply(&next(&game).unwrap()).unwrap();
            }
            assert!(game.status().is_over() && !game.can_rank(), "{opening:?}");
        }
    }

    #[test]
    fn the_player_takes_over_a_side_and_the_game_goes_on_against_the_other() {
        let mut game = demo(Rule::Freestyle, Opening::Standard);
        for _ in 0..4 {
            game.apply(&next(&game).unwrap()).unwrap();
        }
        // Black (the first player, the demo's medium level) is to move: the player takes white.
        let (applied, effects) = game.apply_with_effects(&Action::TakeOver { take_over: Role::Second }).unwrap();
        assert_eq!(applied, crate::Applied::Move);
        assert_eq!(effects.taken_over, Some(Role::Second));
        assert!(!game.plays_itself() && game.is_computer_turn(), "the medium level still plays black");
        assert_eq!((game.computer_colour(), game.human_colour()), (Some(Colour::Black), Some(Colour::White)));
        assert_eq!(game.view().white_name, "White", "the level's name goes with the side taken over");
        game.apply(&next(&game).unwrap()).unwrap();
        assert!(!game.is_computer_turn(), "now the player's move");
        let free = game.board().points().find(|&p| game.board().get(p).is_none()).unwrap();
        game.apply(&Action::Stone(Move::from(free))).unwrap();
        assert!(game.is_computer_turn());
        assert_eq!(game.take_over(Role::First), Err(RuleError::Illegal("takenOver")));
        assert!(!game.can_rank(), "a demo taken over still never ranks");
        assert_eq!(game.category(), "freestyle-demo");
    }

    #[test]
    fn taking_over_is_refused_outside_a_demo_and_after_the_end() {
        let mut game = Gomoku::new(&Params { opponent: Opponent::Hard, ..Params::default() }, 1).unwrap();
        assert_eq!(game.take_over(Role::First), Err(RuleError::Illegal("notADemo")));
        let mut over = demo(Rule::Freestyle, Opening::Standard);
        for x in 0..4 {
            over.apply(&Action::Stone(Move { x, y: 0 })).unwrap();
            over.apply(&Action::Stone(Move { x, y: 5 })).unwrap();
        }
        over.apply(&Action::Stone(Move { x: 4, y: 0 })).unwrap();
        assert_eq!(over.take_over(Role::First), Err(RuleError::GameOver));
        let two_people = Params { demo: Some(Opponent::Easy), ..Params::default() };
        assert!(matches!(Gomoku::new(&two_people, 1), Err(RuleError::Malformed { .. })));
        let watched_by_a_person = Params { opponent: Opponent::Easy, demo: Some(Opponent::Human), ..Params::default() };
        assert!(matches!(Gomoku::new(&watched_by_a_person, 1), Err(RuleError::Malformed { .. })));
        let unnamed = Params { opponent: Opponent::Easy, demo: Some(Opponent::Engine), ..Params::default() };
        assert!(matches!(Gomoku::new(&unnamed, 1), Err(RuleError::Malformed { .. })));
    }

    #[test]
    fn a_take_over_is_written_replayed_and_taken_back() {
        let mut game = demo(Rule::Renju, Opening::Standard);
        game.apply(&Action::Stone(Move { x: 7, y: 7 })).unwrap();
        let take = Action::TakeOver { take_over: Role::First };
        let json = serde_json::to_value(take).unwrap();
        assert_eq!(json, serde_json::json!({"takeOver": "first"}));
        assert_eq!(serde_json::from_value::<Action>(json).unwrap(), take);
        let written = game.write(&take).unwrap();
        // After the stones (0-224) and 20 words (225-244, the last the declarations of fifth
        // moves), the take-overs are codes 245 and 246.
        assert_eq!(written, crate::notation::Written::Word(20));
        assert_eq!(game.write(&Action::TakeOver { take_over: Role::Second }), Some(crate::notation::Written::Word(21)));
        assert_eq!(game.read(crate::notation::Written::Word(19)), Some(Action::Offers { offers: 10 }));
        assert_eq!(game.read(written), Some(take));
        game.apply(&take).unwrap();
        assert_eq!(game.seat(Role::First), Seat::Player);
        assert_eq!(game.undo(), Some(take));
        assert!(game.plays_itself());
        assert_eq!(game.undo(), Some(Action::Stone(Move { x: 7, y: 7 })));
    }

    fn two_engines() -> Gomoku {
        let seat = |id: &str| EngineSeat { id: id.into(), name: id.into(), version: "1".into(), move_ms: 100 };
        let params = Params {
            opponent: Opponent::Engine,
            engine: Some(seat("second")),
            demo: Some(Opponent::Engine),
            demo_engine: Some(seat("first")),
            ..Params::default()
        };
        Gomoku::new(&params, 7).unwrap()
    }

    #[test]
    fn two_engines_play_a_demo_each_its_part_and_a_forfeit_is_the_other_s_win() {
        let mut game = two_engines();
        assert_eq!((game.seat(Role::First), game.seat(Role::Second)), (Seat::Engine, Seat::Engine));
        assert_eq!(game.engine_of(Role::First).map(|seat| seat.id.as_str()), Some("first"));
        assert_eq!(game.engine_of(Role::Second).map(|seat| seat.id.as_str()), Some("second"));
        assert!(game.is_engine_turn() && game.plays_itself());
        game.apply(&Action::Stone(Move { x: 7, y: 7 })).unwrap();
        assert!(game.is_engine_turn(), "the second part's engine");
        // The second part's engine fails: the first part (black) has won, as between two players.
        game.apply(&Action::Forfeit { forfeit: crate::gomoku::Fault::Crash }).unwrap();
        assert_eq!(
            (game.status(), game.forfeiter(), game.winner()),
            (Status::Won, Some(Role::Second), Some(Colour::Black))
        );
        assert_eq!(game.summary(0), Some(serde_json::json!({"winner": "black", "forfeit": "crash"})));
        assert!(!game.can_rank());
        assert_eq!(game.view().demo_engine.map(|seat| seat.id), Some("first".into()));
        // Taken over, the engine left is the one played against.
        let mut taken = two_engines();
        taken.apply(&Action::TakeOver { take_over: Role::First }).unwrap();
        assert_eq!((taken.engine_of(Role::First), taken.is_engine_turn()), (None, false));
        taken.apply(&Action::Stone(Move { x: 7, y: 7 })).unwrap();
        taken.apply(&Action::Forfeit { forfeit: crate::gomoku::Fault::Timeout }).unwrap();
        let summary = taken.summary(0).unwrap();
        assert_eq!((summary["engine"].as_str(), summary["winner"].as_str()), (Some("second 1"), Some("black")));
    }

    #[test]
    fn demo_categories_are_valid_and_never_rank() {
        let categories = crate::gomoku::KIND.info().categories;
        for name in [
            "freestyle-demo",
            "renju-demo-swap2",
            "caro-demo",
            "freestyle-demo-swap1",
            "renju-demo-soosorv8",
            "renju-demo-taraguchi10",
        ] {
            assert!((categories.is_valid)(name), "{name}");
            assert!(!(categories.ranks)(name), "{name}");
        }
        assert!(!(categories.is_valid)("freestyle-demo-demo") && !(categories.is_valid)("demo"));
    }
}
