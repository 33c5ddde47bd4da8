//! Games between two playing strengths in one process, for measuring the
//! steps of the strength ladder quickly: each game from an opening, once
//! with each colour, every move a search of at most a fixed node count.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use awale_core::game::{Game, Line};
use awale_core::rng::Rng;
use awale_core::search::{Limits, Searcher, Skill};

/// A match between two strengths.
#[derive(Clone, Debug)]
pub struct Pairing {
    /// The strengths, the first the one whose results are counted.
    pub skills: [Skill; 2],
    /// The node cap of every move (the full search's only limit).
    pub nodes: u64,
    /// Games to play: one opening for each two, the colours swapped.
    pub games: usize,
    /// Plies after which a game is decided by the seeds captured so far.
    pub max_plies: usize,
    /// The engines' `Seed`.
    pub seed: u64,
    /// Threads playing games side by side.
    pub threads: usize,
}

/// Wins, draws and losses of the first strength.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first strength's score, a win 1 and a draw a half, per game.
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1))
    }

    /// The Elo difference the score says (clamped to a score of 1/(2n)
    /// from either end, where it would be infinite).
    pub fn elo(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let s = self.score().clamp(0.5 / n, 1.0 - 0.5 / n);
        -400.0 * (1.0 / s - 1.0).log10()
    }

    /// The half-width of the 95% interval of [`Tally::elo`], from the
    /// games' spread of results.
    pub fn elo_margin(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let s = self.score().clamp(0.5 / n, 1.0 - 0.5 / n);
        let mean_sq = (f64::from(self.wins) + f64::from(self.draws) / 4.0) / n;
        let sd = ((mean_sq - s * s).max(0.0) / n).sqrt();
        let elo = |s: f64| -400.0 * (1.0 / s - 1.0).log10();
        let hi = (s + 1.96 * sd).min(1.0 - 0.5 / n);
        let lo = (s - 1.96 * sd).max(0.5 / n);
        (elo(hi) - elo(lo)) / 2.0
    }
}

/// An opening: its moves as the variant writes them.
pub type Opening = Vec<String>;

/// Reads an openings file: a line of moves each, `#` comments and blank
/// lines skipped.
pub fn read_openings(text: &str) -> Vec<Opening> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect()
}

/// `count` openings of `plies` random legal plies from the start, drawn
/// from `seed` (for the variants without an openings file).
pub fn random_openings<G: Game>(game: &G, count: usize, plies: usize, seed: u64) -> Vec<Opening> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let mut line = Line::new(game.clone());
            for _ in 0..plies {
                let legal = line.legal_moves();
                let moves: Vec<G::Move> = legal.iter().copied().collect();
                if moves.is_empty() || line.is_over() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                if line.play(mv).is_err() {
                    break;
                }
            }
            line.moves_text()
        })
        .collect()
}

/// Plays `pairing` from `openings` (game `i` from opening `i / 2`, the
/// first strength South in the even games) and counts the results.
pub fn play_pair<G: Game>(
    game: &G,
    openings: &[Opening],
    pairing: &Pairing,
) -> anyhow::Result<Tally> {
    anyhow::ensure!(!openings.is_empty(), "no openings");
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    let failed = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..pairing.threads.max(1) {
            scope.spawn(|| {
                let mut engines = pairing.skills.map(|skill| {
                    let mut s = Searcher::new(game.clone(), 4, 1);
                    s.set_skill(skill);
                    s.set_seed(pairing.seed);
                    s
                });
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= pairing.games {
                        break;
                    }
                    let opening = &openings[(i / 2) % openings.len()];
                    match play_game(game, opening, &mut engines, i % 2 == 1, pairing) {
                        Ok(result) => {
                            let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                            match result {
                                1 => t.wins += 1,
                                0 => t.draws += 1,
                                _ => t.losses += 1,
                            }
                        }
                        Err(e) => {
                            *failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                            break;
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failed.into_inner().unwrap_or(None) {
        return Err(e);
    }
    Ok(tally.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// One game from `opening` between `engines` (the first South unless
/// `swapped`): 1 when the first wins, 0 a draw, -1 a loss.
fn play_game<G: Game>(
    game: &G,
    opening: &[String],
    engines: &mut [Searcher<G>; 2],
    swapped: bool,
    pairing: &Pairing,
) -> anyhow::Result<i32> {
    let mut line = Line::new(game.clone());
    for mv in opening {
        line.play_text(mv)?;
    }
    engines.iter_mut().for_each(Searcher::clear);
    let limits = Limits {
        nodes: Some(pairing.nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    while !line.is_over() && line.len() < pairing.max_plies {
        let mover = game.side_to_move(line.position()).index();
        let engine = &mut engines[mover ^ usize::from(swapped)];
        let found = engine.search(
            line.position(),
            line.history(),
            &limits,
            &[],
            &stop,
            &mut |_| {},
        );
        let mv = found
            .best
            .ok_or_else(|| anyhow::anyhow!("no move in an unfinished game"))?;
        line.play(mv)?;
    }
    let scores = match line.end() {
        Some(end) => end.scores,
        None => game.scores(line.position()),
    };
    let first = usize::from(swapped);
    Ok((scores[first] as i32 - scores[1 - first] as i32).signum())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_follows_the_score() {
        let even = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        assert!(even.elo().abs() < 1e-9);
        let three_to_one = Tally {
            wins: 75,
            draws: 0,
            losses: 25,
        };
        assert!(
            (three_to_one.elo() - 190.8).abs() < 0.1,
            "{}",
            three_to_one.elo()
        );
        let sweep = Tally {
            wins: 50,
            draws: 0,
            losses: 0,
        };
        assert!(sweep.elo().is_finite() && sweep.elo() > 600.0);
        assert!(three_to_one.elo_margin() > 50.0 && three_to_one.elo_margin() < 120.0);
    }

    #[test]
    fn openings_read_and_drawn() {
        let read = read_openings("# comment\n\nC b B\nD e\n");
        assert_eq!(read, vec![vec!["C", "b", "B"], vec!["D", "e"]]);
        let game = awale_core::variants::oware::Oware::default();
        let a = random_openings(&game, 3, 4, 9);
        assert_eq!(a, random_openings(&game, 3, 4, 9));
        assert!(a.iter().all(|o| o.len() == 4));
    }
}
