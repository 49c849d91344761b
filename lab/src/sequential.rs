//! A ladder's results read in game order, whatever order its threads finish them in, and the
//! sequential test's stop decided on that order alone.
//!
//! Two games run at a time, so game 7 may end before game 6. Were the test to read results as
//! they arrive, where it stops (and so the figures printed) would depend on thread scheduling.
//! It reads instead only the longest run of finished games from the first, a whole pair
//! (an opening's two games, colours swapped) at a time: with node-limited searches every game is
//! the same on any machine, so the stop and the figures are too. Games played past the stop (they
//! were under way when it came) are left out.

use crate::sprt::{Sprt, Tally, Verdict, PAIR_VALUES};

/// The ladder's running tally and whether the test has stopped it.
#[derive(Debug, Clone)]
pub struct Sequential {
    /// `None`: no test, the ladder plays all its games.
    sprt: Option<Sprt>,
    /// Scores by game (1 won, 0.5 drawn, 0 lost, for the first player), as they arrive.
    scores: Vec<Option<f64>>,
    /// Games read into the tally (always even: whole pairs).
    read: usize,
    tally: Tally,
    verdict: Verdict,
}

impl Sequential {
    pub fn new(sprt: Option<Sprt>) -> Sequential {
        Sequential { sprt, scores: Vec::new(), read: 0, tally: Tally::default(), verdict: Verdict::Continue }
    }

    /// Game `index`'s score (counted from the ladder's first game, which plays the first
    /// colour of an opening). Returns whether the ladder should stop starting games.
    pub fn record(&mut self, index: usize, score: f64) -> bool {
        if self.scores.len() <= index {
            self.scores.resize(index + 1, None);
        }
        self.scores[index] = Some(score);
        while self.verdict == Verdict::Continue {
            let (Some(Some(a)), Some(Some(b))) = (self.scores.get(self.read), self.scores.get(self.read + 1)) else {
                break;
            };
            self.tally.add_pair(*a, *b);
            self.read += 2;
            if let Some(sprt) = &self.sprt {
                self.verdict = sprt.verdict(sprt.llr(&PAIR_VALUES, &self.tally.pair_counts()));
            }
        }
        self.stopped()
    }

    /// Whether the test has reached a verdict.
    pub fn stopped(&self) -> bool {
        self.verdict != Verdict::Continue
    }

    /// Whether game `index` counts: read into the tally before the stop (or, with no stop yet,
    /// any game: a ladder that ends without a verdict counts all it played).
    pub fn counts(&self, index: usize) -> bool {
        !self.stopped() || index < self.read
    }

    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    pub fn verdict(&self) -> Verdict {
        self.verdict
    }

    /// The report line: the test's with its ratio and bounds, or the tally's figures alone.
    pub fn report(&self) -> String {
        match &self.sprt {
            Some(sprt) => format!("SPRT: {}", self.tally.report(sprt)),
            None => {
                let line = self.tally.report(&Sprt::default());
                line.split("; LLR").next().unwrap_or_default().to_string()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stream of scores from a player about 100 Elo stronger, seeded.
    fn scores() -> Vec<f64> {
        let mut state = 12345u64;
        (0..400)
            .map(|_| {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                match state >> 33 & 15 {
                    0..=8 => 1.0,
                    9 => 0.5,
                    _ => 0.0,
                }
            })
            .collect()
    }

    /// Feeds the scores in the order given until the ladder says stop, as threads would.
    fn run(order: &[usize]) -> (Tally, Verdict, usize) {
        let all = scores();
        let mut seq = Sequential::new(Some(Sprt::default()));
        for &g in order {
            if seq.record(g, all[g]) {
                break;
            }
        }
        (seq.tally().clone(), seq.verdict(), seq.read)
    }

    #[test]
    fn the_stop_does_not_depend_on_the_order_games_finish_in() {
        let in_order: Vec<usize> = (0..400).collect();
        // Two threads, the odd games finishing first in each pair, and a slow game 10.
        let mut shuffled: Vec<usize> = (0..400).map(|g| g ^ 1).collect();
        shuffled.retain(|&g| g != 10);
        shuffled.insert(30, 10);
        let (a, b) = (run(&in_order), run(&shuffled));
        assert_eq!(a.1, Verdict::H1);
        assert_eq!(a, b);
        assert!(a.2 < 400 && a.2 % 2 == 0, "stopped after {} games", a.2);
    }

    #[test]
    fn games_past_the_stop_do_not_count_and_without_a_test_all_do() {
        let (_, _, read) = run(&(0..400).collect::<Vec<_>>());
        let mut seq = Sequential::new(Some(Sprt::default()));
        let all = scores();
        for (g, s) in all.iter().enumerate().take(read + 3) {
            seq.record(g, *s);
        }
        assert!(seq.counts(read - 1) && !seq.counts(read));
        assert_eq!(seq.tally().games() as usize, read);

        let mut plain = Sequential::new(None);
        for (g, s) in all.iter().enumerate().take(9) {
            assert!(!plain.record(g, *s));
        }
        assert_eq!(plain.tally().games(), 8, "whole pairs only");
        assert!(plain.counts(8) && !plain.report().contains("LLR"));
    }
}
