//! What the tables say of each move of a covered position, given the game's
//! history: the search uses it to keep, at the root, only the moves that
//! keep the known outcome, and `awale tables probe` prints it.

use std::cmp::Ordering;

use super::{verdict, EndgameTables};
use crate::game::{Game, History};
use crate::variants::oware::{Board, Move, Oware};

/// The outcome of one move under perfect play from then on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    /// The move.
    pub mv: Move,
    /// Bounds on the seeds the mover collects from the position before the
    /// move to the end of the game (this move's captures included). When
    /// the outcome is not known for this history, these are the bounds with
    /// an empty history after the move, which the actual history may break.
    pub lo: u32,
    /// The upper bound (equal to `lo` when known).
    pub hi: u32,
    /// Whether the outcome holds under every history.
    pub exact: bool,
    /// Bounds on the same seeds that hold whatever the history before the
    /// move: those of the position it leads to under every history after
    /// a quiet move, `lo..=hi` after a capture or an ending.
    pub every_history: [u32; 2],
    /// The final totals `[south, north]` when known for this history.
    pub final_scores: Option<[u32; 2]>,
    /// Whether the game ends right after the move (a target reached, no
    /// legal move left, a repetition): `final_scores` are then the actual
    /// totals, which the 25-seed stop can make differ from a table value.
    pub ends: bool,
    /// For a move that neither captures nor ends the game, when the upper
    /// bound of the position it leads to (what the opponent is held to
    /// there, with an empty history) was proved, if that seed count keeps its
    /// [`ProofOrder`](super::ProofOrder).
    pub proof_time: Option<u32>,
    /// Whether `final_scores` hold for the actual history: the game ends,
    /// the move captures (the history starts again) or the position it
    /// leads to is exact. False for a value taken with `assume_fresh`.
    pub certain: bool,
}

/// The outcome of every legal move of `pos`, reached through `history`
/// (its last key is `pos`'s). Moves into positions no table covers (a seed count
/// missing below) have unknown outcomes. With `assume_fresh`, a value known
/// only with an empty history is taken as the value whatever the history
/// (see [`keeping_moves`]).
pub fn move_outcomes(
    tables: &EndgameTables,
    game: &Oware,
    pos: &Board,
    history: &History<u128>,
    assume_fresh: bool,
) -> Vec<MoveOutcome> {
    let me = pos.side();
    let mut legal = <Oware as Game>::Moves::default();
    game.legal_moves(pos, &mut legal);
    legal
        .iter()
        .map(|&mv| {
            let next = game.play(pos, mv);
            let captured = next.score(me) - pos.score(me);
            let irreversible = game.is_irreversible(pos, &next);
            let mut after = history.clone();
            after.push(game.key(&next), irreversible);
            let end = game.end(&next).or_else(|| {
                after
                    .is_repetition()
                    .then(|| game.repetition_end(&next))
                    .flatten()
            });
            if let Some(end) = end {
                let v = end.scores[me] - pos.score(me);
                return MoveOutcome {
                    mv,
                    lo: v,
                    hi: v,
                    exact: true,
                    every_history: [v, v],
                    final_scores: Some(end.scores),
                    ends: true,
                    proof_time: None,
                    certain: true,
                };
            }
            match verdict(tables, game, &next, irreversible || assume_fresh) {
                Some(child) => {
                    // What the mover collects when the opponent collects
                    // `theirs` of the seeds on the board after the move.
                    let mine = |theirs: u8| captured + child.on_board - u32::from(theirs);
                    let (lo, hi) = (mine(child.entry.hi), mine(child.entry.lo));
                    MoveOutcome {
                        mv,
                        lo,
                        hi,
                        exact: child.entry.is_exact(),
                        every_history: if irreversible {
                            [lo, hi]
                        } else {
                            [mine(child.entry.every_hi), mine(child.entry.every_lo)]
                        },
                        final_scores: child.final_scores,
                        ends: false,
                        proof_time: (!irreversible)
                            .then(|| tables.proof_times(&next).map(|[_, hi]| hi))
                            .flatten(),
                        certain: child.final_scores.is_some()
                            && (irreversible || child.entry.is_exact()),
                    }
                }
                None => {
                    let most = captured + next.on_board();
                    MoveOutcome {
                        mv,
                        lo: captured,
                        hi: most,
                        exact: false,
                        every_history: [captured, most],
                        final_scores: None,
                        ends: false,
                        proof_time: None,
                        certain: false,
                    }
                }
            }
        })
        .collect()
}

/// The result of final totals for side `me`: win, draw or loss.
fn result(scores: [u32; 2], me: usize) -> Ordering {
    scores[me].cmp(&scores[1 - me])
}

/// The moves among `moves` that keep the outcome the tables give `pos`
/// reached through `history`: the same final totals, or an end of the game
/// at once with a result (win, draw, loss) at least as good. `None` when
/// the tables know nothing of `pos` or no move keeps its outcome.
///
/// A value known only with an empty history is used whatever the history:
/// the history can only add ways to end the game by repetition, which the
/// search (whose probes stay exact: only after a capture or on exact
/// entries) sees where they are near. Without this filter the engine has
/// no guide through the quiet moves between two captures and can throw a
/// won game away; with the estimate used inside the search as well, it
/// wanders among value-keeping quiet moves until a repetition costs it the
/// game.
///
/// The estimates come last: where some moves keep the very split for
/// certain (a capture, an exact position, or an end of the game giving the
/// mover at least as much), only those are kept; else, where the seed count
/// keeps its [`ProofOrder`](super::ProofOrder), the moves into positions
/// proved before the root, along which no position can come twice. An
/// estimate alone can lead into a cycle whose repetition ends the game a
/// seed or two short. Measured by the test
/// `games_from_covered_positions_keep_the_table_result`.
pub fn keeping_moves(
    tables: &EndgameTables,
    game: &Oware,
    pos: &Board,
    history: &History<u128>,
    moves: &[Move],
) -> Option<Vec<Move>> {
    let target = verdict(tables, game, pos, true)?.final_scores?;
    let me = pos.side();
    let outcomes: Vec<MoveOutcome> = move_outcomes(tables, game, pos, history, true)
        .into_iter()
        .filter(|o| moves.contains(&o.mv))
        .collect();
    let keeps_split_for_certain = |o: &MoveOutcome| match o.final_scores {
        Some(f) if o.ends => f[me] >= target[me],
        Some(f) => o.certain && f == target,
        None => false,
    };
    let keeps_result = |o: &MoveOutcome| match o.final_scores {
        Some(f) if o.ends => result(f, me) >= result(target, me),
        Some(f) => f == target,
        None => false,
    };
    let pick = |keep: &dyn Fn(&MoveOutcome) -> bool| -> Vec<Move> {
        outcomes.iter().filter(|o| keep(o)).map(|o| o.mv).collect()
    };
    // Where the seed count keeps its proof order, the moves to positions whose
    // bound against the opponent was proved before the root's own bound:
    // along them no position comes twice (see `ProofOrder`).
    let root_time = tables.proof_times(pos).map(|[lo, _]| lo).filter(|&t| t > 0);
    let makes_progress = |o: &MoveOutcome| match (root_time, o.final_scores) {
        (Some(root), Some(f)) => !o.ends && f == target && o.proof_time.is_some_and(|t| t < root),
        _ => false,
    };
    [
        pick(&keeps_split_for_certain),
        pick(&makes_progress),
        pick(&keeps_result),
    ]
    .into_iter()
    .find(|keep| !keep.is_empty())
}
