//! How well the search's scores predict the games' results, seed count by
//! seed count (`awale tune --calibrate`, docs/eval.md "How sure the scores
//! are, by seeds on the board").
//!
//! For the positions with `n` seeds on the board, the factor `a` is fitted
//! for which `sigmoid(a * score / K)` best predicts the result (least
//! squares, Gauss-Newton on `a`). A factor above 1 means the scores there
//! are too timid: the games are more decided than the scores say. Split in
//! two, the captured seeds and the rest of the score each get a factor:
//! equal factors say the whole score is off by one scale, not one of its
//! terms. Only positions with a heuristic score count (a proven result
//! says nothing about the evaluation's scale).

use super::data::{Dataset, PROVEN};
use super::fit::sigmoid;

/// One position of the fit: its seeds on the board, the parts of its score
/// (centiseeds) and the game's result from the side to move.
#[derive(Copy, Clone, Debug)]
struct Sample {
    on_board: usize,
    captured: f64,
    score: f64,
    result: f64,
}

impl Sample {
    /// The parts each factor multiplies: the whole score, or the captured
    /// seeds and the rest.
    fn parts(&self, split: bool) -> ([f64; 2], usize) {
        if split {
            ([self.captured, self.score - self.captured], 2)
        } else {
            ([self.score, 0.0], 1)
        }
    }

    /// The predicted result, `sigmoid(factors · parts / k)`.
    fn predicted(&self, factors: &[f64], k: f64, split: bool) -> f64 {
        let (x, n) = self.parts(split);
        let z: f64 = (0..n).map(|u| factors[u] * x[u]).sum();
        sigmoid(z / k)
    }
}

/// Seed counts with fewer positions than this are left out by default:
/// their factor would be noise.
pub const MIN_POSITIONS: usize = 300;

/// The calibration of one seed count.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Seeds on the board.
    pub on_board: usize,
    /// Positions with that many seeds and a heuristic score.
    pub positions: usize,
    /// The fitted factors: one for the whole score, or the captured seeds'
    /// and the rest's.
    pub factors: Vec<f64>,
    /// Mean squared error of the prediction with every factor 1.
    pub before: f64,
    /// Mean squared error with the fitted factors.
    pub after: f64,
}

/// A calibration of a dataset.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// The scale `K` the factors are relative to.
    pub k: f64,
    /// Positions with a heuristic score, all seed counts together.
    pub positions: usize,
    /// One row per seed count with at least the asked number of positions,
    /// fewest seeds first.
    pub rows: Vec<Row>,
    /// The seed counts left out for having fewer positions: `(seeds,
    /// positions)`, fewest seeds first.
    pub left_out: Vec<(usize, usize)>,
}

/// Calibrates the scores of `data` (read from `awale datagen` files: it
/// needs the holes of each position) by seeds on the board. `k` is the
/// scale of `sigmoid(score / K)`; without one, the single scale that best
/// fits every position at once, so that the factors say how each seed
/// count departs from the file's average. Seed counts with fewer than
/// `min_positions` positions are left out. An error when the data holds no
/// position with a heuristic score, or no holes.
pub fn calibrate(
    data: &Dataset,
    k: Option<f64>,
    split: bool,
    min_positions: usize,
) -> Result<Calibration, String> {
    if data.rows.len() != data.len() {
        return Err("the calibration needs awale datagen files (--data)".to_string());
    }
    let samples: Vec<Sample> = (0..data.len())
        .filter(|&i| data.score[i].abs() < PROVEN)
        .map(|i| Sample {
            on_board: data.rows[i].iter().map(|&s| usize::from(s)).sum(),
            captured: f64::from(data.captured[i]),
            score: f64::from(data.score[i]),
            result: f64::from(data.result[i]),
        })
        .collect();
    if samples.is_empty() {
        return Err("no position with a heuristic score in the data".to_string());
    }
    let k = match k {
        Some(k) => k,
        None => {
            // At K = 100 one factor for all; the best scale is 100 / a.
            let a = fit(&samples, 100.0, false).0[0];
            if !(a.is_finite() && a > 0.0) {
                return Err("the scores do not predict the results: no scale fits".to_string());
            }
            100.0 / a
        }
    };
    let mut rows = Vec::new();
    let mut left_out = Vec::new();
    let most = samples.iter().map(|s| s.on_board).max().unwrap_or(0);
    let mut by_count: Vec<Vec<Sample>> = vec![Vec::new(); most + 1];
    for s in &samples {
        by_count[s.on_board].push(*s);
    }
    for (on_board, group) in by_count.iter().enumerate() {
        if group.is_empty() {
            continue;
        }
        if group.len() < min_positions {
            left_out.push((on_board, group.len()));
            continue;
        }
        let (factors, before, after) = fit(group, k, split);
        rows.push(Row {
            on_board,
            positions: group.len(),
            factors,
            before,
            after,
        });
    }
    Ok(Calibration {
        k,
        positions: samples.len(),
        rows,
        left_out,
    })
}

/// The mean squared error of `sigmoid(factors · parts / k)` against the
/// results.
fn mse(samples: &[Sample], k: f64, split: bool, factors: &[f64]) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = s.predicted(factors, k, split) - s.result;
            d * d
        })
        .sum();
    sum / samples.len() as f64
}

/// Least-squares factors for `samples` at scale `k` (Gauss-Newton from 1,
/// a step halved until it lowers the error: on few positions, nearly all
/// won or lost, the plain step overshoots), with the error before (every
/// factor 1) and after.
fn fit(samples: &[Sample], k: f64, split: bool) -> (Vec<f64>, f64, f64) {
    let n = if split { 2 } else { 1 };
    let mut a = vec![1.0; n];
    let before = mse(samples, k, split, &a);
    let mut error = before;
    for _ in 0..50 {
        let mut grad = [0.0; 2];
        let mut hess = [[0.0; 2]; 2];
        for s in samples {
            let (x, _) = s.parts(split);
            let y = s.predicted(&a, k, split);
            let slope = y * (1.0 - y) / k;
            for u in 0..n {
                grad[u] += (y - s.result) * slope * x[u];
                for v in 0..n {
                    hess[u][v] += slope * x[u] * slope * x[v];
                }
            }
        }
        let Some(mut step) = solve(&hess, &grad, n) else {
            break;
        };
        let mut moved = false;
        for _ in 0..30 {
            let tried: Vec<f64> = (0..n).map(|u| a[u] - step[u]).collect();
            let e = mse(samples, k, split, &tried);
            if e <= error {
                (a, error, moved) = (tried, e, true);
                break;
            }
            step = step.map(|s| s / 2.0);
        }
        if !moved || step.iter().all(|s| s.abs() < 1e-7) {
            break;
        }
    }
    (a, before, error)
}

/// Solves `m x = b` for the first `n` (1 or 2) unknowns; `None` when the
/// system is singular.
fn solve(m: &[[f64; 2]; 2], b: &[f64; 2], n: usize) -> Option<[f64; 2]> {
    if n == 1 {
        return (m[0][0] > 0.0).then(|| [b[0] / m[0][0], 0.0]);
    }
    let det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
    if det.abs() < 1e-300 {
        return None;
    }
    Some([
        (m[1][1] * b[0] - m[0][1] * b[1]) / det,
        (m[0][0] * b[1] - m[1][0] * b[0]) / det,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// A dataset whose results follow `sigmoid(truth(n) * score / 100)` at
    /// `n` seeds on the board, the captured seeds drawn apart from the rest
    /// of the score.
    fn synthetic(truth: impl Fn(usize) -> f64, positions: usize) -> Dataset {
        let mut data = Dataset::new();
        let mut rng = Rng::new(7);
        for i in 0..positions {
            let on_board = if i % 2 == 0 { 12 } else { 40 };
            let captured = 100 * (rng.below(5) as i32 - 2);
            let score = (captured + rng.below(400) as i32 - 200) as f32;
            let p = sigmoid(truth(on_board) * f64::from(score) / 100.0);
            let unit = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let result = if unit < p { 1.0 } else { 0.0 };
            data.push(&[], captured, result, score, i as u32);
            let mut row = [0u8; 12];
            row[0] = (on_board / 2) as u8;
            row[6] = (on_board - on_board / 2) as u8;
            data.rows.push(row);
        }
        // A proven score never counts.
        data.push(&[], 0, 0.0, -PROVEN, 0);
        data.rows.push([4; 12]);
        data
    }

    #[test]
    fn the_factor_of_each_seed_count_is_found() {
        let data = synthetic(|n| if n == 12 { 3.0 } else { 1.0 }, 40_000);
        let c = calibrate(&data, Some(100.0), false, 100).expect("calibrated");
        assert_eq!(c.positions, 40_000);
        let counts: Vec<usize> = c.rows.iter().map(|r| r.on_board).collect();
        assert_eq!(counts, vec![12, 40]);
        assert!((c.rows[0].factors[0] - 3.0).abs() < 0.3, "{:?}", c.rows[0]);
        assert!((c.rows[1].factors[0] - 1.0).abs() < 0.1, "{:?}", c.rows[1]);
        for r in &c.rows {
            assert!(r.after <= r.before + 1e-12, "{r:?}");
        }
        assert!(c.rows[0].after < c.rows[0].before);
    }

    #[test]
    fn split_factors_agree_when_the_whole_score_is_off() {
        let data = synthetic(|_| 2.0, 40_000);
        let c = calibrate(&data, Some(100.0), true, 100).expect("calibrated");
        for r in &c.rows {
            let [captured, rest] = [r.factors[0], r.factors[1]];
            assert!((captured - 2.0).abs() < 0.4, "{r:?}");
            assert!((rest - 2.0).abs() < 0.4, "{r:?}");
        }
    }

    #[test]
    fn without_a_scale_the_best_single_one_is_fitted() {
        let data = synthetic(|_| 2.0, 20_000);
        let c = calibrate(&data, None, false, 100).expect("calibrated");
        assert!((c.k - 50.0).abs() < 5.0, "K {}", c.k);
        for r in &c.rows {
            assert!((r.factors[0] - 1.0).abs() < 0.1, "{r:?}");
        }
    }

    #[test]
    fn results_the_scores_separate_give_a_large_finite_factor() {
        let mut data = Dataset::new();
        for (i, score) in [-80, -40, -20, 20, 40, 80].into_iter().enumerate() {
            data.push(
                &[],
                0,
                if score > 0 { 1.0 } else { 0.0 },
                score as f32,
                i as u32,
            );
            data.rows.push([1; 12]);
        }
        let c = calibrate(&data, Some(100.0), false, 1).expect("calibrated");
        let r = &c.rows[0];
        assert!(r.factors[0].is_finite() && r.factors[0] > 10.0, "{r:?}");
        assert!(r.after < r.before / 10.0, "{r:?}");
    }

    #[test]
    fn small_seed_counts_are_left_out_and_bad_data_refused() {
        let data = synthetic(|_| 1.0, 1_000);
        let c = calibrate(&data, Some(100.0), false, 501).expect("calibrated");
        assert!(c.rows.is_empty());
        let mut proven = Dataset::new();
        proven.push(&[], 0, 1.0, PROVEN, 0);
        proven.rows.push([4; 12]);
        assert!(calibrate(&proven, None, false, 1)
            .unwrap_err()
            .contains("heuristic"));
        let mut records = Dataset::new();
        records.push(&[], 0, 1.0, 100.0, 0);
        assert!(calibrate(&records, None, false, 1)
            .unwrap_err()
            .contains("--data"));
    }
}
