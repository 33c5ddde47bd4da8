//! Large arrays on huge pages, where the system allows it.
//!
//! The builder's state (four bytes per position, 1.7 GB at 24 seeds) and
//! the loaded seed counts are read at scattered places: with 4 KB pages nearly
//! every such access also misses the address-translation cache, and the
//! page walk misses the data caches in turn. Linux backs a region with
//! 2 MB pages when asked (`madvise(MADV_HUGEPAGE)`, needed where
//! transparent huge pages are set to `madvise`, as is common). The advice
//! is only a hint: where it is refused or not available, nothing changes.

use std::mem::MaybeUninit;

/// Asks for huge pages under the not yet touched memory `region` (a
/// vector's spare capacity, before it is written: pages touched before the
/// advice stay small).
pub fn advise<T>(region: &mut [MaybeUninit<T>]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = region.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(region);
        let first = start.next_multiple_of(PAGE);
        if end > first + (2 << 20) {
            // SAFETY: the range lies inside `region`, memory this process
            // owns; MADV_HUGEPAGE changes how it is backed, never its
            // contents, and a failure only leaves the small pages.
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = region;
}

/// A vector of `len` values made by `make`, on huge pages where possible,
/// filled on the rayon threads.
pub fn filled<T: Send>(len: usize, make: impl Fn() -> T + Sync + Send) -> Vec<T> {
    use crate::parallel::prelude::*;
    let mut v = Vec::with_capacity(len);
    advise(&mut v.spare_capacity_mut()[..len]);
    v.par_extend((0..len).into_par_iter().map(|_| make()));
    v
}

#[cfg(test)]
mod tests {
    #[test]
    fn filled_vectors_hold_what_was_made() {
        for len in [0, 1, 5000, 3 << 20] {
            let v = super::filled(len, || 7u32);
            assert_eq!(v.len(), len);
            assert!(v.iter().all(|&x| x == 7));
        }
    }
}
