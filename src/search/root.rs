//! The root of the search, shared out over threads: the first root move is
//! searched alone with the full window; its value becomes the bound with
//! which the remaining moves are searched, in parallel on the rayon pool
//! when there is one (null window first, full re-search when a move beats
//! the best so far). The best value so far is shared between the threads
//! through an atomic, so each sibling starts with the tightest bound known.
//! With one thread the siblings run in order on the calling thread and the
//! search is deterministic.

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use super::negamax::{Shared, Worker};
use super::score::INFINITE;
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
    let (score, pv) = {
        let mut w = lock(&workers[0]);
        search_move(sh, &mut w, pos, history, first, depth, -INFINITE, true)
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
