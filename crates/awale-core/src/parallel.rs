//! The one door to parallelism: rayon's pool, joins and parallel iterators
//! with the `threads` feature, and the same names running everything on
//! the calling thread without it (for targets without threads, such as
//! WebAssembly). Callers write `parallel::prelude::*` and never name rayon.

#[cfg(feature = "threads")]
pub use rayon::{
    current_thread_index, join, prelude, ThreadPool, ThreadPoolBuildError, ThreadPoolBuilder,
};

#[cfg(not(feature = "threads"))]
pub use sequential::*;

#[cfg(not(feature = "threads"))]
mod sequential {
    use std::fmt;

    /// Runs `a`, then `b`.
    pub fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA,
        B: FnOnce() -> RB,
    {
        (a(), b())
    }

    /// No pool thread ever runs the caller.
    pub fn current_thread_index() -> Option<usize> {
        None
    }

    /// A pool of the calling thread alone.
    #[derive(Debug)]
    pub struct ThreadPool(());

    impl ThreadPool {
        /// Runs `f` here.
        pub fn install<R>(&self, f: impl FnOnce() -> R) -> R {
            f()
        }
    }

    /// Builds a [`ThreadPool`]: of one thread, or an error for more.
    #[derive(Debug)]
    pub struct ThreadPoolBuilder {
        threads: usize,
    }

    impl Default for ThreadPoolBuilder {
        fn default() -> ThreadPoolBuilder {
            ThreadPoolBuilder::new()
        }
    }

    impl ThreadPoolBuilder {
        pub fn new() -> ThreadPoolBuilder {
            ThreadPoolBuilder { threads: 1 }
        }

        pub fn num_threads(self, threads: usize) -> ThreadPoolBuilder {
            ThreadPoolBuilder { threads }
        }

        pub fn build(self) -> Result<ThreadPool, ThreadPoolBuildError> {
            if self.threads > 1 {
                Err(ThreadPoolBuildError(self.threads))
            } else {
                Ok(ThreadPool(()))
            }
        }
    }

    /// More than one thread was asked of a build without threads.
    #[derive(Debug)]
    pub struct ThreadPoolBuildError(usize);

    impl fmt::Display for ThreadPoolBuildError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{} threads asked of a build without threads", self.0)
        }
    }

    impl std::error::Error for ThreadPoolBuildError {}

    pub mod prelude {
        //! rayon's parallel-iterator methods, as sequential iterators.

        use std::iter::{Enumerate, Map, Once, Zip};
        use std::ops::{Range, RangeInclusive};

        /// A sequential iterator with the methods of rayon's parallel ones
        /// that differ from [`Iterator`]'s (`fold`, `reduce`, `map_init`)
        /// or do not exist there (`with_max_len`).
        pub struct Seq<I>(I);

        impl<I: Iterator> Iterator for Seq<I> {
            type Item = I::Item;

            fn next(&mut self) -> Option<I::Item> {
                self.0.next()
            }
        }

        impl<I: Iterator> Seq<I> {
            pub fn with_max_len(self, _: usize) -> Seq<I> {
                self
            }

            pub fn enumerate(self) -> Seq<Enumerate<I>> {
                Seq(self.0.enumerate())
            }

            pub fn zip<J: IntoIterator>(self, other: J) -> Seq<Zip<I, J::IntoIter>> {
                Seq(self.0.zip(other))
            }

            pub fn map<B, F: FnMut(I::Item) -> B>(self, f: F) -> Seq<Map<I, F>> {
                Seq(self.0.map(f))
            }

            pub fn flat_map_iter<U: IntoIterator, F: FnMut(I::Item) -> U>(
                self,
                f: F,
            ) -> Seq<std::iter::FlatMap<I, U, F>> {
                Seq(self.0.flat_map(f))
            }

            /// `f` with one state made by `init` for the whole sequence.
            pub fn map_init<T, B>(
                self,
                init: impl FnOnce() -> T,
                mut f: impl FnMut(&mut T, I::Item) -> B,
            ) -> Seq<impl Iterator<Item = B>> {
                let mut state = init();
                Seq(self.0.map(move |x| f(&mut state, x)))
            }

            /// The sequence folded into one value.
            pub fn fold<T>(
                self,
                identity: impl Fn() -> T,
                f: impl FnMut(T, I::Item) -> T,
            ) -> Seq<Once<T>> {
                Seq(std::iter::once(self.0.fold(identity(), f)))
            }

            pub fn reduce(
                self,
                identity: impl Fn() -> I::Item,
                op: impl FnMut(I::Item, I::Item) -> I::Item,
            ) -> I::Item {
                self.0.fold(identity(), op)
            }
        }

        pub trait ParallelSlice<T> {
            fn par_chunks(&self, size: usize) -> Seq<std::slice::Chunks<'_, T>>;
        }

        impl<T> ParallelSlice<T> for [T] {
            fn par_chunks(&self, size: usize) -> Seq<std::slice::Chunks<'_, T>> {
                Seq(self.chunks(size))
            }
        }

        pub trait ParallelSliceMut<T> {
            fn par_chunks_mut(&mut self, size: usize) -> Seq<std::slice::ChunksMut<'_, T>>;
        }

        impl<T> ParallelSliceMut<T> for [T] {
            fn par_chunks_mut(&mut self, size: usize) -> Seq<std::slice::ChunksMut<'_, T>> {
                Seq(self.chunks_mut(size))
            }
        }

        pub trait IntoParallelRefIterator<T> {
            fn par_iter(&self) -> Seq<std::slice::Iter<'_, T>>;
        }

        impl<T> IntoParallelRefIterator<T> for [T] {
            fn par_iter(&self) -> Seq<std::slice::Iter<'_, T>> {
                Seq(self.iter())
            }
        }

        pub trait IntoParallelRefMutIterator<T> {
            fn par_iter_mut(&mut self) -> Seq<std::slice::IterMut<'_, T>>;
        }

        impl<T> IntoParallelRefMutIterator<T> for [T] {
            fn par_iter_mut(&mut self) -> Seq<std::slice::IterMut<'_, T>> {
                Seq(self.iter_mut())
            }
        }

        pub trait IntoParallelIterator: Sized {
            fn into_par_iter(self) -> Seq<Self>;
        }

        impl<T> IntoParallelIterator for Range<T>
        where
            Range<T>: Iterator,
        {
            fn into_par_iter(self) -> Seq<Range<T>> {
                Seq(self)
            }
        }

        impl<T> IntoParallelIterator for RangeInclusive<T>
        where
            RangeInclusive<T>: Iterator,
        {
            fn into_par_iter(self) -> Seq<RangeInclusive<T>> {
                Seq(self)
            }
        }

        pub trait ParallelExtend<T> {
            fn par_extend<I: IntoIterator<Item = T>>(&mut self, items: I);
        }

        impl<T> ParallelExtend<T> for Vec<T> {
            fn par_extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
                self.extend(items)
            }
        }
    }
}

#[cfg(all(test, not(feature = "threads")))]
mod tests {
    use super::prelude::*;
    use super::*;

    #[test]
    fn the_sequential_stand_in_computes_what_rayon_would() {
        let v: Vec<u32> = (1..=10).collect();
        let sum = v
            .par_chunks(3)
            .fold(|| 0, |acc, chunk| acc + chunk.iter().sum::<u32>())
            .reduce(|| 0, |a, b| a + b);
        assert_eq!(sum, 55);
        let mut w = vec![0u32; 10];
        w.par_chunks_mut(4)
            .zip(v.par_chunks(4))
            .enumerate()
            .for_each(|(k, (out, inp))| {
                out.iter_mut()
                    .zip(inp)
                    .for_each(|(o, i)| *o = i * 10 + k as u32);
            });
        assert_eq!(w, [10, 20, 30, 40, 51, 61, 71, 81, 92, 102]);
        let counted: Vec<u32> = v
            .par_iter()
            .map_init(
                || 0,
                |n, &x| {
                    *n += 1;
                    x * *n
                },
            )
            .collect();
        assert_eq!(counted[..3], [1, 4, 9]);
        let flat: Vec<usize> = (0..3).into_par_iter().flat_map_iter(|n| 0..n).collect();
        assert_eq!(flat, [0, 0, 1]);
        let mut e = Vec::new();
        e.par_extend((0..=2).into_par_iter().map(|x| x * 2));
        assert_eq!(e, [0, 2, 4]);
        assert_eq!(join(|| 1, || 2), (1, 2));
        assert_eq!(current_thread_index(), None);
    }

    #[test]
    fn a_pool_of_more_than_one_thread_is_an_error() {
        assert_eq!(
            ThreadPoolBuilder::new()
                .num_threads(1)
                .build()
                .unwrap()
                .install(|| 7),
            7
        );
        let err = ThreadPoolBuilder::new().num_threads(2).build().unwrap_err();
        assert!(err.to_string().contains("without threads"), "{err}");
    }
}
