//! The checks an engine passes before it is listed: it starts in its folder, says who it is
//! (`ABOUT`), answers `START 15`, and plays a first move (`BEGIN`) in time under each rule it
//! is then offered for; and whether it answers Swap2's `SWAP2BOARD`.

use super::brain::{Brain, Failure, Setup, Swap2Answer, Waited};
use super::protocol::About;
use pastimes_games::gomoku::{BoardSize, Fault, Rule};
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// The time a move the checks give: a second, as a fast tournament game.
pub const CHECK_MOVE_MS: u64 = 1000;

/// What the checks found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub about: About,
    /// The rules it played a first move under (freestyle always: without it, no engine).
    pub rules: Vec<Rule>,
    pub swap2: bool,
}

/// Runs the checks on `program`, on this thread (the caller's command thread, never the page's);
/// the process is killed at the end whatever happened.
pub fn check(program: &Path) -> Result<Checked, Failure> {
    let cancel = AtomicBool::new(false);
    let mut brain = Brain::new(program.to_path_buf());
    let about = brain.about()?;
    let mut rules = Vec::new();
    for rule in Rule::ALL {
        let setup = Setup { rule, size: BoardSize::Fifteen, move_ms: CHECK_MOVE_MS };
        match brain.turn(setup, &[], &cancel) {
            Waited::Answer(Ok(_)) => rules.push(rule),
            // Freestyle is every brain's: a brain that cannot play it is no engine here.
            Waited::Answer(Err(failure)) if rule == Rule::Freestyle => return Err(failure),
            // A rule it refuses (or fails at) is left out; the next starts afresh.
            _ => brain.stop(),
        }
        brain.stop();
    }
    let setup = Setup { rule: Rule::Freestyle, size: BoardSize::Fifteen, move_ms: CHECK_MOVE_MS };
    let swap2 = matches!(brain.swap2(setup, &[], None, &cancel), Waited::Answer(Ok(Swap2Answer::Stones(points))) if points.len() == 3);
    brain.end();
    if about.name.is_empty() {
        return Err(Failure { fault: Fault::Garbage, detail: "its ABOUT gives no name".into() });
    }
    Ok(Checked { about, rules, swap2 })
}
