//! The parallel search below the root: young brothers wait. At a node with
//! enough depth left, once its first child has been searched without a
//! cutoff (so the node is likely to need all its children), and while some
//! thread waits for work, the node becomes a split point: its thread goes
//! on taking the remaining children one at a time from a shared counter,
//! and offers rayon one helper job per other thread that takes children
//! from the same counter. A helper job that no idle thread steals finds the
//! counter exhausted when its owner pops it back; one that is stolen
//! searches children until none are left. So a node is shared only when a
//! thread is idle, and then in as many pieces as there are children.
//!
//! Whether a thread waits is known from a count of the searching threads
//! ([`Shared::searching`]): a thread stops counting itself while it waits for
//! its helpers or for the root's other moves. A node that started alone is
//! split at its next child when a thread has become idle meanwhile. A split
//! that nobody joins costs its setup for nothing: a path copy, a job pushed
//! and popped, a deeper chain of split points for every node below to check.
//!
//! A helper runs on a [`Worker`] of its own, taken from a [`WorkerPool`]
//! (a thread can hold several: one per job suspended on its stack), with a
//! copy of the path since the last irreversible move. The node's alpha is
//! shared through an atomic, so each child starts with the best bound
//! known. A child that fails high marks the [`SplitPoint`] cut; the
//! searches still running below it see the mark (split points chain to
//! their ancestors') and unwind, and their values are thrown away.
//!
//! With one thread there is no pool and no split: the search is the plain
//! sequential one, deterministic.
//!
//! Children are taken from a counter rather than given one rayon job each,
//! since most split points have subtrees of a few dozen nodes, less than a
//! job costs; and helpers are jobs rather than threads spinning on a board
//! of posted split points, which would burn a core while waiting.
//!
//! [`Shared::searching`]: super::thread::Shared::searching
//! [`WorkerPool`]: super::thread::WorkerPool

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::thread::{Child, Shared, Worker};
use crate::game::Game;
use crate::sync::lock;

/// The least remaining depth at which a node's children are searched in
/// parallel. Shallower subtrees are too small to pay for sharing.
pub const SPLIT_MIN_DEPTH: i32 = 4;

/// A node whose younger children are being searched in parallel. Every
/// node below it reads its flag, so it has a cache line of its own: the
/// writes to its neighbours on the stack must not evict it.
#[repr(align(64))]
pub struct SplitPoint<'a> {
    parent: Option<&'a SplitPoint<'a>>,
    cut: AtomicBool,
}

impl<'a> SplitPoint<'a> {
    /// A split point below `parent` (the split point whose task this node
    /// belongs to, if any).
    pub fn new(parent: Option<&'a SplitPoint<'a>>) -> SplitPoint<'a> {
        SplitPoint {
            parent,
            cut: AtomicBool::new(false),
        }
    }

    /// Marks this node cut off: the work below it stops.
    pub fn cut(&self) {
        self.cut.store(true, Ordering::Relaxed);
    }

    /// Whether this node or one above it has been cut off: work below is
    /// then useless.
    #[inline]
    pub fn is_cut(&self) -> bool {
        let mut sp = Some(self);
        while let Some(s) = sp {
            if s.cut.load(Ordering::Relaxed) {
                return true;
            }
            sp = s.parent;
        }
        false
    }
}

/// Whether the split point chain `sp` has been cut off.
#[inline]
pub fn is_cut(sp: Option<&SplitPoint>) -> bool {
    sp.is_some_and(SplitPoint::is_cut)
}

/// What the parallel part of a node found.
pub struct SplitResult<M> {
    /// The best value among the children searched in parallel (fail-soft),
    /// or `-INFINITE` if every one was abandoned.
    pub best: i32,
    /// The legal-list index of the child that gave it.
    pub index: Option<usize>,
    /// The child's move and line, when it beat the node's alpha at a PV
    /// node.
    pub line: Option<(M, Vec<M>)>,
}

/// What the threads searching one split point share.
struct Split<'a, G: Game> {
    node: SplitPoint<'a>,
    pos: &'a G::Position,
    rest: &'a [Child<G>],
    depth: i32,
    ply: usize,
    beta: i32,
    pv_node: bool,
    /// The next child to take.
    next: AtomicUsize,
    /// The best value so far (the window's lower bound for new children).
    bound: AtomicI32,
    /// The lowest path index a repetition below matched (helpers' share).
    rep_low: AtomicUsize,
    found: Mutex<SplitResult<G::Move>>,
}

impl<G: Game> Split<'_, G> {
    /// Whether children are left to take.
    fn open(&self) -> bool {
        self.next.load(Ordering::Relaxed) < self.rest.len() && !self.node.is_cut()
    }
}

/// Runs `help` on up to `n` threads: one rayon job each, which idle threads
/// may steal; the ones nobody steals run here after the others, when there
/// is usually nothing left for them to do.
fn fan_out(n: usize, help: &(dyn Fn() + Sync)) {
    match n {
        0 => {}
        1 => help(),
        _ => {
            crate::parallel::join(help, || fan_out(n - 1, help));
        }
    }
}

impl<G: Game> Worker<G> {
    /// Searches `rest`, the children of `pos` after the first, in
    /// `(alpha, beta)` at `depth` plies, on this thread and on the idle
    /// ones, below the split point chain `sp`. The caller merges the result
    /// into its node.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn split(
        &mut self,
        sh: &Shared<G>,
        sp: Option<&SplitPoint>,
        pos: &G::Position,
        rest: &[Child<G>],
        depth: i32,
        ply: usize,
        (alpha, beta): (i32, i32),
        pv_node: bool,
    ) -> SplitResult<G::Move> {
        let split = Split::<G> {
            node: SplitPoint::new(sp),
            pos,
            rest,
            depth,
            ply,
            beta,
            pv_node,
            next: AtomicUsize::new(0),
            bound: AtomicI32::new(alpha),
            rep_low: AtomicUsize::new(usize::MAX),
            found: Mutex::new(SplitResult {
                best: -super::score::INFINITE,
                index: None,
                line: None,
            }),
        };
        sh.splits.fetch_add(1, Ordering::Relaxed);
        // The path as it is at this node, for the helpers: this thread's
        // own path changes while it searches.
        let mut path = sh.workers.take(sh.game);
        path.start_task(&self.history);
        let path = path;
        let help = || {
            if !split.open() || sh.aborted() {
                return;
            }
            sh.begin_work();
            let mut w = sh.workers.take(sh.game);
            w.start_task(&path.history);
            w.take_children(sh, &split);
            w.poll(sh);
            if w.rep_low() != usize::MAX {
                split.rep_low.fetch_min(w.rep_low(), Ordering::Relaxed);
            }
            sh.workers.give(w);
            sh.end_work();
        };
        crate::parallel::join(
            || {
                self.take_children(sh, &split);
                // Waiting for the helpers from here on.
                sh.end_work();
            },
            || fan_out(sh.helpers, &help),
        );
        sh.begin_work();
        sh.workers.give(path);
        // This thread's searches may have been cut short by a helper's
        // cutoff here, which is a result, not an abort.
        self.aborted = sh.aborted() || is_cut(sp);
        self.merge_rep_low(split.rep_low.into_inner());
        split.found.into_inner().unwrap_or_else(|e| e.into_inner())
    }

    /// Searches children of `split` until none are left or it is cut off.
    fn take_children(&mut self, sh: &Shared<G>, split: &Split<G>) {
        let ply = split.ply;
        while !self.aborted && !split.node.is_cut() {
            let k = split.next.fetch_add(1, Ordering::Relaxed);
            let Some(&(_, (mv, i, next))) = split.rest.get(k) else {
                break;
            };
            let a = split.bound.load(Ordering::Relaxed);
            let s = self.child(
                sh,
                Some(&split.node),
                split.pos,
                &next,
                split.depth,
                ply,
                a,
                split.beta,
                false,
                0,
            );
            if self.aborted {
                break;
            }
            let mut f = lock(&split.found);
            if s > f.best {
                f.best = s;
                f.index = Some(i);
                if s > a {
                    if split.pv_node {
                        f.line = Some((mv, self.pv[ply + 1].clone()));
                    }
                    split.bound.fetch_max(s, Ordering::Relaxed);
                    if s >= split.beta {
                        split.node.cut();
                    }
                }
            }
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_is_seen_below() {
        let root = SplitPoint::new(None);
        let mid = SplitPoint::new(Some(&root));
        let leaf = SplitPoint::new(Some(&mid));
        assert!(!leaf.is_cut());
        root.cut.store(true, Ordering::Relaxed);
        assert!(leaf.is_cut() && mid.is_cut());
        assert!(!is_cut(None));
    }
}
