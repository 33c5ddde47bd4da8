//! The progress bar of the long commands (book, tables, datagen,
//! analyze-game), written once so that they all draw it alike on stderr.

use indicatif::{ProgressBar, ProgressStyle};

/// A bar of `len` steps drawn with the indicatif `template`, or a hidden
/// one when not `shown`.
pub fn progress_bar(shown: bool, len: u64, template: &str) -> ProgressBar {
    let bar = if shown {
        ProgressBar::new(len)
    } else {
        ProgressBar::hidden()
    };
    let style = ProgressStyle::with_template(template).unwrap_or_else(|e| {
        log::warn!("bad progress template: {e}");
        ProgressStyle::default_bar()
    });
    bar.set_style(style.progress_chars("=> "));
    bar
}
