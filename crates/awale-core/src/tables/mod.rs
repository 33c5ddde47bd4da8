//! Endgame tables for `oware`: for every position with few seeds on the
//! board, the seeds the side to move collects under perfect play, built by
//! the engine itself (retrograde, one seed count after another) with the same rules code
//! the search uses.
//!
//! - [`index`]: the dense index of a seed count (a combinatorial rank of the
//!   12 holes, the side to move normalised to holes 1..6).
//! - [`entry`]: what is known of a position (bounds with an empty history
//!   and under every history).
//! - [`codebook`]: what the byte stored per position stands for.
//! - [`build`]: the builder of one seed count and the treatment of cycles.
//! - [`cycles`]: which quiet moves the play can come back from.
//! - [`file`]: the file of one seed count (header, checksum, atomic writes).
//! - [`loader`]: tables opened once per process, in the background.
//! - [`moves`]: the outcome of each move of a covered position.
//! - [`oracle`]: what the search sees of the tables.
//! - [`proof_order`]: when each bound was proved, to play a value out.
//! - `reference` (with the `test-support` feature): a plain exhaustive
//!   search the tables are checked against.
//!
//! `docs/tables.md` describes the values, the cycles and the files for
//! users. The measurements of how many positions could be exact (the
//! censuses) are a separate tool, `tools/tables-census`.

pub mod build;
pub mod codebook;
pub mod cycles;
pub mod entry;
pub mod file;
pub mod huge_pages;
pub mod index;
pub mod loader;
pub mod moves;
pub mod oracle;
pub mod proof_order;
#[cfg(any(test, feature = "test-support"))]
pub mod reference;

use std::path::{Path, PathBuf};
use std::time::Duration;
use web_time::Instant;

pub use build::{Progress, SeedCountStats};
pub use codebook::Codebook;
pub use entry::Entry;
pub use file::LoadError;
pub use moves::{keeping_moves, move_outcomes, MoveOutcome};
pub use oracle::oracle_for;
pub use proof_order::ProofOrder;

use crate::game::Game;
use crate::variants::oware::{Board, GrandSlam, Oware};

/// Seed counts built in memory when no file provides them: small enough to take
/// well under a second on one core (measured in BENCHMARKS.md).
pub const STARTUP_SEEDS: usize = 10;

/// The rules a table is built for: the options of `oware` that change the
/// game (`Notation` does not).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The grand slam rule.
    pub grand_slam: GrandSlam,
    /// Whether a player must feed an empty opponent.
    pub must_feed: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::of(&Oware::default())
    }
}

impl Rules {
    /// The rules of a configured game.
    pub fn of(game: &Oware) -> Rules {
        Rules {
            grand_slam: game.grand_slam,
            must_feed: game.must_feed,
        }
    }

    /// A game with these rules.
    pub fn game(&self) -> Oware {
        Oware {
            grand_slam: self.grand_slam,
            must_feed: self.must_feed,
            ..Oware::default()
        }
    }

    /// The rules as option settings, e.g. `GrandSlam=nocapture MustFeed=true`.
    pub fn describe(&self) -> String {
        format!(
            "GrandSlam={} MustFeed={}",
            self.grand_slam.name(),
            self.must_feed
        )
    }

    /// The prefix of the file names, e.g. `oware-nocapture-feed`.
    fn tag(&self) -> String {
        format!(
            "oware-{}-{}",
            self.grand_slam.name(),
            if self.must_feed { "feed" } else { "nofeed" }
        )
    }

    fn grand_slam_code(&self) -> u8 {
        match self.grand_slam {
            GrandSlam::NoCapture => 0,
            GrandSlam::Forbidden => 1,
            GrandSlam::Capture => 2,
        }
    }

    fn from_codes(grand_slam: u8, must_feed: u8) -> Option<Rules> {
        let grand_slam = match grand_slam {
            0 => GrandSlam::NoCapture,
            1 => GrandSlam::Forbidden,
            2 => GrandSlam::Capture,
            _ => return None,
        };
        let must_feed = match must_feed {
            0 => false,
            1 => true,
            _ => return None,
        };
        Some(Rules {
            grand_slam,
            must_feed,
        })
    }
}

/// The directory tables are read from when none is given: `$AWALE_TABLES`,
/// else `$XDG_DATA_HOME/awale/tables`, else `~/.local/share/awale/tables`.
pub fn default_dir() -> Option<PathBuf> {
    let var = |name| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("AWALE_TABLES") {
        return Some(PathBuf::from(dir));
    }
    if let Some(data) = var("XDG_DATA_HOME") {
        return Some(PathBuf::from(data).join("awale").join("tables"));
    }
    var("HOME").map(|home| PathBuf::from(home).join(".local/share/awale/tables"))
}

/// One seed count: a byte per position, and what the bytes stand for.
#[derive(Clone, Debug)]
struct SeedCountTable {
    codebook: Codebook,
    entries: Box<[u8]>,
}

impl SeedCountTable {
    fn new(codebook: Codebook, entries: Vec<u8>) -> SeedCountTable {
        SeedCountTable {
            codebook,
            entries: entries.into_boxed_slice(),
        }
    }
}

/// A set of seed counts for one set of rules, each present or not.
#[derive(Clone, Debug)]
pub struct EndgameTables {
    rules: Rules,
    by_seeds: Vec<Option<SeedCountTable>>,
    /// The proof order of the seed counts built in memory.
    orders: Vec<Option<ProofOrder>>,
}

impl build::Lower for EndgameTables {
    fn entry(&self, n: usize, index: u64) -> Entry {
        let table = self.by_seeds[n]
            .as_ref()
            .expect("lower levels are built first");
        // Every byte was checked when the seed count was loaded or built.
        table
            .codebook
            .decode(table.entries[index as usize])
            .expect("entries are valid")
    }
}

/// What happened to one seed count during [`EndgameTables::build_into`].
#[derive(Debug)]
pub enum BuildEvent<'a> {
    /// The seed count's file was already there and valid: loaded, not rebuilt.
    Loaded { n: usize },
    /// The seed count's file was there but refused: it is built again.
    Rebuilding { n: usize, why: &'a LoadError },
    /// The seed count is being built (the caller's [`Progress`] counts it).
    Started { n: usize, positions: u64 },
    /// The seed count is built and written.
    Finished {
        n: usize,
        stats: &'a SeedCountStats,
        time: Duration,
        path: &'a Path,
    },
}

impl EndgameTables {
    /// No seed count at all.
    pub fn empty(rules: Rules) -> EndgameTables {
        EndgameTables {
            rules,
            by_seeds: vec![None; index::MAX_SEEDS + 1],
            orders: vec![None; index::MAX_SEEDS + 1],
        }
    }

    /// The rules the seed counts were built for.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Whether seed count `n` is present.
    pub fn has(&self, n: usize) -> bool {
        self.by_seeds.get(n).is_some_and(|l| l.is_some())
    }

    /// The seed counts present, in increasing order.
    pub fn seed_counts(&self) -> Vec<usize> {
        (0..self.by_seeds.len()).filter(|&n| self.has(n)).collect()
    }

    /// The largest `k` such that every seed count `0..=k` is present.
    pub fn complete_up_to(&self) -> Option<usize> {
        (0..self.by_seeds.len()).take_while(|&n| self.has(n)).last()
    }

    /// The largest seed count present.
    pub fn max_seeds(&self) -> Option<usize> {
        self.seed_counts().last().copied()
    }

    /// The raw entries of seed count `n`, if present.
    pub fn entries_of(&self, n: usize) -> Option<&[u8]> {
        Some(&self.by_seeds.get(n)?.as_ref()?.entries)
    }

    /// What the bytes of seed count `n` stand for, if present.
    pub fn codebook(&self, n: usize) -> Option<&Codebook> {
        Some(&self.by_seeds.get(n)?.as_ref()?.codebook)
    }

    /// What the tables say of a position given by its holes from the side
    /// to move (own holes first), if its seed count is present.
    #[inline]
    pub fn entry(&self, holes: &[u8; index::HOLES]) -> Option<Entry> {
        let (byte, table) = self.slot(holes)?;
        table.codebook.decode(*byte)
    }

    /// The stored byte of a position given by its holes from the side to
    /// move, with its seed count, if that seed count is present.
    #[inline]
    fn slot(&self, holes: &[u8; index::HOLES]) -> Option<(&u8, &SeedCountTable)> {
        let n: usize = holes.iter().map(|&h| h as usize).sum();
        let table = self.by_seeds.get(n)?.as_ref()?;
        Some((&table.entries[index::rank(holes) as usize], table))
    }

    /// What the tables say of a board (either side to move), if covered.
    pub fn probe(&self, board: &Board) -> Option<Entry> {
        self.entry(&index::mover_holes(board))
    }

    /// Starts fetching the entry of a board that will soon be probed (see
    /// [`crate::prefetch`]): a seed count from a file is far larger than the
    /// caches, and its entries are read at scattered places.
    #[inline]
    pub fn prefetch(&self, board: &Board) {
        if let Some((byte, _)) = self.slot(&index::mover_holes(board)) {
            crate::prefetch::prefetch(byte);
        }
    }

    /// When the bounds of a board's position (either side to move) were
    /// proved with an empty history, `[lower, upper]` ([`ProofOrder`]),
    /// if its seed count keeps its proof order.
    pub fn proof_times(&self, board: &Board) -> Option<[u32; 2]> {
        let holes = index::mover_holes(board);
        let n: usize = holes.iter().map(|&h| h as usize).sum();
        let order = self.orders.get(n)?.as_ref()?;
        let i = index::rank(&holes);
        Some([order.lo_time(i), order.hi_time(i)])
    }

    /// Builds seed count `n` in memory from the seed counts below (all present);
    /// with `keep_order`, keeps its [`ProofOrder`] too.
    pub fn build_seed_count(
        &mut self,
        n: usize,
        progress: &Progress,
        keep_order: bool,
    ) -> SeedCountStats {
        assert!(n <= index::MAX_SEEDS && (0..n).all(|k| self.has(k)));
        let built = build::build_seed_count(&self.rules.game(), n, self, progress, keep_order);
        self.by_seeds[n] = Some(SeedCountTable::new(built.codebook, built.entries));
        self.orders[n] = built.order;
        built.stats
    }

    /// Seed counts `0..=max` built in memory.
    pub fn build_in_memory(rules: Rules, max: usize) -> EndgameTables {
        let mut tables = EndgameTables::empty(rules);
        tables.fill_in_memory(max);
        tables
    }

    /// Builds in memory the seed counts up to `max` that are missing, or that
    /// were loaded from files (which hold no [`ProofOrder`]: the same
    /// entries are built again, with their order). Every seed count below is
    /// present when a seed count is built. Returns the seed counts built.
    pub fn fill_in_memory(&mut self, max: usize) -> Vec<usize> {
        let mut built = Vec::new();
        for n in 0..=max.min(index::MAX_SEEDS) {
            if !self.has(n) || self.orders[n].is_none() {
                self.build_seed_count(n, &Progress::default(), true);
                built.push(n);
            }
        }
        built
    }

    /// Loads every valid seed count file of these rules from `dir`, up to
    /// `max`. Seed counts whose file is missing are skipped silently; a file
    /// that is present but refused is reported, with its seed count, and skipped.
    pub fn load(dir: &Path, rules: Rules, max: usize) -> (EndgameTables, Vec<(usize, LoadError)>) {
        use crate::parallel::prelude::*;
        let mut tables = EndgameTables::empty(rules);
        let mut errors = Vec::new();
        // The seed counts are independent files: read and checked in parallel
        // (a gigabyte of seed counts up to 24 seeds takes seconds on one core).
        let read: Vec<_> = (0..=max.min(index::MAX_SEEDS))
            .into_par_iter()
            .map(|n| file::read_seed_count(dir, &rules, n))
            .collect();
        for (n, table) in read.into_iter().enumerate() {
            match table {
                Ok((codebook, entries)) => {
                    tables.by_seeds[n] = Some(SeedCountTable::new(codebook, entries))
                }
                Err(LoadError::Missing(_)) => {}
                Err(e) => errors.push((n, e)),
            }
        }
        (tables, errors)
    }

    /// Builds seed counts `0..=max` into `dir`: a seed count whose file is already
    /// there and valid is loaded instead, so a killed build resumes where it
    /// stopped. Each seed count is written as soon as it is finished. Runs on the
    /// current rayon pool; `progress` counts the seed count in progress.
    pub fn build_into(
        dir: &Path,
        rules: Rules,
        max: usize,
        progress: &Progress,
        on_event: &mut dyn FnMut(BuildEvent),
    ) -> std::io::Result<EndgameTables> {
        let mut tables = EndgameTables::empty(rules);
        for n in 0..=max.min(index::MAX_SEEDS) {
            match file::read_seed_count(dir, &rules, n) {
                Ok((codebook, entries)) => {
                    tables.by_seeds[n] = Some(SeedCountTable::new(codebook, entries));
                    on_event(BuildEvent::Loaded { n });
                    continue;
                }
                Err(LoadError::Missing(_)) => {}
                Err(why) => on_event(BuildEvent::Rebuilding { n, why: &why }),
            }
            progress.start_seed_count(n);
            on_event(BuildEvent::Started {
                n,
                positions: index::seed_count_size(n),
            });
            let start = Instant::now();
            let stats = tables.build_seed_count(n, progress, false);
            let table = tables.by_seeds[n].as_ref().expect("just built");
            let path = file::write_seed_count(
                dir,
                &rules,
                n,
                &table.codebook,
                &table.entries,
                stats.exact,
            )?;
            on_event(BuildEvent::Finished {
                n,
                stats: &stats,
                time: start.elapsed(),
                path: &path,
            });
        }
        Ok(tables)
    }
}

/// The outcome the tables give a position: the seeds the side to move
/// collects, whether that holds under every history, and the final totals.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Seeds on the board.
    pub on_board: u32,
    /// What the tables hold of the position: bounds on the seeds the side
    /// to move collects with an empty history, and under every history.
    pub entry: Entry,
    /// The final totals `[south, north]` when the value is known for the
    /// history given (see [`verdict`]).
    pub final_scores: Option<[u32; 2]>,
    /// The final totals at the worst and at the best value for the side to
    /// move that the entry allows for the history given: the bounds `lo`
    /// and `hi` with an empty history, the bounds under every history
    /// otherwise.
    pub final_range: [[u32; 2]; 2],
}

/// What the tables say of `board` in `game` reached with `fresh` history
/// (true: nothing since the last capture, so the bounds with an empty
/// history apply; else those under every history), or `None` when its
/// seed count is not present or the game is over.
pub fn verdict(
    tables: &EndgameTables,
    game: &Oware,
    board: &Board,
    fresh: bool,
) -> Option<Verdict> {
    if game.end(board).is_some() || Rules::of(game) != tables.rules {
        return None;
    }
    let entry = tables.probe(board)?;
    let on_board = board.on_board();
    let me = board.side();
    let finals = |v: u8| {
        let mut scores = [board.score(0), board.score(1)];
        scores[me] += u32::from(v);
        scores[1 - me] += on_board - u32::from(v);
        scores
    };
    let (lo, hi) = if fresh {
        (entry.lo, entry.hi)
    } else {
        (entry.every_lo, entry.every_hi)
    };
    let final_range = [finals(lo), finals(hi)];
    Some(Verdict {
        on_board,
        entry,
        final_scores: (final_range[0] == final_range[1]).then_some(final_range[0]),
        final_range,
    })
}

#[cfg(test)]
mod tests;

/// The tables an engine starts with: the valid seed count files of `rules` in
/// `dir` (the [`default_dir`] when `None`), then the seed counts up to
/// [`STARTUP_SEEDS`] built in memory, with their proof order, whether a
/// file provided them or not. Returns the
/// problems met, one line each (refused files; a missing default
/// directory is not a problem).
pub fn open(dir: Option<&Path>, rules: Rules) -> (EndgameTables, Vec<String>) {
    let dir = dir.map(Path::to_path_buf).or_else(default_dir);
    let (mut tables, errors) = match &dir {
        Some(dir) if dir.is_dir() => EndgameTables::load(dir, rules, index::MAX_SEEDS),
        _ => (EndgameTables::empty(rules), Vec::new()),
    };
    let problems = errors
        .iter()
        .map(|(n, e)| {
            if *n <= STARTUP_SEEDS {
                format!("endgame table refused, the level is built in memory instead: {e}")
            } else {
                format!("endgame table refused, level skipped: {e}")
            }
        })
        .collect();
    tables.fill_in_memory(STARTUP_SEEDS);
    (tables, problems)
}
