//! Refereed games: master against hard through the games crate's public API, the computer
//! making every decision of both players (the opening's too), node-limited and seeded so that a
//! game is the same on any machine, each action checked against the [`super::Referee`] and its
//! written record read back.

use super::compare::{self, Checked};
use super::Referee;
use pastimes_games::gomoku::{
    computer_action, Action, Colour, Gomoku, Level, Opening, Opponent, Params, Role, Rule, SearchLimits,
};
use pastimes_games::Game;
use std::sync::atomic::AtomicBool;

/// More actions than any game has (225 stones, the opening's decisions and offers).
pub const WHOLE_GAME: usize = 300;

/// How one refereed game went.
#[derive(Debug, Clone)]
pub struct Refereed {
    pub master: Role,
    /// The winner's part, or `None` for a draw.
    pub winner: Option<Role>,
    /// The colour master played once the opening settled it.
    pub master_colour: Option<Colour>,
    pub checked: Checked,
    pub actions: Vec<Action>,
    /// Rows of five or more made that did not win under the rule (the referee's count).
    pub rows_not_winning: usize,
}

impl Refereed {
    /// Master's score: 1 a win, 0.5 a draw.
    pub fn master_score(&self) -> f64 {
        self.winner.map_or(0.5, |winner| if winner == self.master { 1.0 } else { 0.0 })
    }
}

/// Game `g` under `rule` and `opening`: master is the first player in even games, hard gets
/// `hard_nodes` main-search nodes a decision and master 10/3 as many (the ratio of their
/// times in the app, as in the ladder); `start` are actions played first (the standard
/// opening's balanced openings, or an opening's first decisions), checked like the rest. The game stops after `most_actions`
/// ([`WHOLE_GAME`] plays it to its end).
pub fn play(
    rule: Rule,
    opening: Opening,
    g: usize,
    hard_nodes: u64,
    start: &[Action],
    most_actions: usize,
) -> Refereed {
    let master = if g.is_multiple_of(2) { Role::First } else { Role::Second };
    let params = Params { rule, opening, opponent: Opponent::Human, ..Params::default() };
    let mut game = Gomoku::new(&params, g as u64).expect("the opening fits the rule");
    let mut referee = Referee::new(rule, opening, game.board().size().side());
    let mut checked = Checked::default();
    let mut actions = Vec::new();
    let cancel = AtomicBool::new(false);
    let mut next = start.iter().copied();
    while !game.status().is_over() && actions.len() < most_actions {
        let action = next.next().or_else(|| {
            let role = game.decider()?;
            let (level, nodes) =
                if role == master { (Level::Master, hard_nodes * 10 / 3) } else { (Level::Hard, hard_nodes) };
            computer_action(&game, level, &SearchLimits::nodes(nodes), &cancel)
        });
        let Some(action) = action else {
            checked.illegal.push(format!("no action from the computer in {:?}", game.phase()));
            break;
        };
        if game.read(game.write(&action).expect("an action is written")) != Some(action) {
            checked.disagreements.push(format!("{action:?} does not read back from its record"));
        }
        actions.push(action);
        if !compare::play(&mut game, &mut referee, &action, &mut checked) {
            break;
        }
    }
    // Over, both refuse everything.
    checked.disagreements.extend(compare::before(&game, &referee));
    let winner = game.winner().and_then(|colour| game.role_of(colour));
    let rows_not_winning = referee.rows_not_winning;
    Refereed { master, winner, master_colour: game.colour_of(master), checked, actions, rows_not_winning }
}
