//! The evaluation tuner behind `awale tune`: it reads `awale datagen`
//! files ([`data`]), fits the weights of the Oware feature set
//! ([`crate::variants::oware::features`]) Texel-style ([`fit`]) and rounds
//! them to the integers of a weight file. See `docs/eval.md`.

pub mod data;
pub mod fit;

pub use data::{Dataset, Selection};
pub use fit::Settings;

use crate::variants::oware::features::{self, COUNT};

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The fitted scale `K` of `sigmoid(eval / K)`, in centiseeds.
    pub k: f64,
    /// Training and validation loss of the starting weights.
    pub initial: (f64, f64),
    /// Training and validation loss after each epoch.
    pub epochs: Vec<(f64, f64)>,
    /// Training and validation loss of the rounded weights returned.
    pub last: (f64, f64),
    /// The fitted weights, rounded to centiseeds.
    pub weights: [i32; COUNT],
}

/// Fits the weights on `data`, starting from the hand-set evaluation;
/// `on_epoch(epoch, train loss, validation loss)` reports progress.
pub fn tune(
    data: &Dataset,
    settings: &Settings,
    on_epoch: &mut dyn FnMut(usize, f64, f64),
) -> Report {
    let start: [f64; COUNT] = features::hand_set().map(f64::from);
    let k = fit::fit_k(data, &start);
    let losses = |w: &[f64; COUNT]| {
        (
            fit::loss(data, w, k, settings.lambda, false),
            fit::loss(data, w, k, settings.lambda, true),
        )
    };
    let initial = losses(&start);
    let mut epochs = Vec::new();
    let fitted = fit::train(data, start, k, settings, &mut |e, t, v| {
        epochs.push((t, v));
        on_epoch(e, t, v);
    });
    let weights = fitted.map(|w| w.round().clamp(-1e6, 1e6) as i32);
    let last = losses(&weights.map(f64::from));
    Report {
        k,
        initial,
        epochs,
        last,
        weights,
    }
}
