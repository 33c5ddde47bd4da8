//! The weight file of the fitted evaluation: a small checked binary format
//! (see `docs/eval.md`).
//!
//! All integers are little-endian:
//!
//! | offset | bytes | content |
//! |---|---|---|
//! | 0 | 8 | magic `AWALEEV` and a zero byte |
//! | 8 | 4 | format version, u32 (1) |
//! | 12 | 4 | feature set, u32 ([`features::FEATURE_SET`]) |
//! | 16 | 4 | weight count n, u32 ([`features::COUNT`]) |
//! | 20 | 4 n | the weights, i32, in centiseeds per unit of their feature |
//! | 20 + 4 n | 4 | FNV-1a 32-bit hash of every byte before it |
//!
//! A file that is too short or too long, has another magic, version,
//! feature set or count, or fails its checksum is refused with an error
//! saying which; reading never panics.

use std::fmt;
use std::path::Path;

use super::features::{self, COUNT, FEATURE_SET};
use crate::datagen::format::fnv1a;

/// The first eight bytes of a weight file.
pub const MAGIC: [u8; 8] = *b"AWALEEV\0";
/// The format version written.
pub const VERSION: u32 = 1;
/// The size of a file of [`features::COUNT`] weights.
pub const FILE_LEN: usize = 24 + 4 * COUNT;

/// Why a weight file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// The file could not be read.
    Io(String),
    /// The file is not a usable weight file; the text says why.
    Format(String),
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Io(e) => write!(f, "cannot read the weight file: {e}"),
            WeightsError::Format(e) => write!(f, "bad weight file: {e}"),
        }
    }
}

impl std::error::Error for WeightsError {}

/// Writes the weights in the file format.
pub fn encode(weights: &[i32; COUNT]) -> Vec<u8> {
    let mut out = Vec::with_capacity(FILE_LEN);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&FEATURE_SET.to_le_bytes());
    out.extend_from_slice(&(COUNT as u32).to_le_bytes());
    for w in weights {
        out.extend_from_slice(&w.to_le_bytes());
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads a u32 at `at` (the caller checked the length).
fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// Reads and checks a weight file's bytes.
pub fn decode(bytes: &[u8]) -> Result<[i32; COUNT], WeightsError> {
    let bad = |why: String| Err(WeightsError::Format(why));
    if bytes.len() < 24 {
        return bad(format!("{} bytes, too short for a header", bytes.len()));
    }
    if bytes[..8] != MAGIC {
        return bad("not a weight file (wrong magic)".into());
    }
    let version = u32_at(bytes, 8);
    if version != VERSION {
        return bad(format!("format version {version}, expected {VERSION}"));
    }
    let set = u32_at(bytes, 12);
    if set != FEATURE_SET {
        return bad(format!("feature set {set}, this engine has {FEATURE_SET}"));
    }
    let count = u32_at(bytes, 16) as usize;
    if count != COUNT {
        return bad(format!("{count} weights, feature set {set} has {COUNT}"));
    }
    if bytes.len() != FILE_LEN {
        return bad(format!(
            "{} bytes, expected {FILE_LEN} (truncated or padded)",
            bytes.len()
        ));
    }
    let body = FILE_LEN - 4;
    let (stored, computed) = (u32_at(bytes, body), fnv1a(&bytes[..body]));
    if stored != computed {
        return bad(format!(
            "checksum mismatch (stored {stored:08x}, computed {computed:08x}): the file is damaged"
        ));
    }
    Ok(std::array::from_fn(|i| {
        let at = 20 + 4 * i;
        i32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
    }))
}

/// Reads and checks the weight file at `path`.
pub fn load(path: &Path) -> Result<[i32; COUNT], WeightsError> {
    let bytes =
        std::fs::read(path).map_err(|e| WeightsError::Io(format!("{}: {e}", path.display())))?;
    decode(&bytes).map_err(|e| match e {
        WeightsError::Format(why) => WeightsError::Format(format!("{}: {why}", path.display())),
        other => other,
    })
}

/// The weights a text file for people shows: one `index name value` line
/// per feature.
pub fn describe(weights: &[i32; COUNT]) -> String {
    let mut out = String::new();
    for (i, w) in weights.iter().enumerate() {
        out.push_str(&format!("{i:3} {:<14} {w}\n", features::name(i)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> [i32; COUNT] {
        std::array::from_fn(|i| i as i32 * 7 - 300)
    }

    #[test]
    fn round_trips() {
        let bytes = encode(&sample());
        assert_eq!(bytes.len(), FILE_LEN);
        assert_eq!(decode(&bytes), Ok(sample()));
    }

    #[test]
    fn a_flipped_byte_or_a_cut_is_refused() {
        let bytes = encode(&sample());
        for at in [0, 9, 13, 17, 40, FILE_LEN - 1] {
            let mut b = bytes.clone();
            b[at] ^= 0x10;
            let err = decode(&b).unwrap_err().to_string();
            assert!(err.starts_with("bad weight file"), "{at}: {err}");
        }
        let mut b = bytes.clone();
        b[40] ^= 1;
        assert!(decode(&b).unwrap_err().to_string().contains("checksum"));
        for len in [0, 10, 23, 24, FILE_LEN - 4, FILE_LEN - 1] {
            assert!(decode(&bytes[..len]).is_err(), "{len}");
        }
        let mut long = bytes.clone();
        long.push(0);
        assert!(decode(&long)
            .unwrap_err()
            .to_string()
            .contains("truncated or padded"));
    }
}
