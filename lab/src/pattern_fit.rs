//! The fit of a pattern evaluation to self-play outcomes (issue #61, item 2, a first skeleton):
//! logistic regression of the side to move's result on the counts of its line patterns
//! ([`crate::line_patterns`]), one weight a canonical pattern shared by all rules, plus a bias
//! for each rule and colour to move. The fit is full-batch Adam on the mean log loss with a
//! little L2 weight decay, from zero weights, so the same samples always give the same table.
//!
//! The figures it is judged by ([`Metrics`]): the mean log loss (a draw's target is one half)
//! and the share of decided games' positions whose winner it predicts, on games held out of the
//! fit. [`fit_scalar`] fits a one-input logistic model, for the baselines: today's hand-made
//! evaluation and the search's score, read through the same sigmoid.

use crate::line_patterns::CODES;

/// One position, as the fit reads it.
#[derive(Debug, Clone)]
pub struct Sample {
    /// Canonical pattern codes and their counts.
    pub features: Vec<(u32, u32)>,
    /// Which bias applies: the rule's number times two, plus one if white is to move.
    pub bias: usize,
    /// The side to move's result: 1 won, 0.5 drawn, 0 lost.
    pub target: f64,
    /// A fixed part of the logit the fit does not change (another model's, whose error the
    /// table then learns); 0 for none.
    pub offset: f64,
}

/// A table over the patterns and the biases.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    pub table: Vec<f64>,
    pub bias: [f64; 8],
}

impl Model {
    pub fn zero() -> Model {
        Model { table: vec![0.0; CODES], bias: [0.0; 8] }
    }

    pub fn logit(&self, sample: &Sample) -> f64 {
        sample.offset
            + self.bias[sample.bias]
            + sample.features.iter().map(|&(c, n)| self.table[c as usize] * f64::from(n)).sum::<f64>()
    }

    /// How many patterns have a weight (were seen in the fit).
    pub fn used(&self) -> usize {
        self.table.iter().filter(|w| **w != 0.0).count()
    }
}

pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The log loss of predicting `p` for `target`.
pub fn log_loss(p: f64, target: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    -(target * p.ln() + (1.0 - target) * (1.0 - p).ln())
}

/// The fit's settings.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub steps: u32,
    pub rate: f64,
    /// L2 weight decay, added to each weight's gradient times the weight.
    pub decay: f64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { steps: 300, rate: 0.02, decay: 1e-4 }
    }
}

/// Fits a model to `samples`; returns it with its mean log loss on them after each step's
/// pass (the last is the loss before the last update).
pub fn fit(samples: &[Sample], settings: &Settings) -> (Model, Vec<f64>) {
    let mut model = Model::zero();
    let n = samples.len().max(1) as f64;
    let mut adam = (vec![0.0; CODES + 8], vec![0.0; CODES + 8]);
    let mut losses = Vec::new();
    for t in 1..=settings.steps {
        let mut grad = vec![0.0; CODES + 8];
        let mut loss = 0.0;
        for s in samples {
            let p = sigmoid(model.logit(s));
            loss += log_loss(p, s.target);
            let g = (p - s.target) / n;
            for &(c, k) in &s.features {
                grad[c as usize] += g * f64::from(k);
            }
            grad[CODES + s.bias] += g;
        }
        losses.push(loss / n);
        let (m, v) = &mut adam;
        let (c1, c2) = (1.0 - 0.9f64.powi(t as i32), 1.0 - 0.999f64.powi(t as i32));
        for (i, g) in grad.iter().enumerate() {
            if *g == 0.0 && m[i] == 0.0 {
                continue; // a pattern no sample has: its weight stays zero
            }
            let w = if i < CODES { &mut model.table[i] } else { &mut model.bias[i - CODES] };
            let g = g + settings.decay * *w;
            m[i] = 0.9 * m[i] + 0.1 * g;
            v[i] = 0.999 * v[i] + 0.001 * g * g;
            *w -= settings.rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
        }
    }
    (model, losses)
}

/// A model's figures on some positions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Metrics {
    pub positions: usize,
    pub log_loss: f64,
    /// Of the positions of decided games, the share where the prediction is on the winner's
    /// side of one half.
    pub accuracy: f64,
}

/// The figures of predictions `(p, target)`.
pub fn metrics(predictions: impl Iterator<Item = (f64, f64)>) -> Metrics {
    let (mut n, mut loss, mut decided, mut right) = (0usize, 0.0, 0usize, 0usize);
    for (p, target) in predictions {
        n += 1;
        loss += log_loss(p, target);
        if target != 0.5 {
            decided += 1;
            right += usize::from((p > 0.5) == (target > 0.5));
        }
    }
    Metrics { positions: n, log_loss: loss / n.max(1) as f64, accuracy: right as f64 / decided.max(1) as f64 }
}

/// The slope and intercept of the logistic model `sigmoid(a x + b)` that fits `(x, target)`
/// best (Newton's method on the log loss).
pub fn fit_scalar(points: &[(f64, f64)]) -> (f64, f64) {
    let (mut a, mut b) = (0.0, 0.0);
    for _ in 0..50 {
        let (mut ga, mut gb, mut haa, mut hab, mut hbb) = (0.0, 0.0, 1e-12, 0.0, 1e-12);
        for &(x, t) in points {
            let p = sigmoid(a * x + b);
            let (g, h) = (p - t, p * (1.0 - p));
            ga += g * x;
            gb += g;
            haa += h * x * x;
            hab += h * x;
            hbb += h;
        }
        let det = haa * hbb - hab * hab;
        if det.abs() < 1e-18 {
            break;
        }
        a -= (hbb * ga - hab * gb) / det;
        b -= (haa * gb - hab * ga) / det;
    }
    (a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scalar_fit_recovers_a_known_model() {
        // Soft targets drawn exactly from sigmoid(2 x + 1): the fit is that model.
        let points: Vec<(f64, f64)> =
            (-20..=20).map(|i| i as f64 / 10.0).map(|x| (x, sigmoid(2.0 * x + 1.0))).collect();
        let (a, b) = fit_scalar(&points);
        assert!((a - 2.0).abs() < 1e-6 && (b - 1.0).abs() < 1e-6, "{a} {b}");
    }

    /// Pattern 5 wins, pattern 9 loses, pattern 7 says nothing.
    fn samples() -> Vec<Sample> {
        let sample = |features: Vec<(u32, u32)>, target| Sample { features, bias: 0, target, offset: 0.0 };
        (0..40)
            .flat_map(|i| {
                [
                    sample(vec![(5, 1), (7, 1)], if i % 5 == 0 { 0.0 } else { 1.0 }),
                    sample(vec![(9, 1), (7, 2)], if i % 5 == 0 { 1.0 } else { 0.0 }),
                ]
            })
            .collect()
    }

    #[test]
    fn the_fit_learns_which_patterns_win_and_is_the_same_every_time() {
        let data = samples();
        let (model, losses) = fit(&data, &Settings::default());
        assert!(losses.last().unwrap() < &(losses[0] - 0.1), "{losses:?}");
        assert!(model.table[5] > 0.5 && model.table[9] < -0.5, "{} {}", model.table[5], model.table[9]);
        assert!(model.table[7].abs() < model.table[5].abs());
        assert_eq!(model.used(), 3);
        assert_eq!(fit(&data, &Settings::default()).0, model);
        let m = metrics(data.iter().map(|s| (sigmoid(model.logit(s)), s.target)));
        assert!((m.accuracy - 0.8).abs() < 1e-9 && m.positions == 80, "{m:?}");
    }
}
