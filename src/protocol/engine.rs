//! The engine loop: commands from a reader, answers to a writer.
//!
//! Three kinds of threads cooperate:
//! - the input thread reads and parses lines; on `stop` it gives the stop
//!   signal of every `go`, `perft` and `bench` read so far itself (also on
//!   `quit`; at the end of input, of every `go`: a perft or bench completes,
//!   as a script expects), so a search stops at once even while the command
//!   thread waits; on `ponderhit` it gives the ponderhit signal of the
//!   oldest `go ponder` still pondering; it answers `isready` itself while a
//!   search is under way;
//! - the command thread (the caller of [`run`]) applies commands in order;
//! - a job thread runs each search, perft or bench, owning the session
//!   meanwhile, and prints `bestmove` (for `go infinite`, only after `stop`;
//!   for `go ponder`, only after `ponderhit` or `stop`).
//!
//! A command that needs the session while a job runs waits for that job (a
//! second `go` waits for the first); `isready`, `stop`, `uci` and `quit`
//! never wait.

use std::io::{self, BufReader, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::game::OptionInfo;
use crate::perft;
use crate::search::limits::{Ponder, MAX_DEPTH};
use crate::search::{Clock, Limits};
use crate::sync::lock;

use super::command::Start;
use super::command::{self, Command, Go, ParseError};
use super::dialect::{self, Dialect};
use super::io::{Line, LineReader, LineWriter, Output, Stop, MAX_LINE};
use super::options::{self, Effect};
use super::session::{build, rebuild, AnySession, BestMove, Settings};
use crate::think::{self as thinker, Request};

/// How long after `stop` the loop waits for the search to return before it
/// answers with the best move reported so far.
pub const STOP_GRACE: Duration = Duration::from_millis(20);

/// How long the loop, when leaving, lets a running job go on before giving
/// it the stop signal, and then waits for it before leaving it behind.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// The first line printed, as chess engines do; clients ignore it.
pub fn banner() -> String {
    format!(
        "awale {} by the awale developers (type 'help' for the commands)",
        env!("CARGO_PKG_VERSION")
    )
}

/// The answer to `help`.
const HELP: &[&str] = &[
    "info string commands: uci, isready, setoption name <name> [value <value>], ucinewgame,",
    "info string   position startpos|fen <position> [moves <m1> ...], go [ponder] [depth|nodes|",
    "info string   movetime|wtime|btime|winc|binc|movestogo <n>] [infinite] [searchmoves <m> ...],",
    "info string   stop, ponderhit, quit, debug [on|off], register, d, eval, perft <depth>,",
    "info string   bench [depth], help",
    "info string the protocol is described in protocol.md",
];

/// The text with every control character written as an escape (`\u{1b}`),
/// so that an echo of the input stays one printable line.
pub fn escape_controls(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// How long a `go ponder` job that has its answer (the game is over, or
/// the level chose at once) waits between two looks for the ponderhit.
const PONDER_POLL: Duration = Duration::from_millis(2);

/// The note printed for a `ponderhit` that finds no search pondering.
const NO_PONDER: &str = "info string ponderhit ignored: no search is pondering";

/// The signals the input thread keeps for a `go`, `perft` or `bench` it
/// read, so that it can act on `stop` and `ponderhit` at once.
#[derive(Clone, Default)]
struct Signals {
    /// Stops the job.
    stop: Arc<Stop>,
    /// The ponderhit of a `go ponder`.
    ponder: Option<Arc<Ponder>>,
    /// Whether this `go` has started, and the `isready` answers held back
    /// behind it.
    ready: Arc<Mutex<Readiness>>,
}

/// A `go` as `isready` sees it. The input thread holds back an `isready`
/// read behind a `go` that has not started (the last one read), and the
/// command thread answers it when that `go` starts: once every command
/// before it has printed its output. Both change it only under its lock.
#[derive(Default)]
struct Readiness {
    /// Set by the command thread once every command before the `go` is
    /// done and its search runs (or its answer is out).
    started: bool,
    /// The `isready` commands held back behind the `go`.
    held: usize,
}

/// Marks the `go` of `ready` as started and answers the `isready`
/// commands held back behind it; nothing for one already started.
fn release(ready: &Mutex<Readiness>, out: &Output) {
    let mut ready = lock(ready);
    ready.started = true;
    for _ in 0..std::mem::take(&mut ready.held) {
        out.line("readyok");
    }
}

/// What the input thread hands to the command thread.
enum Message {
    /// A parsed command; a `go`, `perft` or `bench` carries its signals.
    Command(Command, Option<Signals>),
    /// A line that is not a command.
    Error(String),
    /// End of input (or a read error): behave as `quit`.
    End,
}

/// A search, perft or bench running on its own thread with the session.
struct Job {
    handle: JoinHandle<JobEnd>,
    done: Receiver<()>,
    stop: Arc<Stop>,
    /// A search (stopped when leaving), not a perft or bench (which completes).
    search: bool,
}

/// The session handed back by a job (`None` when it was lost to a panic),
/// and the game it held, to rebuild it then.
struct JobEnd {
    session: Option<Box<dyn AnySession>>,
    record: (Start, Vec<String>),
}

/// Runs the protocol until `quit` or the end of `input`, answering on
/// `output`. Every byte sequence is accepted: what is not a command gets an
/// `info string error: ...` line.
pub fn run<R: Read + Send + 'static>(input: R, output: Box<dyn Write + Send>) -> io::Result<()> {
    run_with(Settings::default(), input, output)
}

/// [`run`] starting from `settings` instead of the defaults (the command
/// line's `--tables`, say).
pub fn run_with<R: Read + Send + 'static>(
    settings: Settings,
    input: R,
    output: Box<dyn Write + Send>,
) -> io::Result<()> {
    let out = Output::new(output);
    out.line(&banner());
    let session = build(&settings).map_err(|e| io::Error::other(e.to_string()))?;
    let quitting = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let reader = {
        let quitting = Arc::clone(&quitting);
        let out = out.clone();
        thread::Builder::new()
            .name("awale-input".into())
            .spawn(move || read_input(input, tx, quitting, out))?
    };
    let mut engine = Engine::new(out, settings, session, quitting);
    engine.serve(rx);
    // The input thread ends by itself at `quit` or end of input; after an
    // output failure it may still block on a read, so it is not joined then.
    if !engine.out.is_broken() && reader.is_finished() {
        let _ = reader.join();
    }
    Ok(())
}

/// The input thread: lines to messages; `stop` also gives at once the stop
/// signal of every `go`, `perft` and `bench` read so far (the running job
/// and any queued behind it), `quit` and the end of input that of every
/// `go`; `ponderhit` gives the ponderhit signal of the oldest `go ponder`
/// not stopped nor hit yet (or prints a note when there is none). While a
/// search is under way, `isready` is answered here at once (the command
/// thread may be waiting for the search); behind a `go` not started yet, it
/// is held back until that `go` starts (see [`Readiness`]).
fn read_input<R: Read>(input: R, tx: Sender<Message>, quitting: Arc<AtomicBool>, out: Output) {
    let mut reader = LineReader::new(BufReader::new(input));
    let mut given = Ungiven::default();
    loop {
        let line = match reader.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(e) => {
                log::error!("cannot read the input: {e}");
                break;
            }
        };
        let message = match line {
            Line::TooLong(_, length) => Message::Error(format!(
                "line too long ({length} bytes, at most {MAX_LINE})"
            )),
            Line::Text(text) => {
                log::debug!("<< {text}");
                match command::parse(&text) {
                    Ok(
                        command @ (Command::Go(_) | Command::Perft { .. } | Command::Bench { .. }),
                    ) => given.long_command(command),
                    Ok(Command::PonderHit) => {
                        given.ponderhit(&out);
                        continue;
                    }
                    Ok(Command::IsReady) => {
                        if given.answer_isready(&out) {
                            continue;
                        }
                        Message::Command(Command::IsReady, None)
                    }
                    Ok(Command::Stop) => {
                        given.stop_all();
                        Message::Command(Command::Stop, None)
                    }
                    Ok(Command::Quit) => {
                        // Every long command stops; at the end of the input
                        // (below) a perft or bench completes, as a piped
                        // script expects.
                        quitting.store(true, Ordering::SeqCst);
                        given.stop_all();
                        let _ = tx.send(Message::Command(Command::Quit, None));
                        return;
                    }
                    Ok(command) => Message::Command(command, None),
                    Err(ParseError(e)) => Message::Error(e),
                }
            }
        };
        if tx.send(message).is_err() {
            return;
        }
    }
    quitting.store(true, Ordering::SeqCst);
    stop_searches(&mut given.searches);
    let _ = tx.send(Message::End);
}

/// The signals the input thread has not given yet, of the `go`, `perft`
/// and `bench` commands it read.
#[derive(Default)]
struct Ungiven {
    /// Those of the searches.
    searches: Vec<Signals>,
    /// The stop signals of perft and bench jobs.
    jobs: Vec<Arc<Stop>>,
    /// The `go ponder` searches, oldest first, until hit or stopped.
    pondering: Vec<Signals>,
}

impl Ungiven {
    /// A `go`, `perft` or `bench` read: its signals kept, and handed on
    /// with it.
    fn long_command(&mut self, command: Command) -> Message {
        let signals = Signals {
            stop: Stop::new(),
            ponder: matches!(&command, Command::Go(go) if go.ponder).then(Ponder::new),
            ready: Arc::default(),
        };
        if let Command::Go(_) = command {
            self.searches.retain(|s| !s.stop.is_set());
            self.searches.push(signals.clone());
        } else {
            self.jobs.retain(|s| !s.is_set());
            self.jobs.push(Arc::clone(&signals.stop));
        }
        if signals.ponder.is_some() {
            self.pondering.push(signals.clone());
        }
        Message::Command(command, Some(signals))
    }

    /// `ponderhit`: the ponderhit signal of the oldest `go ponder` not
    /// stopped nor hit yet, or a note when there is none.
    fn ponderhit(&mut self, out: &Output) {
        self.pondering.retain(|s| !s.stop.is_set());
        match self.pondering.first().and_then(|s| s.ponder.as_ref()) {
            Some(ponder) => {
                ponder.hit();
                self.pondering.remove(0);
            }
            None => out.line(NO_PONDER),
        }
    }

    /// `isready` behind a search: answered at once while one is under
    /// way, held back behind the last `go` not started yet. Whether it was
    /// taken care of here; if not, the command thread answers it.
    fn answer_isready(&self, out: &Output) -> bool {
        let live = || self.searches.iter().filter(|s| !s.stop.is_set());
        if live().any(|s| lock(&s.ready).started) {
            out.line("readyok");
            return true;
        }
        if let Some(last) = live().next_back() {
            let mut ready = lock(&last.ready);
            if ready.started {
                out.line("readyok");
            } else {
                ready.held += 1;
            }
            return true;
        }
        false
    }

    /// `stop` (or `quit`): the stop signal of every search and job.
    fn stop_all(&mut self) {
        stop_searches(&mut self.searches);
        for stop in self.jobs.drain(..) {
            stop.trigger();
        }
    }
}

/// Gives the stop signal of every search read so far.
fn stop_searches(searches: &mut Vec<Signals>) {
    for signals in searches.drain(..) {
        signals.stop.trigger();
    }
}

/// The command thread's state.
struct Engine {
    out: Output,
    settings: Settings,
    /// The current variant's rule options (for `uci` while a job runs).
    rules: Vec<OptionInfo>,
    /// The session, `None` while a job holds it.
    session: Option<Box<dyn AnySession>>,
    job: Option<Job>,
    quitting: Arc<AtomicBool>,
    /// Why the last `position` was refused: until the next position is
    /// set, a `go` answers the null move rather than a move of the position
    /// kept from before, which the client no longer has (`d`, `eval` and
    /// `perft` still show that one).
    refused: Option<String>,
    /// The dialect last heard from the client.
    heard: Dialect,
    /// `debug on`: each `go` reports the limits it searches with.
    debug: bool,
}

/// The session could not be had: the program is leaving.
struct Gone;

/// The move `bestmove` names when there is none to play: UCI's null move,
/// which every client here parses.
pub const NULL_MOVE: &str = "0000";

impl Engine {
    fn new(
        out: Output,
        settings: Settings,
        session: Box<dyn AnySession>,
        quitting: Arc<AtomicBool>,
    ) -> Engine {
        Engine {
            out,
            rules: session.rule_options(),
            settings,
            session: Some(session),
            job: None,
            quitting,
            refused: None,
            heard: Dialect::Standard,
            debug: false,
        }
    }

    /// The dialect the answers are written in now.
    fn dialect(&self) -> Dialect {
        self.settings.dialect.in_force(self.heard)
    }

    fn serve(&mut self, rx: Receiver<Message>) {
        while let Ok(message) = rx.recv() {
            let is_ready = matches!(message, Message::Command(Command::IsReady, _));
            let result = match message {
                Message::Command(Command::Quit, _) | Message::End => break,
                Message::Command(command, stop) => self.execute(command, stop),
                Message::Error(e) => {
                    self.error(&e);
                    Ok(())
                }
            };
            if self.out.is_broken() {
                break;
            }
            if result.is_err() {
                // Leaving without the session (a job left behind at the end
                // of the input, on a machine too loaded for it to return in
                // time): every `isready` read still gets its answer, those
                // held behind a queued `go` included.
                if is_ready {
                    self.out.line("readyok");
                }
                for message in rx.try_iter() {
                    match message {
                        Message::Command(Command::IsReady, _) => self.out.line("readyok"),
                        Message::Command(Command::Go(_), Some(signals)) => {
                            release(&signals.ready, &self.out)
                        }
                        _ => {}
                    }
                }
                break;
            }
        }
        self.quitting.store(true, Ordering::SeqCst);
        let _ = self.wait_job();
    }

    fn error(&self, what: &str) {
        self.out
            .line(&format!("info string error: {}", escape_controls(what)));
    }

    /// Waits for the running job and takes the session back. When leaving,
    /// a job still running after [`QUIT_GRACE`] is given its stop signal,
    /// and one still running [`QUIT_GRACE`] after that is left behind.
    fn wait_job(&mut self) -> Result<(), Gone> {
        let Some(job) = self.job.take() else {
            return Ok(());
        };
        let mut deadline: Option<Instant> = None;
        let mut stopped = false;
        loop {
            match job.done.recv_timeout(Duration::from_millis(10)) {
                Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {
                    if !self.quitting.load(Ordering::SeqCst) || !job.search {
                        continue;
                    }
                    let now = Instant::now();
                    if now < *deadline.get_or_insert(now + QUIT_GRACE) {
                        continue;
                    }
                    if stopped {
                        log::warn!("leaving a job behind at quit");
                        return Err(Gone);
                    }
                    // A search already stopped by `stop` or `quit` gets the
                    // second grace too: on a loaded machine it may be slow.
                    log::info!("stopping the running job at the end of the input");
                    job.stop.trigger();
                    stopped = true;
                    deadline = Some(now + QUIT_GRACE);
                }
            }
        }
        match job.handle.join() {
            Ok(end) => {
                let session = match end.session {
                    Some(session) => session,
                    // A fresh session replaces one whose searcher panicked.
                    None => match rebuild(&self.settings, &end.record) {
                        Ok((fresh, _)) => fresh,
                        Err(e) => {
                            log::error!("cannot rebuild the session: {e}");
                            return Err(Gone);
                        }
                    },
                };
                self.session = Some(session);
                Ok(())
            }
            Err(_) => {
                log::error!("a job thread panicked");
                Err(Gone)
            }
        }
    }

    /// The session, once any running job has given it back.
    fn session(&mut self) -> Result<&mut Box<dyn AnySession>, Gone> {
        self.wait_job()?;
        self.session.as_mut().ok_or(Gone)
    }

    fn execute(&mut self, command: Command, signals: Option<Signals>) -> Result<(), Gone> {
        let stop = signals.as_ref().map(|s| Arc::clone(&s.stop));
        match command {
            // `stop` and `ponderhit` are acted on by the input thread.
            Command::Empty | Command::Stop | Command::PonderHit | Command::Quit => {}
            Command::Uci => self.uci(),
            Command::IsReady => {
                // Ready once the endgame tables are: their problems first.
                for warning in self.session()?.wait_ready() {
                    self.out.line(&format!("info string warning: {warning}"));
                }
                self.out.line("readyok");
            }
            Command::Help => {
                for line in HELP {
                    self.out.line(line);
                }
            }
            Command::Debug(on) => self.debug = on,
            Command::Register => {}
            Command::SetOption { name, value } => {
                if dialect::heard_in_option(&name) {
                    self.heard = Dialect::Aalina;
                }
                self.set_option(&name, value.as_deref())?
            }
            Command::UciNewGame => {
                self.session()?.new_game();
                self.refused = None;
            }
            Command::Position { start, moves } => self.position(&start, &moves)?,
            Command::Display => {
                let text = self.session()?.display();
                self.out.text(&text);
            }
            Command::Eval => {
                let text = self.session()?.eval();
                self.out.text(&text);
            }
            Command::Go(go) => {
                let signals = signals.unwrap_or_default();
                let gone = self.go(go, &signals);
                release(&signals.ready, &self.out);
                gone?
            }
            Command::Perft { depth } => self.perft(depth, stop)?,
            Command::Bench { depth } => self.bench(depth, stop)?,
        }
        Ok(())
    }

    /// `uci`: the engine's name, its options, `uciok`.
    fn uci(&self) {
        self.out
            .line(&format!("id name awale {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the awale developers");
        for line in options::option_lines(&self.settings, &self.rules) {
            self.out.line(&line);
        }
        self.out.line("uciok");
    }

    /// `position`: a position refused is remembered, for `go` to answer
    /// the null move.
    fn position(&mut self, start: &Start, moves: &[String]) -> Result<(), Gone> {
        if let Some(heard) = dialect::heard_in_moves(moves) {
            self.heard = heard;
        }
        match self.session()?.set_position(start, moves) {
            Ok(()) => self.refused = None,
            Err(e) => {
                self.error(&format!("position: {e}"));
                self.refused = Some(e.to_string());
            }
        }
        Ok(())
    }

    /// `perft`: counted on the job thread, `stop` ending it early.
    fn perft(&mut self, depth: u32, stop: Option<Arc<Stop>>) -> Result<(), Gone> {
        if !(1..=perft::MAX_DEPTH).contains(&depth) {
            let max = perft::MAX_DEPTH;
            self.error(&format!("perft: the depth must be from 1 to {max}"));
            return Ok(());
        }
        let threads = self.settings.threads;
        let stop = stop.unwrap_or_default();
        self.spawn(Arc::clone(&stop), false, move |session, out| {
            match session.perft(depth, threads, stop.flag()) {
                Ok(Some(text)) => out.text(&text),
                Ok(None) => out.line("info string perft stopped"),
                Err(e) => out.line(&format!("info string error: {e}")),
            }
            Some(session)
        })
    }

    /// `bench`: run on the job thread, `stop` ending it early.
    fn bench(&mut self, depth: Option<u32>, stop: Option<Arc<Stop>>) -> Result<(), Gone> {
        if depth.is_some_and(|d| !(1..=MAX_DEPTH).contains(&d)) {
            self.error(&format!("bench: the depth must be from 1 to {MAX_DEPTH}"));
            return Ok(());
        }
        let (threads, hash) = (self.settings.threads, self.settings.hash_mb);
        let evaluation = self.settings.eval.clone();
        let stop = stop.unwrap_or_default();
        self.spawn(Arc::clone(&stop), false, move |session, out| {
            let mut writer = LineWriter::new(out.clone());
            let run =
                crate::bench::run(depth, threads, hash, &evaluation, stop.flag(), &mut writer);
            drop(writer);
            match run {
                Ok(Some(_)) => {}
                Ok(None) => out.line("info string bench stopped"),
                Err(e) => out.line(&format!("info string error: bench: {e}")),
            }
            Some(session)
        })
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), Gone> {
        let (next, effect) = match options::apply(&self.settings, &self.rules, name, value) {
            Ok(change) => change,
            Err(e) => {
                self.error(&format!("setoption: {e}"));
                return Ok(());
            }
        };
        let session = self.session()?;
        match effect {
            Effect::Stored => {}
            Effect::Configure => {
                if let Err(e) = session.configure(&next) {
                    self.error(&format!("setoption: {e}"));
                    return Ok(());
                }
            }
            Effect::ClearHash => session.clear_hash(),
            Effect::Evaluation => session.set_evaluation(&next.eval),
            Effect::Rebuild { keep_position } => {
                let record = if keep_position {
                    session.record()
                } else {
                    (Start::StartPos, Vec::new())
                };
                let fresh = match rebuild(&next, &record) {
                    Ok((fresh, replayed)) => {
                        if let Some(e) = replayed {
                            log::info!("the position does not hold under the new rules ({e}); back to the start");
                        }
                        fresh
                    }
                    Err(e) => {
                        self.error(&format!("setoption: {e}"));
                        return Ok(());
                    }
                };
                self.rules = fresh.rule_options();
                self.session = Some(fresh);
                if !keep_position {
                    self.refused = None;
                }
            }
        }
        self.settings = next;
        Ok(())
    }

    /// Runs `work` on a job thread with the session, which `work` gives
    /// back (`None` when it was lost); `stop` is the job's stop signal,
    /// given when the job ends (so the input thread forgets it) or, when
    /// leaving, by [`Engine::wait_job`].
    fn spawn<F>(&mut self, stop: Arc<Stop>, search: bool, work: F) -> Result<(), Gone>
    where
        F: FnOnce(Box<dyn AnySession>, &Output) -> Option<Box<dyn AnySession>> + Send + 'static,
    {
        self.wait_job()?;
        let session = self.session.take().ok_or(Gone)?;
        let record = session.record();
        let out = self.out.clone();
        let (done_tx, done) = mpsc::channel();
        let ended = Arc::clone(&stop);
        let handle = thread::Builder::new()
            .name("awale-job".into())
            .spawn(move || {
                let session = catch_unwind(AssertUnwindSafe(|| work(session, &out)))
                    .ok()
                    .flatten();
                ended.trigger();
                let _ = done_tx.send(());
                JobEnd { session, record }
            });
        match handle {
            Ok(handle) => {
                self.job = Some(Job {
                    handle,
                    done,
                    stop,
                    search,
                });
                Ok(())
            }
            Err(e) => {
                // The closure (and the session in it) is lost: leave.
                log::error!("cannot start a job thread: {e}");
                self.error("cannot start a thread");
                Err(Gone)
            }
        }
    }

    /// The error of a `go` after a refused `position`.
    fn no_position(&self) -> String {
        let why = self.refused.as_deref().unwrap_or_default();
        format!("no position to search: the last 'position' command was refused ({why})")
    }

    fn go(&mut self, go: Go, signals: &Signals) -> Result<(), Gone> {
        let Signals { stop, ponder, .. } = signals.clone();
        if !go.warnings.is_empty() {
            let warnings = go.warnings.join("; ");
            self.out.line(&format!(
                "info string warning: go: {}",
                escape_controls(&warnings)
            ));
        }
        if self.refused.is_some() {
            // Nothing runs: the input thread forgets this search (isready
            // and ponderhit no longer count it as under way).
            stop.trigger();
            self.error(&format!("go: {}", self.no_position()));
            self.out.line(&bestmove_line(None, false));
            return Ok(());
        }
        let dialect = self.dialect();
        let session = self.session()?;
        session.set_dialect(dialect);
        let mut searchmoves = Vec::new();
        let mut dropped = Vec::new();
        for mv in &go.searchmoves {
            match session.check_searchmoves(std::slice::from_ref(mv)) {
                Ok(checked) => searchmoves.extend(checked),
                Err(e) => dropped.push(e.to_string()),
            }
        }
        if !dropped.is_empty() {
            let all = if searchmoves.is_empty() {
                "; searching every move"
            } else {
                ""
            };
            self.out.line(&format!(
                "info string warning: go: {} ignored{all}",
                escape_controls(&dropped.join("; "))
            ));
        }
        let session = self.session()?;
        let game_over = session.game_end();
        let mover = session.side_to_move_index();
        let request = Request {
            limits: limits(&go, &self.settings, ponder.clone()),
            stop_after: safety_deadline(&go, &self.settings, mover),
            searchmoves,
            grace: STOP_GRACE,
        };
        if self.debug {
            let stop_after = request
                .stop_after
                .map_or("none".to_string(), |t| format!("{} ms", t.as_millis()));
            self.out.line(&format!(
                "info string debug: go {go}; dialect {dialect:?}; hard deadline {stop_after}"
            ));
        }
        let infinite = go.infinite;
        let name_reply = dialect.names_reply(self.settings.ponder);
        self.spawn(Arc::clone(&stop), true, move |session, out| {
            if let Some(end) = game_over {
                out.line(&format!(
                    "info string game over: {}; final score South {}, North {}",
                    end.reason, end.scores[0], end.scores[1]
                ));
            }
            let reports = out.clone();
            let thought = thinker::think(session, request, &stop, move |report| {
                reports.line(&report.line)
            });
            if thought.failed {
                out.line("info string error: the search failed; answering a legal move");
            }
            // UCI: no `bestmove` before `stop` in infinite mode, nor before
            // `ponderhit` or `stop` in pondering mode.
            if infinite {
                stop.wait();
            } else if let Some(ponder) = ponder {
                while ponder.hit_at().is_none() && !stop.wait_until(Instant::now() + PONDER_POLL) {}
            }
            out.line(&bestmove_line(thought.best.as_ref(), name_reply));
            // Releases the search if it still runs.
            stop.trigger();
            thought.session.wait()
        })
    }
}
/// The `bestmove` line of a choice (`bestmove 0000`, the null move, without
/// one); the expected reply is named (`ponder <move>`) when `name_reply`
/// and the choice has one.
pub fn bestmove_line(best: Option<&BestMove>, name_reply: bool) -> String {
    match best {
        None => format!("bestmove {NULL_MOVE}"),
        Some(BestMove {
            mv,
            ponder: Some(reply),
        }) if name_reply => format!("bestmove {mv} ponder {reply}"),
        Some(best) => format!("bestmove {}", best.mv),
    }
}

/// The search limits of a `go` command; `ponder` is the ponderhit signal
/// of a `go ponder`.
pub fn limits(go: &Go, settings: &Settings, ponder: Option<Arc<Ponder>>) -> Limits {
    let ms = Duration::from_millis;
    Limits {
        depth: go.depth,
        nodes: go.nodes,
        movetime: go.movetime.map(ms),
        clock: Clock {
            time: [go.time[0].map(ms), go.time[1].map(ms)],
            inc: [ms(go.inc[0].unwrap_or(0)), ms(go.inc[1].unwrap_or(0))],
            movestogo: go.movestogo,
        },
        infinite: go.infinite,
        multipv: settings.multipv.max(1),
        move_overhead: settings.move_overhead,
        ponder,
        resume: false,
    }
}

/// When the loop itself stops a search whatever the search decides: at
/// `movetime` minus the move overhead; with a clock, once half the mover's
/// remaining time (all of it at `movestogo 1`) minus the overhead is spent.
/// `None` for `infinite` and for searches bounded only by depth or nodes.
/// The time counts from the `go`, or from the `ponderhit` of a `go ponder`.
pub fn safety_deadline(go: &Go, settings: &Settings, mover: usize) -> Option<Duration> {
    if go.infinite {
        return None;
    }
    let overhead = settings.move_overhead;
    let by_movetime = go
        .movetime
        .map(|t| Duration::from_millis(t).saturating_sub(overhead));
    let by_clock = go.time[mover.min(1)].map(|t| {
        let left = Duration::from_millis(t).saturating_sub(overhead);
        if go.movestogo == Some(1) {
            left
        } else {
            left / 2
        }
    });
    match (by_movetime, by_clock) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Runs the protocol on this process's stdin and stdout.
pub fn run_stdio(settings: Settings) -> io::Result<()> {
    run_with(settings, io::stdin(), Box::new(io::stdout()))
}

/// A writer into a shared buffer, for driving the loop in-process (tests).
#[derive(Clone, Default)]
pub struct SharedBuffer(pub Arc<Mutex<Vec<u8>>>);

impl SharedBuffer {
    /// Everything written so far, decoded.
    pub fn contents(&self) -> String {
        String::from_utf8_lossy(&lock(&self.0)).into_owned()
    }
}

impl Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        lock(&self.0).extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Runs the loop on `input` to its end and returns everything it printed.
pub fn run_to_string(input: &[u8]) -> io::Result<String> {
    let buffer = SharedBuffer::default();
    run(io::Cursor::new(input.to_vec()), Box::new(buffer.clone()))?;
    Ok(buffer.contents())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines printed after the banner.
    fn lines(input: &str) -> Vec<String> {
        let out = run_to_string(input.as_bytes()).unwrap();
        let mut lines = out.lines().map(String::from);
        assert_eq!(lines.next(), Some(banner()));
        lines.collect()
    }

    /// A search that does not return even after its stop signal is left
    /// behind when the input ends, and every `isready` read by then, the
    /// one that found the session gone included, is still answered.
    #[test]
    fn isready_is_answered_when_a_job_is_left_behind() {
        let buffer = SharedBuffer::default();
        let out = Output::new(Box::new(buffer.clone()));
        let settings = Settings::default();
        let session = build(&settings).unwrap();
        let (release, held) = mpsc::channel::<()>();
        let (_done_tx, done) = mpsc::channel();
        let stuck = thread::spawn(move || {
            let _ = held.recv();
            JobEnd {
                record: session.record(),
                session: Some(session),
            }
        });
        let quitting = Arc::new(AtomicBool::new(true));
        let fresh = build(&settings).unwrap();
        let mut engine = Engine::new(out, settings, fresh, quitting);
        engine.session = None;
        engine.job = Some(Job {
            handle: stuck,
            done,
            stop: Stop::new(),
            search: true,
        });
        let (tx, rx) = mpsc::channel();
        for _ in 0..3 {
            tx.send(Message::Command(Command::IsReady, None)).unwrap();
        }
        tx.send(Message::End).unwrap();
        engine.serve(rx);
        release.send(()).unwrap();
        assert_eq!(buffer.contents(), "readyok\n".repeat(3));
    }

    #[test]
    fn uci_sends_ids_options_and_uciok_and_isready_readyok() {
        // On a loaded machine `isready` may first warn that the start-up
        // tables are still loading: a line of its own, not the handshake's.
        let out: Vec<String> = lines("uci\nisready\n")
            .into_iter()
            .filter(|l| !l.starts_with("info string "))
            .collect();
        assert!(out[0].starts_with("id name awale "), "{out:?}");
        assert!(out[1].starts_with("id author "), "{out:?}");
        assert_eq!(out[out.len() - 2], "uciok");
        assert_eq!(out[out.len() - 1], "readyok");
        assert!(out.iter().filter(|l| l.starts_with("option name ")).count() >= 10);
    }

    /// Input that ends only once the output holds `until` (or after a
    /// minute, so that a bug fails the test instead of hanging it): a
    /// search is not stopped by the end of the input, however loaded the
    /// machine.
    struct HeldOpen {
        input: io::Cursor<Vec<u8>>,
        output: SharedBuffer,
        until: &'static str,
    }

    impl Read for HeldOpen {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.input.read(buf)?;
            if n > 0 {
                return Ok(n);
            }
            let deadline = Instant::now() + Duration::from_secs(60);
            while !self.output.contents().contains(self.until) && Instant::now() < deadline {
                thread::sleep(Duration::from_millis(5));
            }
            Ok(0)
        }
    }

    /// The lines printed after the banner for `input`, read until the
    /// output holds `until`.
    fn lines_until(input: &str, until: &'static str) -> Vec<String> {
        let output = SharedBuffer::default();
        let held = HeldOpen {
            input: io::Cursor::new(input.as_bytes().to_vec()),
            output: output.clone(),
            until,
        };
        run(held, Box::new(output.clone())).unwrap();
        output
            .contents()
            .lines()
            .skip(1)
            .map(String::from)
            .collect()
    }

    #[test]
    fn search_prints_info_then_bestmove() {
        let out = lines_until("position startpos moves F\ngo depth 2\n", "bestmove");
        assert!(out[0].starts_with("info depth 1 "), "{out:?}");
        let last = out.last().unwrap();
        let mv = last.strip_prefix("bestmove ").expect(last);
        assert!(["a", "b", "c", "d", "e", "f"].contains(&mv), "{out:?}");
    }

    #[test]
    fn errors_change_nothing() {
        let out = lines(
            "position startpos moves F\nposition startpos moves A A\nsetoption name Hash value 0\nfoo\nd\n",
        );
        let errors = [
            "info string error: position: move 2 'A'",
            "info string error: setoption: option Hash",
        ];
        for (i, error) in errors.iter().enumerate() {
            assert!(out[i].starts_with(error), "{out:?}");
        }
        assert_eq!(out[2], "info string error: unknown command 'foo'");
        assert!(
            out.iter()
                .any(|l| l == "Position: 4-4-4-4-4-0-5-5-5-5-4-4-0-0-N"),
            "{out:?}"
        );
    }

    #[test]
    fn a_refused_position_answers_the_null_move_until_a_position_is_set() {
        let out = lines("position startpos moves F F\ngo depth 2\n");
        assert!(out[1].contains("go: no position to search"), "{out:?}");
        assert_eq!(out[2], "bestmove 0000");
        for reset in [
            "position startpos moves F",
            "ucinewgame",
            "setoption name Variant value oware",
        ] {
            let input = format!("position startpos moves F F\n{reset}\ngo depth 2\n");
            let out = lines_until(&input, "bestmove");
            let best = out.last().unwrap();
            assert!(
                best != "bestmove 0000" && best.starts_with("bestmove "),
                "{reset}: {out:?}"
            );
        }
    }

    #[test]
    fn debug_on_reports_the_limits_of_each_go() {
        let out = lines_until("debug on\ngo depth 200 movetime 300\n", "bestmove");
        assert!(
            out.contains(&"info string debug: go depth 100 movetime 300; dialect Standard; hard deadline 290 ms".to_string()),
            "{out:?}"
        );
        let out = lines_until("debug on\ndebug off\ngo depth 2\n", "bestmove");
        assert!(!out.iter().any(|l| l.contains("debug")), "{out:?}");
    }

    #[test]
    fn rule_options_rebuild_and_keep_the_position() {
        let out =
            lines("position startpos moves F f\nsetoption name notation value numbers\nd\nuci\n");
        assert!(out.iter().any(|l| l == "Legal moves: 1 2 3 4 5"), "{out:?}");
        assert!(out
            .iter()
            .any(|l| l.starts_with("Position: 5-5-5-5-4-0-5-5-5-5-4-0-0-0-S")));
        assert!(out.iter().any(
            |l| l == "option name Notation type combo default numbers var letters var numbers"
        ));
    }

    #[test]
    fn perft_counts_eval_totals_and_a_bad_depth_is_an_error() {
        let out = lines("go perft 2\neval\nperft 0\n");
        assert!(out.iter().any(|l| l == "Nodes searched: 36"), "{out:?}");
        assert!(out.iter().any(|l| l == "Total: 0"), "{out:?}");
        assert!(out.last().unwrap().contains("depth must be"), "{out:?}");
        // The limits are those of the command line.
        let out = lines("bench 101\nperft 64\n");
        let errors = [
            "bench: the depth must be from 1 to 100",
            "perft: the depth must be from 1 to 20",
        ];
        for (i, error) in errors.iter().enumerate() {
            assert!(out[i].ends_with(error), "{out:?}");
        }
    }

    #[test]
    fn bestmove_names_the_reply_only_when_asked() {
        let both = BestMove {
            mv: "C".into(),
            ponder: Some("f".into()),
        };
        let alone = BestMove {
            mv: "C".into(),
            ponder: None,
        };
        assert_eq!(bestmove_line(Some(&both), true), "bestmove C ponder f");
        assert_eq!(bestmove_line(Some(&both), false), "bestmove C");
        assert_eq!(bestmove_line(Some(&alone), true), "bestmove C");
        assert_eq!(bestmove_line(None, true), "bestmove 0000");
    }

    #[test]
    fn ponder_waits_for_the_end_of_input_in_process() {
        // No ponderhit: the end of the input stops the search, which answers.
        let out = lines("setoption name Ponder value true\ngo ponder depth 3\n");
        let last = out.last().unwrap();
        assert!(last.starts_with("bestmove "), "{out:?}");
        assert_eq!(out.iter().filter(|l| l.starts_with("bestmove")).count(), 1);
        // A ponderhit with nothing pondering: one note.
        let out = lines("ponderhit\n");
        assert_eq!(out, [NO_PONDER]);
    }

    #[test]
    fn the_safety_deadline_falls_inside_the_time_limit_and_infinite_has_none() {
        let s = Settings::default();
        let go = Go {
            movetime: Some(1000),
            ..Go::default()
        };
        assert_eq!(
            safety_deadline(&go, &s, 0),
            Some(Duration::from_millis(990))
        );
        let go = Go {
            time: [Some(10_010), Some(5)],
            ..Go::default()
        };
        assert_eq!(safety_deadline(&go, &s, 0), Some(Duration::from_secs(5)));
        assert_eq!(safety_deadline(&go, &s, 1), Some(Duration::ZERO));
        let go = Go {
            infinite: true,
            movetime: Some(5),
            ..Go::default()
        };
        assert_eq!(safety_deadline(&go, &s, 0), None);
        assert_eq!(safety_deadline(&Go::default(), &s, 0), None);
    }
}
