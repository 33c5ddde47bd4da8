//! The seeded generator of the easy and medium levels: the crate's
//! [`crate::rng::Rng`], under the path the search has always used.

pub use crate::rng::Rng;
