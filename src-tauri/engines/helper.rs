//! An added engine as the player's helper in Gomoku: the hint's engine and the study board's,
//! instead of the built-in one, when the setting [`SETTING`] names it (by its id in the list of
//! engines, never a path; an id no longer listed means the built-in engine).
//!
//! - **The hint** asks the brain for its move in the position (`BOARD`, the side to move its
//!   own, [`HINT_MS`] a move), checks it against the rules and gives it as the built-in hint's
//!   ([`Hint`]); the game is assisted as by any hint.
//! - **The study board** asks the brain for its move in rounds, each with twice the time of the
//!   one before ([`ROUND_MS`], then it rests), and reads its thinking meanwhile
//!   ([`super::thinking`]: the `MESSAGE` lines with depth, evaluation and line, and Rapfi's
//!   `REALTIME BEST`, asked for with `INFO show_detail 1`). Each thought read is a look as the
//!   built-in engine's ([`pastimes_games::gomoku::Analysis`]'s fields: the value from black's
//!   side, the line replayed through the rules and cut at its first refused move, the best move),
//!   plus `engine`, the brain's name. A round's answer is its best move.
//! - **Several best moves.** A brain whose checks found it answers Yixin's `YXNBEST` (Rapfi;
//!   [`super::check::several_best`]) is asked for the [`CHOICES`] best instead of its move
//!   (`YXSHOWINFO`, then the position as `YXBOARD` and `YXNBEST 3`), and its other lines are
//!   the look's second and third choices, each with its value, as the built-in engine lists its
//!   three best moves. Another brain is never sent those words: its look has its best move only.
//!
//! A fault (no answer in time, an exit, garbage, a flood, an illegal move) stops the hint or the
//! analysis: the hint is refused with the fault ([`EngineTrouble::Hint`]), the study board's last
//! look is `{"fault": "timeout", "engine": "...", "detail": "..."}`. The brain runs on the
//! thread that asks (the command's, the study board's worker), its process killed when the hint
//! or the analysis ends, is cancelled, or Pastimes dies (see [`super::process`]).

use super::brain::{Brain, Failure, Setup, Waited};
use super::thinking::{self, Eval, Heard};
use crate::error::{AppError, AppResult, EngineTrouble};
use pastimes_games::gomoku::ai::analysis::CHOICES;
use pastimes_games::gomoku::ai::WIN_SCORE;
use pastimes_games::gomoku::study_board::Position;
use pastimes_games::gomoku::{Colour, Fault, Gomoku, Hint, Phase, Point};
use pastimes_games::study::{StudyBoard, StudyEngine};
use pastimes_games::{AnyGame, Game, Status};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The page setting that names the helper engine (`""`: the built-in one).
pub const SETTING: &str = "gomokuHelper";
/// The hint's time a move.
pub const HINT_MS: u64 = 2000;
/// The study board's rounds: 0.5 s, then twice as long each round up to 16 s (about 32 s in
/// all, as the built-in engine rests after its rounds).
pub const ROUND_MS: [u64; 6] = [500, 1000, 2000, 4000, 8000, 16_000];
/// The least time between two looks told while the brain thinks (its talk may be fast).
const TELL_EVERY: Duration = Duration::from_millis(150);

/// The engine chosen as the helper: its program and its name with its version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Helper {
    pub program: PathBuf,
    pub name: String,
    /// Whether it answers `YXNBEST` (the study board then asks it for several best moves).
    pub nbest: bool,
}

/// The brain's hint for the side to move in `game` (a Gomoku game): `None` where the built-in
/// hint has none either (the game over, a Swap2 choice of colour pending).
pub fn hint(helper: &Helper, game: &dyn AnyGame, cancel: &AtomicBool) -> AppResult<Option<Value>> {
    let Some(game) = game.as_any().downcast_ref::<Gomoku>() else { return Ok(None) };
    if game.status() != Status::Playing || matches!(game.phase(), Phase::ChooseSide | Phase::ChooseColour) {
        return Ok(None);
    }
    let mut brain = Brain::new(helper.program.clone());
    let setup = Setup { rule: game.rule(), size: game.board().size(), move_ms: HINT_MS };
    let answer = brain.turn(setup, &super::board_stones(game), cancel);
    brain.end();
    let point = match answer {
        Waited::Answer(Ok(point)) => legal(game, point).map_err(refused)?,
        Waited::Answer(Err(failure)) => return Err(refused(failure)),
        Waited::Cancelled => return Ok(None),
    };
    let hint = Hint { x: point.x, y: point.y, notation: point.notation(), forced_win: None };
    Ok(serde_json::to_value(hint).ok())
}

fn refused(failure: Failure) -> AppError {
    eprintln!("pastimes: the hint's engine failed: {failure}");
    AppError::engine(EngineTrouble::Hint(super::hint_fault_of(failure.fault)), failure.detail)
}

/// The study board's analysis by the brain, for a Gomoku board; `None` for another game's.
pub fn analysis(helper: &Helper, board: &dyn StudyBoard) -> Option<StudyEngine> {
    let game = board.as_any().downcast_ref::<Position>()?.game().clone();
    let helper = helper.clone();
    Some(Box::new(move |cancel, tell| rounds(&helper, &game, cancel, tell)))
}

fn rounds(helper: &Helper, game: &Gomoku, cancel: &AtomicBool, tell: &mut dyn FnMut(Value, bool) -> bool) {
    if game.status().is_over() {
        tell(Value::Null, true);
        return;
    }
    let mut brain = Brain::new(helper.program.clone());
    let mut look = Look::new(helper, game);
    let stones = super::board_stones(game);
    let mut detail = vec!["INFO show_detail 1".to_string()];
    if helper.nbest {
        detail.push(super::check::SHOW_INFO.into());
    }
    for (round, &move_ms) in ROUND_MS.iter().enumerate() {
        let setup = Setup { rule: game.rule(), size: game.board().size(), move_ms };
        let mut told = Instant::now();
        let mut listen = |line: &str| {
            if look.hear(line) && told.elapsed() >= TELL_EVERY && !cancel.load(Ordering::Relaxed) {
                told = Instant::now();
                tell(look.json(), false);
            }
        };
        let answer = if helper.nbest {
            brain.several(setup, &stones, CHOICES as u16, &detail, cancel, &mut listen)
        } else {
            brain.think(setup, &stones, &detail, None, cancel, &mut listen)
        };
        let point = match answer {
            Waited::Cancelled => return,
            Waited::Answer(Ok(point)) => legal(game, point),
            Waited::Answer(Err(failure)) => Err(failure),
        };
        let last = match point {
            Ok(point) => {
                look.answered(point);
                round + 1 == ROUND_MS.len() || look.proven()
            }
            Err(failure) => {
                eprintln!("pastimes: the study board's engine failed: {failure}");
                tell(look.fault(&failure), true);
                return;
            }
        };
        if !tell(look.json(), last) || last {
            break;
        }
    }
    brain.end();
}

/// `point` if the rules take it as the side to move's stone.
fn legal(game: &Gomoku, point: Point) -> Result<Point, Failure> {
    game.clone()
        .play(point.into())
        .map(|_| point)
        .map_err(|error| Failure { fault: Fault::Illegal, detail: format!("{} is illegal: {error}", point.notation()) })
}

/// The brain's latest look at a position, gathered from its talk and its answers.
struct Look {
    engine: String,
    game: Gomoku,
    black: bool,
    depth: u32,
    eval: Option<Eval>,
    line: Vec<Point>,
    best: Option<Point>,
    /// The other lines' first moves and values, second best first (`YXNBEST`'s lines 2 and 3).
    others: Vec<(u16, Point, Option<Eval>)>,
}

impl Look {
    fn new(helper: &Helper, game: &Gomoku) -> Look {
        let black = game.side_to_move() == Colour::Black;
        Look {
            engine: helper.name.clone(),
            game: game.clone(),
            black,
            depth: 0,
            eval: None,
            line: vec![],
            best: None,
            others: vec![],
        }
    }

    /// Takes what `line` says of the search; whether it said anything.
    fn hear(&mut self, line: &str) -> bool {
        match thinking::read(line) {
            Some(Heard::Thought { depth, eval, line }) => {
                self.depth = depth.unwrap_or(self.depth);
                self.eval = eval.or(self.eval);
                if !line.is_empty() {
                    self.line = self.legal_line(&line);
                    self.best = self.line.first().copied().or(self.best);
                }
                true
            }
            // A best move the rules refuse is not shown (the round's answer is checked).
            Some(Heard::Best(point)) if self.best != Some(point) && !self.legal_line(&[point]).is_empty() => {
                self.best = Some(point);
                if self.line.first() != Some(&point) {
                    self.line = vec![point];
                }
                true
            }
            Some(Heard::Best(_)) => false,
            Some(Heard::Other { rank, eval, line }) => self.hear_other(rank, eval, &line),
            None => false,
        }
    }

    /// Takes the `rank`-th best line (from 2) if its first move is legal and it is one of the
    /// [`CHOICES`]; whether it was taken.
    fn hear_other(&mut self, rank: u16, eval: Option<Eval>, line: &[Point]) -> bool {
        let Some(&first) = self.legal_line(line).first() else { return false };
        if usize::from(rank) > CHOICES {
            return false;
        }
        self.others.retain(|&(kept, ..)| kept != rank);
        self.others.push((rank, first, eval));
        self.others.sort_by_key(|&(rank, ..)| rank);
        true
    }

    /// The round's answer: the best move, the line kept where it starts with it.
    fn answered(&mut self, point: Point) {
        if self.line.first() != Some(&point) {
            self.line = vec![point];
        }
        self.best = Some(point);
    }

    fn proven(&self) -> bool {
        matches!(self.eval, Some(Eval::Wins | Eval::Loses))
    }

    /// The line replayed through the rules, cut at its first refused move.
    fn legal_line(&self, line: &[Point]) -> Vec<Point> {
        let mut game = self.game.clone();
        line.iter().copied().take_while(|&p| !game.status().is_over() && game.play(p.into()).is_ok()).collect()
    }

    /// The value from black's side on the built-in engine's scale (a win by force is its win).
    fn score(&self) -> i32 {
        self.for_black(self.eval)
    }

    /// `eval`, the side to move's, from black's side on the built-in engine's scale.
    fn for_black(&self, eval: Option<Eval>) -> i32 {
        let own = match eval {
            Some(Eval::Wins) => WIN_SCORE,
            Some(Eval::Loses) => -WIN_SCORE,
            Some(Eval::Score(value)) => value,
            None => 0,
        };
        if self.black {
            own
        } else {
            -own
        }
    }

    /// The look as the study board's page reads it: the built-in engine's fields.
    fn json(&self) -> Value {
        let mut choices: Vec<Value> = self.best.iter().map(|p| json!({"point": p, "score": self.score()})).collect();
        // The other lines after the best, each move once (a line may start with the best move
        // while the search has not settled).
        let mut listed: Vec<Point> = self.best.into_iter().collect();
        for &(_, point, eval) in &self.others {
            if self.best.is_some() && !listed.contains(&point) {
                listed.push(point);
                choices.push(json!({"point": point, "score": self.for_black(eval)}));
            }
        }
        json!({
            "score": self.score(),
            "forcedWin": null,
            "line": self.line,
            "choices": choices,
            "depth": self.depth,
            "nodes": 0,
            "engine": self.engine,
        })
    }

    fn fault(&self, failure: &Failure) -> Value {
        json!({"fault": failure.fault, "engine": self.engine, "detail": failure.detail})
    }
}

/// The helper the setting names, if it is still in `engines`.
pub fn chosen(setting: Option<&Value>, engines: &[crate::prefs::engines::EngineEntry]) -> Option<Helper> {
    let id = setting?.as_str().filter(|id| !id.is_empty())?;
    let entry = engines.iter().find(|entry| entry.id == id)?;
    let name = format!("{} {}", entry.name, entry.version).trim().to_string();
    Some(Helper { program: entry.path.clone(), name, nbest: entry.nbest })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pastimes_games::gomoku::Rule;

    fn look_after(stones: &[Point]) -> Look {
        let empty = Position::new(Rule::Freestyle, pastimes_games::gomoku::BoardSize::Fifteen).unwrap();
        let game = empty.with_stones(stones).unwrap().game().clone();
        Look::new(&Helper { program: PathBuf::from("pbrain-x"), name: "X 1".into(), nbest: true }, &game)
    }

    #[test]
    fn a_look_is_black_s_view_and_its_line_stops_at_a_refused_move() {
        let centre = Point { x: 7, y: 7 };
        let mut look = look_after(&[centre]);
        // White to move: its +200 is black's -200; the line's taken point cuts it short.
        assert!(look.hear("MESSAGE depth 6-9 ev 200 pv 8,8 7,7 9,9"));
        assert_eq!((look.score(), look.depth, look.line.clone()), (-200, 6, vec![Point { x: 8, y: 8 }]));
        assert!(!look.hear("MESSAGE REALTIME BEST 7,7"), "a taken point is no best move");
        assert!(look.hear("MESSAGE Depth 7-9 | Eval +M5 | Time 1s | i8"));
        assert_eq!(look.score(), -WIN_SCORE, "white wins by force");
        assert!(look.proven());
        assert_eq!(look.json()["choices"][0]["point"], json!({"x": 8, "y": 7}));
        assert!(!look.hear("MESSAGE hello"));
    }

    #[test]
    fn the_other_lines_are_the_second_and_third_choices_in_black_s_view() {
        let mut look = look_after(&[Point { x: 7, y: 7 }]);
        assert!(look.hear("MESSAGE (1) 50 | 8-9 | 8,8 6,6"));
        assert!(look.hear("MESSAGE (3) -20 | 8-8 | 6,8"));
        assert!(look.hear("MESSAGE depth 8-8 multipv 2 ev 10 pv 6,6 8,8"));
        assert!(!look.hear("MESSAGE (2) 10 | 8-8 | 7,7"), "a taken point is no choice");
        assert!(!look.hear("MESSAGE (4) 0 | 8-8 | 9,9"), "three choices at most");
        let choices = look.json()["choices"].clone();
        // White to move: each value is black's, the opposite of white's.
        assert_eq!(
            choices,
            json!([
                {"point": {"x": 8, "y": 8}, "score": -50},
                {"point": {"x": 6, "y": 6}, "score": -10},
                {"point": {"x": 6, "y": 8}, "score": 20},
            ])
        );
    }
}
