//! Cache prefetch: asks the processor to bring a value's cache line in
//! without waiting for it, so that a read soon after finds it there. The
//! transposition table, the endgame tables and their builder read memory
//! far larger than the caches at scattered places; starting those misses
//! early, several at once, hides much of their latency.

/// Hints the processor to fetch the cache line of `item` (a no-op where
/// there is no prefetch instruction).
#[inline(always)]
pub fn prefetch<T>(item: &T) {
    // SAFETY: SSE is part of every x86-64 processor, and a prefetch only
    // hints the cache: it reads nothing and cannot fault (the address is a
    // live reference anyway).
    #[cfg(target_arch = "x86_64")]
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            (item as *const T).cast(),
        )
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}
