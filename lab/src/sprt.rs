//! The sequential probability ratio test that stops a ladder once its answer is clear, as chess
//! engine testing runs it (fishtest, cutechess, OpenBench): the generalised SPRT of Michel Van
//! den Bergh over logistic Elo.
//!
//! The hypotheses are H0: the first player is `elo0` stronger, H1: it is `elo1` stronger (e.g.
//! 0 and 10). Each unit of the test (a game, or a pair of games from one opening with the
//! colours swapped) scores a value in 0..=1; the observed frequencies of those values are the
//! empirical distribution. For each hypothesis the distribution nearest to it (maximum
//! likelihood) whose mean is that hypothesis's expected score is found, and the log-likelihood
//! ratio is the count of units times the mean log ratio of the two. The test accepts H1 when
//! the ratio reaches `ln((1 - beta) / alpha)` and H0 when it falls to `ln(beta / (1 - alpha))`
//! (2.944 and -2.944 at alpha = beta = 0.05).
//!
//! The ladder counts pairs (the pentanomial model: a pair scores 0, 1/4, 1/2, 3/4 or 1), since the
//! two games of one opening are not independent and the trinomial model (games as units)
//! overstates the variance. Zero frequencies are replaced by 1e-3, as fishtest does, so that a
//! short one-sided start does not make the ratio infinite.

/// The test's settings: the two hypotheses in Elo and the error rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the test says so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Not enough evidence either way: play on.
    Continue,
    /// H0 accepted: the first player is not `elo1` stronger.
    H0,
    /// H1 accepted: the first player is at least `elo0` stronger.
    H1,
}

impl Default for Sprt {
    /// [0, 10] Elo, alpha = beta = 0.05.
    fn default() -> Sprt {
        Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 }
    }
}

impl Sprt {
    /// `ELO0,ELO1[,ALPHA[,BETA]]`, e.g. `0,10` or `0,10,0.05,0.05`.
    pub fn parse(text: &str) -> Option<Sprt> {
        let v: Vec<f64> = text.split(',').map(|x| x.trim().parse().ok()).collect::<Option<_>>()?;
        let (elo0, elo1) = (*v.first()?, *v.get(1)?);
        let alpha = v.get(2).copied().unwrap_or(0.05);
        let beta = v.get(3).copied().unwrap_or(alpha);
        let valid =
            elo0 < elo1 && (0.0..0.5).contains(&alpha) && alpha > 0.0 && (0.0..0.5).contains(&beta) && beta > 0.0;
        (valid && v.len() <= 4).then_some(Sprt { elo0, elo1, alpha, beta })
    }

    /// The lower and upper bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The ratio of `counts` (how many units scored each of `values`).
    pub fn llr(&self, values: &[f64], counts: &[f64]) -> f64 {
        llr(values, counts, score_of_elo(self.elo0), score_of_elo(self.elo1))
    }

    /// Whether the ratio has crossed a bound.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// The expected score of a player `elo` stronger (the logistic model).
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that expects `score`.
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The generalised log-likelihood ratio of H1 (mean score `s1`) against H0 (mean `s0`) for the
/// observed `counts` of `values`; zero counts regularised to 1e-3.
pub fn llr(values: &[f64], counts: &[f64], s0: f64, s1: f64) -> f64 {
    let counts: Vec<f64> = counts.iter().map(|&c| if c > 0.0 { c } else { 1e-3 }).collect();
    let n: f64 = counts.iter().sum();
    let pdf: Vec<f64> = counts.iter().map(|c| c / n).collect();
    let (x0, x1) = (lagrange(values, &pdf, s0), lagrange(values, &pdf, s1));
    // Under hypothesis s, the likeliest distribution is p_i / (1 + x (v_i - s)).
    let mean_log_ratio: f64 =
        values.iter().zip(&pdf).map(|(v, p)| p * ((1.0 + x0 * (v - s0)).ln() - (1.0 + x1 * (v - s1)).ln())).sum();
    n * mean_log_ratio
}

/// The Lagrange multiplier `x` of the distribution nearest `pdf` with mean `s`: the root of
/// `sum p_i (v_i - s) / (1 + x (v_i - s)) = 0`, found by bisection on the interval that keeps
/// every `1 + x (v_i - s)` positive (the function decreases on it).
fn lagrange(values: &[f64], pdf: &[f64], s: f64) -> f64 {
    let lowest = values.iter().map(|v| v - s).fold(f64::INFINITY, f64::min);
    let highest = values.iter().map(|v| v - s).fold(f64::NEG_INFINITY, f64::max);
    let (mut lo, mut hi) = (-1.0 / highest, -1.0 / lowest);
    let f = |x: f64| values.iter().zip(pdf).map(|(v, p)| p * (v - s) / (1.0 + x * (v - s))).sum::<f64>();
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The mean score of the units and its 95 % interval, in Elo: (elo, low, high).
pub fn elo_interval(values: &[f64], counts: &[f64]) -> (f64, f64, f64) {
    let n: f64 = counts.iter().sum();
    let mean = values.iter().zip(counts).map(|(v, c)| v * c).sum::<f64>() / n;
    let var = values.iter().zip(counts).map(|(v, c)| c * (v - mean).powi(2)).sum::<f64>() / n;
    let half = 1.959_964 * (var / n).sqrt();
    let clamp = |s: f64| s.clamp(1e-6, 1.0 - 1e-6);
    (elo_of_score(clamp(mean)), elo_of_score(clamp(mean - half)), elo_of_score(clamp(mean + half)))
}

/// The values of a pair's score (the mean of its two games).
pub const PAIR_VALUES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
/// The values of a game's score.
pub const GAME_VALUES: [f64; 3] = [0.0, 0.5, 1.0];

/// The ladder's tally, read in game order: W-D-L and the pentanomial counts of whole pairs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Pairs scoring 0, 1/2, 1, 3/2 and 2 points (LL, LD, LW or DD, WD, WW).
    pub pairs: [u32; 5],
}

impl Tally {
    /// Adds one pair's two game scores (each 0, 0.5 or 1).
    pub fn add_pair(&mut self, a: f64, b: f64) {
        for s in [a, b] {
            match s {
                s if s > 0.75 => self.wins += 1,
                s if s < 0.25 => self.losses += 1,
                _ => self.draws += 1,
            }
        }
        self.pairs[((a + b) * 2.0).round() as usize] += 1;
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The pentanomial counts as the test reads them.
    pub fn pair_counts(&self) -> [f64; 5] {
        self.pairs.map(f64::from)
    }

    /// The line the ladder prints: games, W-D-L, pairs, Elo with its 95 % interval, the ratio
    /// and its bounds.
    pub fn report(&self, sprt: &Sprt) -> String {
        let counts = self.pair_counts();
        let (elo, low, high) = elo_interval(&PAIR_VALUES, &counts);
        let llr = sprt.llr(&PAIR_VALUES, &counts);
        let (lower, upper) = sprt.bounds();
        format!(
            "{} games, W-D-L {}-{}-{}, pairs (0, 1/2, 1, 3/2, 2 points) {:?}; Elo {elo:+.1} ± {:.1} (95 %: {low:+.1} to {high:+.1}); LLR {llr:.2} ({lower:.2}, {upper:.2}) [{}, {}] {:?}",
            self.games(),
            self.wins,
            self.draws,
            self.losses,
            self.pairs,
            (high - low) / 2.0,
            sprt.elo0,
            sprt.elo1,
            sprt.verdict(llr),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn bounds_and_scores_are_the_published_ones() {
        let (lower, upper) = Sprt::default().bounds();
        // ln(0.05 / 0.95) = -2.9444, as fishtest prints (-2.94, 2.94).
        assert!(close(lower, -2.944_439, 1e-6) && close(upper, 2.944_439, 1e-6));
        assert!(close(score_of_elo(0.0), 0.5, 1e-12));
        // 10 Elo: 1 / (1 + 10^(-1/40)) = 0.514387.
        assert!(close(score_of_elo(10.0), 0.514_387, 1e-6));
        assert!(close(elo_of_score(0.75), 190.848_501, 1e-5));
        assert!(close(elo_of_score(score_of_elo(-37.0)), -37.0, 1e-9));
    }

    /// By hand, for the trinomial 60 wins, 20 draws, 40 losses and [0, 10]: the mean score is
    /// 70 / 120 = 0.583333 and the variance a game 65 / 120 - 0.583333^2 = 0.201389, so the
    /// normal approximation of the ratio (the formula fishtest used before the exact one) is
    /// N (s1 - s0)(2 m - s0 - s1) / (2 var) = 120 x 0.014387 x 0.152280 / 0.402778 = 0.6527.
    /// The exact ratio is 0.631484: a trinomial with a fixed mean has one free parameter, the
    /// draw rate, so the likeliest distribution under each hypothesis was found by hand apart
    /// (a ternary search over the draw rate of 40 ln pL + 20 ln pD + 60 ln pW, in Python), and the
    /// ratio is the difference of the two maxima. The approximation is within 4 % of it.
    #[test]
    fn the_ratio_matches_a_hand_computation() {
        let counts = [40.0, 20.0, 60.0];
        let sprt = Sprt::default();
        let (s0, s1) = (0.5, score_of_elo(10.0));
        let (m, var) = (70.0 / 120.0, 65.0 / 120.0 - (70.0f64 / 120.0).powi(2));
        let approximate = 120.0 * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var);
        assert!(close(approximate, 0.6527, 5e-4), "{approximate}");
        let exact = sprt.llr(&GAME_VALUES, &counts);
        assert!(close(exact, 0.631_484, 1e-5), "{exact}");
        assert_eq!(sprt.verdict(exact), Verdict::Continue);
    }

    #[test]
    fn the_ratio_is_zero_between_the_hypotheses_and_symmetric() {
        // A mean score of exactly (s0 + s1) / 2 favours neither; a mirrored result flips the sign
        // of a test mirrored around zero.
        let sprt = Sprt { elo0: -5.0, elo1: 5.0, ..Sprt::default() };
        let even = [10.0, 5.0, 2.0, 5.0, 10.0];
        assert!(close(sprt.llr(&PAIR_VALUES, &even), 0.0, 1e-9));
        let ahead = [2.0, 5.0, 20.0, 9.0, 6.0];
        let behind = [6.0, 9.0, 20.0, 5.0, 2.0];
        let (a, b) = (sprt.llr(&PAIR_VALUES, &ahead), sprt.llr(&PAIR_VALUES, &behind));
        assert!(a > 0.0 && close(a, -b, 1e-9), "{a} {b}");
    }

    #[test]
    fn a_clear_result_stops_the_test_and_a_short_one_sided_start_does_not() {
        let sprt = Sprt::default();
        // 3 pairs won twice each: regularised, nowhere near a bound.
        let start = sprt.llr(&PAIR_VALUES, &[0.0, 0.0, 0.0, 0.0, 3.0]);
        assert!(start > 0.0 && sprt.verdict(start) == Verdict::Continue, "{start}");
        // 70 % over 100 pairs is not yet enough against hypotheses 10 Elo apart (the exact
        // ratio is 2.17 there, the normal approximation's 3.26 overstates it); over 300 pairs it
        // accepts H1, and 30 % H0.
        let hundred = sprt.llr(&PAIR_VALUES, &[5.0, 10.0, 20.0, 30.0, 35.0]);
        assert!(close(hundred, 2.174_292, 1e-5), "{hundred}");
        let strong = [15.0, 30.0, 60.0, 90.0, 105.0];
        assert_eq!(sprt.verdict(sprt.llr(&PAIR_VALUES, &strong)), Verdict::H1);
        let weak = [105.0, 90.0, 60.0, 30.0, 15.0];
        assert_eq!(sprt.verdict(sprt.llr(&PAIR_VALUES, &weak)), Verdict::H0);
    }

    #[test]
    fn the_interval_is_the_normal_one() {
        // 120 games at 0.583333 with variance 0.201389: half width 1.96 x sqrt(0.201389 / 120)
        // = 0.080293; Elo 58.5 from 0.503040 (+2.1) to 0.663626 (+118.0).
        let (elo, low, high) = elo_interval(&GAME_VALUES, &[40.0, 20.0, 60.0]);
        assert!(close(elo, 58.45, 0.01) && close(low, 2.11, 0.01) && close(high, 118.04, 0.01), "{elo} {low} {high}");
    }

    #[test]
    fn the_tally_counts_games_and_pairs() {
        let mut tally = Tally::default();
        tally.add_pair(1.0, 1.0);
        tally.add_pair(1.0, 0.0);
        tally.add_pair(0.5, 1.0);
        tally.add_pair(0.0, 0.5);
        assert_eq!((tally.wins, tally.draws, tally.losses), (4, 2, 2));
        assert_eq!(tally.pairs, [0, 1, 1, 1, 1]);
        assert!(tally.report(&Sprt::default()).starts_with("8 games, W-D-L 4-2-2"));
    }

    #[test]
    fn settings_parse() {
        assert_eq!(Sprt::parse("0,10"), Some(Sprt::default()));
        assert_eq!(Sprt::parse("-5, 5, 0.1"), Some(Sprt { elo0: -5.0, elo1: 5.0, alpha: 0.1, beta: 0.1 }));
        assert_eq!(Sprt::parse("10,0"), None);
        assert_eq!(Sprt::parse("0,10,0.7"), None);
        assert_eq!(Sprt::parse("x"), None);
    }
}
