//! A player's clock under a time control (`--tc BASE+INC`).
//!
//! The referee's `--timemargin` forgives an engine a late answer (pipes and
//! a loaded machine delay it), but once: time taken past the clock is an
//! overdraft that the margin has lent, paid back from later increments.
//! Without it a clock run down to zero would give every later move the
//! whole margin again, free thinking time, and an engine that ignores its
//! clock would never lose on time.

use std::time::Duration;

/// One player's clock: the time left and the margin already spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    left: Duration,
    overdraft: Duration,
}

impl Clock {
    /// A clock at the start of a game, `base` on it.
    pub fn new(base: Duration) -> Clock {
        Clock {
            left: base,
            overdraft: Duration::ZERO,
        }
    }

    /// The time on the clock, as the engine is told it (never below zero).
    pub fn left(&self) -> Duration {
        self.left
    }

    /// How long the next move may take before it loses on time: the time
    /// left and what the overdraft leaves of `margin`.
    pub fn allowance(&self, margin: Duration) -> Duration {
        self.left + margin.saturating_sub(self.overdraft)
    }

    /// Charges a move that took `elapsed`, then adds the increment `inc`,
    /// which pays back the overdraft first.
    pub fn charge(&mut self, elapsed: Duration, inc: Duration) {
        if elapsed > self.left {
            self.overdraft += elapsed - self.left;
            self.left = Duration::ZERO;
        } else {
            self.left -= elapsed;
        }
        let repaid = inc.min(self.overdraft);
        self.overdraft -= repaid;
        self.left += inc - repaid;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_margin_is_lent_once_not_given_every_move() {
        // 1 s and no increment, a 500 ms margin: a first move of 1.2 s is
        // forgiven, but the 200 ms it overdrew are gone from the margin.
        let mut clock = Clock::new(ms(1000));
        assert_eq!(clock.allowance(ms(500)), ms(1500));
        clock.charge(ms(1200), Duration::ZERO);
        assert_eq!(clock.left(), Duration::ZERO);
        assert_eq!(clock.allowance(ms(500)), ms(300));
        // Moves of 100 ms then run the margin out: the fourth is too late.
        for _ in 0..3 {
            assert!(ms(100) <= clock.allowance(ms(500)));
            clock.charge(ms(100), Duration::ZERO);
        }
        assert_eq!(clock.allowance(ms(500)), Duration::ZERO);
    }

    #[test]
    fn increments_pay_the_overdraft_back_first() {
        let mut clock = Clock::new(ms(100));
        clock.charge(ms(250), ms(100));
        // 150 ms overdrawn, 100 ms of it repaid: 50 ms still owed.
        assert_eq!(clock.left(), Duration::ZERO);
        assert_eq!(clock.allowance(ms(500)), ms(450));
        clock.charge(ms(0), ms(100));
        assert_eq!(clock.left(), ms(50));
        assert_eq!(clock.allowance(ms(500)), ms(550));
    }

    #[test]
    fn a_clock_kept_within_its_time_never_touches_the_margin() {
        let mut clock = Clock::new(ms(1000));
        for _ in 0..50 {
            clock.charge(ms(30), ms(20));
        }
        assert_eq!(clock.left(), ms(500));
        assert_eq!(clock.allowance(ms(500)), ms(1000));
    }
}
