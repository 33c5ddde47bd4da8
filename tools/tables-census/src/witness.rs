//! How far exactness can go: proofs that a position's value depends on
//! the history, and their census (`awale-census witness`).
//!
//! A history since the last capture is a path of quiet moves on which no
//! position comes twice. Under a history `H` ending at `p`, a move of `p`
//! to a position `H` holds ends the game by repetition (the mover takes
//! the seeds then on his holes); a capture, or a quiet move to a position
//! that cannot come back to `p`, is worth what its child's bounds with an
//! empty history allow (no position of `H` can be met again); any other
//! quiet move is worth what the child's bounds under every history allow
//! (the builder's, [`fixpoint::every_history`]).
//! Two witnesses that `p`'s value under some history differs from its
//! value with an empty one (its bounds `lo..=hi` in the tables):
//!
//! - **raised**: a quiet move to a position `c` that can come back to `p`
//!   whose repetition pays the mover more than `hi` (the history went from
//!   `c` to `p`);
//! - **lowered**: every move pays less than `lo` under a history that
//!   holds the quiet children that could pay `lo`, and such a history
//!   exists (found by breadth-first searches, which give up after a while:
//!   a search that gives up only loses a witness).
//!
//! Either way `p` is not exact, whatever a table says. Counting such
//! positions bounds from above the share any table can mark exact; a
//! position the tables mark exact must never have a witness.
//!
//! "Comes back" is [`Cycles::comes_back`]; the histories are searched
//! among real positions (holes and side to move): node `2 r + s` is the
//! position of rank `r` with side `s` to move.

use std::io::{self, Write};

use awale_core::tables::cycles::Cycles;
use awale_core::tables::index::{rank, seed_count_size, unrank, HOLES};
use awale_core::tables::reference;
use awale_core::tables::{EndgameTables, Rules};

use crate::fixpoint;

/// The quiet children (as ranks, mover-relative) of every position of
/// seed count `n`, in rank order.
fn quiet_children(n: usize) -> Vec<Vec<u32>> {
    (0..seed_count_size(n))
        .map(|r| {
            reference::moves(&unrank(n, r))
                .into_iter()
                .filter(|&(_, taken)| taken == 0)
                .map(|(child, _)| rank(&child) as u32)
                .collect()
        })
        .collect()
}

/// Searches for a history: a path of quiet moves between real positions
/// (`2 r + s`) on which no position comes twice.
struct Histories {
    /// The successors of every node.
    succ: Vec<Vec<u32>>,
    /// The predecessors of every node.
    pred: Vec<Vec<u32>>,
    /// The search that last reached each node from its start, and from its
    /// goal.
    seen_from: Vec<u32>,
    seen_to: Vec<u32>,
    /// The node before each node on the way from the start, and after it
    /// on the way to the goal.
    before: Vec<u32>,
    after: Vec<u32>,
    /// The history that last holds each node.
    used: Vec<u32>,
    search: u32,
    history: u32,
}

/// Nodes a search visits before it gives up (no path found is no witness,
/// so giving up is always sound).
const MAX_VISITS: usize = 200_000;

impl Histories {
    /// The searches over the real positions of a seed count whose quiet moves
    /// are `children` (a move flips the side).
    fn new(children: &[Vec<u32>]) -> Histories {
        let succ = (0..2 * children.len())
            .map(|v| {
                let side = 1 - v as u32 % 2;
                children[v / 2].iter().map(|&c| 2 * c + side).collect()
            })
            .collect();
        Histories::of_graph(succ)
    }

    /// The searches over nodes whose successors are `succ`.
    fn of_graph(succ: Vec<Vec<u32>>) -> Histories {
        let nodes = succ.len();
        let mut pred = vec![Vec::new(); nodes];
        for (v, ws) in succ.iter().enumerate() {
            for &w in ws {
                pred[w as usize].push(v as u32);
            }
        }
        Histories {
            succ,
            pred,
            seen_from: vec![0; nodes],
            seen_to: vec![0; nodes],
            before: vec![0; nodes],
            after: vec![0; nodes],
            used: vec![0; nodes],
            search: 0,
            history: 0,
        }
    }

    /// Whether some history holds every node of `targets` (all in `end`'s
    /// component) and then reaches `end` (not passing through it before):
    /// the targets are joined in turn, each by a shortest path through
    /// nodes not yet in the history.
    fn through(&mut self, targets: &[u32], end: u32) -> bool {
        if targets.len() <= 1 {
            // The empty history, or a shortest path from the one target to
            // `end`, which passes through `end` only at its end.
            return true;
        }
        self.history += 1;
        let h = self.history;
        self.used[end as usize] = h;
        let mut at = targets[0];
        self.used[at as usize] = h;
        for &next in targets[1..].iter().chain([end].iter()) {
            if next != end && self.used[next as usize] == h {
                continue; // already on the way
            }
            if !self.extend(at, next) {
                return false;
            }
            at = next;
        }
        true
    }

    /// Extends the history from `from` to `to` by a shortest path through
    /// nodes it does not hold yet (a breadth-first search from both ends,
    /// a layer at a time on the smaller side); false when none is found.
    fn extend(&mut self, from: u32, to: u32) -> bool {
        self.search += 1;
        let g = self.search;
        self.seen_from[from as usize] = g;
        self.seen_to[to as usize] = g;
        let (mut forward, mut backward) = (vec![from], vec![to]);
        let mut visits = 0;
        while !forward.is_empty() && !backward.is_empty() {
            visits += forward.len() + backward.len();
            if visits > MAX_VISITS {
                return false;
            }
            let meeting = if forward.len() <= backward.len() {
                self.step(&mut forward, true)
            } else {
                self.step(&mut backward, false)
            };
            if let Some(m) = meeting {
                let h = self.history;
                let mut x = m;
                while x != from {
                    self.used[x as usize] = h;
                    x = self.before[x as usize];
                }
                let mut x = m;
                while x != to {
                    x = self.after[x as usize];
                    self.used[x as usize] = h;
                }
                return true;
            }
        }
        false
    }

    /// The next layer from the start (`forward`) or back from the goal;
    /// the node where it meets the search from the other end, if it does.
    fn step(&mut self, layer: &mut Vec<u32>, forward: bool) -> Option<u32> {
        let (g, h) = (self.search, self.history);
        let (edges, seen, other, link) = if forward {
            (
                &self.succ,
                &mut self.seen_from,
                &self.seen_to,
                &mut self.before,
            )
        } else {
            (
                &self.pred,
                &mut self.seen_to,
                &self.seen_from,
                &mut self.after,
            )
        };
        let mut next = Vec::new();
        for &v in layer.iter() {
            for &w in &edges[v as usize] {
                // The other search holds only nodes not yet in the
                // history, and its own end.
                let meets = other[w as usize] == g;
                if seen[w as usize] == g || (!meets && self.used[w as usize] == h) {
                    continue;
                }
                seen[w as usize] = g;
                link[w as usize] = v;
                if meets {
                    return Some(w);
                }
                next.push(w);
            }
        }
        *layer = next;
        None
    }
}

/// One move of a position `p` as the witnesses see it.
enum Move {
    /// A capture, or a quiet move to a position that cannot come back to
    /// `p`: no history since the last capture touches it. At most `hi`.
    Fixed { hi: u8 },
    /// A quiet move to `node`, which can come back to `p`: worth `repeat`
    /// when the history holds `node`, otherwise at most `hi`.
    Cycle { node: u32, repeat: u8, hi: u8 },
}

/// The children a history must hold for every move of `moves` to be worth
/// less than `target`, or `None` when no history makes them all worth
/// less.
fn holding_below(moves: &[Move], target: u8) -> Option<Vec<u32>> {
    let mut hold = Vec::new();
    for m in moves {
        match *m {
            Move::Fixed { hi } if hi >= target => return None,
            Move::Fixed { .. } => {}
            Move::Cycle { repeat, .. } if repeat >= target => return None,
            Move::Cycle { node, hi, .. } => {
                if hi >= target {
                    hold.push(node);
                }
            }
        }
    }
    Some(hold)
}

/// What the witnesses say of one seed count.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Census {
    /// Positions in the seed count.
    pub positions: usize,
    /// Positions the tables mark exact.
    pub marked: usize,

    /// Positions with a witness that a history raises their value above
    /// its bounds with an empty history.
    pub raised: usize,
    /// Positions with a witness that a history lowers their value below
    /// its bounds with an empty history.
    pub lowered: usize,
    /// Positions with any witness: certainly not exact.
    pub witnessed: usize,
    /// Positions marked exact that have a witness (must be 0).
    pub contradicted: usize,
    /// Positions whose value with an empty history is proved.
    pub proved: usize,
    /// Positions proved with an empty history, neither marked exact nor
    /// witnessed inexact: all that a finer argument about histories could
    /// still mark exact without proving more values with an empty history.
    pub proved_open: usize,
}

/// Counts the positions of seed count `n` that a witness (module doc) proves
/// inexact, against what `tables` (which must hold seed count `n` and those
/// below) marks.
pub fn census(tables: &EndgameTables, n: usize) -> Census {
    let children = quiet_children(n);
    let cycles = Cycles::of_seed_count(&tables.rules().game(), n);
    let comes_back = |p: usize, c: usize| cycles.comes_back(p, c);
    let (lo_all, _) = fixpoint::every_history(&tables.rules().game(), n, tables);

    let mut histories = Histories::new(&children);
    let mut census = Census {
        positions: children.len(),
        ..Census::default()
    };
    let entry_of = |holes: &[u8; HOLES]| tables.entry(holes).expect("the level is built");
    let n8 = n as u8;
    for r in 0..children.len() {
        let holes = unrank(n, r as u64);
        let entry = entry_of(&holes);
        // `p` with side 0 to move (node `2 r`); its children have side 1
        // to move. By symmetry the other side to move gives the same
        // answer.
        let end = 2 * r as u32;
        let moves: Vec<Move> = reference::moves(&holes)
            .into_iter()
            .map(|(child, taken)| {
                let c = rank(&child) as u32;
                if taken > 0 || !comes_back(r, c as usize) {
                    Move::Fixed {
                        hi: n8 - entry_of(&child).lo,
                    }
                } else {
                    Move::Cycle {
                        node: 2 * c + 1,
                        repeat: n8 - child[..6].iter().sum::<u8>(),
                        hi: n8 - lo_all[c as usize],
                    }
                }
            })
            .collect();
        // A position without a move ends the game whatever the history.
        let best_repeat = moves
            .iter()
            .filter_map(|m| match *m {
                Move::Cycle { repeat, .. } => Some(repeat),
                Move::Fixed { .. } => None,
            })
            .max();
        let raised = best_repeat.is_some_and(|best| best > entry.hi);
        let lowered = !raised
            && !moves.is_empty()
            && holding_below(&moves, entry.lo).is_some_and(|hold| {
                // With an empty history some move pays `entry.lo`.
                assert!(
                    !hold.is_empty(),
                    "level {n}, rank {r}: bounds that contradict"
                );
                histories.through(&hold, end)
            });
        let witnessed = raised || lowered;
        census.marked += usize::from(entry.is_exact());
        census.raised += usize::from(raised);
        census.lowered += usize::from(lowered);
        census.witnessed += usize::from(witnessed);
        census.contradicted += usize::from(witnessed && entry.is_exact());
        let proved = entry.fresh_value().is_some();
        census.proved += usize::from(proved);
        census.proved_open += usize::from(proved && !witnessed && !entry.is_exact());
    }
    census
}

/// The values a plain minimax settles at seed count `n` (`below[m]` holds
/// seed count `m`'s), the rule by which a public Oware generator flags its
/// positions exact: a position is settled when it has no move, when a move
/// takes every seed on the board, or when every move leads to a settled
/// position. No cycle is looked at.
pub fn plain_minimax(n: usize, below: &[Vec<Option<u8>>]) -> Vec<Option<u8>> {
    let moves: Vec<Vec<(u64, u8)>> = (0..seed_count_size(n))
        .map(|r| {
            reference::moves(&unrank(n, r))
                .into_iter()
                .map(|(child, taken)| (rank(&child), taken))
                .collect()
        })
        .collect();
    let n8 = n as u8;
    let mut value: Vec<Option<u8>> = (0..seed_count_size(n))
        .map(|r| {
            let holes = unrank(n, r);
            moves[r as usize]
                .is_empty()
                .then(|| holes[..6].iter().sum())
        })
        .collect();
    loop {
        let mut changed = false;
        for p in 0..value.len() {
            if value[p].is_some() {
                continue;
            }
            let (mut best, mut all) = (0, true);
            for &(c, taken) in &moves[p] {
                if taken == n8 {
                    (best, all) = (n8, true);
                    break;
                }
                let child = if taken == 0 {
                    value[c as usize]
                } else {
                    below[usize::from(n8 - taken)][c as usize]
                };
                match child {
                    Some(v) => best = best.max(n8 - v),
                    None => all = false,
                }
            }
            if all {
                value[p] = Some(best);
                changed = true;
            }
        }
        if !changed {
            return value;
        }
    }
}

/// The census of `awale-census witness`: for each seed count `min..=max`, the
/// shares marked exact, witnessed inexact and settled by a plain minimax,
/// one line a seed count.
pub fn witness_census(min: usize, max: usize, out: &mut dyn Write) -> io::Result<()> {
    let tables = EndgameTables::build_in_memory(Rules::default(), max);
    let mut minimax = Vec::new();
    for n in 0..=max {
        minimax.push(plain_minimax(n, &minimax));
        if n < min {
            continue;
        }
        let settled = minimax[n].iter().flatten().count();
        let c = census(&tables, n);
        let pct = |k: usize| 100.0 * k as f64 / c.positions as f64;
        writeln!(
            out,
            "{n:2} {:>10} marked exact {:5.1}%  raised {:5.1}%  lowered {:5.1}%  \
             witnessed inexact {:5.1}%  at most exact {:5.1}%  proved {:5.1}%  \
             proved, open {:5.1}%  plain minimax {:5.1}%",
            c.positions,
            pct(c.marked),
            pct(c.raised),
            pct(c.lowered),
            pct(c.witnessed),
            100.0 - pct(c.witnessed),
            pct(c.proved),
            pct(c.proved_open),
            pct(settled)
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histories_are_paths_without_a_repeated_position() {
        // Ranks 0 -> 1 -> 2 -> 0; with the side flip the six real
        // positions form one cycle: 0 -> 3 -> 4 -> 1 -> 2 -> 5 -> 0.
        let children = vec![vec![1], vec![2], vec![0]];
        let mut histories = Histories::new(&children);
        assert!(histories.through(&[], 0));
        assert!(histories.through(&[3], 0));
        // 3 then 5 then 0: through 4, 1 and 2.
        assert!(histories.through(&[3, 5], 0));
        assert!(histories.through(&[3, 1, 5], 0));
        // 5 then 3 would have to pass through 0, the end, before it.
        // 1 is on the way from 3 to 5.
        assert!(histories.through(&[3, 5, 1], 0));
        // 5 then 3, or 1 then 4, would have to pass through 0, the end,
        // before it.
        assert!(!histories.through(&[5, 3], 0));
        assert!(!histories.through(&[1, 4], 0));

        // From 1 to 2 only through 0, the end: the search from 2 must not
        // meet the search from 1 at 0 (the dead ends 7 and 8 keep it going).
        let succ = [
            vec![5],
            vec![3, 4],
            vec![],
            vec![0],
            vec![0],
            vec![2],
            vec![5],
            vec![6],
            vec![6],
        ];
        let mut histories = Histories::of_graph(succ.to_vec());
        assert!(!histories.through(&[1, 2], 0));
        assert!(histories.through(&[7, 5], 2));
    }

    #[test]
    fn a_history_holds_the_children_that_could_pay_the_target() {
        let moves = [
            Move::Fixed { hi: 3 },
            Move::Cycle {
                node: 7,
                repeat: 2,
                hi: 6,
            },
            Move::Cycle {
                node: 9,
                repeat: 1,
                hi: 4,
            },
        ];
        assert_eq!(holding_below(&moves, 5), Some(vec![7]));
        assert_eq!(holding_below(&moves, 4), Some(vec![7, 9]));
        // A repetition or a capture that pays the target: no history helps.
        assert_eq!(holding_below(&moves, 3), None);
        assert_eq!(holding_below(&moves, 2), None);
    }

    #[test]
    fn no_position_marked_exact_has_a_witness_of_the_contrary() {
        let tables = EndgameTables::build_in_memory(Rules::default(), 7);
        for n in 0..=7 {
            let c = census(&tables, n);
            assert_eq!(c.contradicted, 0, "level {n}: {c:?}");
            assert!(c.marked + c.witnessed <= c.positions, "level {n}: {c:?}");
            // From a few seeds on, witnesses exist (cycles with seeds that
            // change sides): the test would notice a witness search that
            // finds nothing.
            if n >= 4 {
                assert!(c.raised > 0 && c.lowered > 0, "level {n}: {c:?}");
            }
        }
    }

    #[test]
    fn what_a_plain_minimax_settles_the_tables_mark_exact_with_that_value() {
        let tables = EndgameTables::build_in_memory(Rules::default(), 7);
        let mut below = Vec::new();
        for n in 0..=7 {
            let settled = plain_minimax(n, &below);
            let mut count = 0;
            for (r, v) in settled.iter().enumerate() {
                if let Some(v) = *v {
                    let e = tables.entry(&unrank(n, r as u64)).unwrap();
                    assert!(e.is_exact() && e.lo == v, "level {n}, rank {r}: {v}, {e:?}");
                    count += 1;
                }
            }
            // Cycles leave positions unsettled from 3 seeds on.
            assert!(count > 0 && (n < 3 || count < settled.len()), "level {n}");
            below.push(settled);
        }
    }

    #[test]
    fn the_census_prints_a_line_for_each_seed_count() {
        let mut out = Vec::new();
        witness_census(3, 5, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 3, "{text}");
    }
}
