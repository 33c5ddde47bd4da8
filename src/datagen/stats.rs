//! What a training-data file holds: games, positions, results, endings and
//! how much of it the endgame tables cover (`awale datagen --stats`).

use std::collections::BTreeMap;

use super::format::{flags, Ending, GameRecord, TableKind};
use super::{Error, Reader};

/// Counts over a whole file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games.
    pub games: u64,
    /// Positions.
    pub positions: u64,
    /// Games won by South, drawn, won by North (by the final seeds).
    pub results: [u64; 3],
    /// Games per ending, in [`Ending::ALL`] order.
    pub endings: [u64; 5],
    /// Positions the tables cover.
    pub covered: u64,
    /// Covered positions whose value holds under every history.
    pub exact: u64,
    /// Positions whose table value holds for the game's history.
    pub table_applies: u64,
    /// Positions whose search score is a proven result.
    pub proven: u64,
    /// Positions whose best move captured.
    pub captures: u64,
    /// Positions by the side to move's result: won, drawn, lost.
    pub position_results: [u64; 3],
    /// Positions by seeds on the board.
    pub on_board: BTreeMap<u32, u64>,
    /// The smallest and largest game index.
    pub index_range: Option<(u32, u32)>,
}

impl Stats {
    /// Adds one game.
    pub fn add(&mut self, game: &GameRecord) {
        self.games += 1;
        let [south, north] = game.final_scores;
        self.results[match south.cmp(&north) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 2,
        }] += 1;
        self.endings[game.ending as usize] += 1;
        self.index_range = Some(match self.index_range {
            None => (game.index, game.index),
            Some((lo, hi)) => (lo.min(game.index), hi.max(game.index)),
        });
        for r in &game.positions {
            self.positions += 1;
            if let Some(t) = r.table {
                self.covered += 1;
                if t.kind == TableKind::Exact {
                    self.exact += 1;
                }
            }
            let has = |bit| r.flags & bit != 0;
            self.table_applies += u64::from(has(flags::TABLE_APPLIES));
            self.proven += u64::from(has(flags::PROVEN));
            self.captures += u64::from(has(flags::CAPTURE));
            self.position_results[match r.result() {
                x if x > 0.75 => 0,
                x if x > 0.25 => 1,
                _ => 2,
            }] += 1;
            *self.on_board.entry(r.on_board()).or_default() += 1;
        }
    }

    /// The counts of a whole file; an error for a damaged one.
    pub fn of(reader: Reader) -> Result<Stats, Error> {
        let mut stats = Stats::default();
        for game in reader.games() {
            stats.add(&game?);
        }
        Ok(stats)
    }

    /// A report for people, one line each.
    pub fn lines(&self) -> Vec<String> {
        let share = |n: u64, of: u64| 100.0 * n as f64 / of.max(1) as f64;
        // A count and its share of `of`: `12 (3.4%)`.
        let counted = |n: u64, of: u64| format!("{n} ({:.1}%)", share(n, of));
        let p = self.positions;
        let mut out = vec![
            format!(
                "games: {}{}",
                self.games,
                self.index_range
                    .map_or(String::new(), |(lo, hi)| format!(" (indices {lo}..={hi})"))
            ),
            format!(
                "positions: {p} ({:.1} per game)",
                p as f64 / self.games.max(1) as f64
            ),
            format!(
                "results: South wins {}, draws {}, North wins {}",
                counted(self.results[0], self.games),
                counted(self.results[1], self.games),
                counted(self.results[2], self.games),
            ),
            format!(
                "positions by result of the side to move: won {:.1}%, drawn {:.1}%, lost {:.1}%",
                share(self.position_results[0], p),
                share(self.position_results[1], p),
                share(self.position_results[2], p),
            ),
        ];
        let endings: Vec<String> = Ending::ALL
            .iter()
            .zip(self.endings)
            .filter(|(_, n)| *n > 0)
            .map(|(e, n)| format!("{} {n}", e.name()))
            .collect();
        out.push(format!("endings: {}", endings.join(", ")));
        out.push(format!(
            "covered by the tables: {}, exact under every history {}, value known for the game's history {}",
            counted(self.covered, p),
            counted(self.exact, p),
            counted(self.table_applies, p),
        ));
        out.push(format!(
            "proven search scores: {}; best move a capture: {}",
            counted(self.proven, p),
            counted(self.captures, p),
        ));
        let bands: Vec<String> = [(0, 10), (11, 16), (17, 24), (25, 32), (33, 40), (41, 48)]
            .iter()
            .map(|&(lo, hi)| {
                let n: u64 = self.on_board.range(lo..=hi).map(|(_, n)| n).sum();
                format!("{lo}-{hi}: {:.1}%", share(n, p))
            })
            .collect();
        out.push(format!("seeds on the board: {}", bands.join(", ")));
        out
    }
}
