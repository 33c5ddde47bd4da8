//! A small neural network added to the linear Oware evaluation (feature
//! set 2, `docs/eval.md`), evaluated with integer arithmetic.
//!
//! One hidden layer of [`HIDDEN`] units sees the board twice: once from
//! the side to move ("mine" the mover's holes) and once from the opponent
//! ("mine" the opponent's holes). Each view sums one row of weights per
//! hole (by its seed count, 0..=11 or 12+) and per side total (0..=10 or
//! 11+) onto a bias, and clips each unit to `0..=`[`ONE`]. The network's
//! term is `Σ (mover's unit − opponent's unit) × out / ONE`, in
//! centiseeds: swapping the players swaps the views, so the term changes
//! sign exactly and the evaluation stays symmetric.
//!
//! Parameters, in file order (all `i32`): for each input row (the 78
//! (hole, bucket) rows, then the 12 side-total rows) `HIDDEN` weights as
//! the mover's and `HIDDEN` as the opponent's; then `HIDDEN` biases and
//! `HIDDEN` output weights. Hidden values are fixed point with
//! [`ONE`] = 1.0; output weights are centiseeds per unit.

use super::features::{HOLE_BUCKETS, SIDE_BUCKETS};

/// Hidden units.
pub const HIDDEN: usize = 16;
/// The fixed-point value of a fully active hidden unit.
pub const ONE: i32 = 256;
/// Input rows: a row per (hole, seed bucket) and per side-total bucket.
pub const ROWS: usize = 6 * HOLE_BUCKETS + SIDE_BUCKETS;
/// First side-total row.
pub const SIDE_ROW: usize = 6 * HOLE_BUCKETS;
/// Parameters of a network with `hidden` units.
pub const fn params(hidden: usize) -> usize {
    ROWS * 2 * hidden + 2 * hidden
}
/// Parameters of the network this build evaluates with.
pub const PARAMS: usize = params(HIDDEN);

/// The input row of relative hole `h` holding `n` seeds.
#[inline(always)]
pub fn hole_row(h: usize, n: usize) -> usize {
    HOLE_BUCKETS * h + n.min(HOLE_BUCKETS - 1)
}

/// The input row of a side holding `total` seeds.
#[inline(always)]
pub fn side_row(total: usize) -> usize {
    SIDE_ROW + total.min(SIDE_BUCKETS - 1)
}

/// The network in integer form.
#[derive(Clone, Debug)]
pub struct Net {
    /// Per input row: `HIDDEN` weights as the mover's, `HIDDEN` as the
    /// opponent's.
    rows: Box<[[i32; 2 * HIDDEN]; ROWS]>,
    bias: [i32; HIDDEN],
    out: [i32; HIDDEN],
}

impl Net {
    /// The network of `params` (file order); `None` unless there are
    /// exactly [`PARAMS`] of them.
    pub fn new(params: &[i32]) -> Option<Net> {
        if params.len() != PARAMS {
            return None;
        }
        let mut rows = Box::new([[0i32; 2 * HIDDEN]; ROWS]);
        for (r, row) in rows.iter_mut().enumerate() {
            row.copy_from_slice(&params[r * 2 * HIDDEN..(r + 1) * 2 * HIDDEN]);
        }
        let tail = ROWS * 2 * HIDDEN;
        Some(Net {
            rows,
            bias: params[tail..tail + HIDDEN].try_into().ok()?,
            out: params[tail + HIDDEN..].try_into().ok()?,
        })
    }

    /// The network's term for a board whose mover has `mine` (relative
    /// holes) and whose opponent has `theirs`, in centiseeds.
    #[inline]
    pub fn value(&self, mine: &[usize; 6], theirs: &[usize; 6]) -> i32 {
        let (mut a, mut b) = (self.bias, self.bias);
        let add = |r: usize, as_mine: &mut [i32; HIDDEN], as_theirs: &mut [i32; HIDDEN]| {
            let row = &self.rows[r];
            for j in 0..HIDDEN {
                as_mine[j] += row[j];
                as_theirs[j] += row[HIDDEN + j];
            }
        };
        let (mut tm, mut tt) = (0, 0);
        for h in 0..6 {
            add(hole_row(h, mine[h]), &mut a, &mut b);
            add(hole_row(h, theirs[h]), &mut b, &mut a);
            tm += mine[h];
            tt += theirs[h];
        }
        add(side_row(tm), &mut a, &mut b);
        add(side_row(tt), &mut b, &mut a);
        let mut s = 0;
        for j in 0..HIDDEN {
            s += (a[j].clamp(0, ONE) - b[j].clamp(0, ONE)) * self.out[j];
        }
        // Division truncates towards zero: -x / ONE == -(x / ONE), so the
        // term stays antisymmetric.
        s / ONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::variants::oware::features::{Eval, COUNT};
    use crate::variants::oware::Board;

    /// A network with parameters drawn from `seed`, large enough that
    /// units saturate at both ends.
    fn random_net(seed: u64) -> Net {
        let mut rng = Rng::new(seed);
        let params: Vec<i32> = (0..PARAMS)
            .map(|_| rng.below(2 * ONE as usize) as i32 - ONE)
            .collect();
        Net::new(&params).expect("PARAMS parameters")
    }

    #[test]
    fn a_network_needs_exactly_its_parameters() {
        assert!(Net::new(&vec![0; PARAMS - 1]).is_none());
        assert!(Net::new(&vec![0; PARAMS + 1]).is_none());
        assert!(Net::new(&vec![0; PARAMS]).is_some());
    }

    #[test]
    fn the_network_changes_sign_with_the_side_to_move_and_its_term_is_shown() {
        let linear: [i32; COUNT] = std::array::from_fn(|i| (i as i32 * 37) % 41 - 20);
        let mut rng = Rng::new(11);
        for seed in 0..4 {
            let eval = Eval::with_net(linear, random_net(seed));
            let plain = Eval::new(linear);
            let mut nonzero = 0;
            for _ in 0..500 {
                let b = Board::random(&mut rng, 48, 16);
                let v = eval.evaluate(b);
                assert_eq!(eval.evaluate(b.flip_side()), -v, "{b:?}");
                let terms = eval.terms(b);
                assert_eq!(terms.iter().map(|t| t.1).sum::<i32>(), v, "{b:?}");
                let network = terms.last().expect("a network term");
                assert_eq!(network.0, "network");
                assert_eq!(v - plain.evaluate(b), network.1, "{b:?}");
                nonzero += (network.1 != 0) as u32;
            }
            assert!(nonzero > 400, "the network should matter: {nonzero}");
        }
    }

    #[test]
    fn a_single_unit_computes_its_clipped_sum() {
        // One unit reads "seeds in the mover's first hole" (1 unit = ONE /
        // 4 per seed, up to 12+ seeds) and the opponent's view reads the
        // same hole of the opponent; output 100 centiseeds per unit.
        let mut params = vec![0; PARAMS];
        for b in 0..HOLE_BUCKETS {
            params[hole_row(0, b) * 2 * HIDDEN] = b as i32 * ONE / 4;
        }
        params[ROWS * 2 * HIDDEN + HIDDEN] = 100;
        let net = Net::new(&params).expect("PARAMS parameters");
        let mut mine = [0; 6];
        let mut theirs = [0; 6];
        mine[0] = 2;
        theirs[0] = 1;
        assert_eq!(net.value(&mine, &theirs), 50 - 25);
        mine[0] = 9; // clipped at one unit
        assert_eq!(net.value(&mine, &theirs), 100 - 25);
        assert_eq!(net.value(&theirs, &mine), -(100 - 25));
    }
}
