//! The alpha-beta search below the root: fail-soft negamax with
//! principal-variation search (the first move with the full window, the
//! others with a null window and a re-search when they beat alpha), the
//! transposition table, and the game's endings exactly as the rules give
//! them.
//!
//! # Endings
//! - A position whose legal move list is empty is over: [`Game::end`] gives
//!   the final totals, scored as an exact win, loss or draw at its ply.
//! - Before a reversible move's child is searched, the path since the last
//!   irreversible move (kept in a [`History`]) is scanned for it; a repeat
//!   ends the game as [`Game::repetition_end`] says, scored like any ending.
//!   In a variant without a repetition rule (`repetition_end` is `None`) the
//!   repeat is scored 0 (a draw-like value) inside the search: the cycle
//!   gains nothing, and the search cannot loop.
//!
//! # The table and the path (graph-history interaction)
//! A repetition score depends on the path, not only on the position. Every
//! node tracks the lowest history index that a repetition below it matched;
//! when that index lies above the node (an ancestor of it), the node's value
//! depends on how it was reached, and it is not stored in the table. Values
//! of subtrees whose repetitions all lie inside the subtree are stored. What
//! remains (a stored value reused on a path where some line below would now
//! repeat an ancestor) is the usual, rare, accepted inexactness.
//!
//! # Nodes
//! A node is one position the search visits: every call of [`Worker::negamax`]
//! (interior nodes, leaves, table cutoffs), every child found to be a
//! repetition (scored without a call), and every capture searched below a
//! leaf ([`super::quiescence`]).

use super::futility;
use super::ordering::{capture_key, is_quiet, quiet_key, sort_by_key_desc};
use super::quiescence::QUIESCENCE_PLIES;
use super::razoring;
use super::score::{
    clamp_heuristic, from_tt, game_result, settle, table_result, to_tt, unscaled, within, INFINITE,
};
use super::singular;
use super::split::{is_cut, SplitPoint, SPLIT_MIN_DEPTH};
use super::thread::{Child, Shared, Worker, MAX_PLY};
use super::tt::{Bound, Entry};
use crate::game::{Game, History};

/// The shallowest remaining depth at which the table is used.
pub const TT_MIN_DEPTH: i32 = 2;

/// The index in `history` of the position `key` would repeat as the child
/// of the current position after a reversible move, if any.
#[inline]
pub fn repeat_index<K: Copy + Eq>(history: &History<K>, key: K) -> Option<usize> {
    let keys = history.keys();
    let n = keys.len();
    let start = n - 1 - history.reversible_plies();
    if n < 2 {
        return None;
    }
    let mut i = n - 2;
    loop {
        if i < start {
            return None;
        }
        if keys[i] == key {
            return Some(i);
        }
        if i < 2 {
            return None;
        }
        i -= 2;
    }
}

/// Plies by which a move is searched shallower first (late-move
/// reduction): quiet moves late in the order, away from the leaves and
/// outside principal-variation nodes, where a cutoff usually came earlier.
/// `k` is the move's place among the moves searched after the table's. A
/// side whose evaluation did not rise since its previous turn (not
/// improving) is less likely to find a late move that helps: its late
/// moves lose a ply more.
#[inline]
pub fn late_move_reduction(
    depth: i32,
    k: usize,
    quiet: bool,
    pv_node: bool,
    improving: bool,
) -> i32 {
    if !quiet || pv_node || depth < LMR_MIN_DEPTH || k < LMR_MIN_MOVES {
        0
    } else if depth >= LMR_DEEP_DEPTH && k >= LMR_DEEP_MOVES {
        3 - i32::from(improving)
    } else {
        2 - i32::from(improving)
    }
}

/// The remaining depth from which the latest moves are reduced by 2 plies.
pub const LMR_DEEP_DEPTH: i32 = 6;

/// Moves searched before the reductions of 2 plies start.
pub const LMR_DEEP_MOVES: usize = 4;

/// The shallowest remaining depth at which late moves are reduced.
pub const LMR_MIN_DEPTH: i32 = 3;

/// Moves searched at full depth before the reductions start.
pub const LMR_MIN_MOVES: usize = 2;

/// The shallowest remaining depth at which a node without a table move
/// is searched a ply shallower (internal iterative reduction).
pub const IIR_MIN_DEPTH: i32 = 4;

impl<G: Game> Worker<G> {
    /// The value of `next`, the child of `pos` at `ply` reached by a move:
    /// a repetition ending if it repeats the path, else a PVS search of
    /// `depth - 1` plies (full window when `first`, else null window and a
    /// re-search when it lands strictly inside the window). A late quiet
    /// move is first searched `reduction` plies shallower (late-move
    /// reduction), and again at full depth when it beats `alpha` there.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn child(
        &mut self,
        sh: &Shared<G>,
        sp: Option<&SplitPoint>,
        pos: &G::Position,
        next: &G::Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        first: bool,
        reduction: i32,
    ) -> i32 {
        let game = sh.game;
        let irreversible = game.is_irreversible(pos, next);
        let key = game.key(next);
        if !irreversible {
            if let Some(index) = repeat_index(&self.history, key) {
                self.nodes += 1;
                self.rep_low = self.rep_low.min(index);
                self.pv[ply + 1].clear();
                return match game.repetition_end(next) {
                    Some(end) => -game_result(end.scores, game.side_to_move(next).index(), ply + 1),
                    None => 0,
                };
            }
        }
        if depth <= 1 {
            // A leaf: its value needs no history and no recursion.
            self.nodes += 1;
            self.pv[ply + 1].clear();
            if sh.quiescence {
                return -self.quiesce(
                    sh,
                    next,
                    irreversible,
                    ply + 1,
                    -beta,
                    -alpha,
                    QUIESCENCE_PLIES,
                );
            }
            return match self.probe(sh, next, irreversible, ply + 1) {
                Some((lower, upper)) if lower == upper => -lower,
                Some(known) => -within(self.leaf(game, next, ply + 1), known),
                None => -self.leaf(game, next, ply + 1),
            };
        }
        self.history.push(key, irreversible);
        let score = if first {
            -self.negamax(sh, sp, next, depth - 1, ply + 1, -beta, -alpha)
        } else {
            let mut s = -self.negamax(
                sh,
                sp,
                next,
                depth - 1 - reduction,
                ply + 1,
                -alpha - 1,
                -alpha,
            );
            if reduction > 0 && s > alpha {
                s = -self.negamax(sh, sp, next, depth - 1, ply + 1, -alpha - 1, -alpha);
            }
            if s > alpha && s < beta && beta - alpha > 1 {
                s = -self.negamax(sh, sp, next, depth - 1, ply + 1, -beta, -alpha);
            }
            s
        };
        self.history.pop();
        score
    }

    /// The value of `pos` searched `depth` plies deep, at `ply` from the root,
    /// in the window `(alpha, beta)` (fail-soft), below the split point
    /// chain `sp` (`None` outside parallel tasks).
    #[allow(clippy::too_many_arguments)]
    pub fn negamax(
        &mut self,
        sh: &Shared<G>,
        sp: Option<&SplitPoint>,
        pos: &G::Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if !self.enter(sh, sp) {
            return 0;
        }
        let game = sh.game;
        self.pv[ply].clear();
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        let mut node = Node {
            pos,
            depth,
            ply,
            alpha,
            beta,
            pv_node: beta - alpha > 1,
            me: game.side_to_move(pos).index(),
            known: (-INFINITE, INFINITE),
        };
        // What the oracle knows: the value itself, or bounds that cut the
        // node off when the window lies outside them and else bound the
        // value found below.
        let fresh = self.history.reversible_plies() == 0;
        if ply > 0 {
            match settle(self.probe(sh, pos, fresh, ply), alpha, beta) {
                Ok(bounds) => node.known = bounds,
                Err(settled) => return settled,
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return within(self.leaf(game, pos, ply), node.known);
        }
        let table = match probe_table(sh, &node) {
            Ok(table) => table,
            Err(settled) => return settled,
        };

        // Internal iterative reduction: a node the table has no move for,
        // far enough from the leaves, is searched a ply shallower. Without
        // a first move to try, its ordering is poor and the search costly;
        // if the node matters, the next iteration comes back with a move.
        if sh.depth_changes && table.used && table.index.is_none() && node.depth >= IIR_MIN_DEPTH {
            node.depth -= 1;
        }
        let mut estimate = self.estimate(sh, pos, ply);
        if let Err(settled) = self.prune_before_moves(sh, &node, &mut estimate) {
            return settled;
        }

        let mut moves = G::Moves::default();
        game.legal_moves(pos, &mut moves);
        if moves.is_empty() {
            return match game.end(pos) {
                Some(end) => game_result(end.scores, node.me, ply),
                None => 0,
            };
        }
        // A forced move (the only legal one, as when the opponent must be
        // fed) costs no depth: the line is searched as deep as a choice
        // would be. The path's length bounds the chains of them.
        if sh.depth_changes && moves.len() == 1 && ply < MAX_PLY / 2 {
            node.depth += 1;
        }
        let here = self.history.len() - 1;
        let outer_rep_low = self.rep_low;
        self.rep_low = usize::MAX;
        let found = self.search_moves(sh, sp, &node, &moves, &table, &estimate);
        let inner_rep_low = self.rep_low;
        self.rep_low = outer_rep_low.min(inner_rep_low);
        let found = match found {
            Ok(found) => found,
            Err(settled) => return settled,
        };
        if self.aborted {
            return 0;
        }
        let clamped = within(found.best, node.known);
        if table.used && inner_rep_low >= here {
            store(sh, &table, &node, &found, clamped);
        }
        clamped
    }

    /// Searches the node's moves, the table's first: what they found, or
    /// `Err(value)` when the table's move settles the node without the
    /// others (see [`Self::table_move_first`]).
    #[inline(always)]
    fn search_moves(
        &mut self,
        sh: &Shared<G>,
        sp: Option<&SplitPoint>,
        node: &Node<G>,
        moves: &G::Moves,
        table: &TableProbe,
        estimate: &Estimate,
    ) -> Result<Found, i32> {
        let ply = node.ply;
        let tt_index = table.index.filter(|&i| i < moves.len());
        let my_score = sh.game.scores(node.pos)[node.me];
        let mut found = Found {
            alpha: node.alpha,
            best: -INFINITE,
            index: None,
            first: true,
        };
        // The table's move first, before the others are even played.
        let mut cut = false;
        if let Some(i) = tt_index {
            let entry = table.entry;
            cut = self.table_move_first(sh, sp, node, moves, i, entry, my_score, &mut found)?;
        }
        if !cut && !self.aborted {
            let mut list = std::mem::take(&mut self.lists[ply]);
            self.order_moves(sh, node, moves, tt_index, my_score, &mut list);
            self.other_moves(sh, sp, node, &list, estimate, &mut found);
            self.lists[ply] = list;
        }
        Ok(found)
    }

    /// Counts a node and polls the limits every [`super::thread::POLL`]
    /// nodes; false when the search unwinds (a limit, a stop, or a cutoff
    /// of the split point chain `sp`).
    #[inline(always)]
    fn enter(&mut self, sh: &Shared<G>, sp: Option<&SplitPoint>) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll(sh);
        }
        if is_cut(sp) {
            self.aborted = true;
        }
        !self.aborted
    }

    /// The node's evaluation, kept on the path at `ply`: a side whose
    /// evaluation rose since its previous turn is improving, and is pruned
    /// with a ply less of margin; one that is not has its late moves
    /// reduced a ply more. Computed only where the search changes depths
    /// and the game goes on.
    #[inline(always)]
    fn estimate(&mut self, sh: &Shared<G>, pos: &G::Position, ply: usize) -> Estimate {
        let game = sh.game;
        self.evals[ply] = None;
        let mut estimate = Estimate {
            eval: None,
            improving: false,
            scale: 64,
            stand: None,
        };
        if sh.depth_changes && game.end(pos).is_none() {
            let eval = clamp_heuristic(game.evaluate(pos));
            estimate.eval = Some(eval);
            estimate.scale = game.evaluation_scale(pos);
            self.evals[ply] = Some(eval);
            estimate.improving = ply >= 2 && futility::improving(eval, self.evals[ply - 2]);
        }
        estimate
    }

    /// Reverse futility pruning and razoring, before the moves are even
    /// listed: `Err(value)` when they settle the node. A node that may be
    /// pruned keeps its evaluation in `estimate.stand`, by which its quiet
    /// moves may be skipped later.
    #[inline(always)]
    fn prune_before_moves(
        &mut self,
        sh: &Shared<G>,
        node: &Node<G>,
        estimate: &mut Estimate,
    ) -> Result<(), i32> {
        let depth = node.depth;
        let Some(eval) = estimate
            .eval
            .filter(|_| !node.pv_node && futility::may_prune(depth, node.beta))
        else {
            return Ok(());
        };
        let scale = estimate.scale;
        let (alpha, beta) = (node.alpha, node.beta);
        if futility::is_futile(
            depth,
            unscaled(eval, scale),
            unscaled(beta, scale),
            estimate.improving,
        ) {
            return Err(within(eval, node.known));
        }
        if razoring::is_hopeless(depth, unscaled(eval, scale), unscaled(alpha, scale)) {
            // The captures alone, at a null window on alpha; the oracle
            // was asked above and the evaluation is at hand.
            let q = self.quiesce_captures(
                sh,
                node.pos,
                node.ply,
                alpha,
                alpha + 1,
                QUIESCENCE_PLIES,
                eval,
                node.known,
            );
            if q <= alpha {
                return Err(q);
            }
        }
        estimate.stand = Some(eval);
        Ok(())
    }

    /// Searches the table's move `moves[i]` first, extended or reduced as
    /// [`Self::singular_extension`] says, into `found`: `Ok(true)` when it
    /// cut the node off, `Err(value)` when the node is settled without
    /// its other moves (0 when the search unwinds, the bound of a
    /// multi-cut).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn table_move_first(
        &mut self,
        sh: &Shared<G>,
        sp: Option<&SplitPoint>,
        node: &Node<G>,
        moves: &G::Moves,
        i: usize,
        entry: Option<Entry>,
        my_score: u32,
        found: &mut Found,
    ) -> Result<bool, i32> {
        let game = sh.game;
        let (pos, depth, ply, beta) = (node.pos, node.depth, node.ply, node.beta);
        let mv = moves[i];
        let next = game.play(pos, mv);
        let extension = match entry {
            Some(e) if sh.depth_changes && ply > 0 && ply < MAX_PLY / 2 && moves.len() > 1 => {
                self.singular_extension(sh, sp, pos, moves, i, &e, depth, ply, beta, node.pv_node)
            }
            _ => Ok(0),
        };
        if self.aborted {
            return Err(0);
        }
        let extension = match extension {
            Ok(plies) => plies,
            // Like any value found below, brought within what the oracle
            // proved.
            Err(cut) => return Err(within(cut, node.known)),
        };
        let s = self.child(
            sh,
            sp,
            pos,
            &next,
            depth + extension,
            ply,
            found.alpha,
            beta,
            true,
            0,
        );
        found.first = false;
        found.best = s;
        found.index = Some(i);
        let mut cut = false;
        if s > found.alpha {
            found.alpha = s;
            if node.pv_node {
                self.update_pv(ply, mv);
            }
            if s >= beta {
                cut = true;
                if !self.aborted && game.scores(&next)[node.me] == my_score {
                    self.quiet.update(&mv, node.me, depth, true);
                }
            }
        }
        Ok(cut)
    }

    /// Fills `list` with the node's moves other than the table's
    /// (`tt_index`), played and ordered: captures by size, then quiet
    /// moves by their history. The children that will probe the table
    /// have their buckets fetched meanwhile (and their endgame table
    /// entries, which every child probes).
    #[inline(always)]
    fn order_moves(
        &self,
        sh: &Shared<G>,
        node: &Node<G>,
        moves: &G::Moves,
        tt_index: Option<usize>,
        my_score: u32,
        list: &mut Vec<Child<G>>,
    ) {
        let game = sh.game;
        let prefetch = sh.use_tt && node.depth > TT_MIN_DEPTH;
        list.clear();
        for (i, &mv) in moves.iter().enumerate() {
            if Some(i) == tt_index {
                continue;
            }
            let next = game.play(node.pos, mv);
            if prefetch {
                sh.tt.prefetch(game.hash(&next));
            }
            if let Some(oracle) = sh.oracle {
                oracle.prefetch(&next);
            }
            let gain = game.scores(&next)[node.me].saturating_sub(my_score);
            let key = if gain > 0 {
                capture_key(gain)
            } else {
                quiet_key(self.quiet.value(&mv, node.me))
            };
            list.push((key, (mv, i, next)));
        }
        sort_by_key_desc(list);
    }

    /// Searches the ordered moves `list` into `found`, up to a cutoff: the
    /// rest shared out over idle threads once one move has been searched
    /// (see [`super::split`]), quiet moves skipped by futility or reduced
    /// late in the order.
    #[inline(always)]
    fn other_moves(
        &mut self,
        sh: &Shared<G>,
        sp: Option<&SplitPoint>,
        node: &Node<G>,
        list: &[Child<G>],
        estimate: &Estimate,
        found: &mut Found,
    ) {
        let (pos, depth, ply, beta, pv_node) =
            (node.pos, node.depth, node.ply, node.beta, node.pv_node);
        let scale = estimate.scale;
        for (k, &(key, (mv, i, next))) in list.iter().enumerate() {
            if !found.first
                && sh.helpers > 0
                && depth >= SPLIT_MIN_DEPTH
                && list.len() - k >= 2
                && sh.someone_idle()
            {
                let window = (found.alpha, beta);
                let split = self.split(sh, sp, pos, &list[k..], depth, ply, window, pv_node);
                if split.best > found.best {
                    found.best = split.best;
                    found.index = split.index;
                }
                if let Some((mv, line)) = split.line {
                    if pv_node {
                        self.set_pv(ply, mv, &line);
                    }
                }
                break;
            }
            if !found.first
                && is_quiet(key)
                && estimate.stand.is_some_and(|eval| {
                    futility::skips_quiet_moves(
                        depth,
                        unscaled(eval, scale),
                        unscaled(found.alpha, scale),
                    )
                })
            {
                continue;
            }
            let reduction = if sh.depth_changes {
                late_move_reduction(depth, k, is_quiet(key), pv_node, estimate.improving)
            } else {
                0
            };
            let s = self.child(
                sh,
                sp,
                pos,
                &next,
                depth,
                ply,
                found.alpha,
                beta,
                found.first,
                reduction,
            );
            found.first = false;
            if self.aborted {
                break;
            }
            if s > found.best {
                found.best = s;
                found.index = Some(i);
                if s > found.alpha {
                    found.alpha = s;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if s >= beta {
                        if is_quiet(key) {
                            self.reward_quiet(&list[..=k], node.me, depth);
                        }
                        break;
                    }
                }
            }
        }
    }

    /// Bounds on the value of `pos` at `ply` from the oracle, `(lower,
    /// upper)` (equal when it knows the value), if it knows anything;
    /// `fresh` says that `pos` was reached by an irreversible move (its
    /// history since then is only itself).
    #[inline]
    pub(super) fn probe(
        &mut self,
        sh: &Shared<G>,
        pos: &G::Position,
        fresh: bool,
        ply: usize,
    ) -> Option<(i32, i32)> {
        let [worst, best] = sh.oracle?.final_range(pos, fresh)?;
        self.tbhits += 1;
        let me = sh.game.side_to_move(pos).index();
        Some((table_result(worst, me, ply), table_result(best, me, ply)))
    }

    /// The plies by which the table's move `moves[tt_index]` at `pos` is
    /// extended, when [`singular::candidate`] allows a test: every other
    /// move is searched at [`singular::verification_depth`] with a null
    /// window against the bound it gives. When all fail low, the move is
    /// singular: [`singular::extension`] (1 or 2). `Err(bound)` is a
    /// multi-cut: outside the principal variation, when another move
    /// reaches the bound and the bound itself is at least `beta`, two moves
    /// hold the node above beta, and it returns the bound without searching
    /// further. Otherwise, when another move reaches the bound,
    /// [`singular::shared_extension`] (0, or negative: a reduction). `Ok(0)`
    /// without a test (also when the search is stopped meanwhile, which the
    /// caller checks).
    #[allow(clippy::too_many_arguments)]
    fn singular_extension(
        &mut self,
        sh: &Shared<G>,
        sp: Option<&SplitPoint>,
        pos: &G::Position,
        moves: &G::Moves,
        tt_index: usize,
        entry: &Entry,
        depth: i32,
        ply: usize,
        beta: i32,
        pv_node: bool,
    ) -> Result<i32, i32> {
        let score = from_tt(entry.score, ply);
        let Some(bound) = singular::candidate(depth, entry, score) else {
            return Ok(0);
        };
        let reduced = singular::verification_depth(depth);
        let mut best_other = -INFINITE;
        for (j, &other) in moves.iter().enumerate() {
            if j == tt_index {
                continue;
            }
            let next = sh.game.play(pos, other);
            let s = self.child(sh, sp, pos, &next, reduced, ply, bound - 1, bound, false, 0);
            if self.aborted {
                return Ok(0);
            }
            best_other = best_other.max(s);
            if s >= bound {
                return if singular::multi_cut(bound, beta, pv_node) {
                    Err(bound)
                } else {
                    Ok(singular::shared_extension(score, beta))
                };
            }
        }
        Ok(singular::extension(bound, best_other, pv_node))
    }

    /// Updates the quiet-move history after the last move of `tried`, a
    /// quiet one, refuted a position `depth` plies from the leaves: it
    /// gains, and the quiet moves tried before it lose.
    fn reward_quiet(&mut self, tried: &[Child<G>], me: usize, depth: i32) {
        let Some((&(_, (best, _, _)), before)) = tried.split_last() else {
            return;
        };
        self.quiet.update(&best, me, depth, true);
        for &(key, (mv, _, _)) in before {
            if is_quiet(key) {
                self.quiet.update(&mv, me, depth, false);
            }
        }
    }

    /// The value of a position searched no deeper: its result if the game
    /// is over, else the evaluation.
    #[inline]
    fn leaf(&mut self, game: &G, pos: &G::Position, ply: usize) -> i32 {
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        match game.end(pos) {
            Some(end) => game_result(end.scores, game.side_to_move(pos).index(), ply),
            None => clamp_heuristic(game.evaluate(pos)),
        }
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Sets the line from `ply` to `mv` followed by `rest`.
    fn set_pv(&mut self, ply: usize, mv: G::Move, rest: &[G::Move]) {
        let line = &mut self.pv[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(rest);
    }
}

/// What the steps of one node's search share: the position, its place and
/// window, and what the oracle proved of it.
struct Node<'a, G: Game> {
    pos: &'a G::Position,
    /// The remaining depth, once reduced or extended.
    depth: i32,
    ply: usize,
    /// The window's lower end as the node was entered (the moves raise
    /// [`Found::alpha`], not this).
    alpha: i32,
    beta: i32,
    pv_node: bool,
    /// The side to move.
    me: usize,
    /// The oracle's bounds on the value (the full range when it knows
    /// nothing).
    known: (i32, i32),
}

/// What a node's moves found so far.
struct Found {
    /// The window's lower end, raised by each move that beats it.
    alpha: i32,
    /// The best value (fail-soft).
    best: i32,
    /// The legal-list index of the move that gave it.
    index: Option<usize>,
    /// Whether no move has been searched yet.
    first: bool,
}

/// The node's evaluation, as the pruning and the reductions use it.
struct Estimate {
    /// The evaluation, where computed (the game goes on and the search
    /// changes depths).
    eval: Option<i32>,
    /// Whether the side to move's evaluation rose since its previous turn.
    improving: bool,
    /// The evaluation's scale: the margins are in plain centiseeds, and
    /// scores are compared with them divided by it.
    scale: i32,
    /// The evaluation of a node that may be pruned, by which its quiet
    /// moves may be skipped.
    stand: Option<i32>,
}

/// What the transposition table gave a node.
struct TableProbe {
    /// Whether the node probes and stores at all.
    used: bool,
    /// The position's hash (0 when the table is not used).
    hash: u64,
    /// The legal-list index of the entry's move (not yet checked against
    /// the list's length).
    index: Option<usize>,
    entry: Option<Entry>,
}

/// Probes the table for `node`: `Err(value)` when the entry settles it
/// (outside the principal variation, searched deep enough, its bound on
/// the far side of the window).
#[inline(always)]
fn probe_table<G: Game>(sh: &Shared<G>, node: &Node<G>) -> Result<TableProbe, i32> {
    // Nodes one ply above the leaves neither probe nor store: they are
    // the most numerous interior nodes, a probe there is a cache miss
    // that costs more than searching the few leaves below, and their
    // entries would push deeper ones out.
    let used = sh.use_tt && node.depth >= TT_MIN_DEPTH;
    let hash = if used { sh.game.hash(node.pos) } else { 0 };
    let mut table = TableProbe {
        used,
        hash,
        index: None,
        entry: None,
    };
    if used {
        if let Some(e) = sh.tt.probe(hash) {
            table.index = e.move_index.map(usize::from);
            table.entry = Some(e);
            let deep_enough = if sh.exact_depth {
                e.depth as i32 == node.depth
            } else {
                e.depth as i32 >= node.depth
            };
            if !node.pv_node && deep_enough {
                let s = from_tt(e.score, node.ply);
                match e.bound {
                    Bound::Exact => return Err(s),
                    Bound::Lower if s >= node.beta => return Err(s),
                    Bound::Upper if s <= node.alpha => return Err(s),
                    _ => {}
                }
            }
        }
    }
    Ok(table)
}

/// Stores the value of `node` in the table: `clamped`, what its moves
/// found brought within the oracle's bounds, with the bound it is (a value
/// the bounds correct is only known to be at least, or at most, the bound).
#[inline(always)]
fn store<G: Game>(sh: &Shared<G>, table: &TableProbe, node: &Node<G>, found: &Found, clamped: i32) {
    let best = found.best;
    let bound = if clamped > best {
        Bound::Lower
    } else if clamped < best || best <= node.alpha {
        Bound::Upper
    } else if best >= node.beta {
        Bound::Lower
    } else {
        Bound::Exact
    };
    sh.tt.store(
        table.hash,
        to_tt(clamped, node.ply),
        node.depth,
        found.index,
        bound,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_late_quiet_moves_away_from_the_leaves_and_the_pv_are_reduced() {
        let d = LMR_MIN_DEPTH;
        let k = LMR_MIN_MOVES;
        assert_eq!(late_move_reduction(d, k, true, false, true), 1);
        assert_eq!(late_move_reduction(d + 5, k + 1, true, false, true), 1);
        // The latest moves, far from the leaves, lose 2 plies.
        assert_eq!(
            late_move_reduction(LMR_DEEP_DEPTH, LMR_DEEP_MOVES, true, false, true),
            2
        );
        assert_eq!(
            late_move_reduction(LMR_DEEP_DEPTH - 1, LMR_DEEP_MOVES, true, false, true),
            1
        );
        assert_eq!(
            late_move_reduction(LMR_DEEP_DEPTH, LMR_DEEP_MOVES - 1, true, false, true),
            1
        );
        // Captures, principal-variation nodes, the plies above the leaves
        // and the first moves are searched at full depth.
        assert_eq!(late_move_reduction(d, k, false, false, true), 0);
        assert_eq!(late_move_reduction(d, k, true, true, true), 0);
        assert_eq!(late_move_reduction(d - 1, k, true, false, true), 0);
        assert_eq!(late_move_reduction(d, k - 1, true, false, true), 0);
    }

    #[test]
    fn late_moves_of_a_side_not_improving_lose_a_ply_more() {
        let d = LMR_MIN_DEPTH;
        let k = LMR_MIN_MOVES;
        assert_eq!(late_move_reduction(d, k, true, false, false), 2);
        assert_eq!(
            late_move_reduction(LMR_DEEP_DEPTH, LMR_DEEP_MOVES, true, false, false),
            3
        );
        // What is not reduced at all stays so.
        assert_eq!(late_move_reduction(d, k, false, false, false), 0);
        assert_eq!(late_move_reduction(d, k, true, true, false), 0);
        assert_eq!(late_move_reduction(d, k - 1, true, false, false), 0);
        assert_eq!(late_move_reduction(d - 1, k, true, false, false), 0);
    }
}
