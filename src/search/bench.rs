//! `bench`: a fixed position set searched to a fixed depth with a fresh
//! table per position. The total node count with one thread is the search's
//! signature.
//!
//! Positions are `(variant, position string)` pairs, so positions of other
//! variants are appended by name.

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::{Limits, Searcher};
use crate::game::{Game, History};
use crate::variants::{self, VariantVisitor};

/// The default depth.
pub const DEPTH: u32 = 14;

/// The bench positions: variant name and position string.
pub const POSITIONS: &[(&str, &str)] = &[
    // Start and openings.
    ("oware", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"),
    ("oware", "5-5-1-6-5-5-5-4-4-4-4-0-0-0-S"),
    ("oware", "6-4-4-0-1-6-0-2-7-6-6-6-0-0-S"),
    // Middle games.
    ("oware", "0-0-9-8-0-6-1-8-0-0-8-6-0-2-S"),
    ("oware", "0-0-0-12-1-7-2-0-0-1-12-9-0-4-N"),
    ("oware", "0-2-0-2-5-9-2-0-4-4-1-12-0-7-S"),
    ("oware", "10-0-0-10-7-0-0-2-2-3-9-1-2-2-S"),
    ("oware", "13-3-0-0-3-2-0-8-6-0-0-4-4-5-S"),
    ("oware", "2-1-12-3-0-11-0-0-1-0-1-1-9-7-S"),
    ("oware", "0-0-0-6-0-11-1-0-5-8-5-1-0-11-S"),
    ("oware", "0-4-3-2-2-0-0-16-0-2-2-2-6-9-S"),
    ("oware", "0-3-3-6-3-4-2-0-0-5-3-4-6-9-S"),
    ("oware", "1-1-2-7-0-13-0-0-0-0-1-0-13-10-S"),
    ("oware", "1-4-0-0-0-14-0-0-8-1-1-0-0-19-S"),
    ("oware", "1-0-4-9-2-0-0-0-1-1-0-3-17-10-N"),
    ("oware", "1-1-10-9-1-5-0-1-0-0-0-1-10-9-S"),
    // Endgames.
    ("oware", "0-10-2-0-3-2-0-4-0-1-3-0-2-21-S"),
    ("oware", "0-13-0-2-0-1-0-0-1-3-1-2-4-21-S"),
    ("oware", "1-0-2-2-2-1-1-2-2-3-3-4-4-21-N"),
    ("oware", "0-0-12-10-0-0-1-1-1-0-2-0-12-9-S"),
    ("oware", "0-1-0-10-0-2-1-0-0-0-0-5-19-10-S"),
    ("oware", "1-1-1-0-0-4-0-0-0-4-6-0-16-15-S"),
    ("oware", "0-2-2-0-0-7-0-1-0-0-0-0-18-18-S"),
    ("oware", "0-0-0-3-1-0-0-0-2-2-0-2-18-20-S"),
    ("oware", "0-1-1-1-0-0-2-1-0-0-2-2-18-20-N"),
    ("oware", "0-0-0-0-0-2-1-0-0-0-4-1-18-22-N"),
];

/// Searches the bench positions to `depth` (a default when `None`) with
/// `threads` threads and a `hash_mb` table, writing one line per position
/// and, last, `<nodes> nodes <nps> nps`. Returns the total node count.
/// The rate counts search time only (not setting up each fresh table).
pub fn run(
    depth: Option<u32>,
    threads: usize,
    hash_mb: usize,
    out: &mut dyn Write,
) -> io::Result<u64> {
    let depth = depth.unwrap_or(DEPTH).clamp(1, super::limits::MAX_DEPTH);
    let mut total = 0u64;
    let mut searching = std::time::Duration::ZERO;
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
        searching += line.3;
        writeln!(
            out,
            "{:>2} {variant} {position}: {} nodes, best {} score {}",
            i + 1,
            line.0,
            line.1,
            line.2
        )?;
    }
    let secs = searching.as_secs_f64().max(1e-9);
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
    type Output = Result<(u64, String, String, Duration), crate::game::GameError>;
    fn visit<G: Game>(self, game: G) -> Self::Output {
        let pos = game.parse_position(self.position)?;
        let history = History::new(game.key(&pos));
        let mut searcher = Searcher::new(game, self.hash_mb, self.threads);
        let limits = Limits {
            depth: Some(self.depth),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let started = Instant::now();
        let r = searcher.search(&pos, &history, &limits, &[], &stop, &mut |_| {});
        let best = r.best.map_or("(none)".to_string(), |m| {
            searcher.game().format_move(&pos, m)
        });
        Ok((r.nodes, best, r.score.to_uci(), started.elapsed()))
    }
}
