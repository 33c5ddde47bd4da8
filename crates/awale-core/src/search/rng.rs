//! The seeded generator of the easy and medium levels: the crate's
//! [`crate::rng::Rng`], named beside the levels that use it.

pub use crate::rng::Rng;
