//! The state of the search threads: what they all share (the game, the
//! table, the limits, the counters) and what each owns (its path, its
//! principal-variation table, its move lists, its node count), and the pool
//! that lends workers to parallel tasks. The algorithms live elsewhere:
//! [`super::negamax`] searches with this state, [`super::split`] shares a
//! node's children out, and both depend on this file, not on each other.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use web_time::Instant;

use super::ordering::QuietHistory;
use super::tt::TranspositionTable;
use super::Limits;
use crate::game::{Game, History, Oracle};
use crate::sync::lock;

/// Nodes between two checks of the stop flag, the clock and the node limit
/// (about 0.1 ms of search).
pub const POLL: u64 = 1024;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;

/// What every search thread shares: the game, the table and the limits.
pub struct Shared<'a, G: Game> {
    /// The rules.
    pub game: &'a G,
    /// The transposition table.
    pub tt: &'a TranspositionTable,
    /// Perfect knowledge of some positions (the endgame tables), if any.
    pub oracle: Option<&'a dyn Oracle<G>>,
    /// Whether the table is used (off only in tests).
    pub use_tt: bool,
    /// Cut off on table entries of exactly the node's depth only (tests).
    pub exact_depth: bool,
    /// Whether late moves and nodes without a table move are reduced,
    /// forced moves extended, and shallow nodes and their quiet moves
    /// pruned or razored (off only in tests).
    pub depth_changes: bool,
    /// Whether leaves are scored after the captures they allow (off only
    /// in tests).
    pub quiescence: bool,
    /// The caller's stop flag.
    pub stop: &'a AtomicBool,
    /// Set when any thread saw a limit: every thread unwinds.
    pub abort: AtomicBool,
    /// Whether the stop flag and the limits may abort: off during depth 1,
    /// which takes microseconds, so that every search completes one
    /// iteration and has a move and a score to give.
    pub limits_armed: AtomicBool,
    /// Nodes flushed by all threads.
    pub nodes: AtomicU64,
    /// Oracle answers flushed by all threads.
    pub tbhits: AtomicU64,
    /// When the search started.
    pub start: Instant,
    /// The search's limits (for when its clock starts, [`Shared::time_used`]).
    pub limits: &'a Limits,
    /// The hard deadline, counted as [`Shared::time_used`].
    pub hard: Option<Duration>,
    /// The node limit.
    pub node_limit: Option<u64>,
    /// The workers that parallel tasks run on.
    pub workers: &'a WorkerPool<G>,
    /// Threads besides the searching one that a split point may recruit
    /// (0: no pool, the search never splits).
    pub helpers: usize,
    /// How many threads are searching (the others wait for work): a node
    /// is shared out only when one is waiting.
    pub searching: AtomicUsize,
    /// Nodes split so far (for the log and the tests).
    pub splits: AtomicU64,
}

impl<G: Game> Shared<'_, G> {
    /// The time counted against the limits: since the start, or for a
    /// pondering search since the ponderhit (`None` before it).
    pub fn time_used(&self) -> Option<Duration> {
        self.limits.clock_start(self.start).map(|at| at.elapsed())
    }

    /// Whether the search must unwind now.
    pub fn aborted(&self) -> bool {
        self.abort.load(Ordering::Relaxed)
    }

    /// Whether some thread waits for work: only then does a node split,
    /// since a split that nobody joins costs its setup for nothing.
    #[inline]
    pub fn someone_idle(&self) -> bool {
        self.searching.load(Ordering::Relaxed) <= self.helpers
    }

    /// Counts the calling thread as searching, until [`Shared::end_work`].
    #[inline]
    pub fn begin_work(&self) {
        self.searching.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts the calling thread as waiting for work.
    #[inline]
    pub fn end_work(&self) {
        self.searching.fetch_sub(1, Ordering::Relaxed);
    }
}

/// One child in a move list: order key, move, its index in the legal list
/// and the position it leads to.
pub(crate) type Child<G> = (i32, (<G as Game>::Move, usize, <G as Game>::Position));

/// One search thread's private state.
pub struct Worker<G: Game> {
    /// The path since the last irreversible move, the current node last.
    pub history: History<G::Key>,
    /// Triangular principal-variation table: `pv[ply]` is the line from `ply`.
    pub pv: Vec<Vec<G::Move>>,
    /// A move list per ply, reused from node to node.
    pub(super) lists: Vec<Vec<Child<G>>>,
    /// Nodes visited in this search.
    pub nodes: u64,
    flushed: u64,
    /// Nodes the oracle answered in this search.
    pub tbhits: u64,
    tbhits_flushed: u64,
    /// The node count at which to look at the stop flag and limits next.
    pub(super) next_poll: u64,
    /// The deepest ply reached.
    pub seldepth: usize,
    /// The lowest path index a repetition below the current node matched.
    pub(super) rep_low: usize,
    /// Whether this thread is unwinding.
    pub aborted: bool,
    /// The history of quiet moves that orders them (kept from search to
    /// search, cleared with the table).
    pub(super) quiet: QuietHistory,
    /// The evaluation of the node at each ply of the current path, where
    /// it was computed: a node compares its own with its side's previous
    /// one, two plies up (see [`super::futility::improving`]).
    pub(super) evals: Vec<Option<i32>>,
}

impl<G: Game> Worker<G> {
    /// A worker for `game` with empty tables.
    pub fn new(game: &G) -> Worker<G> {
        Worker {
            history: History::new(game.key(&game.start())),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(8)).collect(),
            nodes: 0,
            flushed: 0,
            tbhits: 0,
            tbhits_flushed: 0,
            next_poll: POLL,
            seldepth: 0,
            rep_low: usize::MAX,
            aborted: false,
            quiet: QuietHistory::default(),
            evals: vec![None; MAX_PLY + 1],
        }
    }

    /// Prepares for a new search.
    pub fn reset(&mut self) {
        self.nodes = 0;
        self.flushed = 0;
        self.tbhits = 0;
        self.tbhits_flushed = 0;
        self.next_poll = POLL;
        self.seldepth = 0;
        self.aborted = false;
    }

    /// Prepares to search a parallel task below the node whose path is
    /// `history`.
    pub fn start_task(&mut self, history: &History<G::Key>) {
        self.history.clone_from(history);
        self.aborted = false;
        self.rep_low = usize::MAX;
        // The evaluations above the task's node are another thread's.
        self.evals.fill(None);
    }

    /// The lowest path index a repetition matched since the last
    /// [`Worker::start_task`] (`usize::MAX` if none).
    pub fn rep_low(&self) -> usize {
        self.rep_low
    }

    /// Takes in the repetitions that parallel tasks below this node matched.
    pub fn merge_rep_low(&mut self, rep_low: usize) {
        self.rep_low = self.rep_low.min(rep_low);
    }

    /// Adds the nodes not yet counted to the shared count.
    pub fn flush(&mut self, sh: &Shared<G>) {
        sh.nodes
            .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
        if self.tbhits != self.tbhits_flushed {
            sh.tbhits
                .fetch_add(self.tbhits - self.tbhits_flushed, Ordering::Relaxed);
            self.tbhits_flushed = self.tbhits;
        }
    }

    /// Counts the nodes searched and looks at the stop flag and the limits;
    /// marks this worker and the search aborted when one of them says so.
    /// Called every [`POLL`] nodes of this worker, and after each parallel
    /// task (tasks are often smaller than that).
    #[cold]
    pub fn poll(&mut self, sh: &Shared<G>) {
        self.flush(sh);
        self.next_poll = self.nodes + POLL;
        let limits = || {
            let over_nodes = sh
                .node_limit
                .is_some_and(|n| sh.nodes.load(Ordering::Relaxed) >= n);
            let over_time = sh
                .hard
                .is_some_and(|t| sh.time_used().is_some_and(|used| used >= t));
            over_nodes || over_time
        };
        let over = sh.limits_armed.load(Ordering::Relaxed)
            && (sh.stop.load(Ordering::Relaxed) || sh.aborted() || limits());
        if over {
            self.aborted = true;
            sh.abort.store(true, Ordering::Relaxed);
        }
    }
}

/// Idle workers, reused from task to task and from search to search so
/// that a task does not allocate. Each thread keeps its own stack of them
/// (a task starts and ends on one thread), so taking one is uncontended.
pub struct WorkerPool<G: Game> {
    slots: Vec<Mutex<Vec<Worker<G>>>>,
}

impl<G: Game> WorkerPool<G> {
    /// An empty pool for `threads` threads; workers are made on demand.
    pub fn new(threads: usize) -> WorkerPool<G> {
        WorkerPool {
            slots: (0..threads.max(1))
                .map(|_| Mutex::new(Vec::new()))
                .collect(),
        }
    }

    /// The calling thread's stack of idle workers.
    fn slot(&self) -> &Mutex<Vec<Worker<G>>> {
        let thread = crate::parallel::current_thread_index().unwrap_or(0);
        &self.slots[thread % self.slots.len()]
    }

    /// An idle worker, or a new one for `game`.
    pub fn take(&self, game: &G) -> Worker<G> {
        let idle = lock(self.slot()).pop();
        idle.unwrap_or_else(|| Worker::new(game))
    }

    /// Gives `worker` back for reuse.
    pub fn give(&self, worker: Worker<G>) {
        lock(self.slot()).push(worker);
    }

    /// The deepest ply any worker reached in this search.
    pub fn seldepth(&self) -> usize {
        self.slots
            .iter()
            .flat_map(|slot| lock(slot).iter().map(|w| w.seldepth).max())
            .max()
            .unwrap_or(0)
    }

    /// How many workers the pool holds (all idle between searches).
    pub fn count(&self) -> usize {
        self.slots.iter().map(|slot| lock(slot).len()).sum()
    }

    /// Runs `f` on every idle worker (all of them, between searches).
    pub fn for_each(&mut self, mut f: impl FnMut(&mut Worker<G>)) {
        for slot in &mut self.slots {
            slot.get_mut()
                .unwrap_or_else(|e| e.into_inner())
                .iter_mut()
                .for_each(&mut f);
        }
    }
}
