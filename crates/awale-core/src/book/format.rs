//! The opening book's file: a 96-byte header, then 12-byte entries sorted
//! by position key (and, within a position, best score first).
//!
//! | offset | bytes | content                                                  |
//! |--------|-------|----------------------------------------------------------|
//! | 0      | 8     | magic `AWALEBK` and a zero byte                          |
//! | 8      | 4     | format version ([`FORMAT_VERSION`]), little-endian        |
//! | 12     | 4     | the number of entries                                    |
//! | 16     | 8     | checksum of the entries ([`crate::checksum::checksum`])  |
//! | 24     | 16    | the variant's name, zero-padded (`oware`)                |
//! | 40     | 56    | its rule options as text, zero-padded ([`super::rules_text`]) |
//!
//! Each entry, little-endian:
//!
//! | offset | bytes | content                                                  |
//! |--------|-------|----------------------------------------------------------|
//! | 0      | 8     | the position's key ([`super::position_key`])             |
//! | 8      | 2     | the move's score, hundredths of a seed for the mover (i16) |
//! | 10     | 1     | the move: its index in the variant's list of legal moves |
//! | 11     | 1     | the depth of the search that gave the score              |
//!
//! A move is stored by its index in [`crate::game::Game::legal_moves`], so
//! the book does not depend on the notation in use.

use crate::checksum::checksum;

/// The version of the layout above; books of another version are refused.
pub const FORMAT_VERSION: u32 = 1;
const MAGIC: &[u8; 8] = b"AWALEBK\0";
/// Bytes before the first entry.
pub const HEADER: usize = 96;
/// Bytes of one entry.
pub const ENTRY: usize = 12;
/// The most entries a book file read from disk may hold (the built-in
/// book has a few thousand): a larger file is refused before it is read.
pub const MAX_ENTRIES: usize = 1 << 22;
/// The largest score a book entry may hold either way: the protocol's
/// range of `score cp` for a search's evaluation (protocol.md), since the
/// engine reports a book move's score as one.
pub const MAX_SCORE: i16 = 19_999;
/// The size of a book file of [`MAX_ENTRIES`] entries, the largest read.
pub const MAX_FILE_LEN: u64 = (HEADER + ENTRY * MAX_ENTRIES) as u64;
const VARIANT: std::ops::Range<usize> = 24..40;
const RULES: std::ops::Range<usize> = 40..96;

/// One move of one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position's key.
    pub key: u64,
    /// The move's score for the side to move, in hundredths of a seed.
    pub score: i16,
    /// The move's index in the position's list of legal moves.
    pub mv: u8,
    /// The depth of the search behind the score.
    pub depth: u8,
}

/// Why a book file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FormatError(pub String);

/// What a book file holds: its variant, rules and entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contents {
    /// The variant's name.
    pub variant: String,
    /// The rule options, as [`super::rules_text`] writes them.
    pub rules: String,
    /// The entries, sorted by key then best score first.
    pub entries: Vec<Entry>,
}

/// Sorts entries as the file keeps them: by key, then best score first,
/// then by move (so that equal books give equal bytes).
pub fn sort(entries: &mut [Entry]) {
    entries.sort_by(|a, b| {
        (a.key, -i32::from(a.score), a.mv).cmp(&(b.key, -i32::from(b.score), b.mv))
    });
}

fn text_field(bytes: &mut [u8], text: &str, what: &str) -> Result<(), FormatError> {
    if text.len() > bytes.len() || text.bytes().any(|b| b == 0) {
        return Err(FormatError(format!(
            "the {what} '{text}' does not fit the header ({} bytes at most)",
            bytes.len()
        )));
    }
    bytes[..text.len()].copy_from_slice(text.as_bytes());
    Ok(())
}

fn read_text(bytes: &[u8], what: &str) -> Result<String, FormatError> {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    if bytes[end..].iter().any(|&b| b != 0) {
        return Err(FormatError(format!(
            "the {what} field is not zero-padded text"
        )));
    }
    String::from_utf8(bytes[..end].to_vec())
        .map_err(|_| FormatError(format!("the {what} field is not text")))
}

/// The bytes of a book file holding `contents` (its entries must be sorted).
pub fn encode(contents: &Contents) -> Result<Vec<u8>, FormatError> {
    let count = u32::try_from(contents.entries.len())
        .map_err(|_| FormatError("too many entries for one book".into()))?;
    let mut body = Vec::with_capacity(contents.entries.len() * ENTRY);
    for e in &contents.entries {
        body.extend_from_slice(&e.key.to_le_bytes());
        body.extend_from_slice(&e.score.to_le_bytes());
        body.push(e.mv);
        body.push(e.depth);
    }
    let mut out = vec![0u8; HEADER];
    out[..8].copy_from_slice(MAGIC);
    out[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    out[12..16].copy_from_slice(&count.to_le_bytes());
    out[16..24].copy_from_slice(&checksum(&body).to_le_bytes());
    text_field(&mut out[VARIANT], &contents.variant, "variant name")?;
    text_field(&mut out[RULES], &contents.rules, "rule text")?;
    out.extend_from_slice(&body);
    Ok(out)
}

/// Reads a book file, checking its magic, version, size, checksum, order
/// and scores (within ±[`MAX_SCORE`]); any fault is an error that names it.
pub fn decode(bytes: &[u8]) -> Result<Contents, FormatError> {
    let bad = |what: String| Err(FormatError(what));
    if bytes.len() < HEADER {
        return bad(format!(
            "{} bytes is too short for a book (the header alone has {HEADER})",
            bytes.len()
        ));
    }
    if &bytes[..8] != MAGIC {
        return bad("not an awale opening book (wrong magic bytes)".into());
    }
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let version = u32_at(8);
    if version != FORMAT_VERSION {
        return bad(format!(
            "book format version {version}, this engine reads version {FORMAT_VERSION}"
        ));
    }
    let count = u32_at(12) as usize;
    let want = HEADER + count * ENTRY;
    if bytes.len() != want {
        return bad(format!(
            "the book should have {want} bytes for its {count} entries but has {}: it is truncated or damaged",
            bytes.len()
        ));
    }
    let body = &bytes[HEADER..];
    let stored = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
    if checksum(body) != stored {
        return bad("checksum mismatch: the book is damaged".into());
    }
    let entries: Vec<Entry> = body
        .chunks_exact(ENTRY)
        .map(|c| Entry {
            key: u64::from_le_bytes(c[..8].try_into().expect("8 bytes")),
            score: i16::from_le_bytes([c[8], c[9]]),
            mv: c[10],
            depth: c[11],
        })
        .collect();
    if let Some(e) = entries
        .iter()
        .find(|e| !(-MAX_SCORE..=MAX_SCORE).contains(&e.score))
    {
        return bad(format!(
            "position {:016x}: move {} has score {}, outside the -{MAX_SCORE}..{MAX_SCORE} of a book",
            e.key, e.mv, e.score
        ));
    }
    let mut sorted = entries.clone();
    sort(&mut sorted);
    if sorted != entries {
        return bad("the entries are not in order".into());
    }
    if let Some(pair) = entries
        .windows(2)
        .find(|w| w[0].key == w[1].key && w[0].mv == w[1].mv)
    {
        return bad(format!(
            "position {:016x} holds move {} twice",
            pair[0].key, pair[0].mv
        ));
    }
    Ok(Contents {
        variant: read_text(&bytes[VARIANT], "variant name")?,
        rules: read_text(&bytes[RULES], "rule text")?,
        entries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Contents {
        let mut entries = vec![
            Entry {
                key: 9,
                score: -40,
                mv: 2,
                depth: 12,
            },
            Entry {
                key: 3,
                score: 15,
                mv: 0,
                depth: 10,
            },
            Entry {
                key: 9,
                score: 25,
                mv: 5,
                depth: 12,
            },
        ];
        sort(&mut entries);
        Contents {
            variant: "oware".into(),
            rules: "GrandSlam=nocapture,MustFeed=true".into(),
            entries,
        }
    }

    #[test]
    fn round_trips_and_keeps_the_best_move_first() {
        let c = sample();
        let bytes = encode(&c).unwrap();
        assert_eq!(bytes.len(), HEADER + 3 * ENTRY);
        let back = decode(&bytes).unwrap();
        assert_eq!(back, c);
        assert_eq!((back.entries[1].key, back.entries[1].mv), (9, 5));
    }

    #[test]
    fn a_score_outside_the_protocol_range_is_refused() {
        for score in [MAX_SCORE + 1, -MAX_SCORE - 1, i16::MAX, i16::MIN] {
            let mut c = sample();
            c.entries[0].score = score;
            let err = decode(&encode(&c).unwrap()).unwrap_err().to_string();
            assert!(err.contains(&format!("score {score}")), "{err}");
        }
        let mut c = sample();
        c.entries[0].score = MAX_SCORE;
        c.entries[2].score = -MAX_SCORE;
        assert!(decode(&encode(&c).unwrap()).is_ok());
    }

    #[test]
    fn every_fault_is_refused_with_its_name() {
        let bytes = encode(&sample()).unwrap();
        let err = |b: &[u8]| decode(b).unwrap_err().to_string();
        assert!(err(&bytes[..bytes.len() - 1]).contains("truncated"));
        assert!(err(&bytes[..40]).contains("too short"));
        for at in HEADER..bytes.len() {
            let mut b = bytes.clone();
            b[at] ^= 0x10;
            assert!(err(&b).contains("checksum"), "byte {at}");
        }
        let mut b = bytes.clone();
        b[0] = b'X';
        assert!(err(&b).contains("magic"));
        let mut b = bytes.clone();
        b[8] = 7;
        assert!(err(&b).contains("version 7"));
        let mut b = bytes.clone();
        b[VARIANT.end - 1] = b'x';
        assert!(err(&b).contains("variant name"));
    }

    #[test]
    fn unsorted_or_repeated_entries_are_refused() {
        let mut c = sample();
        c.entries.swap(0, 2);
        assert!(decode(&encode(&c).unwrap())
            .unwrap_err()
            .0
            .contains("not in order"));
        let mut c = sample();
        let twin = c.entries[2];
        c.entries.push(Entry { score: -99, ..twin });
        assert!(decode(&encode(&c).unwrap())
            .unwrap_err()
            .0
            .contains("twice"));
    }

    #[test]
    fn long_names_do_not_fit() {
        let mut c = sample();
        c.rules = "x".repeat(57);
        assert!(encode(&c).unwrap_err().0.contains("does not fit"));
    }
}
