//! The features of the fitted `colors12` evaluation (feature set 12) and
//! the evaluation built from a weight per feature (`docs/eval.md`).
//!
//! Every feature is "mine minus the opponent's", from the side to move,
//! with holes numbered relative to their owner (0 the first hole a player
//! sows from, 5 the last before the opponent's side). Unlike the 16-hole
//! family, each row has a first hole, so a weight per hole means something,
//! as in Oware. The same board with the other side to move swaps "mine" and
//! "the opponent's", so every feature, and the evaluation, changes sign;
//! the board turned by six holes (South's row given to North and the other
//! way round, with the scores and the side to move) is the same game and
//! evaluates the same.
//!
//! A *cell* is one colour of one hole, counted with the hole's special
//! seeds (they count as both colours): a capture takes a colour of a hole
//! whose cell ends with 2 or 3 seeds.
//!
//! | index | feature | value per side |
//! |---|---|---|
//! | 0..78 | hole `h` (0..6) holds `b` seeds (`b` = 0..12, 12 meaning 12 or more): index `13 h + b` | 1 |
//! | 78 | special seeds on one's side | the seeds |
//! | 79..86 | cells of `c` seeds (`c` = 0..6, 6 meaning 6 or more): index `79 + c` | the cells |
//! | 86 | capture threats: holes of 1 to 11 seeds whose last seed can land on an opponent cell of 1 or 2 | the holes |
//! | 87..104 | seeds on one's side, `t` = 0..16 (16 meaning 16 or more): index `87 + t` | 1 |
//! | 104 | moves: one per colour a non-empty hole can be sown with | the moves |
//!
//! Why these: the per-hole counts carry Oware's knowledge of the row
//! (which holes reach the opponent, which hoard); cells of 1 and 2 are the
//! targets of captures; a special seed captures with both colours; a side
//! running out of seeds hands the opponent the board (starving), which the
//! side totals price. Red and black play alike, so no feature tells them
//! apart.
//!
//! The captured seeds are not a feature: they count 100 centiseeds each,
//! the unit every weight is measured in. During the setup (special seeds
//! still in hand) the same features are read off the board.

use super::{Board, Colors12, HOLES, SEEDS};
use crate::game::{push_nonzero, Features, Group, Scoreboard};
use crate::variants::fitted::{self, Buckets, FeatureSet, Fitted};

/// The identifier of this feature set, stored in weight files.
pub const FEATURE_SET: u32 = 12;
/// A player's holes.
const ROW: usize = HOLES / 2;
/// Seed buckets of the per-hole features (0..=11 and 12 or more).
pub const HOLE_BUCKETS: usize = 13;
/// Cell buckets (0..=5 and 6 or more).
pub const CELL_BUCKETS: usize = 7;
/// Side-total buckets (0..=15 and 16 or more).
pub const SIDE_BUCKETS: usize = 17;

/// The named groups of features, as `(name, first index, end index)`, laid
/// out from their sizes: the evaluation's terms are the captured seeds and
/// one term per group.
pub const GROUPS: [Group; 6] = fitted::layout([
    ("holes", ROW * HOLE_BUCKETS),
    ("special seeds", 1),
    ("cells", CELL_BUCKETS),
    ("threats", 1),
    ("side total", SIDE_BUCKETS),
    ("moves", 1),
]);
/// The number of features.
pub const COUNT: usize = fitted::count(&GROUPS);
/// Index of the special-seeds-on-side feature.
pub const SPECIALS: usize = GROUPS[1].1;
/// The cell buckets.
const CELLS: Buckets = Buckets::of(GROUPS[2]);
/// Index of the capture-threat feature.
pub const THREATS: usize = GROUPS[3].1;
/// The side-total buckets.
const SIDE_TOTAL: Buckets = Buckets::of(GROUPS[4]);
/// Index of the moves feature.
pub const MOVES: usize = GROUPS[5].1;

/// The seed-count buckets of relative hole `h`.
const fn hole_buckets(h: usize) -> Buckets {
    Buckets::per_hole(GROUPS[0], HOLE_BUCKETS, h)
}

/// A short name of feature `i` (for the weight listings).
pub fn name(i: usize) -> String {
    fitted::per_hole_feature_name(&GROUPS, HOLE_BUCKETS, i)
}

/// One hole as the features see it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Hole {
    red: u32,
    black: u32,
    special: u32,
}

impl Hole {
    fn seeds(self) -> u32 {
        self.red + self.black + self.special
    }

    /// The red and the black cell: each colour with the special seeds.
    fn cells(self) -> [u32; 2] {
        [self.red + self.special, self.black + self.special]
    }

    /// The colours the hole can be sown with (both letters give one sowing
    /// when it lacks a colour).
    fn moves(self) -> u32 {
        match (self.red > 0, self.black > 0) {
            (true, true) => 2,
            (false, false) => u32::from(self.special > 0),
            _ => 1,
        }
    }

    /// Whether a sowing from this hole can end on a seed that takes `cells`
    /// (an opponent hole's red and black cells, before the seed lands): the
    /// last seed is a colour the hole holds (or either colour, with a
    /// special seed sown last), and that colour's cell holds 1 or 2.
    fn threatens(self, cells: [u32; 2]) -> bool {
        let target = |c: u32| c == 1 || c == 2;
        (target(cells[0]) && (self.red > 0 || self.special > 0))
            || (target(cells[1]) && (self.black > 0 || self.special > 0))
    }
}

/// The holes of `side`, in relative order.
fn row(board: Board, side: usize) -> [Hole; ROW] {
    std::array::from_fn(|h| {
        let i = ROW * side + h;
        Hole {
            red: board.red(i),
            black: board.black(i),
            special: board.special(i),
        }
    })
}

/// The capture threats of a row against the opponent's row. A hole of
/// fewer than 12 seeds does not lap, so its last seed lands `n` holes on.
fn threats(mine: &[Hole; ROW], theirs: &[Hole; ROW]) -> u32 {
    let mut count = 0;
    for (h, hole) in mine.iter().enumerate() {
        let landing = h + hole.seeds() as usize;
        if hole.seeds() <= 11 && (ROW..HOLES).contains(&landing) {
            count += u32::from(hole.threatens(theirs[landing - ROW].cells()));
        }
    }
    count
}

/// One side's feature values (before "mine minus the opponent's").
fn side_values(mine: &[Hole; ROW], theirs: &[Hole; ROW]) -> [i32; COUNT] {
    let mut v = [0i32; COUNT];
    let mut total = 0;
    for (h, hole) in mine.iter().enumerate() {
        let n = hole.seeds() as usize;
        v[hole_buckets(h).index(n)] += 1;
        for c in hole.cells() {
            v[CELLS.index(c as usize)] += 1;
        }
        v[SPECIALS] += hole.special as i32;
        v[MOVES] += hole.moves() as i32;
        total += n;
    }
    v[THREATS] = threats(mine, theirs) as i32;
    v[SIDE_TOTAL.index(total)] += 1;
    v
}

/// Every feature of `board`, from the side to move.
pub fn values(board: Board) -> [i32; COUNT] {
    let me = board.side();
    let (mine, theirs) = (row(board, me), row(board, 1 - me));
    let a = side_values(&mine, &theirs);
    let b = side_values(&theirs, &mine);
    std::array::from_fn(|i| a[i] - b[i])
}

/// Most seeds a hole, a cell or a side can hold.
const MAX_SEEDS: usize = SEEDS as usize;

/// The evaluation: the captured seeds and the fitted weights.
pub type Eval = Fitted<FoldedWeights>;

/// The tables the weights fold into, indexed by the counts they weigh.
#[derive(Clone, Debug)]
pub struct FoldedWeights {
    /// Per relative hole and seed count.
    hole: [[i32; MAX_SEEDS + 1]; ROW],
    /// Per cell count.
    cell: [i32; MAX_SEEDS + 1],
    /// Per seeds on one's side.
    side: [i32; MAX_SEEDS + 1],
    /// Weights of a special seed, a threat and a move.
    special: i32,
    threat: i32,
    moves: i32,
}

impl FoldedWeights {
    /// One side's part of the evaluation.
    #[inline]
    fn side_value(&self, mine: &[Hole; ROW], theirs: &[Hole; ROW]) -> i32 {
        let mut s = 0;
        let mut total = 0;
        for (h, hole) in mine.iter().enumerate() {
            let n = hole.seeds() as usize;
            let [r, b] = hole.cells();
            s += self.hole[h][n]
                + self.cell[r as usize]
                + self.cell[b as usize]
                + self.special * hole.special as i32
                + self.moves * hole.moves() as i32;
            total += n;
        }
        s + self.side[total] + self.threat * threats(mine, theirs) as i32
    }
}

impl FeatureSet for FoldedWeights {
    type Position = Board;
    const FEATURE_SET: u32 = FEATURE_SET;
    const GROUPS: &'static [Group] = &GROUPS;

    fn fold(weights: &[i32]) -> FoldedWeights {
        FoldedWeights {
            hole: std::array::from_fn(|h| hole_buckets(h).table(weights)),
            cell: CELLS.table(weights),
            side: SIDE_TOTAL.table(weights),
            special: weights[SPECIALS],
            threat: weights[THREATS],
            moves: weights[MOVES],
        }
    }

    #[inline(always)]
    fn value(&self, board: Board) -> i32 {
        let me = board.side();
        let (mine, theirs) = (row(board, me), row(board, 1 - me));
        self.side_value(&mine, &theirs) - self.side_value(&theirs, &mine)
    }

    fn values(board: Board) -> Vec<i32> {
        values(board).to_vec()
    }
}

/// The tuner's view of the evaluation: feature set 12, starting from the
/// captured seeds alone (every weight 0), so that a fit depends on its data
/// only, not on the weights built into the binary.
impl Features for Colors12 {
    const FEATURE_SET: u32 = FEATURE_SET;

    fn feature_name(i: usize) -> String {
        name(i)
    }

    fn features(&self, pos: &Board, out: &mut Vec<(usize, i32)>) {
        push_nonzero(&values(*pos), out);
    }

    fn start_weights() -> Vec<i32> {
        vec![0; COUNT]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing::random_game_positions;
    use crate::game::Game;

    /// Positions of a few random games, the setup included.
    fn positions() -> Vec<Board> {
        random_game_positions(&Colors12, 12, 30, 80)
    }

    /// The parts of `b`, with the holes turned by `k` (hole index `i` moves
    /// to `i + k`) and the side to move given to `side`.
    fn rebuilt(b: Board, k: usize, scores: [u32; 2], side: usize) -> Board {
        let holes = |f: fn(Board, usize) -> u32| {
            std::array::from_fn(|i| f(b, (i + HOLES - k) % HOLES) as u8)
        };
        Board::from_parts(
            holes(Board::red),
            holes(Board::black),
            holes(Board::special),
            [scores[0] as u8, scores[1] as u8],
            side,
            b.hand() as u8,
        )
    }

    #[test]
    fn the_other_side_to_move_negates_and_the_turned_board_is_equal() {
        let w = fitted::test_weights(COUNT, 53, 61);
        let e = Eval::new(w).expect("COUNT weights");
        let game = Colors12;
        for b in positions() {
            let s = [b.score(0), b.score(1)];
            let other = rebuilt(b, 0, s, 1 - b.side());
            assert_eq!(e.evaluate(other), -e.evaluate(b));
            // Turned by six holes, with the scores and the move: North's
            // row becomes South's, the same game.
            let turned = rebuilt(b, ROW, [s[1], s[0]], 1 - b.side());
            assert_eq!(e.evaluate(turned), e.evaluate(b));
            assert_eq!(game.count_legal_moves(&turned), game.count_legal_moves(&b));
        }
    }

    #[test]
    fn tables_match_the_dot_product_and_the_terms_sum_to_it() {
        fitted::assert_folded_as_weighed::<FoldedWeights>(&positions());
    }

    #[test]
    fn the_start_is_level_and_the_features_count_what_they_say() {
        let start = Colors12.start();
        assert!(values(start).iter().all(|&v| v == 0));
        let south = row(start, 0);
        let v = side_values(&south, &row(start, 1));
        assert_eq!(v[CELLS.index(3)], 12, "twelve cells of 3");
        assert_eq!(v[MOVES], 12, "two colours in each hole");
        assert_eq!(v[SIDE_TOTAL.index(16)], 1, "36 seeds on the side");
        assert_eq!(v[THREATS], 0, "no cell of 1 or 2 at the start");
        assert_eq!(Eval::captures_only().evaluate(start), 0);
        assert!(Eval::new(vec![0; COUNT - 1]).is_none());

        // South's hole 1 holds 1 red seed and lands on North's hole 7,
        // which holds 2 black seeds and a special seed: the special seed
        // makes the red cell 1, a target for South's red seed.
        let mut red = [0u8; HOLES];
        let mut black = [0u8; HOLES];
        let mut special = [0u8; HOLES];
        red[5] = 1;
        black[6] = 2;
        special[6] = 1;
        red[0] = 35;
        black[0] = 34;
        let b = Board::from_parts(red, black, special, [0, 0], 0, 0);
        let v = side_values(&row(b, 0), &row(b, 1));
        assert_eq!(v[THREATS], 1);
        assert_eq!(v[hole_buckets(5).index(1)], 1);
        assert_eq!(v[12], 1, "hole 0: 69 seeds, bucketed as 12+");
        let north = side_values(&row(b, 1), &row(b, 0));
        assert_eq!(north[SPECIALS], 1);
        assert_eq!(north[CELLS.index(1)], 1, "the red cell: the special seed");
        assert_eq!(
            north[CELLS.index(3)],
            1,
            "the black cell: 2 and the special"
        );
        assert_eq!(north[MOVES], 1, "black only: one sowing");
    }

    #[test]
    fn every_feature_has_a_name_and_the_index_of_the_table() {
        let starts = (
            SPECIALS,
            CELLS.first,
            THREATS,
            SIDE_TOTAL.first,
            MOVES,
            COUNT,
        );
        assert_eq!(starts, (78, 79, 86, 87, 104, 105));
        fitted::assert_named(COUNT, name);
        assert_eq!(name(12), "hole0=12+");
        assert_eq!(name(CELLS.index(6)), "cells=6+");
        assert_eq!(name(SIDE_TOTAL.index(16)), "side total=16+");
    }
}
