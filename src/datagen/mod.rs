//! Training data for the evaluation (`awale datagen`): self-play games
//! whose positions are written with the search score, the game's result
//! and, where the endgame tables cover them, the table value.
//!
//! - [`format`]: the file (header, game blocks, records) and its checksums.
//! - [`selfplay`]: one game, a pure function of the settings and its index.
//! - [`reader`]: reading a file back ([`Reader`]) and finding its good part.
//! - [`stats`]: what a file holds, for `awale datagen --stats`.
//! - this module: the parallel driver, which resumes a file.
//!
//! The driver plays the missing games on rayon threads and writes them in
//! the order of their indices, each block in one write: a run killed at
//! any point leaves whole blocks and at most one cut one, which the next
//! run drops before going on, and the finished file is byte for byte the
//! same whatever the thread count and however often the run was killed.
//! `docs/datagen.md` documents the format and a recipe.

pub mod format;
pub mod reader;
pub mod selfplay;
pub mod stats;

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

pub use format::{flags, Ending, GameRecord, Header, PackedScore, Record, TableKind, TableValue};
pub use reader::{blocks_from, scan, Reader, Scan};
pub use selfplay::{play_game, Settings, TableUse};
pub use stats::Stats;

use crate::tables::{EndgameTables, Rules};
use crate::variants::oware::Oware;

/// What can go wrong reading or writing training data.
#[derive(Debug)]
pub enum Error {
    /// Reading or writing failed.
    Io(io::Error),
    /// The bytes are not a good file (the message says where and why).
    Format(String),
    /// An existing file was made with other settings: `(file, differences)`.
    Settings(PathBuf, Vec<String>),
    /// An error about a given file.
    File(PathBuf, Box<Error>),
}

impl Error {
    /// An I/O error on `path`.
    pub fn io(path: &Path, e: io::Error) -> Error {
        Error::File(path.to_path_buf(), Box::new(Error::Io(e)))
    }

    /// This error, naming `path` unless it names a file already.
    pub fn in_file(self, path: &Path) -> Error {
        match self {
            Error::File(..) | Error::Settings(..) => self,
            other => Error::File(path.to_path_buf(), Box::new(other)),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "{e}"),
            Error::Format(why) => f.write_str(why),
            Error::Settings(path, diffs) => write!(
                f,
                "{} was made with other settings ({}); use another --out",
                path.display(),
                diffs.join(", ")
            ),
            Error::File(path, e) => write!(f, "{}: {e}", path.display()),
        }
    }
}

impl std::error::Error for Error {}

/// A run of the generator.
pub struct Job<'a> {
    /// The file written (and resumed).
    pub out: &'a Path,
    /// Games wanted in the file: indices `0..games`.
    pub games: u32,
    /// Games played at once, one search thread each.
    pub threads: usize,
    /// The rules.
    pub game: Oware,
    /// How the games are played.
    pub settings: Settings,
    /// The endgame tables, if any.
    pub tables: Option<Arc<EndgameTables>>,
}

/// What the driver reports while it runs.
#[derive(Debug)]
pub enum Event<'a> {
    /// The file existed: this many games (and positions) were kept.
    Resumed {
        /// Games already in the file.
        games: usize,
        /// Their positions.
        positions: u64,
    },
    /// The end of the file was not a good block and was cut off.
    Truncated {
        /// Why the block was refused.
        why: &'a str,
        /// Bytes removed.
        bytes: u64,
        /// Game blocks removed, the damaged one and every one after it
        /// (counted by their markers, see [`blocks_from`]).
        games: u64,
    },
    /// The games to play, now that the file is checked.
    Planned {
        /// Games to play in this run.
        todo: usize,
    },
    /// A game was written.
    Written {
        /// Its index.
        index: u32,
        /// Its positions.
        positions: usize,
    },
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games played and written by this run.
    pub played: usize,
    /// Positions they hold.
    pub positions: u64,
    /// Games in the file at the end.
    pub games_in_file: usize,
}

/// The header a job writes.
pub fn header_of(job: &Job) -> Header {
    Header {
        nodes: job.settings.nodes,
        random_plies: job.settings.random_plies,
        max_plies: job.settings.max_plies,
        seed: job.settings.seed,
        variant: crate::game::Game::name(&job.game).into(),
        rules: Rules::of(&job.game).describe(),
        tables: job
            .tables
            .as_ref()
            .filter(|t| t.rules() == Rules::of(&job.game))
            .and_then(|t| t.complete_up_to())
            .map(|n| n as u8),
    }
}

/// Opens the output: a new file gets the header; an existing one is
/// checked, cut back to its last good block, and its games listed. The
/// file is appended to, one whole synced block a game, rather than
/// rewritten by [`crate::files::write_atomic`]: that is what lets a
/// killed run resume, a partial last block being cut on the next open.
fn open_output(
    path: &Path,
    header: &Header,
    on_event: &mut dyn FnMut(Event),
) -> Result<(File, HashSet<u32>), Error> {
    let bytes = header
        .encode()
        .ok_or_else(|| Error::Format("the rule options are too long for the header".into()))?;
    const WHAT: &str = "training-data file";
    // An existing output must be a regular file: a FIFO would block.
    let len = match crate::files::open_regular(path, crate::files::UNLIMITED, WHAT) {
        Ok((_, len)) => len,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => 0,
        Err(e) => return Err(Error::io(path, e)),
    };
    // A header cut by a kill during the first write counts as no file.
    let fresh = len == 0
        || (len < bytes.len() as u64
            && crate::files::read_bounded(path, bytes.len() as u64, WHAT)
                .is_ok_and(|old| bytes.starts_with(&old)));
    if fresh {
        let mut file = File::create(path).map_err(|e| Error::io(path, e))?;
        file.write_all(&bytes)
            .and_then(|_| file.flush())
            .map_err(|e| Error::io(path, e))?;
        return Ok((file, HashSet::new()));
    }
    let found = scan(path)?;
    let diffs = found.header.differences(header);
    if !diffs.is_empty() {
        return Err(Error::Settings(path.to_path_buf(), diffs));
    }
    let file = OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| Error::io(path, e))?;
    if let Some(why) = &found.damage {
        let games = blocks_from(path, found.good_len)?;
        file.set_len(found.good_len)
            .map_err(|e| Error::io(path, e))?;
        log::warn!("{}: {why}; cut back to its last good game", path.display());
        on_event(Event::Truncated {
            why,
            bytes: len - found.good_len,
            games,
        });
    }
    on_event(Event::Resumed {
        games: found.done.len(),
        positions: found.positions,
    });
    Ok((file, found.done.into_iter().collect()))
}

/// Plays the games of `0..job.games` missing from `job.out` and appends
/// them, in index order, one whole block per write. See the module
/// documentation for why this is safe to kill and resume.
pub fn run(job: &Job, on_event: &mut dyn FnMut(Event)) -> Result<Summary, Error> {
    let header = header_of(job);
    let (mut file, done) = open_output(job.out, &header, on_event)?;
    let todo: Vec<u32> = (0..job.games).filter(|i| !done.contains(i)).collect();
    on_event(Event::Planned { todo: todo.len() });
    let tables = job
        .tables
        .as_ref()
        .and_then(|t| TableUse::new(&job.game, Arc::clone(t)));
    let threads = job.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Io(io::Error::other(e.to_string())))?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let mut summary = Summary {
        games_in_file: done.len(),
        ..Summary::default()
    };
    let (tx, rx) = mpsc::channel::<(usize, GameRecord)>();
    let written = pool.in_place_scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (todo, next, stop, tables) = (&todo, &next, &stop, &tables);
            scope.spawn(move |_| loop {
                let slot = next.fetch_add(1, Ordering::Relaxed);
                if slot >= todo.len() || stop.load(Ordering::Relaxed) {
                    break;
                }
                let record = play_game(&job.game, &job.settings, tables.as_ref(), todo[slot]);
                if tx.send((slot, record)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // Games finish out of order; they are written in order.
        let mut waiting = BTreeMap::new();
        let mut next_slot = 0;
        for (slot, record) in rx {
            waiting.insert(slot, record);
            while let Some(record) = waiting.remove(&next_slot) {
                if let Err(e) = file.write_all(&record.encode()).and_then(|_| file.flush()) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(Error::io(job.out, e));
                }
                next_slot += 1;
                summary.played += 1;
                summary.games_in_file += 1;
                summary.positions += record.positions.len() as u64;
                on_event(Event::Written {
                    index: record.index,
                    positions: record.positions.len(),
                });
            }
        }
        Ok(())
    });
    written?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path `name` in a fresh directory of its own.
    fn scratch(name: &str) -> PathBuf {
        crate::scratch::dir(&format!("datagen-{name}")).join(name)
    }

    fn job(out: &Path, games: u32, threads: usize) -> Job<'_> {
        Job {
            out,
            games,
            threads,
            game: Oware::default(),
            settings: Settings {
                nodes: 200,
                max_plies: 60,
                ..Settings::default()
            },
            tables: Some(Arc::new(EndgameTables::build_in_memory(
                Rules::default(),
                4,
            ))),
        }
    }

    fn games_of(path: &Path) -> Vec<GameRecord> {
        Reader::open(path)
            .unwrap()
            .games()
            .collect::<Result<_, _>>()
            .unwrap()
    }

    #[test]
    fn a_run_writes_every_game_once_in_order_and_resumes() {
        let path = scratch("run.dat");
        let summary = run(&job(&path, 3, 2), &mut |_| {}).unwrap();
        assert_eq!((summary.played, summary.games_in_file), (3, 3));
        let first = std::fs::read(&path).unwrap();
        // Asking for more plays only the missing ones.
        let summary = run(&job(&path, 5, 1), &mut |_| {}).unwrap();
        assert_eq!((summary.played, summary.games_in_file), (2, 5));
        let games = games_of(&path);
        let indices: Vec<u32> = games.iter().map(|g| g.index).collect();
        assert_eq!(indices, [0, 1, 2, 3, 4]);
        assert!(std::fs::read(&path).unwrap().starts_with(&first));
        let positions: usize = games.iter().map(|g| g.positions.len()).sum();
        assert_eq!(
            summary.positions + first_positions(&first),
            positions as u64
        );
    }

    fn first_positions(bytes: &[u8]) -> u64 {
        let reader = Reader::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
        reader.positions().count() as u64
    }

    /// A damaged block in the middle cuts every game from it on; the
    /// event counts them (the message says how many), and they are all
    /// played again.
    #[test]
    fn a_damaged_block_in_the_middle_cuts_and_counts_every_game_after_it() {
        let path = scratch("middle.dat");
        run(&job(&path, 4, 1), &mut |_| {}).unwrap();
        let whole = std::fs::read(&path).unwrap();
        let second = whole
            .windows(4)
            .enumerate()
            .filter(|(_, w)| *w == b"GAME".as_slice())
            .map(|(i, _)| i)
            .nth(1)
            .unwrap();
        let mut damaged = whole.clone();
        damaged[second + format::BLOCK_HEAD_LEN + 3] ^= 0x55;
        std::fs::write(&path, &damaged).unwrap();
        assert_eq!(blocks_from(&path, second as u64).unwrap(), 3);
        let mut cut = None;
        run(&job(&path, 4, 1), &mut |e| {
            if let Event::Truncated { bytes, games, .. } = e {
                cut = Some((bytes, games));
            }
        })
        .unwrap();
        assert_eq!(cut, Some(((whole.len() - second) as u64, 3)));
        assert_eq!(std::fs::read(&path).unwrap(), whole);
    }

    #[test]
    fn a_cut_tail_is_dropped_and_replayed() {
        let path = scratch("cut.dat");
        run(&job(&path, 3, 1), &mut |_| {}).unwrap();
        let whole = std::fs::read(&path).unwrap();
        // Cut the last block in the middle.
        std::fs::write(&path, &whole[..whole.len() - 30]).unwrap();
        let found = scan(&path).unwrap();
        assert_eq!(found.done, [0, 1]);
        assert!(found.damage.unwrap().contains("cut short"));
        let mut cut = None;
        run(&job(&path, 3, 1), &mut |e| {
            if let Event::Truncated { bytes, .. } = e {
                cut = Some(bytes);
            }
        })
        .unwrap();
        assert!(cut.is_some());
        assert_eq!(std::fs::read(&path).unwrap(), whole);
    }

    #[test]
    fn a_corrupt_block_is_detected() {
        let path = scratch("corrupt.dat");
        run(&job(&path, 2, 1), &mut |_| {}).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes.len() - 10;
        bytes[at] ^= 0x40;
        std::fs::write(&path, &bytes).unwrap();
        let results: Vec<_> = Reader::open(&path).unwrap().games().collect();
        assert_eq!(results.len(), 2);
        assert!(results[0].is_ok());
        let err = results[1].as_ref().unwrap_err().to_string();
        assert!(
            err.contains("checksum") || err.contains("impossible"),
            "{err}"
        );
        assert_eq!(scan(&path).unwrap().done, [0]);
    }

    #[test]
    fn other_settings_are_refused() {
        let path = scratch("settings.dat");
        run(&job(&path, 1, 1), &mut |_| {}).unwrap();
        let mut other = job(&path, 1, 1);
        other.settings.nodes = 300;
        let err = run(&other, &mut |_| {}).unwrap_err().to_string();
        assert!(
            err.contains("was made with other settings (nodes 200 vs 300); use another --out"),
            "{err}"
        );
        std::fs::write(&path, b"not a datagen file at all, but long enough to hold a header and then some more bytes to be sure of it, yes, longer still").unwrap();
        let err = run(&job(&path, 1, 1), &mut |_| {}).unwrap_err().to_string();
        assert!(err.contains("not a training-data file"), "{err}");
    }
}
