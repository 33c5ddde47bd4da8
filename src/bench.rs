//! `bench`: a fixed position set searched to a fixed depth from an empty
//! table each. The total node count with one thread is the search's
//! signature.
//!
//! Positions are `(variant, position string)` pairs, so positions of other
//! variants are appended by name. The colour variants branch far more than
//! `oware` (up to 16 moves in `colors16`, 32 in `transparent80` and
//! `transparent96`; in `colors12` every placement of a special seed is a
//! move of its own), so their positions are searched
//! shallower: see [`depth_for`].

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::game::{GameError, History};
use crate::registry::{self, Evaluation, Variant, Visitor};
use crate::search::{limits, Limits, Searcher};

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
    // colors16 middle games: after `1R 2B 3R 4R`, and three games played on
    // by the engine at depth 6 from other openings.
    (
        "colors16",
        "2B-3R-3B-2B-4R3B-4R2B-3R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-0-0-S",
    ),
    (
        "colors16",
        "0-3R-0-0-0-0-5R3B-4R3B-4R3B-3R3B-3R3B-2R3B-2R2B-2R2B-2R2B-2R2B-6-0-S",
    ),
    (
        "colors16",
        "2R2B-2R2B-2R2B-2R2B-0-0-0-1B-4R4B-4R-1R5B-4R2B-4R4B-2R2B-2R2B-2R2B-3-0-S",
    ),
    (
        "colors16",
        "3R2B-0-3R-3B-3R2B-3R-1B-3R-0-1R4B-4R4B-3R2B-2B-3R2B-3R2B-2B-3-6-S",
    ),
    // colors12 middle games: after `3 9 3R7 8B`, and three games played on
    // by the engine at depth 6 from other openings.
    (
        "colors12",
        "4R3B-4R3B-1R-4R3B-4R3B-4R3B-3R4B-0-3R5B1S-3R4B1S-3R4B-3R4B-0-0-S",
    ),
    (
        "colors12",
        "1B-5R4B-0-7R3B-0-5R4B-0-2R-6R6B1S-5R5B1S-3R7B-3R6B-0-0-S",
    ),
    (
        "colors12",
        "0-6R4B-1R-6R5B-2R-5R7B1S-5R5B-0-4R7B-6R5B1S-1B-1R-2-0-S",
    ),
    (
        "colors12",
        "0-1R2B1S-6R4B1S-7R4B-6R4B-4R6B-0-2B-4R6B-4R4B-4R4B-0-0-0-S",
    ),
    // transparent80 and transparent96 middle games: after `1R 2B 3TR 4TB`,
    // and two games played on by the engine at depth 5 from other openings.
    (
        "transparent80",
        "2B1T-3R1T-3R3B-2R2B-2R3B2T-2R2B1T-2R2B2T-2R2B1T-2R2B1T-2R2B1T-2R2B1T-2R2B1T-2R2B1T-2R2B1T-2R2B1T-2R2B1T-0-0-S",
    ),
    (
        "transparent80",
        "0-0-0-1T-4B-4R3B2T-6R4B1T-5R3B1T-3R3B1T-2R2B1T-2R3B1T-2R2B1T-2R2B1T-2R1T-2R3B1T-2R2B1T-0-4-S",
    ),
    (
        "transparent80",
        "0-0-0-3B1T-3B1T-5R3B1T-5R1T-4R4B1T-4R2B1T-2R3B-2R2B2T-2R2B1T-2R2B1T-2R1T-3B1T-3R1T-2-7-N",
    ),
    (
        "transparent96",
        "2B2T-3R2T-3B-2R-2R3B4T-3R2B2T-3R2B3T-3R2B2T-2R2B3T-2R2B2T-2R3B2T-2R2B2T-2R3B2T-2R2B2T-2R2B2T-2R2B2T-0-0-S",
    ),
    (
        "transparent96",
        "0-0-1B-6R-1T-3B4T-3R2B4T-3R1B-2R4T-2R4B2T-2R2B4T-0-2R3B4T-2R2B2T-2R4B3T-2R2B2T-6-10-S",
    ),
    (
        "transparent96",
        "0-3R4T-0-3R3B4T-0-5B3T-0-0-2R2B3T-0-3B-1T-3R1B1T-3R2B5T-2R4B4T-1R2B3T-10-19-N",
    ),
];

/// The depth at which a position of `variant` is searched when the bench
/// depth is `depth`: less by the plies its registry entry says
/// ([`registry::Entry::bench_shallower`]: `oware` at `depth`, `colors16` 5
/// plies less, `colors12`, `transparent80` and `transparent96` 7 less), at
/// least 1, so that each variant's share of the bench stays comparable
/// (their trees grow much faster with depth).
pub fn depth_for(variant: &str, depth: u32) -> u32 {
    let less = registry::find(variant).map_or(0, |e| e.bench_shallower);
    depth.saturating_sub(less).max(1)
}

/// Searches the bench positions to `depth` (a default when `None`) with
/// `threads` threads and a `hash_mb` table, writing one line per position,
/// one subtotal line per variant (`<variant>: <nodes> nodes <nps> nps`:
/// the variants' nodes differ much in cost) and, last,
/// `<nodes> nodes <nps> nps`. Returns the total node count.
///
/// Each variant's positions are searched by one searcher, as in a game: its
/// threads and workers are made once, and its table is cleared before each
/// position, so every search starts from an empty table. The rates count
/// search time only (not making the searcher or clearing its table).
///
/// `stop` is read between positions and handed to every search: once it is
/// set the bench returns `None` at once, without a line for the position
/// being searched and without the subtotal and total lines.
pub fn run(
    depth: Option<u32>,
    threads: usize,
    hash_mb: usize,
    evaluation: &Evaluation,
    stop: &AtomicBool,
    out: &mut dyn Write,
) -> io::Result<Option<u64>> {
    let depth = depth.unwrap_or(DEPTH).clamp(1, limits::MAX_DEPTH);
    // Per variant, in order of first appearance: name, nodes, search time.
    let mut per_variant: Vec<(&str, u64, Duration)> = Vec::new();
    let mut first = 0;
    while first < POSITIONS.len() {
        let variant = POSITIONS[first].0;
        let count = POSITIONS[first..]
            .iter()
            .take_while(|(v, _)| *v == variant)
            .count();
        let group = Group {
            first,
            positions: &POSITIONS[first..first + count],
            depth: depth_for(variant, depth),
            threads,
            hash_mb,
            evaluation,
            stop,
            out: &mut *out,
        };
        let Some((nodes, time)) = registry::visit(variant, &[], group).map_err(invalid)?? else {
            return Ok(None);
        };
        match per_variant.iter_mut().find(|v| v.0 == variant) {
            Some(v) => {
                v.1 += nodes;
                v.2 += time;
            }
            None => per_variant.push((variant, nodes, time)),
        }
        first += count;
    }
    let rate = |nodes: u64, time: Duration| (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
    let (mut total, mut searching) = (0, Duration::ZERO);
    for (variant, nodes, time) in per_variant {
        writeln!(out, "{variant}: {nodes} nodes {} nps", rate(nodes, time))?;
        total += nodes;
        searching += time;
    }
    writeln!(out, "{total} nodes {} nps", rate(total, searching))?;
    Ok(Some(total))
}

/// A bench position or variant the rules reject, as an I/O error of `run`.
fn invalid(e: GameError) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, e.to_string())
}

/// A run of bench positions of one variant, searched by one searcher.
struct Group<'a> {
    /// The index of the first position in [`POSITIONS`].
    first: usize,
    positions: &'a [(&'a str, &'a str)],
    depth: u32,
    threads: usize,
    hash_mb: usize,
    /// The `oware` evaluation (`--eval`, `EvalFile`).
    evaluation: &'a Evaluation,
    stop: &'a AtomicBool,
    out: &'a mut dyn Write,
}

impl Visitor for Group<'_> {
    /// The nodes and search time of the group, `None` when stopped.
    type Output = io::Result<Option<(u64, Duration)>>;

    fn visit<G: Variant>(self, mut game: G) -> Self::Output {
        game.set_evaluation(self.evaluation);
        let mut searcher = Searcher::new(game, self.hash_mb, self.threads);
        let limits = Limits {
            depth: Some(self.depth),
            ..Limits::default()
        };
        let (mut nodes, mut time) = (0, Duration::ZERO);
        for (i, &(variant, position)) in self.positions.iter().enumerate() {
            if self.stop.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let pos = searcher.game().parse_position(position).map_err(invalid)?;
            let history = History::new(searcher.game().key(&pos));
            searcher.clear();
            let started = Instant::now();
            let r = searcher.search(&pos, &history, &limits, &[], self.stop, &mut |_| {});
            let elapsed = started.elapsed();
            // A stopped search's counts are partial: not reported.
            if self.stop.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let best = r.best.map_or("(none)".to_string(), |m| {
                searcher.game().format_move(&pos, m)
            });
            writeln!(
                self.out,
                "{:>2} {variant} {position}: {} nodes, best {best} score {}",
                self.first + i + 1,
                r.nodes,
                r.score.to_uci()
            )?;
            nodes += r.nodes;
            time += elapsed;
        }
        Ok(Some((nodes, time)))
    }
}
