//! Issue #59's check of the rules and the opening rules: master against hard under a rule and an
//! opening rule, the computer making every decision of both players (master the first player
//! in even games, the second in odd ones), node-limited and seeded (the same games on any
//! machine and thread count), every action checked against the independent referee
//! (`pastimes_lab::referee`, written from the rules' texts): who acts, every action open at
//! each step (each point as a stone, each choice, each declaration), the board, the colours,
//! the winner and the end. Under the standard opening the games start from the ladder's
//! balanced openings (`positions/gomoku-openings.rs`, each with master first and second).
//!
//! ```sh
//! cargo run --release -p pastimes-lab --example gomoku_referee -- RULE OPENING GAMES [HARD_NODES]
//! LADDER_THREADS=1 nice -n 10 cargo run --release -p pastimes-lab --example gomoku_referee -- renju soosorv8 100 4000
//! ```
//!
//! RULE is `freestyle`, `exactFive`, `renju` or `caro`; OPENING `standard`, `swap2`, `swap1`,
//! `soosorv8` or `taraguchi10`; HARD_NODES hard's main-search nodes a decision (master 10/3 as
//! many; default 10,000). `LADDER_THREADS=N` plays N games at once (default one a processor),
//! `LADDER_LOG=1` prints each game's actions, `REFEREE_START="H8 I9 J10 white G7"` plays these
//! stones and choices first in every game (a position that is its own mirror, to put the rule
//! on symmetrical offers to the test). It prints each game and then the games, master's
//! score (W-D-L), the colours master played, the illegal actions and the disagreements (both
//! must be 0), the steps compared, the rows of five or more made that did not win under the
//! rule (Caro's fives blocked at both ends, exactly five's overlines), and the probes both
//! refused by the referee's reason (what of the rules the games put to the test: points
//! forbidden to black, outside an area, symmetrical to an offer...).

use pastimes_games::gomoku::{Action, BoardSize, Choice, Colour, Opening, Point, Role, Rule};
use pastimes_lab::referee::refereed::{self, Refereed};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The ladder's hundred balanced openings (four stones near the centre, black to move).
const OPENINGS: [&str; 100] = include!("positions/gomoku-openings.rs");

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rule = args.first().and_then(|name| Rule::ALL.into_iter().find(|r| r.as_str() == name)).expect("a rule");
    let opening =
        args.get(1).and_then(|name| Opening::ALL.into_iter().find(|o| o.as_str() == name)).expect("an opening");
    let games: usize = args.get(2).map_or(100, |n| n.parse().expect("games"));
    let hard_nodes: u64 = args.get(3).map_or(10_000, |n| n.parse().expect("nodes"));
    let threads = std::env::var("LADDER_THREADS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Refereed>>> = Mutex::new(vec![None; games]);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let start = match std::env::var("REFEREE_START") {
                    Ok(words) => actions_of(&words),
                    Err(_) if opening == Opening::Standard => actions_of(OPENINGS[g / 2 % OPENINGS.len()]),
                    Err(_) => Vec::new(),
                };
                let played = refereed::play(rule, opening, g, hard_nodes, &start, refereed::WHOLE_GAME);
                report_game(g, &played);
                results.lock().unwrap()[g] = Some(played);
            });
        }
    });
    let results: Vec<Refereed> = results.into_inner().unwrap().into_iter().flatten().collect();
    summary(rule, opening, hard_nodes, &results, started.elapsed().as_secs());
}

/// Stones in notation and colours taken (`white`, `black`, `placeTwo`), space-separated.
fn actions_of(words: &str) -> Vec<Action> {
    let action = |word: &str| match Choice::ALL.into_iter().find(|c| c.as_str() == word) {
        Some(choose) => Action::Choose { choose },
        None => Action::Stone(Point::parse_notation(word).expect("a point or a choice").into()),
    };
    words.split_whitespace().map(action).collect()
}

fn report_game(g: usize, played: &Refereed) {
    let checked = &played.checked;
    println!(
        "game {g}: master {:?} ({:?}), winner {:?}, {} actions, {} steps compared, {} illegal, {} disagreements",
        played.master,
        played.master_colour,
        played.winner,
        played.actions.len(),
        checked.steps,
        checked.illegal.len(),
        checked.disagreements.len()
    );
    for line in checked.illegal.iter().chain(&checked.disagreements) {
        println!("  game {g}: {line}");
    }
    if std::env::var_os("LADDER_LOG").is_some() {
        println!("  game {g}: {}", actions_text(&played.actions));
    }
}

fn actions_text(actions: &[Action]) -> String {
    let word = |a: &Action| match *a {
        Action::Stone(mv) => BoardSize::Fifteen.point(mv.x, mv.y).map_or(format!("{mv:?}"), |p| p.notation()),
        Action::Choose { choose } => format!("take-{}", choose.as_str()),
        Action::Offers { offers } => format!("offers-{offers}"),
        other => format!("{other:?}"),
    };
    actions.iter().map(word).collect::<Vec<_>>().join(" ")
}

fn summary(rule: Rule, opening: Opening, hard_nodes: u64, results: &[Refereed], seconds: u64) {
    let count = |won: Option<bool>| results.iter().filter(|p| p.winner.map(|w| w == p.master) == won).count();
    let (wins, losses, draws) = (count(Some(true)), count(Some(false)), count(None));
    let score: f64 = results.iter().map(Refereed::master_score).sum();
    let black = results.iter().filter(|p| p.master_colour == Some(Colour::Black)).count();
    let first = results.iter().filter(|p| p.master == Role::First).count();
    let illegal: usize = results.iter().map(|p| p.checked.illegal.len()).sum();
    let disagreements: usize = results.iter().map(|p| p.checked.disagreements.len()).sum();
    let steps: usize = results.iter().map(|p| p.checked.steps).sum();
    let not_winning: usize = results.iter().map(|p| p.rows_not_winning).sum();
    let games_not_winning = results.iter().filter(|p| p.rows_not_winning > 0).count();
    let mut refused = std::collections::BTreeMap::new();
    for (why, n) in results.iter().flat_map(|p| &p.checked.refused) {
        *refused.entry(*why).or_insert(0) += n;
    }
    println!(
        "{} {}: {} games, master against hard ({hard_nodes} / {} nodes): master {wins}-{draws}-{losses}, {:.1} %; \
         master first player {first}, black {black}; {illegal} illegal actions, {disagreements} disagreements \
         with the referee over {steps} steps; {not_winning} rows of five or more that did not win (in \
         {games_not_winning} games); probes both refused: {refused:?}; {seconds} s",
        rule.as_str(),
        opening.as_str(),
        results.len(),
        hard_nodes * 10 / 3,
        100.0 * score / results.len().max(1) as f64,
    );
}
