//! The file of one table seed count: a 64-byte header, the seed count's codebook
//! (what each byte value stands for), then one byte per position in index
//! order.
//!
//! | offset | bytes | content                                              |
//! |--------|-------|------------------------------------------------------|
//! | 0      | 8     | magic `AWALETB` and a zero byte                      |
//! | 8      | 4     | format version ([`FORMAT_VERSION`]), little-endian    |
//! | 12     | 4     | the seed count: seeds on the board                   |
//! | 16     | 16    | the variant's name, zero-padded (`oware`)            |
//! | 32     | 1     | `GrandSlam`: 0 `nocapture`, 1 `forbidden`, 2 `capture` |
//! | 33     | 1     | `MustFeed`: 1 `true`, 0 `false`                       |
//! | 34     | 6     | zero (checked)                                       |
//! | 40     | 8     | the number of positions                              |
//! | 48     | 8     | checksum of the entries (see [`checksum`])           |
//! | 56     | 8     | how many entries are exact (a statistic, checked)    |
//! | 64     | 1024  | the codebook: 4 bytes per byte value (see [`Codebook`]) |
//! | 1088   | 8     | checksum of the codebook                             |
//!
//! Every header byte is checked on load: the fields against what the
//! engine expects (the zero bytes included) and the entries' count, exact
//! count and checksum against the entries themselves, so no change to the
//! header goes unnoticed.
//!
//! Format 1 (before 2026-11-27) had no codebook: its entries follow the
//! header at once and read as [`Codebook::format_1`] says. Such files are
//! still read; they know nothing under every history but the exact values.
//!
//! A seed count is written by [`crate::files::write_atomic_with`] (under a
//! temporary name in the same directory, synced, then renamed to its
//! final name): a file under a final name is always complete, and a
//! killed build leaves at most a temporary file, which nothing reads.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use super::codebook::{self, Codebook};
use super::index::seed_count_size;
use super::Rules;
pub use crate::checksum::checksum;

/// The version of the layout above, which files are written in; files of
/// this version or of version 1 are read, others refused.
pub const FORMAT_VERSION: u32 = 2;
const MAGIC: &[u8; 8] = b"AWALETB\0";
const HEADER: usize = 64;

/// The name of the file of seed count `n` for `rules`.
pub fn file_name(rules: &Rules, n: usize) -> String {
    format!("{}-{n:02}.awtb", rules.tag())
}

/// The path of the file of seed count `n` in `dir`.
pub fn seed_count_path(dir: &Path, rules: &Rules, n: usize) -> PathBuf {
    dir.join(file_name(rules, n))
}

fn header(rules: &Rules, n: usize, entries: &[u8], exact: u64, version: u32) -> [u8; HEADER] {
    let mut h = [0u8; HEADER];
    h[..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&version.to_le_bytes());
    h[12..16].copy_from_slice(&(n as u32).to_le_bytes());
    h[16..16 + b"oware".len()].copy_from_slice(b"oware");
    h[32] = rules.grand_slam_code();
    h[33] = rules.must_feed as u8;
    h[40..48].copy_from_slice(&(entries.len() as u64).to_le_bytes());
    h[48..56].copy_from_slice(&checksum(entries).to_le_bytes());
    h[56..64].copy_from_slice(&exact.to_le_bytes());
    h
}

/// Writes seed count `n` into `dir` (temporary file, sync, rename) and returns
/// the final path. On error no file is left under the final name.
pub fn write_seed_count(
    dir: &Path,
    rules: &Rules,
    n: usize,
    codebook: &Codebook,
    entries: &[u8],
    exact: u64,
) -> io::Result<PathBuf> {
    let mut book = codebook.to_bytes();
    book.extend_from_slice(&checksum(&book).to_le_bytes());
    write_file(dir, rules, n, FORMAT_VERSION, &book, entries, exact)
}

/// Writes a seed count in format 1 (no codebook; `entries` in that format), as
/// the engine did before format 2: for the tests that old files load.
#[cfg(test)]
pub fn write_seed_count_format_1(
    dir: &Path,
    rules: &Rules,
    n: usize,
    entries: &[u8],
    exact: u64,
) -> io::Result<PathBuf> {
    write_file(dir, rules, n, 1, &[], entries, exact)
}

/// Writes a seed count file: header, `between` (the codebook block), entries.
fn write_file(
    dir: &Path,
    rules: &Rules,
    n: usize,
    version: u32,
    between: &[u8],
    entries: &[u8],
    exact: u64,
) -> io::Result<PathBuf> {
    let path = seed_count_path(dir, rules, n);
    crate::files::write_atomic_with(&path, |out| {
        out.write_all(&header(rules, n, entries, exact, version))?;
        out.write_all(between)?;
        out.write_all(entries)
    })?;
    Ok(path)
}

/// Why a seed count file was refused.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// There is no file for that seed count.
    #[error("{}: no such table file", .0.display())]
    Missing(PathBuf),
    /// The file is there but unusable; the message says why.
    #[error("{}: {1}", .0.display())]
    Bad(PathBuf, String),
}

/// Reads and checks the file of seed count `n` for `rules` in `dir`: header,
/// codebook, size, checksums and every entry. Returns the codebook and the
/// entries.
pub fn read_seed_count(
    dir: &Path,
    rules: &Rules,
    n: usize,
) -> Result<(Codebook, Vec<u8>), LoadError> {
    let path = seed_count_path(dir, rules, n);
    let bad = |why: String| LoadError::Bad(path.clone(), why);
    // The largest file of this seed count: a format-2 one (format 1 lacks the
    // codebook block).
    let max = (HEADER + codebook::BYTES + 8) as u64 + seed_count_size(n);
    let mut file = match crate::files::open_regular(&path, max, &format!("table file of level {n}"))
    {
        Ok((f, _)) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(LoadError::Missing(path)),
        Err(e) => return Err(bad(format!("cannot open: {e}"))),
    };
    let mut h = [0u8; HEADER];
    file.read_exact(&mut h)
        .map_err(|_| bad("truncated: shorter than its header".into()))?;
    let version = check_header(&h, rules, n).map_err(bad)?;
    let book = read_codebook(&mut file, version, n).map_err(bad)?;
    let entries = read_entries(&mut file, &h, n).map_err(bad)?;
    check_entries(&book, &entries, n, u64_at(&h, 56)).map_err(bad)?;
    Ok((book, entries))
}

/// The little-endian `u32` at byte `i` of a header.
fn u32_at(h: &[u8; HEADER], i: usize) -> u32 {
    u32::from_le_bytes(h[i..i + 4].try_into().expect("4 bytes"))
}

/// The little-endian `u64` at byte `i` of a header.
fn u64_at(h: &[u8; HEADER], i: usize) -> u64 {
    u64::from_le_bytes(h[i..i + 8].try_into().expect("8 bytes"))
}

/// Checks the fields of a header before the counts (magic, version,
/// seed count, variant, rules, zero bytes) against seed count `n` of `rules`;
/// returns the format version.
fn check_header(h: &[u8; HEADER], rules: &Rules, n: usize) -> Result<u32, String> {
    if &h[..8] != MAGIC {
        return Err("not an awale table file (bad magic)".into());
    }
    let version = u32_at(h, 8);
    if version != FORMAT_VERSION && version != 1 {
        return Err(format!(
            "format version {version}, this engine reads versions 1 and {FORMAT_VERSION}"
        ));
    }
    let seeds = u32_at(h, 12) as usize;
    if seeds != n {
        return Err(format!("holds level {seeds}, expected level {n}"));
    }
    if &h[16..21] != b"oware" || h[21..32].iter().any(|&b| b != 0) {
        return Err("built for another variant".into());
    }
    let file_rules = Rules::from_codes(h[32], h[33]).ok_or("unknown rule codes")?;
    if h[34..40].iter().any(|&b| b != 0) {
        return Err("header bytes 34 to 39 are not zero".into());
    }
    if file_rules != *rules {
        return Err(format!(
            "built for rules {}, the engine plays {}",
            file_rules.describe(),
            rules.describe()
        ));
    }
    Ok(version)
}

/// The codebook of a file of seed count `n` in format `version`: read and
/// checked after the header (format 2), or the fixed one of format 1.
fn read_codebook(file: &mut impl Read, version: u32, n: usize) -> Result<Codebook, String> {
    if version == 1 {
        return Ok(Codebook::format_1(n as u8));
    }
    let mut block = [0u8; codebook::BYTES + 8];
    file.read_exact(&mut block)
        .map_err(|_| "truncated: shorter than its codebook".to_string())?;
    let (book, sum) = block.split_at(codebook::BYTES);
    if checksum(book).to_le_bytes() != sum {
        return Err("codebook checksum mismatch: the file is corrupt".into());
    }
    Codebook::from_bytes(n as u8, book).map_err(|why| format!("bad codebook: {why}"))
}

/// The entries of seed count `n` that follow the codebook, checked against the
/// header `h`: their count (the header's and the seed count's, no byte more or
/// less) and their checksum.
fn read_entries(file: &mut impl Read, h: &[u8; HEADER], n: usize) -> Result<Vec<u8>, String> {
    let count = u64_at(h, 40);
    let expected = seed_count_size(n);
    if count != expected {
        return Err(format!("says {count} positions, level {n} has {expected}"));
    }
    let mut entries = Vec::with_capacity(count as usize);
    // The search probes a seed count at scattered places.
    super::huge_pages::advise(entries.spare_capacity_mut());
    file.take(count + 1)
        .read_to_end(&mut entries)
        .map_err(|e| format!("cannot read: {e}"))?;
    if (entries.len() as u64) < count {
        return Err(format!("truncated: {} of {count} entries", entries.len()));
    }
    if entries.len() as u64 > count {
        return Err("longer than its header says".into());
    }
    if checksum(&entries) != u64_at(h, 48) {
        return Err("checksum mismatch: the file is corrupt".into());
    }
    Ok(entries)
}

/// Checks that every entry of seed count `n` is one `book` knows, and that
/// `said_exact` of them (the header's count) are exact.
fn check_entries(book: &Codebook, entries: &[u8], n: usize, said_exact: u64) -> Result<(), String> {
    // What each of the 256 bytes is in this seed count (0 not a valid entry,
    // 1 an entry, 2 an exact one), worked out once: the check of a large
    // seed count is then a table look-up per byte.
    let kind: [u8; 256] = std::array::from_fn(|b| match book.decode(b as u8) {
        None => 0,
        Some(e) => 1 + u8::from(e.is_exact()),
    });
    let mut exact = 0u64;
    for (i, &b) in entries.iter().enumerate() {
        match kind[usize::from(b)] {
            0 => return Err(format!("entry {i} is not valid for level {n}")),
            k => exact += u64::from(k - 1),
        }
    }
    if exact != said_exact {
        return Err(format!(
            "says {said_exact} exact entries, the file holds {exact}"
        ));
    }
    Ok(())
}
