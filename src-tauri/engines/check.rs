//! The checks an engine passes before it is listed: it starts in its folder, says who it is
//! (`ABOUT`), answers `START 15`, and plays a first move (`BEGIN`) in time under each rule it
//! is then offered for; whether it plays on the 20x20 board (`START 20`, a first move); whether it answers Swap2's `SWAP2BOARD`; and whether it answers Yixin's
//! `YXNBEST` with several best lines ([`several_best`]).

use super::brain::{Brain, Failure, Setup, Swap2Answer, Waited};
use super::protocol::About;
use super::thinking::{self, Heard};
use pastimes_games::gomoku::{BoardSize, Fault, Point, Rule};
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
    /// The boards it played a first move on under freestyle (15x15 always).
    pub sizes: Vec<BoardSize>,
    pub swap2: bool,
    /// Whether it gives its several best lines when asked by `YXNBEST` ([`several_best`]).
    pub nbest: bool,
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
    let sizes = BoardSize::ALL.into_iter().filter(|&size| plays_on(&mut brain, size, &cancel)).collect();
    let setup = Setup { rule: Rule::Freestyle, size: BoardSize::Fifteen, move_ms: CHECK_MOVE_MS };
    let swap2 = matches!(brain.swap2(setup, &[], None, &cancel), Waited::Answer(Ok(Swap2Answer::Stones(points))) if points.len() == 3);
    let nbest = several_best(&mut brain, &cancel);
    brain.end();
    if about.name.is_empty() {
        return Err(Failure { fault: Fault::Garbage, detail: "its ABOUT gives no name".into() });
    }
    Ok(Checked { about, rules, sizes, swap2, nbest })
}

/// Whether the brain plays a first move under freestyle on a board of `size` (15x15 it did
/// already: freestyle's check); a brain that refuses `START 20` (or fails it) is started afresh.
fn plays_on(brain: &mut Brain, size: BoardSize, cancel: &AtomicBool) -> bool {
    if size == BoardSize::Fifteen {
        return true;
    }
    let setup = Setup { rule: Rule::Freestyle, size, move_ms: CHECK_MOVE_MS };
    let played = matches!(brain.turn(setup, &[], cancel), Waited::Answer(Ok(_)));
    brain.stop();
    played
}

/// Whether the brain answers Yixin's `YXNBEST` as Rapfi does: told `YXSHOWINFO` (which turns
/// Rapfi's brief messages into its normal ones), a position of one black stone as `YXBOARD`
/// and `YXNBEST 2`, it writes a second best line ([`Heard::Other`]) and answers a free point
/// in time. A plain Gomocup brain answers `UNKNOWN` (or garbage, or nothing) to a command it
/// does not know, and any answer but that is a no. The brain is started afresh before and
/// after, so nothing it says to the request is read as a later answer.
pub fn several_best(brain: &mut Brain, cancel: &AtomicBool) -> bool {
    brain.stop();
    let setup = Setup { rule: Rule::Freestyle, size: BoardSize::Fifteen, move_ms: CHECK_MOVE_MS };
    let centre = Point { x: 7, y: 7 };
    let mut second = false;
    let mut listen = |line: &str| second |= matches!(thinking::read(line), Some(Heard::Other { rank: 2, .. }));
    let answer = brain.several(setup, &[(centre, false)], 2, &[SHOW_INFO.into()], cancel, &mut listen);
    brain.stop();
    matches!(answer, Waited::Answer(Ok(point)) if point != centre) && second
}

/// Yixin Board's word that a manager shows the brain's messages (see [`super::thinking`]).
pub const SHOW_INFO: &str = "YXSHOWINFO";
