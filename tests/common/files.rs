//! Hostile input files for the tests of the program's file checks (a
//! FIFO, which blocks whoever opens it for reading, and a large sparse
//! file), and the binary run so that a reverted check fails the test
//! instead of hanging it or taking the machine's memory.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use crate::common::process::{exit_within, AWALE};

/// Far longer than any of these commands takes; only a hang reaches it.
const PATIENCE: Duration = Duration::from_secs(60);

/// The address space the binary gets in [`limited`]: ample for the engine
/// and the tools on small inputs, far below a file read without a bound.
const MEMORY_KB: u64 = 4 << 20;

/// Makes a FIFO at `path` (no writer ever opens it).
pub fn fifo(path: &Path) {
    let _ = std::fs::remove_file(path);
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

/// Makes a sparse file of `len` bytes at `path`: it takes no disk space,
/// but reading it whole would take `len` bytes of memory.
pub fn sparse(path: &Path, len: u64) {
    let file = std::fs::File::create(path).unwrap();
    file.set_len(len).unwrap();
}

/// The binary with `args`, its address space limited (see [`MEMORY_KB`]).
pub fn limited(args: &[&str]) -> Command {
    let mut cmd = Command::new("bash");
    cmd.arg("-c")
        .arg(format!("ulimit -v {MEMORY_KB}; exec \"$@\""))
        .arg("bash")
        .arg(AWALE)
        .args(args);
    cmd
}

/// Runs `cmd` with no input to its end, killing it and failing the test
/// when it has not ended within a minute; its output, the errors as text.
pub fn run_guarded(mut cmd: Command) -> (Output, String) {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    if exit_within(&mut child, PATIENCE).is_none() {
        let _ = child.kill();
        let _ = child.wait();
        panic!("{cmd:?} hung");
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out, stderr)
}
