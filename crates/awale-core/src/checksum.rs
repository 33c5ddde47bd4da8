//! The checksums and fingerprints of the engine's files: [`checksum`] for
//! the endgame tables and the opening book, FNV-1a for the formats that
//! chose it (datagen files and weight files in 32 bits; book keys and
//! records fingerprints in 64). Cheap, sure to notice any single changed
//! byte or word; they guard against torn writes and flipped bytes, not
//! against tampering.

/// A 64-bit checksum of a byte string: every 8-byte word (the last one
/// zero-padded) is mixed in by an xor and a multiplication by an odd
/// constant, so any change to a single word changes the result.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0x243F_6A88_85A3_08D3 ^ bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        h = (h ^ word)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h ^ u64::from_le_bytes(tail)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^ (h >> 32)
}

/// FNV-1a, 32 bits.
pub fn fnv1a_32(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811C_9DC5, |h: u32, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// FNV-1a, 64 bits.
pub fn fnv1a_64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |h: u64, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_changed_word_changes_the_checksum() {
        let mut bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        let base = checksum(&bytes);
        for i in [0, 7, 8, 500, 999] {
            bytes[i] ^= 0x20;
            assert_ne!(checksum(&bytes), base, "byte {i}");
            bytes[i] ^= 0x20;
        }
        assert_eq!(checksum(&bytes), base);
    }

    #[test]
    fn fnv1a_gives_the_published_values() {
        assert_eq!(fnv1a_32(b""), 0x811C_9DC5);
        assert_eq!(fnv1a_32(b"a"), 0xE40C_292C);
        assert_eq!(fnv1a_64(b""), 0xCBF2_9CE4_8422_2325);
        assert_eq!(fnv1a_64(b"a"), 0xAF63_DC4C_8601_EC8C);
    }
}
