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
            offset: 0.0,
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

/// The engine's pattern trainer (`point_patterns`) on the same sample: the weights file it
/// writes is the committed one, byte for byte (checked by a hash of its bytes).
#[test]
fn the_point_pattern_trainer_reproduces_its_committed_weights() {
    use pastimes_lab::point_patterns::{examples, train, weights_file};
    let all = examples(&read_file(SAMPLE).unwrap());
    assert_eq!(all.len(), EXAMPLES);
    let trained = train(&all, 0.5, &[0.01, 0.1], &Settings { steps: 60, ..Settings::default() });
    let file = weights_file(&trained.model, trained.scale);
    // FNV-1a over the file's bytes.
    let hash = file.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3));
    assert_eq!((trained.decay, trained.model.used(), hash), (DECAY, POINT_USED, HASH), "{:#x}", hash);
}

/// The committed result of the point-pattern trainer on the sample.
const EXAMPLES: usize = 122;
const DECAY: f64 = 0.01;
const POINT_USED: usize = 213;
const HASH: u64 = 0x9b2c_d9b5_a188_d017;
