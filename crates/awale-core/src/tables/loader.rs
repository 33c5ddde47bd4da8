//! Tables opened in the background, once per directory and rules for the
//! whole process: an engine answers `uci` at once while its tables load (or
//! the small levels are built), every session of the same rules shares one
//! copy, and a session rebuilt after an option change does not load again.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Duration;
use web_time::Instant;

use super::{open, EndgameTables, Rules};
use crate::sync::lock;

/// Where a session takes its tables from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Source {
    /// The default directory ([`super::default_dir`]), the small levels
    /// built in memory where no file has them.
    #[default]
    Default,
    /// This directory, the small levels built in memory where no file has
    /// them.
    Dir(PathBuf),
    /// No tables.
    Off,
}

impl Source {
    /// The protocol's spelling of the default source.
    pub const DEFAULT: &'static str = "<default>";
    /// The protocol's spelling of no tables.
    pub const OFF: &'static str = "<none>";

    /// Reads a `Tables` option value: `<default>`, `<none>` (or an empty
    /// value), or a directory, which must exist.
    pub fn parse(value: &str) -> Result<Source, String> {
        let value = value.trim();
        if value.eq_ignore_ascii_case(Self::DEFAULT) {
            return Ok(Source::Default);
        }
        if value.is_empty()
            || value.eq_ignore_ascii_case(Self::OFF)
            || value.eq_ignore_ascii_case("<empty>")
        {
            return Ok(Source::Off);
        }
        let dir = PathBuf::from(value);
        if !dir.is_dir() {
            return Err(format!("the table directory {value} does not exist"));
        }
        Ok(Source::Dir(dir))
    }
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Default => f.write_str(Self::DEFAULT),
            Source::Dir(dir) => write!(f, "{}", dir.display()),
            Source::Off => f.write_str(Self::OFF),
        }
    }
}

/// Endgame tables being opened on a thread of their own.
#[derive(Debug, Default)]
pub struct Loading {
    done: Mutex<Option<Arc<EndgameTables>>>,
    ready: Condvar,
    /// The problems met (refused files), given once to whoever asks first.
    warnings: Mutex<Vec<String>>,
}

impl Loading {
    /// The tables, if they are ready.
    pub fn get(&self) -> Option<Arc<EndgameTables>> {
        lock(&self.done).clone()
    }

    /// The tables, once they are ready.
    pub fn wait(&self) -> Arc<EndgameTables> {
        let mut done = lock(&self.done);
        loop {
            if let Some(tables) = done.as_ref() {
                return Arc::clone(tables);
            }
            done = self.ready.wait(done).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// The tables, if they are ready within `patience`.
    pub fn wait_for(&self, patience: Duration) -> Option<Arc<EndgameTables>> {
        let deadline = Instant::now() + patience;
        let mut done = lock(&self.done);
        loop {
            if let Some(tables) = done.as_ref() {
                return Some(Arc::clone(tables));
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            done = self
                .ready
                .wait_timeout(done, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// The problems met while opening, the first time they are asked for
    /// after the tables are ready (empty otherwise).
    pub fn take_warnings(&self) -> Vec<String> {
        if self.get().is_none() {
            return Vec::new();
        }
        std::mem::take(&mut *lock(&self.warnings))
    }
}

type Key = (Source, (u8, bool));

fn registry() -> &'static Mutex<HashMap<Key, Arc<Loading>>> {
    static REGISTRY: OnceLock<Mutex<HashMap<Key, Arc<Loading>>>> = OnceLock::new();
    REGISTRY.get_or_init(Mutex::default)
}

/// The tables of `rules` from `source`, opened on a thread of their own the
/// first time they are asked for; `None` for [`Source::Off`].
pub fn load(source: &Source, rules: Rules) -> Option<Arc<Loading>> {
    let dir = match source {
        Source::Off => return None,
        Source::Default => None,
        Source::Dir(dir) => Some(dir.clone()),
    };
    let key = (source.clone(), (rules.grand_slam_code(), rules.must_feed));
    let mut registry = lock(registry());
    if let Some(loading) = registry.get(&key) {
        return Some(Arc::clone(loading));
    }
    let loading = Arc::new(Loading::default());
    registry.insert(key, Arc::clone(&loading));
    let worker = Arc::clone(&loading);
    let spawned = std::thread::Builder::new()
        .name("tables".into())
        .spawn(move || {
            let (tables, warnings) = open(dir.as_deref(), rules);
            log::info!("endgame tables ready: levels {:?}", tables.seed_counts());
            *lock(&worker.warnings) = warnings;
            *lock(&worker.done) = Some(Arc::new(tables));
            worker.ready.notify_all();
        });
    if let Err(e) = spawned {
        log::warn!("cannot start the thread that opens the tables ({e}): no tables");
        *lock(&loading.warnings) = vec![format!("endgame tables not loaded: {e}")];
        *lock(&loading.done) = Some(Arc::new(EndgameTables::empty(rules)));
    }
    Some(loading)
}

/// Makes `tables` the ready tables of `source` for their rules, in place of
/// any opened before: for a host with no threads (the WebAssembly build),
/// which builds them itself when it has the time, and where [`load`] can
/// only give empty tables.
pub fn install(source: &Source, tables: EndgameTables) {
    let rules = tables.rules();
    let key = (source.clone(), (rules.grand_slam_code(), rules.must_feed));
    let loading = Loading::default();
    *lock(&loading.done) = Some(Arc::new(tables));
    lock(registry()).insert(key, Arc::new(loading));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn installed_tables_are_the_ones_loaded() {
        // A directory of its own, so that no other test shares the entry.
        let source = Source::Dir(PathBuf::from("/awale-install-test-only"));
        let rules = Rules::default();
        install(&source, EndgameTables::build_in_memory(rules, 2));
        let loading = load(&source, rules).expect("tables");
        let ready = loading.get().expect("ready at once");
        assert_eq!(ready.seed_counts(), vec![0, 1, 2]);
    }
}
