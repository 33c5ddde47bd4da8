//! Move ordering: the table's move first (tried before the others are even
//! played), then captures by size (seeds taken = the mover's score change),
//! then the quiet moves in generation order.
//!
//! Killer moves (two per ply) and a history heuristic (indexed by a hash of
//! the generic move and the side) were measured and dropped: on `bench` at
//! depth 16 they made the tree larger (11.14 M nodes with both, 11.07 M
//! killers only, 10.02 M history only, 9.91 M with neither), as Oware's
//! six moves per node leave little to reorder once the table's move and the
//! captures come first. See `BENCHMARKS.md`.

/// Order key of a capture of `n` seeds: above every quiet move.
#[inline]
pub fn capture_key(n: u32) -> i32 {
    1 << 24 | (n.min(1 << 16) as i32) << 4
}
/// Sorts `items` by decreasing key (insertion sort: lists are short).
#[inline]
pub fn sort_by_key_desc<T: Copy>(items: &mut [(i32, T)]) {
    for i in 1..items.len() {
        let x = items[i];
        let mut j = i;
        while j > 0 && items[j - 1].0 < x.0 {
            items[j] = items[j - 1];
            j -= 1;
        }
        items[j] = x;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_rank_by_size_above_quiet_moves() {
        assert!(capture_key(2) > capture_key(1));
        assert!(capture_key(1) > 0);
        let mut v = vec![(1, 'a'), (5, 'b'), (3, 'c'), (5, 'd')];
        sort_by_key_desc(&mut v);
        assert_eq!(v, vec![(5, 'b'), (5, 'd'), (3, 'c'), (1, 'a')]);
    }
}
