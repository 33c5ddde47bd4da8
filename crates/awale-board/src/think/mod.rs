//! What a thinker thinks with: a [`Mind`] (a game at some position and a
//! searcher, speaking moves in the engine's notation), the [`Task`] of one
//! search, the [`Report`] of each iteration and the [`BestMove`] it
//! chooses, and [`booked`] (the opening book beside the search). The
//! binary's thinker runs a mind on a thread against a deadline;
//! [`think_here`] runs it on the calling thread (the WebAssembly build has
//! no other).

use std::sync::atomic::AtomicBool;

use awale_core::game::Game;
use awale_core::search::{level, Limits};

pub mod booked;

/// A search's choice: the move to play and the reply it expects, both in
/// the engine's notation (what `bestmove <move> ponder <reply>` prints).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The move to play.
    pub mv: String,
    /// The second move of the principal variation, when it has one.
    pub ponder: Option<String>,
}

impl BestMove {
    /// The choice a principal variation (in notation) makes: its first move
    /// and the reply after it; `None` when it is empty.
    pub fn from_pv(pv: &[String]) -> Option<BestMove> {
        let (mv, rest) = pv.split_first()?;
        Some(BestMove {
            mv: mv.clone(),
            ponder: rest.first().cloned(),
        })
    }
}

/// What a search reports after each depth: the `info` line to print and the
/// best move so far (for callers that must answer before the search returns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The complete `info depth ...` line.
    pub line: String,
    /// The choice of the principal variation (of the first line only, with
    /// MultiPV: the others are not the best).
    pub best: Option<BestMove>,
}

/// What the thinker thinks with: a game at some position and a searcher,
/// speaking moves in the engine's notation.
pub trait Mind: Send + 'static {
    /// The legal moves, in the engine's notation (none when the game is over).
    fn legal_moves(&self) -> Vec<String>;
    /// A choice known before any search, such as the opening book's move,
    /// with the report that announces it. [`think`] asks for it on its own
    /// thread just before it starts the search: the report is printed at
    /// once and the choice is the answer until the search reports a better
    /// one, even if the machine gives the search no time at all. The mind
    /// keeps what the search that follows needs to know of it. None by
    /// default.
    fn prepare(&mut self, _limits: &Limits, _searchmoves: &[String]) -> Option<Report> {
        None
    }
    /// The answer when neither the search nor [`Mind::prepare`] gave one
    /// in time, among `searchmoves` (all legal moves when empty), or `None`
    /// when no move is legal. Asked before the search starts. By default
    /// the first legal move allowed; a mind that knows its game looks a ply
    /// ahead ([`one_ply_choice`]).
    fn fallback(&self, searchmoves: &[String]) -> Option<BestMove> {
        self.legal_moves()
            .into_iter()
            .find(|m| searchmoves.is_empty() || searchmoves.contains(m))
            .map(|mv| BestMove { mv, ponder: None })
    }
    /// Searches the position as `task` says; returns the best move and the
    /// expected reply, or `None` when there is no legal move. Called right
    /// after [`Mind::prepare`] with the same limits and moves.
    fn search(&mut self, task: Task<'_>) -> Option<BestMove>;
}

/// One search asked of a [`Mind`]: what to search, the signal that stops
/// it, and where each completed iteration is reported.
pub struct Task<'a> {
    /// The search limits (depth, nodes, time, clocks, MultiPV).
    pub limits: &'a Limits,
    /// Moves to choose from, in the engine's notation (all when empty);
    /// the thinker checked them legal.
    pub searchmoves: &'a [String],
    /// Set when the search must stop.
    pub stop: &'a AtomicBool,
    /// Receives the report of each completed iteration.
    pub on_report: &'a mut (dyn FnMut(Report) + Send),
}

/// [`Mind::fallback`] for a mind over `game` at `pos`: the move a one-ply
/// look prefers ([`level::one_ply_move`]) among the legal moves
/// `searchmoves` allows (all when empty), compared as text.
pub fn one_ply_choice<G: Game>(
    game: &G,
    pos: &G::Position,
    searchmoves: &[String],
) -> Option<BestMove> {
    let mut moves = G::Moves::default();
    game.legal_moves(pos, &mut moves);
    let allowed: Vec<G::Move> = moves
        .iter()
        .copied()
        .filter(|&m| searchmoves.is_empty() || searchmoves.contains(&game.format_move(pos, m)))
        .collect();
    let mv = level::one_ply_move(game, pos, &allowed)?;
    Some(BestMove {
        mv: game.format_move(pos, mv),
        ponder: None,
    })
}

/// Searches `mind` as `limits` say on the calling thread, with no stop
/// signal but the limits themselves: the answer is the search's, else the
/// prepared choice or the best one reported, else the fallback (as the
/// binary's thinker answers). `on_report` receives every report.
pub fn think_here(
    mind: &mut dyn Mind,
    limits: &Limits,
    on_report: &mut (dyn FnMut(Report) + Send),
) -> Option<BestMove> {
    let mut best = None;
    if let Some(report) = mind.prepare(limits, &[]) {
        best = report.best.clone();
        on_report(report);
    }
    let fallback = mind.fallback(&[]);
    let stop = AtomicBool::new(false);
    let mut sink = |report: Report| {
        if let Some(b) = &report.best {
            best = Some(b.clone());
        }
        on_report(report);
    };
    let found = mind.search(Task {
        limits,
        searchmoves: &[],
        stop: &stop,
        on_report: &mut sink,
    });
    found.or(best).or(fallback)
}
