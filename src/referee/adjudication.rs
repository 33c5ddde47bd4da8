//! Ending a game early when the endgame tables already know its result.
//!
//! Long strength tests spend much of their time in endgames whose outcome
//! perfect play has settled: with `--adjudicate-tables`, the referee asks
//! the tables (the same [`Oracle`] the search probes) before every move,
//! and ends the game as soon as every final score they allow for the
//! position, reached through its history, gives the same winner. The
//! result is the one perfect play gives from there; an engine that would
//! have gone wrong later is not asked to prove it, as with tablebase
//! adjudication in chess testing.

use super::result::GameResult;
use crate::game::Oracle;
use crate::game::{Game, Line};

/// A game the tables decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablesVerdict {
    /// The result under perfect play.
    pub result: GameResult,
    /// The final totals `[south, north]` under perfect play, when the
    /// tables know them exactly (not only a range with one winner).
    pub scores: Option<[u32; 2]>,
    /// Why the game ended, for people and the records.
    pub reason: String,
}

/// The start of the `Reason` of every game the tables adjudicated.
pub const TABLES_REASON: &str = "adjudicated by the endgame tables: ";

/// What the tables of `oracle` decide for the current position of `line`:
/// `None` while the game is over, the position not covered, its value not
/// known for the history played since the last capture, or the range of
/// values it allows not settling the winner.
pub fn by_tables<G: Game>(line: &Line<G>, oracle: &dyn Oracle<G>) -> Option<TablesVerdict> {
    if line.is_over() {
        return None;
    }
    let fresh = line.history().reversible_plies() == 0;
    let [worst, best] = oracle.final_range(line.position(), fresh)?;
    let result = GameResult::of_scores(worst);
    if GameResult::of_scores(best) != result {
        return None;
    }
    let split = |s: [u32; 2]| format!("{}-{}", s[0], s[1]);
    let (scores, reason) = if worst == best {
        (
            Some(worst),
            format!("{TABLES_REASON}perfect play ends {}", split(worst)),
        )
    } else {
        (
            None,
            format!(
                "{TABLES_REASON}perfect play ends between {} and {}",
                split(worst),
                split(best)
            ),
        )
    };
    Some(TablesVerdict {
        result,
        scores,
        reason,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{oracle_for, EndgameTables, Rules};
    use crate::variants::oware::Oware;
    use std::sync::Arc;

    fn oracle(game: &Oware, max: usize) -> Arc<dyn Oracle<Oware>> {
        let tables = Arc::new(EndgameTables::build_in_memory(Rules::of(game), max));
        oracle_for(game, &tables).expect("oware has tables")
    }

    /// A game starting at `position`: nothing played since a capture.
    fn line_at(game: &Oware, position: &str) -> Line<Oware> {
        let start = game.parse_position(position).expect("a valid position");
        Line::from_position(game.clone(), start)
    }

    #[test]
    fn the_start_is_not_covered() {
        let game = Oware::default();
        let line = Line::new(game.clone());
        assert_eq!(by_tables(&line, &*oracle(&game, 6)), None);
    }

    #[test]
    fn settled_endings_are_adjudicated_with_their_final_split() {
        let game = Oware::default();
        let oracle = oracle(&game, 4);
        // South must feed with F; North then cannot feed South, so the game
        // ends and North collects its one seed: 24-24.
        let line = line_at(&game, "0-0-0-0-0-1-0-0-0-0-0-0-24-23-S");
        let verdict = by_tables(&line, &*oracle).expect("covered and settled");
        assert_eq!(verdict.result, GameResult::Draw);
        assert_eq!(verdict.scores, Some([24, 24]));
        assert!(
            verdict.reason.contains("perfect play ends 24-24"),
            "{verdict:?}"
        );
        // F puts one seed in a and b; North cannot feed and collects both.
        let line = line_at(&game, "0-0-0-0-0-2-0-0-0-0-0-0-23-23-S");
        let verdict = by_tables(&line, &*oracle).expect("covered and settled");
        assert_eq!(verdict.result, GameResult::NorthWins);
        assert_eq!(verdict.scores, Some([23, 25]));
    }

    /// Every way to put `n` seeds in the 12 holes.
    fn boards(n: u32) -> Vec<[u32; 12]> {
        fn fill(i: usize, left: u32, holes: &mut [u32; 12], out: &mut Vec<[u32; 12]>) {
            if i == 11 {
                holes[11] = left;
                out.push(*holes);
                return;
            }
            for k in 0..=left {
                holes[i] = k;
                fill(i + 1, left - k, holes, out);
            }
        }
        let mut out = Vec::new();
        fill(0, n, &mut [0; 12], &mut out);
        out
    }

    #[test]
    fn a_range_adjudicates_only_when_it_has_one_winner_for_the_history_played() {
        let game = Oware::default();
        let oracle = oracle(&game, 6);
        let (mut decided, mut open, mut history_matters) = (0, 0, 0);
        for holes in boards(6) {
            let text: Vec<String> = holes.iter().map(u32::to_string).collect();
            let position = format!("{}-21-21-S", text.join("-"));
            let fresh = line_at(&game, &position);
            let Some([worst, best]) = oracle.final_range(fresh.position(), true) else {
                continue;
            };
            match by_tables(&fresh, &*oracle) {
                Some(v) => {
                    decided += 1;
                    assert_eq!(v.result, GameResult::of_scores(worst), "{position}");
                    assert_eq!(v.result, GameResult::of_scores(best), "{position}");
                    assert_eq!(v.scores, (worst == best).then_some(worst), "{position}");
                }
                None => {
                    open += 1;
                    assert_ne!(
                        GameResult::of_scores(worst),
                        GameResult::of_scores(best),
                        "{position}"
                    );
                }
            }
            // After a quiet move the history is not empty: only the
            // bounds under every history may decide.
            for mv in fresh.legal_moves() {
                let mut after = line_at(&game, &position);
                after.play(mv).expect("a legal move");
                let child = after.position();
                let quiet = game.scores(child) == game.scores(fresh.position());
                if !quiet || after.is_over() {
                    continue;
                }
                let [worst, best] = oracle.final_range(child, false).expect("covered");
                let every = (GameResult::of_scores(worst) == GameResult::of_scores(best))
                    .then(|| GameResult::of_scores(worst));
                assert_eq!(
                    by_tables(&after, &*oracle).map(|v| v.result),
                    every,
                    "{position} then {mv:?}"
                );
                if every.is_none()
                    && by_tables(&line_at(&game, &game.format_position(child)), &*oracle).is_some()
                {
                    history_matters += 1;
                }
            }
        }
        assert!(
            decided > 100 && open > 100 && history_matters > 100,
            "{decided} {open} {history_matters}"
        );
    }
}
