//! Any game behind one object-safe interface, so that the app's session driver is written once
//! for every game: parameters and moves cross it as JSON (as they arrive from the page), views
//! leave it as JSON, and the computer's move stays a typed value in a box.

use crate::kind::{Analysis, Rate};
use crate::notation::Notation;
use crate::time_control::{Player, TimeControl, TurnTime};
use crate::{Analyses, Applied, Game, GameKind, Hints, Rates, RuleError, Status, Telling};
use serde_json::Value;
use std::any::Any;
use std::sync::atomic::AtomicBool;

/// What one move did, as the session needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    pub applied: Applied,
    /// The move as it goes into the log (see [`Game::logged_move`]).
    pub logged: Value,
    /// What the move did (see [`Game::Effects`]), for the page to animate.
    pub effects: Value,
}

/// The computer's move, found on a copy of the game and played on the game itself: a typed
/// value, so it never goes through JSON.
pub struct ComputerMove(Box<dyn Any + Send>);

impl ComputerMove {
    /// A move found outside the game's own [`Game::computer_move`] (an external engine's, which
    /// the app hosts): it must be the game's own move type, or playing it is refused.
    pub fn new<M: Any + Send>(mv: M) -> ComputerMove {
        ComputerMove(Box::new(mv))
    }
}

/// A game of any kind, with the parameters it was made from.
pub trait AnyGame: Send + Sync {
    fn kind(&self) -> GameKind;
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// The parameters as the game read them, defaults filled in (what a save keeps).
    fn params(&self) -> Value;
    /// Reads a move from JSON and applies it; on error the game is unchanged.
    fn play(&mut self, mv: &Value) -> Result<Played, RuleError>;
    fn status(&self) -> Status;
    fn view(&self) -> Value;
    fn category(&self) -> String;
    fn score(&self) -> Option<i64>;
    fn computer_to_move(&self) -> bool;
    /// The computer's move here, within `time` (its clock, in a timed game); slow, so the app
    /// calls it on a copy on another thread.
    fn computer_move(&self, time: Option<TurnTime>, cancel: &AtomicBool) -> Option<ComputerMove>;
    /// See [`Game::time_control`].
    fn time_control(&self) -> TimeControl;
    /// See [`Game::player_to_act`].
    fn player_to_act(&self) -> Option<Player>;
    /// Rules that `player` lost on time ([`Game::lost_on_time`]): the ruling as it is logged.
    fn lose_on_time(&mut self, player: Player) -> Result<Played, RuleError>;
    /// Whether the move (JSON) is a ruling only the clock makes ([`Game::is_ruling`]).
    fn is_ruling(&self, mv: &Value) -> bool;
    /// See [`Game::plays_itself`].
    fn plays_itself(&self) -> bool;
    /// Whether the move (JSON) may stop the computer at work ([`Game::interrupts`]).
    fn interrupts(&self, mv: &Value) -> bool;
    fn play_computer(&mut self, mv: ComputerMove) -> Result<Played, RuleError>;
    fn replay_params(&self) -> Option<Value>;
    fn rank_key(&self, elapsed_ms: u64) -> Option<i64>;
    fn is_replay(&self) -> bool;
    fn can_rank(&self) -> bool;
    fn summary(&self, elapsed_ms: u64) -> Option<Value>;
    fn counters(&self, elapsed_ms: u64) -> Option<Value>;
    fn rate(&self, elapsed_ms: u64) -> Option<f64>;
    fn hint(&self, cancel: &AtomicBool) -> Option<Value>;
    fn odds(&self) -> Option<Value>;
    /// A logged move (JSON) as its compact code for the stored records, and back: both from the
    /// game's one notation ([`crate::notation`]). `None` for a move the notation does not write.
    fn move_code(&self, mv: &Value) -> Option<u32>;
    fn code_move(&self, code: u32) -> Option<Value>;
    /// How many codes this game's board has: every move it could log is the
    /// [`AnyGame::code_move`] of one below it (tests and benchmarks draw moves of any game so).
    fn move_codes(&self) -> u32;
    /// A logged move (JSON) as the text of the record files (`"open D5"`, `"pop C4"`, `"H8"`),
    /// and back: both from the game's one notation. A text that names no move of this board
    /// (an unknown verb, a cell off the board) is `None`.
    fn move_text(&self, mv: &Value) -> Option<String>;
    fn parse_move_text(&self, text: &str) -> Option<Value>;
    /// The game's notation itself ([`crate::Game::NOTATION`]): its verbs and words, by which a
    /// move list is cut into moves ([`crate::move_list`]).
    fn notation(&self) -> Notation;
    /// See [`Analyses::analyse`]; the moves as logged (JSON).
    fn analyse(&self, seed: u64, moves: &[Value], cancel: &AtomicBool) -> Option<Value>;
    /// The typed game, for tests and tools that know which game they hold.
    fn as_any(&self) -> &dyn Any;
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Box<dyn AnyGame> {
        self.clone_box()
    }
}

/// A typed game and its parameters behind [`AnyGame`].
#[derive(Clone)]
struct Erased<G: Game> {
    game: G,
    params: G::Params,
}

/// Starts a game of type `G` from JSON parameters: every game's [`crate::GameInfo::new_game`].
pub fn new_game<G: Game>(params: &Value, seed: u64) -> Result<Box<dyn AnyGame>, RuleError> {
    let params: G::Params = from_json("parameters", params)?;
    Ok(Box::new(Erased { game: G::new(&params, seed)?, params }))
}

fn from_json<T: serde::de::DeserializeOwned>(what: &'static str, value: &Value) -> Result<T, RuleError> {
    T::deserialize(value).map_err(|error| RuleError::Malformed { what, reason: error.to_string() })
}

fn to_json(value: impl serde::Serialize) -> Value {
    // Our views, moves and parameters are plain data: serialising them cannot fail.
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The table entry of a game's hints: `hint: Some(hint_of::<G>)`.
pub fn hint_of<G: Hints>(game: &dyn AnyGame, cancel: &AtomicBool) -> Option<Value> {
    game.as_any().downcast_ref::<G>()?.hint(cancel)
}

/// The table entry of a game's odds: `odds: Some(odds_of::<G>)`.
pub fn odds_of<G: crate::game::Odds>(game: &dyn AnyGame) -> Option<Value> {
    game.as_any().downcast_ref::<G>()?.odds()
}

/// The table entry of a game's analysis: `analysis: Some(analysis_of::<G>())`.
pub const fn analysis_of<G: Analyses>() -> Analysis {
    Analysis { of: typed_analysis::<G>, shown: G::SHOWN, on_demand: G::ON_DEMAND }
}

fn typed_analysis<G: Analyses>(game: &dyn AnyGame, seed: u64, moves: &[Value], cancel: &AtomicBool) -> Option<Value> {
    let moves: Vec<G::Move> = moves.iter().map(|mv| from_json("move", mv)).collect::<Result<_, _>>().ok()?;
    game.as_any().downcast_ref::<G>()?.analyse(seed, &moves, cancel)
}

/// The table entry of a game's rate: `rate: Some(rate_of::<G>())`.
pub const fn rate_of<G: Rates>() -> Rate {
    Rate { key: G::RATE_KEY, of: typed_rate::<G> }
}

fn typed_rate<G: Rates>(game: &dyn AnyGame, elapsed_ms: u64) -> Option<f64> {
    game.as_any().downcast_ref::<G>()?.rate(elapsed_ms)
}

impl<G: Game> Erased<G> {
    fn play_typed(&mut self, mv: &G::Move) -> Result<Played, RuleError> {
        let logged = to_json(self.game.logged_move(mv));
        let (applied, effects) = self.game.apply_with_effects(mv)?;
        Ok(Played { applied, logged, effects: to_json(effects) })
    }
}

impl<G: Game> AnyGame for Erased<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn params(&self) -> Value {
        to_json(&self.params)
    }

    fn play(&mut self, mv: &Value) -> Result<Played, RuleError> {
        let mv: G::Move = from_json("move", mv)?;
        self.play_typed(&mv)
    }

    fn status(&self) -> Status {
        self.game.status()
    }

    fn view(&self) -> Value {
        to_json(self.game.view())
    }

    fn category(&self) -> String {
        self.game.category()
    }

    fn score(&self) -> Option<i64> {
        self.game.score()
    }

    fn computer_to_move(&self) -> bool {
        self.game.computer_to_move()
    }

    fn computer_move(&self, time: Option<TurnTime>, cancel: &AtomicBool) -> Option<ComputerMove> {
        self.game.computer_move(time, cancel).map(|mv| ComputerMove(Box::new(mv)))
    }

    fn time_control(&self) -> TimeControl {
        self.game.time_control()
    }

    fn player_to_act(&self) -> Option<Player> {
        self.game.player_to_act()
    }

    fn lose_on_time(&mut self, player: Player) -> Result<Played, RuleError> {
        let ruling = self.game.lost_on_time(player).ok_or(RuleError::Illegal("untimed"))?;
        self.play_typed(&ruling)
    }

    fn is_ruling(&self, mv: &Value) -> bool {
        from_json::<G::Move>("move", mv).is_ok_and(|mv| self.game.is_ruling(&mv))
    }

    fn plays_itself(&self) -> bool {
        self.game.plays_itself()
    }

    fn interrupts(&self, mv: &Value) -> bool {
        from_json::<G::Move>("move", mv).is_ok_and(|mv| self.game.interrupts(&mv))
    }

    fn play_computer(&mut self, mv: ComputerMove) -> Result<Played, RuleError> {
        let mv = mv.0.downcast::<G::Move>().map_err(|_| RuleError::Illegal("a move of another game"))?;
        self.play_typed(&mv)
    }

    fn replay_params(&self) -> Option<Value> {
        self.game.replay_params().map(to_json)
    }

    fn rank_key(&self, elapsed_ms: u64) -> Option<i64> {
        self.game.rank_key(elapsed_ms)
    }

    fn is_replay(&self) -> bool {
        self.game.is_replay()
    }

    fn can_rank(&self) -> bool {
        self.game.can_rank()
    }

    fn summary(&self, elapsed_ms: u64) -> Option<Value> {
        self.game.summary(elapsed_ms)
    }

    fn counters(&self, elapsed_ms: u64) -> Option<Value> {
        self.game.counters(elapsed_ms)
    }

    fn rate(&self, elapsed_ms: u64) -> Option<f64> {
        (G::KIND.info().rate?.of)(self, elapsed_ms)
    }

    fn hint(&self, cancel: &AtomicBool) -> Option<Value> {
        (G::KIND.info().hint?)(self, cancel)
    }

    fn odds(&self) -> Option<Value> {
        (G::KIND.info().odds?)(self)
    }

    fn move_code(&self, mv: &Value) -> Option<u32> {
        let written = self.game.write(&from_json("move", mv).ok()?)?;
        G::NOTATION.code(written, self.game.grid())
    }

    fn code_move(&self, code: u32) -> Option<Value> {
        self.game.read(G::NOTATION.of_code(code, self.game.grid())?).map(to_json)
    }

    fn move_codes(&self) -> u32 {
        G::NOTATION.codes(self.game.grid())
    }

    fn move_text(&self, mv: &Value) -> Option<String> {
        let written = self.game.write(&from_json("move", mv).ok()?)?;
        G::NOTATION.text(written, self.game.grid())
    }

    fn parse_move_text(&self, text: &str) -> Option<Value> {
        self.game.read(G::NOTATION.parse(text, self.game.grid())?).map(to_json)
    }

    fn notation(&self) -> Notation {
        G::NOTATION
    }

    fn analyse(&self, seed: u64, moves: &[Value], cancel: &AtomicBool) -> Option<Value> {
        (G::KIND.info().analysis?.of)(self, seed, moves, cancel)
    }

    fn as_any(&self) -> &dyn Any {
        &self.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bubbles::Bubbles;
    use crate::gomoku::Gomoku;
    use crate::minesweeper::Minesweeper;
    use serde_json::json;

    /// Every move below reads back from its text, which is the one given.
    fn assert_texts(game: &dyn AnyGame, moves: &[(Value, &str)]) {
        for (mv, text) in moves {
            assert_eq!(game.move_text(mv).as_deref(), Some(*text), "{mv}");
            assert_eq!(game.parse_move_text(text).as_ref(), Some(mv), "{text}");
        }
    }

    #[test]
    fn every_game_names_its_moves_as_its_board_does_and_reads_them_back() {
        let expert = new_game::<Minesweeper>(&json!({"level": "expert"}), 1).unwrap();
        assert_texts(
            expert.as_ref(),
            &[
                (json!({"action": "open", "x": 3, "y": 4}), "open D5"),
                (json!({"action": "mark", "x": 0, "y": 0}), "mark A1"),
                (json!({"action": "chord", "x": 29, "y": 15}), "chord AD16"),
            ],
        );
        let bubbles = new_game::<Bubbles>(&json!({}), 1).unwrap();
        assert_texts(bubbles.as_ref(), &[(json!({"action": "pop", "x": 2, "y": 3}), "pop C4")]);
        assert_eq!(bubbles.move_text(&json!({"action": "click", "x": 2, "y": 3})), None, "a click is never logged");
        let gomoku = new_game::<Gomoku>(&json!({"opening": "swap2"}), 1).unwrap();
        assert_texts(
            gomoku.as_ref(),
            &[
                (json!({"x": 7, "y": 7}), "H8"),
                (json!({"x": 0, "y": 0}), "A15"),
                (json!({"choose": "placeTwo"}), "choose placeTwo"),
            ],
        );
    }

    #[test]
    fn text_that_names_no_move_is_none() {
        let expert = new_game::<Minesweeper>(&json!({"level": "expert"}), 1).unwrap();
        let bubbles = new_game::<Bubbles>(&json!({}), 1).unwrap();
        let gomoku = new_game::<Gomoku>(&json!({}), 1).unwrap();
        for text in ["", "dig D5", "open", "open 5D", "openD5", "H8"] {
            assert_eq!(expert.parse_move_text(text), None, "{text:?}");
        }
        for text in ["pop", "popC4", "click C4", "C4"] {
            assert_eq!(bubbles.parse_move_text(text), None, "{text:?}");
        }
        for text in ["P1", "H16", "choose red", "chooseblack", "open D5"] {
            assert_eq!(gomoku.parse_move_text(text), None, "{text:?}");
        }
    }

    #[test]
    fn moves_and_parameters_that_do_not_parse_are_malformed_and_change_nothing() {
        let mut game = new_game::<Bubbles>(&json!({}), 1).unwrap();
        let before = game.view();
        for bad in [json!({"action": "explode"}), json!("pop"), json!({"action": "pop", "x": "a", "y": 0})] {
            assert!(matches!(game.play(&bad), Err(RuleError::Malformed { what: "move", .. })), "{bad}");
        }
        assert_eq!(game.view(), before);
        assert!(matches!(new_game::<Bubbles>(&json!({"style": "sideways"}), 1), Err(RuleError::Malformed { .. })));
    }

    #[test]
    fn the_parameters_kept_are_the_ones_read_with_defaults() {
        let game = new_game::<Bubbles>(&json!({"colour": "ignored"}), 1).unwrap();
        assert_eq!(game.params(), json!({"style": "megashift"}));
    }

    #[test]
    fn the_computer_plays_its_own_move_without_json() {
        let mut game = new_game::<Gomoku>(&json!({"opponent": "easy", "humanColour": "white"}), 3).unwrap();
        assert!(game.computer_to_move());
        let mv = game.computer_move(None, &AtomicBool::new(false)).expect("a move on an empty board");
        assert_eq!(game.play_computer(mv).unwrap().applied, Applied::Move);
        assert!(!game.computer_to_move());
        let foreign = ComputerMove(Box::new(3_u8));
        assert!(matches!(game.play_computer(foreign), Err(RuleError::Illegal(_))));
    }
}
