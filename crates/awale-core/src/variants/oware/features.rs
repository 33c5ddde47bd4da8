//! The features of the fitted Oware evaluation (feature set 1) and the
//! evaluation built from a weight per feature.
//!
//! Every feature is "mine minus the opponent's", from the side to move,
//! with holes numbered relative to their owner (0 the first hole a player
//! sows from, 5 the last before the opponent's side). Swapping the players
//! (the same board with the other side to move) swaps "mine" and "the
//! opponent's", so every feature, and the evaluation, changes sign: the
//! evaluation is symmetric by construction.
//!
//! | index | feature | value per side |
//! |---|---|---|
//! | 0..78 | hole `h` (0..6) holds `b` seeds (`b` = 0..12, 12 meaning 12 or more): index `13 h + b` | 1 |
//! | 78 | seeds on one's side | the seeds |
//! | 79 | seeds that reach the opponent's side when the hole is sown | per hole, summed |
//! | 80 | kroo: seeds in a hole of 12 or more | per hole, summed |
//! | 81 | capture threats: holes of 1 to 11 seeds whose last seed lands on an opponent hole holding 1 or 2 | count |
//! | 82..94 | seeds on one's side, `t` = 0..11 (11 meaning 11 or more): index `82 + t` | 1 |
//!
//! The captured seeds are not a feature: they count 100 centiseeds each,
//! the unit every weight is measured in.
//!
//! The evaluation is a few table lookups: [`Eval::new`] folds the weights
//! of the hole features into one table indexed by (hole, seeds), and those
//! of the side totals into another.

use super::net::Net;
use super::Board;
use crate::game::{group_terms, Group, Scoreboard};
use crate::variants::fitted::{self, Buckets};

/// The identifier of this feature set, stored in weight files.
pub const FEATURE_SET: u32 = 1;
/// Seed buckets of the per-hole features (0..=11 and 12 or more).
pub const HOLE_BUCKETS: usize = 13;
/// Side-total buckets (0..=10 and 11 or more).
pub const SIDE_BUCKETS: usize = 12;

/// The named groups of features, as `(name, first index, end index)`, laid
/// out from their sizes: the evaluation's terms are the captured seeds and
/// one term per group.
pub const GROUPS: [Group; 6] = fitted::layout([
    ("holes", 6 * HOLE_BUCKETS),
    ("on side", 1),
    ("reach", 1),
    ("kroo", 1),
    ("threats", 1),
    ("side total", SIDE_BUCKETS),
]);
/// The number of features.
pub const COUNT: usize = fitted::count(&GROUPS);
/// Index of the seeds-on-side feature.
pub const ON_SIDE: usize = GROUPS[1].1;
/// Index of the seeds-reaching-the-opponent feature.
pub const REACH: usize = GROUPS[2].1;
/// Index of the kroo feature.
pub const KROO: usize = GROUPS[3].1;
/// Index of the capture-threat feature.
pub const THREATS: usize = GROUPS[4].1;
/// The side-total buckets.
const SIDE_TOTAL: Buckets = Buckets::of(GROUPS[5]);

/// The seed-count buckets of relative hole `h`.
const fn hole_buckets(h: usize) -> Buckets {
    Buckets::per_hole(GROUPS[0], HOLE_BUCKETS, h)
}

/// A short name of feature `i` (for the weight listings).
pub fn name(i: usize) -> String {
    fitted::per_hole_feature_name(&GROUPS, HOLE_BUCKETS, i)
}

/// Most seeds a hole can hold.
const MAX_SEEDS: usize = 48;

/// Seeds of a relative hole `h` holding `n` that land on the opponent's
/// side when it is sown (the origin hole is skipped on each lap).
fn reach(h: usize, n: usize) -> i32 {
    let (mut pos, mut count) = (h, 0);
    for _ in 0..n {
        pos = (pos + 1) % 12;
        if pos == h {
            pos = (pos + 1) % 12;
        }
        count += (pos >= 6) as i32;
    }
    count
}

/// Per relative hole `h` and seed count `n`: the bit of the opponent's
/// relative hole where the last seed lands when `h` holding `n` (1..=11)
/// is sown, or 0 when it lands on the mover's side (or `n` is 0 or 12+).
/// Indexed by a byte, so that no lookup needs a bounds check.
const LANDING: [[u8; 256]; 6] = {
    let mut table = [[0u8; 256]; 6];
    let mut h = 0;
    while h < 6 {
        let mut n = 1;
        while n <= 11 {
            if h + n >= 6 && h + n < 12 {
                table[h][n] = 1 << (h + n - 6);
            }
            n += 1;
        }
        h += 1;
    }
    table
};

/// The seeds of `side`'s six holes, in relative order.
#[inline(always)]
fn row(board: Board, side: usize) -> [u8; 6] {
    bytes(board.row(side))
}

/// The six low bytes of a word (a row, see [`Board::row`]).
#[inline(always)]
fn bytes(bits: u64) -> [u8; 6] {
    std::array::from_fn(|h| (bits >> (8 * h)) as u8)
}

/// The holes holding 1 or 2 seeds (bit `l` for relative hole `l`) of a
/// row given as six bytes of a word (each at most 48), computed on all six
/// at once: a byte's top bit is set by adding 0x7F when it holds 1 or
/// more, by adding 0x7D when it holds 3 or more (no carry leaves a
/// byte), and one multiply gathers the six flags into the top byte.
#[inline(always)]
fn exposed(bits: u64) -> u8 {
    const SIX: u64 = 0x0101_0101_0101;
    let flags = ((bits + 0x7F * SIX) & !(bits + 0x7D * SIX)) >> 7 & SIX;
    // Flag l (bit 8 l) lands on bit 56 + l; every other product bit is
    // below 56 or above 63, and no two coincide, so nothing carries.
    const GATHER: u64 = 1 << 56 | 1 << 49 | 1 << 42 | 1 << 35 | 1 << 28 | 1 << 21;
    (flags.wrapping_mul(GATHER) >> 56) as u8
}

/// Capture threats of a row against the opponent's row: holes whose
/// last seed lands on an opponent hole holding 1 or 2 (`targets`, from
/// [`exposed`]). Branch-free: a table lookup per hole.
#[inline(always)]
fn threats(mine: &[u8; 6], targets: u8) -> i32 {
    let mut count = 0;
    for (h, &n) in mine.iter().enumerate() {
        count += i32::from(LANDING[h][usize::from(n)] & targets != 0);
    }
    count
}

/// One side's feature values (before "mine minus theirs"), dense, from
/// its row and the opponent's (see [`Board::row`]).
fn side_values(mine: u64, theirs: u64) -> [i32; COUNT] {
    let mine = bytes(mine);
    let mut v = [0i32; COUNT];
    let mut total = 0;
    for (h, n) in mine.iter().map(|&n| usize::from(n)).enumerate() {
        v[hole_buckets(h).index(n)] += 1;
        v[REACH] += reach(h, n);
        v[KROO] += if n >= 12 { n as i32 } else { 0 };
        total += n;
    }
    v[ON_SIDE] = total as i32;
    v[THREATS] = threats(&mine, exposed(theirs));
    v[SIDE_TOTAL.index(total)] += 1;
    v
}

/// The feature values of `board` from the side to move, dense: mine minus
/// the opponent's.
pub fn values(board: Board) -> [i32; COUNT] {
    let me = board.side();
    let (mine, theirs) = (board.row(me), board.row(1 - me));
    let a = side_values(mine, theirs);
    let b = side_values(theirs, mine);
    std::array::from_fn(|i| a[i] - b[i])
}

/// The hand-set evaluation of [`super::eval::WEIGHTS`] written in this
/// feature set: 10 per seed on side, 60 per non-empty hole. It gives the
/// same values as [`super::eval::evaluate_with`] with those weights (the
/// engine's fallback when no weight file is usable).
pub fn hand_set() -> [i32; COUNT] {
    let w = super::eval::WEIGHTS;
    let mut v = [0i32; COUNT];
    for h in 0..6 {
        for n in 1..HOLE_BUCKETS {
            v[hole_buckets(h).index(n)] = w.mobility;
        }
    }
    v[ON_SIDE] = w.on_side;
    v[KROO] = w.big_hole;
    v
}

/// A linear evaluation over this feature set, folded into lookup tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Eval {
    /// The weights, one per feature.
    weights: [i32; COUNT],
    /// Per relative hole and seed count: the weights of the hole, on-side,
    /// reach and kroo features together. Indexed by a byte, so that no
    /// lookup needs a bounds check (counts above [`MAX_SEEDS`] never occur).
    hole: Box<[[i32; 256]; 6]>,
    /// Per seeds on one's side.
    side: [i32; MAX_SEEDS + 1],
    /// Weight of a capture threat.
    threat: i32,
    /// The network added to the linear terms (feature set 2), if any.
    net: Option<Net>,
}

impl Eval {
    /// The evaluation with these weights.
    pub fn new(weights: [i32; COUNT]) -> Eval {
        let mut hole = Box::new([[0i32; 256]; 6]);
        for (h, row) in hole.iter_mut().enumerate() {
            for (n, cell) in row.iter_mut().enumerate().take(MAX_SEEDS + 1) {
                *cell = weights[hole_buckets(h).index(n)]
                    + weights[ON_SIDE] * n as i32
                    + weights[REACH] * reach(h, n)
                    + if n >= 12 { weights[KROO] * n as i32 } else { 0 };
            }
        }
        let side = SIDE_TOTAL.table(&weights);
        Eval {
            weights,
            hole,
            side,
            threat: weights[THREATS],
            net: None,
        }
    }

    /// The evaluation with these linear weights plus `net`'s term.
    pub fn with_net(weights: [i32; COUNT], net: Net) -> Eval {
        Eval {
            net: Some(net),
            ..Eval::new(weights)
        }
    }

    /// The network added to the linear terms, if any.
    pub fn net(&self) -> Option<&Net> {
        self.net.as_ref()
    }

    /// The weights, one per feature.
    pub fn weights(&self) -> &[i32; COUNT] {
        &self.weights
    }

    /// The evaluation of `board` from the side to move, in centiseeds.
    #[inline]
    pub fn evaluate(&self, board: Board) -> i32 {
        let me = board.side();
        let (mine_bits, theirs_bits) = (board.row(me), board.row(1 - me));
        let (mine, theirs) = (bytes(mine_bits), bytes(theirs_bits));
        let mut s = board.captured_lead();
        let (mut tm, mut tt) = (0, 0);
        for h in 0..6 {
            let (m, t) = (usize::from(mine[h]), usize::from(theirs[h]));
            s += self.hole[h][m] - self.hole[h][t];
            tm += m;
            tt += t;
        }
        // A side holds at most MAX_SEEDS: the `min`s only tell the
        // compiler so.
        s += self.side[tm.min(MAX_SEEDS)] - self.side[tt.min(MAX_SEEDS)];
        if self.threat != 0 {
            let mine_threats = threats(&mine, exposed(theirs_bits));
            s += self.threat * (mine_threats - threats(&theirs, exposed(mine_bits)));
        }
        if let Some(net) = &self.net {
            s += net.value(&mine, &theirs);
        }
        s
    }

    /// The evaluation split into named terms (the captured seeds, then one
    /// per group of [`GROUPS`]); they sum to [`Eval::evaluate`].
    pub fn terms(&self, board: Board) -> Vec<(&'static str, i32)> {
        let mut terms = group_terms(
            board.captured_lead(),
            &self.weights,
            &values(board),
            &GROUPS,
        );
        if let Some(net) = &self.net {
            let me = board.side();
            terms.push(("network", net.value(&row(board, me), &row(board, 1 - me))));
        }
        terms
    }
}

/// The tuner's view of the Oware evaluation: this feature set, starting
/// from the hand-set weights.
impl crate::game::Features for super::Oware {
    const FEATURE_SET: u32 = FEATURE_SET;

    fn feature_name(i: usize) -> String {
        name(i)
    }

    fn features(&self, pos: &Board, out: &mut Vec<(usize, i32)>) {
        crate::game::push_nonzero(&values(*pos), out);
    }

    fn start_weights() -> Vec<i32> {
        hand_set().to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::hole_bytes::from_counts;

    /// A row as the six low bytes of a word, as [`Board::row`] gives it.
    fn packed(row: &[u8; 6]) -> u64 {
        from_counts(*row) as u64
    }

    #[test]
    fn reach_counts_the_seeds_sown_on_the_other_side() {
        assert_eq!(reach(5, 1), 1);
        assert_eq!(reach(0, 5), 0);
        assert_eq!(reach(0, 6), 1);
        assert_eq!(reach(0, 11), 6);
        // 12 from hole 0: holes 1..11, then (skipping 0) hole 1 again.
        assert_eq!(reach(0, 12), 6);
        assert_eq!(reach(3, 12), 6);
        assert_eq!(LANDING[5][1], 1 << 0);
        assert_eq!(LANDING[0][11], 1 << 5);
        assert_eq!(LANDING[3][4], 1 << 1);
        assert_eq!(LANDING[5][7], 0, "round to the mover's own side");
        assert_eq!(LANDING[0][3], 0);
        assert_eq!(LANDING[0][12], 0, "a lap: not a threat");
        assert_eq!(LANDING[2][0], 0);
        // Opponent holes of 1 and 2 seeds are targets; of 0 and 3 not.
        let theirs = exposed(packed(&[1, 2, 0, 3, 0, 0]));
        assert_eq!(theirs, 0b11);
        assert_eq!(threats(&[0, 0, 0, 0, 0, 1], theirs), 1);
        assert_eq!(threats(&[0, 0, 0, 0, 0, 3], theirs), 0);
        assert_eq!(threats(&[0, 0, 0, 0, 0, 4], theirs), 0);
        assert_eq!(threats(&[0, 0, 0, 0, 1, 0], theirs), 0, "on its own side");
        assert_eq!(threats(&[0, 0, 0, 0, 3, 2], theirs), 2, "one per hole");
    }

    #[test]
    fn exposed_holes_are_those_of_one_or_two_seeds_for_any_count() {
        // Every count a hole can hold, in every hole, beside every other.
        let mut rng = crate::rng::Rng::new(9);
        for _ in 0..20_000 {
            let row: [u8; 6] = std::array::from_fn(|_| rng.below(49) as u8);
            let expected = (0..6).fold(0u8, |m, l| m | u8::from(matches!(row[l], 1 | 2)) << l);
            assert_eq!(exposed(packed(&row)), expected, "{row:?}");
        }
        for n in 0..=48u8 {
            for l in 0..6 {
                let mut row = [48u8; 6];
                row[l] = n;
                let expected = u8::from(matches!(n, 1 | 2)) << l;
                assert_eq!(exposed(packed(&row)), expected, "{row:?}");
            }
        }
    }

    #[test]
    fn every_feature_has_a_name_and_the_index_of_the_table() {
        let starts = (ON_SIDE, REACH, KROO, THREATS, SIDE_TOTAL.first, COUNT);
        assert_eq!(starts, (78, 79, 80, 81, 82, 94));
        fitted::assert_named(COUNT, name);
        assert_eq!(name(hole_buckets(5).index(12)), "hole5=12+");
        assert_eq!(name(KROO), "kroo");
        assert_eq!(name(SIDE_TOTAL.index(11)), "side total=11+");
    }

    #[test]
    fn tables_match_the_dot_product() {
        let w: [i32; COUNT] = fitted::test_weights(COUNT, 37, 41).try_into().unwrap();
        let e = Eval::new(w);
        let b = Board::from_parts([1, 2, 0, 14, 0, 3, 4, 2, 2, 0, 1, 5], [6, 8], false);
        for b in [b, b.flip_side(), Board::START] {
            let evaluation = e.evaluate(b);
            fitted::assert_dot_product(&w, &values(b), b.captured_lead(), evaluation, &e.terms(b));
            assert_eq!(e.evaluate(b.flip_side()), -e.evaluate(b));
        }
    }
}
