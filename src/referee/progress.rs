//! The live view of a running event: a progress bar with the running score
//! and Elo when stdout is a terminal, and one line per finished game in any
//! case (the bar is quiet when stdout is a pipe or a file).

use std::io::IsTerminal;

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
    /// running score and Elo) beside the bar.
    pub fn game_done(&self, line: &str, status: &str) {
        match &self.bar {
            Some(bar) => {
                bar.println(line);
                bar.set_message(status.to_string());
                bar.inc(1);
            }
            None if !self.quiet => println!("{line}"),
            None => {}
        }
    }

    /// Prints a line above the bar.
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None if !self.quiet => println!("{line}"),
            None => {}
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
