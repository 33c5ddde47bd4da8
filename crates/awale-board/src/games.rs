//! The store of games: id -> game, each with its line (inside its
//! [`AnyBoardGame`]) and the stop signal of the search it runs. A bounded
//! number of games is kept: past [`MAX_GAMES`] the least recently used
//! goes, and so does a game nobody touched for [`IDLE`].

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use web_time::{Instant, SystemTime, UNIX_EPOCH};

use crate::errors::ApiError;
use crate::state::AnyBoardGame;
use awale_core::sync::{lock, Stop};

/// The most games kept at once.
pub const MAX_GAMES: usize = 1000;

/// How long a game nobody touches is kept.
pub const IDLE: Duration = Duration::from_secs(3600);

/// One game: its table, a count of its changes, and its running search.
pub struct Slot {
    game: Mutex<Box<dyn AnyBoardGame>>,
    /// Bumped by every change of the game, so that an engine move found
    /// for an older version of the game is not played on a newer one.
    version: AtomicU64,
    /// The stop signal of the search the game runs (a fresh one per search).
    search: Mutex<Arc<Stop>>,
    /// The game's searches whose thread has not returned yet.
    running: Arc<AtomicUsize>,
}

/// Held by a search of a game until its thread returns: while one is, the
/// game's state says `"thinking": true`, so that a client can wait for a
/// search to run, or to be over, without guessing a time.
pub struct Thinking(Arc<AtomicUsize>);

impl Drop for Thinking {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Slot {
    fn new(game: Box<dyn AnyBoardGame>) -> Slot {
        Slot {
            game: Mutex::new(game),
            version: AtomicU64::new(0),
            search: Mutex::new(Stop::new()),
            running: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Marks a search of the game as running until the mark is dropped.
    pub fn thinking(&self) -> Thinking {
        self.running.fetch_add(1, Ordering::SeqCst);
        Thinking(Arc::clone(&self.running))
    }

    /// Whether a search of the game is running (its thread not returned).
    pub fn is_thinking(&self) -> bool {
        self.running.load(Ordering::SeqCst) > 0
    }

    /// The game, locked.
    pub fn game(&self) -> MutexGuard<'_, Box<dyn AnyBoardGame>> {
        lock(&self.game)
    }

    /// The game's version (see [`Slot::changed`]).
    pub fn version(&self) -> u64 {
        self.version.load(Ordering::SeqCst)
    }

    /// Records a change of the game.
    pub fn changed(&self) {
        self.version.fetch_add(1, Ordering::SeqCst);
    }

    /// Stops the search the game runs, if any: a new request on the game
    /// replaces whatever it was thinking about. The search's signal is
    /// replaced too, so that it knows it was cut short by another request
    /// and not by its own clock ([`Slot::is_current`]).
    pub fn interrupt(&self) {
        self.new_search();
    }

    /// Stops the running search and gives the stop signal of a new one.
    pub fn new_search(&self) -> Arc<Stop> {
        let mut search = lock(&self.search);
        search.trigger();
        *search = Stop::new();
        Arc::clone(&search)
    }

    /// Whether `stop` is still the signal of the game's search: false once
    /// another request stopped it.
    pub fn is_current(&self, stop: &Arc<Stop>) -> bool {
        Arc::ptr_eq(&lock(&self.search), stop)
    }
}

struct Entry {
    slot: Arc<Slot>,
    used: Instant,
}

/// Every game of the server.
#[derive(Default)]
pub struct Store {
    games: Mutex<HashMap<String, Entry>>,
    counter: AtomicU64,
}

impl Store {
    /// An empty store.
    pub fn new() -> Store {
        Store::default()
    }

    /// A fresh id, hard to guess from another tab's: a counter mixed with
    /// the clock.
    fn fresh_id(&self) -> String {
        let n = self.counter.fetch_add(1, Ordering::SeqCst);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let mut x = nanos ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // splitmix64's finaliser.
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^= x >> 31;
        format!("g{:x}{:x}", x & 0xFFFF_FFFF_FFFF, n)
    }

    /// Stores a new game and returns its id, dropping the least recently
    /// used games past [`MAX_GAMES`] and those idle for [`IDLE`].
    pub fn insert(&self, game: Box<dyn AnyBoardGame>) -> (String, Arc<Slot>) {
        let id = self.fresh_id();
        let slot = Arc::new(Slot::new(game));
        let mut games = lock(&self.games);
        let now = Instant::now();
        games.retain(|_, e| {
            let keep = now.duration_since(e.used) < IDLE;
            if !keep {
                e.slot.interrupt();
            }
            keep
        });
        while games.len() >= MAX_GAMES {
            let Some(oldest) = games
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(id, _)| id.clone())
            else {
                break;
            };
            if let Some(e) = games.remove(&oldest) {
                e.slot.interrupt();
            }
        }
        games.insert(
            id.clone(),
            Entry {
                slot: Arc::clone(&slot),
                used: now,
            },
        );
        (id, slot)
    }

    /// The game `id`, marked used; 404 when there is none.
    pub fn get(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        let mut games = lock(&self.games);
        let entry = games
            .get_mut(id)
            .ok_or_else(|| ApiError::NotFound(format!("no game '{id}'")))?;
        entry.used = Instant::now();
        Ok(Arc::clone(&entry.slot))
    }

    /// Removes the game `id`, stopping its search; 404 when there is none.
    pub fn remove(&self, id: &str) -> Result<(), ApiError> {
        let entry = lock(&self.games)
            .remove(id)
            .ok_or_else(|| ApiError::NotFound(format!("no game '{id}'")))?;
        entry.slot.interrupt();
        Ok(())
    }

    /// The number of games kept.
    pub fn len(&self) -> usize {
        lock(&self.games).len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Stops every search (at shutdown).
    pub fn stop_all(&self) {
        for entry in lock(&self.games).values() {
            entry.slot.interrupt();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{build, Setup};

    #[test]
    fn the_least_recently_used_game_goes_first() {
        let store = Store::new();
        let (first, _) = store.insert(build(&Setup::default()).unwrap());
        let (second, _) = store.insert(build(&Setup::default()).unwrap());
        assert_ne!(first, second);
        std::thread::sleep(Duration::from_millis(2));
        store.get(&first).unwrap();
        for _ in 2..MAX_GAMES {
            store.insert(build(&Setup::default()).unwrap());
        }
        assert_eq!(store.len(), MAX_GAMES);
        store.insert(build(&Setup::default()).unwrap());
        assert_eq!(store.len(), MAX_GAMES);
        assert!(store.get(&first).is_ok());
        assert!(matches!(store.get(&second), Err(ApiError::NotFound(_))));
        store.remove(&first).unwrap();
        assert!(store.remove(&first).is_err());
    }

    #[test]
    fn a_new_search_stops_the_old_one() {
        let store = Store::new();
        let (_, slot) = store.insert(build(&Setup::default()).unwrap());
        let old = slot.new_search();
        let new = slot.new_search();
        assert!(old.is_set() && !new.is_set());
        slot.interrupt();
        assert!(new.is_set());
    }

    #[test]
    fn a_game_thinks_while_a_mark_is_held() {
        let store = Store::new();
        let (_, slot) = store.insert(build(&Setup::default()).unwrap());
        assert!(!slot.is_thinking());
        let one = slot.thinking();
        let two = slot.thinking();
        drop(one);
        assert!(slot.is_thinking());
        drop(two);
        assert!(!slot.is_thinking());
    }
}
