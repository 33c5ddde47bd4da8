//! Search scores: heuristic values in centiseeds and exact game results.
//!
//! A [`Score`] is an `i32` from the point of view of the side to move.
//! - Heuristic values (the evaluation and everything backed up from it) lie
//!   strictly inside `(-DECISIVE, DECISIVE)`; the evaluation is clamped there.
//! - A won or lost game at a known distance is `±(DECISIVE + 1000 - plies)`,
//!   so a quicker win is worth more and a slower loss less, and no heuristic
//!   value can ever equal one.
//! - A result proved by an [`Oracle`](crate::game::Oracle) (the endgame
//!   tables) but not yet played out is `±(TABLE + 1000 * margin - plies)`,
//!   `margin` the final difference in seeds: above every heuristic value,
//!   below every game result at a known distance, a larger margin better
//!   and, for the same margin, a quicker hit. A proved draw is 0.
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
    /// Scores beyond this magnitude (and below [`Score::DECISIVE`]) are
    /// results proved by the endgame tables.
    pub const TABLE: i32 = 900_000;

    /// A result proved by the tables for the side to move, `plies` from
    /// the root: the game ends `mine` to `theirs` under perfect play.
    pub fn table(mine: u32, theirs: u32, plies: u32) -> Score {
        let margin = mine as i32 - theirs as i32;
        if margin == 0 {
            return Score::DRAW;
        }
        let plies = plies.min(MAX_MATE_PLY as u32) as i32;
        Score(margin.signum() * (Self::TABLE + 1000 * margin.abs() - plies))
    }

    /// Whether this is a win or loss proved by the tables, not yet played
    /// out.
    pub fn is_table(self) -> bool {
        self.0.abs() > Self::TABLE && !self.is_decisive()
    }

    /// Whether this is a proved result: a game end at a known distance or a
    /// table result. The search does not aim a narrow window at one.
    pub fn is_proven(self) -> bool {
        self.0.abs() > Self::TABLE
    }

    /// For a table result: the final margin in seeds (from the side to move)
    /// and the plies to the table hit.
    pub fn table_margin(self) -> Option<(i32, u32)> {
        self.is_table().then(|| {
            let v = self.0.abs() - Self::TABLE;
            let margin = (v + MAX_MATE_PLY) / 1000;
            let plies = (1000 * margin - v) as u32;
            (self.0.signum() * margin, plies)
        })
    }

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
    /// move, negative when losing). A table result is `cp ±(TB_CP + 100 *
    /// margin)`, as chess engines report tablebase wins: beyond every
    /// heuristic value, which is shown clamped to `±(TB_CP - 1)`.
    pub fn to_uci(self) -> String {
        match (self.plies_to_end(), self.table_margin()) {
            (Some(plies), _) if self.0 > 0 => format!("mate {}", plies.div_ceil(2)),
            (Some(plies), _) => format!("mate -{}", plies.div_ceil(2)),
            (None, Some((margin, _))) => {
                format!(
                    "cp {}",
                    margin.signum() * (Self::TB_CP + 100 * margin.abs())
                )
            }
            (None, None) => format!("cp {}", self.0.clamp(1 - Self::TB_CP, Self::TB_CP - 1)),
        }
    }

    /// Where table results start in the protocol's `cp` scale.
    pub const TB_CP: i32 = 20_000;

    /// A form for people: seeds with two decimals, `win in N` / `loss in N`
    /// plies, or `win by N (tables)` / `loss by N (tables)` seeds.
    pub fn to_seeds(self) -> String {
        match (self.plies_to_end(), self.table_margin()) {
            (Some(plies), _) if self.0 > 0 => format!("win in {plies}"),
            (Some(plies), _) => format!("loss in {plies}"),
            (None, Some((m, _))) if m > 0 => format!("win by {m} (tables)"),
            (None, Some((m, _))) => format!("loss by {} (tables)", -m),
            (None, None) => format!("{:+.2}", self.0 as f64 / 100.0),
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
    v.clamp(-Score::TABLE, Score::TABLE)
}

/// The value, for the side `me`, of a position whose final totals under
/// perfect play are `scores` (from the tables), at `ply` plies from the root.
/// `score` brought within the bounds `known` that the endgame tables give
/// (see [`super::oracle`]), unless it is the result of a game the search
/// played to its end, which is surer than any bound and must stay a mate
/// score.
#[inline]
pub(crate) fn within(score: i32, known: (i32, i32)) -> i32 {
    if score.abs() >= Score::DECISIVE {
        score
    } else {
        score.clamp(known.0, known.1)
    }
}

/// What the oracle's bounds `known` on a node's value (`None`: it knows
/// nothing) mean for the window `(alpha, beta)`: `Err(score)` when they
/// settle the node (the value itself, or a bound outside the window), else
/// `Ok` with the bounds the value found below must be brought within.
#[inline]
pub(crate) fn settle(known: Option<(i32, i32)>, alpha: i32, beta: i32) -> Result<(i32, i32), i32> {
    match known {
        None => Ok((-INFINITE, INFINITE)),
        Some((lower, upper)) if lower == upper || lower >= beta => Err(lower),
        Some((_, upper)) if upper <= alpha => Err(upper),
        Some(bounds) => Ok(bounds),
    }
}

#[inline]
pub(crate) fn table_result(scores: [u32; 2], me: usize, ply: usize) -> i32 {
    Score::table(scores[me], scores[1 - me], ply as u32).0
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

/// A root-relative score as the table stores it: results (game ends and
/// table results) relative to the node.
#[inline]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score > Score::TABLE {
        score + ply as i32
    } else if score < -Score::TABLE {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`] at the probing node's ply.
#[inline]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score > Score::TABLE {
        score - ply as i32
    } else if score < -Score::TABLE {
        score + ply as i32
    } else {
        score
    }
}

/// `score` in the plain centiseeds the pruning margins are set in: an
/// evaluation weighing a centiseed `scale` 64ths
/// ([`Game::evaluation_scale`](crate::game::Game::evaluation_scale))
/// divided by it. Game results stay far beyond any evaluation.
pub(crate) fn unscaled(score: i32, scale: i32) -> i32 {
    let plain = i64::from(score) * 64 / i64::from(scale.max(1));
    plain.clamp(-i64::from(INFINITE) * 4, i64::from(INFINITE) * 4) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oracle_settles_a_node_by_its_value_or_a_bound_outside_the_window() {
        assert_eq!(settle(None, -5, 5), Ok((-INFINITE, INFINITE)));
        assert_eq!(settle(Some((3, 3)), -5, 5), Err(3), "the value itself");
        assert_eq!(settle(Some((7, 20)), -5, 5), Err(7), "fails high");
        assert_eq!(settle(Some((5, 20)), -5, 5), Err(5), "at beta");
        assert_eq!(settle(Some((-20, -8)), -5, 5), Err(-8), "fails low");
        assert_eq!(settle(Some((-20, -5)), -5, 5), Err(-5), "at alpha");
        assert_eq!(settle(Some((-20, 2)), -5, 5), Ok((-20, 2)), "bounds only");
    }

    #[test]
    fn unscaled_scores_are_in_plain_centiseeds() {
        assert_eq!(unscaled(300, 64), 300);
        assert_eq!(unscaled(302, 151), 128);
        assert_eq!(unscaled(-302, 151), -128, "symmetric");
        assert_eq!(unscaled(88, 44), 128);
        // Results stay far beyond any evaluation, and nothing overflows.
        assert!(unscaled(Score::TABLE + 1, 151) > Score::TABLE / 3);
        assert!(unscaled(-INFINITE, 44) < -INFINITE);
        assert!(unscaled(i32::MAX, 1) > INFINITE);
        assert_eq!(unscaled(100, 0), 6400, "a scale below 1 counts as 1");
    }

    /// The UCI `cp`/`mate` forms and the seed forms of every kind of score.
    #[test]
    fn scores_print_as_cp_or_mate_and_in_seeds() {
        assert_eq!(Score(37).to_uci(), "cp 37");
        assert_eq!(Score::win_in(1).to_uci(), "mate 1");
        assert_eq!(Score::win_in(3).to_uci(), "mate 2");
        assert_eq!(Score::loss_in(2).to_uci(), "mate -1");
        assert_eq!(Score::loss_in(4).to_uci(), "mate -2");
        assert_eq!((-Score::win_in(5)), Score::loss_in(5));
        assert_eq!(Score(-250).to_seeds(), "-2.50");
        assert_eq!(Score::win_in(7).to_seeds(), "win in 7");
        assert_eq!(Score(899_000).to_uci(), "cp 19999");
        assert_eq!(Score(-899_000).to_uci(), "cp -19999");
        assert_eq!(Score::table(20, 8, 5).to_uci(), "cp 21200");
        assert_eq!(Score::table(8, 20, 6).to_uci(), "cp -21200");
        assert_eq!(Score::table(20, 8, 5).to_seeds(), "win by 12 (tables)");
        assert_eq!(Score::table(3, 5, 5).to_seeds(), "loss by 2 (tables)");
        assert_eq!(Score::table(24, 24, 9), Score::DRAW);
    }

    #[test]
    fn table_results_sit_between_heuristics_and_game_ends() {
        let weakest_win = Score::table(25, 23, MAX_MATE_PLY as u32);
        assert!(weakest_win.0 > clamp_heuristic(i32::MAX));
        assert!(weakest_win.is_table() && weakest_win.is_proven());
        let best_win = Score::table(48, 0, 0);
        assert!(best_win.0 < Score::win_in(MAX_MATE_PLY as u32).0);
        assert!(!best_win.is_decisive());
        assert!(!Score(clamp_heuristic(i32::MAX)).is_proven());
        // A larger margin first, then a quicker hit.
        assert!(Score::table(30, 18, 40) > Score::table(28, 20, 1));
        assert!(Score::table(30, 18, 3) > Score::table(30, 18, 4));
        assert!(-Score::table(30, 18, 3) == Score::table(18, 30, 3));
        for (mine, theirs, plies) in [(30, 18, 3), (1, 0, 999), (0, 48, 0), (20, 21, 77)] {
            let (margin, at) = Score::table(mine, theirs, plies).table_margin().unwrap();
            assert_eq!((margin, at), (mine as i32 - theirs as i32, plies));
        }
        assert_eq!(Score::win_in(3).table_margin(), None);
        assert_eq!(Score(500).table_margin(), None);
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
            for s in [
                Score::win_in(45).0,
                Score::loss_in(50).0,
                123,
                0,
                Score::table(30, 10, 12).0,
                Score::table(10, 30, 12).0,
            ] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
        // A win 5 plies below a node at ply 3 is "win in 5" at that node.
        assert_eq!(to_tt(Score::win_in(8).0, 3), Score::win_in(5).0);
        assert_eq!(to_tt(Score::table(9, 7, 8).0, 3), Score::table(9, 7, 5).0);
    }
}
