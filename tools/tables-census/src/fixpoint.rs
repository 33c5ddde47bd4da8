//! A second, deliberately plain builder: the equations of
//! [`awale_core::tables::build`] iterated pass after pass over the whole
//! seed count until nothing changes (the first builder of the project, slow but
//! obviously the fixpoint). The retrograde builder must give the same
//! bytes; the witnesses take their bounds under every history from it.

use awale_core::game::Game;
use awale_core::tables::build::{format_1_byte, Lower, EXIT_SEEDS};
use awale_core::tables::codebook::Codebook;
use awale_core::tables::cycles::Cycles;
use awale_core::tables::index::{
    advance, mover_holes, rank, seed_count_board, seed_count_size, unrank,
};
use awale_core::variants::oware::Oware;

/// A position's moves: the bounds of its best capture (or of its ending
/// when it has no move; `None` without either) and its quiet children.
struct Node {
    capture: Option<(u8, u8)>,
    own: u8,
    quiet: Vec<usize>,
}

fn node(rules: &Oware, n: u8, lower: &dyn Lower, holes: [u8; 12]) -> Node {
    let board = seed_count_board(holes);
    let own = holes[..6].iter().sum();
    let mut legal = <Oware as Game>::Moves::default();
    rules.legal_moves(&board, &mut legal);
    let mut node = Node {
        capture: legal.is_empty().then_some((own, own)),
        own,
        quiet: Vec::new(),
    };
    for &mv in legal.iter() {
        let child = rules.play(&board, mv);
        let taken = child.score(0) as u8;
        let child_holes = mover_holes(&child);
        if taken == 0 {
            node.quiet.push(rank(&child_holes) as usize);
            continue;
        }
        let e = lower.entry(usize::from(n - taken), rank(&child_holes));
        node.fix(n - e.hi, n - e.lo);
    }
    node
}

impl Node {
    /// Counts a move whose value no history changes, worth `lo..=hi`.
    fn fix(&mut self, lo: u8, hi: u8) {
        self.capture = Some(match self.capture {
            None => (lo, hi),
            Some((l, h)) => (l.max(lo), h.max(hi)),
        });
    }
}

/// Tightens `lo` and `hi` until nothing changes; `any_history` lets a
/// quiet child also be a repetition, worth its mover's own seeds.
fn fixpoint(n: u8, nodes: &[Node], lo: &mut [u8], hi: &mut [u8], any_history: bool) {
    loop {
        let mut changed = false;
        for (p, node) in nodes.iter().enumerate() {
            let (mut new_lo, mut new_hi) = node.capture.unwrap_or((0, 0));
            for &c in &node.quiet {
                let (mut l, mut h) = (n - hi[c], n - lo[c]);
                if any_history {
                    let repeat = n - nodes[c].own;
                    (l, h) = (l.min(repeat), h.max(repeat));
                }
                new_lo = new_lo.max(l);
                new_hi = new_hi.max(h);
            }
            if new_lo > lo[p] {
                lo[p] = new_lo;
                changed = true;
            }
            if new_hi < hi[p] {
                hi[p] = new_hi;
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// The nodes of seed count `n`, in rank order.
fn nodes(rules: &Oware, n: usize, lower: &dyn Lower) -> Vec<Node> {
    let size = seed_count_size(n) as usize;
    let mut holes = unrank(n, 0);
    let mut nodes = Vec::with_capacity(size);
    for p in 0..size {
        if p > 0 {
            advance(&mut holes);
        }
        nodes.push(node(rules, n as u8, lower, holes));
    }
    nodes
}

/// The bounds `(lo, hi)` under every history that the builder computes:
/// every quiet move may repeat a position of the history, except one the
/// play cannot come back from (up to [`EXIT_SEEDS`] seeds), which is
/// worth its child's bounds with an empty history (`fresh`, the seed count's
/// entries), as stored, under every history.
fn with_exits(rules: &Oware, n: usize, nodes: &mut [Node], fresh: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let n8 = n as u8;
    if n <= EXIT_SEEDS {
        let cycles = Cycles::of_seed_count(rules, n);
        let book = Codebook::format_1(n8);
        for (p, node) in nodes.iter_mut().enumerate() {
            for c in std::mem::take(&mut node.quiet) {
                if cycles.comes_back(p, c) {
                    node.quiet.push(c);
                } else {
                    let e = book.decode(fresh[c]).expect("valid entries");
                    node.fix(n8 - e.hi, n8 - e.lo);
                }
            }
        }
    }
    let (mut lo, mut hi) = (vec![0u8; nodes.len()], vec![n8; nodes.len()]);
    fixpoint(n8, nodes, &mut lo, &mut hi, true);
    (lo, hi)
}

/// The bounds of seed count `n` with an empty history, as format 1 bytes (none
/// exact; see [`Codebook::format_1`]), and the nodes they were computed
/// from.
fn empty_history(rules: &Oware, n: usize, lower: &dyn Lower) -> (Vec<u8>, Vec<Node>) {
    let nodes = nodes(rules, n, lower);
    let size = nodes.len();
    let (mut lo, mut hi) = (vec![0u8; size], vec![n as u8; size]);
    fixpoint(n as u8, &nodes, &mut lo, &mut hi, false);
    let fresh = (0..size).map(|p| format_1_byte(lo[p], hi[p])).collect();
    (fresh, nodes)
}

/// The bounds under every history of seed count `n` that the builder computes
/// (see [`with_exits`]), given the seed counts below: where they meet, the
/// seed count's entries say exact.
pub fn every_history(rules: &Oware, n: usize, lower: &dyn Lower) -> (Vec<u8>, Vec<u8>) {
    let (fresh, mut nodes) = empty_history(rules, n, lower);
    with_exits(rules, n, &mut nodes, &fresh)
}

#[cfg(test)]
mod tests {
    use super::*;
    use awale_core::tables::build::both_bounds;
    use awale_core::tables::codebook;
    use awale_core::tables::reference;
    use awale_core::tables::{EndgameTables, Progress, Rules};

    /// The bounds of seed count `n` with an empty history, as format 1 bytes (see
    /// [`empty_history`]), given the seed counts below.
    fn empty_history_bytes(rules: &Oware, n: usize, lower: &dyn Lower) -> Vec<u8> {
        empty_history(rules, n, lower).0
    }

    /// The entries of seed count `n` and their codebook, given the seed counts below.
    fn entries_of(rules: &Oware, n: usize, lower: &dyn Lower) -> (Vec<u8>, Codebook) {
        let (mut bytes, mut nodes) = empty_history(rules, n, lower);
        let (lo, hi) = with_exits(rules, n, &mut nodes, &bytes);
        let n8 = n as u8;
        let fresh_book = Codebook::format_1(n8);
        let book = codebook::encode_seed_count(n8, &mut bytes, |p, byte| {
            let fresh = fresh_book.decode(byte).expect("valid entries");
            both_bounds(fresh, lo[p], hi[p], n8)
        });
        (bytes, book)
    }

    /// The retrograde builder against the plain pass-by-pass fixpoint, byte
    /// for byte, on every seed count up to 9 seeds under every set of rules (and
    /// up to 11 under the default rules): both compute the same least
    /// fixpoints, by different means.
    #[test]
    fn the_retrograde_builder_gives_the_fixpoint_of_the_equations() {
        for rules in reference::all_rules() {
            let max = if Rules::of(&rules) == Rules::default() {
                11
            } else {
                9
            };
            let mut tables = EndgameTables::empty(Rules::of(&rules));
            for n in 0..=max {
                tables.build_seed_count(n, &Progress::default(), true);
                let (expected, codebook) = entries_of(&rules, n, &tables);
                assert_eq!(tables.codebook(n), Some(&codebook), "level {n}, {rules:?}");
                let built = tables.entries_of(n).unwrap();
                // The codebook keeps the bounds with an empty history of every
                // position that is not exact.
                let fresh = empty_history_bytes(&rules, n, &tables);
                let format_1 = Codebook::format_1(n as u8);
                for (p, (&b, &f)) in built.iter().zip(&fresh).enumerate() {
                    let (e, f) = (codebook.decode(b).unwrap(), format_1.decode(f).unwrap());
                    assert!(
                        e.is_exact() || (e.lo, e.hi) == (f.lo, f.hi),
                        "level {n}, {rules:?}, position {p}: {e:?} for {f:?}"
                    );
                }
                let differ = (0..built.len()).find(|&p| built[p] != expected[p]);
                assert_eq!(
                    differ.map(|p| (p, unrank(n, p as u64), built[p], expected[p])),
                    None,
                    "level {n}, {rules:?}: (index, holes, built, fixpoint)"
                );
            }
        }
    }
}
