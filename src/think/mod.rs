//! The thinker: "search against a deadline and keep the best move so far",
//! written once for every layer that must answer a move in time (the
//! protocol loop's `go`, the arbiter mode, the terminal game, a web board).
//! It lives above the search and below those layers, which is why it is
//! neither in `search` (it speaks moves as text, as they do) nor in
//! `protocol` (the terminal game uses it too).
//!
//! [`think`] runs a [`Mind`]'s search on a thread of its own and returns
//! as soon as an answer is due: when the search returns, or when the stop
//! signal was given (by the caller, or at [`Request::stop_after`]) and the
//! search has not returned [`Request::grace`] later; the answer is then the
//! best move the search reported so far. A pondering search
//! ([`Limits::ponder`]) has no deadline until its ponderhit; its
//! [`Request::stop_after`] counts from the hit. The mind comes back through
//! [`Pending`] once the search returns, so a caller may answer first and
//! wait afterwards, or leave a slow search behind and build a fresh mind.

//!
//! The mind, its task, reports and choices and the book beside the search
//! are [`awale_board::think`]'s, re-exported here.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

pub use awale_board::think::{booked, one_ply_choice, BestMove, Mind, Report, Task};

use crate::search::Limits;
use crate::sync::{lock, Stop};

/// How often [`think`] looks at the stop signal and the clock while the
/// search runs.
const POLL: Duration = Duration::from_millis(2);

/// What to think about, and until when.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The search limits (depth, nodes, time, clocks, MultiPV).
    pub limits: Limits,
    /// Moves to choose from, in the engine's notation (all when empty);
    /// they must have been checked legal. The answer due before the first
    /// report is one of them ([`Mind::prepare`]'s, else
    /// [`Mind::fallback`]'s).
    pub searchmoves: Vec<String>,
    /// When the search is told to stop, whatever it decides by itself:
    /// this long after its time limits start counting, at the call (or, for
    /// a pondering search, at the ponderhit: [`Limits::clock_start`]).
    pub stop_after: Option<Duration>,
    /// How long after the stop signal the answer waits for the search's own
    /// before settling for the best move reported so far.
    pub grace: Duration,
}

/// The answer of [`think`].
pub struct Thought<M: ?Sized> {
    /// The move to play (and the reply expected) in the engine's notation:
    /// the search's choice, or the best it reported before the grace ran
    /// out, or else (nothing reported yet) the choice [`Mind::prepare`]
    /// gave, or else [`Mind::fallback`]'s.
    /// `None` only when the game is over (no legal move).
    pub best: Option<BestMove>,
    /// The search panicked (a bug, logged): `best` is then the best move
    /// reported before, or else the fallback, and the session is lost.
    pub failed: bool,
    /// The mind, once the search returns it.
    pub session: Pending<M>,
}

/// A mind still held by a search that may not have returned yet.
pub struct Pending<M: ?Sized> {
    handle: Option<JoinHandle<Option<Box<M>>>>,
}

impl<M: ?Sized> Pending<M> {
    /// Whether the search has returned (so [`Pending::wait`] will not block).
    pub fn is_ready(&self) -> bool {
        self.handle.as_ref().map_or(true, |h| h.is_finished())
    }

    /// Waits for the search to return and gives the mind back; `None`
    /// when it was lost (the search panicked or could not start), and the
    /// caller must build another.
    pub fn wait(self) -> Option<Box<M>> {
        self.handle?.join().ok().flatten()
    }
}

/// What the search thread tells [`think`].
enum Event {
    /// The choice of a completed iteration.
    Best(BestMove),
    /// The search returned with this choice.
    Done(Option<BestMove>),
}

/// Searches `session` as `request` says and returns when the answer is due
/// (see the module documentation). `stop` ends the search early; it is
/// given at [`Request::stop_after`] too. `on_report` receives the report of
/// every completed iteration until the answer is given, never after.
pub fn think<M: Mind + ?Sized>(
    mut session: Box<M>,
    request: Request,
    stop: &Arc<Stop>,
    mut on_report: impl FnMut(&Report) + Send + 'static,
) -> Thought<M> {
    let started = Instant::now();
    // Before the search thread exists, so that a machine that starves it
    // still gets this choice rather than the fallback.
    let prepared = session.prepare(&request.limits, &request.searchmoves);
    if let Some(report) = &prepared {
        on_report(report);
    }
    // The one "answer some legal move" of the engine: a search promises a
    // move whenever one is legal, but an answer due before its first
    // report, or a search that panicked, has none.
    let fallback = session.fallback(&request.searchmoves);
    // Set once the answer is due, under the lock the search thread holds
    // while it prints a report and queues its choice: no report is printed
    // after the answer, and every choice printed before it is drained
    // from the queue, so the answer is never older than the last report.
    let answered = Arc::new(Mutex::new(false));
    let (tx, rx) = mpsc::channel::<Event>();
    let handle = spawn_search(session, &request, stop, &answered, tx, on_report);
    let mut heard = Heard {
        best_so_far: prepared.and_then(|report| report.best),
        done: None,
        failed: handle.is_none(),
    };
    heard.listen(&rx, &request, started, stop);
    *lock(&answered) = true;
    // What the search said before the answer was due but the loop has not
    // read yet.
    for event in rx.try_iter() {
        heard.take(event);
    }
    let failed = heard.failed;
    Thought {
        best: heard.best().or(fallback),
        failed,
        session: Pending { handle },
    }
}

/// Starts the search of `session` on a thread of its own, which sends its
/// choices on `tx` and hands `session` back when the search returns. It
/// prints a report and sends a choice only under the lock of `answered`,
/// and not once that is set. `None` when the thread cannot start.
fn spawn_search<M: Mind + ?Sized>(
    session: Box<M>,
    request: &Request,
    stop: &Arc<Stop>,
    answered: &Arc<Mutex<bool>>,
    tx: mpsc::Sender<Event>,
    mut on_report: impl FnMut(&Report) + Send + 'static,
) -> Option<JoinHandle<Option<Box<M>>>> {
    let spawned = {
        let stop = Arc::clone(stop);
        let answered = Arc::clone(answered);
        let (limits, searchmoves) = (request.limits.clone(), request.searchmoves.clone());
        thread::Builder::new()
            .name("awale-search".into())
            .spawn(move || {
                let mut session = session;
                let best = catch_unwind(AssertUnwindSafe(|| {
                    session.search(Task {
                        limits: &limits,
                        searchmoves: &searchmoves,
                        stop: stop.flag(),
                        on_report: &mut |report| {
                            let answered = lock(&answered);
                            if *answered {
                                return;
                            }
                            on_report(&report);
                            if let Some(best) = report.best {
                                let _ = tx.send(Event::Best(best));
                            }
                        },
                    })
                }));
                match best {
                    Ok(best) => {
                        // Under the lock too: a choice made after the
                        // answer (its report unprinted) is not drained.
                        let answered = lock(&answered);
                        if !*answered {
                            let _ = tx.send(Event::Done(best));
                        }
                        drop(answered);
                        Some(session)
                    }
                    Err(_) => {
                        log::error!("the search panicked");
                        None
                    }
                }
            })
    };
    match spawned {
        Ok(handle) => Some(handle),
        Err(e) => {
            log::error!("cannot start the search thread: {e}");
            None
        }
    }
}

/// What the search thread has told [`think`] so far.
struct Heard {
    /// The choice of the last completed iteration (or the prepared one).
    best_so_far: Option<BestMove>,
    /// The search's own answer, once it returned.
    done: Option<Option<BestMove>>,
    /// The search thread is gone without an answer (or never started).
    failed: bool,
}

impl Heard {
    fn take(&mut self, event: Event) {
        match event {
            Event::Best(mv) => self.best_so_far = Some(mv),
            Event::Done(best) => self.done = Some(best),
        }
    }

    /// Listens to the search until the answer is due: it returned or
    /// failed, or the stop signal (given here at [`Request::stop_after`])
    /// was given [`Request::grace`] ago.
    fn listen(
        &mut self,
        rx: &mpsc::Receiver<Event>,
        request: &Request,
        started: Instant,
        stop: &Stop,
    ) {
        let mut stop_seen: Option<Instant> = None;
        while !self.failed && self.done.is_none() {
            let now = Instant::now();
            let clock = request.limits.clock_start(started);
            if let (Some(after), Some(clock)) = (request.stop_after, clock) {
                if now >= clock + after {
                    stop.trigger();
                }
            }
            if stop.is_set() {
                let seen = *stop_seen.get_or_insert(now);
                if now >= seen + request.grace {
                    log::warn!("the search is slow to stop; answering its best move so far");
                    break;
                }
            }
            match rx.recv_timeout(POLL) {
                Ok(event) => self.take(event),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.failed = true,
            }
        }
    }

    /// The search's answer when it gave one, else its best so far.
    fn best(self) -> Option<BestMove> {
        self.done.unwrap_or(self.best_so_far)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::command::Start;
    use crate::protocol::session::{build, AnySession, Settings};
    use crate::search::limits::Ponder;

    fn request(depth: u32) -> Request {
        Request {
            limits: Limits {
                depth: Some(depth),
                multipv: 1,
                ..Limits::default()
            },
            ..Request::default()
        }
    }

    #[test]
    fn answers_the_search_move_and_gives_the_session_back() {
        let session = build(&Settings::default()).unwrap();
        let reports = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&reports);
        let thought = think(session, request(3), &Stop::new(), move |r| {
            seen.lock().unwrap().push(r.line.clone())
        });
        assert!(!thought.failed);
        let best = thought.best.expect("a legal move");
        let session = thought.session.wait().expect("the session comes back");
        assert!(session.legal_moves().contains(&best.mv), "{best:?}");
        assert!(best.ponder.is_some(), "a reply at depth 3: {best:?}");
        let reports = reports.lock().unwrap();
        assert_eq!(reports.len(), 3, "{reports:?}");
        assert!(reports[2].starts_with("info depth 3 "), "{reports:?}");
    }

    #[test]
    fn keeps_to_the_searchmoves() {
        let session = build(&Settings::default()).unwrap();
        let mut req = request(4);
        req.searchmoves = vec!["C".to_string()];
        let thought = think(session, req, &Stop::new(), |_| {});
        assert_eq!(thought.best.map(|b| b.mv).as_deref(), Some("C"));
    }

    /// A session with the default settings at the position `fen`.
    fn session_at(fen: &str) -> Box<dyn AnySession> {
        let mut session = build(&Settings::default()).unwrap();
        session.set_position(&Start::Fen(fen.into()), &[]).unwrap();
        session
    }

    #[test]
    fn a_finished_game_has_no_answer() {
        let session = session_at("0-0-0-0-0-0-1-0-0-0-0-0-23-24-S");
        let thought = think(session, request(2), &Stop::new(), |_| {});
        assert_eq!(thought.best, None);
        assert!(!thought.failed);
        assert!(thought.session.wait().is_some());
    }

    /// The report of a depth-1 search that chose `mv`.
    fn report(mv: &str) -> Report {
        Report {
            line: format!("info depth 1 pv {mv}"),
            best: Some(BestMove {
                mv: mv.to_string(),
                ponder: None,
            }),
        }
    }

    #[test]
    fn a_session_falls_back_on_a_one_ply_look_within_the_searchmoves() {
        // A is the first legal move; F captures 5 seeds.
        let session = session_at("5-0-0-0-0-2-1-2-2-2-2-2-15-15-S");
        assert_eq!(session.legal_moves(), ["A", "F"]);
        assert_eq!(session.fallback(&[]).map(|b| b.mv).as_deref(), Some("F"));
        let only_a = ["A".to_string()];
        assert_eq!(
            session.fallback(&only_a).map(|b| b.mv).as_deref(),
            Some("A")
        );
    }

    /// A mind that reports `D` (when `early`), then waits for `release`
    /// before reporting `E` and returning it; it prepares `prepared`.
    struct Slow {
        early: bool,
        release: mpsc::Receiver<()>,
        prepared: Option<&'static str>,
    }

    impl Slow {
        /// A slow mind in a box, and the sender that releases its search.
        fn boxed(early: bool, prepared: Option<&'static str>) -> (Box<Slow>, mpsc::Sender<()>) {
            let (release, released) = mpsc::channel();
            let mind = Slow {
                early,
                release: released,
                prepared,
            };
            (Box::new(mind), release)
        }
    }

    impl Mind for Slow {
        fn legal_moves(&self) -> Vec<String> {
            ["A", "B", "C", "D", "E", "F"].map(String::from).to_vec()
        }

        fn prepare(&mut self, _limits: &Limits, _searchmoves: &[String]) -> Option<Report> {
            self.prepared.map(report)
        }

        fn search(&mut self, task: Task<'_>) -> Option<BestMove> {
            if self.early {
                (task.on_report)(report("D"));
            }
            let _ = self.release.recv();
            (task.on_report)(report("E"));
            report("E").best
        }
    }

    /// Checks that `thought` answered `mv`, then releases its slow mind
    /// and checks that the mind comes back.
    fn answered_then_back(thought: Thought<Slow>, release: &mpsc::Sender<()>, mv: &str) {
        assert_eq!(thought.best.map(|b| b.mv).as_deref(), Some(mv));
        release.send(()).unwrap();
        assert!(thought.session.wait().is_some());
    }

    #[test]
    fn a_grace_run_out_before_any_report_still_answers_a_legal_move() {
        // Stopped before it starts, with no grace: the answer is due before
        // the search reports anything, yet a move is legal.
        let (mind, release) = Slow::boxed(false, None);
        let mut req = request(10);
        req.searchmoves = vec!["B".to_string(), "D".to_string()];
        let stop = Stop::new();
        stop.trigger();
        let thought = think(mind, req, &stop, |_| {});
        assert!(!thought.failed);
        answered_then_back(thought, &release, "B");
    }

    #[test]
    fn a_search_that_never_runs_answers_the_prepared_choice() {
        // As on a machine that gives the search thread no time at all: the
        // answer is due at once, and is the prepared choice, printed first.
        let (mind, release) = Slow::boxed(false, Some("C"));
        let stop = Stop::new();
        stop.trigger();
        let printed = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&printed);
        let thought = think(mind, request(10), &stop, move |r| {
            seen.lock().unwrap().push(r.line.clone())
        });
        answered_then_back(thought, &release, "C");
        assert_eq!(*printed.lock().unwrap(), ["info depth 1 pv C"]);
    }

    #[test]
    fn a_report_of_the_search_replaces_the_prepared_choice() {
        let (mind, release) = Slow::boxed(true, Some("C"));
        release.send(()).unwrap();
        let thought = think(mind, request(10), &Stop::new(), |_| {});
        assert_eq!(thought.best.map(|b| b.mv).as_deref(), Some("E"));
    }

    #[test]
    fn the_answer_is_the_last_report_and_comes_after_it() {
        // The report's printer gives the stop signal and is slow to return:
        // the grace (none) runs out while the report is being printed,
        // before its move is queued. The answer still waits for that move,
        // and what the search reports after the answer is not printed.
        let (mind, release) = Slow::boxed(true, None);
        let stop = Stop::new();
        let printed = Arc::new(Mutex::new(Vec::new()));
        let thought = {
            let (stop, printed) = (Arc::clone(&stop), Arc::clone(&printed));
            think(mind, Request::default(), &Arc::clone(&stop), move |r| {
                printed.lock().unwrap().push(r.line.clone());
                stop.trigger();
                thread::sleep(Duration::from_millis(100));
            })
        };
        answered_then_back(thought, &release, "D");
        assert_eq!(*printed.lock().unwrap(), ["info depth 1 pv D"]);
    }

    #[test]
    fn the_stop_time_ends_an_infinite_search() {
        let session = build(&Settings::default()).unwrap();
        let req = Request {
            limits: Limits {
                infinite: true,
                multipv: 1,
                ..Limits::default()
            },
            stop_after: Some(Duration::ZERO),
            grace: Duration::from_secs(60),
            ..Request::default()
        };
        let stop = Stop::new();
        let thought = think(session, req, &stop, |_| {});
        assert!(stop.is_set());
        let session = thought.session.wait().unwrap();
        let best = thought.best.expect("a move after the first iteration");
        assert!(session.legal_moves().contains(&best.mv));
    }

    #[test]
    fn a_pondering_search_waits_for_the_hit_then_keeps_to_its_limits() {
        let session = build(&Settings::default()).unwrap();
        let ponder = Ponder::new();
        let req = Request {
            limits: Limits {
                movetime: Some(Duration::from_millis(50)),
                multipv: 1,
                ponder: Some(Arc::clone(&ponder)),
                ..Limits::default()
            },
            stop_after: Some(Duration::from_millis(50)),
            grace: Duration::from_secs(60),
            ..Request::default()
        };
        let stop = Stop::new();
        let (tx, rx) = mpsc::channel();
        let thinking = thread::spawn(move || {
            let thought = think(session, req, &stop, |_| {});
            let _ = tx.send(());
            (thought, stop)
        });
        // Pondering, the search goes on past its move time...
        assert_eq!(
            rx.recv_timeout(Duration::from_millis(300)),
            Err(RecvTimeoutError::Timeout)
        );
        // ...until the ponderhit, from which the move time counts.
        ponder.hit();
        let (thought, _stop) = thinking.join().unwrap();
        assert!(!thought.failed);
        let session = thought.session.wait().unwrap();
        let best = thought.best.expect("a move");
        assert!(session.legal_moves().contains(&best.mv));
    }
}
