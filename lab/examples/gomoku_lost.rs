//! What a ladder's lost games show (issue #61's stop rule asks for it): each game the first
//! player lost is replayed, and a judge (today's master at JUDGE main-search nodes) searches
//! the position before each of the loser's moves for its own choice, then the positions after
//! both moves. The move that lost the most by the judge's scores is the game's decisive mistake; it is told as defence
//! (the judge would have blocked a three or four of the opponent's, the move did not), attack
//! (the judge would have made an open three or a four, the move made none) or quiet.
//!
//! ```text
//! LADDER_LOG=1 cargo run --release -p pastimes-lab --example gomoku_engine -- ladder learned-master 40 5000 2> LOG
//! cargo run --release -p pastimes-lab --example gomoku_lost -- LOG [JUDGE [second]]
//! ```
//!
//! LOG is the ladder's `LADDER_LOG` lines (`game G: NAME COLOUR won Some(false): MOVES`; the
//! ladder's rule, freestyle unless `LADDER_RULE` says otherwise). JUDGE defaults to 66,666;
//! `second` reads the second player's lost games instead, to judge both engines alike.

use pastimes_games::gomoku::ai::{search_level, Limits, SearchPosition, WIN_SCORE};
use pastimes_games::gomoku::{Colour, Gomoku, Level, Opponent, Params, Point, Rule};
use pastimes_games::Game;
use std::sync::atomic::AtomicBool;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(log) = args.first() else {
        eprintln!("usage: gomoku_lost LOG [JUDGE [second]]");
        return;
    };
    let judge: u64 = args.get(1).map_or(66_666, |n| n.parse().expect("nodes"));
    // `second`: the second player's lost games instead (to compare the two engines alike).
    let second = args.get(2).is_some_and(|a| a == "second");
    let lost_line = if second { "won Some(true)" } else { "won Some(false)" };
    let rule = std::env::var("LADDER_RULE").unwrap_or_else(|_| "freestyle".into());
    let rule = Rule::ALL.into_iter().find(|r| r.as_str() == rule).expect("LADDER_RULE names a rule");
    let text = std::fs::read_to_string(log).expect("the log");
    let mut kinds = [0usize; 3];
    let (mut lost, mut plies) = (0, Vec::new());
    for line in text.lines().filter(|l| l.starts_with("game ") && l.contains(lost_line)) {
        let (head, moves) = line.split_once("): ").expect("a ladder log line");
        let first_black = head.contains(" black ");
        let loser = if first_black != second { Colour::Black } else { Colour::White };
        let moves: Vec<Point> = moves.split_whitespace().map(|m| Point::parse_notation(m).expect("a move")).collect();
        let (at, drop, kind) = decisive(&moves, loser, rule, judge);
        lost += 1;
        kinds[kind] += 1;
        plies.push(at);
        println!(
            "{head}): {} moves; decisive mistake at move {at} ({}), {} by the judge: {} instead of {}",
            moves.len(),
            KINDS[kind],
            drop.0,
            moves[at - 1].notation(),
            drop.1.notation()
        );
    }
    plies.sort_unstable();
    println!(
        "{lost} lost games; decisive mistakes: {} defence, {} attack, {} quiet; at move {} in the median",
        kinds[0],
        kinds[1],
        kinds[2],
        plies.get(plies.len() / 2).copied().unwrap_or(0)
    );
}

const KINDS: [&str; 3] = ["defence: the judge blocks a three or four", "attack: the judge makes a threat", "quiet"];

/// The loser's move that lost the most by the judge's scores: its number (1-based, the opening
/// counted), the loss with the judge's move, and its kind (an index of [`KINDS`]).
fn decisive(moves: &[Point], loser: Colour, rule: Rule, judge: u64) -> (usize, (i32, Point), usize) {
    let params = Params { rule, opponent: Opponent::Human, ..Params::default() };
    let mut game = Gomoku::new(&params, 0).expect("a game");
    let limits = Limits::nodes(judge);
    let mut worst = (0, (i32::MIN, moves[0]), 2);
    for (i, &p) in moves.iter().enumerate() {
        if i >= 4 && game.side_to_move() == loser {
            let best = search_level(&game, Level::Master, &limits, 1, &AtomicBool::new(false));
            let mv = best.best.expect("a move");
            let judged = pastimes_games::gomoku::BoardSize::Fifteen.point(mv.x, mv.y).expect("on the board");
            // Both moves judged alike, by a search of the position after each (a search from
            // before would see less deep than one from after, and blame the move where a loss
            // comes into sight rather than the one that made it).
            let drop = if judged == p { 0 } else { after_move(&game, judged, &limits) - after_move(&game, p, &limits) };
            if drop > worst.1 .0 {
                worst = (i + 1, (drop, judged), kind(&game, judged, p));
            }
        }
        game.play(p.into()).expect("a legal move");
    }
    worst
}

/// The judge's score for the side to move after it plays `p`.
fn after_move(game: &Gomoku, p: Point, limits: &Limits) -> i32 {
    let mut after = game.clone();
    after.play(p.into()).expect("a legal move");
    if after.status().is_over() {
        return WIN_SCORE;
    }
    -search_level(&after, Level::Master, limits, 1, &AtomicBool::new(false)).score
}

/// Whether the judge's move `best` blocked a three or four the played move left (0), made a
/// threat the played move did not (1), or neither (2).
fn kind(game: &Gomoku, best: Point, played: Point) -> usize {
    let pos = SearchPosition::of(game);
    let me = pos.to_move();
    let blocks = |p: Point| {
        let t = pos.threat(p.index(), me.other());
        t.fours > 0 || t.open_threes > 0
    };
    let makes = |p: Point| {
        let t = pos.threat(p.index(), me);
        t.fours > 0 || t.open_threes > 0
    };
    if blocks(best) && !blocks(played) {
        0
    } else if makes(best) && !makes(played) {
        1
    } else {
        2
    }
}
