//! The outcome of an event as numbers: every game's result, and the
//! statistics drawn from them (results per pair, SPRT, forfeits). The text
//! tables made from it are in [`super::crosstable`].

use std::collections::BTreeMap;
use std::time::Duration;

use super::result::GameResult;
use super::schedule::Format;
use super::stats::{Pairs, Sprt, SprtStatus, Wdl};
use crate::game::Side;

/// One game as the statistics see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game's number.
    pub index: usize,
    /// The South engine's index.
    pub south: usize,
    /// The North engine's index.
    pub north: usize,
    /// The result.
    pub result: GameResult,
    /// Why it ended.
    pub reason: String,
}

/// Where a match's SPRT stands, and the results it stands on.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SprtVerdict {
    /// Decided or not.
    pub status: SprtStatus,
    /// Engine 0's results over the games counted, in number order up to
    /// the deciding pair.
    pub wdl: Wdl,
    /// The complete pairs among them.
    pub pairs: Pairs,
    /// Their log-likelihood ratio.
    pub llr: f64,
}

/// The outcome of an event.
#[derive(Clone, Debug)]
pub struct EventReport {
    /// The engines' names.
    pub engines: Vec<String>,
    /// The kind of event.
    pub format: Format,
    /// Every finished game, resumed ones included, by number.
    pub games: Vec<GameSummary>,
    /// Games read back from the records file.
    pub resumed: usize,
    /// Games played by this run.
    pub played: usize,
    /// Games the schedule holds.
    pub scheduled: usize,
    /// The SPRT settings, if any.
    pub sprt: Option<Sprt>,
    /// The referee's own time over the games this run played.
    pub referee_time: Duration,
    /// Engine moves in the games this run played.
    pub engine_moves: u64,
}

impl EventReport {
    /// Engine `a`'s results against engine `b` (against everyone when `b`
    /// is `None`).
    pub fn wdl(&self, a: usize, b: Option<usize>) -> Wdl {
        let mut wdl = Wdl::default();
        for g in &self.games {
            let side = if g.south == a && b.map_or(true, |b| g.north == b) {
                Side::South
            } else if g.north == a && b.map_or(true, |b| g.south == b) {
                Side::North
            } else {
                continue;
            };
            wdl.count(g.result.points(side));
        }
        wdl
    }

    /// The SPRT's verdict for a match (engine 0 against engine 1).
    pub fn sprt_status(&self) -> Option<SprtStatus> {
        self.sprt_verdict().map(|v| v.status)
    }

    /// The SPRT's verdict, with engine 0's results when it was reached: the
    /// games are taken in pairs (games `2k` and `2k + 1`: one opening, both
    /// colours), from pair 0 up to the first pair not yet complete, and the
    /// test is decided by the first pair at which the pentanomial
    /// log-likelihood ratio crosses a bound. Games finishing after the
    /// decision can only complete pairs after it, so they count in the
    /// results but cannot undo it (they once did: a test decided at one
    /// game went back to "no decision" with the next; and a pair still
    /// running behind later complete ones, once skipped, changed the sum
    /// when it came in). Without a decision, the results of all games.
    /// `None` without an SPRT.
    pub fn sprt_verdict(&self) -> Option<SprtVerdict> {
        let sprt = self.sprt?;
        // Engine 0's points in each game of the match, by game number.
        let points: BTreeMap<usize, f64> = self
            .games
            .iter()
            .filter_map(|g| {
                let side = match (g.south, g.north) {
                    (0, 1) => Side::South,
                    (1, 0) => Side::North,
                    _ => return None,
                };
                Some((g.index, g.result.points(side)))
            })
            .collect();
        let mut verdict = SprtVerdict {
            status: SprtStatus::Continue,
            wdl: Wdl::default(),
            pairs: Pairs::default(),
            llr: 0.0,
        };
        let mut pair = 0;
        while let (Some(&first), Some(&second)) =
            (points.get(&(2 * pair)), points.get(&(2 * pair + 1)))
        {
            verdict.wdl.count(first);
            verdict.wdl.count(second);
            verdict.pairs.add(first, second);
            verdict.llr = sprt.llr_pairs(&verdict.pairs);
            verdict.status = sprt.decide(verdict.llr);
            if verdict.status != SprtStatus::Continue {
                return Some(verdict);
            }
            pair += 1;
        }
        verdict.wdl = self.wdl(0, Some(1));
        Some(verdict)
    }

    /// The referee's mean own time per engine move over this run's games.
    pub fn overhead_per_move(&self) -> Option<Duration> {
        (self.engine_moves > 0).then(|| self.referee_time / self.engine_moves as u32)
    }

    /// Forfeits per engine: `(name, reasons)`.
    pub(crate) fn faults(&self) -> BTreeMap<String, BTreeMap<String, u32>> {
        let mut faults: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
        for g in &self.games {
            let Some((_, rest)) = g.reason.split_once(" forfeits: ") else {
                continue;
            };
            let loser = match g.result {
                GameResult::SouthWins => g.north,
                GameResult::NorthWins => g.south,
                GameResult::Draw => continue,
            };
            let kind = rest.split(':').next().unwrap_or(rest).to_string();
            *faults
                .entry(self.engines[loser].clone())
                .or_default()
                .entry(kind)
                .or_default() += 1;
        }
        faults
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn summary(index: usize, south: usize, north: usize, result: GameResult) -> GameSummary {
        GameSummary {
            index,
            south,
            north,
            result,
            reason: String::new(),
        }
    }

    /// A round-robin of three engines, four games.
    pub(crate) fn three_engines() -> EventReport {
        EventReport {
            engines: vec!["a".into(), "b".into(), "c".into()],
            format: Format::RoundRobin,
            games: vec![
                summary(0, 0, 1, GameResult::SouthWins),
                summary(1, 1, 0, GameResult::SouthWins),
                summary(2, 0, 2, GameResult::Draw),
                summary(3, 2, 1, GameResult::NorthWins),
            ],
            resumed: 0,
            played: 4,
            scheduled: 4,
            sprt: None,
            referee_time: Duration::ZERO,
            engine_moves: 0,
        }
    }

    /// A match between "new" (engine 0) and "old" with an SPRT
    /// (`elo0=0 elo1=10`, 5% errors) and these games.
    fn sprt_match(games: Vec<GameSummary>) -> EventReport {
        EventReport {
            engines: vec!["new".into(), "old".into()],
            format: Format::Match,
            played: games.len(),
            games,
            resumed: 0,
            scheduled: 10_000,
            sprt: Some(Sprt::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap()),
            referee_time: Duration::ZERO,
            engine_moves: 0,
        }
    }

    #[test]
    fn an_sprt_decision_is_not_undone_by_the_games_that_finish_after_it() {
        let mut report = sprt_match(Vec::new());
        let add = |report: &mut EventReport, result| {
            let index = report.games.len();
            report.games.push(game(index, result));
        };
        // Engine 0 scores 2 wins, a draw and a loss in every 4 games until
        // the test accepts H1...
        while report.sprt_status() == Some(SprtStatus::Continue) {
            for r in ['w', 'd', 'w', 'l'] {
                add(&mut report, r);
            }
        }
        assert_eq!(report.sprt_status(), Some(SprtStatus::AcceptH1));
        let at = report.sprt_verdict().unwrap();
        assert_eq!(at.wdl.games(), 2 * at.pairs.pairs());
        // ... then loses games still running: the decision stands, though
        // all the games together no longer decide.
        for _ in 0..6 {
            add(&mut report, 'l');
        }
        let all = report.wdl(0, Some(1));
        let sprt = report.sprt.unwrap();
        assert_eq!(sprt.decide(sprt.llr(&all)), SprtStatus::Continue);
        assert_eq!(report.sprt_verdict(), Some(at));
        assert!(at.wdl.games() < all.games());
    }

    #[test]
    fn the_sprt_counts_only_complete_pairs() {
        // Games 0 and 1 share an opening, as do 2 and 3; game 2 is missing
        // (still running, or not resumed yet), so game 3 waits for it.
        let report = sprt_match(vec![
            summary(0, 0, 1, GameResult::SouthWins),
            summary(1, 1, 0, GameResult::Draw),
            summary(3, 1, 0, GameResult::NorthWins),
        ]);
        let v = report.sprt_verdict().unwrap();
        assert_eq!(
            v.pairs.counts,
            [0, 0, 0, 1, 0],
            "a win and a draw: 3/2 points"
        );
        assert_eq!(v.wdl.games(), 3);
        assert_eq!(v.llr, report.sprt.unwrap().llr_pairs(&v.pairs));
    }

    /// Engine 0's `result` ('w', 'd' or 'l') in game `index` of a match,
    /// engine 0 playing South in the even games.
    fn game(index: usize, result: char) -> GameSummary {
        let (south, north) = if index % 2 == 0 { (0, 1) } else { (1, 0) };
        let result = match (result, south) {
            ('w', 0) | ('l', 1) => GameResult::SouthWins,
            ('w', _) | ('l', _) => GameResult::NorthWins,
            _ => GameResult::Draw,
        };
        summary(index, south, north, result)
    }

    #[test]
    fn a_pair_still_running_holds_back_the_pairs_after_it() {
        // Pairs 1-39 are won one and a half to a half; pair 0 still runs.
        let mut games: Vec<GameSummary> = (2..80)
            .map(|i| game(i, if i % 2 == 0 { 'w' } else { 'd' }))
            .collect();
        let v = sprt_match(games.clone()).sprt_verdict().unwrap();
        assert_eq!(v.status, SprtStatus::Continue);
        assert_eq!(v.pairs.pairs(), 0);
        assert_eq!(v.wdl.games(), 78, "undecided: every game counts");
        // Pair 0 comes in, lost: the test runs over the pairs in order.
        games.push(game(0, 'l'));
        games.push(game(1, 'l'));
        let v = sprt_match(games).sprt_verdict().unwrap();
        assert_eq!(v.status, SprtStatus::AcceptH1);
        assert_eq!(v.wdl.games(), 2 * v.pairs.pairs());
        assert_eq!(v.wdl.losses, 2);
    }

    #[test]
    fn games_finishing_out_of_order_never_undo_a_decision() {
        // Games end in any order within a window of four (as with four
        // games running at once); after each, the verdict is taken again:
        // once decided, it never changes.
        let mut rng = crate::rng::Rng::new(7);
        let results: Vec<char> = (0..4000)
            .map(|_| ['w', 'w', 'd', 'l', 'l', 'd', 'w'][rng.below(7)])
            .collect();
        let mut running: Vec<usize> = (0..4).collect();
        let mut next = 4;
        let mut report = sprt_match(Vec::new());
        let mut decided: Option<SprtVerdict> = None;
        while !running.is_empty() {
            let done = running.swap_remove(rng.below(running.len()));
            report.games.push(game(done, results[done]));
            let verdict = report.sprt_verdict().unwrap();
            match &decided {
                Some(first) => assert_eq!(&verdict, first, "after game {done}"),
                None if verdict.status != SprtStatus::Continue => decided = Some(verdict),
                None if next < results.len() => {
                    running.push(next);
                    next += 1;
                }
                None => {}
            }
        }
        assert!(decided.is_some(), "4000 games decide this test");
    }

    #[test]
    fn results_are_counted_from_each_side() {
        let report = three_engines();
        assert_eq!(
            report.wdl(0, Some(1)),
            Wdl {
                wins: 1,
                draws: 0,
                losses: 1
            }
        );
        assert_eq!(
            report.wdl(0, None),
            Wdl {
                wins: 1,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(
            report.wdl(1, None),
            Wdl {
                wins: 2,
                draws: 0,
                losses: 1
            }
        );
    }
}
