//! The post-game solver against hint-following, deal by deal, in two steps so that the costly one
//! runs once: `hints` plays every deal by always following the hint and prints one line per deal
//! (seed, score, moves, thinking time, the line); `solve` reads such lines and runs the solver on
//! the same deals, alone and given the hint's line, and counts where it scores strictly more.
//! `solve ... after` runs only the app's post-game search, given the hint's line (half the time).
//!
//! ```sh
//! cargo run --release -p pastimes-lab --example bubbles_versus -- hints standard 0 40 200000 > hints.txt
//! cargo run --release -p pastimes-lab --example bubbles_versus -- solve standard hints.txt 2000000
//! ```
//!
//! Deal `k` is seed `1_000_000 + k`, as in the `bubbles_strength` bench. Budgets are positions
//! (nodes), so the figures do not depend on the machine's load; several `hints` processes over
//! different ranges can run side by side and their outputs be concatenated.

use pastimes_games::bubbles::{best_line, best_line_after, hint, Bubbles, Budget, Move, Params, Style};
use pastimes_games::Game;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

const USAGE: &str = "usage: bubbles_versus hints STYLE FROM TO NODES | solve STYLE FILE NODES [after] | table FILE...";

/// The seed of deal 0, as in the `bubbles_strength` bench.
const FIRST_SEED: u64 = 1_000_000;

fn style_named(name: &str) -> Option<Style> {
    Style::ALL.into_iter().find(|s| s.name() == name)
}

/// Follows the hint to the end: prints `seed score moves ms cell,cell,...`.
fn hints(style: Style, from: u64, to: u64, nodes: u64) -> Option<()> {
    let params = Params::new(style);
    for seed in FIRST_SEED + from..FIRST_SEED + to {
        let mut game = Bubbles::new(&params, seed).ok()?;
        let (mut cells, started) = (Vec::new(), Instant::now());
        while !game.status().is_over() {
            let h = hint(&game, Budget::nodes(nodes))?;
            game.apply(&Move::Pop { x: h.x as i64, y: h.y as i64 }).ok()?;
            cells.push((h.y * 11 + h.x).to_string());
        }
        let ms = started.elapsed().as_millis();
        println!("{seed} {} {} {ms} {}", game.score()?, cells.len(), cells.join(","));
    }
    Some(())
}

/// One deal as the `hints` step printed it.
struct HintGame {
    seed: u64,
    score: i64,
    moves: usize,
    ms: u64,
    line: Vec<Move>,
}

fn read_hints(path: &str) -> Option<Vec<HintGame>> {
    let text = std::fs::read_to_string(path).ok()?;
    let parse_line = |line: &str| -> Option<HintGame> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let line = fields
            .get(4)
            .map(|cells| {
                cells
                    .split(',')
                    .filter_map(|c| c.parse::<i64>().ok())
                    .map(|i| Move::Pop { x: i % 11, y: i / 11 })
                    .collect()
            })
            .unwrap_or_default();
        let number = |i: usize| fields.get(i).and_then(|v| v.parse::<u64>().ok());
        Some(HintGame {
            seed: number(0)?,
            score: fields.get(1)?.parse().ok()?,
            moves: number(2)? as usize,
            ms: number(3)?,
            line,
        })
    };
    Some(text.lines().filter_map(parse_line).collect())
}

/// Runs the solver on the deals of `path` and counts its strict wins over the hint; `with_alone`:
/// the solver alone too, not only given the hint's line.
fn solve(style: Style, path: &str, nodes: u64, with_alone: bool) -> Option<()> {
    let params = Params::new(style);
    let never = AtomicBool::new(false);
    let games = read_hints(path)?;
    let mut rows = Vec::new();
    for g in &games {
        let timed = |run: &dyn Fn() -> pastimes_games::bubbles::Solution| {
            let started = Instant::now();
            let solution = run();
            Played { score: solution.score, moves: solution.moves.len(), ms: started.elapsed().as_millis() as u64 }
        };
        let alone = with_alone.then(|| timed(&|| best_line(&params, g.seed, Budget::nodes(nodes), &never)));
        let after = timed(&|| best_line_after(&params, g.seed, &g.line, Budget::nodes(nodes), &never));
        let row = Row { seed: g.seed, hint: Played { score: g.score, moves: g.moves, ms: g.ms }, alone, after };
        println!("{}", row.line(style));
        rows.push(row);
    }
    eprintln!("{}", table(style, &rows));
    Some(())
}

/// One game's score, its length in pops and the time spent choosing them.
#[derive(Clone, Copy)]
struct Played {
    score: i64,
    moves: usize,
    ms: u64,
}

/// One deal: the hint follower, the solver alone (unless it was not run) and the solver given
/// the hint's line.
#[derive(Clone, Copy)]
struct Row {
    seed: u64,
    hint: Played,
    alone: Option<Played>,
    after: Played,
}

impl Row {
    fn line(&self, style: Style) -> String {
        let p = |p: Played| format!("{} {} {}", p.score, p.moves, p.ms);
        let alone = self.alone.map_or_else(|| "- - -".to_string(), p);
        format!("{} {} {} {alone} {}", style.name(), self.seed, p(self.hint), p(self.after))
    }

    fn parse(line: &str) -> Option<(Style, Row)> {
        let f: Vec<&str> = line.split_whitespace().collect();
        let n = |i: usize| f.get(i).and_then(|v| v.parse::<i64>().ok());
        let p = |i: usize| Some(Played { score: n(i)?, moves: n(i + 1)? as usize, ms: n(i + 2)? as u64 });
        Some((style_named(f.first()?)?, Row { seed: n(1)? as u64, hint: p(2)?, alone: p(5), after: p(8)? }))
    }
}

/// Mean, standard deviation and quartiles of the scores, mean pops and ms a pop.
fn summary(name: &str, games: &[Played]) -> String {
    let mut scores: Vec<i64> = games.iter().map(|g| g.score).collect();
    scores.sort_unstable();
    let n = scores.len().max(1) as f64;
    let mean = scores.iter().sum::<i64>() as f64 / n;
    let sd = (scores.iter().map(|&s| (s as f64 - mean).powi(2)).sum::<f64>() / n).sqrt();
    let q = |f: f64| scores.get(((scores.len().max(1) - 1) as f64 * f).round() as usize).copied().unwrap_or(0);
    let moves: usize = games.iter().map(|g| g.moves).sum();
    let ms: u64 = games.iter().map(|g| g.ms).sum();
    format!(
        "{name:<26} {:>5} {mean:>8.0} {sd:>7.0} {:>6} {:>6} {:>6} {:>6} {:>6} {:>7.1} {:>8.2}",
        scores.len(),
        q(0.0),
        q(0.25),
        q(0.5),
        q(0.75),
        q(1.0),
        moves as f64 / n,
        ms as f64 / moves.max(1) as f64
    )
}

/// The side-by-side table of one style's rows, and the solver's wins over the hint (the solver
/// alone over the rows that ran it).
fn table(style: Style, rows: &[Row]) -> String {
    let share = |k: usize, of: usize| 100.0 * k as f64 / of.max(1) as f64;
    // Strict wins and ties over the hint-follower of the same deal.
    let versus = |pairs: &[(Played, Played)]| {
        let wins = pairs.iter().filter(|(p, h)| p.score > h.score).count();
        let ties = pairs.iter().filter(|(p, h)| p.score == h.score).count();
        format!("{wins} of {} deals ({:.1}%), ties {ties}", pairs.len(), share(wins, pairs.len()))
    };
    let alone: Vec<(Played, Played)> = rows.iter().filter_map(|r| Some((r.alone?, r.hint))).collect();
    let after: Vec<(Played, Played)> = rows.iter().map(|r| (r.after, r.hint)).collect();
    let header = format!(
        "{:<26} {:>5} {:>8} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>7} {:>8}",
        "player", "deals", "mean", "sd", "min", "q1", "median", "q3", "max", "pops", "ms/pop"
    );
    let mut lines = vec![style.name().to_string(), header];
    lines.push(summary("hint-following", &rows.iter().map(|r| r.hint).collect::<Vec<_>>()));
    if !alone.is_empty() {
        lines.push(summary("solver", &alone.iter().map(|(p, _)| *p).collect::<Vec<_>>()));
    }
    lines.push(summary("solver after hint's line", &after.iter().map(|(p, _)| *p).collect::<Vec<_>>()));
    if !alone.is_empty() {
        lines.push(format!("solver beats hint on {}", versus(&alone)));
    }
    lines.push(format!("solver given the hint's line beats it on {}", versus(&after)));
    lines.join("\n")
}

/// Merges the lines `solve` printed (several files, e.g. from processes over different ranges)
/// into one table per style.
fn tables(paths: &[String]) -> Option<()> {
    let mut rows: Vec<(Style, Row)> = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).ok()?;
        rows.extend(text.lines().filter_map(Row::parse));
    }
    for style in Style::ALL {
        let mut mine: Vec<Row> = rows.iter().filter(|(s, _)| *s == style).map(|(_, r)| *r).collect();
        mine.sort_by_key(|r| r.seed);
        mine.dedup_by_key(|r| r.seed);
        if !mine.is_empty() {
            println!("{}\n", table(style, &mine));
        }
    }
    Some(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| args.get(i).and_then(|v| v.parse::<u64>().ok());
    let style = args.get(1).and_then(|name| style_named(name));
    let done = match (args.first().map(String::as_str), style) {
        (Some("hints"), Some(style)) => match (number(2), number(3), number(4)) {
            (Some(from), Some(to), Some(nodes)) => hints(style, from, to, nodes),
            _ => None,
        },
        (Some("solve"), Some(style)) => match (args.get(2), number(3)) {
            (Some(path), Some(nodes)) => match args.get(4).map(String::as_str) {
                None => solve(style, path, nodes, true),
                Some("after") => solve(style, path, nodes, false),
                Some(_) => None,
            },
            _ => None,
        },
        (Some("table"), _) => tables(&args[1..]),
        _ => None,
    };
    if done.is_none() {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
