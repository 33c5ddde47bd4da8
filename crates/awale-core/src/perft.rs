//! Move-path enumeration (perft), the correctness and speed check of the
//! rules: the number of legal move sequences of exactly `depth` plies, where
//! a finished game (repetition included) has no legal moves.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::parallel::prelude::*;

use crate::game::{Game, History, Step};

/// Counts the move paths of `depth` plies from `pos`, whose history (since
/// the last capture) is `history`. The last two plies are counted in bulk by
/// [`Game::count_two_plies`].
pub fn perft<G: Game>(
    game: &G,
    pos: &G::Position,
    history: &mut History<G::Key>,
    depth: u32,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if history.is_repetition() && game.repetition_end(pos).is_some() {
        return 0;
    }
    Paths {
        game,
        history,
        min: game.min_repetition_plies(),
    }
    .alive(pos, depth)
}

/// What [`perft`]'s recursion carries: the variant, the history of the
/// path so far, and the variant's fewest plies between repeated positions.
struct Paths<'a, G: Game> {
    game: &'a G,
    history: &'a mut History<G::Key>,
    min: usize,
}

impl<G: Game> Paths<'_, G> {
    /// [`perft`] for `depth >= 1` from a position known not to end by
    /// repetition: children are tested before they are pushed, so no node
    /// tests itself.
    fn alive(&mut self, pos: &G::Position, depth: u32) -> u64 {
        match depth {
            1 => self.game.count_legal_moves(pos) as u64,
            2 => self.two_plies(pos),
            _ => self.deep(pos, depth),
        }
    }

    /// The paths of two plies from `pos` ([`Game::count_two_plies`]).
    #[inline]
    fn two_plies(&mut self, pos: &G::Position) -> u64 {
        let (history, min) = (&*self.history, self.min);
        self.game
            .count_two_plies(pos, |key| history.would_repeat_after(*key, min))
    }

    /// [`Paths::alive`] for `depth >= 3`. The children of a depth-3 node
    /// are counted by [`Game::count_two_plies`] right here, without a
    /// recursive call per child.
    fn deep(&mut self, pos: &G::Position, depth: u32) -> u64 {
        let game = self.game;
        let mut moves = G::Moves::default();
        game.legal_moves(pos, &mut moves);
        let mut total = 0;
        for &mv in moves.iter() {
            let step = Step::new(game, pos, mv);
            let next = step.pos;
            if !step.irreversible
                && self.history.would_repeat_after(step.key, self.min)
                && game.repetition_end(&next).is_some()
            {
                continue;
            }
            step.record(self.history);
            total += if depth == 3 {
                self.two_plies(&next)
            } else {
                self.deep(&next, depth - 1)
            };
            self.history.pop();
        }
        total
    }
}

/// The deepest perft accepted, by the protocol and the command line alike:
/// depth 12 from the `oware` start takes 1.5 s and each ply multiplies it by
/// about five, so depth 20 already takes days and deeper cannot finish.
pub const MAX_DEPTH: u32 = 20;

/// How many plies above the leaves a cancellable perft stops looking at its
/// stop flag: subtrees this shallow are counted by [`perft`] whole, so the
/// hot loops never test the flag (a 3-ply subtree has a few hundred paths
/// in `oware` and some thousands in the 16-hole variants, so a `stop` is
/// acted on within milliseconds in every variant).
const STOP_GRAIN: u32 = 3;

/// Why [`divide`] returned no counts.
#[derive(Debug, thiserror::Error)]
pub enum PerftError {
    /// The thread pool could not be built.
    #[error("cannot start threads: {0}")]
    Threads(crate::parallel::ThreadPoolBuildError),
    /// The stop flag was set before the count was returned.
    #[error("stopped")]
    Stopped,
}

/// Perft split by root move ("divide"): the count below each legal move, in
/// move-generation order. Root moves are shared out over `threads` rayon
/// threads (1 = this thread only). Gives up with [`PerftError::Stopped`]
/// soon after `stop` is set (it is read at every node more than
/// [`STOP_GRAIN`] plies from the leaves); pass a flag never set to count to
/// the end.
pub fn divide<G: Game>(
    game: &G,
    pos: &G::Position,
    history: &History<G::Key>,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Result<Vec<(G::Move, u64)>, PerftError> {
    let depth = depth.max(1);
    let mut moves = G::Moves::default();
    if !(history.is_repetition() && game.repetition_end(pos).is_some()) {
        game.legal_moves(pos, &mut moves);
    }
    let count = |mv: G::Move| {
        let mut history = history.clone();
        let next = push_child(game, pos, mv, &mut history);
        perft_until(game, &next, &mut history, depth - 1, stop).map(|n| (mv, n))
    };
    let counts = if threads <= 1 {
        moves.iter().map(|&mv| count(mv)).collect()
    } else {
        let pool = crate::parallel::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(PerftError::Threads)?;
        pool.install(|| moves.par_iter().map(|&mv| count(mv)).collect())
    };
    match counts {
        Some(counts) if !stop.load(Ordering::Relaxed) => Ok(counts),
        _ => Err(PerftError::Stopped),
    }
}

/// Plays `mv` from `pos`, pushes the child onto `history` and returns it.
fn push_child<G: Game>(
    game: &G,
    pos: &G::Position,
    mv: G::Move,
    history: &mut History<G::Key>,
) -> G::Position {
    let step = Step::new(game, pos, mv);
    step.record(history);
    step.pos
}

/// [`perft`] that returns `None` once `stop` is set, looked at in every node
/// more than [`STOP_GRAIN`] plies from the leaves; shallower subtrees are
/// handed to [`perft`] whole.
fn perft_until<G: Game>(
    game: &G,
    pos: &G::Position,
    history: &mut History<G::Key>,
    depth: u32,
    stop: &AtomicBool,
) -> Option<u64> {
    if depth <= STOP_GRAIN {
        return Some(perft(game, pos, history, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if history.is_repetition() && game.repetition_end(pos).is_some() {
        return Some(0);
    }
    let mut moves = G::Moves::default();
    game.legal_moves(pos, &mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let next = push_child(game, pos, mv, history);
        let count = perft_until(game, &next, history, depth - 1, stop);
        history.pop();
        total += count?;
    }
    Some(total)
}
