//! Locking shared by the threads of the search, the protocol and the
//! referee.

use std::sync::{Mutex, MutexGuard};

/// Locks `m`, also when another thread panicked while holding it: the data
/// behind every lock here stays consistent between statements, and a
/// panicking search or engine thread must not take the others down.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
