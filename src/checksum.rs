//! The checksum of the engine's data files (endgame tables, opening
//! book): cheap, and sure to notice any single changed word.

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
}
