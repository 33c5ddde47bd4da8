//! The value of a position under every one of its histories, by the
//! exhaustive reference search, at 1 to 3 seeds: the true exact share of
//! those seed counts, against which the tables' marks are checked
//! (`awale-census every-history`).

use std::io::{self, Write};

use awale_core::tables::index::{seed_count_size, unrank, HOLES};
use awale_core::tables::reference;
use awale_core::tables::{EndgameTables, Rules};

use crate::under_history::{reached_by_capture, reference_history, Node, SeedCountMoves};

/// What the exhaustive search finds of a position's value under all
/// its histories.
#[derive(Debug)]
enum Verdict {
    /// Every history gives this value.
    Exact(i32),
    /// Two histories give different values.
    Inexact,
    /// More than the cap of histories, all with one value so far.
    Unfinished,
    /// No history: no game reaches the position.
    Unreached,
}

/// What a seed count's quiet moves allow as histories: the nodes a capture
/// can lead to, and those reachable from one of them.
struct Entries {
    entry: Vec<bool>,
    after_entry: Vec<bool>,
}

impl Entries {
    fn new(graph: &SeedCountMoves) -> Entries {
        let n = usize::from(graph.n);
        let entry: Vec<bool> = (0..graph.children.len())
            .map(|r| reached_by_capture(&unrank(n, r as u64)))
            .collect();
        let starts: Vec<Node> = (0..graph.nodes() as Node)
            .filter(|&v| entry[(v / 2) as usize])
            .collect();
        let after_entry = closure(graph, &starts, true);
        Entries { entry, after_entry }
    }
}

/// The nodes reachable from `starts` (themselves included) by quiet
/// moves, or from which they are reachable (`forward` false).
fn closure(graph: &SeedCountMoves, starts: &[Node], forward: bool) -> Vec<bool> {
    let mut seen = vec![false; graph.nodes()];
    for &v in starts {
        seen[v as usize] = true;
    }
    let mut stack = starts.to_vec();
    while let Some(v) = stack.pop() {
        let r = (v / 2) as usize;
        let next = if forward {
            &graph.children[r]
        } else {
            &graph.parents[r]
        };
        for &c in next {
            let w = 2 * c + 1 - v % 2;
            if !seen[w as usize] {
                seen[w as usize] = true;
                stack.push(w);
            }
        }
    }
    seen
}

/// The nodes that `end` reaches by quiet moves and that reach it back.
fn component(graph: &SeedCountMoves, end: Node) -> Vec<bool> {
    let (ahead, behind) = (closure(graph, &[end], true), closure(graph, &[end], false));
    ahead.iter().zip(&behind).map(|(&a, &b)| a && b).collect()
}

/// The value of the position `end` (side 0) under every history that
/// ends there, each valued by the exhaustive reference search.
///
/// A history is a path of quiet moves, each position once, from a
/// position a capture can lead to up to `end`. Only its positions in
/// `end`'s strongly connected component matter (the play from `end`
/// meets no other), and they form the path's end: a path that leaves
/// the component going back never returns to it. So the histories are
/// enumerated as paths back inside the component, each standing for
/// every history that extends it back to a capture (the path's first
/// position is one a capture leads to, or has a predecessor outside
/// the component that some capture's play reaches), and each set of
/// positions is valued once. Stops at the first two values that
/// differ, or after `cap` sets or `20 * cap` states of the walk (its
/// last position and set of positions, each walked on from once).
fn under_every_history(
    graph: &SeedCountMoves,
    entries: &Entries,
    end: Node,
    cap: usize,
) -> Verdict {
    struct Walk<'a> {
        graph: &'a SeedCountMoves,
        inside: Vec<bool>,
        /// Whether a history can begin its part in the component here.
        start: Vec<bool>,
        /// Bit `k` for the `k`-th node of the component.
        bit: Vec<usize>,
        path: Vec<Node>,
        set: Vec<u64>,
        walked: std::collections::HashSet<(Node, Vec<u64>)>,
        valued: std::collections::HashSet<Vec<u64>>,
        value: Option<i32>,
        cap: usize,
        unfinished: bool,
    }
    impl Walk<'_> {
        /// Extends the path back from its last node; false to stop.
        fn back(&mut self) -> bool {
            let u = *self.path.last().expect("not empty");
            if !self.walked.insert((u, self.set.clone())) {
                return true;
            }
            if self.walked.len() > 20 * self.cap || self.valued.len() >= self.cap {
                self.unfinished = true;
                return false;
            }
            if self.start[u as usize] && self.valued.insert(self.set.clone()) {
                let n = usize::from(self.graph.n);
                let holes = unrank(n, u64::from(self.path[0] / 2));
                let v = reference::value_under(&holes, &reference_history(n, &self.path[1..]));
                if *self.value.get_or_insert(v) != v {
                    return false;
                }
            }
            let side = 1 - u % 2;
            for &parent in &self.graph.parents[(u / 2) as usize] {
                let w = 2 * parent + side;
                let b = self.bit[w as usize];
                if !self.inside[w as usize] || self.set[b / 64] >> (b % 64) & 1 == 1 {
                    continue;
                }
                self.set[b / 64] |= 1 << (b % 64);
                self.path.push(w);
                let go_on = self.back();
                self.path.pop();
                self.set[b / 64] &= !(1 << (b % 64));
                if !go_on {
                    return false;
                }
            }
            true
        }
    }
    let inside = component(graph, end);
    let mut bit = vec![usize::MAX; graph.nodes()];
    let mut k = 0;
    for (v, _) in inside.iter().enumerate().filter(|(_, &i)| i) {
        bit[v] = k;
        k += 1;
    }
    let start = (0..graph.nodes())
        .map(|v| {
            inside[v]
                && (entries.entry[v / 2]
                    || graph.parents[v / 2].iter().any(|&parent| {
                        let w = (2 * parent + 1 - v as Node % 2) as usize;
                        !inside[w] && entries.after_entry[w]
                    }))
        })
        .collect();
    let mut set = vec![0u64; k.div_ceil(64)];
    let b = bit[end as usize];
    set[b / 64] |= 1 << (b % 64);
    let mut walk = Walk {
        graph,
        inside,
        start,
        bit,
        path: vec![end],
        set,
        walked: Default::default(),
        valued: Default::default(),
        value: None,
        cap,
        unfinished: false,
    };
    let finished = walk.back();
    match walk.value {
        None if finished => Verdict::Unreached,
        Some(v) if finished => Verdict::Exact(v),
        _ if walk.unfinished => Verdict::Unfinished,
        _ => Verdict::Inexact,
    }
}

/// The verdicts of the exhaustive search on the positions `ranks` of
/// seed count `n`, against the tables' marks.
#[derive(Debug, Default)]
struct Verdicts {
    positions: usize,
    /// Per verdict (exact, inexact, unfinished, unreached): how many
    /// positions, and how many of those the tables mark exact.
    count: [usize; 4],
    marked: [usize; 4],
    /// Marked exact, yet a history gives another value.
    contradicted: usize,
    /// Shown exact by every history, not marked (holes, value).
    missed: Vec<([u8; HOLES], i32)>,
}

fn verdicts(tables: &EndgameTables, n: usize, ranks: &[usize], cap: usize) -> Verdicts {
    let graph = SeedCountMoves::new(tables, n);
    let entries = Entries::new(&graph);
    let mut out = Verdicts::default();
    for &r in ranks {
        let holes = unrank(n, r as u64);
        let entry = tables.entry(&holes).expect("built");
        let verdict = under_every_history(&graph, &entries, 2 * r as Node, cap);
        let k = match verdict {
            Verdict::Exact(v) => {
                if !entry.is_exact() {
                    out.missed.push((holes, v));
                }
                out.contradicted += usize::from(entry.is_exact() && v != i32::from(entry.every_lo));
                0
            }
            Verdict::Inexact => {
                out.contradicted += usize::from(entry.is_exact());
                1
            }
            Verdict::Unfinished => 2,
            Verdict::Unreached => 3,
        };
        out.positions += 1;
        out.count[k] += 1;
        out.marked[k] += usize::from(entry.is_exact());
    }
    out
}

/// The census of `awale-census every-history`: the exact share of seed counts
/// `1..=max`, history by history, on `sample` positions a seed count evenly
/// spread (all when the seed count is smaller), with at most `cap` histories a
/// position; one line a seed count, after the exact positions not marked.
pub fn every_history_census(
    max: usize,
    cap: usize,
    sample: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    let tables = EndgameTables::build_in_memory(Rules::default(), max);
    for n in 1..=max {
        let started = std::time::Instant::now();
        let size = seed_count_size(n) as usize;
        // Every position, or `sample` of them evenly spread.
        let ranks: Vec<usize> = (0..sample.min(size))
            .map(|i| i * size / sample.min(size))
            .collect();
        let v = verdicts(&tables, n, &ranks, cap);
        for (holes, value) in &v.missed {
            writeln!(out, "   exact, not marked: {holes:?} value {value}")?;
        }
        let pct = |k: usize| 100.0 * k as f64 / v.positions as f64;
        writeln!(
            out,
            "{n:2} positions {:>5}  exact {:5.1}% (marked {:5.1}%)  inexact {:5.1}%  \
             unfinished {:5.1}% (marked {:5.1}%)  unreached {:5.1}% (marked {:5.1}%)  \
             contradicted {}  ({:.0?})",
            v.positions,
            pct(v.count[0]),
            pct(v.marked[0]),
            pct(v.count[1]),
            pct(v.count[2]),
            pct(v.marked[2]),
            pct(v.count[3]),
            pct(v.marked[3]),
            v.contradicted,
            started.elapsed()
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every position of seed counts 1 to 3 under every one of its histories:
    /// no position marked exact takes another value under any, and the
    /// tables mark nearly every position that all its histories agree on.
    #[test]
    fn positions_marked_exact_keep_their_value_under_every_history() {
        let tables = EndgameTables::build_in_memory(Rules::default(), 3);
        for n in 1..=3 {
            let ranks: Vec<usize> = (0..seed_count_size(n) as usize).collect();
            let v = verdicts(&tables, n, &ranks, 20_000);
            assert_eq!(v.contradicted, 0, "level {n}: {v:?}");
            // One seed cannot depend on the history; two already can.
            assert!(
                v.count[0] > 0 && (n < 2 || v.count[1] > 0),
                "level {n}: {v:?}"
            );
            // At 3 seeds 160 of the 164 exact positions are marked.
            assert!(v.marked[0] * 100 >= 95 * v.count[0], "level {n}: {v:?}");
        }
    }

    #[test]
    fn the_census_prints_a_line_for_each_seed_count() {
        let mut out = Vec::new();
        every_history_census(2, 1000, 20, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains(" 1 positions    12") && text.contains(" 2 positions    20"),
            "{text}"
        );
        assert!(text.contains("contradicted 0"), "{text}");
    }
}
