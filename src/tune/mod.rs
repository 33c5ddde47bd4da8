//! The evaluation tuner behind `awale tune`: it reads training positions
//! ([`data`]: `awale datagen` files for Oware, game records of `awale
//! match` for any variant through [`records`]), fits the weights of the
//! variant's feature set ([`crate::game::Features`]) Texel-style ([`fit`])
//! and rounds them to the integers of a weight file, or measures how well
//! the search's scores predict the results ([`calibration`]). See
//! `docs/eval.md`.

pub mod calibration;
pub mod data;
pub mod fit;
pub mod net;
pub mod records;

pub use data::{Dataset, Selection};
pub use fit::Settings;

use crate::game::Features;

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
    pub weights: Vec<i32>,
}

/// Fits the weights of `G`'s feature set on `data`, starting from
/// [`Features::start_weights`]; `on_epoch(epoch, train loss, validation
/// loss)` reports progress.
pub fn tune<G: Features>(
    data: &Dataset,
    settings: &Settings,
    on_epoch: &mut dyn FnMut(usize, f64, f64),
) -> Report {
    let start: Vec<f64> = G::start_weights().into_iter().map(f64::from).collect();
    let k = fit::fit_k(data, &start);
    let losses = |w: &[f64]| {
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
    let weights: Vec<i32> = fitted
        .iter()
        .map(|w| w.round().clamp(-1e6, 1e6) as i32)
        .collect();
    let last = losses(&weights.iter().map(|&w| f64::from(w)).collect::<Vec<_>>());
    Report {
        k,
        initial,
        epochs,
        last,
        weights,
    }
}
