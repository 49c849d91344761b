//! The game and the referee side by side: before every action, whether they agree on who acts
//! and on every action open then; after it, on the board, the colours, the winner and the end.

use super::Referee;
use pastimes_games::gomoku::{Action, Gomoku, Role};
use pastimes_games::Game;
use std::collections::BTreeMap;

/// A difference between the game and the referee, said in words (the first of a step's).
pub type Disagreement = String;

/// Before an action: who acts, and each probe accepted by one and refused by the other.
pub fn before(game: &Gomoku, referee: &Referee) -> Option<Disagreement> {
    before_counting(game, referee, &mut BTreeMap::new())
}

/// [`before`], counting in `refused` the referee's reasons for the probes both refused (what
/// of the rules the step put to the test).
pub fn before_counting(
    game: &Gomoku,
    referee: &Referee,
    refused: &mut BTreeMap<&'static str, usize>,
) -> Option<Disagreement> {
    let by = referee.step().map(|step| step.by);
    if game.decider() != by {
        return Some(format!("the game waits for {:?}, the referee for {by:?}", game.decider()));
    }
    referee.probes().into_iter().find_map(|probe| {
        let game_takes = game.clone().apply(&probe).is_ok();
        let referee_refuses = referee.refuses(&probe);
        if let (false, Some(why)) = (game_takes, referee_refuses) {
            *refused.entry(why).or_default() += 1;
        }
        (game_takes != referee_refuses.is_none())
            .then(|| format!("{probe:?}: the game takes it {game_takes}, the referee refuses it {referee_refuses:?}"))
    })
}

/// After an action: the stones, the players' colours, the winner and the end.
pub fn after(game: &Gomoku, referee: &Referee) -> Option<Disagreement> {
    for p in game.board().points() {
        let (x, y) = (i64::from(p.x), i64::from(p.y));
        if game.board().get(p) != referee.grid.get(x, y) {
            return Some(format!(
                "{}: the game has {:?}, the referee {:?}",
                game.board().size().name(p),
                game.board().get(p),
                referee.grid.get(x, y)
            ));
        }
    }
    if game.colour_of(Role::First) != referee.opening.first {
        return Some(format!(
            "the first player's colour: the game {:?}, the referee {:?}",
            game.colour_of(Role::First),
            referee.opening.first
        ));
    }
    let over = game.status().is_over();
    if over != referee.outcome.is_some() || game.winner() != referee.outcome.flatten() {
        return Some(format!(
            "the end: the game over {over} won by {:?}, the referee {:?}",
            game.winner(),
            referee.outcome
        ));
    }
    None
}

/// What a checked game came to.
#[derive(Debug, Default, Clone)]
pub struct Checked {
    /// Actions the players chose that the game or the referee refused (the game stops there).
    pub illegal: Vec<String>,
    pub disagreements: Vec<Disagreement>,
    /// Steps compared (each with every probe).
    pub steps: usize,
    /// The probes both refused, by the referee's reason.
    pub refused: BTreeMap<&'static str, usize>,
}

/// Plays `action` into both after comparing them; `false` when the game refused it.
pub fn play(game: &mut Gomoku, referee: &mut Referee, action: &Action, checked: &mut Checked) -> bool {
    checked.steps += 1;
    checked.disagreements.extend(before_counting(game, referee, &mut checked.refused));
    let referee_refuses = referee.refuses(action);
    if let Err(error) = game.apply(action) {
        checked.illegal.push(format!("{action:?}: the game refused it ({error:?}), the referee {referee_refuses:?}"));
        return false;
    }
    match referee_refuses {
        Some(why) => {
            checked.illegal.push(format!("{action:?}: the referee refused it ({why})"));
            return false;
        }
        None => referee.apply(action),
    }
    checked.disagreements.extend(after(game, referee));
    true
}
