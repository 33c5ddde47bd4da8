//! Scratch directories for the unit tests that write files: one per test
//! name and process, emptied when made, under the system's temporary
//! directory.

use std::path::PathBuf;

/// A fresh, empty directory for the test `name`.
pub fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("awale-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}
