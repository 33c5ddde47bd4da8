//! Which quiet moves of a seed count can be undone: the strongly connected
//! components of the quiet-move graph between real positions.
//!
//! After a quiet move from `p` to `c`, the play can come back to `p` only
//! if `c` lies in `p`'s component. When it cannot, no position of the
//! history (all of which lead to `p`) can be met again, so the history
//! changes nothing from `c` on: the move is worth what `c`'s value with an
//! empty history gives, under every history. The builder uses this to mark
//! more positions exact.
//!
//! "Comes back" is decided on real positions (holes and side to move), not
//! on the tables' mover-relative ones: node `2 r + s` is the position of
//! rank `r` with side `s` to move, and a move flips the side. The board
//! turned half a turn with the other side to move behaves the same, so
//! `comes_back` is the same for both sides to move.

use crate::parallel::prelude::*;

use super::index::{advance, mover_holes, rank, seed_count_board, seed_count_size, unrank};
use crate::game::Game;
use crate::variants::oware::Oware;

/// A position's quiet children (mover-relative ranks), `NONE` after the
/// last.
type Children = [u32; 6];

const NONE: u32 = u32::MAX;

/// Positions per parallel task when the children are listed.
const CHUNK: usize = 1 << 14;

/// The components of one seed count's real positions, with the quiet moves.
pub struct Cycles {
    children: Vec<Children>,
    comp: Vec<u32>,
    /// One bit per position: some quiet move leads to it that the play
    /// cannot come back from.
    entered_for_good: Vec<u64>,
}

impl Cycles {
    /// The components of seed count `n` under `rules`: 32 bytes per position.
    pub fn of_seed_count(rules: &Oware, n: usize) -> Cycles {
        let size = seed_count_size(n) as usize;
        let mut children = vec![[NONE; 6]; size];
        children
            .par_chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(k, chunk)| {
                let mut holes = unrank(n, (k * CHUNK) as u64);
                for (i, slot) in chunk.iter_mut().enumerate() {
                    if i > 0 {
                        advance(&mut holes);
                    }
                    *slot = quiet_children(rules, &holes);
                }
            });
        let mut cycles = Cycles {
            comp: components(&children),
            children,
            entered_for_good: Vec::new(),
        };
        let mut entered = vec![0u64; size.div_ceil(64)];
        for p in 0..size {
            for c in cycles.exits(p) {
                entered[c / 64] |= 1 << (c % 64);
            }
        }
        cycles.entered_for_good = entered;
        cycles
    }

    /// The quiet children of `p` (mover-relative ranks) that the play
    /// cannot come back to `p` from.
    pub fn exits(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        self.children[p]
            .iter()
            .take_while(|&&c| c != NONE)
            .map(|&c| c as usize)
            .filter(move |&c| !self.comes_back(p, c))
    }

    /// Whether some quiet move to `child` cannot be come back from: when
    /// not, every move to it can (a cheap test before [`Self::comes_back`]).
    #[inline]
    pub fn entered_for_good(&self, child: usize) -> bool {
        self.entered_for_good[child / 64] >> (child % 64) & 1 != 0
    }

    /// Whether the play can come back to `parent` after its quiet move to
    /// `child` (both mover-relative ranks of the seed count).
    #[inline]
    pub fn comes_back(&self, parent: usize, child: usize) -> bool {
        self.comp[2 * child + 1] == self.comp[2 * parent]
    }
}

fn quiet_children(rules: &Oware, holes: &[u8; 12]) -> Children {
    let board = seed_count_board(*holes);
    let mut legal = <Oware as Game>::Moves::default();
    rules.legal_moves(&board, &mut legal);
    let mut out = [NONE; 6];
    let mut k = 0;
    for &mv in legal.iter() {
        let child = rules.play(&board, mv);
        if child.score(0) == 0 {
            out[k] = rank(&mover_holes(&child)) as u32;
            k += 1;
        }
    }
    out
}

/// The strongly connected component of every real position (`2 r + s`)
/// of a seed count whose quiet moves are `children` (Tarjan's algorithm,
/// iterative: the depth of the search can reach the size of the seed count).
/// A node's state is one pair of words, so that a visit to it costs one
/// cache miss: its index in the search, and its low link while it is on
/// the stack, then its component with [`DONE`].
fn components(children: &[Children]) -> Vec<u32> {
    let nodes = 2 * children.len();
    let mut state = vec![[NONE, 0u32]; nodes];
    let mut stack: Vec<u32> = Vec::new();
    let mut calls: Vec<(u32, u8)> = Vec::new();
    let (mut next_index, mut next_comp) = (0u32, 0u32);
    for root in 0..nodes as u32 {
        if state[root as usize][0] != NONE {
            continue;
        }
        state[root as usize] = [next_index, next_index];
        next_index += 1;
        stack.push(root);
        calls.push((root, 0));
        while let Some(&mut (v, ref mut k)) = calls.last_mut() {
            let side = 1 - v % 2;
            let next = children[v as usize / 2]
                .get(usize::from(*k))
                .filter(|&&c| c != NONE);
            if let Some(&c) = next {
                *k += 1;
                let w = 2 * c + side;
                let [index, low] = state[w as usize];
                if index == NONE {
                    state[w as usize] = [next_index, next_index];
                    next_index += 1;
                    stack.push(w);
                    calls.push((w, 0));
                } else if low & DONE == 0 {
                    // On the stack.
                    let lv = &mut state[v as usize][1];
                    *lv = (*lv).min(index);
                }
                continue;
            }
            calls.pop();
            let [index, low] = state[v as usize];
            if let Some(&(parent, _)) = calls.last() {
                let lp = &mut state[parent as usize][1];
                *lp = (*lp).min(low);
            }
            if low == index {
                loop {
                    let w = stack.pop().expect("v is on the stack");
                    state[w as usize][1] = next_comp | DONE;
                    if w == v {
                        break;
                    }
                }
                next_comp += 1;
            }
        }
    }
    state.into_iter().map(|[_, c]| c & !DONE).collect()
}

/// Marks a node whose component is known (no longer on the stack).
const DONE: u32 = 1 << 31;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::reference;

    fn graph(lists: &[&[u32]]) -> Vec<Children> {
        lists
            .iter()
            .map(|l| {
                let mut c = [NONE; 6];
                c[..l.len()].copy_from_slice(l);
                c
            })
            .collect()
    }

    #[test]
    fn components_of_a_small_graph() {
        // 0 <-> 1 (through the side flip), 2 -> 0, 3 alone.
        let comp = components(&graph(&[&[0], &[0], &[]]));
        // Node 2r+s: (0,0) -> (0,1) -> (0,0): one component.
        assert_eq!(comp[0], comp[1]);
        // (1,0) -> (0,1), nothing leads back to (1,0).
        assert_ne!(comp[2], comp[1]);
        assert_ne!(comp[4], comp[5]);
    }

    /// `comes_back` against a plain search: the child reaches the parent
    /// by quiet moves (the reference rules' own sowing), on every position
    /// of the small seed counts.
    #[test]
    fn a_move_comes_back_exactly_when_its_child_reaches_its_parent() {
        let rules = Oware::default();
        for n in 0..=5 {
            let cycles = Cycles::of_seed_count(&rules, n);
            let size = seed_count_size(n) as usize;
            let moves: Vec<Vec<(usize, u8)>> = (0..size)
                .map(|r| {
                    reference::moves(&unrank(n, r as u64))
                        .into_iter()
                        .map(|(child, taken)| (rank(&child) as usize, taken))
                        .collect()
                })
                .collect();
            for (p, list) in moves.iter().enumerate() {
                for &(c, _) in list.iter().filter(|&&(_, taken)| taken == 0) {
                    // Search from (c, side 1) for (p, side 0).
                    let mut seen = vec![false; 2 * size];
                    let mut todo = vec![2 * c + 1];
                    seen[2 * c + 1] = true;
                    let mut found = false;
                    while let Some(v) = todo.pop() {
                        if v == 2 * p {
                            found = true;
                            break;
                        }
                        for &(next, taken) in &moves[v / 2] {
                            let w = 2 * next + (1 - v % 2);
                            if taken == 0 && !seen[w] {
                                seen[w] = true;
                                todo.push(w);
                            }
                        }
                    }
                    assert_eq!(cycles.comes_back(p, c), found, "level {n}, {p} -> {c}");
                }
            }
        }
    }
}
