//! What the variants' fitted evaluations share: the names of bucketed
//! features and the captured seeds every evaluation starts from.

/// The name of bucket `b` of a feature counted in `buckets` buckets
/// (`what=b`), the last of which holds every larger count (`what=b+`).
pub(crate) fn bucket_name(what: &str, b: usize, buckets: usize) -> String {
    let plus = if b == buckets - 1 { "+" } else { "" };
    format!("{what}={b}{plus}")
}

/// The captured seeds of the side `me` less the opponent's, in
/// centiseeds (100 a seed, the unit of every weight).
#[inline]
pub(crate) fn captured(scores: [u32; 2], me: usize) -> i32 {
    100 * (scores[me] as i32 - scores[1 - me] as i32)
}

/// Weights that differ from feature to feature, for the tests of an
/// evaluation: `(i * step) % modulus - modulus / 2` for feature `i`.
#[cfg(test)]
pub(crate) fn test_weights(count: usize, step: i32, modulus: i32) -> Vec<i32> {
    (0..count as i32)
        .map(|i| (i * step) % modulus - modulus / 2)
        .collect()
}

/// Checks that `evaluation` is the `captured` seeds plus the dot product
/// of `weights` and the feature `values`, and that its `terms` add up to it:
/// the tables an evaluation folds from its weights lose nothing.
#[cfg(test)]
#[track_caller]
pub(crate) fn assert_dot_product(
    weights: &[i32],
    values: &[i32],
    captured: i32,
    evaluation: i32,
    terms: &[(&str, i32)],
) {
    let dot: i32 = weights.iter().zip(values).map(|(w, v)| w * v).sum();
    assert_eq!(evaluation, captured + dot);
    assert_eq!(terms.iter().map(|t| t.1).sum::<i32>(), evaluation);
}

/// Checks that each of the `count` features has a name.
#[cfg(test)]
pub(crate) fn assert_named(count: usize, name: fn(usize) -> String) {
    for i in 0..count {
        assert_ne!(name(i), "?", "{i}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_bucket_holds_the_larger_counts() {
        assert_eq!(bucket_name("cells", 3, 7), "cells=3");
        assert_eq!(bucket_name("cells", 6, 7), "cells=6+");
        assert_eq!(captured([10, 4], 0), 600);
        assert_eq!(captured([10, 4], 1), -600);
    }
}
