//! Checks that hold for every variant, written once over [`Game`]: random
//! games, perft from any position, exact keys, and text round trips.

use awale::game::{Game, History};
use awale::perft::perft;
use proptest::prelude::*;

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

/// Asserts that the engine's perft from the start is `counts[d - 1]` at
/// each depth `d` of `counts`.
pub fn assert_start_perft<G: Game>(game: &G, counts: &[u64]) {
    for (d, &expected) in counts.iter().enumerate() {
        let depth = d as u32 + 1;
        assert_eq!(
            engine_perft(game, &game.start(), depth),
            expected,
            "{}: depth {depth}",
            game.name()
        );
    }
}

/// The positions of 40 games played by [`random_game`] from fixed choices
/// (`plies` of them, each below `below`): the same on every run, and many
/// positions alike but for a seed or two, as [`assert_keys_exact`] wants.
pub fn fixed_games<G: Game>(game: &G, plies: usize, below: usize) -> Vec<G::Position> {
    let mut positions = Vec::new();
    for seed in 0..40usize {
        let choices: Vec<usize> = (0..plies)
            .map(|i| (i * 7 + seed * 13 + i * i * seed) % below)
            .collect();
        positions.extend(random_game(game, &choices));
    }
    positions
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

/// `pos` survives formatting and parsing, key included, and every legal
/// move's text is read back as that move, in either case.
pub fn round_trips<G: Game>(game: &G, pos: &G::Position) -> Result<(), TestCaseError> {
    let text = game.format_position(pos);
    prop_assert_eq!(game.parse_position(&text), Ok(*pos));
    prop_assert_eq!(
        game.key(&game.parse_position(&text).unwrap()),
        game.key(pos)
    );
    let mut moves = G::Moves::default();
    game.legal_moves(pos, &mut moves);
    for &mv in moves.iter() {
        let written = game.format_move(pos, mv);
        prop_assert_eq!(game.parse_move(pos, &written), Ok(mv));
        prop_assert_eq!(game.parse_move(pos, &written.to_lowercase()), Ok(mv));
    }
    Ok(())
}
