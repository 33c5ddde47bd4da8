//! Search scores: heuristic values in centiseeds and exact game results.
//!
//! A [`Score`] is an `i32` from the point of view of the side to move.
//! - Heuristic values (the evaluation and everything backed up from it) lie
//!   strictly inside `(-DECISIVE, DECISIVE)`; the evaluation is clamped there.
//! - A won or lost game at a known distance is `±(DECISIVE + 1000 - plies)`,
//!   so a quicker win is worth more and a slower loss less, and no heuristic
//!   value can ever equal one.
//! - A drawn game (24-24, or a rule ending with equal totals) is exactly 0.
//!   A draw is worth the same as a balanced position, so the search does not
//!   need to tell them apart while comparing; [`Score::DRAW`] names it, and
//!   the transposition table stores it like any exact value.

/// A search score from the side to move: centiseeds, or an exact game result.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

/// Larger than every score: the initial window bound.
pub(crate) const INFINITE: i32 = Score::DECISIVE + 2000;
/// The greatest ply at which a game result can be scored.
pub(crate) const MAX_MATE_PLY: i32 = 999;

impl Score {
    /// Scores at or beyond this magnitude are exact game results.
    pub const DECISIVE: i32 = 1_000_000;
    /// A game drawn by the rules.
    pub const DRAW: Score = Score(0);

    /// A win for the side to move in `plies` plies.
    pub fn win_in(plies: u32) -> Score {
        Score(Self::DECISIVE + 1000 - plies.min(MAX_MATE_PLY as u32) as i32)
    }

    /// A loss for the side to move in `plies` plies.
    pub fn loss_in(plies: u32) -> Score {
        -Score::win_in(plies)
    }

    /// Whether this is an exact win or loss (not a heuristic value).
    pub fn is_decisive(self) -> bool {
        self.0.abs() >= Self::DECISIVE
    }

    /// Plies to the end of the game for a decisive score.
    pub fn plies_to_end(self) -> Option<u32> {
        self.is_decisive()
            .then(|| (Self::DECISIVE + 1000 - self.0.abs()).max(0) as u32)
    }

    /// The protocol form: `cp X` or `mate N` (N in moves of the side to
    /// move, negative when losing).
    pub fn to_uci(self) -> String {
        match self.plies_to_end() {
            Some(plies) if self.0 > 0 => format!("mate {}", plies.div_ceil(2)),
            Some(plies) => format!("mate -{}", plies.div_ceil(2)),
            None => format!("cp {}", self.0),
        }
    }

    /// A form for people: seeds with two decimals, or `win in N` / `loss in N` plies.
    pub fn to_seeds(self) -> String {
        match self.plies_to_end() {
            Some(plies) if self.0 > 0 => format!("win in {plies}"),
            Some(plies) => format!("loss in {plies}"),
            None => format!("{:+.2}", self.0 as f64 / 100.0),
        }
    }
}

impl std::ops::Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

/// Clamps a heuristic value strictly inside the heuristic range.
#[inline]
pub(crate) fn clamp_heuristic(v: i32) -> i32 {
    v.clamp(-Score::DECISIVE + 1, Score::DECISIVE - 1)
}

/// The exact value, for the side `me` (0 South, 1 North), of a game that
/// ended with `scores` at `ply` plies from the root.
#[inline]
pub(crate) fn game_result(scores: [u32; 2], me: usize, ply: usize) -> i32 {
    match scores[me].cmp(&scores[1 - me]) {
        std::cmp::Ordering::Greater => Score::win_in(ply as u32).0,
        std::cmp::Ordering::Less => Score::loss_in(ply as u32).0,
        std::cmp::Ordering::Equal => Score::DRAW.0,
    }
}

/// A root-relative score as the table stores it: results relative to the node.
#[inline]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= Score::DECISIVE {
        score + ply as i32
    } else if score <= -Score::DECISIVE {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`] at the probing node's ply.
#[inline]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= Score::DECISIVE {
        score - ply as i32
    } else if score <= -Score::DECISIVE {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_forms() {
        assert_eq!(Score(37).to_uci(), "cp 37");
        assert_eq!(Score::win_in(1).to_uci(), "mate 1");
        assert_eq!(Score::win_in(3).to_uci(), "mate 2");
        assert_eq!(Score::loss_in(2).to_uci(), "mate -1");
        assert_eq!(Score::loss_in(4).to_uci(), "mate -2");
        assert_eq!((-Score::win_in(5)), Score::loss_in(5));
        assert_eq!(Score(-250).to_seeds(), "-2.50");
        assert_eq!(Score::win_in(7).to_seeds(), "win in 7");
    }

    #[test]
    fn results_never_meet_heuristics() {
        assert!(clamp_heuristic(i32::MAX) < Score::loss_in(0).0.abs());
        assert!(Score::win_in(MAX_MATE_PLY as u32 + 50).is_decisive());
        assert!(!Score(clamp_heuristic(i32::MIN)).is_decisive());
        assert!(Score::win_in(0).0 < INFINITE);
    }

    #[test]
    fn table_round_trip() {
        for ply in [0usize, 3, 40] {
            for s in [Score::win_in(45).0, Score::loss_in(50).0, 123, 0] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
        // A win 5 plies below a node at ply 3 is "win in 5" at that node.
        assert_eq!(to_tt(Score::win_in(8).0, 3), Score::win_in(5).0);
    }
}
