//! One self-play game: random opening plies, then both sides search a
//! fixed number of nodes per move with the endgame tables, every searched
//! position recorded.
//!
//! A game depends only on the settings and its index: the random plies
//! come from a generator seeded by `(seed, index)`, and a single-threaded
//! search with a node limit and a fresh table explores the same tree
//! whatever else the machine does.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::format::{flags, Ending, GameRecord, PackedScore, Record, TableKind, TableValue};
use crate::game::Oracle;
use crate::game::{EndReason, Game, Line};
use crate::rng::Rng;
use crate::search::{Limits, Searcher};
use crate::tables::{verdict, EndgameTables};
use crate::variants::oware::{Board, Oware};

/// How the games are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Nodes searched per move.
    pub nodes: u64,
    /// Uniformly random plies at the start.
    pub random_plies: u32,
    /// Plies after which a game is stopped and adjudicated (each side
    /// collecting the seeds on its own side).
    pub max_plies: u32,
    /// Seeds the random plies of every game.
    pub seed: u64,
    /// Transposition table of each game's search, in MB.
    pub hash_mb: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            nodes: 5000,
            random_plies: 8,
            max_plies: 300,
            seed: 1,
            hash_mb: 4,
        }
    }
}

/// The endgame tables as a game uses them: the oracle the search consults
/// and the tables themselves for the records.
#[derive(Clone)]
pub struct TableUse {
    /// The tables.
    pub tables: Arc<EndgameTables>,
    oracle: Arc<dyn Oracle<Oware>>,
}

impl TableUse {
    /// The tables for `game`, `None` when they do not answer for its rules
    /// or hold no level.
    pub fn new(game: &Oware, tables: Arc<EndgameTables>) -> Option<TableUse> {
        let oracle = crate::tables::oracle_for(game, &tables)?;
        Some(TableUse { tables, oracle })
    }
}

/// The seed of game `index`'s random plies: SplitMix-style mixing, so
/// neighbouring indices and seeds give unrelated streams.
pub fn game_seed(seed: u64, index: u32) -> u64 {
    let mut mix = Rng::new(seed ^ (u64::from(index) << 32 | u64::from(index)));
    mix.next_u64() ^ Rng::new(u64::from(index)).next_u64()
}

/// Plays the random opening of game `index`: `random_plies` uniformly
/// random moves, drawn again (from the same stream) when they end the game.
/// After [`OPENING_TRIES`] such draws (only very long random openings get
/// there), the last one is taken back to before its ending move.
fn opening(game: &Oware, settings: &Settings, index: u32) -> Line<Oware> {
    let mut rng = Rng::new(game_seed(settings.seed, index));
    let mut tries = 0;
    loop {
        let mut line = Line::new(game.clone());
        for _ in 0..settings.random_plies {
            let moves = line.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            line.play(mv).expect("a legal move");
        }
        tries += 1;
        if tries >= OPENING_TRIES {
            while line.is_over() && line.undo().is_some() {}
        }
        if !line.is_over() {
            return line;
        }
    }
}

/// Random openings drawn for a game before one is shortened instead.
const OPENING_TRIES: u32 = 1000;

/// Plays game `index` and returns its record.
pub fn play_game(
    game: &Oware,
    settings: &Settings,
    tables: Option<&TableUse>,
    index: u32,
) -> GameRecord {
    let mut line = opening(game, settings, index);
    let mut searcher = Searcher::new(game.clone(), settings.hash_mb, 1);
    searcher.set_oracle(tables.map(|t| Arc::clone(&t.oracle)));
    let limits = Limits {
        nodes: Some(settings.nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut positions: Vec<Record> = Vec::new();
    let mut sides = Vec::new();
    while !line.is_over() && (line.len() as u32) < settings.max_plies {
        let pos = *line.position();
        let result = searcher.search(&pos, line.history(), &limits, &[], &stop, &mut |_| {});
        let Some(best) = result.best else { break };
        let me = pos.side();
        let next = game.play(&pos, best);
        let score = PackedScore::of(result.score);
        let mut bits = 0;
        if next.score(me) > pos.score(me) {
            bits |= flags::CAPTURE;
        }
        if score.is_proven() {
            bits |= flags::PROVEN;
        }
        let fresh = line.history().reversible_plies() == 0;
        let table = tables.and_then(|t| verdict(&t.tables, game, &pos, fresh));
        if table.is_some_and(|v| v.final_scores.is_some()) {
            bits |= flags::TABLE_APPLIES;
        }
        positions.push(Record {
            holes: holes(&pos),
            captured: [pos.score(0) as u8, pos.score(1) as u8],
            side: me as u8,
            best: best.0,
            score,
            final_seeds: [0, 0],
            table: table.map(|v| TableValue {
                lo: v.entry.lo,
                hi: v.entry.hi,
                kind: if v.entry.is_exact() {
                    TableKind::Exact
                } else if v.entry.lo == v.entry.hi {
                    TableKind::Fresh
                } else {
                    TableKind::Bounds
                },
            }),
            flags: bits,
        });
        sides.push(me);
        line.play(best).expect("the search plays legal moves");
    }
    let (ending, scores) = match line.end() {
        Some(end) => (
            match end.reason {
                EndReason::Target => Ending::Target,
                EndReason::EvenSplit => Ending::EvenSplit,
                EndReason::NoLegalMove | EndReason::FewSeeds => Ending::NoLegalMove,
                EndReason::Repetition => Ending::Repetition,
            },
            end.scores,
        ),
        None => (Ending::Adjudicated, line.position().collected_scores()),
    };
    let final_scores = [scores[0] as u8, scores[1] as u8];
    for (record, me) in positions.iter_mut().zip(sides) {
        record.final_seeds = [final_scores[me], final_scores[1 - me]];
    }
    GameRecord {
        index,
        ending,
        final_scores,
        positions,
    }
}

/// The seeds of the twelve holes.
fn holes(pos: &Board) -> [u8; 12] {
    std::array::from_fn(|h| pos.seeds(h) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quick() -> Settings {
        Settings {
            nodes: 300,
            ..Settings::default()
        }
    }

    #[test]
    fn a_game_is_reproducible_and_consistent() {
        let game = Oware::default();
        let tables = Arc::new(EndgameTables::build_in_memory(Default::default(), 6));
        let tables = TableUse::new(&game, tables);
        let a = play_game(&game, &quick(), tables.as_ref(), 3);
        let b = play_game(&game, &quick(), tables.as_ref(), 3);
        assert_eq!(a, b);
        let other = play_game(&game, &quick(), tables.as_ref(), 4);
        assert_ne!(a.positions[0], other.positions[0], "another opening");
        let total: u32 = a.final_scores.iter().map(|&s| u32::from(s)).sum();
        assert!(total == 48 || a.ending == Ending::Target, "{a:?}");
        assert!(!a.positions.is_empty());
        // Each position follows from the one before by its best move.
        for pair in a.positions.windows(2) {
            let next = game.play(&pair[0].board(), crate::variants::oware::Move(pair[0].best));
            assert_eq!(next, pair[1].board());
        }
        for r in &a.positions {
            assert_eq!(r.table.is_some(), r.on_board() <= 6, "{r:?}");
        }
    }

    #[test]
    fn the_opening_depends_on_seed_and_index_only() {
        let game = Oware::default();
        let settings = quick();
        let a = opening(&game, &settings, 9);
        assert_eq!(a.len(), 8);
        assert_eq!(a.moves(), opening(&game, &settings, 9).moves());
        let reseeded = Settings { seed: 2, ..quick() };
        assert_ne!(a.moves(), opening(&game, &reseeded, 9).moves());
        // Random games of 400 plies nearly always end: one is cut short.
        let long = Settings {
            random_plies: 400,
            ..quick()
        };
        assert!(!opening(&game, &long, 1).is_over());
    }
}
