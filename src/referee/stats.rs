//! Match statistics: Elo difference with a 95% interval, likelihood of
//! superiority, draw ratio, and the sequential probability ratio test.
//!
//! The formulas are the published ones cutechess-cli and fastchess use:
//! - score `s = (W + D/2) / N`, Elo difference `-400 log10(1/s - 1)`;
//! - the per-game variance of the score
//!   `σ² = (W(1-s)² + D(1/2-s)² + L s²) / N`, the standard error of the
//!   mean `sqrt(σ²/N)`, and the interval is the Elo of
//!   `s ± 1.959964 · sqrt(σ²/N)`; the `±` figure is half its width;
//! - LOS `= (1 + erf((W - L) / sqrt(2 (W + L)))) / 2`;
//! - SPRT, logistic Elo model: with `s0`, `s1` the expected scores of
//!   `elo0` and `elo1` (`1 / (1 + 10^(-elo/400))`), the log-likelihood
//!   ratio is approximated (generalised SPRT) by
//!   `LLR = N (s1 - s0) (2s - s0 - s1) / (2σ²)`; H1 is accepted when
//!   `LLR >= ln((1-β)/α)`, H0 when `LLR <= ln(β/(1-α))`. *Trinomial*: `N`
//!   games, `s` and `σ²` their mean score and variance. *Pentanomial*, the
//!   one a match uses: `N` game pairs (an opening played with both colours),
//!   `s` and `σ²` the mean and variance of a pair's mean score (0, 1/4,
//!   1/2, 3/4 or 1). An opening that favours one colour makes the two games
//!   of a pair pull opposite ways; counted as pairs, that swing is not
//!   taken for noise, so the test decides with fewer games (the same LLR as
//!   the trinomial when the two games are independent). When a count is
//!   zero the variance would be degenerate, so each zero count is replaced
//!   by 0.5 in the LLR (never in the Elo figures).

use super::RefereeError;

/// The z value of a two-sided 95% interval.
const Z95: f64 = 1.959964;

/// Wins, draws and losses from one side's point of view.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// The Elo difference of an expected score `s` (0 < s < 1).
pub fn elo_from_score(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score of an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The mean and variance of scores given as `(how many, score)`: the
/// moments both the games' (trinomial) and the pairs' (pentanomial)
/// statistics rest on.
fn moments<const K: usize>(weighted: [(f64, f64); K]) -> (f64, f64) {
    let n: f64 = weighted.iter().map(|&(c, _)| c).sum();
    let mean = weighted.iter().map(|&(c, x)| c * x).sum::<f64>() / n;
    let var = weighted
        .iter()
        .map(|&(c, x)| c * (x - mean).powi(2))
        .sum::<f64>()
        / n;
    (mean, var)
}

/// The error function (Abramowitz and Stegun 7.1.26; error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The mean score per game, `None` before any game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / n as f64)
    }

    /// Counts one game in which this side scored `points` (1, 1/2 or 0).
    pub fn count(&mut self, points: f64) {
        match points {
            p if p > 0.75 => self.wins += 1,
            p if p < 0.25 => self.losses += 1,
            _ => self.draws += 1,
        }
    }

    /// The share of draws, `None` before any game.
    pub fn draw_ratio(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.draws as f64 / n as f64)
    }

    /// The mean score per game and its variance, from these counts.
    fn moments(w: f64, d: f64, l: f64) -> (f64, f64) {
        moments([(w, 1.0), (d, 0.5), (l, 0.0)])
    }

    /// The Elo difference; `None` when it is infinite (no game, all won or
    /// all lost).
    pub fn elo(&self) -> Option<f64> {
        let s = self.score()?;
        (s > 0.0 && s < 1.0).then(|| elo_from_score(s))
    }

    /// Half the width of the 95% interval of the Elo difference; `None`
    /// when an end of the interval is infinite.
    pub fn elo_margin(&self) -> Option<f64> {
        let n = self.games() as f64;
        if n == 0.0 {
            return None;
        }
        let (s, var) = Wdl::moments(self.wins as f64, self.draws as f64, self.losses as f64);
        let dev = (var / n).sqrt();
        let (lo, hi) = (s - Z95 * dev, s + Z95 * dev);
        (lo > 0.0 && hi < 1.0).then(|| (elo_from_score(hi) - elo_from_score(lo)) / 2.0)
    }

    /// The likelihood of superiority (0..1); 0.5 with no decisive game.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
    }

    /// The same games from the other side.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// One line: `Elo difference: X +/- Y, LOS: Z %, DrawRatio: D %`.
    pub fn describe(&self) -> String {
        let elo = match (self.elo(), self.elo_margin()) {
            (Some(e), Some(m)) => format!("{:.1} +/- {m:.1}", e + 0.0),
            (Some(e), None) => format!("{:.1} +/- inf", e + 0.0),
            (None, _) => match self.score() {
                Some(s) if s >= 1.0 => "+inf".to_string(),
                Some(_) => "-inf".to_string(),
                None => "n/a".to_string(),
            },
        };
        format!(
            "Elo difference: {elo}, LOS: {:.1} %, DrawRatio: {:.1} %",
            self.los() * 100.0,
            self.draw_ratio().unwrap_or(0.0) * 100.0
        )
    }
}

/// Game pairs (one opening played with both colours) counted by one side's
/// points over the pair: 0, 1/2, 1, 3/2 or 2 (the pentanomial counts).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairs {
    /// How many pairs scored `k / 2` points, for `k` from 0 to 4.
    pub counts: [u32; 5],
}

impl Pairs {
    /// Counts a pair whose games gave this side `first` and `second`
    /// points (each 0, 1/2 or 1).
    pub fn add(&mut self, first: f64, second: f64) {
        let k = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }
}

/// The settings of a sequential probability ratio test.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative hypothesis.
    pub elo1: f64,
    /// The false positive rate.
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtStatus {
    /// Not decided yet.
    Continue,
    /// H0 accepted: the difference is at most `elo0`.
    AcceptH0,
    /// H1 accepted: the difference is at least `elo1`.
    AcceptH1,
}

impl Sprt {
    /// Parses `elo0=0,elo1=10,alpha=0.05,beta=0.05` (alpha and beta default
    /// to 0.05).
    pub fn parse(text: &str) -> Result<Sprt, RefereeError> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let bad = || RefereeError::new(format!("--sprt '{text}': bad part '{part}'"));
            let (key, value) = part.split_once('=').ok_or_else(bad)?;
            let value: f64 = value.trim().parse().map_err(|_| bad())?;
            if !value.is_finite() {
                return Err(bad());
            }
            match key.trim() {
                "elo0" => sprt.elo0 = value,
                "elo1" => sprt.elo1 = value,
                "alpha" => sprt.alpha = value,
                "beta" => sprt.beta = value,
                _ => return Err(bad()),
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() || sprt.elo0 >= sprt.elo1 {
            return Err(RefereeError::new(format!(
                "--sprt '{text}': elo0 and elo1 are required, with elo0 < elo1"
            )));
        }
        let rate = 0.0..0.5;
        if !rate.contains(&sprt.alpha)
            || !rate.contains(&sprt.beta)
            || sprt.alpha == 0.0
            || sprt.beta == 0.0
        {
            return Err(RefereeError::new(format!(
                "--sprt '{text}': alpha and beta must lie strictly between 0 and 0.5"
            )));
        }
        Ok(sprt)
    }

    /// The `(lower, upper)` LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The generalised SPRT's log-likelihood ratio of `n` samples of mean
    /// score `mean` and variance `var`.
    fn gsprt(&self, n: f64, mean: f64, var: f64) -> f64 {
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The trinomial log-likelihood ratio of games (see the module docs).
    pub fn llr(&self, wdl: &Wdl) -> f64 {
        if wdl.games() == 0 {
            return 0.0;
        }
        let fix = |c: u32| if c == 0 { 0.5 } else { c as f64 };
        let (s, var) = Wdl::moments(fix(wdl.wins), fix(wdl.draws), fix(wdl.losses));
        self.gsprt(wdl.games() as f64, s, var)
    }

    /// The pentanomial log-likelihood ratio of game pairs (see the module
    /// docs).
    pub fn llr_pairs(&self, pairs: &Pairs) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        // A pair's mean score is k/4 for k/2 points.
        let weighted: [(f64, f64); 5] = std::array::from_fn(|k| {
            let c = pairs.counts[k];
            (if c == 0 { 0.5 } else { c as f64 }, k as f64 / 4.0)
        });
        let (mean, var) = moments(weighted);
        self.gsprt(pairs.pairs() as f64, mean, var)
    }

    /// Whether a log-likelihood ratio decides the test.
    pub fn decide(&self, llr: f64) -> SprtStatus {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtStatus::AcceptH1
        } else if llr <= lower {
            SprtStatus::AcceptH0
        } else {
            SprtStatus::Continue
        }
    }

    /// One line: `SPRT (settings): llr X, lbound L, ubound U - verdict`.
    pub fn describe(&self, llr: f64) -> String {
        let (lower, upper) = self.bounds();
        let verdict = match self.decide(llr) {
            SprtStatus::Continue => "no decision",
            SprtStatus::AcceptH0 => "H0 was accepted",
            SprtStatus::AcceptH1 => "H1 was accepted",
        };
        format!(
            "SPRT (elo0={}, elo1={}, alpha={}, beta={}): llr {:.3}, lbound {:.3}, ubound {:.3} - {verdict}",
            self.elo0, self.elo1, self.alpha, self.beta, llr, lower, upper
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) {
        assert!((a - b).abs() < eps, "{a} != {b}");
    }

    /// The record of `wins`, `draws` and `losses`.
    fn counts(wins: u32, draws: u32, losses: u32) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn elo_and_interval_of_a_worked_example() {
        // W=60 D=20 L=20, N=100: s = (60 + 10)/100 = 0.7,
        // Elo = -400 log10(1/0.7 - 1) = -400 log10(0.428571) = 147.19.
        // σ² = (60·0.3² + 20·0.2² + 20·0.7²)/100 = (5.4 + 0.8 + 9.8)/100 = 0.16,
        // standard error sqrt(0.16/100) = 0.04, interval s ± 0.0784 =
        // [0.621601, 0.778399] -> [86.22, 218.25] Elo, margin 66.01.
        let wdl = counts(60, 20, 20);
        close(wdl.score().unwrap(), 0.7, 1e-12);
        close(wdl.elo().unwrap(), 147.1907, 1e-3);
        close(wdl.elo_margin().unwrap(), 66.0134, 1e-3);
        close(wdl.draw_ratio().unwrap(), 0.2, 1e-12);
        close(wdl.flipped().elo().unwrap(), -147.1907, 1e-3);
    }

    #[test]
    fn los_of_a_worked_example() {
        // W=30 D=40 L=20: LOS = (1 + erf(10 / sqrt(2·50)))/2 = (1 + erf(1))/2
        // = (1 + 0.8427008)/2 = 0.9213504. Elo: s = 50/90, 38.764.
        let wdl = counts(30, 40, 20);
        close(wdl.los(), 0.921_350_4, 1e-6);
        close(wdl.elo().unwrap(), 38.764, 1e-3);
        close(wdl.elo_margin().unwrap(), 54.012, 1e-3);
        close(Wdl::default().los(), 0.5, 1e-12);
        assert_eq!(Wdl::default().elo(), None);
        assert_eq!(counts(3, 0, 0).elo(), None);
    }

    #[test]
    fn sprt_worked_examples() {
        let sprt = Sprt::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap();
        // Bounds ln(0.05/0.95) = -2.944439 and ln(0.95/0.05) = 2.944439.
        let (lo, hi) = sprt.bounds();
        close(lo, -2.944_439, 1e-6);
        close(hi, 2.944_439, 1e-6);
        // s0 = 0.5, s1 = 1/(1 + 10^(-10/400)) = 0.514387.
        // W=30 D=40 L=20: s = 0.555556, σ² = 0.135802,
        // LLR = 90 · 0.014387 · (1.111111 - 1.014387) / (2 · 0.135802) = 0.46112.
        let wdl = counts(30, 40, 20);
        close(sprt.llr(&wdl), 0.461_121, 1e-5);
        assert_eq!(sprt.decide(sprt.llr(&wdl)), SprtStatus::Continue);
        // W=400 D=200 L=200: s = 0.625, σ² = 0.171875,
        // LLR = 800 · 0.014387 · (1.25 - 1.014387) / 0.34375 = 7.889 -> H1.
        let wdl = counts(400, 200, 200);
        close(sprt.llr(&wdl), 7.889_001, 1e-5);
        assert_eq!(sprt.decide(sprt.llr(&wdl)), SprtStatus::AcceptH1);
        // The mirror: s = 0.375, LLR = 800 · 0.014387 · (0.75 - 1.014387)/0.34375 = -8.852 -> H0.
        close(sprt.llr(&wdl.flipped()), -8.852_450, 1e-5);
        assert_eq!(sprt.decide(sprt.llr(&wdl.flipped())), SprtStatus::AcceptH0);
        // Every game won: the zero counts become 0.5, and the test decides.
        let all = counts(100, 0, 0);
        assert_eq!(sprt.decide(sprt.llr(&all)), SprtStatus::AcceptH1);
    }

    #[test]
    fn pentanomial_sprt_worked_examples() {
        let sprt = Sprt::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap();
        // 100 pairs [10, 20, 40, 20, 10]: mean 0.5, variance
        // (10·1/16 + 20·1/64 + 20·1/64 + 10·1/16)/100 = 0.075,
        // LLR = 100 · 0.014387 · (1 - 1.014387) / 0.15 = -0.137994.
        let even = Pairs {
            counts: [10, 20, 40, 20, 10],
        };
        close(sprt.llr_pairs(&even), -0.137_994, 1e-5);
        // Two independent games a pair, each won, drawn and lost with
        // probabilities 1/2, 1/4, 1/4: the pairs of 800 games W=400 D=200
        // L=200 are [25, 50, 125, 100, 100], and the pentanomial LLR is the
        // trinomial one, 7.889.
        let independent = Pairs {
            counts: [25, 50, 125, 100, 100],
        };
        close(sprt.llr_pairs(&independent), 7.889_001, 1e-5);
        // 400 pairs each worth one point (a win and a loss, or two draws:
        // the colour decides every game): an even score that hardly
        // varies, so H0 at once.
        let swings = Pairs {
            counts: [0, 0, 400, 0, 0],
        };
        assert!(sprt.llr_pairs(&swings) < 0.0);
        assert_eq!(sprt.decide(sprt.llr_pairs(&swings)), SprtStatus::AcceptH0);
        let mut pairs = Pairs::default();
        pairs.add(1.0, 0.5);
        pairs.add(0.0, 0.0);
        pairs.add(0.5, 0.5);
        assert_eq!(pairs.counts, [1, 0, 1, 1, 0]);
        assert_eq!(pairs.pairs(), 3);
    }

    #[test]
    fn sprt_settings_are_checked() {
        let s = Sprt::parse("elo0=-5,elo1=5").unwrap();
        assert_eq!((s.alpha, s.beta), (0.05, 0.05));
        for bad in [
            "elo0=5,elo1=0",
            "elo1=5",
            "elo0=0,elo1=5,alpha=0",
            "elo0=0,elo1=x",
            "x=1,elo0=0,elo1=1",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn erf_matches_known_values() {
        close(erf(0.0), 0.0, 1e-7);
        close(erf(1.0), 0.842_700_79, 2e-7);
        close(erf(-0.5), -0.520_499_88, 2e-7);
    }
}
