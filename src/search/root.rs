//! The root of the search, shared out over threads: the first root move is
//! searched alone with the full window; its value becomes the bound with
//! which the remaining moves are searched, in parallel on the rayon pool
//! when there is one (null window first, full re-search when a move beats
//! the best so far). The best value so far is shared between the threads
//! through an atomic, so each sibling starts with the tightest bound known.
//! With one thread the siblings run in order on the calling thread and the
//! search is deterministic.
//!
//! With more threads the same split is applied at every node of the
//! leftmost (principal) path while enough depth remains (PV splitting): the
//! first child of such a node is itself searched by splitting, then its
//! siblings run in parallel with the bound it gave. Searching the first root
//! move alone would leave the other threads idle for most of each
//! iteration, since with good ordering the first move takes most of the
//! nodes.

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use super::negamax::{repeat_index, Shared, Worker};
use super::ordering::{capture_key, sort_by_key_desc};
use super::score::{game_result, INFINITE};
use super::tt::Bound;
use crate::game::{Game, History};

/// A root move with what the last iterations learnt about it.
#[derive(Clone, Debug)]
pub struct RootMove<G: Game> {
    /// The move.
    pub mv: G::Move,
    /// The position it leads to.
    pub next: G::Position,
    /// Its principal variation from the last iteration that improved it.
    pub pv: Vec<G::Move>,
}

/// The best line of one root search.
pub struct RootBest {
    /// Its value.
    pub score: i32,
    /// The index of its move in the searched slice.
    pub index: usize,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A poisoned lock only means another search thread panicked; the
    // worker's tables are still usable.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Searches one root move in `(alpha, beta)` with `worker`; returns its
/// value and principal variation.
#[allow(clippy::too_many_arguments)]
fn search_move<G: Game>(
    sh: &Shared<G>,
    worker: &mut Worker<G>,
    pos: &G::Position,
    history: &History<G::Key>,
    rm: &RootMove<G>,
    depth: i32,
    alpha: i32,
    first: bool,
) -> (i32, Vec<G::Move>) {
    worker.history.clone_from(history);
    worker.aborted = sh.aborted();
    let s = worker.child(sh, pos, &rm.next, depth, 0, alpha, INFINITE, first);
    worker.flush(sh);
    let mut pv = Vec::with_capacity(worker.pv[1].len() + 1);
    pv.push(rm.mv);
    pv.extend_from_slice(&worker.pv[1]);
    (s, pv)
}

/// Searches `moves` (not empty) to `depth`; `None` when the search was
/// aborted before the iteration completed. On success, the best move's
/// `pv` holds its line.
pub fn search<G: Game>(
    sh: &Shared<G>,
    workers: &[Mutex<Worker<G>>],
    pool: Option<&rayon::ThreadPool>,
    pos: &G::Position,
    history: &History<G::Key>,
    moves: &mut [RootMove<G>],
    depth: i32,
) -> Option<RootBest> {
    let (first, rest) = moves.split_first_mut()?;
    let split = pool.and_then(|pool| {
        let game = sh.game;
        let irreversible = game.is_irreversible(pos, &first.next);
        let key = game.key(&first.next);
        if depth - 1 < SPLIT_MIN_DEPTH || (!irreversible && repeat_index(history, key).is_some()) {
            return None;
        }
        let mut h = history.clone();
        h.push(key, irreversible);
        let (s, line) = split_node(
            sh,
            workers,
            pool,
            &first.next,
            &h,
            depth - 1,
            1,
            -INFINITE,
            INFINITE,
        )
        .unwrap_or((0, Vec::new()));
        let mut pv = vec![first.mv];
        pv.extend(line);
        Some((-s, pv))
    });
    let (score, pv) = match split {
        Some(done) => done,
        None => {
            let mut w = lock(&workers[0]);
            search_move(sh, &mut w, pos, history, first, depth, -INFINITE, true)
        }
    };
    if sh.aborted() {
        return None;
    }
    first.pv = pv;
    let best = Mutex::new((score, 0usize));
    let bound = AtomicI32::new(score);
    let run = |i: usize, rm: &mut RootMove<G>, worker: &Mutex<Worker<G>>| {
        let alpha = bound.load(Ordering::Relaxed);
        let (s, pv) = {
            let mut w = lock(worker);
            search_move(sh, &mut w, pos, history, rm, depth, alpha, false)
        };
        if sh.aborted() || s <= alpha {
            return;
        }
        let mut b = lock(&best);
        if s > b.0 {
            *b = (s, i + 1);
            rm.pv = pv;
            bound.fetch_max(s, Ordering::Relaxed);
        }
    };
    match pool {
        Some(pool) if rest.len() > 1 => pool.install(|| {
            rest.par_iter_mut().enumerate().for_each(|(i, rm)| {
                let t = rayon::current_thread_index().unwrap_or(0) % workers.len();
                run(i, rm, &workers[t]);
            })
        }),
        _ => {
            for (i, rm) in rest.iter_mut().enumerate() {
                run(i, rm, &workers[0]);
                if sh.aborted() {
                    break;
                }
            }
        }
    }
    if sh.aborted() {
        return None;
    }
    let (score, index) = *lock(&best);
    Some(RootBest { score, index })
}

/// The least remaining depth at which a node of the principal path is split.
pub const SPLIT_MIN_DEPTH: i32 = 4;

/// Searches a node of the leftmost path in `(alpha, beta)` by splitting:
/// the first child (the table's move, else the biggest capture) by
/// splitting again, then the siblings in parallel with the bound it gave.
/// Returns the value and the line, or `None` when the search was aborted.
#[allow(clippy::too_many_arguments)]
fn split_node<G: Game>(
    sh: &Shared<G>,
    workers: &[Mutex<Worker<G>>],
    pool: &rayon::ThreadPool,
    pos: &G::Position,
    history: &History<G::Key>,
    depth: i32,
    ply: usize,
    alpha: i32,
    beta: i32,
) -> Option<(i32, Vec<G::Move>)> {
    let game = sh.game;
    let me = game.side_to_move(pos).index();
    let mut moves = G::Moves::default();
    game.legal_moves(pos, &mut moves);
    if moves.is_empty() {
        let s = game.end(pos).map_or(0, |e| game_result(e.scores, me, ply));
        return Some((s, Vec::new()));
    }
    let hash = game.hash(pos);
    let tt_index = sh
        .tt
        .probe(hash)
        .and_then(|e| e.move_index)
        .map(usize::from)
        .filter(|&i| i < moves.len());
    let mine = game.scores(pos)[me];
    let mut order: Vec<(i32, (usize, G::Position))> = moves
        .iter()
        .enumerate()
        .map(|(i, &mv)| {
            let next = game.play(pos, mv);
            let gain = game.scores(&next)[me].saturating_sub(mine);
            let key = if Some(i) == tt_index {
                i32::MAX
            } else if gain > 0 {
                capture_key(gain)
            } else {
                0
            };
            (key, (i, next))
        })
        .collect();
    sort_by_key_desc(&mut order);

    // The first child, alone.
    let (i0, next0) = order[0].1;
    let irreversible = game.is_irreversible(pos, &next0);
    let key = game.key(&next0);
    let (first_score, first_line) =
        if depth - 1 < SPLIT_MIN_DEPTH || (!irreversible && repeat_index(history, key).is_some()) {
            let mut w = lock(&workers[0]);
            w.history.clone_from(history);
            w.aborted = sh.aborted();
            let s = w.child(sh, pos, &next0, depth, ply, alpha, beta, true);
            w.flush(sh);
            (s, w.pv[ply + 1].clone())
        } else {
            let mut h = history.clone();
            h.push(key, irreversible);
            let (s, line) = split_node(
                sh,
                workers,
                pool,
                &next0,
                &h,
                depth - 1,
                ply + 1,
                -beta,
                -alpha,
            )?;
            (-s, line)
        };
    if sh.aborted() {
        return None;
    }
    let mut pv = vec![moves[i0]];
    pv.extend(first_line);
    let best = Mutex::new((first_score, i0, pv));
    let bound = AtomicI32::new(alpha.max(first_score));
    if first_score < beta {
        pool.install(|| {
            order[1..].par_iter().for_each(|&(_, (i, next))| {
                let a = bound.load(Ordering::Relaxed);
                if a >= beta || sh.aborted() {
                    return;
                }
                let t = rayon::current_thread_index().unwrap_or(0) % workers.len();
                let mut w = lock(&workers[t]);
                w.history.clone_from(history);
                w.aborted = sh.aborted();
                let s = w.child(sh, pos, &next, depth, ply, a, beta, false);
                w.flush(sh);
                if sh.aborted() || s <= a {
                    return;
                }
                let mut b = lock(&best);
                if s > b.0 {
                    let mut line = vec![moves[i]];
                    line.extend_from_slice(&w.pv[ply + 1]);
                    *b = (s, i, line);
                    bound.fetch_max(s, Ordering::Relaxed);
                }
            })
        });
    }
    if sh.aborted() {
        return None;
    }
    let (score, index, line) = best.into_inner().unwrap_or_else(|e| e.into_inner());
    // Only the move is recorded (depth 0 never cuts off): the value may
    // depend on the path through repetitions the workers saw.
    sh.tt.store(hash, 0, 0, Some(index), Bound::Upper);
    Some((score, line))
}
