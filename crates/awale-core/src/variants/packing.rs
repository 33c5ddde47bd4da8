//! Bit packing shared by the colour variants: squeezing byte-per-hole
//! counters into 6-bit (or 5-bit) fields for the exact position key, and mixing a key
//! into a 64-bit table hash.

/// Packs the low `bytes` bytes of `v` (each below 64) into consecutive 6-bit
/// fields: byte `i` becomes bits `6i..6i+6` of the result. Exact (no two
/// inputs with bytes below 64 give the same output), so keys built from it
/// are equal exactly when the counters are.
#[inline]
pub(crate) fn pack6(v: u128, bytes: usize) -> u128 {
    debug_assert!(bytes <= 16);
    let lo = pack6_u64(v as u64);
    let hi = pack6_u64((v >> 64) as u64);
    let packed = lo as u128 | (hi as u128) << 48;
    if bytes >= 16 {
        packed
    } else {
        packed & ((1u128 << (6 * bytes)) - 1)
    }
}

/// Packs the 16 bytes of `v` (each below 32) into consecutive 5-bit fields
/// (80 bits): byte `i` becomes bits `5i..5i+5`. Exact, like [`pack6`], for
/// keys that hold three rows of counters in 256 bits.
#[inline]
pub(crate) fn pack5(v: u128) -> u128 {
    pack5_u64(v as u64) as u128 | (pack5_u64((v >> 64) as u64) as u128) << 40
}

/// Eight bytes (each below 32) into 40 bits, by halving the gaps between
/// fields three times (SWAR).
#[inline]
fn pack5_u64(x: u64) -> u64 {
    let x = (x & 0x001F_001F_001F_001F) | ((x & 0x1F00_1F00_1F00_1F00) >> 3);
    let x = (x & 0x0000_03FF_0000_03FF) | ((x & 0x03FF_0000_03FF_0000) >> 6);
    (x & 0x000F_FFFF) | ((x >> 12) & 0xFF_FFF0_0000)
}

/// Eight bytes (each below 64) into 48 bits, by halving the gaps between
/// fields three times (SWAR).
#[inline]
fn pack6_u64(x: u64) -> u64 {
    let x = (x & 0x003F_003F_003F_003F) | ((x & 0x3F00_3F00_3F00_3F00) >> 2);
    let x = (x & 0x0000_0FFF_0000_0FFF) | ((x & 0x0FFF_0000_0FFF_0000) >> 4);
    (x & 0x00FF_FFFF) | ((x >> 8) & 0xFFFF_FF00_0000)
}

/// A well-mixed 64-bit hash of a 256-bit key (two words), in the manner of
/// SplitMix64's finaliser applied after folding the words together.
#[inline]
pub(crate) fn mix(a: u128, b: u128) -> u64 {
    let mut h = (a as u64) ^ 0x9E37_79B9_7F4A_7C15;
    for word in [(a >> 64) as u64, b as u64, (b >> 64) as u64] {
        h = (h ^ (h >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ word;
    }
    h ^= h >> 30;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^ (h >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack6_places_each_byte_in_its_field() {
        let mut v = 0u128;
        for i in 0..16 {
            v |= ((i as u128 * 4 + 3) & 63) << (8 * i);
        }
        let p = pack6(v, 16);
        for i in 0..16 {
            assert_eq!((p >> (6 * i)) & 63, (i as u128 * 4 + 3) & 63, "field {i}");
        }
        assert_eq!(pack6(v, 12) >> 72, 0);
        assert_eq!(pack6(v, 12), p & ((1 << 72) - 1));
    }

    #[test]
    fn pack5_places_each_byte_in_its_field() {
        let mut v = 0u128;
        for i in 0..16 {
            v |= ((i as u128 * 7 + 5) & 31) << (8 * i);
        }
        let p = pack5(v);
        for i in 0..16 {
            assert_eq!((p >> (5 * i)) & 31, (i as u128 * 7 + 5) & 31, "field {i}");
        }
        assert_eq!(p >> 80, 0);
    }

    #[test]
    fn mix_spreads_single_bit_changes() {
        let base = mix(0, 0);
        for bit in 0..128 {
            let a = mix(1 << bit, 0) ^ base;
            let b = mix(0, 1 << bit) ^ base;
            assert!(a.count_ones() > 10 && b.count_ones() > 10, "bit {bit}");
        }
    }
}
