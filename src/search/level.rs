//! The easy and medium playing levels: no search, a seeded choice.

use crate::game::Game;
use crate::rng::Rng;

/// A uniformly random move of `moves` (the easy level).
pub fn random_move<M: Copy>(moves: &[M], rng: &mut Rng) -> Option<M> {
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

/// Seeds the move captures at once: the mover's score change.
pub fn captured<G: Game>(game: &G, pos: &G::Position, mv: G::Move) -> u32 {
    let me = game.side_to_move(pos).index();
    let next = game.play(pos, mv);
    game.scores(&next)[me].saturating_sub(game.scores(pos)[me])
}

/// The move of `moves` that captures most now, ties broken uniformly at
/// random (the medium level).
pub fn greedy_move<G: Game>(
    game: &G,
    pos: &G::Position,
    moves: &[G::Move],
    rng: &mut Rng,
) -> Option<G::Move> {
    let gains: Vec<u32> = moves.iter().map(|&m| captured(game, pos, m)).collect();
    let most = *gains.iter().max()?;
    let best: Vec<G::Move> = moves
        .iter()
        .zip(&gains)
        .filter(|(_, &g)| g == most)
        .map(|(&m, _)| m)
        .collect();
    random_move(&best, rng)
}
