//! The root of the search, shared out over threads: the first root move is
//! searched alone with the full window; its value becomes the bound with
//! which the remaining moves are searched, in parallel on the rayon pool
//! when there is one (null window first, full re-search when a move beats
//! the best so far). The best value so far is shared between the threads
//! through an atomic, so each sibling starts with the tightest bound known.
//! With one thread the siblings run in order on the calling thread and the
//! search is deterministic.
//!
//! With more threads, the nodes below the root split too (see [`split`]):
//! the first root move alone would otherwise leave the other threads idle
//! for most of each iteration, since with good ordering it takes most of
//! the nodes.
//!
//! [`split`]: super::split

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Mutex;

use crate::parallel::prelude::*;

use super::split::SplitPoint;
use super::thread::{Shared, Worker};
use crate::game::{Game, History};
use crate::sync::lock;

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

/// What the root searches of one iteration share: the search's state, the
/// root position with the history before it, and whether the caller is a
/// thread of the search's rayon pool.
pub(super) struct Root<'a, G: Game> {
    pub(super) sh: &'a Shared<'a, G>,
    pub(super) parallel: bool,
    pub(super) pos: &'a G::Position,
    pub(super) history: &'a History<G::Key>,
}

impl<G: Game> Root<'_, G> {
    /// Searches one root move in `(alpha, beta)` with `worker`, below the
    /// root's split point `sp`; returns its value and principal variation,
    /// or `None` when the worker abandoned it (a stop, or a sibling's
    /// cutoff).
    fn search_move(
        &self,
        sp: &SplitPoint,
        worker: &mut Worker<G>,
        rm: &RootMove<G>,
        depth: i32,
        (alpha, beta): (i32, i32),
        first: bool,
    ) -> Option<(i32, Vec<G::Move>)> {
        let sh = self.sh;
        worker.start_task(self.history);
        let s = worker.child(
            sh,
            Some(sp),
            self.pos,
            &rm.next,
            depth,
            0,
            alpha,
            beta,
            first,
            0,
        );
        worker.poll(sh);
        if worker.aborted {
            return None;
        }
        let mut pv = Vec::with_capacity(worker.pv[1].len() + 1);
        pv.push(rm.mv);
        pv.extend_from_slice(&worker.pv[1]);
        Some((s, pv))
    }

    /// Searches `moves` (not empty) to `depth` in the window `(alpha,
    /// beta)`; `None` when the search was aborted before the iteration
    /// completed. The result is fail-soft: a score at or below `alpha`
    /// bounds every move from above, one at or above `beta` bounds its move
    /// from below (the other moves are then abandoned). A move that improves
    /// on the best so far gets its line in `pv`.
    ///
    /// When `parallel`, the nodes below the first move split over the
    /// pool's threads, then the other moves share them.
    pub(super) fn search(
        &self,
        moves: &mut [RootMove<G>],
        depth: i32,
        (alpha, beta): (i32, i32),
    ) -> Option<RootBest> {
        let sh = self.sh;
        let (first, rest) = moves.split_first_mut()?;
        let root = SplitPoint::new(None);
        let run = |rm: &RootMove<G>, window: (i32, i32), first: bool| {
            let mut w = sh.workers.take(sh.game);
            let done = self.search_move(&root, &mut w, rm, depth, window, first);
            sh.workers.give(w);
            done
        };
        let (score, pv) = run(first, (alpha, beta), true).filter(|_| !sh.aborted())?;
        first.pv = pv;
        if score >= beta {
            return Some(RootBest { score, index: 0 });
        }
        let best = Mutex::new((score, 0usize));
        let bound = AtomicI32::new(alpha.max(score));
        let sibling = |i: usize, rm: &mut RootMove<G>| {
            let a = bound.load(Ordering::Relaxed);
            if root.is_cut() {
                return;
            }
            let Some((s, pv)) = run(rm, (a, beta), false) else {
                return;
            };
            let mut b = lock(&best);
            if s > b.0 {
                b.0 = s;
                if s > a {
                    b.1 = i + 1;
                    rm.pv = pv;
                    bound.fetch_max(s, Ordering::Relaxed);
                    if s >= beta {
                        root.cut();
                    }
                }
            }
        };
        if self.parallel {
            // Each sibling counts its thread busy; between them it waits.
            sh.end_work();
            rest.par_iter_mut()
                .with_max_len(1)
                .enumerate()
                .for_each(|(i, rm)| {
                    sh.begin_work();
                    sibling(i, rm);
                    sh.end_work();
                });
            sh.begin_work();
        } else {
            for (i, rm) in rest.iter_mut().enumerate() {
                sibling(i, rm);
                if sh.aborted() || root.is_cut() {
                    break;
                }
            }
        }
        if sh.aborted() {
            return None;
        }
        let (score, index) = *lock(&best);
        Some(RootBest { score, index })
    }
}
