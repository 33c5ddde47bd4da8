//! When the builder proved each bound of a seed count with an empty history,
//! which turns a proved value into a way to play it.
//!
//! With an empty history, every bound rests on bounds established strictly
//! before it (docs/tables.md). A player who keeps moving to positions whose
//! bound in his favour was proved earlier than the current one's can never
//! meet a position twice, whatever the opponent does: every quiet reply of
//! the opponent leads to a position proved earlier still. So from a
//! position reached by a capture, that player collects what the tables
//! promise without a repetition cutting the game short, where choosing
//! among the moves that merely keep the value can wander into a cycle.
//!
//! The time of a bound is the threshold at which the analysis established
//! it (they are taken from `n` down) and the round of propagation within
//! it; 0 marks a bound that needs no proof (a lower bound of 0, an upper
//! bound of `n`). Four bytes per bound, so the order is kept only for the
//! seed counts built in memory (a few megabytes up to 10 seeds), not in files.

/// The proof times of the two bounds of every position of one seed count.
#[derive(Clone, Debug)]
pub struct ProofOrder {
    /// `times[2 * i]` for the lower bound of position `i`, `times[2 * i +
    /// 1]` for its upper bound.
    times: Box<[u32]>,
}

/// Bits of a time given to the round within a threshold.
const ROUND_BITS: u32 = 24;

impl ProofOrder {
    /// The order made of `times` (two per position, as [`ProofOrder::time`]
    /// encodes them).
    pub fn new(times: Box<[u32]>) -> ProofOrder {
        ProofOrder { times }
    }

    /// The time of a bound established at threshold `t` of seed count `n`, in
    /// round `round` of its propagation (0 for the pass that finds the
    /// positions decided by their captures): thresholds come from `n` down.
    pub fn time(n: u8, t: u8, round: u32) -> u32 {
        debug_assert!(t >= 1 && t <= n && round < 1 << ROUND_BITS);
        (u32::from(n - t) << ROUND_BITS | round.min((1 << ROUND_BITS) - 1)) + 1
    }

    /// When the lower bound (what the mover is sure to collect) of position
    /// `index` was proved; 0 if it needs no proof.
    pub fn lo_time(&self, index: u64) -> u32 {
        self.times[2 * index as usize]
    }

    /// When the upper bound (what the opponent holds the mover to) of
    /// position `index` was proved; 0 if it needs no proof.
    pub fn hi_time(&self, index: u64) -> u32 {
        self.times[2 * index as usize + 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_follow_the_thresholds_then_the_rounds() {
        let n = 10;
        assert!(ProofOrder::time(n, 10, 0) > 0, "0 is kept for no proof");
        assert!(ProofOrder::time(n, 10, 5) < ProofOrder::time(n, 9, 0));
        assert!(ProofOrder::time(n, 9, 0) < ProofOrder::time(n, 9, 1));
        assert!(ProofOrder::time(n, 2, 1_000) < ProofOrder::time(n, 1, 0));
    }
}
