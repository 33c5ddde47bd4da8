//! Checks that hold for every variant, written once over [`Game`]: random
//! games, perft from any position, and exact keys.

use awale::game::{Game, History};
use awale::perft::perft;

/// Plays a game from the start, choosing move `c % moves` for each `c` of
/// `choices` until the game ends, and returns every position reached.
pub fn random_game<G: Game>(game: &G, choices: &[usize]) -> Vec<G::Position> {
    let mut pos = game.start();
    let mut seen = vec![pos];
    let mut moves = Default::default();
    for &c in choices {
        game.legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        pos = game.play(&pos, moves[c % moves.len()]);
        seen.push(pos);
    }
    seen
}

/// The engine's perft of `pos` with a fresh history.
pub fn engine_perft<G: Game>(game: &G, pos: &G::Position, depth: u32) -> u64 {
    let mut history = History::new(game.key(pos));
    perft(game, pos, &mut history, depth)
}

/// Asserts that two of `positions` have equal keys exactly when they are
/// equal.
pub fn assert_keys_exact<G: Game>(game: &G, positions: &[G::Position]) {
    for a in positions {
        for b in positions {
            assert_eq!(a == b, game.key(a) == game.key(b), "{a:?} {b:?}");
        }
    }
}
