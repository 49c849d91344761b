//! The computer's decisions that need more of the rules than the engine ([`super::ai`]) knows:
//! it never places black on a forbidden point under Renju, and it makes either player's
//! decisions of the Swap2 opening, judged by the engine's own search.
//!
//! The engine's move is checked here against Renju's forbidden points (its scan leaves them out,
//! but not every path to a move goes through it): when it picks a forbidden point, the allowed
//! points near the stones are judged one by one by a short search from the opponent's side, and
//! the best is played. To leave room for that within the budget, the engine's own search gets
//! seven eighths of the time when black has forbidden points (it rarely needs the rest).
//!
//! In the opening, whoever places stones wants the position even (the other player then picks
//! the better side), so each opening stone is the candidate after which the engine's score is
//! nearest zero (within the rule's area); whoever may take a colour (Swap1, a swap of the RIF's
//! rules, Swap2's last choice) takes the side the engine prefers; Swap2's second player takes a
//! side when the engine sees it ahead by more than [`CLEAR_LEAD`], and otherwise places two more.
//!
//! The fifth moves of Soosõrv-8 and Taraguchi-10: the holder of white declares one offer and one
//! more for every [`OFFER_STEP`] black is ahead (at most the rule's eight), since black then has
//! to find that many good fifth moves and white keeps the best for white; under Taraguchi-10
//! the holder of black offers ten when the engine sees black ahead by more than
//! [`CLEAR_LEAD`] (ten good fifth moves exist, and no swap follows), and otherwise places one
//! even fifth move; the offers are, of a few candidates each, the one best for black; white
//! chooses the offer the engine scores best for white.

use super::ai::{move_seed, search_level, search_remembering, Decision, Memory, SearchLimits, SearchResult};
use super::board::Point;
use super::opening::{Choice, Opening, Phase};
use super::params::Level;
use super::{Action, Gomoku, Move};
use crate::game::Game;
use crate::rng::seeded;
use rand::seq::SliceRandom;
use std::sync::atomic::{AtomicBool, Ordering};

/// A lead, in the engine's score units, that the second player of Swap2 takes a side for
/// rather than place two more stones: about an open three's worth (see the engine's threat
/// values).
pub const CLEAR_LEAD: i32 = 300;
/// Black's lead, in the engine's score units, worth one more fifth move declared under
/// Soosõrv-8: half an open three.
pub const OFFER_STEP: i32 = 150;
/// Opening stones judged per decision.
const OPENING_CANDIDATES: usize = 6;
/// Allowed points judged when the engine's choice was forbidden.
const FALLBACK_CANDIDATES: usize = 12;

/// The computer's next action at `level` within `limits` (the whole decision's budget): a
/// stone, or a choice of the Swap2 opening. `None` when the game is over, the computer has
/// nothing to do, or `cancel` was set.
pub fn computer_action(game: &Gomoku, level: Level, limits: &SearchLimits, cancel: &AtomicBool) -> Option<Action> {
    if game.status().is_over() {
        return None;
    }
    let action = match game.phase() {
        Phase::Done => legal_stone(game, level, limits, move_seed(game), cancel).map(Action::Stone),
        Phase::PlaceThree | Phase::PlaceTwo | Phase::PlaceStone => {
            Some(Action::Stone(opening_stone(game, level, limits, cancel)))
        }
        Phase::ChooseSide | Phase::ChooseColour | Phase::Swap => {
            Some(Action::Choose { choose: opening_choice(game, level, limits, cancel) })
        }
        Phase::DeclareOffers => Some(Action::Offers { offers: offers_to_declare(game, level, limits, cancel) }),
        Phase::FifthOrOffers => Some(fifth_or_offers(game, level, limits, cancel)),
        Phase::Offer => best_offer(game, level, limits, cancel).map(Action::Stone),
        Phase::PickOffer => pick_offer(game, level, limits, cancel).map(Action::Stone),
    };
    (!cancel.load(Ordering::Relaxed)).then_some(action).flatten()
}

/// The engine's stone for the side to move, never one of black's forbidden points: the engine's
/// search, and if its move is forbidden the best allowed point near the stones. For the app,
/// the Gomocup brain and tests alike; `None` only when the game is over or nothing is allowed.
pub fn legal_stone(game: &Gomoku, level: Level, limits: &SearchLimits, seed: u64, cancel: &AtomicBool) -> Option<Move> {
    legal_stone_remembering(game, level, limits, seed, cancel, None).map(|chosen| chosen.stone)
}

/// The stone the engine chose and what its search said of it, as a brain reports them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chosen {
    pub stone: Move,
    /// Why (a point Renju forbade and was replaced counts as searched).
    pub decision: Decision,
    /// For the mover: from [`WIN_SCORE`](super::ai::WIN_SCORE) up a proven win; 0 for a
    /// replaced point.
    pub score: i32,
    /// The main search's depth in moves, and its expected line from the stone on (the stone
    /// alone for a replaced point).
    pub depth: u8,
    pub line: Vec<Move>,
}

/// [`legal_stone`] for a caller that plays a whole game and keeps the engine's [`Memory`] of it
/// from move to move (the Gomocup brain), with what the search said of the stone.
pub fn legal_stone_remembering(
    game: &Gomoku,
    level: Level,
    limits: &SearchLimits,
    seed: u64,
    cancel: &AtomicBool,
    memory: Option<&mut Memory>,
) -> Option<Chosen> {
    let chosen = |found: SearchResult, stone: Move| Chosen {
        stone,
        decision: found.decision,
        score: found.score,
        depth: found.depth,
        line: found.pv,
    };
    let forbidden = game.forbidden_points();
    if forbidden.is_empty() {
        let found = search_remembering(game, level, limits, seed, cancel, memory);
        return found.best.map(|mv| chosen(found, mv));
    }
    let started = limits.clock.now();
    // Seven eighths of the time, all the nodes (a node limit leaves no time to keep back).
    let main = SearchLimits { nodes: limits.nodes, ..limits.part(7, 8) };
    let found = search_remembering(game, level, &main, seed, cancel, memory);
    let best = found.best?;
    if game.board().point(best.x, best.y).is_some_and(|p| !forbidden.contains(&p)) {
        return Some(chosen(found, best));
    }
    let left = limits.less(limits.clock.now().saturating_sub(started));
    best_allowed(game, &forbidden, level, &left, seed, cancel).map(|stone| Chosen {
        stone,
        decision: Decision::Search,
        score: 0,
        depth: 0,
        line: vec![stone],
    })
}

/// The allowed point near the stones after which the opponent's search scores lowest.
fn best_allowed(
    game: &Gomoku,
    forbidden: &[Point],
    level: Level,
    limits: &SearchLimits,
    seed: u64,
    cancel: &AtomicBool,
) -> Option<Move> {
    let mut candidates: Vec<Point> = near_stones(game, 2).into_iter().filter(|p| !forbidden.contains(p)).collect();
    if candidates.is_empty() {
        candidates =
            game.board().points().filter(|&p| game.board().get(p).is_none() && !forbidden.contains(&p)).collect();
    }
    // Crowded points first: that is where the fight is.
    candidates.sort_by_key(|&p| std::cmp::Reverse(neighbours(game, p)));
    candidates.truncate(FALLBACK_CANDIDATES);
    let each = share(limits, candidates.len());
    let mut best: Option<(i32, Point)> = None;
    for p in candidates {
        let mut after = game.clone();
        if after.play(p.into()).is_err() {
            continue;
        }
        if after.winner().is_some() {
            return Some(p.into());
        }
        let theirs = search_level(&after, judging(level), &each, seed, cancel).score;
        if best.is_none_or(|(score, _)| theirs < score) {
            best = Some((theirs, p));
        }
        if cancel.load(Ordering::Relaxed) {
            break;
        }
    }
    best.map(|(_, p)| p.into())
}

/// A stone of the opening for its decider: the centre first, then of a few seeded candidates
/// near the stones (and within the rule's area) the one after which the engine's score is
/// nearest even.
fn opening_stone(game: &Gomoku, level: Level, limits: &SearchLimits, cancel: &AtomicBool) -> Move {
    let centre = game.board().size().centre();
    if game.board().get(centre).is_none() {
        return centre.into();
    }
    let allowed = |p: &Point| game.clone().play((*p).into()).is_ok();
    let mut candidates: Vec<Point> = near_stones(game, 2).into_iter().filter(allowed).collect();
    if candidates.is_empty() {
        candidates = game.board().points().filter(allowed).collect();
    }
    candidates.shuffle(&mut seeded(move_seed(game)));
    candidates.truncate(OPENING_CANDIDATES);
    let each = share(limits, candidates.len());
    let mut best: Option<(i32, Point)> = None;
    for &p in &candidates {
        let mut after = game.clone();
        if after.play(p.into()).is_err() {
            continue;
        }
        let imbalance = search_level(&after, judging(level), &each, move_seed(&after), cancel).score.saturating_abs();
        if best.is_none_or(|(score, _)| imbalance < score) {
            best = Some((imbalance, p));
        }
    }
    // Near the centre there is always an empty point; the fallback is for form's sake.
    best.map(|(_, p)| p).or(candidates.first().copied()).unwrap_or(centre).into()
}

/// A choice of colour in the opening, from the engine's score for the side to move (white at
/// Swap2's and Swap1's choices).
fn opening_choice(game: &Gomoku, level: Level, limits: &SearchLimits, cancel: &AtomicBool) -> Choice {
    let mover = game.side_to_move();
    let score = search_level(game, judging(level), limits, move_seed(game), cancel).score;
    let better = if score >= 0 { mover } else { mover.other() };
    match game.phase() {
        Phase::ChooseSide if score.saturating_abs() <= CLEAR_LEAD => Choice::PlaceTwo,
        _ => Choice::keep(better),
    }
}

/// Black's lead (black is to move with four stones), in the engine's score.
fn black_lead(game: &Gomoku, level: Level, limits: &SearchLimits, cancel: &AtomicBool) -> i32 {
    search_level(game, judging(level), limits, move_seed(game), cancel).score
}

/// Soosõrv-8's declaration by the holder of white: one offer, and one more per [`OFFER_STEP`]
/// of black's lead.
fn offers_to_declare(game: &Gomoku, level: Level, limits: &SearchLimits, cancel: &AtomicBool) -> u8 {
    let open = game.opening_rule().map(|rule| rule.offer_counts(game.board().stone_count())).unwrap_or_default();
    let most = open.iter().copied().max().unwrap_or(1);
    let lead = black_lead(game, level, limits, cancel).max(0);
    let wanted = 1 + lead / OFFER_STEP;
    u8::try_from(wanted).unwrap_or(most).clamp(1, most)
}

/// Taraguchi-10's choice for the holder of black: ten offers when black is clearly ahead, an
/// even fifth move within the area otherwise.
fn fifth_or_offers(game: &Gomoku, level: Level, limits: &SearchLimits, cancel: &AtomicBool) -> Action {
    let half = limits.part(1, 2);
    if black_lead(game, level, &half, cancel) > CLEAR_LEAD {
        let offers =
            game.opening_rule().and_then(|rule| rule.offer_counts(game.board().stone_count()).first().copied());
        if let Some(offers) = offers {
            return Action::Offers { offers };
        }
    }
    Action::Stone(opening_stone(game, level, &half, cancel))
}

/// The position on the board as a game under the standard opening, where a fifth move is a
/// stone: for judging offers.
fn as_played(game: &Gomoku) -> Gomoku {
    let params =
        super::Params { opening: Opening::Standard, time_control: Default::default(), ..game.params().clone() };
    let mut free = Gomoku::new(&params, game.seed()).expect("the standard opening fits every rule");
    for &p in game.moves() {
        free.place_unchecked(p).expect("a position's stones replay");
    }
    free
}

/// White's score (the engine's, white to move) after black's fifth move `p`; `None` when `p`
/// may not be played.
fn white_after(position: &Gomoku, p: Point, level: Level, limits: &SearchLimits, cancel: &AtomicBool) -> Option<i32> {
    let mut after = position.clone();
    after.play(p.into()).ok()?;
    if after.winner().is_some() {
        return Some(-super::ai::WIN_SCORE);
    }
    Some(search_level(&after, judging(level), limits, move_seed(&after), cancel).score)
}

/// The next fifth move to offer: of a few seeded candidates the rule accepts, the one after
/// which white's score is lowest.
fn best_offer(game: &Gomoku, level: Level, limits: &SearchLimits, cancel: &AtomicBool) -> Option<Move> {
    let offerable = |p: &Point| game.clone().play((*p).into()).is_ok();
    let mut candidates: Vec<Point> = near_stones(game, 2).into_iter().filter(offerable).collect();
    if candidates.is_empty() {
        candidates = game.board().points().filter(offerable).collect();
    }
    let offered = game.opening_rule().map_or(0, |rule| rule.offers().len()) as u64;
    candidates.shuffle(&mut seeded(move_seed(game) ^ offered));
    candidates.truncate(OPENING_CANDIDATES);
    let position = as_played(game);
    let each = share(limits, candidates.len());
    let scored = candidates.iter().filter_map(|&p| Some((white_after(&position, p, level, &each, cancel)?, p)));
    scored.min_by_key(|&(score, _)| score).map(|(_, p)| p.into()).or(candidates.first().map(|&p| p.into()))
}

/// The offered fifth move white chooses: the one after which white's score is highest.
fn pick_offer(game: &Gomoku, level: Level, limits: &SearchLimits, cancel: &AtomicBool) -> Option<Move> {
    let offers = game.opening_rule()?.offers().to_vec();
    let position = as_played(game);
    let each = share(limits, offers.len());
    let scored = offers.iter().filter_map(|&p| Some((white_after(&position, p, level, &each, cancel)?, p)));
    scored.max_by_key(|&(score, _)| score).map(|(_, p)| p.into()).or(offers.first().map(|&p| p.into()))
}

/// The level whose search judges positions: a glance (a level's blunder) gives no score, so
/// the levels that glance judge with the search of the level without glances above them
/// (within their own budget).
fn judging(level: Level) -> Level {
    match level {
        Level::Beginner | Level::Easy => Level::Medium,
        Level::Hard => Level::Master,
        other => other,
    }
}

/// Limits for one of `n` searches that share `limits`.
fn share(limits: &SearchLimits, n: usize) -> SearchLimits {
    limits.part(1, n.max(1) as u32)
}

/// The empty points within `reach` king steps of a stone, row by row.
fn near_stones(game: &Gomoku, reach: i64) -> Vec<Point> {
    let board = game.board();
    board
        .points()
        .filter(|&p| board.get(p).is_none())
        .filter(|&p| {
            (-reach..=reach).any(|dy| (-reach..=reach).any(|dx| board.at(p.x as i64 + dx, p.y as i64 + dy).is_some()))
        })
        .collect()
}

/// Stones next to `p`.
fn neighbours(game: &Gomoku, p: Point) -> usize {
    let board = game.board();
    (-1..=1)
        .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
        .filter(|&(dx, dy)| board.at(p.x as i64 + dx, p.y as i64 + dy).is_some())
        .count()
}

/// Small, reproducible limits for the computer's decisions in tests.
#[cfg(test)]
pub(super) fn quick(nodes: u64) -> SearchLimits {
    SearchLimits {
        time: Some(std::time::Duration::from_secs(5)),
        nodes: Some(nodes),
        depth: 4,
        ..SearchLimits::default()
    }
}
