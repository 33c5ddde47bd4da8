//! The colour variants' working layout: one counter per hole as the bytes of
//! a `u128` (byte `i` is hole index `i`), so that whole rows are added,
//! masked and summed at once. Shared by `colors12` and `colors16`.

/// The counter of hole index `i`.
#[inline(always)]
pub(crate) fn byte(v: u128, i: usize) -> u32 {
    ((v >> (8 * i)) & 0xFF) as u32
}

/// The sum of all the bytes of `v`; the caller guarantees it stays below 256
/// (true of every row of seeds, whose total is at most the game's seeds).
#[inline(always)]
pub(crate) fn byte_sum(v: u128) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let lo = (v as u64).wrapping_mul(ONES) >> 56;
    let hi = ((v >> 64) as u64).wrapping_mul(ONES) >> 56;
    (lo + hi) as u32
}

/// How many bytes of `v` are not zero; the caller guarantees every byte
/// is at most 128 (true of every row of seeds): adding 0x7F then sets a
/// byte's top bit exactly when it is not zero, with no carry out of it.
#[inline(always)]
pub(crate) fn nonzero_bytes(v: u128) -> u32 {
    const LOW_BITS: u128 = u128::MAX / 0xFF;
    byte_sum(((v + 0x7F * LOW_BITS) >> 7) & LOW_BITS)
}

/// A row from one counter per hole: `counts[i]` becomes byte `i`.
#[inline]
pub(crate) fn from_counts<const H: usize>(counts: [u8; H]) -> u128 {
    debug_assert!(H <= 16);
    counts
        .iter()
        .enumerate()
        .fold(0u128, |v, (i, &c)| v | (c as u128) << (8 * i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_back_and_sum() {
        let counts: [u8; 16] = std::array::from_fn(|i| (i * 3 % 17) as u8);
        let row = from_counts(counts);
        for (i, &c) in counts.iter().enumerate() {
            assert_eq!(byte(row, i), c as u32, "hole {i}");
        }
        let total: u32 = counts.iter().map(|&c| c as u32).sum();
        assert_eq!(byte_sum(row), total);
        assert_eq!(byte_sum(from_counts([1u8; 12])), 12);
        let nonzero = counts.iter().filter(|&&c| c != 0).count() as u32;
        assert_eq!(nonzero_bytes(row), nonzero);
        assert_eq!(nonzero_bytes(from_counts([128u8; 16])), 16);
        assert_eq!(nonzero_bytes(from_counts([0u8, 1, 0, 128])), 2);
    }
}
