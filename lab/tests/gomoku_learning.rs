//! The self-play file and the pattern trainer on a small committed sample
//! (`tests/data/selfplay-sample.bin`: `gomoku_selfplay generate 1 4 1000`, four games, one a
//! rule, 299 positions): the format still reads, and the fit reproduces its committed result,
//! so a change to the features or the fit is a conscious one.

use pastimes_games::gomoku::Rule;
use pastimes_lab::line_patterns::{colour_index, patterns};
use pastimes_lab::pattern_fit::{fit, Sample, Settings};
use pastimes_lab::selfplay::{read_file, read_header};

const SAMPLE: &[u8] = include_bytes!("data/selfplay-sample.bin");

#[test]
fn the_committed_sample_reads() {
    assert_eq!(read_header(SAMPLE), Some((1, 1000)));
    let records = read_file(SAMPLE).expect("a self-play file");
    assert_eq!(records.len(), 299);
    let games = records.iter().filter(|r| r.cells.iter().flatten().count() == 4).count();
    assert_eq!(games, 4);
    assert!(Rule::ALL.iter().all(|rule| records.iter().any(|r| r.rule == *rule)));
}

#[test]
fn the_fit_reproduces_its_committed_result() {
    let samples: Vec<Sample> = read_file(SAMPLE)
        .unwrap()
        .iter()
        .map(|r| Sample {
            features: patterns(r, 4),
            bias: 2 * Rule::ALL.iter().position(|x| *x == r.rule).unwrap() + colour_index(r.to_move),
            target: f64::from(r.outcome) / 2.0,
        })
        .collect();
    let (model, losses) = fit(&samples, &Settings { steps: 100, ..Settings::default() });
    let last = *losses.last().unwrap();
    assert_eq!(model.used(), USED);
    assert!((last - LAST_LOSS).abs() < 1e-9, "{last}");
}

/// The committed result: patterns with a weight and the training loss at the 100th step.
const USED: usize = 1699;
const LAST_LOSS: f64 = 0.518_537_660_397;
