//! An external engine's turn in a game of Gomoku: the position told to the brain (`BEGIN`,
//! `BOARD`, or `SWAP2BOARD` in the Swap2 opening), its answer turned into the game's actions
//! and checked against the rules on a copy, and any fault turned into the engine's forfeit. In a
//! demo of two engines each part's engine has its turns ([`Turn::part`]).

use super::brain::{Brain, Clock, Setup, Swap2Answer, Waited};
use pastimes_games::gomoku::{Action, Choice, EngineSeat, Fault, Gomoku, Phase, Point, Role};
use pastimes_games::time_control::TurnTime;
use pastimes_games::{AnyGame, ComputerMove, Game};
use std::sync::atomic::AtomicBool;

/// The engine's turn: which engine (its id in the player's list), for which part, and the game
/// as it stands.
pub struct Turn {
    pub engine_id: String,
    /// The part the engine plays, 0 the first and 1 the second (a game keeps a brain per part:
    /// a demo may have two).
    pub part: usize,
    seat: EngineSeat,
    game: Gomoku,
    /// The game's clock, when it has one: the brain is told its time.
    clock: Option<Clock>,
}

/// The engine's turn in `game`, when `game` is a Gomoku against an external engine whose turn
/// it is; `time`, its time on the game's clock.
pub fn turn_of(game: &dyn AnyGame, time: Option<TurnTime>) -> Option<Turn> {
    let gomoku = game.as_any().downcast_ref::<Gomoku>()?;
    // No part decides once the game is over.
    let role = gomoku.decider()?;
    let seat = gomoku.engine_of(role)?;
    Some(Turn {
        engine_id: seat.id.clone(),
        part: usize::from(role == Role::Second),
        seat: seat.clone(),
        game: gomoku.clone(),
        clock: time.map(|time| Clock { control: gomoku.params().time_control, left_ms: time.left_ms }),
    })
}

/// Whether an external engine plays a part of `game` (finished or not).
pub fn against_an_engine(game: &dyn AnyGame) -> bool {
    game.as_any().downcast_ref::<Gomoku>().is_some_and(|gomoku| gomoku.params().plays_an_engine())
}

/// Where a game stands, to match an action kept from an earlier answer with its position.
type Mark = (usize, Phase);

fn mark(game: &Gomoku) -> Mark {
    (game.board().stone_count(), game.phase())
}

/// The engine's next action as the computer's move (see [`next_action`]).
pub fn decide(brain: &mut Brain, turn: &Turn, cancel: &AtomicBool) -> Option<ComputerMove> {
    next_action(brain, turn, cancel).map(ComputerMove::new)
}

/// The forfeit of an engine that cannot be run (no longer listed, or its thread not started).
pub fn cannot_run() -> ComputerMove {
    ComputerMove::new(Action::Forfeit { forfeit: Fault::Crash })
}

/// The engine's next action: a stone, a Swap2 decision, or its forfeit; `None` when `cancel`
/// was set. Actions kept from an earlier answer ([`Brain::ahead`]) are played first, unless the
/// game went elsewhere meanwhile (an undo).
pub fn next_action(brain: &mut Brain, turn: &Turn, cancel: &AtomicBool) -> Option<Action> {
    let game = &turn.game;
    if let Some(index) = brain.ahead.iter().position(|(at, _)| *at == mark(game)) {
        let (_, action) = brain.ahead.remove(index);
        return Some(action);
    }
    brain.ahead.clear();
    let seat = &turn.seat;
    let setup = Setup { rule: game.rule(), size: game.board().size(), move_ms: seat.move_ms };
    let answered = match game.phase() {
        Phase::Done => stone(brain, game, setup, turn.clock, cancel),
        _ => opening(brain, game, setup, turn.clock, cancel),
    };
    let actions = match answered {
        Waited::Cancelled => return None,
        Waited::Answer(Err(failure)) => {
            eprintln!("pastimes: the engine {:?} loses: {failure}", seat.name);
            return Some(Action::Forfeit { forfeit: failure.fault });
        }
        Waited::Answer(Ok(actions)) => actions,
    };
    Some(checked(game, actions, &mut brain.ahead))
}

/// The actions played in turn on a copy: the first, the others kept; an illegal one is the
/// engine's forfeit.
fn checked(game: &Gomoku, actions: Vec<Action>, kept: &mut Vec<(Mark, Action)>) -> Action {
    let mut after = game.clone();
    for (n, action) in actions.iter().enumerate() {
        let at = mark(&after);
        if let Err(error) = after.apply(action) {
            eprintln!("pastimes: the engine's move {action:?} is illegal: {error}");
            kept.clear();
            return Action::Forfeit { forfeit: Fault::Illegal };
        }
        if n > 0 {
            kept.push((at, *action));
        }
    }
    actions.first().copied().unwrap_or(Action::Forfeit { forfeit: Fault::Garbage })
}

/// A stone after the opening: the position as `BOARD` (`BEGIN` on an empty board).
fn stone(
    brain: &mut Brain,
    game: &Gomoku,
    setup: Setup,
    clock: Option<Clock>,
    cancel: &AtomicBool,
) -> Waited<Vec<Action>> {
    match brain.turn_on(setup, &super::board_stones(game), clock, cancel) {
        Waited::Answer(answer) => Waited::Answer(answer.map(|p| vec![Action::Stone(p.into())])),
        Waited::Cancelled => Waited::Cancelled,
    }
}

/// A decision of the Swap2 opening through `SWAP2BOARD`: the stones so far, answered by the
/// first three stones, by `SWAP` (the decider takes black), by one stone (it takes white and
/// plays it) or, at three stones, by two (it places two more).
fn opening(
    brain: &mut Brain,
    game: &Gomoku,
    setup: Setup,
    clock: Option<Clock>,
    cancel: &AtomicBool,
) -> Waited<Vec<Action>> {
    let answer = match brain.swap2(setup, game.moves(), clock, cancel) {
        Waited::Answer(Ok(answer)) => answer,
        Waited::Answer(Err(failure)) => return Waited::Answer(Err(failure)),
        Waited::Cancelled => return Waited::Cancelled,
    };
    let stones = |points: &[Point]| points.iter().map(|&p| Action::Stone(p.into())).collect::<Vec<_>>();
    let choose = |choose: Choice| Action::Choose { choose };
    let actions = match (game.phase(), answer) {
        (Phase::PlaceThree, Swap2Answer::Stones(points)) if points.len() == 3 => stones(&points),
        (Phase::ChooseSide | Phase::ChooseColour, Swap2Answer::Swap) => vec![choose(Choice::Black)],
        (Phase::ChooseSide | Phase::ChooseColour, Swap2Answer::Stones(points)) if points.len() == 1 => {
            [vec![choose(Choice::White)], stones(&points)].concat()
        }
        (Phase::ChooseSide, Swap2Answer::Stones(points)) if points.len() == 2 => {
            [vec![choose(Choice::PlaceTwo)], stones(&points)].concat()
        }
        (Phase::PlaceTwo, Swap2Answer::Stones(points)) if points.len() == 2 => stones(&points),
        (_, answer) => {
            let failure = super::brain::Failure {
                fault: Fault::Garbage,
                detail: format!("{answer:?} does not answer the opening at {} stones", game.moves().len()),
            };
            return Waited::Answer(Err(failure));
        }
    };
    Waited::Answer(Ok(actions))
}
