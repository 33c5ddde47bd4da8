//! An engine spoken to through pipes, a line at a time, as a GUI would:
//! reads have generous time limits so a hung engine fails a test instead
//! of hanging it; nothing asserts timing.

use std::io::Write;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use crate::common::process::{exit_within, forward_lines, spawn, spawn_command};

/// Long enough for any answer on a loaded machine; only a hang reaches it.
const PATIENCE: Duration = Duration::from_secs(60);

/// A running engine, its input and output piped; killed when dropped.
pub struct Engine {
    pub child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line received so far.
    pub seen: Vec<String>,
}

impl Engine {
    /// Starts the engine and reads its banner line.
    pub fn start(args: &[&str]) -> Engine {
        Engine::start_with(spawn(args))
    }

    /// Starts the engine as `cmd` says (see [`spawn_command`]) and reads
    /// its banner line.
    pub fn start_command(cmd: Command) -> Engine {
        Engine::start_with(spawn_command(cmd))
    }

    fn start_with((child, stdin, stdout): (Child, ChildStdin, ChildStdout)) -> Engine {
        let mut engine = Engine {
            child,
            stdin: Some(stdin),
            lines: forward_lines(stdout, |line| line),
            seen: Vec::new(),
        };
        let banner = engine.next();
        assert!(banner.starts_with("awale "), "{banner}");
        assert!(banner.contains("help"), "{banner}");
        engine
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to the engine");
        stdin.flush().unwrap();
    }

    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    pub fn next(&mut self) -> String {
        self.next_within(PATIENCE)
    }

    /// The next line, failing the test if none comes within `patience`.
    pub fn next_within(&mut self, patience: Duration) -> String {
        match self.lines.recv_timeout(patience) {
            Ok(line) => {
                self.seen.push(line.clone());
                line
            }
            Err(RecvTimeoutError::Timeout) => panic!("no answer; so far: {:?}", self.seen),
            Err(RecvTimeoutError::Disconnected) => {
                panic!("the engine closed its output; so far: {:?}", self.seen)
            }
        }
    }

    /// Reads every line that comes within `wait` and returns them, failing
    /// the test if one satisfies `unwanted` (only a hang-free "it did not
    /// come" check: a slow machine makes it weaker, never wrong).
    pub fn none_within(&mut self, wait: Duration, unwanted: impl Fn(&str) -> bool) -> Vec<String> {
        let until = std::time::Instant::now() + wait;
        let mut got = Vec::new();
        loop {
            let left = until.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    assert!(
                        !unwanted(&line),
                        "unexpected {line:?}; so far: {:?}",
                        self.seen
                    );
                    got.push(line);
                }
                Err(RecvTimeoutError::Timeout) => return got,
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine closed its output; so far: {:?}", self.seen)
                }
            }
        }
    }

    /// Reads lines until one satisfies `want`; returns the lines before it and it.
    pub fn until(&mut self, want: impl Fn(&str) -> bool) -> (Vec<String>, String) {
        self.until_within(PATIENCE, want)
    }

    /// [`Engine::until`], failing the test if some line takes longer than
    /// `patience` to come.
    pub fn until_within(
        &mut self,
        patience: Duration,
        want: impl Fn(&str) -> bool,
    ) -> (Vec<String>, String) {
        let mut before = Vec::new();
        loop {
            let line = self.next_within(patience);
            if want(&line) {
                return (before, line);
            }
            before.push(line);
        }
    }

    pub fn ask(&mut self, line: &str, answer_prefix: &str) -> (Vec<String>, String) {
        self.send(line);
        self.until(|l| l.starts_with(answer_prefix))
    }

    /// Asks `isready` until the engine no longer says that its endgame
    /// tables are still loading (each `isready` waits a few seconds for
    /// them, which a loaded machine can exceed while it builds the small
    /// levels in memory).
    pub fn wait_for_tables(&mut self) {
        for _ in 0..60 {
            let (before, _) = self.ask("isready", "readyok");
            if !before.iter().any(|l| l.contains("still loading")) {
                return;
            }
        }
        panic!("the endgame tables never loaded; so far: {:?}", self.seen);
    }

    pub fn wait_exit(&mut self) -> ExitStatus {
        exit_within(&mut self.child, PATIENCE).unwrap_or_else(|| {
            let _ = self.child.kill();
            panic!("the engine did not exit; output: {:?}", self.seen)
        })
    }

    /// Everything printed until the output closes.
    pub fn rest(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => out.push(line),
                Err(RecvTimeoutError::Disconnected) => return out,
                Err(RecvTimeoutError::Timeout) => panic!("output never closed: {out:?}"),
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
