//! The engine of the web board: a [`Mind`] over a copy of a game's line,
//! whose reports are JSON objects (`info` events of the analysis stream)
//! rather than protocol lines, so scores reach the page in seeds and mates
//! in plies without being parsed back from text.

use std::sync::Arc;

use serde::Serialize;

use crate::think::booked::{self, BookChoice, Reports};
use crate::think::{BestMove, Mind, Report, Task};
use awale_core::book::{Book, BookMove};
use awale_core::game::{Game, Line};
use awale_core::registry::{Evaluation, Variant};
use awale_core::search::{Limits, Score, SearchInfo, Searcher, Skill};
use awale_core::tables::loader::Source;

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

/// How a web search plays, besides the line it searches.
#[derive(Clone, Copy)]
pub struct MindSettings<'a> {
    /// The playing strength.
    pub skill: Skill,
    /// The seed of the weaker steps' random choices and of the book's draw.
    pub seed: u64,
    /// Where the endgame tables come from (used once they are ready).
    pub tables: &'a Source,
    /// The opening book, for the moves asked at full strength.
    pub book: Option<&'a Arc<Book>>,
    /// The evaluation the search plays with.
    pub eval: &'a Evaluation,
}

/// A search over a game's line, for the thinker.
pub struct WebMind<G: Variant> {
    line: Line<G>,
    searcher: Searcher<G>,
    /// The opening book that answers the searches for a move to play (at
    /// full strength only).
    book: Option<Arc<Book>>,
    seed: u64,
    /// The book's move drawn by [`Mind::prepare`] for the search that
    /// follows it.
    drawn: Option<BookChoice<G::Move>>,
}

impl<G: Variant> WebMind<G> {
    /// A mind over `line` as `settings` say; the tables are used when they
    /// are ready (a search never waits for them). At full strength, the
    /// book answers the positions it knows when a move is asked for
    /// ([`Limits::plays_a_game_move`]), as the protocol's `OwnBook` does.
    pub fn new(mut line: Line<G>, settings: &MindSettings) -> WebMind<G> {
        let skill = settings.skill;
        line.adjust_game(|game| game.set_evaluation(settings.eval));
        let game = line.game().clone();
        let mut searcher = Searcher::new(game.clone(), HASH_MB, 1);
        searcher.set_skill(skill);
        searcher.set_seed(settings.seed);
        if let Some(ready) = game.load_tables(settings.tables).and_then(|l| l.get()) {
            searcher.set_oracle(game.endgame_oracle(&ready));
        }
        WebMind {
            line,
            searcher,
            book: settings.book.filter(|_| skill.is_full()).cloned(),
            seed: settings.seed,
            drawn: None,
        }
    }

    /// The book's proposal for a search with `limits`: its move and what
    /// the book says of it. The search still runs; the book's move is
    /// played only if it [outweighs](awale_core::book::BookMove::outweighs) the
    /// search's.
    fn book_move(&self, limits: &Limits, restricted: bool) -> Option<BookChoice<G::Move>> {
        if restricted || !limits.plays_a_game_move() {
            return None;
        }
        booked::book_choice(self.book.as_ref()?, &self.line, self.seed)
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

/// The web board's reports: one JSON object per iteration, and the book's
/// move as an iteration of its own.
struct JsonReports;

impl<G: Game> Reports<G> for JsonReports {
    fn info(&self, line: &Line<G>, info: &SearchInfo<G::Move>) -> Report {
        let pv = booked::pv_text(line.game(), line.position(), &info.pv);
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
        Report {
            line: serde_json::to_string(&json).unwrap_or_default(),
            best: (info.multipv <= 1)
                .then(|| BestMove::from_pv(&pv))
                .flatten(),
        }
    }

    fn book_played(&self, (best, choice): &BookChoice<G::Move>) -> Report {
        book_report(best, choice)
    }
}

impl<G: Variant> Mind for WebMind<G> {
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

    fn search(&mut self, task: Task<'_>) -> Option<BestMove> {
        let book = self.drawn.take();
        booked::search_with_book(&self.line, &mut self.searcher, book, &JsonReports, task)
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
