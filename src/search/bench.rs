//! `bench`: a fixed position set searched to a fixed depth with a fresh
//! table per position. The total node count with one thread is the search's
//! signature.
//!
//! Positions are `(variant, position string)` pairs, so positions of other
//! variants are appended by name.

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::{Limits, Searcher};
use crate::game::{Game, History};
use crate::variants::{self, VariantVisitor};

/// The default depth.
pub const DEPTH: u32 = 14;

/// The bench positions: variant name and position string.
pub const POSITIONS: &[(&str, &str)] = &[
    // Start.
    ("oware", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"),
];

/// Searches the bench positions to `depth` (a default when `None`) with
/// `threads` threads and a `hash_mb` table, writing one line per position
/// and, last, `<nodes> nodes <nps> nps`. Returns the total node count.
pub fn run(
    depth: Option<u32>,
    threads: usize,
    hash_mb: usize,
    out: &mut dyn Write,
) -> io::Result<u64> {
    let depth = depth.unwrap_or(DEPTH).clamp(1, super::limits::MAX_DEPTH);
    let started = Instant::now();
    let mut total = 0u64;
    for (i, (variant, position)) in POSITIONS.iter().enumerate() {
        let line = variants::with_variant(
            variant,
            &[],
            One {
                position,
                depth,
                threads,
                hash_mb,
            },
        )
        .and_then(|r| r)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))?;
        total += line.0;
        writeln!(
            out,
            "{:>2} {variant} {position}: {} nodes, best {} score {}",
            i + 1,
            line.0,
            line.1,
            line.2
        )?;
    }
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    writeln!(out, "{total} nodes {} nps", (total as f64 / secs) as u64)?;
    Ok(total)
}

struct One<'a> {
    position: &'a str,
    depth: u32,
    threads: usize,
    hash_mb: usize,
}

impl VariantVisitor for One<'_> {
    type Output = Result<(u64, String, String), crate::game::GameError>;
    fn visit<G: Game>(self, game: G) -> Self::Output {
        let pos = game.parse_position(self.position)?;
        let history = History::new(game.key(&pos));
        let mut searcher = Searcher::new(game, self.hash_mb, self.threads);
        let limits = Limits {
            depth: Some(self.depth),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let r = searcher.search(&pos, &history, &limits, &[], &stop, &mut |_| {});
        let best = r.best.map_or("(none)".to_string(), |m| {
            searcher.game().format_move(&pos, m)
        });
        Ok((r.nodes, best, r.score.to_uci()))
    }
}
