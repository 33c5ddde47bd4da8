//! Helpers of the unit tests of any variant.

use super::Game;
use crate::rng::Rng;

/// Every position of `games` random games of `game` (uniform legal moves
/// drawn from `seed`), each cut after `plies` plies or at its end: the
/// material of tests that check an evaluation against the rules'
/// symmetries.
pub(crate) fn random_game_positions<G: Game>(
    game: &G,
    seed: u64,
    games: usize,
    plies: usize,
) -> Vec<G::Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = game.start();
        for _ in 0..plies {
            out.push(pos);
            let mut moves = G::Moves::default();
            game.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            pos = game.play(&pos, moves[rng.below(moves.len())]);
        }
    }
    out
}
