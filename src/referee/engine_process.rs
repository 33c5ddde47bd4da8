//! Engine processes and the protocols they speak.
//!
//! An engine is described by an [`EngineSpec`], written on the command line
//! in the style of cutechess-cli and fastchess:
//! `cmd=./awale,name=new,dir=/tmp,proto=uci,option.Hash=64,arg=uci`.
//!
//! Three protocols sit behind the one [`Engine`] trait:
//! - `uci`: our own dialect (and any engine speaking it). One process for the
//!   whole event: `uci`/`uciok`, `setoption`, `isready`/`readyok`, then per
//!   game `ucinewgame`, and per move `position startpos moves A f ...` and
//!   `go movetime N` or `go wtime .. btime .. winc .. binc ..`, answered by
//!   `bestmove M`.
//! - `aalina`: the same, but the moves are sent run together
//!   (`position startpos moves FfEaCe`), as the engine Aalina and its GUI
//!   expect; its `bestmove 0000` (game over) is an illegal move when the
//!   rules say the game goes on.
//! - `arbiter`: the class-harness line protocol, one process per game.
//!   South's engine gets `START`; each engine then gets its opponent's move
//!   line and answers with its own; `RESULT <move> <s1> <s2>` is read as the
//!   move. The variant and time are the engine's own command-line business
//!   (`arg=arbiter,arg=--movetime,arg=100` for ours), and games start from
//!   the initial position (no openings).
//!
//! Engine misbehaviour is reported as a [`Fault`], never a panic.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use super::RefereeError;

/// Longest line read from an engine; longer output is cut into pieces.
const MAX_LINE: u64 = 64 * 1024;

/// The protocol an engine speaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// Our UCI-like protocol.
    Uci,
    /// Aalina's dialect of it (moves run together, `bestmove 0000`).
    Aalina,
    /// The class-harness line protocol (START / moves / RESULT).
    Arbiter,
}

impl Protocol {
    /// Parses `uci`, `aalina` or `arbiter` (any case).
    pub fn parse(text: &str) -> Result<Protocol, RefereeError> {
        match text.to_ascii_lowercase().as_str() {
            "uci" => Ok(Protocol::Uci),
            "aalina" => Ok(Protocol::Aalina),
            "arbiter" => Ok(Protocol::Arbiter),
            _ => Err(RefereeError::new(format!(
                "unknown protocol '{text}' (expected uci, aalina or arbiter)"
            ))),
        }
    }

    /// The protocol's name as `proto=` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Aalina => "aalina",
            Protocol::Arbiter => "arbiter",
        }
    }
}

/// How to start an engine and talk to it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EngineSpec {
    /// The name in results and records (default: the command's file name).
    pub name: String,
    /// The program to run.
    pub cmd: String,
    /// Arguments given to the program, in order.
    pub args: Vec<String>,
    /// The working directory, if not the referee's.
    pub dir: Option<PathBuf>,
    /// The protocol it speaks.
    pub protocol: Protocol,
    /// Engine options sent with `setoption` after `uciok` (UCI dialects only).
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// Parses `key=value` pairs separated by commas. Keys: `cmd` (required),
    /// `name`, `dir`, `proto` (`uci`, `aalina`, `arbiter`), `arg` (repeatable)
    /// and `option.NAME`.
    pub fn parse(text: &str) -> Result<EngineSpec, RefereeError> {
        let mut spec = EngineSpec {
            name: String::new(),
            cmd: String::new(),
            args: Vec::new(),
            dir: None,
            protocol: Protocol::Uci,
            options: Vec::new(),
        };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').ok_or_else(|| {
                RefereeError::new(format!(
                    "engine '{text}': '{part}' is not key=value (keys: cmd, name, dir, proto, arg, option.NAME)"
                ))
            })?;
            let value = value.trim();
            match key.trim() {
                "cmd" => spec.cmd = value.to_string(),
                "name" => spec.name = value.to_string(),
                "dir" => spec.dir = Some(PathBuf::from(value)),
                "proto" | "protocol" => spec.protocol = Protocol::parse(value)?,
                "arg" => spec.args.push(value.to_string()),
                k if k.starts_with("option.") && k.len() > "option.".len() => spec
                    .options
                    .push((k["option.".len()..].to_string(), value.to_string())),
                k => {
                    return Err(RefereeError::new(format!(
                        "engine '{text}': unknown key '{k}' (keys: cmd, name, dir, proto, arg, option.NAME)"
                    )))
                }
            }
        }
        if spec.cmd.is_empty() {
            return Err(RefereeError::new(format!(
                "engine '{text}': cmd=PROGRAM is required"
            )));
        }
        if spec.name.is_empty() {
            spec.name = std::path::Path::new(&spec.cmd)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| spec.cmd.clone());
        }
        Ok(spec)
    }
}

/// What went wrong with an engine; the game is lost by the engine at fault.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// It sent a move that is malformed or not legal in the position.
    IllegalMove,
    /// It did not answer within its time plus the margin.
    Timeout,
    /// Its process exited or closed its pipes.
    Crash,
    /// It did not complete the start-up handshake (`uciok`/`readyok`).
    Handshake,
}

impl FaultKind {
    /// A short name used in the records' `Reason` tag.
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::IllegalMove => "illegal move",
            FaultKind::Timeout => "timeout",
            FaultKind::Crash => "crash",
            FaultKind::Handshake => "no handshake",
        }
    }
}

/// An engine's misbehaviour, with the details for the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// What kind of fault.
    pub kind: FaultKind,
    /// What exactly happened.
    pub detail: String,
}

impl Fault {
    /// A fault of `kind` described by `detail`.
    pub fn new(kind: FaultKind, detail: impl Into<String>) -> Fault {
        Fault {
            kind,
            detail: detail.into(),
        }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.detail)
    }
}

/// The settings of a game an engine is about to play.
#[derive(Clone, Debug)]
pub struct GameSetup<'a> {
    /// The variant's name.
    pub variant: &'a str,
    /// The variant's rule options, `(name, value)`.
    pub rule_options: &'a [(String, String)],
    /// How long the start-up handshake may take.
    pub handshake_timeout: Duration,
}

/// The time an engine is given for one move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimeRequest {
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed number of search nodes (`go nodes N`).
    Nodes(u64),
    /// The players' clocks, `[south, north]`.
    Clock {
        /// Time left on each clock.
        time: [Duration; 2],
        /// Increment per move of each player.
        inc: [Duration; 2],
    },
}

/// A request for one move.
#[derive(Clone, Debug)]
pub struct MoveRequest<'a> {
    /// The moves played since the start position, as the referee writes them.
    pub moves: &'a [String],
    /// The time control for this move.
    pub time: TimeRequest,
    /// When the answer is late (its time plus the margin).
    pub deadline: Instant,
}

/// An engine as the game runner sees it, whatever its protocol.
pub trait Engine: Send {
    /// The engine's name.
    fn name(&self) -> &str;
    /// Prepares a new game (starting the process and the handshake when
    /// needed).
    fn new_game(&mut self, setup: &GameSetup) -> Result<(), Fault>;
    /// Asks for a move in the position reached by `req.moves`; returns the
    /// move exactly as the engine wrote it.
    fn go(&mut self, req: &MoveRequest) -> Result<String, Fault>;
    /// The game is over (the arbiter protocol ends its process here).
    fn game_over(&mut self);
    /// Ends the process after a fault: the next game starts a fresh one.
    fn reset(&mut self);
    /// What the last start-up found doubtful but not wrong (e.g. options
    /// set that the engine does not list), for people; emptied by the call.
    fn take_warnings(&mut self) -> Vec<String> {
        Vec::new()
    }
}

/// Starts the engine described by `spec`, speaking its protocol. The process
/// itself starts on the first [`Engine::new_game`].
pub fn create(spec: &EngineSpec) -> Box<dyn Engine> {
    match spec.protocol {
        Protocol::Uci | Protocol::Aalina => Box::new(UciEngine {
            spec: spec.clone(),
            process: None,
            warnings: Vec::new(),
        }),
        Protocol::Arbiter => Box::new(ArbiterEngine {
            spec: spec.clone(),
            process: None,
        }),
    }
}

enum Line {
    Text(String),
    Eof,
}

/// A running engine process: its stdin, and its stdout lines read on a thread.
struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    name: String,
    /// Whether `quit` is a command of its protocol (not of `arbiter`,
    /// where it would be read as a move): then it is sent before the end.
    says_quit: bool,
}

impl Process {
    fn spawn(spec: &EngineSpec) -> Result<Process, Fault> {
        let mut command = Command::new(&spec.cmd);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|e| {
            Fault::new(
                FaultKind::Crash,
                format!("cannot start '{}': {e}", spec.cmd),
            )
        })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let (tx, rx) = mpsc::channel();
        if let Some(stdout) = stdout {
            let name = spec.name.clone();
            let spawned = thread::Builder::new()
                .name(format!("engine-{name}"))
                .spawn(move || {
                    let mut reader = BufReader::new(stdout);
                    let mut buf = Vec::new();
                    loop {
                        buf.clear();
                        match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buf) {
                            Ok(0) | Err(_) => {
                                let _ = tx.send(Line::Eof);
                                return;
                            }
                            Ok(_) => {
                                let text = String::from_utf8_lossy(&buf);
                                let text = text.trim_end_matches(['\n', '\r']).to_string();
                                log::trace!("{name} > {text}");
                                if tx.send(Line::Text(text)).is_err() {
                                    return;
                                }
                            }
                        }
                    }
                });
            if let Err(e) = spawned {
                let _ = child.kill();
                let _ = child.wait();
                return Err(Fault::new(
                    FaultKind::Crash,
                    format!("cannot start a reader thread: {e}"),
                ));
            }
        }
        Ok(Process {
            child,
            stdin,
            lines: rx,
            name: spec.name.clone(),
            says_quit: spec.protocol != Protocol::Arbiter,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        log::trace!("{} < {line}", self.name);
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| Fault::new(FaultKind::Crash, "its input is closed"))?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .map_err(|e| Fault::new(FaultKind::Crash, format!("cannot write to it: {e}")))
    }

    /// The next line, or a fault when the deadline passes or the output ends.
    fn recv(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, Fault> {
        let timeout = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(timeout) {
            Ok(Line::Text(text)) => Ok(text),
            Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                let status = self.exit_status();
                Err(Fault::new(
                    FaultKind::Crash,
                    format!("its output closed while waiting for {waiting_for}{status}"),
                ))
            }
            Err(RecvTimeoutError::Timeout) => Err(Fault::new(
                FaultKind::Timeout,
                format!("no {waiting_for} in time"),
            )),
        }
    }

    fn exit_status(&mut self) -> String {
        // Give a dying process a moment to be reaped, so the status is known.
        let until = Instant::now() + Duration::from_millis(50);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return format!(" (exited: {status})"),
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(2)),
                _ => return String::new(),
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if self.says_quit {
            let _ = self.send("quit");
        }
        // Closing its input is the end of the game for every protocol.
        self.stdin = None;
        let until = Instant::now() + Duration::from_millis(100);
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(2)),
                _ => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn millis(d: Duration) -> u128 {
    d.as_millis()
}

/// The `uci` and `aalina` protocols: one process for many games.
struct UciEngine {
    spec: EngineSpec,
    process: Option<Process>,
    warnings: Vec<String>,
}

/// The name of the option an `option name <NAME> type ...` line declares
/// (the name may contain spaces).
fn declared_option(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("option name ")?;
    let end = rest.find(" type ").unwrap_or(rest.len());
    Some(rest[..end].trim())
}

impl UciEngine {
    fn handshake(&mut self, setup: &GameSetup) -> Result<Process, Fault> {
        let mut process = Process::spawn(&self.spec)?;
        let deadline = Instant::now() + setup.handshake_timeout;
        let fail = |f: Fault| Fault::new(FaultKind::Handshake, format!("no uciok: {}", f.detail));
        process.send("uci").map_err(fail)?;
        let mut listed: Vec<String> = Vec::new();
        loop {
            let line = process.recv(deadline, "uciok").map_err(fail)?;
            if line.trim() == "uciok" {
                break;
            }
            if let Some(name) = declared_option(&line) {
                listed.push(name.to_string());
            }
        }
        self.check_options(&listed)?;
        if !crate::registry::is_default(setup.variant) {
            process.send(&format!("setoption name Variant value {}", setup.variant))?;
        }
        for (name, value) in setup.rule_options.iter().chain(&self.spec.options) {
            process.send(&format!("setoption name {name} value {value}"))?;
        }
        Ok(process)
    }

    /// Refuses an `option.NAME` of the spec that the engine does not list;
    /// when it lists no option at all, only warns (it may still know them).
    fn check_options(&mut self, listed: &[String]) -> Result<(), Fault> {
        for (name, _) in &self.spec.options {
            if listed.iter().any(|l| l.eq_ignore_ascii_case(name)) {
                continue;
            }
            if listed.is_empty() {
                self.warnings.push(format!(
                    "it lists no options, so option '{name}' cannot be checked"
                ));
            } else {
                return Err(Fault::new(
                    FaultKind::Handshake,
                    format!(
                        "it has no option '{name}' (its options: {})",
                        listed.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Waits for `readyok`. An error line before it (awale's answer to a
    /// `setoption` it refuses, a value out of range say) is a fault: the
    /// games would not be played with the settings asked for.
    fn ready(process: &mut Process, timeout: Duration) -> Result<(), Fault> {
        let deadline = Instant::now() + timeout;
        let fail = |f: Fault| Fault::new(FaultKind::Handshake, format!("no readyok: {}", f.detail));
        process.send("isready").map_err(fail)?;
        loop {
            let line = process.recv(deadline, "readyok").map_err(fail)?;
            let line = line.trim();
            if line == "readyok" {
                return Ok(());
            }
            if let Some(error) = line.strip_prefix("info string error:") {
                return Err(Fault::new(
                    FaultKind::Handshake,
                    format!("it refused a command: {}", error.trim()),
                ));
            }
        }
    }
}

impl Engine for UciEngine {
    fn name(&self) -> &str {
        &self.spec.name
    }

    fn new_game(&mut self, setup: &GameSetup) -> Result<(), Fault> {
        let mut process = match self.process.take() {
            Some(p) => p,
            None => self.handshake(setup)?,
        };
        process.send("ucinewgame")?;
        UciEngine::ready(&mut process, setup.handshake_timeout)?;
        self.process = Some(process);
        Ok(())
    }

    fn go(&mut self, req: &MoveRequest) -> Result<String, Fault> {
        let aalina = self.spec.protocol == Protocol::Aalina;
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| Fault::new(FaultKind::Crash, "the engine is not running"))?;
        let mut position = String::from("position startpos");
        if !req.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&req.moves.join(if aalina { "" } else { " " }));
        }
        let go = match req.time {
            TimeRequest::MoveTime(t) => format!("go movetime {}", millis(t)),
            TimeRequest::Nodes(n) => format!("go nodes {n}"),
            TimeRequest::Clock { time, inc } => format!(
                "go wtime {} btime {} winc {} binc {}",
                millis(time[0]),
                millis(time[1]),
                millis(inc[0]),
                millis(inc[1])
            ),
        };
        let result = (|| {
            process.send(&position)?;
            process.send(&go)?;
            loop {
                let line = process.recv(req.deadline, "bestmove")?;
                let mut words = line.split_whitespace();
                if words.next() == Some("bestmove") {
                    return match words.next() {
                        Some(mv) => Ok(mv.to_string()),
                        None => Err(Fault::new(
                            FaultKind::IllegalMove,
                            format!("malformed bestmove line '{line}'"),
                        )),
                    };
                }
            }
        })();
        if result.is_err() {
            // A late, crashed or confused engine is not trusted again: it is
            // restarted for its next game.
            self.process = None;
        }
        result
    }

    fn game_over(&mut self) {}

    fn reset(&mut self) {
        self.process = None;
    }

    fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }
}

/// The class-harness protocol: one process per game.
struct ArbiterEngine {
    spec: EngineSpec,
    process: Option<Process>,
}

impl Engine for ArbiterEngine {
    fn name(&self) -> &str {
        &self.spec.name
    }

    fn new_game(&mut self, _setup: &GameSetup) -> Result<(), Fault> {
        self.process = None;
        self.process = Some(Process::spawn(&self.spec)?);
        Ok(())
    }

    fn go(&mut self, req: &MoveRequest) -> Result<String, Fault> {
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| Fault::new(FaultKind::Crash, "the engine is not running"))?;
        let result = (|| {
            match req.moves.last() {
                None => process.send("START")?,
                Some(last) => process.send(last)?,
            }
            let line = process.recv(req.deadline, "move")?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some(w) if line.contains("RESULT") => {
                    // `RESULT <move> <s1> <s2>`: the engine's own move ended the game.
                    let mv = if w == "RESULT" { words.next() } else { Some(w) };
                    match mv {
                        Some("invalid") => Err(Fault::new(
                            FaultKind::IllegalMove,
                            format!("it called a legal move invalid: '{line}'"),
                        )),
                        Some(mv) => Ok(mv.to_string()),
                        None => Err(Fault::new(
                            FaultKind::IllegalMove,
                            format!("malformed RESULT line '{line}'"),
                        )),
                    }
                }
                Some(_) => Ok(line.trim().to_string()),
                None => Err(Fault::new(FaultKind::IllegalMove, "an empty line")),
            }
        })();
        if result.is_err() {
            self.process = None;
        }
        result
    }

    fn game_over(&mut self) {
        self.process = None;
    }

    fn reset(&mut self) {
        self.process = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_engine_specs() {
        let spec = EngineSpec::parse(
            "cmd=./target/awale,name=new,dir=/tmp,proto=aalina,option.Hash=64,arg=uci,arg=-v",
        )
        .unwrap();
        assert_eq!(spec.cmd, "./target/awale");
        assert_eq!(spec.name, "new");
        assert_eq!(spec.dir, Some(PathBuf::from("/tmp")));
        assert_eq!(spec.protocol, Protocol::Aalina);
        assert_eq!(spec.options, vec![("Hash".to_string(), "64".to_string())]);
        assert_eq!(spec.args, vec!["uci", "-v"]);
        let spec = EngineSpec::parse("cmd=/usr/bin/awale").unwrap();
        assert_eq!(spec.name, "awale");
        assert_eq!(spec.protocol, Protocol::Uci);
    }

    #[test]
    fn rejects_bad_specs() {
        for bad in ["name=x", "cmd=a,foo=1", "cmd=a,proto=xboard", "cmd", ""] {
            assert!(EngineSpec::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn option_lines_give_their_names() {
        assert_eq!(
            declared_option("option name Move Overhead type spin default 10"),
            Some("Move Overhead")
        );
        assert_eq!(
            declared_option("option name Clear Hash"),
            Some("Clear Hash")
        );
        assert_eq!(declared_option("id name x"), None);
    }

    #[test]
    fn a_missing_program_is_a_crash_fault() {
        let spec = EngineSpec::parse("cmd=/nonexistent/engine").unwrap();
        let mut engine = create(&spec);
        let setup = GameSetup {
            variant: "oware",
            rule_options: &[],
            handshake_timeout: Duration::from_secs(1),
        };
        let fault = engine.new_game(&setup).unwrap_err();
        assert_eq!(fault.kind, FaultKind::Crash, "{fault}");
    }
}
