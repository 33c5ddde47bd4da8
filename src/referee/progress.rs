//! The live view of a running event: a progress bar with the running score
//! and Elo when stdout is a terminal, and one line per finished game in any
//! case (the bar is quiet when stdout is a pipe or a file).

use std::io::{IsTerminal, Write};

use indicatif::{ProgressBar, ProgressStyle};

/// The progress display of an event.
pub struct Progress {
    bar: Option<ProgressBar>,
    quiet: bool,
}

impl Progress {
    /// A display for `total` games, starting at `done`. The bar appears only
    /// when stdout is a terminal; `quiet` also silences the per-game lines.
    pub fn new(total: u64, done: u64, quiet: bool) -> Progress {
        let bar = (!quiet && std::io::stdout().is_terminal()).then(|| {
            let bar = ProgressBar::new(total);
            let style = ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len} games  {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
            bar.set_style(style);
            bar.set_position(done);
            bar
        });
        Progress { bar, quiet }
    }

    /// Reports a finished game: prints `line` and shows `status` (the
    /// running score and Elo) beside the bar. An error means stdout is
    /// closed (e.g. `| head` has read enough).
    pub fn game_done(&self, line: &str, status: &str) -> std::io::Result<()> {
        if let Some(bar) = &self.bar {
            bar.set_message(status.to_string());
            bar.inc(1);
        }
        self.println(line)
    }

    /// Prints a line above the bar; an error means stdout is closed.
    pub fn println(&self, line: &str) -> std::io::Result<()> {
        match &self.bar {
            Some(bar) => {
                bar.println(line);
                Ok(())
            }
            None if !self.quiet => {
                let mut out = std::io::stdout().lock();
                writeln!(out, "{line}").and_then(|_| out.flush())
            }
            None => Ok(()),
        }
    }

    /// Shows a warning on stderr (above the bar), even when quiet.
    pub fn warn(&self, text: &str) {
        let line = format!("warning: {text}");
        match &self.bar {
            Some(bar) => bar.println(line),
            None => {
                let _ = writeln!(std::io::stderr(), "{line}");
            }
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
