//! The features of the fitted evaluation of the 16-hole colour family
//! (feature set 16) and the evaluation built from a weight per feature.
//! Each variant of the family has its own weights (`docs/eval.md`).
//!
//! Every feature is "mine minus the opponent's", from the side to move.
//! The board has no first hole: turning it by two holes changes nothing in
//! the game, and by one hole swaps the players. So no feature depends on
//! where a hole is, only on what it holds (a weight per hole would learn
//! noise: the same position turned round would score otherwise). The same
//! board with the other side to move swaps "mine" and "the opponent's", so
//! every feature, and the evaluation, changes sign.
//!
//! | index | feature | value per side |
//! |---|---|---|
//! | 0..13 | holes holding `b` seeds of any kind (`b` = 0..12, 12 meaning 12 or more): index `b` | the holes |
//! | 13 | red seeds on one's side | the seeds |
//! | 14 | blue seeds on one's side | the seeds |
//! | 15 | transparent seeds on one's side | the seeds |
//! | 16..33 | seeds on one's side, `t` = 0..16 (16 meaning 16 or more): index `16 + t` | 1 |
//! | 33 | moves: one per colour a hole holds, two for its transparent seeds | the moves |
//!
//! Why these: captures take holes that end with 2 or 3 seeds, whoever owns
//! them, so holes of 1 or 2 are targets and the hole table learns what each
//! count is worth; red seeds partly stay on one's side while blue ones only
//! feed the opponent; a side running out of seeds hands the opponent the
//! whole board (starving), which the side totals price.
//!
//! The captured seeds are not a feature: they count 100 centiseeds each,
//! the unit every weight is measured in.

use super::{Board, HOLES};
use crate::game::{Group, Scoreboard};
use crate::variants::fitted::{self, Buckets, FeatureSet, Fitted};
use crate::variants::hole_bytes::{byte, byte_sum, nonzero_bytes};

/// The identifier of this feature set, stored in weight files.
pub const FEATURE_SET: u32 = 16;
/// A player's holes.
const OWN_HOLES: usize = HOLES / 2;
/// Seed buckets of the hole features (0..=11 and 12 or more).
pub const HOLE_BUCKETS: usize = 13;
/// Side-total buckets (0..=15 and 16 or more).
pub const SIDE_BUCKETS: usize = 17;

/// The named groups of features, as `(name, first index, end index)`, laid
/// out from their sizes: the evaluation's terms are the captured seeds and
/// one term per group.
pub const GROUPS: [Group; 4] = fitted::layout([
    ("holes", HOLE_BUCKETS),
    ("colours", 3),
    ("side total", SIDE_BUCKETS),
    ("moves", 1),
]);
/// The number of features.
pub const COUNT: usize = fitted::count(&GROUPS);
/// Index of the red-seeds-on-side feature (then blue, then transparent).
pub const RED: usize = GROUPS[1].1;
/// Index of the blue-seeds-on-side feature.
pub const BLUE: usize = RED + 1;
/// Index of the transparent-seeds-on-side feature.
pub const CLEAR: usize = RED + 2;
/// The seed-count buckets of a hole.
const HOLE: Buckets = Buckets::of(GROUPS[0]);
/// The side-total buckets.
const SIDE_TOTAL: Buckets = Buckets::of(GROUPS[2]);
/// Index of the moves feature.
pub const MOVES: usize = GROUPS[3].1;

/// A short name of feature `i` (for the weight listings).
pub fn name(i: usize) -> String {
    match i {
        RED => "red on side".into(),
        BLUE => "blue on side".into(),
        CLEAR => "clear on side".into(),
        _ => fitted::feature_name(&GROUPS, i),
    }
}

/// One side's counts, the raw material of every feature.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct SideCounts {
    /// Seeds in each of the side's holes.
    holes: [u32; OWN_HOLES],
    /// Red, blue and transparent seeds on the side.
    kinds: [u32; 3],
    /// Moves: a colour a hole holds counts one, its transparent seeds two
    /// (`NTR` and `NTB`).
    moves: u32,
}

impl SideCounts {
    /// The counts of `side`, computed on whole rows of bytes (a byte per
    /// hole and kind of seed, at most 32 seeds of a kind, 96 in a hole):
    /// the holes' totals are the sum of the three rows, a kind's total the
    /// sum of its row's bytes, and the moves count the non-zero bytes (no
    /// carry leaves a byte).
    #[inline]
    fn of(board: Board, side: usize) -> SideCounts {
        let mask = Board::holes_of(side);
        let rows = [0, 1, 2].map(|kind| board.kind_row(kind) & mask);
        let total = rows[0] + rows[1] + rows[2];
        SideCounts {
            holes: std::array::from_fn(|h| byte(total, 2 * h + side)),
            kinds: rows.map(byte_sum),
            moves: nonzero_bytes(rows[0]) + nonzero_bytes(rows[1]) + 2 * nonzero_bytes(rows[2]),
        }
    }

    fn total(&self) -> u32 {
        self.kinds.iter().sum()
    }

    /// The side's features (before "mine minus the opponent's").
    fn values(&self) -> [i32; COUNT] {
        let mut v = [0i32; COUNT];
        for &n in &self.holes {
            v[HOLE.index(n as usize)] += 1;
        }
        v[RED] = self.kinds[0] as i32;
        v[BLUE] = self.kinds[1] as i32;
        v[CLEAR] = self.kinds[2] as i32;
        v[SIDE_TOTAL.index(self.total() as usize)] += 1;
        v[MOVES] = self.moves as i32;
        v
    }
}

/// Every feature of `board`, from the side to move.
pub fn values(board: Board) -> [i32; COUNT] {
    let me = board.side();
    let mine = SideCounts::of(board, me).values();
    let theirs = SideCounts::of(board, 1 - me).values();
    std::array::from_fn(|i| mine[i] - theirs[i])
}

/// Most seeds a hole or a side can hold (every seed of `transparent96`).
const MAX_SEEDS: usize = 96;

/// The evaluation: the captured seeds and the fitted weights.
pub type Eval = Fitted<FoldedWeights>;

/// The tables the weights fold into, indexed by the counts they weigh.
#[derive(Clone, Debug)]
pub struct FoldedWeights {
    /// Per seed count of a hole.
    hole: [i32; MAX_SEEDS + 1],
    /// Per seeds on one's side.
    side: [i32; MAX_SEEDS + 1],
    /// Weights of red, blue and transparent seeds on one's side.
    kinds: [i32; 3],
    /// Weight of a move.
    moves: i32,
}

impl FoldedWeights {
    /// One side's part of the evaluation.
    #[inline]
    fn side_value(&self, c: &SideCounts) -> i32 {
        let mut s = 0;
        for &n in &c.holes {
            s += self.hole[n as usize];
        }
        s + self.side[c.total() as usize]
            + self.kinds[0] * c.kinds[0] as i32
            + self.kinds[1] * c.kinds[1] as i32
            + self.kinds[2] * c.kinds[2] as i32
            + self.moves * c.moves as i32
    }
}

impl FeatureSet for FoldedWeights {
    type Position = Board;
    const FEATURE_SET: u32 = FEATURE_SET;
    const GROUPS: &'static [Group] = &GROUPS;

    fn fold(weights: &[i32]) -> FoldedWeights {
        FoldedWeights {
            hole: HOLE.table(weights),
            side: SIDE_TOTAL.table(weights),
            kinds: [weights[RED], weights[BLUE], weights[CLEAR]],
            moves: weights[MOVES],
        }
    }

    #[inline(always)]
    fn value(&self, board: Board) -> i32 {
        let me = board.side();
        self.side_value(&SideCounts::of(board, me))
            - self.side_value(&SideCounts::of(board, 1 - me))
    }

    fn values(board: Board) -> Vec<i32> {
        values(board).to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing::random_game_positions;
    use crate::game::Game;
    use crate::variants::transparent::Transparent96;

    /// Positions of a few random games of `transparent96` (every kind of
    /// seed present).
    fn positions() -> Vec<Board> {
        random_game_positions(&Transparent96, 16, 20, 60)
    }

    /// The same board with the other side to move.
    fn other_side(b: Board) -> Board {
        let holes = |f: fn(Board, usize) -> u32| std::array::from_fn(|i| f(b, i) as u8);
        Board::from_parts(
            [Board::red, Board::blue, Board::clear].map(holes),
            [b.score(0) as u8, b.score(1) as u8],
            1 - b.side(),
        )
    }

    /// The board turned by `k` holes (hole index `i` moves to `i + k`):
    /// an odd turn swaps the players, so their scores and the side to move
    /// go with it. The game from there is the same game.
    fn turned(b: Board, k: usize) -> Board {
        let holes = |f: fn(Board, usize) -> u32| {
            std::array::from_fn(|i| f(b, (i + HOLES - k % HOLES) % HOLES) as u8)
        };
        let (s, side) = if k % 2 == 1 {
            ([b.score(1) as u8, b.score(0) as u8], 1 - b.side())
        } else {
            ([b.score(0) as u8, b.score(1) as u8], b.side())
        };
        Board::from_parts([Board::red, Board::blue, Board::clear].map(holes), s, side)
    }

    #[test]
    fn turning_the_board_changes_nothing() {
        let w = fitted::test_weights(COUNT, 53, 61);
        let e = Eval::new(w).expect("COUNT weights");
        let game = Transparent96;
        for b in positions() {
            for k in 1..HOLES {
                let t = turned(b, k);
                assert_eq!(e.evaluate(t), e.evaluate(b), "turned by {k}");
                // The turn is a symmetry of the rules: the same number of
                // moves.
                assert_eq!(game.count_legal_moves(&t), game.count_legal_moves(&b));
            }
        }
    }

    #[test]
    fn tables_match_the_dot_product_and_the_sides_are_symmetric() {
        let e = fitted::assert_folded_as_weighed::<FoldedWeights>(&positions());
        for b in positions() {
            assert_eq!(e.evaluate(other_side(b)), -e.evaluate(b));
        }
    }

    #[test]
    fn the_counts_are_those_of_the_holes_one_by_one() {
        // Game positions, and every kind's 32 seeds in one hole of either
        // side beside a hole of one seed of each kind (the largest bytes).
        let mut boards = positions();
        for (full, single) in [(0, 1), (1, 0), (14, 3), (15, 12)] {
            let mut row = [0u8; HOLES];
            row[full] = 32;
            row[single] = 1;
            boards.push(Board::from_parts([row; 3], [0, 0], full % 2));
        }
        for b in boards {
            for side in 0..2 {
                let mut c = SideCounts::default();
                for h in 0..OWN_HOLES {
                    let i = 2 * h + side;
                    let (r, bl, t) = (b.red(i), b.blue(i), b.clear(i));
                    c.holes[h] = r + bl + t;
                    c.kinds[0] += r;
                    c.kinds[1] += bl;
                    c.kinds[2] += t;
                    c.moves += u32::from(r > 0) + u32::from(bl > 0) + 2 * u32::from(t > 0);
                }
                assert_eq!(SideCounts::of(b, side), c, "{b:?}");
            }
        }
    }

    #[test]
    fn the_start_is_level_and_the_counts_add_up() {
        let start = Transparent96.start();
        assert!(values(start).iter().all(|&v| v == 0));
        let c = SideCounts::of(start, 0);
        assert_eq!(c.holes, [6; OWN_HOLES]);
        assert_eq!(c.kinds, [16, 16, 16]);
        assert_eq!(c.moves, 32);
        assert_eq!(c.total(), 48);
        assert_eq!(Eval::captures_only().evaluate(start), 0);
        assert!(Eval::new(vec![0; COUNT - 1]).is_none());
    }

    #[test]
    fn every_feature_has_a_name_and_the_index_of_the_table() {
        let starts = (RED, BLUE, CLEAR, SIDE_TOTAL.first, MOVES, COUNT);
        assert_eq!(starts, (13, 14, 15, 16, 33, 34));
        fitted::assert_named(COUNT, name);
        assert_eq!(name(12), "holes=12+");
        assert_eq!(name(SIDE_TOTAL.index(16)), "side total=16+");
    }
}
