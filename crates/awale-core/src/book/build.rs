//! How the engine makes its opening book.
//!
//! 1. **Expansion**, ply by ply from the start position: every position of
//!    a ply is searched with a fixed node budget and one principal line per
//!    legal move (MultiPV), which scores every move. The positions of the
//!    next ply are those reached by every move while the ply is below
//!    [`Config::full_plies`] (so any first replies of an opponent are
//!    covered), and after that by the moves within [`Config::margin`] of the
//!    best (the lines worth playing). Positions reached twice are searched
//!    once; finished games are not searched.
//! 2. **Back-up**: a move that leads to a position of the book takes the
//!    negated best score of that position, computed the same way, so the
//!    scores near the start reflect the searches at the ends of the lines.
//!
//! Each search starts from an empty table on one thread, so the book is
//! the same whatever [`Config::threads`] says (the positions of a ply are
//! shared among threads, each with its own searcher).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::parallel::prelude::*;

use super::format::{Entry, MAX_SCORE};
use super::{position_key, rules_text, Book, BookError};
use crate::game::{Game, History};
use crate::search::{Limits, Searcher};

/// How a book is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Nodes searched per position (shared by its lines).
    pub nodes: u64,
    /// Plies from the start covered: positions up to `plies - 1` plies deep
    /// are searched.
    pub plies: u32,
    /// Plies over which every move is followed, not only the good ones.
    pub full_plies: u32,
    /// Moves followed after [`Config::full_plies`]: those within this many
    /// hundredths of a seed of the best.
    pub margin: i32,
    /// Transposition table of each search, in MB.
    pub hash_mb: usize,
    /// Positions searched at once.
    pub threads: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            nodes: 12_000_000,
            plies: 10,
            full_plies: 2,
            margin: 25,
            hash_mb: 64,
            threads: 1,
        }
    }
}

/// Where a build stands, for a progress display.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The ply being searched (0 for the start position).
    pub ply: u32,
    /// Positions of this ply searched so far.
    pub done: usize,
    /// Positions of this ply.
    pub total: usize,
    /// Positions searched at earlier plies.
    pub before: usize,
}

/// One move of a searched position.
#[derive(Copy, Clone, Debug)]
struct Scored<M> {
    mv: M,
    /// Its index in the position's legal moves.
    index: u8,
    score: i32,
    depth: u32,
}

/// A searched position and the scores of its moves.
struct Node<G: Game> {
    pos: G::Position,
    moves: Vec<Scored<G::Move>>,
}

/// Searches `pos` with one line per legal move; the scores are those of
/// the deepest iteration that scored every move.
fn score_moves<G: Game>(
    searcher: &mut Searcher<G>,
    pos: &G::Position,
    nodes: u64,
    stop: &AtomicBool,
) -> Vec<Scored<G::Move>> {
    let game = searcher.game().clone();
    let mut legal = G::Moves::default();
    game.legal_moves(pos, &mut legal);
    if legal.is_empty() {
        return Vec::new();
    }
    let limits = Limits {
        nodes: Some(nodes),
        multipv: legal.len(),
        ..Limits::default()
    };
    // (depth, move, score) of every line reported.
    let mut lines: Vec<(u32, G::Move, i32)> = Vec::new();
    let mut on_info = |info: &crate::search::SearchInfo<G::Move>| {
        if let Some(&mv) = info.pv.first() {
            lines.push((info.depth, mv, info.score.0));
        }
    };
    searcher.clear();
    searcher.search(
        pos,
        &History::new(game.key(pos)),
        &limits,
        &[],
        stop,
        &mut on_info,
    );
    let complete = |d: u32| lines.iter().filter(|l| l.0 == d).count() == legal.len();
    let Some(depth) = lines.iter().map(|l| l.0).filter(|&d| complete(d)).max() else {
        return Vec::new();
    };
    legal
        .iter()
        .enumerate()
        .filter_map(|(i, &mv)| {
            let (_, _, score) = lines.iter().find(|l| l.0 == depth && l.1 == mv)?;
            Some(Scored {
                mv,
                index: u8::try_from(i).ok()?,
                score: *score,
                depth,
            })
        })
        .collect()
}

/// Makes the book of `game` from its start position as `config` says;
/// `progress` is called after each position searched. `stop` abandons the
/// build (an error).
pub fn build<G: Game>(
    game: &G,
    config: &Config,
    stop: &AtomicBool,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Book, BookError> {
    let pool = crate::parallel::ThreadPoolBuilder::new()
        .num_threads(config.threads.max(1))
        .build()
        .map_err(|e| BookError(format!("cannot start the build's threads: {e}")))?;
    let mut nodes: Vec<Node<G>> = Vec::new();
    let mut index: HashMap<u64, usize> = HashMap::new();
    let key = |pos: &G::Position| position_key(&game.format_position(pos));
    let mut layer = vec![game.start()];
    for ply in 0..config.plies {
        if layer.is_empty() {
            break;
        }
        let done = AtomicUsize::new(0);
        let before = nodes.len();
        let total = layer.len();
        let scored: Vec<Vec<Scored<G::Move>>> = pool.install(|| {
            layer
                .par_iter()
                .map_init(
                    || Searcher::new(game.clone(), config.hash_mb, 1),
                    |searcher, pos| {
                        let moves = score_moves(searcher, pos, config.nodes, stop);
                        let done = done.fetch_add(1, Ordering::Relaxed) + 1;
                        progress(Progress {
                            ply,
                            done,
                            total,
                            before,
                        });
                        moves
                    },
                )
                .collect()
        });
        if stop.load(Ordering::Relaxed) {
            return Err(BookError("the build was stopped".into()));
        }
        for (k, pos) in layer.iter().enumerate() {
            index.insert(key(pos), before + k);
        }
        let mut next = Vec::new();
        for (pos, moves) in layer.iter().zip(scored) {
            let best = moves.iter().map(|m| m.score).max().unwrap_or(0);
            let followed = moves
                .iter()
                .filter(|m| ply < config.full_plies || m.score >= best - config.margin);
            for m in followed {
                let child = game.play(pos, m.mv);
                let k = key(&child);
                if game.end(&child).is_none() && !index.contains_key(&k) {
                    index.insert(k, usize::MAX);
                    next.push(child);
                }
            }
            nodes.push(Node { pos: *pos, moves });
        }
        layer = next;
    }
    // The positions of the ply after the last were marked (to search each
    // once) but are not in the book.
    index.retain(|_, &mut i| i != usize::MAX);
    Ok(back_up(game, &nodes, &index))
}

/// The scores of the searched positions' moves backed up through the
/// book's own positions, each position's best once, memoised.
struct BackUp<'a, G: Game> {
    game: &'a G,
    nodes: &'a [Node<G>],
    index: &'a HashMap<u64, usize>,
    /// Per node, 0: not yet; 1: under way (a cycle: use the searched
    /// scores); 2: done.
    state: Vec<u8>,
    /// Per node, its best `(score, depth)` once done.
    best: Vec<(i32, u32)>,
}

impl<'a, G: Game> BackUp<'a, G> {
    fn new(game: &'a G, nodes: &'a [Node<G>], index: &'a HashMap<u64, usize>) -> Self {
        BackUp {
            game,
            nodes,
            index,
            state: vec![0; nodes.len()],
            best: vec![(0, 0); nodes.len()],
        }
    }

    /// The `(score, depth)` of each move of node `i`: a move into a book
    /// position that is not under way takes that position's best, negated
    /// and a ply deeper; any other keeps its searched score.
    fn moves_of(&mut self, i: usize) -> Vec<(i32, u32)> {
        let was = self.state[i];
        self.state[i] = 1;
        let node = &self.nodes[i];
        let scores = node
            .moves
            .iter()
            .map(|m| {
                let child = self.game.play(&node.pos, m.mv);
                let j = self
                    .index
                    .get(&position_key(&self.game.format_position(&child)));
                match j {
                    Some(&j) if !self.nodes[j].moves.is_empty() && self.state[j] != 1 => {
                        let (score, depth) = self.best_of(j);
                        (-score, depth.saturating_add(1))
                    }
                    _ => (m.score, m.depth),
                }
            })
            .collect();
        self.state[i] = was;
        scores
    }

    /// The best backed-up `(score, depth)` of node `i`.
    fn best_of(&mut self, i: usize) -> (i32, u32) {
        if self.state[i] != 2 {
            let moves = self.moves_of(i);
            self.best[i] = moves.into_iter().max_by_key(|m| m.0).unwrap_or((0, 0));
            self.state[i] = 2;
        }
        self.best[i]
    }
}

/// The book of the searched positions, every move scored by the back-up.
fn back_up<G: Game>(game: &G, nodes: &[Node<G>], index: &HashMap<u64, usize>) -> Book {
    let mut memo = BackUp::new(game, nodes, index);
    let mut entries = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        let key = position_key(&game.format_position(&node.pos));
        let scores = memo.moves_of(i);
        for (m, (score, depth)) in node.moves.iter().zip(scores) {
            entries.push(Entry {
                key,
                score: score.clamp((-MAX_SCORE).into(), MAX_SCORE.into()) as i16,
                mv: m.index,
                depth: depth.min(u8::MAX.into()) as u8,
            });
        }
    }
    Book::new(game.name(), &rules_text(game), entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::oware::Oware;

    fn small(threads: usize) -> Config {
        Config {
            nodes: 3000,
            plies: 4,
            full_plies: 1,
            margin: 30,
            hash_mb: 1,
            threads,
        }
    }

    fn make(config: &Config) -> Book {
        build(&Oware::default(), config, &AtomicBool::new(false), &|_| {}).unwrap()
    }

    #[test]
    fn the_same_book_whatever_the_threads() {
        let one = make(&small(1));
        assert_eq!(one.encode().unwrap(), make(&small(2)).encode().unwrap());
        // Ply 0 and the 6 positions after it are searched in full, then
        // the good lines only.
        assert!(one.positions() > 7, "{}", one.positions());
    }

    #[test]
    fn every_position_scores_every_move_and_backs_up_its_children() {
        let game = Oware::default();
        let book = make(&small(1));
        let report = super::super::check::check(&book, &game);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        assert_eq!(report.reached, book.positions());
        let start = game.start();
        let moves = book.moves(&game, &start);
        assert_eq!(moves.len(), 6, "every first move is in the book");
        let mut backed = 0;
        for m in &moves {
            let child = game.play(&start, m.mv);
            let replies = book.moves(&game, &child);
            assert_eq!(replies.len(), 6, "every reply of ply 1 is scored");
            assert_eq!(m.score, -replies[0].score, "backed up from the child");
            assert_eq!(m.depth, replies[0].depth + 1);
            backed += 1;
        }
        assert_eq!(backed, 6);
    }

    #[test]
    fn a_stopped_build_is_an_error() {
        let err = build(
            &Oware::default(),
            &small(1),
            &AtomicBool::new(true),
            &|_| {},
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("stopped"), "{err}");
    }
}
