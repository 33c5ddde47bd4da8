//! What the evaluation tuner needs of a variant whose evaluation is the
//! captured seeds plus a linear function of features (`docs/eval.md`):
//! the features of a position and the weights the fit starts from. The
//! search never uses this trait; it sees the result through
//! [`Game::evaluate`].

use super::{Game, Scoreboard};

/// A variant with a fitted linear evaluation.
pub trait Features: Game {
    /// The identifier of the feature set, stored in weight files so that
    /// weights fitted for one variant are refused by another.
    const FEATURE_SET: u32;
    /// A short name of feature `i`, for weight listings.
    fn feature_name(i: usize) -> String;

    /// Appends the non-zero features of `pos` as `(index, value)` pairs,
    /// each "mine minus the opponent's" from the side to move.
    fn features(&self, pos: &Self::Position, out: &mut Vec<(usize, i32)>);

    /// The weights a fit starts from, one per feature: the evaluation
    /// before any fit.
    fn start_weights() -> Vec<i32>;

    /// The captured seeds, mine minus the opponent's, in centiseeds: the
    /// part of the evaluation that is not fitted.
    fn captured(&self, pos: &Self::Position) -> i32 {
        pos.captured_lead()
    }
}

/// Appends the non-zero entries of the dense feature values `values` to
/// `out` as `(index, value)` pairs: what [`Features::features`] returns.
pub fn push_nonzero(values: &[i32], out: &mut Vec<(usize, i32)>) {
    out.extend(values.iter().copied().enumerate().filter(|&(_, v)| v != 0));
}

/// A named group of features, `(name, first index, end index)`: one term of
/// a linear evaluation as the `eval` command shows it.
pub type Group = (&'static str, usize, usize);

/// The terms of a linear evaluation: the captured seeds, then for each
/// group the sum of its weights times its feature values. They sum to the
/// evaluation when the groups cover every feature once.
pub fn group_terms(
    captured: i32,
    weights: &[i32],
    values: &[i32],
    groups: &[Group],
) -> Vec<(&'static str, i32)> {
    let mut terms = vec![("captured", captured)];
    for &(name, from, to) in groups {
        terms.push((name, (from..to).map(|i| weights[i] * values[i]).sum()));
    }
    terms
}
