//! Quiescence: a leaf is scored after the captures it allows. The side to
//! move may stand on the evaluation (it is never forced to capture while a
//! quiet move remains) or take a capture, and so may the reply, for at most
//! [`QUIESCENCE_PLIES`] plies. A capture is irreversible, so no repetition
//! can occur below a leaf, and its child is a fresh position for the
//! endgame tables.

use super::ordering::{capture_key, sort_by_key_desc};
use super::score::{clamp_heuristic, game_result, settle, within};
use super::thread::{Shared, Worker, MAX_PLY};
use crate::game::Game;

/// Plies of captures searched below a leaf.
pub const QUIESCENCE_PLIES: u32 = 4;

impl<G: Game> Worker<G> {
    /// The value of `pos` at `ply` from the root, in the window `(alpha,
    /// beta)` (fail-soft), once the captures from it have been played out
    /// for at most `left` plies; `fresh` says that `pos` was reached by an
    /// irreversible move (for the endgame tables). The node itself is
    /// counted by the caller, the captures below it here.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn quiesce(
        &mut self,
        sh: &Shared<G>,
        pos: &G::Position,
        fresh: bool,
        ply: usize,
        alpha: i32,
        beta: i32,
        left: u32,
    ) -> i32 {
        let game = sh.game;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        let known = match settle(self.probe(sh, pos, fresh, ply), alpha, beta) {
            Ok(bounds) => bounds,
            Err(settled) => return settled,
        };
        if let Some(end) = game.end(pos) {
            let me = game.side_to_move(pos).index();
            return game_result(end.scores, me, ply);
        }
        let stand = clamp_heuristic(game.evaluate(pos));
        self.quiesce_captures(sh, pos, ply, alpha, beta, left, stand, known)
    }

    /// [`Self::quiesce`] once the oracle and the game's end have been
    /// asked at `pos`: `stand` is its evaluation and `known` the oracle's
    /// bounds on its value. Razoring comes in here, having both already.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn quiesce_captures(
        &mut self,
        sh: &Shared<G>,
        pos: &G::Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        left: u32,
        stand: i32,
        known: (i32, i32),
    ) -> i32 {
        let game = sh.game;
        let me = game.side_to_move(pos).index();
        if left == 0 || stand >= beta || ply >= MAX_PLY - 1 {
            return within(stand, known);
        }
        alpha = alpha.max(stand);
        let mut best = stand;

        let mut moves = G::Moves::default();
        game.legal_moves(pos, &mut moves);
        let my_score = game.scores(pos)[me];
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        for (i, &mv) in moves.iter().enumerate() {
            let next = game.play(pos, mv);
            let gain = game.scores(&next)[me].saturating_sub(my_score);
            if gain > 0 {
                if let Some(oracle) = sh.oracle {
                    oracle.prefetch(&next);
                }
                list.push((capture_key(gain), (mv, i, next)));
            }
        }
        sort_by_key_desc(&mut list);
        for &(_, (_, _, next)) in list.iter() {
            self.nodes += 1;
            let s = -self.quiesce(sh, &next, true, ply + 1, -beta, -alpha, left - 1);
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        within(best, known)
    }
}
