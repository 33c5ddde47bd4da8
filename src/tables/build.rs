//! Building one level of the tables from the levels below it.
//!
//! Level `n` holds every position with `n` seeds on the board, the side to
//! move on holes 1..6. A capture leads to a smaller level, already built; a
//! move without capture ("quiet") stays in the level, and quiet moves can
//! cycle: at every level from 2 seeds up, most positions lie in one strongly
//! connected component of the quiet-move graph. A position's value can then
//! depend on the history since the last capture, because the repetition rule
//! ends the game when a position comes back (each side taking the seeds on
//! its own holes).
//!
//! # Values with an empty history
//! The builder computes, for every position `p`, bounds `lo(p) <= V(p) <=
//! hi(p)` on its value with an empty history (`p` just reached by a capture,
//! or a game started there), as the least fixpoint of
//!
//! - `lo(p) = max over moves of (n - hi(child))`,
//! - `hi(p) = max over moves of (n - lo(child))`,
//!
//! iterated from `lo = 0`, `hi = n`, where a capture's child (a smaller
//! level) contributes its stored bounds and a position with no legal move
//! is worth the seeds on its mover's holes. Each bound so established rests
//! on bounds established strictly earlier: it is an attractor. The player
//! it favours has a strategy along which every position was established
//! earlier than the one before, so no position (with the same side to move)
//! can come twice: no repetition can occur, and the bound holds. Where
//! `lo == hi` the value with an empty history is proved. Where they differ,
//! neither player can force the game out of a cycle on their terms, and the
//! repetition rule (which position comes back first) decides: only the
//! bounds are stored.
//!
//! # Values under any history
//! A position is *exact* when its value is the same whatever the history.
//! A history can hold any position that leads back to `p`, and a move into
//! one of them ends the game at once, so this is rare. The builder marks a
//! position exact on a sufficient condition: its value `v` is proved, one of
//! its captures (or its lack of moves) gives exactly `v` (a capture resets
//! the history), and every quiet move gives at most `v` however the game
//! goes on: ended by repetition there (`n - S(c)`, `S(c)` the seeds on the
//! opponent's holes), or continued, where the opponent can still take their
//! best capture.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use rayon::prelude::*;

use super::entry::Entry;
use super::index::{advance, level_size, rank, unrank, HOLES};
use crate::game::Game;
use crate::variants::oware::{Board, Oware};

/// A position's holes seen from the side to move: its own six holes first.
#[inline]
pub fn mover_holes(board: &Board) -> [u8; HOLES] {
    let bits = board.bits() & ((1u128 << 96) - 1);
    let bits = if board.side() == 0 {
        bits
    } else {
        ((bits >> 48) | (bits << 48)) & ((1u128 << 96) - 1)
    };
    let bytes = bits.to_le_bytes();
    let mut holes = [0u8; HOLES];
    holes.copy_from_slice(&bytes[..HOLES]);
    holes
}

/// The board of a level position: its holes, South to move, no captures yet.
#[inline]
pub fn level_board(holes: [u8; HOLES]) -> Board {
    Board::from_parts(holes, [0, 0], false)
}

/// Seeds on the holes of the side to move (holes 1..6 of a level position).
#[inline]
fn own_seeds(holes: &[u8; HOLES]) -> u8 {
    holes[..6].iter().sum()
}

/// Counters a caller can watch (from another thread) while levels are
/// built: the level in progress and how far each of its two passes got.
#[derive(Debug, Default)]
pub struct Progress {
    /// The level being built.
    pub level: AtomicU64,
    /// Its number of positions.
    pub positions: AtomicU64,
    /// Positions whose captures were looked up (first pass).
    pub captures: AtomicU64,
    /// Positions solved by the component walk (second pass).
    pub solved: AtomicU64,
}

impl Progress {
    /// Starts counting a new level.
    pub fn start_level(&self, n: usize) {
        self.level.store(n as u64, Ordering::Relaxed);
        self.positions.store(level_size(n), Ordering::Relaxed);
        self.captures.store(0, Ordering::Relaxed);
        self.solved.store(0, Ordering::Relaxed);
    }

    /// Work done in the level, of twice its positions (two passes).
    pub fn done(&self) -> u64 {
        self.captures.load(Ordering::Relaxed) + self.solved.load(Ordering::Relaxed)
    }
}

/// Statistics of a finished level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelStats {
    /// Positions in the level.
    pub positions: u64,
    /// Positions whose value is the same under every history.
    pub exact: u64,
    /// Positions whose value with an empty history is proved.
    pub fresh_known: u64,
    /// Passes of the fixpoint iteration (the last one changes nothing).
    pub passes: u64,
}

/// What the builder needs of the levels below: the entry of a position.
pub trait Lower: Sync {
    /// The entry of position `index` of level `n` (`n` below the level built).
    fn entry(&self, n: usize, index: u64) -> Entry;
}

/// No capture move, in the capture arrays.
const NONE: u8 = u8::MAX;
/// No child, in the quiet-children arrays.
const NO_CHILD: u32 = u32::MAX;
/// Positions per parallel task.
const CHUNK: u64 = 1 << 14;

/// Builds level `n` with the rules `rules`, given the levels below.
pub fn build_level(
    rules: &Oware,
    n: usize,
    lower: &dyn Lower,
    progress: &Progress,
) -> (Vec<u8>, LevelStats) {
    assert!(
        level_size(n) < NO_CHILD as u64,
        "level {n} is too large to index"
    );
    LevelBuilder {
        rules,
        n,
        lower,
        progress,
    }
    .run()
}

/// What the first pass learns of a position: the bounds of its best
/// capture ([`NONE`] without one; a position with no legal move counts its
/// ending here) and the indices of its quiet children.
#[derive(Copy, Clone)]
struct Node {
    cap_lo: u8,
    cap_hi: u8,
    /// Seeds on the holes of the side to move.
    own: u8,
    quiet: [u32; 6],
}

/// The histories a fixpoint's bounds hold for.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Histories {
    /// Every history since the last capture: a quiet move may end the game
    /// by repeating a position.
    Any,
    /// The empty history (the position reached by a capture).
    Empty,
}

impl Node {
    fn children(&self) -> impl Iterator<Item = usize> + '_ {
        self.quiet
            .iter()
            .take_while(|&&c| c != NO_CHILD)
            .map(|&c| c as usize)
    }
}

struct LevelBuilder<'a> {
    rules: &'a Oware,
    n: usize,
    lower: &'a dyn Lower,
    progress: &'a Progress,
}

/// Runs `f` on every position of level `n` in parallel, in index order
/// within chunks, and collects the results in index order.
fn par_positions<T: Send>(n: usize, f: impl Fn(u64, &[u8; HOLES]) -> T + Sync) -> Vec<T> {
    let size = level_size(n);
    let chunks: Vec<Vec<T>> = (0..size.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let first = c * CHUNK;
            let len = CHUNK.min(size - first);
            let mut holes = unrank(n, first);
            let mut out = Vec::with_capacity(len as usize);
            for k in 0..len {
                out.push(f(first + k, &holes));
                if k + 1 < len {
                    advance(&mut holes);
                }
            }
            out
        })
        .collect();
    let mut all = Vec::with_capacity(size as usize);
    for chunk in chunks {
        all.extend(chunk);
    }
    all
}

impl LevelBuilder<'_> {
    fn run(self) -> (Vec<u8>, LevelStats) {
        let n = self.n as u8;
        let nodes = par_positions(self.n, |_, holes| {
            let node = self.node(holes);
            self.progress.captures.fetch_add(1, Ordering::Relaxed);
            node
        });
        let size = nodes.len();
        let mut stats = LevelStats {
            positions: size as u64,
            ..LevelStats::default()
        };
        // Bounds under every history first; they start the bounds with an
        // empty history, which every history's bounds also hold for.
        let lo: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(0)).collect();
        let hi: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(n)).collect();
        stats.passes += self.fixpoint(&nodes, &lo, &hi, Histories::Any);
        let exact: Vec<bool> = (0..size)
            .map(|p| lo[p].load(Ordering::Relaxed) == hi[p].load(Ordering::Relaxed))
            .collect();
        self.progress
            .solved
            .store(size as u64 / 2, Ordering::Relaxed);
        stats.passes += self.fixpoint(&nodes, &lo, &hi, Histories::Empty);
        let lo: Vec<u8> = lo.into_iter().map(AtomicU8::into_inner).collect();
        let hi: Vec<u8> = hi.into_iter().map(AtomicU8::into_inner).collect();
        let entries: Vec<u8> = (0..size)
            .into_par_iter()
            .map(|p| {
                Entry {
                    lo: lo[p],
                    hi: hi[p],
                    exact: exact[p],
                }
                .encode()
            })
            .collect();
        self.progress.solved.store(size as u64, Ordering::Relaxed);
        for &b in &entries {
            let e = Entry::decode(b, n).expect("valid entries");
            stats.exact += e.exact as u64;
            stats.fresh_known += (e.lo == e.hi) as u64;
        }
        (entries, stats)
    }

    /// Tightens `lo` and `hi` until nothing changes, for the histories
    /// given; returns the passes made (the last one changes nothing).
    fn fixpoint(
        &self,
        nodes: &[Node],
        lo: &[AtomicU8],
        hi: &[AtomicU8],
        histories: Histories,
    ) -> u64 {
        let n = self.n as u8;
        let size = nodes.len();
        let mut passes = 0;
        loop {
            passes += 1;
            let changed: u64 = (0..size.div_ceil(CHUNK as usize))
                .into_par_iter()
                .map(|c| {
                    let range = c * CHUNK as usize..size.min((c + 1) * CHUNK as usize);
                    let mut changed = 0;
                    for p in range {
                        let node = &nodes[p];
                        let (mut new_lo, mut new_hi) = match node.cap_lo {
                            NONE => (0, 0),
                            l => (l, node.cap_hi),
                        };
                        for c in node.children() {
                            // The mover's seeds from the child on: what the
                            // opponent leaves, or, if the child repeats the
                            // history, the seeds then on the mover's holes.
                            let (mut l, mut h) = (
                                n - hi[c].load(Ordering::Relaxed),
                                n - lo[c].load(Ordering::Relaxed),
                            );
                            if histories == Histories::Any {
                                let repeat = n - nodes[c].own;
                                (l, h) = (l.min(repeat), h.max(repeat));
                            }
                            new_lo = new_lo.max(l);
                            new_hi = new_hi.max(h);
                        }
                        if new_lo > lo[p].load(Ordering::Relaxed) {
                            lo[p].store(new_lo, Ordering::Relaxed);
                            changed += 1;
                        }
                        if new_hi < hi[p].load(Ordering::Relaxed) {
                            hi[p].store(new_hi, Ordering::Relaxed);
                            changed += 1;
                        }
                    }
                    changed
                })
                .sum();
            if changed == 0 {
                return passes;
            }
        }
    }

    /// Plays every legal move of a level position: the first pass.
    fn node(&self, holes: &[u8; HOLES]) -> Node {
        let n = self.n as u8;
        let board = level_board(*holes);
        let mut legal = <Oware as Game>::Moves::default();
        self.rules.legal_moves(&board, &mut legal);
        let mut node = Node {
            cap_lo: NONE,
            cap_hi: NONE,
            own: own_seeds(holes),
            quiet: [NO_CHILD; 6],
        };
        if legal.is_empty() {
            let own = own_seeds(holes);
            (node.cap_lo, node.cap_hi) = (own, own);
        }
        let mut quiet = 0;
        for &mv in legal.iter() {
            let child = self.rules.play(&board, mv);
            let taken = child.score(0) as u8;
            let child_holes = mover_holes(&child);
            if taken > 0 {
                let e = self.lower.entry(usize::from(n - taken), rank(&child_holes));
                let (l, h) = (n - e.hi, n - e.lo);
                if node.cap_lo == NONE {
                    (node.cap_lo, node.cap_hi) = (l, h);
                } else {
                    node.cap_lo = node.cap_lo.max(l);
                    node.cap_hi = node.cap_hi.max(h);
                }
            } else {
                node.quiet[quiet] = rank(&child_holes) as u32;
                quiet += 1;
            }
        }
        node
    }
}
