//! The random mover (step 0 of the strength ladder, a seeded choice
//! without a search) and the one-ply look that answers for a search given
//! no time at all.

use super::score::{clamp_heuristic, game_result};
use crate::game::Game;
use crate::rng::Rng;

/// A uniformly random move of `moves` (the random mover).
pub fn random_move<M: Copy>(moves: &[M], rng: &mut Rng) -> Option<M> {
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

/// The move of `moves` after which the evaluation, from the mover's side,
/// is best (a move that ends the game scored as won, drawn or lost; the
/// first of equals): what a search given no time at all answers. It does
/// not see repetitions, which need the game's history.
pub fn one_ply_move<G: Game>(game: &G, pos: &G::Position, moves: &[G::Move]) -> Option<G::Move> {
    let me = game.side_to_move(pos).index();
    let value = |mv: G::Move| {
        let next = game.play(pos, mv);
        match game.end(&next) {
            Some(end) => game_result(end.scores, me, 1),
            None => -clamp_heuristic(game.evaluate(&next)),
        }
    };
    let mut best: Option<(i32, G::Move)> = None;
    for &mv in moves {
        let v = value(mv);
        if best.map_or(true, |(b, _)| v > b) {
            best = Some((v, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::oware::Oware;

    /// The game, the position `text` and its legal moves.
    fn position(text: &str) -> (Oware, <Oware as Game>::Position, Vec<<Oware as Game>::Move>) {
        let game = Oware::default();
        let pos = game.parse_position(text).unwrap();
        let mut moves = <Oware as Game>::Moves::default();
        game.legal_moves(&pos, &mut moves);
        let moves = moves.iter().copied().collect();
        (game, pos, moves)
    }

    #[test]
    fn the_one_ply_look_prefers_a_capture_to_the_first_legal_move() {
        // South to move: A (the first legal move) sows no capture,
        // F takes 5 seeds from North's first two holes.
        let (game, pos, moves) = position("5-0-0-0-0-2-1-2-2-2-2-2-15-15-S");
        let text: Vec<String> = moves.iter().map(|&m| game.format_move(&pos, m)).collect();
        assert_eq!(text, ["A", "F"]);
        let chosen = one_ply_move(&game, &pos, &moves).unwrap();
        assert_eq!(game.format_move(&pos, chosen), "F");
        assert_eq!(one_ply_move(&game, &pos, &moves[..1]), Some(moves[0]));
        assert_eq!(one_ply_move(&game, &pos, &[]), None);
    }

    #[test]
    fn the_one_ply_look_takes_a_move_that_wins_at_once() {
        // F's capture of 2 brings South to 25: the game is won at once.
        let (game, pos, moves) = position("1-0-0-0-0-1-1-3-2-2-2-2-23-11-S");
        let chosen = one_ply_move(&game, &pos, &moves).unwrap();
        assert_eq!(game.format_move(&pos, chosen), "F");
        assert!(game.end(&game.play(&pos, chosen)).is_some());
    }
}
