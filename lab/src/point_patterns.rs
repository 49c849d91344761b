//! The trainer of the engine's learned pattern evaluation (issue #61, item 2;
//! `pastimes_games::gomoku::ai::patterns`): each candidate point's pattern (the multiset of the
//! four line shapes a stone there would make) for the side to move and for the other side, 990
//! weights, fitted by logistic regression ([`crate::pattern_fit`]: full-batch Adam from zero, L2
//! weight decay chosen on validation games) to a mix of the game's outcome and the search's
//! score read as a probability, with a bias for each rule and colour to move, on top of today's
//! evaluation ([`train`]). The fitted weights, in logits, are turned into the engine's units
//! through the slope with which today's evaluation predicts the outcomes.
//!
//! Every tenth game is held out and the one before each picks the decay. The positions are those
//! the search's leaves evaluate (`evaluated_at_leaves`: no five to make or block, no open four
//! made or threatened), whether or not the self-play search found a proven threat line there.

use crate::pattern_fit::{fit, fit_scalar, metrics, sigmoid, Metrics, Model, Sample, Settings};
use crate::selfplay::Record;
use pastimes_games::gomoku::ai::patterns::{
    evaluated_at_leaves, point_patterns, todays_value, PatternWeights, Patterns, PATTERNS,
};
use pastimes_games::gomoku::{Colour, Gomoku, Opponent, Params, Rule};
use pastimes_games::Game;

/// One position, as the trainer reads it.
#[derive(Debug, Clone)]
pub struct Example {
    pub sample: Sample,
    /// 0 training, 1 validation, 2 held out.
    pub set: u8,
    /// Today's hand-made evaluation, as the search's leaves compute it.
    pub hand: f64,
    /// The search's score, kept within a forced win's distance of zero.
    pub search: f64,
}

/// The record's position as a game, its stones placed black and white in turn; `None` if a
/// rule refuses that order.
pub fn game_of(record: &Record) -> Option<Gomoku> {
    let params = Params { rule: record.rule, opponent: Opponent::Human, ..Params::default() };
    let mut game = Gomoku::new(&params, 0).ok()?;
    let stones = |colour| {
        (0..record.cells.len()).filter(move |&i| record.cells[i] == Some(colour)).map(crate::selfplay::point_of_cell)
    };
    let (mut black, mut white) = (stones(Colour::Black), stones(Colour::White));
    loop {
        let next = if game.side_to_move() == Colour::Black { black.next() } else { white.next() };
        let Some(p) = next else { break };
        game.place_unchecked(p).ok()?;
    }
    (game.side_to_move() == record.to_move && game.moves().len() == record.cells.iter().flatten().count())
        .then_some(game)
}

/// A position's features: the count of each "own" pattern (0..495) and "against" pattern
/// (495..990) over the candidate points, sorted by index.
pub fn features(game: &Gomoku) -> Vec<(u32, u32)> {
    let mut counts = vec![0u32; 2 * PATTERNS];
    for [own, against] in point_patterns(game) {
        counts[own as usize] += 1;
        counts[PATTERNS + against as usize] += 1;
    }
    counts.into_iter().enumerate().filter(|(_, n)| *n > 0).map(|(i, n)| (i as u32, n)).collect()
}

/// The examples of a file's records (games counted by their first position's four stones).
pub fn examples(records: &[Record]) -> Vec<Example> {
    let mut game_index = 0usize;
    let mut out = Vec::new();
    for (i, record) in records.iter().enumerate() {
        if i > 0 && record.cells.iter().flatten().count() == 4 {
            game_index += 1;
        }
        let Some(game) = game_of(record).filter(evaluated_at_leaves) else { continue };
        let rule = Rule::ALL.iter().position(|r| *r == record.rule).expect("a rule");
        out.push(Example {
            sample: Sample {
                features: features(&game),
                bias: 2 * rule + usize::from(record.to_move == Colour::White),
                target: f64::from(record.outcome) / 2.0,
                offset: 0.0,
            },
            set: match game_index % 10 {
                9 => 2,
                8 => 1,
                _ => 0,
            },
            hand: f64::from(todays_value(&game)),
            search: f64::from(record.score.clamp(-20_000, 20_000)),
        });
    }
    out
}

/// A fit's result and its figures.
#[derive(Debug, Clone)]
pub struct Trained {
    pub model: Model,
    pub decay: f64,
    /// Engine units a logit (1000 over the slope of today's evaluation per 1000 units).
    pub scale: f64,
    /// Lines of figures for a reader: training and held-out log loss and accuracy of each model.
    pub report: Vec<String>,
}

/// The weight decays tried on the validation set.
pub const DECAYS: [f64; 4] = [1e-4, 1e-3, 1e-2, 0.1];

fn line(name: &str, train: Metrics, held: Metrics) -> String {
    format!(
        "{name:>36}: training {:>6} positions, log loss {:.4}, right {:.1} %; held out {:>6}, log loss {:.4}, right {:.1} %",
        train.positions,
        train.log_loss,
        train.accuracy * 100.0,
        held.positions,
        held.log_loss,
        held.accuracy * 100.0
    )
}

/// The figures of a one-input logistic baseline fitted on the training examples.
fn scalar_line(name: &str, all: &[Example], input: impl Fn(&Example) -> f64) -> (String, (f64, f64)) {
    let points = |set: u8| -> Vec<(f64, f64)> {
        all.iter().filter(|e| e.set == set).map(|e| (input(e) / 1000.0, e.sample.target)).collect()
    };
    let (train, held) = (points(0), points(2));
    let (a, b) = fit_scalar(&train);
    let judge = |set: &[(f64, f64)]| metrics(set.iter().map(|&(x, t)| (sigmoid(a * x + b), t)));
    (line(name, judge(&train), judge(&held)), (a, b))
}

fn judge(model: &Model, all: &[Example], set: u8) -> Metrics {
    metrics(all.iter().filter(|e| e.set == set).map(|e| (sigmoid(model.logit(&e.sample)), e.sample.target)))
}

/// The examples with today's evaluation as each logit's fixed part, through `slope` a 1000.
fn with_offsets(all: &[Example], slope: f64) -> Vec<Example> {
    let offset = |e: &Example| Sample { offset: slope * e.hand / 1000.0, ..e.sample.clone() };
    all.iter().map(|e| Example { sample: offset(e), ..e.clone() }).collect()
}

/// Fits the table to `lambda` x outcome + (1 - lambda) x the search's score as a probability,
/// the decay among `decays` (the lowest validation loss), and reports it beside the base rate,
/// today's evaluation and the search's score, all judged against the outcomes.
///
/// The table is a correction to today's evaluation: today's value, through the slope with which
/// it predicts the outcomes, is each logit's fixed part, and the table learns what it misses
/// (the weight decay pulls it towards today's evaluation, not towards nothing). The first fit of
/// a whole table (commit e399e69) predicted better than today's evaluation but lost the ladder
/// badly; see docs/ENGINES.md.
pub fn train(all: &[Example], lambda: f64, decays: &[f64], settings: &Settings) -> Trained {
    let mut report = Vec::new();
    let (hand_line, (slope, _)) = scalar_line("today's evaluation", all, |e| e.hand);
    let base_examples = all;
    let all = &with_offsets(all, slope)[..];
    let (search_line, (a, b)) = scalar_line("the search's score (for scale)", all, |e| e.search);
    let target = |e: &Example| lambda * e.sample.target + (1.0 - lambda) * sigmoid(a * e.search / 1000.0 + b);
    let train: Vec<Sample> =
        all.iter().filter(|e| e.set == 0).map(|e| Sample { target: target(e), ..e.sample.clone() }).collect();
    let mut best: Option<(f64, f64, Model)> = None;
    for &decay in decays {
        let (model, _) = fit(&train, &Settings { decay, ..*settings });
        let loss = judge(&model, all, 1).log_loss;
        report.push(format!("decay {decay}: validation log loss {loss:.4}"));
        if best.as_ref().is_none_or(|(l, _, _)| loss < *l) {
            best = Some((loss, decay, model));
        }
    }
    let (_, decay, model) = best.expect("a decay");
    let bare: Vec<Sample> = train.iter().map(|s| Sample { features: Vec::new(), offset: 0.0, ..s.clone() }).collect();
    let (base, _) = fit(&bare, &Settings { decay, ..*settings });
    report.push(line("base rate (rule and colour)", judge(&base, base_examples, 0), judge(&base, base_examples, 2)));
    report.push(hand_line);
    report.push(line("today's + learned point patterns", judge(&model, all, 0), judge(&model, all, 2)));
    report.push(search_line);
    Trained { model, decay, scale: 1000.0 / slope.max(1e-6), report }
}

/// The engine's weights file for a fitted model: its weights in engine units, rounded.
pub fn weights_file(model: &Model, scale: f64) -> Vec<u8> {
    let unit = |w: f64| (w * scale).round().clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16;
    let own: [i16; PATTERNS] = std::array::from_fn(|i| unit(model.table[i]));
    let against: [i16; PATTERNS] = std::array::from_fn(|i| unit(model.table[PATTERNS + i]));
    PatternWeights::file(&own, &against)
}

/// The table a lab tool plays with: the weights file in `LEARNED_WEIGHTS` (the engine's built-in
/// table when unset), used as `LEARNED_USE` says (`eval`, `ordering` or `eval,ordering`, the
/// default).
pub fn patterns_from_env() -> Patterns {
    let builtin = Patterns::builtin();
    let weights = match std::env::var("LEARNED_WEIGHTS") {
        Ok(path) => {
            let bytes = std::fs::read(&path).expect("LEARNED_WEIGHTS names a file");
            let weights = PatternWeights::parse(&bytes).expect("LEARNED_WEIGHTS names a weights file");
            Box::leak(Box::new(weights))
        }
        Err(_) => builtin.weights,
    };
    let uses = std::env::var("LEARNED_USE").unwrap_or_else(|_| "eval,ordering".into());
    Patterns { weights, eval: uses.contains("eval"), ordering: uses.contains("ordering") }
}
