//! Writing to stdout when the reader may go away: `awale match | head -3`
//! closes the pipe early, and the command must then end quietly, not panic
//! as `println!` does.

use std::io::{ErrorKind, Write};

/// Writes `text` to stdout and flushes it; an error (a closed pipe among
/// them) is returned, never a panic.
pub fn print(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Whether `err` comes from writing to a pipe whose reader has gone: the
/// reader has all it wanted, so the command ends quietly.
pub fn is_closed_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_broken_pipe_is_a_closed_pipe() {
        let pipe = anyhow::Error::from(std::io::Error::from(ErrorKind::BrokenPipe));
        assert!(is_closed_pipe(&pipe.context("printing the report")));
        let other = anyhow::Error::from(std::io::Error::from(ErrorKind::NotFound));
        assert!(!is_closed_pipe(&other));
    }
}
