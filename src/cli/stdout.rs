//! Writing to stdout from the tools without panicking when the reader goes
//! away (`awale analyze ... | head -1`): write with [`line`] (or any
//! `writeln!` on a lock of stdout) and let the error rise; `main` turns a
//! closed pipe ([`is_closed_pipe`]) into a quiet, successful exit.

use std::fmt::Display;
use std::io::{self, Write};

/// Writes `text` and a line end to stdout; a closed pipe is an error, not a panic.
pub fn line(text: impl Display) -> io::Result<()> {
    writeln!(io::stdout().lock(), "{text}")
}

/// Whether `err` comes from stdout's reader having gone away, which is how
/// a pipeline ends early and not a failure of the tool.
pub fn is_closed_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_pipe_is_recognised_through_context() {
        let err = anyhow::Error::new(io::Error::from(io::ErrorKind::BrokenPipe)).context("analyze");
        assert!(is_closed_pipe(&err));
        let other = anyhow::Error::new(io::Error::from(io::ErrorKind::NotFound));
        assert!(!is_closed_pipe(&other));
    }
}
