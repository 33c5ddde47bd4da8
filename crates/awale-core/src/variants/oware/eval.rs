//! The Oware evaluation, from the side to move, in hundredths of a seed.
//!
//! Terms (each "mine minus the opponent's"):
//! - **captured**: seeds captured, 100 each. The game is decided by
//!   captures; this is the anchor every other weight is measured against.
//! - **on side**: seeds on each player's own holes. They are the seeds a
//!   player collects when the game ends by repetition or lack of moves, and
//!   a player with few seeds risks running out of moves.
//! - **mobility**: non-empty holes (moves available).
//! - **exposed**: holes holding 1 or 2 seeds, which a sowing ending there
//!   turns into a capture; counted for the opponent minus mine (targets for
//!   me minus targets for them).
//! - **big hole**: seeds in a hole of 12 or more (a "kroo"), which laps the
//!   board and can capture a long run of holes.
//!
//! The weights are set by self-play at fixed depth (see `BENCHMARKS.md`,
//! section Search, and `tests/search_selfplay.rs`); terms whose best weight
//! measured as 0 are kept at 0 and cost nothing but the arithmetic.
//!
//! The engine evaluates with an [`Evaluation`], a value the game holds: a
//! linear evaluation over the feature set of [`super::features`], whose
//! weights are either these hand-set ones (written in that feature set,
//! same values) or fitted ones from a weight file (`docs/eval.md`), plus,
//! for a file of feature set 2, a small network's term ([`super::net`]).
//! The game starts with the built-in fitted evaluation; the `--eval` flag
//! and the `EvalFile` option give it another. A weight file that fails its
//! checks is refused with a clear error and changes nothing. Nothing panics.

use std::fmt;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::features::{self, Eval};
use super::weights::{self, WeightsError};
use super::Board;
use crate::game::Scoreboard;

/// The fitted evaluation (`src/variants/oware/network.bin`, made by `awale
/// tune --net`: the linear weights of [`LINEAR_EMBEDDED`] and a network),
/// included in the binary and checked when first used.
pub const EMBEDDED: &[u8] = include_bytes!("network.bin");

/// The fitted linear weights alone (`src/variants/oware/weights.bin`, made
/// by `awale tune`): the base the network was fitted on.
pub const LINEAR_EMBEDDED: &[u8] = include_bytes!("weights.bin");

/// The name of the fitted evaluation included in the binary.
pub const FITTED: &str = "<fitted>";
/// The name of the fitted linear weights without the network.
pub const LINEAR: &str = "<linear>";
/// The name of the hand-set weights.
pub const HAND_SET: &str = "<hand-set>";

/// The evaluation a game plays with and the name it was chosen by. Cloning
/// it shares the weights (an [`Arc`]), so games and searchers each hold
/// their own at the cost of a pointer, and two games in one process may
/// play with different ones.
#[derive(Clone)]
pub struct Evaluation {
    spec: Arc<str>,
    eval: Arc<Eval>,
}

impl Evaluation {
    /// The evaluation named by `spec` (see [`load`]); a file that fails
    /// its checks is an error.
    pub fn load(spec: &str) -> Result<Evaluation, WeightsError> {
        Ok(Evaluation::new(spec, load(spec)?))
    }

    /// `eval`, known by the name `spec`.
    pub fn new(spec: &str, eval: Eval) -> Evaluation {
        Evaluation {
            spec: spec.into(),
            eval: Arc::new(eval),
        }
    }

    /// The name it was chosen by: `<fitted>`, `<linear>`, `<hand-set>` or
    /// the path of its weight file, as given.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The unscaled evaluation.
    #[inline]
    pub fn eval(&self) -> &Eval {
        &self.eval
    }

    /// The engine's evaluation of `board`: [`Eval::evaluate`] scaled by
    /// the seeds on the board ([`scale`]).
    #[inline]
    pub fn evaluate(&self, board: Board) -> i32 {
        self.eval.evaluate(board) * scale(board) / 64
    }

    /// The engine's evaluation split into named terms; they sum to
    /// [`Evaluation::evaluate`]: the unscaled terms, then what the scale
    /// adds to them.
    pub fn terms(&self, board: Board) -> Vec<(&'static str, i32)> {
        let mut terms = self.eval.terms(board);
        let plain: i32 = terms.iter().map(|t| t.1).sum();
        terms.push(("seeds on board scale", self.evaluate(board) - plain));
        terms
    }
}

/// The built-in fitted evaluation, decoded once: a cache of the constant
/// [`EMBEDDED`] bytes. Should they ever fail their checks (a test sees
/// that they do not), the hand-set weights stand in, with a warning.
impl Default for Evaluation {
    fn default() -> Evaluation {
        static BUILT_IN: OnceLock<Evaluation> = OnceLock::new();
        BUILT_IN
            .get_or_init(|| {
                Evaluation::load(FITTED).unwrap_or_else(|e| {
                    log::warn!("{e}; the engine evaluates with the hand-set weights");
                    Evaluation::new(HAND_SET, hand_set())
                })
            })
            .clone()
    }
}

/// Two evaluations are equal when they have the same name and weights
/// (the same file read twice, unchanged, gives equal evaluations).
impl PartialEq for Evaluation {
    fn eq(&self, other: &Evaluation) -> bool {
        self.spec == other.spec
            && (Arc::ptr_eq(&self.eval, &other.eval) || *self.eval == *other.eval)
    }
}

impl Eq for Evaluation {}

impl fmt::Debug for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Evaluation({})", self.spec)
    }
}

/// The hand-set evaluation in the fitted evaluation's form.
pub fn hand_set() -> Eval {
    Eval::new(features::hand_set())
}

/// The fitted evaluation included in the binary, checked.
pub fn fitted() -> Result<Eval, WeightsError> {
    weights::decode_eval(EMBEDDED)
}

/// The fitted linear weights included in the binary, checked.
pub fn linear() -> Result<Eval, WeightsError> {
    weights::decode(LINEAR_EMBEDDED).map(Eval::new)
}

/// The evaluation named by `spec`: `<hand-set>`, `<linear>`, `<fitted>` or
/// a path.
pub fn load(spec: &str) -> Result<Eval, WeightsError> {
    match spec {
        HAND_SET => Ok(hand_set()),
        LINEAR => linear(),
        FITTED => fitted(),
        path => weights::load_eval(Path::new(path)),
    }
}

/// The weights of the positional terms, in centiseeds per unit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per seed on one's own holes.
    pub on_side: i32,
    /// Per non-empty hole.
    pub mobility: i32,
    /// Per opponent hole with 1 or 2 seeds (minus one's own such holes).
    pub exposed: i32,
    /// Per seed in a hole of 12 or more.
    pub big_hole: i32,
}

/// The weights the engine plays with.
pub const WEIGHTS: Weights = Weights {
    on_side: 10,
    mobility: 60,
    exposed: 0,
    big_hole: 0,
};

impl Default for Weights {
    fn default() -> Weights {
        WEIGHTS
    }
}

/// Per-side raw counts: seeds on side, non-empty holes, holes with 1-2
/// seeds, seeds in holes of 12+.
#[inline]
fn counts(board: Board, side: usize) -> [i32; 4] {
    let mut c = [0i32; 4];
    for h in 6 * side..6 * side + 6 {
        let n = board.seeds(h) as i32;
        c[0] += n;
        c[1] += (n > 0) as i32;
        c[2] += (n == 1 || n == 2) as i32;
        c[3] += if n >= 12 { n } else { 0 };
    }
    c
}

/// The named terms with `w`, from the side to move; they sum to
/// [`evaluate_with`].
pub fn terms_with(board: Board, w: &Weights) -> [(&'static str, i32); 5] {
    let me = board.side();
    let mine = counts(board, me);
    let theirs = counts(board, 1 - me);
    [
        (
            "captured",
            100 * (board.score(me) as i32 - board.score(1 - me) as i32),
        ),
        ("on side", w.on_side * (mine[0] - theirs[0])),
        ("mobility", w.mobility * (mine[1] - theirs[1])),
        ("exposed", w.exposed * (theirs[2] - mine[2])),
        ("big hole", w.big_hole * (mine[3] - theirs[3])),
    ]
}

/// The evaluation with weights `w`.
#[inline]
pub fn evaluate_with(board: Board, w: &Weights) -> i32 {
    let captured = board.captured_lead();
    if *w
        == (Weights {
            on_side: 0,
            mobility: 0,
            exposed: 0,
            big_hole: 0,
        })
    {
        return captured;
    }
    let me = board.side();
    let mine = counts(board, me);
    let theirs = counts(board, 1 - me);
    captured
        + w.on_side * (mine[0] - theirs[0])
        + w.mobility * (mine[1] - theirs[1])
        + w.exposed * (theirs[2] - mine[2])
        + w.big_hole * (mine[3] - theirs[3])
}

/// How much a centiseed of the evaluation weighs with `board`'s seeds on
/// the board, in 64ths ([`SCALE`]).
#[inline]
pub fn scale(board: Board) -> i32 {
    scale_at(board.on_board())
}

/// [`SCALE`] at `on_board` seeds on the board. The `min` cannot bind on a
/// real board (at most 48 seeds) but spares the evaluation an index check.
#[inline]
pub fn scale_at(on_board: u32) -> i32 {
    SCALE[(on_board as usize).min(48)]
}

/// The evaluation's scale by seeds on the board `n`, in 64ths:
/// `64 * (30 / max(n, 10))^0.78`, 151 (x2.36) at 10 seeds or fewer, 64 at
/// 30, 44 (x0.69) at 48. The search's scores predict the games' results
/// about 3.7 times more surely with 12 seeds on the board than their
/// single scale says, and 1.3 times with 48 (`awale tune --calibrate`,
/// docs/eval.md): scaled, leaves with different seeds on the board
/// compare as winning chances. Measured by self-play (BENCHMARKS.md).
pub const SCALE: [i32; 49] = [
    151, 151, 151, 151, 151, 151, 151, 151, 151, 151, 151, 140, 131, 123, 116, 110, 105, 100, 95,
    91, 88, 85, 82, 79, 76, 74, 72, 69, 68, 66, 64, 62, 61, 59, 58, 57, 56, 54, 53, 52, 51, 50, 49,
    48, 47, 47, 46, 45, 44,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_sum_to_the_evaluation_and_flip_with_the_side() {
        let w = Weights {
            on_side: 3,
            mobility: 7,
            exposed: 11,
            big_hole: 13,
        };
        let b = Board::from_parts([1, 2, 0, 14, 0, 3, 4, 2, 2, 0, 1, 5], [6, 8], false);
        let sum: i32 = terms_with(b, &w).iter().map(|t| t.1).sum();
        assert_eq!(sum, evaluate_with(b, &w));
        assert_eq!(evaluate_with(b.flip_side(), &w), -evaluate_with(b, &w));
        // South: 20 on side, 4 holes, 2 exposed, 14 in a big hole; North 14, 5, 3, 0.
        let t = terms_with(b, &w);
        assert_eq!(t[0].1, -200);
        assert_eq!(t[1].1, 3 * 6);
        assert_eq!(t[2].1, -7, "4 holes against 5");
        assert_eq!(t[3].1, 11, "3 exposed against 2");
        assert_eq!(t[4].1, 13 * 14);
    }

    #[test]
    fn the_scale_follows_its_formula_and_the_terms_sum_to_the_evaluation() {
        for (n, &s) in SCALE.iter().enumerate() {
            let formula = 64.0 * (30.0 / n.max(10) as f64).powf(0.78);
            assert_eq!(s, formula.round() as i32, "{n} seeds on the board");
        }
        let e = Evaluation::default();
        let mut rng = crate::rng::Rng::new(9);
        for _ in 0..500 {
            let b = Board::random(&mut rng, 48, 12);
            let on_board: u32 = (0..12).map(|h| b.seeds(h)).sum();
            let s = SCALE[on_board as usize];
            assert_eq!(scale(b), s, "{b:?}");
            let sum: i32 = e.terms(b).iter().map(|t| t.1).sum();
            assert_eq!(sum, e.evaluate(b), "{b:?}");
            assert_eq!(e.evaluate(b), e.eval().evaluate(b) * s / 64, "{b:?}");
            assert_eq!(e.evaluate(b.flip_side()), -e.evaluate(b), "{b:?}");
        }
    }

    #[test]
    fn the_hand_set_weights_in_the_feature_set_give_the_same_values() {
        let e = hand_set();
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..2000 {
            let b = Board::random(&mut rng, 48, 15);
            assert_eq!(e.evaluate(b), evaluate_with(b, &WEIGHTS), "{b:?}");
        }
    }

    #[test]
    fn the_embedded_weights_pass_their_checks() {
        let fitted = fitted().expect("the embedded network");
        assert!(fitted.net().is_some());
        let linear = linear().expect("the embedded linear weights");
        assert!(linear.net().is_none());
        assert_eq!(
            fitted.weights(),
            linear.weights(),
            "the network was fitted on the linear weights of weights.bin"
        );
    }

    /// Two games hold their own evaluations: at the same time, on two
    /// threads, each evaluates with its own.
    #[test]
    fn games_evaluate_with_their_own_evaluations_at_once() {
        use crate::game::Game;
        let one = super::super::Oware::default();
        let mut other = one.clone();
        other.evaluation = Evaluation::load(HAND_SET).unwrap();
        assert_eq!(one.evaluation, Evaluation::default());
        assert_eq!(one.evaluation.spec(), FITTED);
        assert_ne!(one, other);
        let mut rng = crate::rng::Rng::new(3);
        let boards: Vec<Board> = (0..200).map(|_| Board::random(&mut rng, 48, 12)).collect();
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| boards.iter().map(|b| one.evaluate(b)).collect::<Vec<_>>());
            let b = s.spawn(|| boards.iter().map(|b| other.evaluate(b)).collect::<Vec<_>>());
            (a.join().unwrap(), b.join().unwrap())
        });
        let (fitted, hand) = (fitted().unwrap(), hand_set());
        for (i, board) in boards.iter().enumerate() {
            let s = scale(*board);
            assert_eq!(a[i], fitted.evaluate(*board) * s / 64, "{board:?}");
            assert_eq!(b[i], hand.evaluate(*board) * s / 64, "{board:?}");
        }
        assert_ne!(a, b, "the two evaluations differ somewhere");
    }

    #[test]
    fn a_file_that_fails_its_checks_is_an_error() {
        assert!(Evaluation::load("/no/such/weights.bin").is_err());
        assert!(Evaluation::load("fitted").is_err());
    }

    #[test]
    fn start_is_balanced() {
        assert_eq!(Evaluation::default().evaluate(Board::START), 0);
        let b = Board::from_parts([4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4], [4, 0], false);
        assert_eq!(evaluate_with(b, &WEIGHTS), 400 - 10 * 4 - 60);
        assert_eq!(hand_set().evaluate(b), 400 - 10 * 4 - 60);
    }
}
