//! Texel-style fitting: the evaluation's win probability
//! `sigmoid(eval / K)` (the evaluation multiplied by the engine's scale
//! where the data asks for it, [`Dataset::scale`]) is fitted to a blend of
//! the game's result and the search score's own probability, by mean
//! squared error. `K` is fitted
//! first (to the results, with the starting weights), then the weights by
//! Adam on shuffled mini-batches.

use super::data::Dataset;
use crate::rng::Rng;

/// The logistic function.
#[inline]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The linear evaluation of position `i` with real weights.
#[inline]
pub fn eval(data: &Dataset, w: &[f64], i: usize) -> f64 {
    let mut e = f64::from(data.captured[i]);
    for &(f, v) in data.features(i) {
        e += w[f as usize] * f64::from(v);
    }
    e * data.scale(i)
}

/// The target of position `i`: `lambda` times the result plus `1 -
/// lambda` times the search score's probability at scale `k`.
#[inline]
pub fn target(data: &Dataset, i: usize, k: f64, lambda: f64) -> f64 {
    let scale = if data.scale_scores {
        data.scale(i)
    } else {
        1.0
    };
    let searched = sigmoid(f64::from(data.score[i]) * scale / k);
    lambda * f64::from(data.result[i]) + (1.0 - lambda) * searched
}

/// Mean squared error over the training (`validation` false) or the
/// held-out positions.
pub fn loss(data: &Dataset, w: &[f64], k: f64, lambda: f64, validation: bool) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for i in 0..data.len() {
        if data.validation[i] == validation {
            let d = sigmoid(eval(data, w, i) / k) - target(data, i, k, lambda);
            sum += d * d;
            n += 1;
        }
    }
    if n == 0 {
        0.0
    } else {
        sum / n as f64
    }
}

/// The scale `K` that best fits the training results with weights `w`
/// (golden-section search on `ln K` between 10 and 10,000 centiseeds).
pub fn fit_k(data: &Dataset, w: &[f64]) -> f64 {
    let f = |lnk: f64| loss(data, w, lnk.exp(), 1.0, false);
    let (mut a, mut b) = (10f64.ln(), 10_000f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..40 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Settings of the weight fit.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Settings {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Weight of the game result in the target (the rest is the search score).
    pub lambda: f64,
    /// Adam's step size at the start, in centiseeds; it falls linearly to a
    /// tenth of this by the last epoch.
    pub learning_rate: f64,
    /// Positions per Adam step.
    pub batch: usize,
    /// Seed of the shuffling (the fit is a function of the data and these
    /// settings only).
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            epochs: 40,
            lambda: 0.5,
            learning_rate: 2.0,
            batch: 4096,
            seed: 1,
        }
    }
}

/// Adam's state for every weight.
pub(crate) struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-12;

    pub(crate) fn new(count: usize) -> Adam {
        Adam {
            m: vec![0.0; count],
            v: vec![0.0; count],
            t: 0,
        }
    }

    /// One step against `grad` with step size `lr`.
    pub(crate) fn step(&mut self, w: &mut [f64], grad: &[f64], lr: f64) {
        self.t += 1;
        let c1 = 1.0 - Self::BETA1.powi(self.t);
        let c2 = 1.0 - Self::BETA2.powi(self.t);
        for i in 0..w.len() {
            if grad[i] == 0.0 && self.m[i] == 0.0 {
                continue;
            }
            self.m[i] = Self::BETA1 * self.m[i] + (1.0 - Self::BETA1) * grad[i];
            self.v[i] = Self::BETA2 * self.v[i] + (1.0 - Self::BETA2) * grad[i] * grad[i];
            let (m, v) = (self.m[i] / c1, self.v[i] / c2);
            w[i] -= lr * m / (v.sqrt() + Self::EPSILON);
        }
    }
}

/// Shuffles `order` (Fisher-Yates with the crate's generator: the same
/// order every run).
pub(crate) fn shuffle(order: &mut [usize], rng: &mut Rng) {
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
}

/// The step size of epoch `epoch` (from 1) of `epochs`: `start`, falling
/// linearly to a tenth of it by the last epoch.
pub(crate) fn step_size(start: f64, epoch: usize, epochs: usize) -> f64 {
    let progress = (epoch - 1) as f64 / epochs.max(2).saturating_sub(1) as f64;
    start * (1.0 - 0.9 * progress)
}

/// Fits the weights from `w`, calling `on_epoch(epoch, train loss,
/// validation loss)` after each epoch; returns the weights of the epoch
/// with the lowest validation loss (all of them when nothing is held out).
pub fn train(
    data: &Dataset,
    mut w: Vec<f64>,
    k: f64,
    s: &Settings,
    on_epoch: &mut dyn FnMut(usize, f64, f64),
) -> Vec<f64> {
    let mut order: Vec<usize> = (0..data.len()).filter(|&i| !data.validation[i]).collect();
    let held_out = data.validation.iter().any(|&v| v);
    let targets: Vec<f64> = (0..data.len())
        .map(|i| target(data, i, k, s.lambda))
        .collect();
    let mut rng = Rng::new(s.seed);
    let mut adam = Adam::new(w.len());
    let (mut best, mut best_loss) = (w.clone(), f64::INFINITY);
    for epoch in 1..=s.epochs {
        shuffle(&mut order, &mut rng);
        let lr = step_size(s.learning_rate, epoch, s.epochs);
        for batch in order.chunks(s.batch.max(1)) {
            let mut grad = vec![0.0f64; w.len()];
            for &i in batch {
                let p = sigmoid(eval(data, &w, i) / k);
                let g = 2.0 * (p - targets[i]) * p * (1.0 - p) / k * data.scale(i);
                for &(f, v) in data.features(i) {
                    grad[f as usize] += g * f64::from(v);
                }
            }
            let n = batch.len() as f64;
            grad.iter_mut().for_each(|g| *g /= n);
            adam.step(&mut w, &grad, lr);
        }
        let train_loss = loss(data, &w, k, s.lambda, false);
        let valid_loss = if held_out {
            loss(data, &w, k, s.lambda, true)
        } else {
            train_loss
        };
        on_epoch(epoch, train_loss, valid_loss);
        if valid_loss < best_loss {
            best_loss = valid_loss;
            best.clone_from(&w);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::oware::eval::SCALE;

    /// Positions with 12 or 40 seeds on the board and no features, whose
    /// results follow `sigmoid(scale(n) * captured / 100)`, the engine's
    /// scale `scale(n)` at `n` seeds.
    fn results_by_scale(count: usize) -> Dataset {
        let mut rng = Rng::new(11);
        let mut data = Dataset::new();
        for i in 0..count {
            let on_board = if i % 2 == 0 { 12 } else { 40 };
            let captured = 50 * (rng.below(9) as i32 - 4);
            let scale = f64::from(SCALE[on_board]) / 64.0;
            let p = sigmoid(scale * f64::from(captured) / 100.0);
            let unit = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let result = if unit < p { 1.0 } else { 0.0 };
            data.push(&[], captured, result, captured as f32, i as u32);
            let mut row = [0u8; 12];
            row[0] = (on_board / 2) as u8;
            row[6] = (on_board - on_board / 2) as u8;
            data.rows.push(row);
        }
        data
    }

    #[test]
    fn the_engine_scale_multiplies_the_evaluation_and_if_asked_the_search_score() {
        let mut data = Dataset::new();
        data.push(&[(0, 2)], 100, 1.0, 150.0, 1);
        data.rows.push([2, 0, 0, 0, 0, 0, 1, 3, 0, 2, 2, 2]);
        let w = [10.0];
        assert_eq!(eval(&data, &w, 0), 120.0);
        let plain_target = target(&data, 0, 100.0, 0.0);
        data.apply_engine_scale(false);
        assert_eq!(target(&data, 0, 100.0, 0.0), plain_target);
        data.apply_engine_scale(true);
        let s = f64::from(SCALE[12]) / 64.0;
        assert_eq!(data.scale(0), f64::from(s as f32));
        assert!((eval(&data, &w, 0) - s * 120.0).abs() < 1e-4);
        let searched = sigmoid(s * 150.0 / 100.0);
        assert!((target(&data, 0, 100.0, 0.0) - searched).abs() < 1e-6);
        assert!((target(&data, 0, 100.0, 1.0) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_fit_with_the_engine_scale_finds_the_scale_the_results_follow() {
        let mut data = results_by_scale(40_000);
        let plain_k = fit_k(&data, &[]);
        let plain_loss = loss(&data, &[], plain_k, 1.0, false);
        data.apply_engine_scale(false);
        let k = fit_k(&data, &[]);
        assert!((k / 100.0 - 1.0).abs() < 0.1, "K {k}, the results' 100");
        let scaled_loss = loss(&data, &[], k, 1.0, false);
        assert!(
            scaled_loss < plain_loss,
            "scaled {scaled_loss} against one K for every seed count {plain_loss}"
        );
    }
}
