//! Aspiration windows: from the second iteration on, the root is searched
//! in a narrow window around the previous iteration's score, which cuts
//! off more of the tree; a score outside the window is only a bound, and
//! the iteration is searched again with that side of the window widened.
//!
//! Whether they pay depends on how much the score moves from one depth to
//! the next: with the fitted evaluation, a window of a seed either side
//! searches the fewest nodes.

use super::score::{Score, INFINITE};

/// The first window's half-width in centiseeds.
pub const HALF_WIDTH: i32 = 100;

/// The shallowest iteration searched with a narrow window: the first ones
/// are too short to gain anything and their scores swing the most.
pub const MIN_DEPTH: u32 = 5;

/// The window of one iteration, and how it widens after a failure.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Window {
    /// The lower bound (exclusive).
    pub alpha: i32,
    /// The upper bound (exclusive).
    pub beta: i32,
    delta: i32,
}

impl Window {
    /// The full window: every score is exact.
    pub fn full() -> Window {
        Window {
            alpha: -INFINITE,
            beta: INFINITE,
            delta: 0,
        }
    }

    /// The window for iteration `depth`, whose predecessor scored `last`
    /// (`None` for the first iteration, or to search without a window).
    /// Proved results (game ends, table results) and shallow iterations get
    /// the full window.
    pub fn around(last: Option<Score>, depth: u32) -> Window {
        match last {
            Some(last) if depth >= MIN_DEPTH && !last.is_proven() => Window {
                alpha: last.0 - HALF_WIDTH,
                beta: last.0 + HALF_WIDTH,
                delta: HALF_WIDTH,
            },
            _ => Window::full(),
        }
    }

    /// The next window after a root search scored `score`, or `None` when
    /// the score lies inside this one (it is exact). The failing side moves
    /// out by twice as much as the last time; a proved score opens that
    /// side fully.
    pub fn widen(self, score: i32) -> Option<Window> {
        let delta = self.delta.saturating_mul(2);
        if score <= self.alpha && self.alpha > -INFINITE {
            let alpha = if Score(score).is_proven() {
                -INFINITE
            } else {
                (score - delta).max(-INFINITE)
            };
            Some(Window {
                alpha,
                delta,
                ..self
            })
        } else if score >= self.beta && self.beta < INFINITE {
            let beta = if Score(score).is_proven() {
                INFINITE
            } else {
                (score + delta).min(INFINITE)
            };
            Some(Window {
                beta,
                delta,
                ..self
            })
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_window_never_fails() {
        let w = Window::full();
        assert_eq!(w.widen(-INFINITE + 1), None);
        assert_eq!(w.widen(INFINITE - 1), None);
        assert_eq!(Window::around(None, 10), w);
        assert_eq!(Window::around(Some(Score::win_in(3)), 10), w);
        assert_eq!(Window::around(Some(Score(150)), 1), w);
    }

    #[test]
    fn a_failing_side_widens_until_the_score_fits() {
        let w = Window {
            alpha: 50,
            beta: 150,
            delta: 50,
        };
        assert_eq!(w.widen(100), None);
        let low = w.widen(40).unwrap();
        assert_eq!((low.alpha, low.beta), (40 - 100, 150));
        let high = w.widen(160).unwrap();
        assert_eq!((high.alpha, high.beta), (50, 160 + 100));
        let lost = w.widen(Score::loss_in(4).0).unwrap();
        assert_eq!(lost.alpha, -INFINITE);
        // Each failure doubles the step: a search that only ever returns
        // the bound it failed on still reaches a far score in a few steps.
        let truth = 3000;
        let mut w = w;
        let mut steps = 0;
        while let Some(next) = w.widen(truth.clamp(w.alpha, w.beta)) {
            w = next;
            steps += 1;
        }
        assert!(w.alpha < truth && truth < w.beta);
        assert_eq!(steps, 5);
    }
}
