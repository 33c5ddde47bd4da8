//! Move-path enumeration (perft), the correctness and speed check of the
//! rules: the number of legal move sequences of exactly `depth` plies, where
//! a finished game (repetition included) has no legal moves.

use rayon::prelude::*;

use crate::game::{Game, History};

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
    perft_alive(game, pos, history, depth)
}

/// [`perft`] for `depth >= 1` from a position known not to end by
/// repetition: children are tested before they are pushed, so no node
/// tests itself.
fn perft_alive<G: Game>(
    game: &G,
    pos: &G::Position,
    history: &mut History<G::Key>,
    depth: u32,
) -> u64 {
    match depth {
        1 => game.count_legal_moves(pos) as u64,
        2 => {
            let min = game.min_repetition_plies();
            game.count_two_plies(pos, |key| history.would_repeat_after(*key, min))
        }
        _ => perft_deep(game, pos, history, depth),
    }
}

/// [`perft_alive`] for `depth >= 3`. The children of a depth-3 node are
/// counted by [`Game::count_two_plies`] right here, without a recursive
/// call per child.
fn perft_deep<G: Game>(
    game: &G,
    pos: &G::Position,
    history: &mut History<G::Key>,
    depth: u32,
) -> u64 {
    let min = game.min_repetition_plies();
    let mut moves = G::Moves::default();
    game.legal_moves(pos, &mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let next = game.play(pos, mv);
        let key = game.key(&next);
        let irreversible = game.is_irreversible(pos, &next);
        if !irreversible
            && history.would_repeat_after(key, min)
            && game.repetition_end(&next).is_some()
        {
            continue;
        }
        history.push(key, irreversible);
        total += if depth == 3 {
            game.count_two_plies(&next, |key| history.would_repeat_after(*key, min))
        } else {
            perft_deep(game, &next, history, depth - 1)
        };
        history.pop();
    }
    total
}

/// Perft split by root move ("divide"): the count below each legal move, in
/// move-generation order. Root moves are shared out over `threads` rayon
/// threads (1 = this thread only).
pub fn divide<G: Game>(
    game: &G,
    pos: &G::Position,
    history: &History<G::Key>,
    depth: u32,
    threads: usize,
) -> Result<Vec<(G::Move, u64)>, rayon::ThreadPoolBuildError> {
    let depth = depth.max(1);
    let mut moves = G::Moves::default();
    if !(history.is_repetition() && game.repetition_end(pos).is_some()) {
        game.legal_moves(pos, &mut moves);
    }
    let count = |mv: G::Move| {
        let next = game.play(pos, mv);
        let mut history = history.clone();
        history.push(game.key(&next), game.is_irreversible(pos, &next));
        (mv, perft(game, &next, &mut history, depth - 1))
    };
    if threads <= 1 {
        return Ok(moves.iter().map(|&mv| count(mv)).collect());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    Ok(pool.install(|| moves.par_iter().map(|&mv| count(mv)).collect()))
}
