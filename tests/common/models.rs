//! What the simple reference models of the colour variants share: the
//! little they must answer ([`Model`]) and perft over them, written once.
//! Nothing here comes from the engine.

/// A position of a simple reference model, its moves written as the engine
/// writes them.
pub trait Model: Clone + PartialEq {
    /// The legal moves; none once the game is over.
    fn moves(&self) -> Vec<String>;

    /// The position after `mv`, one of [`Model::moves`].
    fn play(&self, mv: &str) -> Self;

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
