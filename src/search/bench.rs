//! `bench` (PLACEHOLDER until issue 3 lands): a fixed position set searched
//! to a fixed depth. The signature below is the contract the protocol's
//! `bench` command and `awale bench` call.

use std::io::{self, Write};

/// Searches the bench positions to `depth` (a default when `None`) with
/// `threads` threads and a `hash_mb` table, writing one line per position
/// and, last, `<nodes> nodes <nps> nps`. Returns the total node count.
pub fn run(
    depth: Option<u32>,
    threads: usize,
    hash_mb: usize,
    out: &mut dyn Write,
) -> io::Result<u64> {
    let _ = (depth, threads, hash_mb);
    writeln!(out, "0 nodes 0 nps")?;
    Ok(0)
}
