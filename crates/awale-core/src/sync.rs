//! Locking and the stop signal shared by the threads of the search, the
//! thinker, the protocol and the referee.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;
use web_time::Instant;

/// Locks `m`, also when another thread panicked while holding it: the data
/// behind every lock here stays consistent between statements, and a
/// panicking search or engine thread must not take the others down.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The stop signal of one search: a flag the search polls, and a condition
/// others can wait on.
#[derive(Debug, Default)]
pub struct Stop {
    flag: AtomicBool,
    lock: Mutex<bool>,
    cond: Condvar,
}

impl Stop {
    /// A signal not yet given.
    pub fn new() -> Arc<Stop> {
        Arc::new(Stop::default())
    }

    /// Gives the signal (idempotent) and wakes every waiter.
    pub fn trigger(&self) {
        self.flag.store(true, Ordering::SeqCst);
        let mut given = lock(&self.lock);
        *given = true;
        self.cond.notify_all();
    }

    /// Whether the signal was given.
    pub fn is_set(&self) -> bool {
        self.flag.load(Ordering::SeqCst)
    }

    /// The flag the search polls.
    pub fn flag(&self) -> &AtomicBool {
        &self.flag
    }

    /// Waits until the signal is given.
    pub fn wait(&self) {
        let mut given = lock(&self.lock);
        while !*given {
            given = self.cond.wait(given).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Waits until the signal is given or `deadline` passes; true when given.
    pub fn wait_until(&self, deadline: Instant) -> bool {
        let mut given = lock(&self.lock);
        while !*given {
            let now = Instant::now();
            if now >= deadline {
                return false;
            }
            given = self
                .cond
                .wait_timeout(given, deadline - now)
                .map(|(g, _)| g)
                .unwrap_or_else(|e| e.into_inner().0);
        }
        true
    }

    /// Starts a watchdog thread that gives the signal after `after` unless it
    /// was given before.
    pub fn trigger_after(self: &Arc<Stop>, after: Duration) {
        let stop = Arc::clone(self);
        let deadline = Instant::now() + after;
        let spawned = std::thread::Builder::new()
            .name("awale-watchdog".into())
            .spawn(move || {
                if !stop.wait_until(deadline) {
                    log::debug!("watchdog: time is up, stopping the search");
                    stop.trigger();
                }
            });
        if let Err(e) = spawned {
            log::error!("cannot start the watchdog thread: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_wakes_waiters() {
        let stop = Stop::new();
        assert!(!stop.wait_until(Instant::now() + Duration::from_millis(1)));
        stop.trigger_after(Duration::from_millis(5));
        stop.wait();
        assert!(stop.is_set());
        assert!(stop.wait_until(Instant::now()));
    }
}
