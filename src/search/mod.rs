//! The search (PLACEHOLDER API, to be replaced by issue 3's implementation):
//! the public types and `Searcher` signatures below are the contract the
//! protocol and tools program against. The body is a plain fixed-depth
//! negamax so that callers can be developed and tested meanwhile.

pub mod bench;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::game::{Game, History};

/// A search score from the side to move: centiseeds, or an exact game result.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// Scores at or beyond this magnitude are exact game results.
    pub const DECISIVE: i32 = 1_000_000;
    /// A win for the side to move in `plies` plies.
    pub fn win_in(plies: u32) -> Score {
        Score(Self::DECISIVE + 1000 - plies as i32)
    }
    /// A loss for the side to move in `plies` plies.
    pub fn loss_in(plies: u32) -> Score {
        Score(-(Self::DECISIVE + 1000 - plies as i32))
    }
    /// The protocol form: `cp X` or `mate N` (N in moves of the side to move, negative when losing).
    pub fn to_uci(self) -> String {
        if self.0 >= Self::DECISIVE {
            let plies = Self::DECISIVE + 1000 - self.0;
            format!("mate {}", (plies + 1) / 2)
        } else if self.0 <= -Self::DECISIVE {
            let plies = Self::DECISIVE + 1000 + self.0;
            format!("mate -{}", (plies + 1) / 2)
        } else {
            format!("cp {}", self.0)
        }
    }
}

impl std::ops::Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

/// The three playing levels of the `Level` option.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Level {
    /// A uniformly random legal move.
    Easy,
    /// The move that captures most now, ties broken at random.
    Medium,
    /// The full search.
    #[default]
    Hard,
}

/// The players' clocks, as `go wtime btime winc binc movestogo` give them.
/// Index 0 is South (player 1, `w*`), index 1 North (`b*`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time: [Option<Duration>; 2],
    pub inc: [Duration; 2],
    pub movestogo: Option<u32>,
}

/// When to stop searching. Every limit given applies; none means infinite.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Clock,
    /// Search until stopped, whatever the other limits say about time.
    pub infinite: bool,
    /// Lines to report (MultiPV), at least 1.
    pub multipv: usize,
    /// Time kept back from every move for communication delays.
    pub move_overhead: Duration,
}

/// What a completed iteration reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo<M> {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based line number when MultiPV > 1.
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    /// Table fill in permille.
    pub hashfull: u32,
    pub time: Duration,
    pub pv: Vec<M>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// `None` only when the position has no legal move (or the game is over).
    pub best: Option<M>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<M>,
}

/// A search engine for one variant, keeping its table between searches.
pub struct Searcher<G: Game> {
    game: G,
    hash_mb: usize,
    threads: usize,
    level: Level,
    seed: u64,
}

impl<G: Game> Searcher<G> {
    /// A searcher with a table of `hash_mb` MB and `threads` threads.
    pub fn new(game: G, hash_mb: usize, threads: usize) -> Searcher<G> {
        Searcher {
            game,
            hash_mb,
            threads,
            level: Level::Hard,
            seed: 0,
        }
    }
    pub fn game(&self) -> &G {
        &self.game
    }
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.hash_mb = mb;
    }
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads;
    }
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }
    /// Seeds the random choices of the easy and medium levels.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }
    /// Forgets everything learnt (the table).
    pub fn clear(&mut self) {}

    /// Searches `pos` (reached through `history`) within `limits`, restricted
    /// to `searchmoves` when not empty. Returns when a limit is reached or
    /// `stop` becomes true; calls `on_info` after each completed depth.
    pub fn search(
        &mut self,
        pos: &G::Position,
        history: &History<G::Key>,
        limits: &Limits,
        searchmoves: &[G::Move],
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let started = Instant::now();
        let mut moves = G::Moves::default();
        self.game.legal_moves(pos, &mut moves);
        let mut root: Vec<G::Move> = moves
            .iter()
            .copied()
            .filter(|m| searchmoves.is_empty() || searchmoves.contains(m))
            .collect();
        let mut result = SearchResult {
            best: root.first().copied(),
            score: Score(0),
            depth: 0,
            nodes: 0,
            pv: root.first().copied().into_iter().collect(),
        };
        if root.is_empty() || history.is_repetition() {
            return result;
        }
        let max_depth = limits.depth.unwrap_or(if limits.infinite { 64 } else { 6 });
        for depth in 1..=max_depth {
            let mut best = (Score(i32::MIN + 1), root[0]);
            for &mv in &root {
                let next = self.game.play(pos, mv);
                let s = -self.negamax(&next, depth - 1, 1, &mut result.nodes);
                if s > best.0 {
                    best = (s, mv);
                }
            }
            if stop.load(Ordering::Relaxed) && depth > 1 {
                break;
            }
            root.sort_by_key(|m| if *m == best.1 { 0 } else { 1 });
            result.best = Some(best.1);
            result.score = best.0;
            result.depth = depth;
            result.pv = vec![best.1];
            on_info(&SearchInfo {
                depth,
                seldepth: depth,
                multipv: 1,
                score: best.0,
                nodes: result.nodes,
                nps: 0,
                hashfull: 0,
                time: started.elapsed(),
                pv: result.pv.clone(),
            });
            if limits.movetime.is_some_and(|t| started.elapsed() * 4 > t) {
                break;
            }
        }
        result
    }

    fn negamax(&self, pos: &G::Position, depth: u32, ply: u32, nodes: &mut u64) -> Score {
        *nodes += 1;
        if let Some(end) = self.game.end(pos) {
            let me = self.game.side_to_move(pos).index();
            return match end.scores[me].cmp(&end.scores[1 - me]) {
                std::cmp::Ordering::Greater => Score::win_in(ply),
                std::cmp::Ordering::Less => Score::loss_in(ply),
                std::cmp::Ordering::Equal => Score(0),
            };
        }
        if depth == 0 {
            return Score(self.game.evaluate(pos));
        }
        let mut moves = G::Moves::default();
        self.game.legal_moves(pos, &mut moves);
        let mut best = Score(i32::MIN + 1);
        for &mv in moves.iter() {
            let s = -self.negamax(&self.game.play(pos, mv), depth - 1, ply + 1, nodes);
            best = best.max(s);
        }
        best
    }
}
