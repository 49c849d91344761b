//! A first pattern evaluation fitted to self-play (issue #61, item 2's trainer, a skeleton: the
//! engine does not use it yet):
//!
//! ```text
//! cargo run --release -p pastimes-lab --example gomoku_patterns -- fit FILE [STEPS [RATE [DECAY]]]
//! ```
//!
//! FILE is `gomoku_selfplay`'s. Every tenth game (the 10th, 20th... in the file) is held out,
//! and the games before each (the 9th, 19th...) are the validation set that picks the weight
//! decay among [`DECAYS`] when DECAY is not given (the fit then never sees them either);
//! positions whose move the search found forced (a five, a block, a proven threat line) are left
//! out of both sets, their outcome being no question for an evaluation. It fits the line-pattern
//! table (`pastimes_lab::pattern_fit`) on the rest and prints, on the training and the held-out
//! positions, the log loss and the share of decided games' positions whose winner it picks, beside:
//! the base rate (one bias for each rule and colour to move), today's hand-made evaluation
//! (`ai::features`, on the quiet positions it scores, fitted through a sigmoid) and the search's
//! own score at the file's node budget (likewise). `PATTERNS_LAMBDA=0.5` fits to half the
//! outcome and half the search's score read as a probability (1, the outcome alone, by default);
//! the figures are always against the outcomes. `PATTERNS_REACH=3` reads three cells each side
//! instead of four (4,096 codes instead of 65,536).
//!
//! ```text
//! cargo run --release -p pastimes-lab --example gomoku_patterns -- points FILE OUT
//! ```
//!
//! fits the engine's learned pattern table (`pastimes_lab::point_patterns`: each candidate
//! point's four line shapes as one pattern, 990 weights) to FILE's positions, half outcome and
//! half search score by default (`PATTERNS_LAMBDA`), 300 Adam steps (`PATTERNS_STEPS`), prints its figures beside the base rate and
//! today's evaluation, and writes the weights file OUT (the engine's is
//! `src-tauri/games/src/gomoku/ai/patterns.bin`). The same file gives the same weights.

use pastimes_games::gomoku::ai::features::{quiet_features, todays_weights, PER_SIDE};
use pastimes_games::gomoku::{Gomoku, Rule};
use pastimes_lab::line_patterns::{colour_index, patterns};
use pastimes_lab::pattern_fit::{fit, fit_scalar, log_loss, metrics, sigmoid, Metrics, Model, Sample, Settings};
use pastimes_lab::point_patterns::game_of;
use pastimes_lab::selfplay::{read_file, Record};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("points") && args.len() == 3 {
        return points(&args[1], &args[2]);
    }
    if args.first().map(String::as_str) != Some("fit") || args.len() < 2 {
        eprintln!("usage: gomoku_patterns fit FILE [STEPS [RATE [DECAY]]] | points FILE OUT");
        return ExitCode::from(2);
    }
    let default = Settings::default();
    let arg = |i: usize, d: f64| args.get(i).map_or(d, |a| a.parse().expect("a number"));
    let settings = Settings {
        steps: arg(2, default.steps.into()) as u32,
        rate: arg(3, default.rate),
        decay: arg(4, default.decay),
    };
    let bytes = std::fs::read(&args[1]).expect("the file");
    let Some(records) = read_file(&bytes) else {
        eprintln!("{}: not a self-play file of this format", args[1]);
        return ExitCode::FAILURE;
    };
    run(&records, &settings, args.len() > 4);
    ExitCode::SUCCESS
}

/// A position with what the baselines need.
struct Position {
    sample: Sample,
    /// 0 training, 1 validation, 2 held out.
    set: u8,
    /// Today's evaluation, where the position is quiet.
    hand: Option<f64>,
    /// The search's score, kept within a forced win's distance of zero.
    search: f64,
}

fn rule_number(rule: Rule) -> usize {
    Rule::ALL.iter().position(|r| *r == rule).expect("a rule")
}

/// Today's evaluation of a quiet position, in its units.
fn hand_value(game: &Gomoku) -> Option<f64> {
    let f = quiet_features(game)?;
    let (attack, defence) = todays_weights();
    Some((0..PER_SIDE).map(|i| attack[i] * f64::from(f[i]) - defence[i] * f64::from(f[PER_SIDE + i])).sum())
}

fn positions(records: &[Record], reach: usize) -> Vec<Position> {
    let mut game_index = 0usize;
    let mut out = Vec::new();
    for (i, record) in records.iter().enumerate() {
        if i > 0 && record.cells.iter().flatten().count() == 4 {
            game_index += 1;
        }
        if record.forced {
            continue;
        }
        let sample = Sample {
            features: patterns(record, reach),
            bias: 2 * rule_number(record.rule) + colour_index(record.to_move),
            target: f64::from(record.outcome) / 2.0,
            offset: 0.0,
        };
        out.push(Position {
            sample,
            set: match game_index % 10 {
                9 => 2,
                8 => 1,
                _ => 0,
            },
            hand: game_of(record).as_ref().and_then(hand_value),
            search: f64::from(record.score.clamp(-20_000, 20_000)),
        });
    }
    out
}

fn line(name: &str, train: Metrics, held: Metrics) {
    println!(
        "{name:>34}: training {:>6} positions, log loss {:.4}, right {:.1} %; held out {:>6}, log loss {:.4}, right {:.1} %",
        train.positions,
        train.log_loss,
        train.accuracy * 100.0,
        held.positions,
        held.log_loss,
        held.accuracy * 100.0
    );
}

/// The figures of a one-input baseline fitted on the training positions that have its input.
fn scalar_baseline(name: &str, all: &[Position], input: impl Fn(&Position) -> Option<f64>) {
    let points = |set: u8| -> Vec<(f64, f64)> {
        all.iter().filter(|p| p.set == set).filter_map(|p| Some((input(p)? / 1000.0, p.sample.target))).collect()
    };
    let (train, held) = (points(0), points(2));
    let (a, b) = fit_scalar(&train);
    let judge = |set: &[(f64, f64)]| metrics(set.iter().map(|&(x, t)| (sigmoid(a * x + b), t)));
    line(name, judge(&train), judge(&held));
}

fn model_line(name: &str, model: &Model, all: &[Position], only: impl Fn(&Position) -> bool) {
    line(name, judge(model, all, 0, &only), judge(model, all, 2, &only));
}

/// A model's figures on the positions of one set that `only` keeps.
fn judge(model: &Model, all: &[Position], set: u8, only: &dyn Fn(&Position) -> bool) -> Metrics {
    metrics(all.iter().filter(|p| p.set == set && only(p)).map(|p| (sigmoid(model.logit(&p.sample)), p.sample.target)))
}

/// The weight decays tried on the validation set when none is given.
const DECAYS: [f64; 6] = [1e-3, 1e-2, 3e-2, 0.1, 0.3, 1.0];

fn run(records: &[Record], settings: &Settings, decay_given: bool) {
    let started = Instant::now();
    let reach: usize = std::env::var("PATTERNS_REACH").ok().and_then(|r| r.parse().ok()).unwrap_or(4);
    let all = positions(records, reach);
    // The fit's target: the outcome, or with PATTERNS_LAMBDA below 1 that share of it and the
    // rest the search's score read as a probability (its sigmoid fitted to the outcomes).
    let lambda: f64 = std::env::var("PATTERNS_LAMBDA").ok().and_then(|l| l.parse().ok()).unwrap_or(1.0);
    let scores: Vec<(f64, f64)> =
        all.iter().filter(|p| p.set == 0).map(|p| (p.search / 1000.0, p.sample.target)).collect();
    let (a, b) = fit_scalar(&scores);
    let target = |p: &Position| lambda * p.sample.target + (1.0 - lambda) * sigmoid(a * p.search / 1000.0 + b);
    let train: Vec<Sample> =
        all.iter().filter(|p| p.set == 0).map(|p| Sample { target: target(p), ..p.sample.clone() }).collect();
    let count = |set: u8| all.iter().filter(|p| p.set == set).count();
    println!(
        "{} records, {} positions not forced ({} validation, {} held out), features (reach {reach}) read in {:.1?}; target {lambda} x outcome + {} x search",
        records.len(),
        all.len(),
        count(1),
        count(2),
        started.elapsed(),
        1.0 - lambda
    );
    let mut settings = *settings;
    if !decay_given {
        let mut best = (f64::INFINITY, settings.decay);
        for decay in DECAYS {
            let (model, _) = fit(&train, &Settings { decay, ..settings });
            let loss = judge(&model, &all, 1, &|_| true).log_loss;
            println!("decay {decay}: validation log loss {loss:.4}");
            if loss < best.0 {
                best = (loss, decay);
            }
        }
        settings.decay = best.1;
    }
    let settings = &settings;
    // The base rate: the biases alone (a fit on no patterns).
    let bare: Vec<Sample> = train.iter().map(|s| Sample { features: Vec::new(), ..s.clone() }).collect();
    let (base, _) = fit(&bare, settings);
    model_line("base rate (rule and colour)", &base, &all, |_| true);
    let fitting = Instant::now();
    let (model, losses) = fit(&train, settings);
    println!(
        "fit: {} steps at rate {} and decay {} in {:.1?}, training loss {:.4} -> {:.4}; {} patterns with a weight",
        settings.steps,
        settings.rate,
        settings.decay,
        fitting.elapsed(),
        losses.first().copied().unwrap_or_default(),
        losses.last().copied().unwrap_or_default(),
        model.used()
    );
    model_line("line patterns, all", &model, &all, |_| true);
    model_line("line patterns, quiet positions", &model, &all, |p| p.hand.is_some());
    scalar_baseline("today's evaluation, quiet positions", &all, |p| p.hand);
    scalar_baseline("the search's score, all", &all, |p| Some(p.search));
    scalar_baseline("the search's score, quiet positions", &all, |p| p.hand.map(|_| p.search));
    let soft = |p: &Position| sigmoid(a * p.search / 1000.0 + b);
    distillation(&model, &all, &soft);
}

/// How near the patterns and today's evaluation come to the search's judgement: the mean
/// divergence (log loss less the target's own entropy) from the search's score read as a
/// probability, on the held-out quiet positions, today's evaluation's sigmoid fitted to those
/// targets on the training positions.
fn distillation(model: &Model, all: &[Position], soft: &dyn Fn(&Position) -> f64) {
    let quiet = |set: u8| all.iter().filter(move |p| p.set == set && p.hand.is_some());
    let hand: Vec<(f64, f64)> = quiet(0).map(|p| (p.hand.unwrap_or_default() / 1000.0, soft(p))).collect();
    let (a, b) = fit_scalar(&hand);
    let divergence = |predict: &dyn Fn(&Position) -> f64| {
        let held: Vec<&Position> = quiet(2).collect();
        let total: f64 = held.iter().map(|p| log_loss(predict(p), soft(p)) - log_loss(soft(p), soft(p))).sum();
        total / held.len().max(1) as f64
    };
    println!(
        "divergence from the search's judgement, held-out quiet positions: line patterns {:.4}, today's evaluation {:.4}",
        divergence(&|p| sigmoid(model.logit(&p.sample))),
        divergence(&|p| sigmoid(a * p.hand.unwrap_or_default() / 1000.0 + b)),
    );
}

/// `points FILE OUT`: the engine's learned pattern table, fitted and written.
fn points(input: &str, output: &str) -> ExitCode {
    use pastimes_lab::point_patterns::{examples, train, weights_file, DECAYS};
    let started = Instant::now();
    let bytes = std::fs::read(input).expect("the file");
    let Some(records) = read_file(&bytes) else {
        eprintln!("{input}: not a self-play file of this format");
        return ExitCode::FAILURE;
    };
    let all = examples(&records);
    let lambda: f64 = std::env::var("PATTERNS_LAMBDA").ok().and_then(|l| l.parse().ok()).unwrap_or(0.5);
    let count = |set: u8| all.iter().filter(|e| e.set == set).count();
    println!(
        "{} records, {} positions the leaves evaluate ({} training, {} validation, {} held out) read in {:.1?}; target {lambda} x outcome + {} x search",
        records.len(),
        all.len(),
        count(0),
        count(1),
        count(2),
        started.elapsed(),
        1.0 - lambda
    );
    let steps = std::env::var("PATTERNS_STEPS").ok().and_then(|s| s.parse().ok()).unwrap_or(Settings::default().steps);
    let trained = train(&all, lambda, &DECAYS, &Settings { steps, ..Settings::default() });
    for line in &trained.report {
        println!("{line}");
    }
    let file = weights_file(&trained.model, trained.scale);
    std::fs::write(output, &file).expect("written");
    println!(
        "decay {}, {} engine units a logit; {} patterns with a weight; wrote {output} ({} bytes) in {:.1?}",
        trained.decay,
        trained.scale.round(),
        trained.model.used(),
        file.len(),
        started.elapsed()
    );
    ExitCode::SUCCESS
}
