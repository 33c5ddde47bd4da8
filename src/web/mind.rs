//! The engine of the web board: a [`Mind`] over a copy of a game's line,
//! whose reports are JSON objects (`info` events of the analysis stream)
//! rather than protocol lines, so scores reach the page in seeds and mates
//! in plies without being parsed back from text.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde::Serialize;

use crate::book::{Book, BookMove};
use crate::game::{Game, Line};
use crate::search::{Level, Limits, Score, SearchInfo, Searcher};
use crate::tables::loader::{self, Source};
use crate::think::{BestMove, Mind, Report};

/// The transposition table of a web search, in MB: small, since each
/// search builds its own (games are many, searches short).
const HASH_MB: usize = 16;

/// One completed iteration (or MultiPV line) of a search, as the analysis
/// stream sends it.
#[derive(Clone, Debug, Serialize, serde::Deserialize, PartialEq)]
pub struct InfoJson {
    /// The iteration's depth.
    pub depth: u32,
    /// The line's number, from 1 (MultiPV).
    pub multipv: usize,
    /// The score in seeds from the side to move; `null` when `mate` is given.
    pub score: Option<f64>,
    /// Plies to the proven end, negative when losing; else `null`.
    pub mate: Option<i64>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Nodes the endgame tables answered.
    pub tbhits: u64,
    /// The principal variation in the engine's notation.
    pub pv: Vec<String>,
    /// Whether the move comes from the opening book (`depth` and `score`
    /// the book's, `pv` the move alone); left out of the JSON when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub book: bool,
}

/// A score as the API gives it: `(score in seeds, mate in plies)`, one of
/// them `None`. A table result is its final margin in seeds.
pub fn score_parts(score: Score) -> (Option<f64>, Option<i64>) {
    if let Some(plies) = score.plies_to_end() {
        let plies = i64::from(plies);
        return (None, Some(if score.0 > 0 { plies } else { -plies }));
    }
    if let Some((margin, _)) = score.table_margin() {
        return (Some(f64::from(margin)), None);
    }
    (Some(f64::from(score.0) / 100.0), None)
}

/// A search over a game's line, for the thinker.
pub struct WebMind<G: Game> {
    line: Line<G>,
    searcher: Searcher<G>,
    /// The opening book that answers the searches for a move to play (at
    /// the hard level only).
    book: Option<Arc<Book>>,
    seed: u64,
    /// The book's move drawn by [`Mind::prepare`] for the search that
    /// follows it.
    drawn: Option<(BestMove, BookMove<G::Move>)>,
}

impl<G: Game> WebMind<G> {
    /// A mind over `line` at `level`; the tables of `tables` are used when
    /// they are ready (a search never waits for them). At the hard level,
    /// `book` answers the positions it knows when a move is asked for
    /// ([`Limits::plays_a_game_move`]), as the protocol's `OwnBook` does.
    pub fn new(
        line: Line<G>,
        level: Level,
        seed: u64,
        tables: &Source,
        book: Option<&Arc<Book>>,
    ) -> WebMind<G> {
        let game = line.game().clone();
        let mut searcher = Searcher::new(game.clone(), HASH_MB, 1);
        searcher.set_level(level);
        searcher.set_seed(seed);
        if let Some(ready) = loader::load_for(&game, tables).and_then(|l| l.get()) {
            searcher.set_oracle(crate::tables::oracle_for(&game, &ready));
        }
        WebMind {
            line,
            searcher,
            book: book.filter(|_| level == Level::Hard).cloned(),
            seed,
            drawn: None,
        }
    }

    /// The book's proposal for a search with `limits`: its move and what
    /// the book says of it. The search still runs; the book's move is
    /// played only if it [outweighs](crate::book::BookMove::outweighs) the
    /// search's.
    fn book_move(
        &self,
        limits: &Limits,
        restricted: bool,
    ) -> Option<(BestMove, BookMove<G::Move>)> {
        if restricted || !limits.plays_a_game_move() {
            return None;
        }
        let game = self.line.game();
        let pos = self.line.position();
        let choice = self.book.as_ref()?.pick(game, pos, self.seed)?;
        let mv = game.format_move(pos, choice.mv);
        Some((BestMove { mv, ponder: None }, choice))
    }
}

/// The report of a book move: the book's depth and score, the move alone
/// as its line.
fn book_report<M>(best: &BestMove, choice: &BookMove<M>) -> Report {
    let json = InfoJson {
        depth: choice.depth,
        multipv: 1,
        score: Some(f64::from(choice.score) / 100.0),
        mate: None,
        nodes: 0,
        nps: 0,
        tbhits: 0,
        pv: vec![best.mv.clone()],
        book: true,
    };
    Report {
        line: serde_json::to_string(&json).unwrap_or_default(),
        best: Some(best.clone()),
    }
}

/// The moves of `pv` in notation, as far as they are legal in sequence.
fn pv_text<G: Game>(game: &G, pos: &G::Position, pv: &[G::Move]) -> Vec<String> {
    let mut pos = *pos;
    let mut out = Vec::with_capacity(pv.len());
    for &mv in pv {
        let mut moves = G::Moves::default();
        game.legal_moves(&pos, &mut moves);
        if !moves.contains(&mv) {
            break;
        }
        out.push(game.format_move(&pos, mv));
        pos = game.play(&pos, mv);
    }
    out
}

impl<G: Game> Mind for WebMind<G> {
    fn legal_moves(&self) -> Vec<String> {
        self.line.legal_moves_text()
    }

    fn fallback(&self, searchmoves: &[String]) -> Option<BestMove> {
        crate::think::one_ply_choice(self.line.game(), self.line.position(), searchmoves)
    }

    /// The book's move is the answer until the search looks as deep.
    fn prepare(&mut self, limits: &Limits, searchmoves: &[String]) -> Option<Report> {
        self.drawn = self.book_move(limits, !searchmoves.is_empty());
        let (best, choice) = self.drawn.as_ref()?;
        Some(book_report(best, choice))
    }

    fn search(
        &mut self,
        limits: &Limits,
        searchmoves: &[String],
        stop: &AtomicBool,
        on_report: &mut (dyn FnMut(Report) + Send),
    ) -> Option<BestMove> {
        let game = self.line.game().clone();
        let pos = *self.line.position();
        let restrict: Vec<G::Move> = searchmoves
            .iter()
            .filter_map(|m| game.parse_move(&pos, m).ok())
            .collect();
        let book = self.drawn.take();
        let mut on_info = |info: &SearchInfo<G::Move>| {
            let pv = pv_text(&game, &pos, &info.pv);
            let (score, mate) = score_parts(info.score);
            let json = InfoJson {
                depth: info.depth,
                multipv: info.multipv.max(1),
                score,
                mate,
                nodes: info.nodes,
                nps: info.nps,
                tbhits: info.tbhits,
                pv: pv.clone(),
                book: false,
            };
            let line = serde_json::to_string(&json).unwrap_or_default();
            let best = match &book {
                Some((best, choice)) if choice.outweighs(info.depth, info.score) => {
                    Some(best.clone())
                }
                _ => (info.multipv <= 1)
                    .then(|| BestMove::from_pv(&pv))
                    .flatten(),
            };
            on_report(Report { line, best });
        };
        let history = self.line.history().clone();
        let result = self
            .searcher
            .search(&pos, &history, limits, &restrict, stop, &mut on_info);
        if let Some((best, choice)) = &book {
            if choice.outweighs(result.depth, result.score) {
                on_report(book_report(best, choice));
                return Some(best.clone());
            }
        }
        let best = result.best?;
        let pv = pv_text(&game, &pos, &result.pv);
        match BestMove::from_pv(&pv) {
            Some(choice) if result.pv.first() == Some(&best) => Some(choice),
            _ => Some(BestMove {
                mv: game.format_move(&pos, best),
                ponder: None,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_seeds_or_plies() {
        assert_eq!(score_parts(Score(150)), (Some(1.5), None));
        assert_eq!(score_parts(Score::win_in(3)), (None, Some(3)));
        assert_eq!(score_parts(Score::loss_in(4)), (None, Some(-4)));
    }
}
