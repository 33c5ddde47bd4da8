//! What the variants' fitted evaluations share: the layout of their
//! features in named groups, the names of the features, the captured
//! seeds every evaluation starts from, and the evaluation itself (the
//! weights and the tables they fold into, [`Fitted`]).

use crate::game::{group_terms, Group, Scoreboard};
use crate::variants::weight_file;

/// A feature set of a linear evaluation, implemented by the tables its
/// weights fold into: they value a position without listing its features.
pub trait FeatureSet: Sized {
    /// The positions valued.
    type Position: Scoreboard;
    /// The feature set's identifier in weight files.
    const FEATURE_SET: u32;
    /// The groups of features (see [`layout`]): the evaluation's terms.
    const GROUPS: &'static [Group];

    /// The tables of `weights`, one weight per feature.
    fn fold(weights: &[i32]) -> Self;

    /// The value of `pos` from the side to move, the captured seeds left
    /// out: the dot product of the weights and the features.
    fn value(&self, pos: Self::Position) -> i32;

    /// Every feature of `pos`, "mine minus the opponent's" from the side
    /// to move.
    fn values(pos: Self::Position) -> Vec<i32>;
}

/// A fitted evaluation: the captured seeds plus the weights' dot product
/// with the features, the weights kept beside the tables folded from them.
#[derive(Clone, Debug)]
pub struct Fitted<T> {
    weights: Vec<i32>,
    folded: T,
}

impl<T: FeatureSet> Fitted<T> {
    /// The evaluation with these weights; `None` unless there is one per
    /// feature.
    pub fn new(weights: Vec<i32>) -> Option<Fitted<T>> {
        (weights.len() == count(T::GROUPS)).then(|| Fitted {
            folded: T::fold(&weights),
            weights,
        })
    }

    /// The capture difference alone: every weight 0 (the evaluation when no
    /// weight file is usable).
    pub fn captures_only() -> Fitted<T> {
        Fitted::new(vec![0; count(T::GROUPS)]).expect("one weight per feature")
    }

    /// The evaluation of the weight file included in a variant's binary
    /// (`bytes`, made by `awale tune --records`): the capture difference
    /// alone when the variant has none yet or the file fails its checks
    /// (see [`weight_file::embedded`]).
    pub fn embedded(name: &str, bytes: &[u8]) -> Fitted<T> {
        weight_file::embedded(name, bytes, T::FEATURE_SET, count(T::GROUPS))
            .and_then(Fitted::new)
            .unwrap_or_else(Fitted::captures_only)
    }

    /// The weights, one per feature.
    pub fn weights(&self) -> &[i32] {
        &self.weights
    }

    /// The evaluation of `pos` from the side to move, in centiseeds.
    #[inline]
    pub fn evaluate(&self, pos: T::Position) -> i32 {
        pos.captured_lead() + self.folded.value(pos)
    }

    /// The evaluation split into named terms (the captured seeds, then one
    /// per group of features); they sum to [`Fitted::evaluate`].
    pub fn terms(&self, pos: T::Position) -> Vec<(&'static str, i32)> {
        group_terms(
            pos.captured_lead(),
            &self.weights,
            &T::values(pos),
            T::GROUPS,
        )
    }
}

/// The groups of a feature set from each group's name and number of
/// features, in index order: each group starts where the one before it
/// ends, so no index is computed by hand.
pub(crate) const fn layout<const N: usize>(sizes: [(&'static str, usize); N]) -> [Group; N] {
    let mut groups = [("", 0, 0); N];
    let (mut g, mut start) = (0, 0);
    while g < N {
        let (name, size) = sizes[g];
        groups[g] = (name, start, start + size);
        start += size;
        g += 1;
    }
    groups
}

/// A group of features that counts one quantity (a hole's seeds, the
/// seeds on a side) in buckets: a feature for each count below the last
/// bucket, and the last for that count or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Buckets {
    /// The feature that counts 0.
    pub first: usize,
    /// How many buckets.
    pub len: usize,
}

impl Buckets {
    /// The buckets of a group of a [`layout`]: the whole group.
    #[inline(always)]
    pub const fn of(group: Group) -> Buckets {
        Buckets {
            first: group.1,
            len: group.2 - group.1,
        }
    }

    /// The buckets of relative hole `h` in a group of `len` buckets per
    /// hole, hole 0's first.
    #[inline(always)]
    pub const fn per_hole(group: Group, len: usize, h: usize) -> Buckets {
        Buckets {
            first: group.1 + len * h,
            len,
        }
    }

    /// The feature that counts `n`.
    #[inline(always)]
    pub const fn index(self, n: usize) -> usize {
        self.first + if n < self.len { n } else { self.len - 1 }
    }

    /// The weights of the buckets as a table indexed by the count, for
    /// the counts `0..N`.
    pub fn table<const N: usize>(self, weights: &[i32]) -> [i32; N] {
        std::array::from_fn(|n| weights[self.index(n)])
    }
}

/// The number of features of a layout: where its last group ends.
pub(crate) const fn count(groups: &[Group]) -> usize {
    match groups.last() {
        Some(&(_, _, end)) => end,
        None => 0,
    }
}

/// The name of feature `i` as its group names it: a group of one feature
/// by the group's name, a larger one as buckets ([`bucket_name`]); `?`
/// past the last group.
pub(crate) fn feature_name(groups: &[Group], i: usize) -> String {
    match groups
        .iter()
        .find(|&&(_, from, to)| (from..to).contains(&i))
    {
        Some(&(name, from, to)) if to - from == 1 => name.into(),
        Some(&(name, from, to)) => bucket_name(name, i - from, to - from),
        None => "?".into(),
    }
}

/// The name of feature `i` of a layout whose first group is a table of
/// `buckets` features per relative hole (`hole2=5` for bucket 5 of hole
/// 2), the others named as [`feature_name`] names them.
pub(crate) fn per_hole_feature_name(groups: &[Group], buckets: usize, i: usize) -> String {
    if i < groups[0].2 {
        bucket_name(&format!("hole{}", i / buckets), i % buckets, buckets)
    } else {
        feature_name(groups, i)
    }
}

/// The name of bucket `b` of a feature counted in `buckets` buckets
/// (`what=b`), the last of which holds every larger count (`what=b+`).
pub(crate) fn bucket_name(what: &str, b: usize, buckets: usize) -> String {
    let plus = if b == buckets - 1 { "+" } else { "" };
    format!("{what}={b}{plus}")
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

/// Checks, on `positions`, that [`Fitted`] with weights that differ from
/// feature to feature evaluates as [`assert_dot_product`] says; answers
/// the evaluation for further checks.
#[cfg(test)]
#[track_caller]
pub(crate) fn assert_folded_as_weighed<T: FeatureSet>(positions: &[T::Position]) -> Fitted<T> {
    let w = test_weights(count(T::GROUPS), 37, 41);
    let e = Fitted::<T>::new(w.clone()).expect("one weight per feature");
    for &pos in positions {
        let values = T::values(pos);
        assert_dot_product(
            &w,
            &values,
            pos.captured_lead(),
            e.evaluate(pos),
            &e.terms(pos),
        );
    }
    e
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
    }

    #[test]
    fn the_last_bucket_counts_the_rest() {
        const GROUPS: [Group; 2] = layout([("holes", 2 * 3), ("side", 4)]);
        let side = Buckets::of(GROUPS[1]);
        assert_eq!(side, Buckets { first: 6, len: 4 });
        assert_eq!([0, 3, 4, 40].map(|n| side.index(n)), [6, 9, 9, 9]);
        let hole1 = Buckets::per_hole(GROUPS[0], 3, 1);
        assert_eq!([0, 1, 2, 7].map(|n| hole1.index(n)), [3, 4, 5, 5]);
        let weights: Vec<i32> = (0..10).collect();
        assert_eq!(side.table::<6>(&weights), [6, 7, 8, 9, 9, 9]);
    }

    #[test]
    fn each_group_starts_where_the_one_before_ends() {
        const GROUPS: [Group; 3] = layout([("holes", 3), ("moves", 1), ("side", 2)]);
        assert_eq!(GROUPS, [("holes", 0, 3), ("moves", 3, 4), ("side", 4, 6)]);
        assert_eq!(count(&GROUPS), 6);
        let names: Vec<String> = (0..7).map(|i| feature_name(&GROUPS, i)).collect();
        let expected = [
            "holes=0", "holes=1", "holes=2+", "moves", "side=0", "side=1+", "?",
        ];
        assert_eq!(names, expected);
        assert_eq!(per_hole_feature_name(&GROUPS, 2, 1), "hole0=1+");
        assert_eq!(per_hole_feature_name(&GROUPS, 1, 2), "hole2=0+");
        assert_eq!(per_hole_feature_name(&GROUPS, 1, 5), "side=1+");
    }
}
