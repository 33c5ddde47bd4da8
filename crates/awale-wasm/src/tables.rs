//! The endgame tables of the static board: the levels the engine builds
//! at start-up ([`STARTUP_SEEDS`] seeds), built in the worker once the page
//! is usable (there is no thread to build them on, and no file to read
//! them from) and installed where every later search finds them.

use awale_core::tables::loader::{self, Source};
use awale_core::tables::{EndgameTables, Rules, STARTUP_SEEDS};

/// The tables' source until they are built: none.
pub const NONE_YET: Source = Source::Off;

/// Builds the start-up levels of the default rules and answers the source
/// that gives them.
pub fn build() -> Source {
    let source = Source::Default;
    loader::install(
        &source,
        EndgameTables::build_in_memory(Rules::default(), STARTUP_SEEDS),
    );
    source
}

/// The page's note once they are built.
pub fn ready_note() -> String {
    format!("Endgame tables ready (positions of up to {STARTUP_SEEDS} seeds).")
}
