//! The search: iterative deepening over a root-parallel, principal-variation
//! alpha-beta search with a shared lock-free transposition table, plus the
//! easy and medium levels. It knows the game only through [`Game`].
//!
//! - [`score`]: score values (centiseeds and exact game results).
//! - [`tt`]: the transposition table.
//! - [`ordering`]: move ordering heuristics.
//! - [`negamax`]: the search below the root, and how endings and
//!   repetitions are scored; late moves reduced (a ply more where the
//!   side to move is not improving) and nodes without a table move
//!   searched a ply shallower.
//! - [`root`]: the root, shared out over threads.
//! - [`aspiration`]: the window of each iteration.
//! - [`futility`]: shallow nodes far above beta returned without a search
//!   (with a ply less of margin where the side to move is improving), and
//!   the quiet moves of shallow nodes far below alpha skipped.
//! - [`razoring`]: shallow nodes far below alpha settled by their captures.
//! - [`singular`]: the table's move searched one or two plies deeper when
//!   it alone holds, two plies shallower when another holds too, and nodes
//!   where two moves hold above beta cut off (multi-cut).
//! - [`split`]: nodes below the root searched in parallel.
//! - [`limits`]: time management.
//! - [`skill`]: the strength ladder, from the random mover to the full
//!   search; [`level`]: its random mover and the one-ply look.

pub mod aspiration;
pub mod futility;
pub mod level;
pub mod limits;
pub mod negamax;
pub mod ordering;
pub mod quiescence;
pub mod razoring;
pub mod root;
pub mod score;
pub mod singular;
pub mod skill;
pub mod split;
pub mod thread;
pub mod tt;

#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

use crate::game::{Game, History, Oracle};
use aspiration::Window;
use limits::{Budget, Stability};
use root::{Root, RootMove};
pub use score::Score;
use score::{table_result, within, INFINITE};
pub use skill::Skill;
use thread::Shared;
use thread::WorkerPool;
use tt::TranspositionTable;

/// The names of three steps of the strength ladder (the `Level` option).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Level {
    /// A beginner's opponent.
    Easy,
    /// A club player's opponent.
    Medium,
    /// The full search.
    #[default]
    Hard,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's name, as the `Level` option and the tools write it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The level that names `skill`, if one does.
    pub fn naming(skill: Skill) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.skill() == skill)
    }

    /// The step of the ladder the level names.
    pub fn skill(self) -> Skill {
        let number = match self {
            Level::Easy => 2,
            Level::Medium => 10,
            Level::Hard => Skill::MAX,
        };
        Skill::step(number).unwrap_or_default()
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a level by its name, in any case; the error names the valid ones.
impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(text: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| format!("'{text}' is not a valid value (expected easy, medium or hard)"))
    }
}

/// The players' clocks, as `go wtime btime winc binc movestogo` give them.
/// Index 0 is South (player 1, `w*`), index 1 North (`b*`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on each clock, if given.
    pub time: [Option<Duration>; 2],
    /// Increment per move of each side.
    pub inc: [Duration; 2],
    /// Moves to the next time control, if any.
    pub movestogo: Option<u32>,
}

/// When to stop searching. Every limit given applies; none means infinite
/// (up to the deepest iteration, [`limits::MAX_DEPTH`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration (1..=100).
    pub depth: Option<u32>,
    /// Nodes to search (checked every [`thread::POLL`] nodes; the first
    /// iteration always completes).
    pub nodes: Option<u64>,
    /// Time for this move; never overrun.
    pub movetime: Option<Duration>,
    /// The game clocks.
    pub clock: Clock,
    /// Search until stopped, whatever the other limits say about time; the
    /// search does not return before `stop` is set.
    pub infinite: bool,
    /// Lines to report (MultiPV); 0 counts as 1.
    pub multipv: usize,
    /// Time kept back from every move for communication delays.
    pub move_overhead: Duration,
    /// Pondering (`go ponder`): the ponderhit signal, before which no time
    /// limit applies and the search does not return (as with `infinite`),
    /// and from which the time limits count.
    pub ponder: Option<Arc<limits::Ponder>>,
    /// Go on with the deepening of this searcher's last search, when that
    /// searched the same position and moves for as many lines: start at
    /// the iteration after its last completed one, the aspiration window
    /// around its score. For a caller that cuts one long search into
    /// slices (a browser's worker reads its messages between them), so
    /// that each slice does not search again what the ones before it did.
    /// A slice that completes no iteration reports nothing.
    pub resume: bool,
}

/// What a completed iteration reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// 1-based line number when MultiPV > 1.
    pub multipv: usize,
    /// The line's score.
    pub score: Score,
    /// Nodes so far in this search.
    pub nodes: u64,
    /// Nodes the endgame tables answered so far.
    pub tbhits: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Transposition table fill in permille.
    pub hashfull: u32,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<M>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// `None` only when the position has no legal move (or the game is over).
    pub best: Option<M>,
    /// The best move's score.
    pub score: Score,
    /// The last completed iteration (0 at the easy and medium levels).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes the endgame tables answered.
    pub tbhits: u64,
    /// The principal variation, starting with `best`.
    pub pv: Vec<M>,
}

/// Switches for tests: the table off, cutoffs only on equal depths, every
/// iteration with the full window, no depth changes (late-move and
/// internal iterative reductions, the one-reply extension, futility
/// pruning and razoring make the search differ from a fixed-depth minimax
/// by design), or leaves scored without quiescence.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Config {
    pub use_tt: bool,
    pub exact_depth: bool,
    pub aspiration: bool,
    pub depth_changes: bool,
    pub quiescence: bool,
}

/// A search engine for one variant, keeping its table between searches.
pub struct Searcher<G: Game> {
    game: G,
    tt: TranspositionTable,
    hash_mb: usize,
    threads: usize,
    skill: Skill,
    seed: u64,
    workers: WorkerPool<G>,
    pool: Option<crate::parallel::ThreadPool>,
    oracle: Option<Arc<dyn Oracle<G>>>,
    /// Nodes split in the last search.
    splits: u64,
    /// Where the last search's deepening got to, for a search that
    /// resumes it ([`Limits::resume`]; a weaker step never does).
    deepened: Option<Deepened<G>>,
    pub(crate) config: Config,
}

/// How far a search's deepening got: its position and root moves, the
/// lines it searched, its last completed iteration and that iteration's
/// score as searched (the centre of the next aspiration window).
struct Deepened<G: Game> {
    key: G::Key,
    moves: Vec<G::Move>,
    lines: usize,
    depth: u32,
    centre: Score,
}

impl<G: Game> Searcher<G> {
    /// A searcher with a table of `hash_mb` MB and `threads` threads.
    pub fn new(game: G, hash_mb: usize, threads: usize) -> Searcher<G> {
        let mut s = Searcher {
            tt: TranspositionTable::new(hash_mb),
            workers: WorkerPool::new(1),
            pool: None,
            oracle: None,
            splits: 0,
            deepened: None,
            game,
            hash_mb,
            threads: 0,
            skill: Skill::FULL,
            seed: 0,
            config: Config {
                use_tt: true,
                exact_depth: false,
                aspiration: true,
                depth_changes: true,
                quiescence: true,
            },
        };
        s.set_threads(threads);
        s
    }

    /// The variant searched.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Changes the searched game in a way that keeps its rules, such as the
    /// evaluation it plays with; the table keeps the old evaluation's
    /// scores until [`Searcher::clear`].
    pub fn adjust_game(&mut self, adjust: impl FnOnce(&mut G)) {
        adjust(&mut self.game);
    }

    /// Resizes (and empties) the table to `mb` megabytes; when that much
    /// memory cannot be had, keeps the old table, entries and all, and says
    /// why.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), String> {
        if mb != self.hash_mb {
            self.tt = TranspositionTable::try_new(mb)?;
            self.hash_mb = mb;
        }
        Ok(())
    }

    /// Uses `threads` search threads (at least 1). If the thread pool cannot
    /// be built, the search runs on one thread and a warning is logged.
    pub fn set_threads(&mut self, threads: usize) {
        let mut threads = threads.max(1);
        if threads == self.threads {
            return;
        }
        self.pool = None;
        if threads > 1 {
            match crate::parallel::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
            {
                Ok(pool) => self.pool = Some(pool),
                Err(e) => {
                    log::warn!("cannot start {threads} search threads ({e}); using one");
                    threads = 1;
                }
            }
        }
        self.threads = threads;
        self.workers = WorkerPool::new(threads);
    }

    /// Consults `oracle` (the endgame tables) during the hard searches, or
    /// nothing when `None`.
    pub fn set_oracle(&mut self, oracle: Option<Arc<dyn Oracle<G>>>) {
        self.oracle = oracle;
    }

    /// The oracle the hard searches consult, if any.
    pub fn oracle(&self) -> Option<&Arc<dyn Oracle<G>>> {
        self.oracle.as_ref()
    }

    /// Sets the playing strength; a change empties the table, whose
    /// entries another strength's searches made.
    pub fn set_skill(&mut self, skill: Skill) {
        if skill != self.skill {
            self.skill = skill;
            self.tt.clear();
            self.deepened = None;
        }
    }

    /// The playing strength.
    pub fn skill(&self) -> Skill {
        self.skill
    }

    /// Seeds the random choices of the weaker steps. A choice depends only
    /// on the seed and the position, so games replay exactly.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// How many nodes the last search split over threads.
    #[cfg(test)]
    pub(crate) fn splits(&self) -> u64 {
        self.splits
    }

    /// Forgets everything learnt (the table and the move histories).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.deepened = None;
        self.workers.for_each(|w| w.quiet.clear());
    }

    /// Searches `pos` (reached through `history`) within `limits`, restricted
    /// to `searchmoves` when not empty (ignored if none of them is legal).
    /// Returns when a limit is reached or `stop` becomes true; calls
    /// `on_info` after each completed depth (once per line with MultiPV).
    pub fn search(
        &mut self,
        pos: &G::Position,
        history: &History<G::Key>,
        limits: &Limits,
        searchmoves: &[G::Move],
        stop: &AtomicBool,
        on_info: &mut (dyn FnMut(&SearchInfo<G::Move>) + Send),
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        let game = &self.game;
        let mut legal = G::Moves::default();
        game.legal_moves(pos, &mut legal);
        let repeated = history.is_repetition() && game.repetition_end(pos).is_some();
        let mut moves: Vec<G::Move> = legal
            .iter()
            .copied()
            .filter(|m| searchmoves.contains(m))
            .collect();
        if moves.is_empty() {
            moves = legal.to_vec();
        }
        if moves.is_empty() || repeated {
            let me = game.side_to_move(pos).index();
            let score = crate::search::game_end_score(game, pos, history, me);
            return SearchResult {
                best: None,
                score,
                depth: 0,
                nodes: 0,
                tbhits: 0,
                pv: Vec::new(),
            };
        }
        let step = self.skill.play();
        if step.depth == 0 {
            let mut rng = crate::rng::Rng::new(self.seed ^ game.hash(pos));
            let best = level::random_move(&moves, &mut rng).unwrap_or(moves[0]);
            let me = game.side_to_move(pos).index();
            let next = game.play(pos, best);
            let gain = game.scores(&next)[me] as i32 - game.scores(pos)[me] as i32;
            return SearchResult {
                best: Some(best),
                score: Score(gain * 100),
                depth: 0,
                nodes: 0,
                tbhits: 0,
                pv: vec![best],
            };
        }
        if !self.skill.is_full() {
            // A weaker step: its search, without the endgame tables, then
            // its choice among the lines; the caller sees the lines it
            // asked for.
            let step = self.skill.play();
            let asked = limits.multipv.max(1);
            let mut lines = skill::Lines::default();
            let oracle = self.oracle.take();
            let mut result = self.hard_search(
                pos,
                history,
                &skill::limits(&step, limits, moves.len()),
                moves,
                stop,
                &mut |info| {
                    lines.observe(info);
                    if info.multipv <= asked {
                        on_info(info);
                    }
                },
                start,
            );
            self.oracle = oracle;
            let mut rng = crate::rng::Rng::new(self.seed ^ self.game.hash(pos));
            lines.choose(&step, &mut rng, &mut result);
            return result;
        }
        // Where the tables know the outcome, only the moves that keep it
        // are searched: the search then picks the one that gets there best
        // (a capture or a short way to one), never a move that throws
        // seeds away.
        if let Some(keep) = self
            .oracle
            .as_ref()
            .and_then(|o| o.keeping_moves(pos, history, &moves))
        {
            moves = keep;
        }
        self.hard_search(pos, history, limits, moves, stop, on_info, start)
    }

    /// The full search of `moves` (not empty): iterative deepening,
    /// each iteration's lines searched in aspiration windows, until a limit
    /// says to stop.
    #[allow(clippy::too_many_arguments)]
    fn hard_search(
        &mut self,
        pos: &G::Position,
        history: &History<G::Key>,
        limits: &Limits,
        moves: Vec<G::Move>,
        stop: &AtomicBool,
        on_info: &mut (dyn FnMut(&SearchInfo<G::Move>) + Send),
        start: Instant,
    ) -> SearchResult<G::Move> {
        let game = &self.game;
        let budget = Budget::new(limits, game.side_to_move(pos).index());
        self.tt.new_search();
        self.workers.for_each(|w| w.reset());
        let sh = self.shared(limits, &budget, stop, start);
        let mut root: Vec<RootMove<G>> = moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                next: game.play(pos, mv),
                pv: vec![mv],
            })
            .collect();
        let lines = limits.multipv.clamp(1, root.len());
        let known = self.known_at_root(pos, history);
        let key = game.key(pos);
        let resumed = match &self.deepened {
            Some(d) if limits.resume && d.key == key && d.moves == moves && d.lines == lines => {
                Some((d.depth, d.centre))
            }
            _ => None,
        };
        let mut deepening = Deepening::<G> {
            centre: resumed.map_or(Score(0), |(_, centre)| centre),
            result: SearchResult {
                best: Some(root[0].mv),
                score: Score(0),
                depth: 0,
                nodes: 0,
                tbhits: 0,
                pv: vec![root[0].mv],
            },
            stability: Stability::default(),
        };
        // The whole deepening runs on the pool: one hand-over per search,
        // not one per iteration (each costs a thread wake-up, a good part
        // of a short iteration).
        let context = Root {
            sh: &sh,
            parallel: self.pool.is_some(),
            pos,
            history,
        };
        let aspiration = self.config.aspiration;
        let mut deepen = || {
            let first = resumed.map_or(1, |(depth, _)| depth + 1);
            'deepen: for depth in first..=budget.depth {
                sh.limits_armed.store(depth > 1, Ordering::Relaxed);
                // The lines of this iteration: their reports and scores as
                // searched (before the oracle's bounds).
                let mut reports: Vec<(SearchInfo<G::Move>, i32)> = Vec::with_capacity(lines);
                for line in 0..lines {
                    // With several lines, the later ones have no score to aim at.
                    let aim = aspiration && lines == 1 && depth > 1;
                    let last = aim.then_some(deepening.centre);
                    let rest = &mut root[line..];
                    let Some(best) = search_line(&context, rest, depth, last) else {
                        break 'deepen;
                    };
                    let info = line_info(&sh, depth, line, best.score, &root[line].pv);
                    reports.push((info, best.score));
                }
                deepening.report(reports, &mut root[..lines], depth, known, on_info);
                if deepening.is_over(&sh, &budget, depth, root.len()) {
                    break;
                }
            }
        };
        match &self.pool {
            Some(pool) => pool.install(deepen),
            None => deepen(),
        }
        let mut result = deepening.result;
        result.nodes = sh.nodes.load(Ordering::Relaxed);
        result.tbhits = sh.tbhits.load(Ordering::Relaxed);
        self.splits = sh.splits.load(Ordering::Relaxed);
        log::debug!(
            "{} nodes split, {} workers used",
            self.splits,
            self.workers.count()
        );
        if result.depth > 0 {
            self.deepened = Some(Deepened {
                key,
                moves,
                lines,
                depth: result.depth,
                centre: deepening.centre,
            });
        }
        // An infinite search returns at `stop`, a pondering one at `stop` or
        // the ponderhit, whatever it found meanwhile.
        let waiting = || limits.infinite || limits.clock_start(start).is_none();
        while waiting() && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        result
    }

    /// What the threads of a hard search started at `start` share, within
    /// `limits` and `budget` and until `stop`.
    fn shared<'a>(
        &'a self,
        limits: &'a Limits,
        budget: &Budget,
        stop: &'a AtomicBool,
        start: Instant,
    ) -> Shared<'a, G> {
        Shared {
            game: &self.game,
            tt: &self.tt,
            oracle: self.oracle.as_deref(),
            use_tt: self.config.use_tt,
            exact_depth: self.config.exact_depth,
            depth_changes: self.config.depth_changes,
            quiescence: self.config.quiescence,
            stop,
            abort: AtomicBool::new(false),
            limits_armed: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            tbhits: AtomicU64::new(0),
            start,
            limits,
            hard: budget.hard,
            node_limit: budget.nodes,
            workers: &self.workers,
            helpers: if self.pool.is_some() {
                self.threads - 1
            } else {
                0
            },
            // The thread that runs the deepening.
            searching: AtomicUsize::new(1),
            splits: AtomicU64::new(0),
        }
    }

    /// What the oracle knows of the root `pos` (reached through
    /// `history`): bounds on the best line's score, as it bounds every
    /// node's below (the full range when it knows nothing).
    fn known_at_root(&self, pos: &G::Position, history: &History<G::Key>) -> (i32, i32) {
        let me = self.game.side_to_move(pos).index();
        self.oracle
            .as_ref()
            .and_then(|o| o.final_range(pos, history.reversible_plies() == 0))
            .map_or((-INFINITE, INFINITE), |[worst, best]| {
                (table_result(worst, me, 0), table_result(best, me, 0))
            })
    }
}

/// What iterative deepening carries from one iteration to the next.
struct Deepening<G: Game> {
    /// The last iteration's score as searched (before the oracle's
    /// bounds): the centre of the next aspiration window.
    centre: Score,
    /// The best line of the last completed iteration, its score within the
    /// oracle's bounds.
    result: SearchResult<G::Move>,
    /// How settled the best move is, for the time a clock search takes.
    stability: Stability,
}

impl<G: Game> Deepening<G> {
    /// Takes in the `reports` of iteration `depth` (each with its score as
    /// searched), one a line of `root`, and sends them to `on_info`.
    fn report(
        &mut self,
        mut reports: Vec<(SearchInfo<G::Move>, i32)>,
        root: &mut [RootMove<G>],
        depth: u32,
        known: (i32, i32),
        on_info: &mut (dyn FnMut(&SearchInfo<G::Move>) + Send),
    ) {
        // Each line was searched alone, with a full window, among the
        // moves the lines before it left: pruning and the table can
        // score a move lower there than in the next line's search.
        // The lines go out best first, as a reader of MultiPV
        // expects (a stable sort: equal scores keep their order).
        // The root moves follow their lines (each line's pv starts
        // with its move).
        reports.sort_by_key(|r| std::cmp::Reverse(r.1));
        root.sort_by_key(|rm| reports.iter().position(|r| r.0.pv.first() == Some(&rm.mv)));
        for (line, (mut info, searched)) in reports.into_iter().enumerate() {
            info.multipv = line + 1;
            if line == 0 {
                // What the oracle knows bounds the best line.
                info.score = Score(within(searched, known));
                if depth > 1 {
                    self.stability
                        .iteration(self.result.best != Some(root[0].mv));
                }
                self.centre = Score(searched);
                self.result = SearchResult {
                    best: Some(root[0].mv),
                    score: info.score,
                    depth,
                    nodes: info.nodes,
                    tbhits: info.tbhits,
                    pv: info.pv.clone(),
                };
            }
            on_info(&info);
        }
    }

    /// Whether the deepening stops after iteration `depth` of a root with
    /// `root_moves` moves: the result is proved, half the (stability
    /// scaled) soft time is gone, the move is forced in a timed search, or
    /// the node budget is spent. An infinite search never stops here.
    fn is_over(&self, sh: &Shared<G>, budget: &Budget, depth: u32, root_moves: usize) -> bool {
        if sh.limits.infinite {
            return false;
        }
        // While pondering no time is used up yet.
        let used = sh.time_used();
        let solved = self.result.score.plies_to_end().is_some_and(|p| p <= depth);
        let soft_over = budget
            .soft
            .is_some_and(|s| used.is_some_and(|used| used >= self.stability.scale(s) / 2));
        let forced = root_moves == 1 && budget.soft.is_some();
        let nodes_over = budget
            .nodes
            .is_some_and(|n| sh.nodes.load(Ordering::Relaxed) >= n);
        solved || soft_over || forced || nodes_over
    }
}

/// Searches the moves `root` (this line's and the ones after it) to
/// `depth`, in aspiration windows around `last` (the full window when
/// `None`) widened until the score falls inside; the best move goes to the
/// front of `root`, the others keep their order. `None` when the search
/// was aborted.
fn search_line<G: Game>(
    context: &Root<G>,
    root: &mut [RootMove<G>],
    depth: u32,
    last: Option<Score>,
) -> Option<root::RootBest> {
    let mut window = Window::around(last, depth);
    loop {
        let best = context.search(root, depth as i32, (window.alpha, window.beta))?;
        root[..=best.index].rotate_right(1);
        match window.widen(best.score) {
            Some(wider) => window = wider,
            None => return Some(best),
        }
    }
}

/// The report of line `line` (0 the best) of iteration `depth`, which
/// scored `score` with the principal variation `pv`.
fn line_info<G: Game>(
    sh: &Shared<G>,
    depth: u32,
    line: usize,
    score: i32,
    pv: &[G::Move],
) -> SearchInfo<G::Move> {
    let nodes = sh.nodes.load(Ordering::Relaxed);
    let time = sh.start.elapsed();
    SearchInfo {
        depth,
        seldepth: sh.workers.seldepth().max(depth as usize) as u32,
        multipv: line + 1,
        score: Score(score),
        nodes,
        tbhits: sh.tbhits.load(Ordering::Relaxed),
        nps: (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
        hashfull: sh.tt.hashfull(),
        time,
        pv: pv.to_vec(),
    }
}

/// The exact score of a finished game for side `me`, or 0 when it goes on.
fn game_end_score<G: Game>(
    game: &G,
    pos: &G::Position,
    history: &History<G::Key>,
    me: usize,
) -> Score {
    match crate::game::game_end(game, pos, history) {
        Some(end) => Score(score::game_result(end.scores, me, 0)),
        None => Score(0),
    }
}
