//! A position's value under one given history, bounded by a retrograde
//! analysis of its seed count, and the census of the positions two histories
//! prove inexact (`awale-census history`).
//!
//! Under a history `H` (the positions since the last capture, ending at
//! `p`), every position of `H` stays in the history whatever is played
//! next: a quiet move into one of them ends the game by repetition, worth
//! a known number of seeds. The seed count is then a game in which those
//! positions are exits, like captures, and its least fixpoint (the
//! builder's equations, [`awale_core::tables::build`], with `H`'s
//! positions as exits)
//! bounds `p`'s value under `H`: each bound is forced along plays on which
//! every position was settled earlier than the one before, so none of them
//! can come back, and the only repetitions are the exits into `H`.
//!
//! With long histories most of the seed count's cycles pass through an exit,
//! so these bounds are often far tighter than those with an empty history.
//! Two histories whose bounds do not overlap prove that `p`'s value
//! depends on the history: the census below counts such positions on a
//! sample of each seed count, a stronger witness than those of
//! [`crate::witness`], which look one move ahead.
//!
//! A history must begin where a capture can lead: the histories here are
//! walks back from `p` along quiet moves, cut at the earliest position on
//! them that some capture from a larger seed count reaches.
//!
//! At 1 to 3 seeds [`crate::every_history`] goes further and values a
//! position under every one of its histories.

use std::io::{self, Write};

use awale_core::rng::Rng;
use awale_core::tables::index::{rank, seed_count_size, unrank, HOLES};
use awale_core::tables::reference::{self, turned};
use awale_core::tables::{EndgameTables, Rules};

/// Real positions (holes and side to move) are nodes `2 r + s`, `r` the
/// rank of the holes seen from the mover, `s` the side to move; a move
/// flips the side.
pub type Node = u32;

/// The moves of every position of one seed count, as the bounds under a given
/// history need them.
pub struct SeedCountMoves {
    pub n: u8,
    /// The quiet children (ranks) of every rank.
    pub children: Vec<Vec<u32>>,
    /// The ranks with a quiet move to every rank.
    pub parents: Vec<Vec<u32>>,
    /// The bounds of the best move that no history changes (a capture,
    /// with its child's bounds with an empty history; or the end of the
    /// game when there is no move), `None` when every move is quiet.
    fixed: Vec<Option<(u8, u8)>>,
    /// The seeds on the mover's holes of every rank.
    own: Vec<u8>,
}

impl SeedCountMoves {
    /// Seed count `n`'s moves, with the captures valued by `tables` (which must
    /// hold the seed counts below `n`).
    pub fn new(tables: &EndgameTables, n: usize) -> SeedCountMoves {
        let size = seed_count_size(n) as usize;
        let n8 = n as u8;
        let mut children = Vec::with_capacity(size);
        let mut fixed = Vec::with_capacity(size);
        let mut own = Vec::with_capacity(size);
        for r in 0..size {
            let holes = unrank(n, r as u64);
            let mine: u8 = holes[..6].iter().sum();
            let moves = reference::moves(&holes);
            let mut best: Option<(u8, u8)> = moves.is_empty().then_some((mine, mine));
            let mut quiet = Vec::new();
            for (child, taken) in moves {
                if taken == 0 {
                    quiet.push(rank(&child) as u32);
                    continue;
                }
                let e = tables.entry(&child).expect("the levels below are built");
                let (lo, hi) = (n8 - e.hi, n8 - e.lo);
                best = Some(best.map_or((lo, hi), |(l, h)| (l.max(lo), h.max(hi))));
            }
            children.push(quiet);
            fixed.push(best);
            own.push(mine);
        }
        let mut parents = vec![Vec::new(); size];
        for (r, cs) in children.iter().enumerate() {
            for &c in cs {
                parents[c as usize].push(r as u32);
            }
        }
        SeedCountMoves {
            n: n8,
            children,
            parents,
            fixed,
            own,
        }
    }

    /// The real positions of the seed count: two per rank.
    pub fn nodes(&self) -> usize {
        2 * self.children.len()
    }

    /// What the mover who enters `child` (a rank) collects if the game
    /// ends there by repetition: the seeds then on his holes.
    fn repeat(&self, child: u32) -> u8 {
        self.n - self.own[child as usize]
    }

    /// Bounds `lo..=hi` on the value of every node of the seed count when the
    /// history holds the nodes `history` and no other position of the
    /// seed count; read at the node the history ends at, they bound that
    /// position's value under it.
    pub fn bounds_under(&self, history: &[Node]) -> (Vec<u8>, Vec<u8>) {
        let nodes = self.nodes();
        let mut held = vec![false; nodes];
        for &v in history {
            held[v as usize] = true;
        }
        let (mut lo, mut hi) = (vec![0u8; nodes], vec![self.n; nodes]);
        let mut queued = vec![true; nodes];
        let mut queue: Vec<Node> = (0..nodes as Node).rev().collect();
        while let Some(v) = queue.pop() {
            queued[v as usize] = false;
            let (l, h) = self.evaluate(v, &held, &lo, &hi);
            if (l, h) == (lo[v as usize], hi[v as usize]) {
                continue;
            }
            (lo[v as usize], hi[v as usize]) = (l, h);
            let side = 1 - v % 2;
            for &parent in &self.parents[(v / 2) as usize] {
                let u = 2 * parent + side;
                if !queued[u as usize] {
                    queued[u as usize] = true;
                    queue.push(u);
                }
            }
        }
        (lo, hi)
    }

    /// One step of the equations at node `v`: the best move for its mover
    /// as the bounds stand.
    fn evaluate(&self, v: Node, held: &[bool], lo: &[u8], hi: &[u8]) -> (u8, u8) {
        let r = (v / 2) as usize;
        let side = 1 - v % 2;
        let (mut l, mut h) = self.fixed[r].unwrap_or((0, 0));
        for &c in &self.children[r] {
            let w = (2 * c + side) as usize;
            let (cl, ch) = if held[w] {
                let x = self.repeat(c);
                (x, x)
            } else {
                (self.n - hi[w], self.n - lo[w])
            };
            l = l.max(cl);
            h = h.max(ch);
        }
        (l, h)
    }

    /// A walk back from `end` along quiet moves through positions not yet
    /// on it, of at most `length` positions (`end` included), cut at the
    /// earliest position on it that a capture can lead to: a history
    /// ending at `end`, or `None` when no position of the walk is one a
    /// capture reaches.
    pub fn history_to(&self, end: Node, length: usize, rng: &mut Rng) -> Option<Vec<Node>> {
        let mut walk = vec![end];
        let mut on_walk = std::collections::HashSet::from([end]);
        while walk.len() < length {
            let v = *walk.last().expect("not empty");
            let side = 1 - v % 2;
            let options: Vec<Node> = self.parents[(v / 2) as usize]
                .iter()
                .map(|&parent| 2 * parent + side)
                .filter(|u| !on_walk.contains(u))
                .collect();
            if options.is_empty() {
                break;
            }
            let u = options[rng.below(options.len())];
            walk.push(u);
            on_walk.insert(u);
        }
        let n = usize::from(self.n);
        let start = walk
            .iter()
            .rposition(|&v| reached_by_capture(&unrank(n, u64::from(v / 2))))?;
        walk.truncate(start + 1);
        Some(walk)
    }
}

/// Whether some capture leads to the position `holes` (seen from its
/// mover, who has just lost seeds): the mover before sowed one of his
/// holes (empty now) so that the last seed fell on the captured run of
/// empty holes of this side. Each candidate is played forward to check it.
pub fn reached_by_capture(holes: &[u8; HOLES]) -> bool {
    let total: u32 = holes.iter().map(|&s| u32::from(s)).sum();
    if holes[..6].iter().all(|&s| s == 0) {
        return false; // a capture never empties the side (no grand slam)
    }
    for from in 6..HOLES {
        if holes[from] != 0 {
            continue;
        }
        for seeds in 1..=(48 - total as usize) {
            // Where each seed of the sowing falls (the hole sown from is
            // skipped).
            let mut gained = [0u8; HOLES];
            let mut at = from;
            for _ in 0..seeds {
                at = (at + 1) % HOLES;
                if at == from {
                    at = (at + 1) % HOLES;
                }
                gained[at] += 1;
            }
            if at >= 6 {
                continue;
            }
            // The captured run: holes `first..=at`, empty now, each of 2
            // or 3 seeds before the capture.
            for first in (0..=at).rev() {
                if holes[first] != 0 {
                    break;
                }
                if gained[first..=at].iter().any(|&g| g > 3) {
                    continue;
                }
                let mut before = *holes;
                for h in first..=at {
                    before[h] = gained[h].max(2);
                }
                let Some(mut parent) = before
                    .iter()
                    .zip(&gained)
                    .map(|(&b, &g)| b.checked_sub(g))
                    .collect::<Option<Vec<u8>>>()
                else {
                    continue;
                };
                parent[from] = seeds as u8;
                let parent: [u8; HOLES] = parent.try_into().expect("twelve holes");
                if reference::moves(&turned(&parent))
                    .iter()
                    .any(|(child, taken)| *taken > 0 && child == holes)
                {
                    return true;
                }
            }
        }
    }
    false
}

/// Nodes of seed count `n` as the reference search takes a history: holes
/// and side to move (0 like the position valued, which is side 0).
pub fn reference_history(n: usize, nodes: &[Node]) -> Vec<([u8; HOLES], usize)> {
    nodes
        .iter()
        .map(|&v| (unrank(n, u64::from(v / 2)), (v % 2) as usize))
        .collect()
}

/// Sampled positions of a seed count under random histories of several
/// lengths: how many are proved to depend on the history, and whether
/// a position the tables mark exact keeps its value under each.
#[derive(Debug, Default)]
struct Sample {
    positions: usize,
    /// Positions with no history at all: no play reaches them.
    unreached: usize,
    marked: usize,
    /// Positions under two histories whose bounds do not overlap.
    witnessed: usize,
    /// Marked exact, yet outside the bounds under some history.
    contradicted: usize,
}

/// History lengths tried for each position, shortest first (1: the
/// empty history, for a position a capture reaches).
const LENGTHS: [usize; 10] = [1, 2, 4, 8, 32, 128, 512, 4096, 1 << 16, usize::MAX];

fn sample(tables: &EndgameTables, n: usize, positions: usize, seed: u64) -> Sample {
    let graph = SeedCountMoves::new(tables, n);
    let mut rng = Rng::new(seed);
    let mut out = Sample::default();
    for _ in 0..positions {
        let r = rng.below(seed_count_size(n) as usize);
        let holes = unrank(n, r as u64);
        let end = 2 * r as Node;
        let entry = tables.entry(&holes).expect("built");
        let (mut best_lo, mut least_hi, mut histories) = (0, u8::MAX, 0);
        let mut contradicted = false;
        for length in LENGTHS {
            for _ in 0..2 {
                let Some(history) = graph.history_to(end, length, &mut rng) else {
                    continue;
                };
                let (lo, hi) = graph.bounds_under(&history);
                let (l, h) = (lo[end as usize], hi[end as usize]);
                histories += 1;
                best_lo = best_lo.max(l);
                least_hi = least_hi.min(h);
                contradicted |= entry.is_exact() && !(l..=h).contains(&entry.every_lo);
            }
        }
        out.positions += 1;
        out.unreached += usize::from(histories == 0);
        out.marked += usize::from(entry.is_exact());
        out.witnessed += usize::from(best_lo > least_hi);
        out.contradicted += usize::from(contradicted);
    }
    out
}

/// The census of `awale-census history`: on `positions` sampled positions
/// of each seed count `min..=max`, the share two histories prove inexact, one
/// line a seed count.
pub fn history_census(
    min: usize,
    max: usize,
    positions: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    let tables = EndgameTables::build_in_memory(Rules::default(), max);
    for n in min..=max {
        let s = sample(&tables, n, positions, 1000 + n as u64);
        let pct = |k: usize| 100.0 * k as f64 / s.positions as f64;
        // A 95% interval for a share of the sample.
        let half = |k: usize| {
            let p = k as f64 / s.positions as f64;
            196.0 * (p * (1.0 - p) / s.positions as f64).sqrt()
        };
        writeln!(
            out,
            "{n:2} sample {:>5}  marked exact {:5.1}%  witnessed inexact {:5.1}% +/- {:4.1}  \
             unreached {:5.1}%  contradicted {}",
            s.positions,
            pct(s.marked),
            pct(s.witnessed),
            half(s.witnessed),
            pct(s.unreached),
            s.contradicted
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use awale_core::tables::index::advance;

    #[test]
    fn what_a_capture_reaches() {
        // South sows 2 seeds from hole 6 (index 5) into North's first two
        // holes, each of 1 seed: both taken, North to move with them empty.
        assert!(reached_by_capture(&[0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]));
        // Nothing empty on the mover's side: no capture just happened.
        assert!(!reached_by_capture(&[1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0]));
        // The side is empty: a capture of everything captures nothing.
        assert!(!reached_by_capture(&[0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0]));
        // No empty hole on the other side to have sown from.
        assert!(!reached_by_capture(&[0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]));
    }

    /// The bounds hold the value the exhaustive reference search finds
    /// under the same history, for every position of the small seed counts and
    /// random histories.
    #[test]
    fn bounds_under_a_history_hold_the_value_under_it() {
        let tables = EndgameTables::build_in_memory(Rules::default(), 3);
        let mut rng = Rng::new(11);
        for n in 1..=3 {
            let graph = SeedCountMoves::new(&tables, n);
            let mut holes = unrank(n, 0);
            let mut tight = 0;
            loop {
                let end = 2 * rank(&holes) as Node;
                for length in [1, 3, 8, 40] {
                    let Some(history) = graph.history_to(end, length, &mut rng) else {
                        continue;
                    };
                    let (lo, hi) = graph.bounds_under(&history);
                    let path = reference_history(n, &history[1..]);
                    let value = reference::value_under(&holes, &path);
                    let (l, h) = (lo[end as usize], hi[end as usize]);
                    assert!(
                        i32::from(l) <= value && value <= i32::from(h),
                        "{holes:?} under {path:?}: {value} outside {l}..={h}"
                    );
                    tight += usize::from(l == h);
                }
                if !advance(&mut holes) {
                    break;
                }
            }
            assert!(tight > 0, "level {n}: no value settled under a history");
        }
    }

    #[test]
    fn positions_marked_exact_keep_their_value_under_long_histories() {
        let tables = EndgameTables::build_in_memory(Rules::default(), 7);
        for n in [5, 7] {
            let s = sample(&tables, n, 60, n as u64);
            assert_eq!(s.contradicted, 0, "level {n}: {s:?}");
            assert!(s.marked > 0, "level {n}: {s:?}");
            assert!(s.marked + s.witnessed <= s.positions, "level {n}: {s:?}");
            // The test would notice histories that prove nothing (random
            // histories witness about 10% of the positions at 5 seeds).
            assert!(n > 5 || s.witnessed > 0, "level {n}: {s:?}");
        }
    }

    #[test]
    fn the_census_prints_a_line_for_each_seed_count() {
        let mut out = Vec::new();
        history_census(3, 4, 10, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 2, "{text}");
        assert!(text.contains("contradicted 0"), "{text}");
    }
}
