//! Turning [`Limits`] into a time budget.
//!
//! - `movetime`: a hard deadline of `movetime - move_overhead`; the search
//!   deepens until it and never goes past it (the stop test runs every
//!   [`super::thread::POLL`] nodes, a fraction of a millisecond).
//! - a clock: the time left minus the overhead is shared over `movestogo`
//!   moves (25 when not given, at most 50), plus three quarters of the
//!   increment; that is the soft target, capped at 4/5 of what is left. A new
//!   iteration is not started once half the soft target is gone (the next
//!   one would usually not finish), a share that [`Stability`] scales by
//!   how settled the best move is: more time when it has just changed, less
//!   when it has held for several iterations. The hard deadline, where a running
//!   iteration is abandoned, is three soft targets, also capped at 4/5 of
//!   what is left.
//! - `infinite`: no deadline at all; only `stop` ends the search.
//! - both a move time and a clock: the earlier deadlines apply.
//! - pondering ([`Limits::ponder`]): no deadline until the ponderhit; from
//!   then on the limits above apply, their time counted from the ponderhit
//!   (the time spent pondering is a bonus).

use std::sync::{Arc, OnceLock};
use std::time::Duration;
use web_time::Instant;

use super::Limits;

/// The deepest iteration the search runs.
pub const MAX_DEPTH: u32 = 100;

/// How settled the best move of a deepening is, which scales the time a
/// clock search may take: a move that keeps changing means the position is
/// not understood yet, one that has held for several iterations rarely
/// changes at the next.
#[derive(Clone, Debug, Default)]
pub struct Stability {
    /// Changes of the best move, each halved at every later iteration (in
    /// 1/1024ths, to stay in integers).
    changes: u32,
}

impl Stability {
    const ONE: u32 = 1024;

    /// Takes in one completed iteration; `changed` says whether its best
    /// move differs from the previous iteration's.
    pub fn iteration(&mut self, changed: bool) {
        self.changes /= 2;
        if changed {
            self.changes += Self::ONE;
        }
    }

    /// The soft target scaled for this stability: three quarters of it
    /// after a long settled run, up to twice it after changes in a row.
    pub fn scale(&self, soft: Duration) -> Duration {
        let per_1024 = (Self::ONE * 3 / 4 + self.changes).min(2 * Self::ONE);
        soft * per_1024 / Self::ONE
    }
}

/// When to stop deepening and when to abandon an iteration.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Do not start a new iteration after half of this is gone.
    pub soft: Option<Duration>,
    /// Abandon the running iteration at this point.
    pub hard: Option<Duration>,
    /// The deepest iteration.
    pub depth: u32,
    /// Abandon the search after this many nodes.
    pub nodes: Option<u64>,
}

impl Budget {
    /// The budget for `side` (0 South, 1 North) to move under `limits`.
    pub fn new(limits: &Limits, side: usize) -> Budget {
        let depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        if limits.infinite {
            return Budget {
                soft: None,
                hard: None,
                depth,
                nodes: limits.nodes,
            };
        }
        let overhead = limits.move_overhead;
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(mt) = limits.movetime {
            hard = Some(mt.saturating_sub(overhead));
        }
        if let Some(left) = limits.clock.time[side.min(1)] {
            let avail = left.saturating_sub(overhead);
            let togo = limits.clock.movestogo.unwrap_or(25).clamp(1, 50);
            let cap = avail * 4 / 5;
            let target = (avail / togo + limits.clock.inc[side.min(1)] * 3 / 4).min(cap);
            soft = Some(target);
            let h = (target * 3).min(cap);
            hard = Some(hard.map_or(h, |x| x.min(h)));
        }
        Budget {
            soft,
            hard,
            depth,
            nodes: limits.nodes,
        }
    }
}

/// The ponderhit signal of a search started in pondering mode (`go
/// ponder`): until [`Ponder::hit`] the search runs as if `infinite` and does
/// not return before the hit or its stop flag; from the hit on, its time
/// limits apply, counted from the hit.
#[derive(Debug, Default)]
pub struct Ponder {
    hit: OnceLock<Instant>,
}

impl Ponder {
    /// A signal not given yet.
    pub fn new() -> Arc<Ponder> {
        Arc::new(Ponder::default())
    }

    /// Gives the signal now; later calls change nothing.
    pub fn hit(&self) {
        let _ = self.hit.set(Instant::now());
    }

    /// When the signal was given, if it was.
    pub fn hit_at(&self) -> Option<Instant> {
        self.hit.get().copied()
    }
}

/// Two signals are equal when they are the same signal.
impl PartialEq for Ponder {
    fn eq(&self, other: &Ponder) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Ponder {}

impl Limits {
    /// Whether these limits ask for a move to play in a game rather than for
    /// an analysis: a clock or a move time, one line, and no depth, node
    /// count, infinite or pondering search. Only such a search may be
    /// answered from the opening book.
    pub fn plays_a_game_move(&self) -> bool {
        let timed = self.movetime.is_some() || self.clock.time.iter().any(Option::is_some);
        let analysis = self.depth.is_some()
            || self.nodes.is_some()
            || self.infinite
            || self.ponder.is_some()
            || self.multipv > 1;
        timed && !analysis
    }

    /// When the time limits of a search that started at `start` start
    /// counting: at `start`, or, for a pondering search, at the ponderhit
    /// (`None` before it).
    pub fn clock_start(&self, start: Instant) -> Option<Instant> {
        match &self.ponder {
            None => Some(start),
            Some(ponder) => ponder.hit_at(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Clock;

    #[test]
    fn movetime_is_a_hard_deadline_minus_overhead() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(100)),
            move_overhead: Duration::from_millis(10),
            ..Limits::default()
        };
        let b = Budget::new(&limits, 0);
        assert_eq!(b.hard, Some(Duration::from_millis(90)));
        assert_eq!(b.soft, None);
        assert_eq!(b.depth, MAX_DEPTH);
    }

    #[test]
    fn clock_shares_the_time_left() {
        let limits = Limits {
            clock: Clock {
                time: [Some(Duration::from_secs(50)), Some(Duration::from_secs(1))],
                inc: [Duration::from_secs(1), Duration::ZERO],
                movestogo: Some(10),
            },
            ..Limits::default()
        };
        let south = Budget::new(&limits, 0);
        assert_eq!(south.soft, Some(Duration::from_millis(5750)));
        assert_eq!(south.hard, Some(Duration::from_millis(17250)));
        let north = Budget::new(&limits, 1);
        assert!(north.hard.unwrap() <= Duration::from_millis(800));
    }

    #[test]
    fn only_timed_single_line_searches_play_a_game_move() {
        let timed = Limits {
            movetime: Some(Duration::from_millis(100)),
            ..Limits::default()
        };
        assert!(timed.plays_a_game_move());
        let clock = Limits {
            clock: Clock {
                time: [Some(Duration::from_secs(5)), None],
                ..Clock::default()
            },
            ..Limits::default()
        };
        assert!(clock.plays_a_game_move());
        assert!(
            !Limits::default().plays_a_game_move(),
            "no time: an analysis"
        );
        for analysis in [
            Limits {
                depth: Some(8),
                ..timed.clone()
            },
            Limits {
                nodes: Some(1000),
                ..timed.clone()
            },
            Limits {
                infinite: true,
                ..timed.clone()
            },
            Limits {
                multipv: 2,
                ..timed.clone()
            },
            Limits {
                ponder: Some(Ponder::new()),
                ..timed.clone()
            },
        ] {
            assert!(!analysis.plays_a_game_move(), "{analysis:?}");
        }
    }

    #[test]
    fn a_changing_best_move_gets_more_time_and_a_settled_one_less() {
        let soft = Duration::from_millis(1000);
        let mut settled = Stability::default();
        for _ in 0..12 {
            settled.iteration(false);
        }
        assert_eq!(settled.scale(soft), Duration::from_millis(750));
        let mut changed = settled.clone();
        changed.iteration(true);
        assert_eq!(changed.scale(soft), Duration::from_millis(1750));
        changed.iteration(true);
        assert_eq!(
            changed.scale(soft),
            Duration::from_millis(2000),
            "capped at twice"
        );
        // The change is forgotten as the move holds again.
        for _ in 0..12 {
            changed.iteration(false);
        }
        assert_eq!(changed.scale(soft), Duration::from_millis(750));
    }

    #[test]
    fn infinite_has_no_deadline_and_depth_is_clamped() {
        let limits = Limits {
            infinite: true,
            movetime: Some(Duration::from_millis(1)),
            depth: Some(0),
            ..Limits::default()
        };
        let b = Budget::new(&limits, 0);
        assert_eq!((b.soft, b.hard, b.depth), (None, None, 1));
    }

    #[test]
    fn a_pondering_clock_starts_at_the_hit() {
        let start = Instant::now();
        let plain = Limits::default();
        assert_eq!(plain.clock_start(start), Some(start));
        let ponder = Ponder::new();
        let limits = Limits {
            ponder: Some(Arc::clone(&ponder)),
            ..Limits::default()
        };
        assert_eq!(limits.clock_start(start), None);
        ponder.hit();
        let hit = limits.clock_start(start).expect("started at the hit");
        assert!(hit >= start);
        ponder.hit();
        assert_eq!(limits.clock_start(start), Some(hit), "the first hit counts");
        assert_eq!(limits.clone(), limits);
        assert_ne!(
            limits,
            Limits {
                ponder: Some(Ponder::new()),
                ..Limits::default()
            }
        );
    }
}
