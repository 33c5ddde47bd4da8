//! One search with the opening book beside it, written once for every
//! mind (the protocol's session, the web board's): the book proposes a
//! move before the search, the search runs anyway, and the book's move is
//! the answer while it [outweighs](awale_core::book::BookMove::outweighs) what
//! the search has seen. Each mind only says how its reports are written.

use super::{BestMove, Report, Task};
use awale_core::book::{Book, BookMove};
use awale_core::game::{Game, Line};
use awale_core::search::{SearchInfo, Searcher};

/// A book's proposal: its move as the answer, and what the book says of it.
pub type BookChoice<M> = (BestMove, BookMove<M>);

/// The book's move for the position at the end of `line`, drawn with
/// `seed` (0: a new draw each time).
pub fn book_choice<G: Game>(book: &Book, line: &Line<G>, seed: u64) -> Option<BookChoice<G::Move>> {
    let (game, pos) = (line.game(), line.position());
    let choice = book.pick(game, pos, seed)?;
    let best = BestMove {
        mv: game.format_move(pos, choice.mv),
        ponder: None,
    };
    Some((best, choice))
}

/// The moves of `pv` in notation from `pos`, as far as they are legal in
/// sequence (a principal variation from the table may go stale).
pub fn pv_text<G: Game>(game: &G, pos: &G::Position, pv: &[G::Move]) -> Vec<String> {
    let mut pos = *pos;
    let mut out = Vec::with_capacity(pv.len());
    for &mv in pv {
        let mut moves = G::Moves::default();
        game.legal_moves(&pos, &mut moves);
        if !moves.contains(&mv) {
            log::warn!("the search reported an illegal move in its PV: {mv:?}");
            break;
        }
        out.push(game.format_move(&pos, mv));
        pos = game.play(&pos, mv);
    }
    out
}

/// How a mind writes what it reports.
pub trait Reports<G: Game>: Sync {
    /// The report of one completed iteration, its best move that of the
    /// principal variation.
    fn info(&self, line: &Line<G>, info: &SearchInfo<G::Move>) -> Report;
    /// The report of the book's move when it is played after the search.
    fn book_played(&self, choice: &BookChoice<G::Move>) -> Report;
}

/// Searches the position at the end of `line` with `searcher` as `task`
/// says, `book` beside it (see the module's documentation), and returns
/// the move to play; every iteration is reported through `reports`.
pub fn search_with_book<G: Game>(
    line: &Line<G>,
    searcher: &mut Searcher<G>,
    book: Option<BookChoice<G::Move>>,
    reports: &dyn Reports<G>,
    task: Task<'_>,
) -> Option<BestMove> {
    let (game, pos) = (line.game(), *line.position());
    let restrict: Vec<G::Move> = task
        .searchmoves
        .iter()
        .filter_map(|m| game.parse_move(&pos, m).ok())
        .collect();
    let mut on_info = |info: &SearchInfo<G::Move>| {
        let mut report = reports.info(line, info);
        if let Some((best, choice)) = &book {
            if choice.outweighs(info.depth, info.score) {
                report.best = Some(best.clone());
            }
        }
        (task.on_report)(report)
    };
    let result = searcher.search(
        &pos,
        line.history(),
        task.limits,
        &restrict,
        task.stop,
        &mut on_info,
    );
    if let Some(choice) = &book {
        if choice.1.outweighs(result.depth, result.score) {
            (task.on_report)(reports.book_played(choice));
            return Some(choice.0.clone());
        }
    }
    // The searcher promises a move whenever one is legal.
    let best = result.best?;
    let pv = pv_text(game, &pos, &result.pv);
    match BestMove::from_pv(&pv) {
        Some(choice) if result.pv.first() == Some(&best) => Some(choice),
        _ => Some(BestMove {
            mv: game.format_move(&pos, best),
            ponder: None,
        }),
    }
}
