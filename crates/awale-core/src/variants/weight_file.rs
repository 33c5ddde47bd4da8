//! The weight file of a fitted evaluation, shared by every variant that
//! has one: a small checked binary format (see `docs/eval.md`). The
//! feature set stored in the header says which variant's features the
//! weights belong to, so a file fitted for one variant is refused by
//! another.
//!
//! All integers are little-endian:
//!
//! | offset | bytes | content |
//! |---|---|---|
//! | 0 | 8 | magic `AWALEEV` and a zero byte |
//! | 8 | 4 | format version, u32 (1) |
//! | 12 | 4 | feature set, u32 (1 for `oware`, 2 for `oware` with its network, 12 for `colors12`, 16 for the 16-hole family) |
//! | 16 | 4 | weight count n, u32 |
//! | 20 | 4 n | the weights, i32, in centiseeds per unit of their feature |
//! | 20 + 4 n | 4 | FNV-1a 32-bit hash of every byte before it |
//!
//! A file that is too short or too long, has another magic, version,
//! feature set or count, or fails its checksum is refused with an error
//! saying which; reading never panics.

use std::path::Path;

use crate::checksum::fnv1a_32 as fnv1a;

/// The first eight bytes of a weight file.
pub const MAGIC: [u8; 8] = *b"AWALEEV\0";
/// The format version written.
pub const VERSION: u32 = 1;
/// The bytes before the weights.
const HEAD_LEN: usize = 20;

/// The size of a file of `count` weights.
pub const fn file_len(count: usize) -> usize {
    HEAD_LEN + 4 * count + 4
}

/// Why a weight file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// The file could not be read.
    #[error("cannot read the weight file: {0}")]
    Io(String),
    /// The file is not a usable weight file; the text says why.
    #[error("bad weight file: {0}")]
    Format(String),
}

/// Writes the weights of feature set `set` in the file format.
pub fn encode(set: u32, weights: &[i32]) -> Vec<u8> {
    let mut out = Vec::with_capacity(file_len(weights.len()));
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&set.to_le_bytes());
    out.extend_from_slice(&(weights.len() as u32).to_le_bytes());
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

/// Reads and checks a weight file's bytes: they must hold `count` weights
/// of feature set `set`.
pub fn decode(bytes: &[u8], set: u32, count: usize) -> Result<Vec<i32>, WeightsError> {
    let bad = |why: String| Err(WeightsError::Format(why));
    if bytes.len() < HEAD_LEN + 4 {
        return bad(format!("{} bytes, too short for a header", bytes.len()));
    }
    if bytes[..8] != MAGIC {
        return bad("not a weight file (wrong magic)".into());
    }
    let version = u32_at(bytes, 8);
    if version != VERSION {
        return bad(format!("format version {version}, expected {VERSION}"));
    }
    let stored_set = u32_at(bytes, 12);
    if stored_set != set {
        return bad(format!(
            "feature set {stored_set}, this evaluation has {set}"
        ));
    }
    let stored_count = u32_at(bytes, 16) as usize;
    if stored_count != count {
        return bad(format!(
            "{stored_count} weights, feature set {set} has {count}"
        ));
    }
    let len = file_len(count);
    if bytes.len() != len {
        return bad(format!(
            "{} bytes, expected {len} (truncated or padded)",
            bytes.len()
        ));
    }
    let body = len - 4;
    let (stored, computed) = (u32_at(bytes, body), fnv1a(&bytes[..body]));
    if stored != computed {
        return bad(format!(
            "checksum mismatch (stored {stored:08x}, computed {computed:08x}): the file is damaged"
        ));
    }
    Ok((0..count)
        .map(|i| u32_at(bytes, HEAD_LEN + 4 * i) as i32)
        .collect())
}

/// The feature set a weight file's header names, if the bytes start like
/// a weight file (the rest is checked by [`decode`]).
pub fn stored_set(bytes: &[u8]) -> Option<u32> {
    (bytes.len() >= HEAD_LEN && bytes[..8] == MAGIC).then(|| u32_at(bytes, 12))
}

/// Reads the file at `path`, a regular file of at most `max` bytes (the
/// largest file the caller's feature sets have), naming it in the error.
pub fn read(path: &Path, max: usize) -> Result<Vec<u8>, WeightsError> {
    crate::files::read_bounded(path, max as u64, "weight file")
        .map_err(|e| WeightsError::Io(format!("{}: {e}", path.display())))
}

/// `error` with `path` named in its text.
pub fn in_file(error: WeightsError, path: &Path) -> WeightsError {
    match error {
        WeightsError::Format(why) => WeightsError::Format(format!("{}: {why}", path.display())),
        other => other,
    }
}

/// Reads and checks the weight file at `path` (see [`decode`]).
pub fn load(path: &Path, set: u32, count: usize) -> Result<Vec<i32>, WeightsError> {
    decode(&read(path, file_len(count))?, set, count).map_err(|e| in_file(e, path))
}

/// The weights of a file included in a variant's binary (`bytes`, made by
/// `awale tune`): `None` when the variant has none yet (`bytes` empty) or,
/// logged, when the file fails its checks. Included files are checked by
/// unit tests, so a bad one never ships; the caller falls back to the
/// captured seeds alone.
pub fn embedded(name: &str, bytes: &[u8], set: u32, count: usize) -> Option<Vec<i32>> {
    if bytes.is_empty() {
        return None;
    }
    decode(bytes, set, count)
        .map_err(|e| log::warn!("{name}: {e}; the engine evaluates by the captured seeds alone"))
        .ok()
}

/// The weights as a text for people: one `index name value` line per
/// feature, `name(i)` naming feature `i`.
pub fn describe(weights: &[i32], name: impl Fn(usize) -> String) -> String {
    let mut out = String::new();
    for (i, w) in weights.iter().enumerate() {
        out.push_str(&format!("{i:3} {:<14} {w}\n", name(i)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SET: u32 = 7;
    const COUNT: usize = 30;

    fn sample() -> Vec<i32> {
        (0..COUNT as i32).map(|i| i * 7 - 100).collect()
    }

    #[test]
    fn embedded_files_are_used_only_when_good() {
        let bytes = encode(SET, &sample());
        assert_eq!(embedded("v", &bytes, SET, COUNT), Some(sample()));
        assert_eq!(embedded("v", &[], SET, COUNT), None);
        assert_eq!(embedded("v", &bytes[1..], SET, COUNT), None);
        assert_eq!(embedded("v", &bytes, SET + 1, COUNT), None);
    }

    /// Encoded weights have the file length and decode to themselves.
    #[test]
    fn encoded_weights_decode_to_themselves() {
        let bytes = encode(SET, &sample());
        assert_eq!(bytes.len(), file_len(COUNT));
        assert_eq!(decode(&bytes, SET, COUNT), Ok(sample()));
    }

    #[test]
    fn another_feature_set_or_count_is_refused() {
        let bytes = encode(SET, &sample());
        let err = decode(&bytes, SET + 1, COUNT).unwrap_err().to_string();
        assert!(err.contains("feature set 7"), "{err}");
        let err = decode(&bytes, SET, COUNT + 1).unwrap_err().to_string();
        assert!(err.contains("30 weights"), "{err}");
    }

    #[test]
    fn a_flipped_byte_or_a_cut_is_refused() {
        let bytes = encode(SET, &sample());
        let len = file_len(COUNT);
        for at in [0, 9, 13, 17, 40, len - 1] {
            let mut b = bytes.clone();
            b[at] ^= 0x10;
            let err = decode(&b, SET, COUNT).unwrap_err().to_string();
            assert!(err.starts_with("bad weight file"), "{at}: {err}");
        }
        let mut b = bytes.clone();
        b[40] ^= 1;
        let err = decode(&b, SET, COUNT).unwrap_err().to_string();
        assert!(err.contains("checksum"), "{err}");
        for cut in [0, 10, 23, 24, len - 4, len - 1] {
            assert!(decode(&bytes[..cut], SET, COUNT).is_err(), "{cut}");
        }
        let mut long = bytes.clone();
        long.push(0);
        let err = decode(&long, SET, COUNT).unwrap_err().to_string();
        assert!(err.contains("truncated or padded"), "{err}");
    }
}
