//! The built `awale` binary as a process: run to completion, or started with
//! pipes and its output read line by line on a thread.

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

/// The binary under test.
pub const AWALE: &str = env!("CARGO_BIN_EXE_awale");

/// A `--timemargin` for `awale match` (ms) that lets a move come a minute
/// late before it loses on time (the default is 500 ms). The tests that
/// play matches check rules and records, never timing, and on a loaded
/// machine a player started for the game (the arbiter protocol) can miss
/// 500 ms.
pub const LATE_MOVE_MARGIN: &str = "60000";

/// The path of a mock engine script of `tests/engines/`.
pub fn mock_engine(script: &str) -> String {
    format!("{}/tests/engines/{script}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs the binary with `args` and no input; returns its output.
pub fn output(args: &[&str]) -> Output {
    Command::new(AWALE)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("start the awale binary")
}

/// Both outputs of a run as text: standard output, then errors.
pub fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// [`output`] as whether it succeeded, standard output and errors.
pub fn awale(args: &[&str]) -> (bool, String, String) {
    let out = output(args);
    let (stdout, stderr) = text(&out);
    (out.status.success(), stdout, stderr)
}

/// `awale perft ARGS`, which must succeed: its standard output.
pub fn perft(args: &[&str]) -> String {
    succeed(Command::new(AWALE).arg("perft").args(args)).1
}

/// Runs `cmd` to completion and asserts that it succeeded (showing both its
/// outputs otherwise); returns the output and its standard output as text.
pub fn succeed(cmd: &mut Command) -> (Output, String) {
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (out, stdout)
}

/// Starts the binary with `args`, its input and output piped and its errors
/// discarded.
pub fn spawn(args: &[&str]) -> (Child, ChildStdin, ChildStdout) {
    let mut cmd = Command::new(AWALE);
    cmd.args(args);
    spawn_command(cmd)
}

/// Starts `cmd` (the binary, maybe behind a shell that limits it) as
/// [`spawn`] does.
pub fn spawn_command(mut cmd: Command) -> (Child, ChildStdin, ChildStdout) {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the awale binary");
    let stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    (child, stdin, stdout)
}

/// Reads `stdout` line by line on a thread and sends `tag(line)` for each,
/// until the output closes (the channel then disconnects) or the receiver
/// is dropped.
pub fn forward_lines<T: Send + 'static>(
    stdout: ChildStdout,
    tag: impl Fn(String) -> T + Send + 'static,
) -> Receiver<T> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(tag(line)).is_err() {
                break;
            }
        }
    });
    rx
}

/// Waits for `child` to exit, polling, for at most `patience`: its status,
/// or `None` when it is still running then.
pub fn exit_within(child: &mut Child, patience: Duration) -> Option<ExitStatus> {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if started.elapsed() > patience {
            return None;
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// Runs the binary with `args` on the whole of `input` (its standard input
/// then closed, as a piped script) and returns its output once it exits.
pub fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut cmd = Command::new(AWALE);
    cmd.args(args);
    run_command_with_input(&mut cmd, input.as_bytes())
}

/// [`run_with_input`] for a command set up by the caller (its own
/// arguments and environment).
pub fn run_command_with_input(cmd: &mut Command, input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the awale binary");
    let mut stdin = child.stdin.take().unwrap();
    // A script larger than the pipe is written while the output is read.
    let input = input.to_owned();
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}
