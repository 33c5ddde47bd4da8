//! What the simple reference models of the colour variants share: the
//! little they must answer ([`Model`]), perft over them, and the check of
//! the engine against a model on one position, written once. The models
//! use nothing of the engine; only [`agrees_on_moves`] puts the two side by
//! side.

use awale::game::Game;
use proptest::prelude::*;

/// A position of a simple reference model, its moves written as the engine
/// writes them.
pub trait Model: Clone + PartialEq {
    /// The legal moves; none once the game is over.
    fn moves(&self) -> Vec<String>;

    /// The position after `mv`, one of [`Model::moves`].
    fn play(&self, mv: &str) -> Self;

    /// The position string, as the engine writes it.
    fn text(&self) -> String;

    /// Whether the repetition rule forgets every position before `next`,
    /// reached from `self` by one move: after a capture, since no earlier
    /// position can come back. A variant without a repetition rule forgets
    /// them after every move, so no path is ever cut.
    fn forgets(&self, next: &Self) -> bool;
}

/// The move paths of `depth` plies from `pos`, where a position repeated
/// since the last capture ends the path (see [`Model::forgets`]).
pub fn perft<M: Model>(pos: &M, depth: u32) -> u64 {
    perft_since(pos, depth, &mut Vec::new())
}

/// [`perft`] of `pos` reached along a path whose positions since the last
/// capture, before `pos`, are `earlier`.
pub fn perft_since<M: Model>(pos: &M, depth: u32, earlier: &mut Vec<M>) -> u64 {
    if depth == 0 {
        return 1;
    }
    if earlier.contains(pos) {
        return 0;
    }
    let moves = pos.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for mv in moves {
        let next = pos.play(&mv);
        if pos.forgets(&next) {
            total += perft_since(&next, depth - 1, &mut Vec::new());
        } else {
            earlier.push(pos.clone());
            total += perft_since(&next, depth - 1, earlier);
            earlier.pop();
        }
    }
    total
}

/// Asserts that the model's perft from `pos` is `counts[d - 1]` at each
/// depth `d` of `counts`.
pub fn assert_perft<M: Model>(pos: &M, counts: &[u64]) {
    for (d, &expected) in counts.iter().enumerate() {
        let depth = d as u32 + 1;
        assert_eq!(
            perft(pos, depth),
            expected,
            "depth {depth} from {}",
            pos.text()
        );
    }
}

/// The engine's position `pos` and the model's `model` are the same
/// position: the same string, the same legal moves (and none exactly when
/// the engine sees the game over), and the same position after each move.
pub fn agrees_on_moves<G: Game, M: Model>(
    game: &G,
    pos: &G::Position,
    model: &M,
) -> Result<(), TestCaseError> {
    let text = game.format_position(pos);
    prop_assert_eq!(model.text(), text.clone());
    let mut moves = G::Moves::default();
    game.legal_moves(pos, &mut moves);
    let mut listed: Vec<String> = moves.iter().map(|&m| game.format_move(pos, m)).collect();
    listed.sort();
    let mut expected = model.moves();
    expected.sort();
    prop_assert_eq!(&listed, &expected, "moves of {}", text);
    prop_assert_eq!(moves.len(), game.count_legal_moves(pos));
    prop_assert_eq!(moves.is_empty(), game.end(pos).is_some());
    for mv in &expected {
        let engine = game.play(pos, game.parse_move(pos, mv).unwrap());
        prop_assert_eq!(
            game.format_position(&engine),
            model.play(mv).text(),
            "{} after {}",
            text,
            mv
        );
    }
    Ok(())
}
