//! The crate's one seeded random generator (SplitMix64): the random
//! choices of the strength ladder's weaker steps, the referee's random openings and
//! the tests' random games. Reproducible from a seed on every platform.

/// SplitMix64: a 64-bit state advanced by a constant and mixed on output.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`n` > 0), without modulo bias.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n.max(1) as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let r = self.next_u64();
            if r < zone {
                return (r % n) as usize;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproducible_and_in_range() {
        let a: Vec<usize> = {
            let mut r = Rng::new(7);
            (0..50).map(|_| r.below(6)).collect()
        };
        let b: Vec<usize> = {
            let mut r = Rng::new(7);
            (0..50).map(|_| r.below(6)).collect()
        };
        assert_eq!(a, b);
        assert!(a.iter().all(|&x| x < 6));
        let mut seen = [false; 6];
        a.iter().for_each(|&x| seen[x] = true);
        assert!(seen.iter().all(|&s| s), "all values appear in 50 draws");
    }

    #[test]
    fn follows_the_splitmix64_reference() {
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }
}
