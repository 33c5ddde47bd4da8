//! Scratch directories for the tests that write files: one per test name
//! and process, emptied when made, under the target directory.

use std::path::PathBuf;

/// A fresh, empty directory for the test `name`.
pub fn dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("scratch-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}
