//! One variant's game state behind an object-safe trait, so that the engine
//! loop and the arbiter hold "a game of whichever variant was chosen" and
//! rebuild it through [`registry::visit`] when the variant or a rule
//! option changes.

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use crate::book::{self, Book, BookMove};
use crate::game::{Game, GameEnd, GameError, Line, OptionInfo};
use crate::perft::{self, PerftError};
use crate::registry::{self, Evaluation, Variant, Visitor};
use crate::search::{Limits, SearchInfo, Searcher, Skill};
use crate::tables::loader::{Loading, Source};

use super::command::Start;
use super::dialect::{Dialect, DialectChoice};
use crate::think::booked::{self, BookChoice, Reports};
pub use crate::think::{BestMove, Report};
use crate::think::{Mind, Task};

/// How long `isready` waits for the endgame tables: well inside the
/// handshake timeouts of referees (ours allows 10 s), longer than building
/// the small levels takes on a loaded machine.
pub const READY_PATIENCE: Duration = Duration::from_secs(5);

/// The engine settings that outlive a session: which variant, its rule
/// options, and the search options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The variant's name, one of [`registry::NAMES`].
    pub variant: String,
    /// Rule options `(name, value)` applied to the variant, in order.
    pub rule_options: Vec<(String, String)>,
    /// Transposition table size in MB (`Hash`).
    pub hash_mb: usize,
    /// Search threads (`Threads`).
    pub threads: usize,
    /// Playing strength (`Skill`, or `Level` by a step's name).
    pub skill: Skill,
    /// Seed of the weaker steps' random choices (`Seed`).
    pub seed: u64,
    /// Lines reported per depth (`MultiPV`).
    pub multipv: usize,
    /// Time kept back from every move (`Move Overhead`).
    pub move_overhead: Duration,
    /// Where the endgame tables come from (`Tables`).
    pub tables: Source,
    /// Whether `bestmove` names the reply expected (`Ponder`).
    pub ponder: bool,
    /// The evaluation `oware` plays with (`EvalFile`), checked when the
    /// option was set: `<fitted>` (the default), `<linear>`, `<hand-set>`
    /// or a weight file's.
    pub eval: Evaluation,
    /// Whether timed searches at full strength play from the book (`OwnBook`).
    pub own_book: bool,
    /// The opening book (`Book`): [`book::BUILTIN`] or a book file's path.
    pub book: String,
    /// How answers are written (`Dialect`): the client's, or one chosen.
    pub dialect: DialectChoice,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            variant: registry::NAMES[0].to_string(),
            rule_options: Vec::new(),
            hash_mb: 16,
            threads: 1,
            skill: Skill::FULL,
            seed: 0,
            multipv: 1,
            move_overhead: Duration::from_millis(10),
            tables: Source::Default,
            ponder: false,
            eval: Evaluation::default(),
            own_book: true,
            book: book::BUILTIN.to_string(),
            dialect: DialectChoice::Auto,
        }
    }
}

/// A game of some variant at some position, with its searcher: a [`Mind`]
/// for the thinker, and what the protocol asks of a game.
pub trait AnySession: Mind {
    /// The variant's name.
    fn variant(&self) -> &'static str;
    /// The variant's rule options with their current values.
    fn rule_options(&self) -> Vec<OptionInfo>;
    /// Sets the position; on error nothing changes.
    fn set_position(&mut self, start: &Start, moves: &[String]) -> Result<(), GameError>;
    /// The last position set: its start and moves as written.
    fn record(&self) -> (Start, Vec<String>);
    /// Back to the start position, with an empty table.
    fn new_game(&mut self);
    /// Plays one move in any accepted notation and returns it in the
    /// engine's notation; on error nothing changes.
    fn play(&mut self, text: &str) -> Result<String, GameError>;
    /// How the game ended, repetition included, or `None` while it goes on.
    fn game_end(&self) -> Option<GameEnd>;
    /// 0 when South (player 1) is to move, 1 for North.
    fn side_to_move_index(&self) -> usize;
    /// Applies the search settings (hash, threads, level, seed, tables).
    /// When the hash table cannot be allocated, nothing changes and the
    /// error says why.
    fn configure(&mut self, settings: &Settings) -> Result<(), String>;
    /// Waits until the endgame tables (if any) are ready, for at most
    /// [`READY_PATIENCE`], and returns the problems met loading them, once.
    fn wait_ready(&mut self) -> Vec<String>;
    /// Empties the transposition table.
    fn clear_hash(&mut self);
    /// Plays with `evaluation` from now on (see [`Game::set_evaluation`])
    /// and empties the table, whose scores came from the old one.
    fn set_evaluation(&mut self, evaluation: &Evaluation);
    /// The `d` text: board, position string, legal moves, game state.
    fn display(&self) -> String;
    /// The `eval` text: each term and the total.
    fn eval(&self) -> String;
    /// `perft` lines: `<move>: <count>` per root move, then the total; or
    /// `None` when `stop` was set before the count was complete.
    fn perft(
        &self,
        depth: u32,
        threads: usize,
        stop: &AtomicBool,
    ) -> Result<Option<String>, GameError>;
    /// Checks that every move of `searchmoves` is legal here, and returns
    /// them in the engine's notation (the thinker's fallback answer
    /// compares them as text with the legal moves).
    fn check_searchmoves(&self, moves: &[String]) -> Result<Vec<String>, GameError>;
    /// Writes the searches' `info` lines in `dialect` from now on.
    fn set_dialect(&mut self, dialect: Dialect);
}

/// Builds the session of `settings.variant` with its rule options, at the
/// start position.
pub fn build(settings: &Settings) -> Result<Box<dyn AnySession>, GameError> {
    struct Build<'a>(&'a Settings);
    impl Visitor for Build<'_> {
        type Output = Box<dyn AnySession>;
        fn visit<G: Variant>(self, game: G) -> Box<dyn AnySession> {
            Box::new(Session::new(game, self.0))
        }
    }
    registry::visit(&settings.variant, &settings.rule_options, Build(settings))
}

/// Builds the session of `settings` and replays `record` (a start and its
/// moves, as [`AnySession::record`] gives them) on it: after a rule option
/// changed, or to replace a session lost with a failed search. When the
/// moves do not hold under these settings the session is left at the start
/// and the error says why.
pub fn rebuild(
    settings: &Settings,
    record: &(Start, Vec<String>),
) -> Result<(Box<dyn AnySession>, Option<GameError>), GameError> {
    let mut session = build(settings)?;
    let replayed = session.set_position(&record.0, &record.1).err();
    if replayed.is_some() {
        session.new_game();
    }
    Ok((session, replayed))
}

pub use awale_board::notation::expand_moves;

/// The session of one variant.
pub struct Session<G: Variant> {
    game: G,
    line: Line<G>,
    searcher: Searcher<G>,
    record: (Start, Vec<String>),
    /// The search settings last given to the searcher: only changes are
    /// passed on (a new hash size may reallocate the table).
    applied: Settings,
    /// The endgame tables being opened, until the searcher has them.
    tables: Option<Arc<Loading>>,
    /// The opening book named by the `Book` option, if it could be read.
    book: Option<Arc<Book>>,
    /// The book's move drawn by [`Mind::prepare`] for the search that
    /// follows it.
    drawn: Option<BookChoice<G::Move>>,
    /// How the search's `info` lines are written.
    dialect: Dialect,
}

impl<G: Variant> Session<G> {
    /// A session at the start position with the search settings and the
    /// evaluation of `settings` applied.
    pub fn new(mut game: G, settings: &Settings) -> Session<G> {
        game.set_evaluation(&settings.eval);
        let mut searcher = Searcher::new(game.clone(), settings.hash_mb, settings.threads);
        searcher.set_skill(settings.skill);
        searcher.set_seed(settings.seed);
        let mut session = Session {
            line: Line::new(game.clone()),
            tables: game.load_tables(&settings.tables),
            game,
            searcher,
            record: (Start::StartPos, Vec::new()),
            applied: settings.clone(),
            book: Book::open(&settings.book)
                .map_err(|e| log::warn!("no opening book: {e}"))
                .ok(),
            drawn: None,
            dialect: Dialect::Standard,
        };
        session.attach_tables(Duration::ZERO);
        session
    }

    /// Gives the searcher the tables being opened once they are ready,
    /// waiting up to `patience` for them; returns the problems met opening
    /// them, once, or that they are still loading.
    fn attach_tables(&mut self, patience: Duration) -> Vec<String> {
        let Some(loading) = &self.tables else {
            return Vec::new();
        };
        let Some(tables) = loading.wait_for(patience) else {
            return if patience.is_zero() {
                Vec::new()
            } else {
                vec!["the endgame tables are still loading; searches use them once ready".into()]
            };
        };
        let warnings = loading.take_warnings();
        self.searcher.set_oracle(self.game.endgame_oracle(&tables));
        self.tables = None;
        warnings
    }

    /// The current position.
    fn pos(&self) -> &G::Position {
        self.line.position()
    }

    /// The book's move for a search that plays a game: at full strength,
    /// with `OwnBook` on, on a clock or a move time (not a depth, node count,
    /// infinite or pondering search, which asks for a search), one line and
    /// no `searchmoves`. With `Seed` 0 the choice is new each time; with
    /// another seed it depends on the seed and the position only. The
    /// search still runs: the book's move is played only if it
    /// [outweighs](crate::book::BookMove::outweighs) the search's.
    fn book_move(&self, limits: &Limits, searchmoves: &[String]) -> Option<BookChoice<G::Move>> {
        let settings = &self.applied;
        if !settings.own_book
            || !settings.skill.is_full()
            || !limits.plays_a_game_move()
            || !searchmoves.is_empty()
        {
            return None;
        }
        booked::book_choice(self.book.as_ref()?, &self.line, settings.seed)
    }
}

/// The line of a book move: `info string book <verb> <move> score cp <S>
/// depth <D>`, where the book proposes the move before the search and plays
/// it after.
fn book_report<M>(verb: &str, best: &BestMove, choice: &BookMove<M>) -> Report {
    Report {
        line: format!(
            "info string book {verb} {} score cp {} depth {}",
            best.mv, choice.score, choice.depth
        ),
        best: Some(best.clone()),
    }
}

/// The `info` line of one completed iteration from the end of `line`,
/// written in `dialect`.
fn info_line<G: Game>(
    line: &Line<G>,
    info: &SearchInfo<G::Move>,
    multipv: usize,
    dialect: Dialect,
) -> Report {
    let game = line.game();
    let pv = booked::pv_text(game, line.position(), &info.pv);
    let margin = match dialect {
        Dialect::Aalina if info.score.is_decisive() => final_margin(line, &info.pv),
        _ => None,
    };
    let mut text = format!("info depth {} seldepth {}", info.depth, info.seldepth);
    if multipv > 1 {
        let _ = write!(text, " multipv {}", info.multipv);
    }
    let _ = write!(
        text,
        " score {} nodes {} nps {} hashfull {} tbhits {} time {}",
        dialect.score(info.score, margin),
        info.nodes,
        info.nps,
        info.hashfull,
        info.tbhits,
        info.time.as_millis()
    );
    if !pv.is_empty() {
        let _ = write!(text, " pv {}", dialect.pv(&pv));
    }
    Report {
        line: text,
        best: if info.multipv <= 1 {
            BestMove::from_pv(&pv)
        } else {
            None
        },
    }
}

/// The final margin in seeds, from the side to move at the end of `line`,
/// of the game `pv` plays out from there; `None` when it does not reach
/// the end of the game.
fn final_margin<G: Game>(line: &Line<G>, pv: &[G::Move]) -> Option<i32> {
    let mover = line.game().side_to_move(line.position()).index();
    let mut played = line.clone();
    for &mv in pv {
        if played.is_over() || played.play(mv).is_err() {
            break;
        }
    }
    let end = played.end()?;
    Some(end.scores[mover] as i32 - end.scores[1 - mover] as i32)
}

impl<G: Variant> Mind for Session<G> {
    fn legal_moves(&self) -> Vec<String> {
        self.line.legal_moves_text()
    }

    fn fallback(&self, searchmoves: &[String]) -> Option<BestMove> {
        crate::think::one_ply_choice(&self.game, self.pos(), searchmoves)
    }

    /// The book's move is the answer until the search looks as deep.
    fn prepare(&mut self, limits: &Limits, searchmoves: &[String]) -> Option<Report> {
        self.drawn = self.book_move(limits, searchmoves);
        let (best, choice) = self.drawn.as_ref()?;
        Some(book_report("proposes", best, choice))
    }

    fn search(&mut self, task: Task<'_>) -> Option<BestMove> {
        for warning in self.attach_tables(Duration::ZERO) {
            log::warn!("{warning}");
        }
        let book = self.drawn.take();
        let reports = UciReports {
            multipv: task.limits.multipv,
            dialect: self.dialect,
        };
        booked::search_with_book(&self.line, &mut self.searcher, book, &reports, task)
    }
}

/// The protocol's reports: `info` lines in the session's dialect, and the
/// book's `info string` when its move is played.
struct UciReports {
    multipv: usize,
    dialect: Dialect,
}

impl<G: Game> Reports<G> for UciReports {
    fn info(&self, line: &Line<G>, info: &SearchInfo<G::Move>) -> Report {
        info_line(line, info, self.multipv, self.dialect)
    }

    fn book_played(&self, (best, choice): &BookChoice<G::Move>) -> Report {
        book_report("move", best, choice)
    }
}

impl<G: Variant> AnySession for Session<G> {
    fn variant(&self) -> &'static str {
        self.game.name()
    }

    fn rule_options(&self) -> Vec<OptionInfo> {
        self.game.options()
    }

    fn set_position(&mut self, start: &Start, moves: &[String]) -> Result<(), GameError> {
        let from = match start {
            Start::StartPos => self.game.start(),
            Start::Fen(text) => self.game.parse_position(text)?,
        };
        let mut line = Line::from_position(self.game.clone(), from);
        line.play_all(&expand_moves(moves.iter().map(String::as_str)))?;
        self.line = line;
        self.record = (start.clone(), moves.to_vec());
        Ok(())
    }

    fn record(&self) -> (Start, Vec<String>) {
        self.record.clone()
    }

    fn new_game(&mut self) {
        self.line = Line::new(self.game.clone());
        self.record = (Start::StartPos, Vec::new());
        self.searcher.clear();
    }

    fn play(&mut self, text: &str) -> Result<String, GameError> {
        let before = *self.pos();
        let mv = self.line.play_text(text)?;
        let written = self.game.format_move(&before, mv);
        self.record.1.push(written.clone());
        Ok(written)
    }

    fn game_end(&self) -> Option<GameEnd> {
        self.line.end()
    }

    fn side_to_move_index(&self) -> usize {
        self.game.side_to_move(self.pos()).index()
    }

    fn configure(&mut self, settings: &Settings) -> Result<(), String> {
        // First, so that a book that cannot be read changes nothing.
        if settings.book != self.applied.book {
            let book = Book::open(&settings.book).map_err(|e| format!("option Book: {e}"))?;
            self.book = Some(book);
        }
        if settings.hash_mb != self.applied.hash_mb {
            self.searcher.set_hash_mb(settings.hash_mb)?;
        }
        if settings.threads != self.applied.threads {
            self.searcher.set_threads(settings.threads);
        }
        if settings.skill != self.applied.skill {
            self.searcher.set_skill(settings.skill);
        }
        if settings.seed != self.applied.seed {
            self.searcher.set_seed(settings.seed);
        }
        if settings.tables != self.applied.tables {
            self.searcher.set_oracle(None);
            self.tables = self.game.load_tables(&settings.tables);
            self.attach_tables(Duration::ZERO);
        }
        self.applied = settings.clone();
        Ok(())
    }

    fn wait_ready(&mut self) -> Vec<String> {
        self.attach_tables(READY_PATIENCE)
    }

    fn clear_hash(&mut self) {
        self.searcher.clear();
    }

    fn set_evaluation(&mut self, evaluation: &Evaluation) {
        self.game.set_evaluation(evaluation);
        self.line
            .adjust_game(|game| game.set_evaluation(evaluation));
        self.searcher
            .adjust_game(|game| game.set_evaluation(evaluation));
        self.applied.eval = evaluation.clone();
        self.searcher.clear();
    }

    fn display(&self) -> String {
        let mut out = self.game.render(self.pos());
        if !out.ends_with('\n') {
            out.push('\n');
        }
        let options: Vec<String> = self
            .game
            .options()
            .iter()
            .map(|o| format!("{}={}", o.name, o.current))
            .collect();
        if options.is_empty() {
            let _ = writeln!(out, "Variant: {}", self.game.name());
        } else {
            let _ = writeln!(
                out,
                "Variant: {} ({})",
                self.game.name(),
                options.join(", ")
            );
        }
        let _ = writeln!(out, "Position: {}", self.game.format_position(self.pos()));
        let _ = writeln!(out, "Side to move: {}", self.game.side_to_move(self.pos()));
        let scores = self.game.scores(self.pos());
        let _ = writeln!(out, "Captured: South {}, North {}", scores[0], scores[1]);
        let legal = self.legal_moves();
        let _ = writeln!(out, "Legal moves: {}", legal.join(" "));
        // A finished game has its result below, not a table value.
        if let (Some(oracle), None) = (self.searcher.oracle(), self.game_end()) {
            let text = oracle.describe(self.pos(), self.line.history());
            let _ = writeln!(out, "Tables: {text}");
        }
        let book_moves = self
            .book
            .as_ref()
            .map(|b| b.moves(&self.game, self.pos()))
            .unwrap_or_default();
        if !book_moves.is_empty() {
            let listed: Vec<String> = book_moves
                .iter()
                .map(|m| format!("{} {:+}", self.game.format_move(self.pos(), m.mv), m.score))
                .collect();
            let _ = writeln!(out, "Book: {}", listed.join(", "));
        }
        match self.game_end() {
            None => {
                let _ = writeln!(out, "Game over: no");
            }
            Some(end) => {
                let winner = match end.winner() {
                    Some(side) => format!("{side} wins"),
                    None => "draw".to_string(),
                };
                let _ = writeln!(
                    out,
                    "Game over: yes, {}; final score South {}, North {}; {winner}",
                    end.reason, end.scores[0], end.scores[1]
                );
            }
        }
        out
    }

    fn eval(&self) -> String {
        let mut out = String::new();
        // A finished game has a result, not an evaluation.
        if let Some(end) = self.game_end() {
            let _ = writeln!(
                out,
                "Game over: {}; final score South {}, North {}",
                end.reason, end.scores[0], end.scores[1]
            );
            return out;
        }
        let side = self.game.side_to_move(self.pos());
        let _ = writeln!(
            out,
            "Evaluation from the side to move ({side}), in centiseeds:"
        );
        for (name, value) in self.game.evaluation_terms(self.pos()) {
            let _ = writeln!(out, "  {name}: {value}");
        }
        let _ = writeln!(out, "Total: {}", self.game.evaluate(self.pos()));
        out
    }

    fn perft(
        &self,
        depth: u32,
        threads: usize,
        stop: &AtomicBool,
    ) -> Result<Option<String>, GameError> {
        let divided = perft::divide(
            &self.game,
            self.pos(),
            self.line.history(),
            depth,
            threads,
            stop,
        );
        let counts = match divided {
            Ok(counts) => counts,
            Err(PerftError::Stopped) => return Ok(None),
            Err(e) => return Err(GameError::new(format!("perft: {e}"))),
        };
        let mut out = String::new();
        let mut total = 0;
        for (mv, count) in counts {
            let _ = writeln!(out, "{}: {count}", self.game.format_move(self.pos(), mv));
            total += count;
        }
        let _ = writeln!(out);
        let _ = writeln!(out, "Nodes searched: {total}");
        Ok(Some(out))
    }

    fn set_dialect(&mut self, dialect: Dialect) {
        self.dialect = dialect;
    }

    fn check_searchmoves(&self, moves: &[String]) -> Result<Vec<String>, GameError> {
        moves
            .iter()
            .map(|m| {
                self.game
                    .parse_move(self.pos(), m)
                    .map(|mv| self.game.format_move(self.pos(), mv))
                    .map_err(|e| GameError::new(format!("searchmoves '{m}': {e}")))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Box<dyn AnySession> {
        build(&Settings::default()).unwrap()
    }

    /// Searches `s` to `depth` with `multipv` lines; the choice and the reports.
    fn search_to(
        s: &mut Box<dyn AnySession>,
        depth: u32,
        multipv: usize,
        searchmoves: &[String],
    ) -> (Option<BestMove>, Vec<Report>) {
        let limits = Limits {
            depth: Some(depth),
            multipv,
            ..Limits::default()
        };
        let mut reports = Vec::new();
        let stop = AtomicBool::new(false);
        let best = s.search(Task {
            limits: &limits,
            searchmoves,
            stop: &stop,
            on_report: &mut |r| reports.push(r),
        });
        (best, reports)
    }

    /// Two sessions of one process, built with different evaluations,
    /// evaluate and search with their own at the same time (a process-wide
    /// evaluation could not); changing one's leaves the other's.
    #[test]
    fn sessions_hold_their_own_evaluations() {
        let with = |spec: &str| {
            build(&Settings {
                tables: Source::Off,
                eval: Evaluation::load(spec).unwrap(),
                ..Settings::default()
            })
            .unwrap()
        };
        let moves: Vec<String> = "C b B e C a F".split(' ').map(String::from).collect();
        let mut fitted = with("<fitted>");
        let mut hand = with("<hand-set>");
        for s in [&mut fitted, &mut hand] {
            s.set_position(&Start::StartPos, &moves).unwrap();
        }
        let (f, h) = (fitted.eval(), hand.eval());
        assert_ne!(f, h, "the weights disagree here");
        assert!(f.contains("network") && !h.contains("network"), "{f}\n{h}");
        let (f_best, f_reports) = search_to(&mut fitted, 4, 1, &[]);
        let (h_best, h_reports) = search_to(&mut hand, 4, 1, &[]);
        assert!(f_best.is_some() && h_best.is_some());
        let last = |r: &[Report]| r.last().map(|r| r.line.clone()).unwrap_or_default();
        let score = |line: String| {
            let words: Vec<String> = line.split_whitespace().map(String::from).collect();
            let at = words.iter().position(|w| w == "cp").expect("a score");
            words[at + 1].clone()
        };
        assert_ne!(score(last(&f_reports)), score(last(&h_reports)));
        // Changing one session's evaluation changes that session only.
        hand.set_evaluation(&Evaluation::default());
        assert_eq!(hand.eval(), f);
        fitted.set_evaluation(&Evaluation::load("<hand-set>").unwrap());
        assert_eq!(fitted.eval(), h);
    }

    #[test]
    fn letter_runs_are_split() {
        let moves = ["FfEaCe".to_string(), "12".to_string(), "A".to_string()];
        assert_eq!(
            expand_moves(moves.iter().map(String::as_str))
                .split_whitespace()
                .collect::<Vec<_>>(),
            ["F", "f", "E", "a", "C", "e", "12", "A"]
        );
        // Without tables: whether a background load has finished would
        // change the `Tables:` line of one display and not the other.
        let quiet = || {
            build(&Settings {
                tables: Source::Off,
                ..Settings::default()
            })
            .unwrap()
        };
        let mut s = quiet();
        s.set_position(&Start::StartPos, &["FfEaCe".to_string()])
            .unwrap();
        let mut t = quiet();
        let each: Vec<String> = "F f E a C e".split(' ').map(String::from).collect();
        t.set_position(&Start::StartPos, &each).unwrap();
        assert_eq!(s.display(), t.display());
    }

    #[test]
    fn an_illegal_move_leaves_the_position() {
        let mut s = session();
        s.set_position(&Start::StartPos, &["F".to_string()])
            .unwrap();
        let before = s.display();
        let err = s
            .set_position(&Start::StartPos, &["F".to_string(), "F".to_string()])
            .unwrap_err();
        assert!(err.to_string().contains("move 2 'F'"), "{err}");
        assert_eq!(s.display(), before);
        assert!(s.set_position(&Start::Fen("1-2-3".into()), &[]).is_err());
        assert_eq!(s.display(), before);
    }

    #[test]
    fn a_variant_without_options_shows_no_empty_brackets() {
        let settings = Settings {
            variant: "colors16".into(),
            ..Settings::default()
        };
        let s = build(&settings).unwrap();
        assert!(s.rule_options().is_empty());
        assert!(s.display().lines().any(|l| l == "Variant: colors16"));
    }

    #[test]
    fn display_tells_the_position_and_the_legal_moves() {
        let s = session();
        let text = s.display();
        assert!(
            text.contains("Position: 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"),
            "{text}"
        );
        assert!(text.contains("Legal moves: A B C D E F"), "{text}");
        assert!(text.contains("Game over: no"), "{text}");
        // The built-in book knows the start: its six moves, best first.
        let book = text.lines().find_map(|l| l.strip_prefix("Book: ")).unwrap();
        assert_eq!(book.split(", ").count(), 6, "{text}");
        let e = s.eval();
        assert!(e.contains("Total: 0"), "{e}");
    }

    #[test]
    fn searchmoves_come_back_in_the_engine_notation() {
        let s = session();
        let moves = ["2".to_string(), " D ".to_string()];
        assert_eq!(s.check_searchmoves(&moves).unwrap(), vec!["B", "D"]);
        let err = s.check_searchmoves(&["a".to_string()]).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("searchmoves 'a': illegal move a"),
            "{err}"
        );
    }

    #[test]
    fn a_finished_game_has_no_best_move() {
        let mut s = session();
        // South to move with an empty side: the game is over.
        s.set_position(&Start::Fen("0-0-0-0-0-0-1-0-0-0-0-0-23-24-S".into()), &[])
            .unwrap();
        assert!(s.game_end().is_some());
        assert!(s.display().contains("Game over: yes"));
        s.wait_ready();
        assert!(!s.display().contains("Tables:"), "{}", s.display());
        assert_eq!(
            s.eval(),
            "Game over: the player to move has no legal move; final score South 23, North 25\n"
        );
        assert_eq!(search_to(&mut s, 2, 1, &[]).0, None);
    }

    #[test]
    fn search_reports_and_answers_a_legal_move() {
        let mut s = session();
        let (best, lines) = search_to(&mut s, 3, 1, &["B".to_string()]);
        let best = best.unwrap();
        assert_eq!(best.mv, "B");
        // The expected reply is the second move of the last PV.
        let last = &lines.last().unwrap().line;
        let reply = best.ponder.expect("a reply at depth 3");
        assert!(last.contains(&format!(" pv B {reply} ")), "{last}");
        assert_eq!(
            lines.last().unwrap().best,
            Some(BestMove {
                mv: "B".into(),
                ponder: Some(reply)
            })
        );
        assert!(!lines.is_empty());
        assert!(
            lines[0].line.starts_with("info depth 1 seldepth"),
            "{:?}",
            lines[0]
        );
        assert!(lines.last().unwrap().line.contains(" pv B"), "{lines:?}");
    }

    #[test]
    fn a_hash_that_cannot_be_allocated_is_an_error_that_changes_nothing() {
        let mut s = session();
        s.set_position(&Start::StartPos, &["F".to_string()])
            .unwrap();
        let huge = Settings {
            hash_mb: usize::MAX,
            ..Settings::default()
        };
        let err = s.configure(&huge).unwrap_err();
        assert!(err.contains("cannot allocate"), "{err}");
        // The session goes on as before: the same position, and searches.
        assert!(s
            .display()
            .contains("Position: 4-4-4-4-4-0-5-5-5-5-4-4-0-0-N"));
        assert!(search_to(&mut s, 3, 1, &[]).0.is_some());
        // A size that can be had is taken.
        let small = Settings {
            hash_mb: 2,
            ..Settings::default()
        };
        assert_eq!(s.configure(&small), Ok(()));
    }

    #[test]
    fn only_the_first_multipv_line_reports_a_best_move() {
        let (_, reports) = search_to(&mut session(), 2, 3, &[]);
        assert_eq!(reports.len(), 6, "{reports:?}");
        for report in &reports {
            let first = report.line.contains(" multipv 1 ");
            assert_eq!(report.best.is_some(), first, "{report:?}");
        }
    }

    #[test]
    fn a_choice_is_read_from_a_pv() {
        let pv = |moves: &[&str]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        assert_eq!(BestMove::from_pv(&pv(&[])), None);
        assert_eq!(
            BestMove::from_pv(&pv(&["A"])),
            Some(BestMove {
                mv: "A".into(),
                ponder: None
            })
        );
        assert_eq!(
            BestMove::from_pv(&pv(&["A", "f", "B"])),
            Some(BestMove {
                mv: "A".into(),
                ponder: Some("f".into())
            })
        );
    }
}
