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
//! Parameters, in file order (all `i32` in the file): for each input row
//! (the 78 (hole, bucket) rows, then the 12 side-total rows) `HIDDEN`
//! weights as the mover's and `HIDDEN` as the opponent's; then `HIDDEN`
//! biases and `HIDDEN` output weights. Hidden values are fixed point with
//! [`ONE`] = 1.0; output weights are centiseeds per unit.
//!
//! The engine holds every parameter in 16 bits, so that a row of both
//! views (32 weights) is one cache line and the sums take half the vector
//! instructions of 32-bit ones; a file whose parameters exceed
//! [`HIDDEN_LIMIT`] or [`OUT_LIMIT`] is refused. With those limits no sum
//! of a bias and 14 rows can leave 16 bits, so the value is exactly that
//! of the same sums in any wider type. Where the processor has AVX2 a
//! copy compiled for it adds a whole view of a row in one instruction.

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
/// Largest magnitude of an input weight or a bias: eight times a fully
/// active unit, far beyond what a unit clipped to `0..=ONE` can use.
pub const HIDDEN_LIMIT: i32 = 8 * ONE - 1;
/// Largest magnitude of an output weight (centiseeds per unit).
pub const OUT_LIMIT: i32 = i16::MAX as i32;
/// Rows a unit sums onto its bias: 12 holes and 2 side totals.
const SUMMED_ROWS: i32 = 14;
const _: () = assert!((SUMMED_ROWS + 1) * HIDDEN_LIMIT <= i16::MAX as i32);
const _: () = assert!(HIDDEN as i64 * ONE as i64 * OUT_LIMIT as i64 <= i32::MAX as i64);

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

/// One input row: `HIDDEN` weights as the mover's, then `HIDDEN` as the
/// opponent's; a cache line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
struct Row([i16; 2 * HIDDEN]);

/// The network in integer form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    rows: Box<[Row; ROWS]>,
    bias: [i16; HIDDEN],
    out: [i16; HIDDEN],
    /// Whether the processor has AVX2, whose 16-lane registers hold a
    /// whole view of a row: [`Net::value`] then runs a copy of itself
    /// compiled for it (the same arithmetic, so the same value).
    avx2: bool,
}

/// `params` in 16 bits, or why not: a parameter beyond `limit`.
fn narrow(params: &[i32], limit: i32, what: &str) -> Result<Vec<i16>, String> {
    params
        .iter()
        .map(|&p| {
            if p.abs() <= limit {
                Ok(p as i16)
            } else {
                Err(format!("network {what} {p} is beyond +/-{limit}"))
            }
        })
        .collect()
}

/// Whether the processor running the engine has AVX2.
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

impl Net {
    /// The network of `params` (file order), or why it is refused: not
    /// exactly [`PARAMS`] of them, or a parameter beyond its limit.
    pub fn new(params: &[i32]) -> Result<Net, String> {
        if params.len() != PARAMS {
            return Err(format!(
                "a network has {PARAMS} parameters, not {}",
                params.len()
            ));
        }
        let tail = ROWS * 2 * HIDDEN;
        let hidden = narrow(
            &params[..tail + HIDDEN],
            HIDDEN_LIMIT,
            "input weight or bias",
        )?;
        let out = narrow(&params[tail + HIDDEN..], OUT_LIMIT, "output weight")?;
        let mut rows = Box::new([Row([0; 2 * HIDDEN]); ROWS]);
        for (row, weights) in rows.iter_mut().zip(hidden.chunks_exact(2 * HIDDEN)) {
            row.0.copy_from_slice(weights);
        }
        Ok(Net {
            rows,
            bias: hidden[tail..].try_into().expect("HIDDEN biases"),
            out: out.try_into().expect("HIDDEN output weights"),
            avx2: has_avx2(),
        })
    }

    /// The network's term for a board whose mover has `mine` (relative
    /// holes) and whose opponent has `theirs`, in centiseeds.
    #[inline]
    pub fn value(&self, mine: &[u8; 6], theirs: &[u8; 6]) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only where the processor has AVX2.
            return unsafe { self.value_avx2(mine, theirs) };
        }
        self.value_portable(mine, theirs)
    }

    /// [`Net::value`] compiled for the processors the build targets.
    #[inline(never)]
    fn value_portable(&self, mine: &[u8; 6], theirs: &[u8; 6]) -> i32 {
        self.sums(mine, theirs)
    }

    /// [`Net::value`] compiled for processors with AVX2.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline(never)]
    unsafe fn value_avx2(&self, mine: &[u8; 6], theirs: &[u8; 6]) -> i32 {
        self.sums(mine, theirs)
    }

    /// The body of [`Net::value`], inlined into each compiled copy.
    #[inline(always)]
    fn sums(&self, mine: &[u8; 6], theirs: &[u8; 6]) -> i32 {
        let (mut a, mut b) = (self.bias, self.bias);
        // No overflow: see HIDDEN_LIMIT.
        let add = |r: usize, as_mine: &mut [i16; HIDDEN], as_theirs: &mut [i16; HIDDEN]| {
            let row = &self.rows[r].0;
            for j in 0..HIDDEN {
                as_mine[j] += row[j];
                as_theirs[j] += row[HIDDEN + j];
            }
        };
        let (mut tm, mut tt) = (0, 0);
        for h in 0..6 {
            let (m, t) = (usize::from(mine[h]), usize::from(theirs[h]));
            add(hole_row(h, m), &mut a, &mut b);
            add(hole_row(h, t), &mut b, &mut a);
            tm += m;
            tt += t;
        }
        add(side_row(tm), &mut a, &mut b);
        add(side_row(tt), &mut b, &mut a);
        let one = ONE as i16;
        let mut s = 0;
        for j in 0..HIDDEN {
            let d = a[j].clamp(0, one) - b[j].clamp(0, one);
            s += i32::from(d) * i32::from(self.out[j]);
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
        assert!(Net::new(&vec![0; PARAMS - 1]).is_err());
        assert!(Net::new(&vec![0; PARAMS + 1]).is_err());
        assert!(Net::new(&vec![0; PARAMS]).is_ok());
        // Parameters within their limits, and just beyond.
        let tail = ROWS * 2 * HIDDEN;
        for (i, limit) in [
            (0, HIDDEN_LIMIT),
            (tail, HIDDEN_LIMIT),
            (PARAMS - 1, OUT_LIMIT),
        ] {
            for sign in [1, -1] {
                let mut params = vec![0; PARAMS];
                params[i] = sign * limit;
                assert!(Net::new(&params).is_ok(), "{i} at {}", params[i]);
                params[i] += sign;
                let why = Net::new(&params).expect_err("beyond the limit");
                assert!(why.contains("beyond"), "{why}");
            }
        }
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

    /// The network's term computed from `params` (file order) in 64-bit
    /// arithmetic, as the format defines it.
    fn reference(params: &[i32], mine: &[u8; 6], theirs: &[u8; 6]) -> i64 {
        let w = |r: usize, k: usize| i64::from(params[r * 2 * HIDDEN + k]);
        let tail = ROWS * 2 * HIDDEN;
        let total = |row: &[u8; 6]| row.iter().map(|&n| usize::from(n)).sum::<usize>();
        let (tm, tt) = (total(mine), total(theirs));
        let mut rows_mine: Vec<usize> = (0..6).map(|h| hole_row(h, mine[h].into())).collect();
        let mut rows_theirs: Vec<usize> = (0..6).map(|h| hole_row(h, theirs[h].into())).collect();
        rows_mine.push(side_row(tm));
        rows_theirs.push(side_row(tt));
        let mut s = 0;
        for j in 0..HIDDEN {
            let bias = i64::from(params[tail + j]);
            // The mover's unit sees its rows as the mover's and the
            // opponent's as the opponent's; the opponent's unit the reverse.
            let a = bias
                + rows_mine.iter().map(|&r| w(r, j)).sum::<i64>()
                + rows_theirs.iter().map(|&r| w(r, HIDDEN + j)).sum::<i64>();
            let b = bias
                + rows_theirs.iter().map(|&r| w(r, j)).sum::<i64>()
                + rows_mine.iter().map(|&r| w(r, HIDDEN + j)).sum::<i64>();
            let one = i64::from(ONE);
            s += (a.clamp(0, one) - b.clamp(0, one)) * i64::from(params[tail + HIDDEN + j]);
        }
        s / i64::from(ONE)
    }

    #[test]
    fn sixteen_bit_sums_give_the_formats_value_even_at_the_limits() {
        let mut rng = Rng::new(3);
        for round in 0..40 {
            // Half the networks at their limits only (the worst sums), half
            // anywhere within them.
            let extreme = round % 2 == 0;
            let draw = |rng: &mut Rng, limit: i32| {
                if extreme {
                    if rng.below(2) == 0 {
                        limit
                    } else {
                        -limit
                    }
                } else {
                    rng.below(2 * limit as usize + 1) as i32 - limit
                }
            };
            let tail = ROWS * 2 * HIDDEN + HIDDEN;
            let params: Vec<i32> = (0..PARAMS)
                .map(|i| draw(&mut rng, if i < tail { HIDDEN_LIMIT } else { OUT_LIMIT }))
                .collect();
            let net = Net::new(&params).expect("parameters within the limits");
            for _ in 0..200 {
                let b = Board::random(&mut rng, 48, 16);
                let row = |side: usize| std::array::from_fn(|h| b.seeds(6 * side + h) as u8);
                let (mine, theirs) = (row(0), row(1));
                let expected = reference(&params, &mine, &theirs);
                assert_eq!(i64::from(net.value(&mine, &theirs)), expected, "{b:?}");
                assert_eq!(i64::from(net.value_portable(&mine, &theirs)), expected);
                #[cfg(target_arch = "x86_64")]
                if has_avx2() {
                    // SAFETY: the processor has AVX2.
                    let avx2 = unsafe { net.value_avx2(&mine, &theirs) };
                    assert_eq!(i64::from(avx2), expected, "{b:?}");
                }
            }
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
