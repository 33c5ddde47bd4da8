//! Running a match or a tournament: the schedule, games in parallel, the
//! records file, resuming, SPRT, and the final tables.

use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use super::engine::{self, Engine, EngineSpec, Protocol};
use super::game_runner::{play_game, FinishedGame, GameResult, GameSettings, TimeControl};
use super::openings::Openings;
use super::progress::Progress;
use super::records::{fingerprint, now_utc, Record, RecordsFile};
use super::schedule::{encounters, pairing, Format, Pairing};
use super::stats::{Sprt, SprtStatus, Wdl};
use super::RefereeError;
use crate::game::{Game, Side};
use crate::sync::lock;
use crate::variants::{with_variant, VariantVisitor};

/// Where the openings come from, before the variant is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningsConfig {
    /// From the start position.
    None,
    /// `plies` random plies from `seed`.
    Random {
        /// How many plies.
        plies: usize,
        /// The seed.
        seed: u64,
    },
    /// A file of move sequences, one per line.
    File(PathBuf),
}

/// Everything that defines an event.
#[derive(Clone, Debug)]
pub struct EventConfig {
    /// The event's name (the records' `Event` tag).
    pub name: String,
    /// Match, round-robin or gauntlet.
    pub format: Format,
    /// The engines; names must differ.
    pub engines: Vec<EngineSpec>,
    /// The variant played.
    pub variant: String,
    /// The variant's rule options.
    pub rule_options: Vec<(String, String)>,
    /// Time per move or clocks.
    pub time: TimeControl,
    /// How late past its time an answer may come.
    pub margin: Duration,
    /// How long an engine may take to start (`uciok`, `readyok`).
    pub handshake_timeout: Duration,
    /// Games per encounter (the match length for a match).
    pub games: usize,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Openings.
    pub openings: OpeningsConfig,
    /// The ply limit before adjudication.
    pub max_plies: usize,
    /// Stop a match early when this test decides.
    pub sprt: Option<Sprt>,
    /// The records file, if any.
    pub records: Option<PathBuf>,
    /// No progress bar and no per-game lines.
    pub quiet: bool,
}

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
            match g.result.points(side) {
                p if p > 0.75 => wdl.wins += 1,
                p if p < 0.25 => wdl.losses += 1,
                _ => wdl.draws += 1,
            }
        }
        wdl
    }

    /// The SPRT's verdict for a match (engine 0 against engine 1).
    pub fn sprt_status(&self) -> Option<SprtStatus> {
        self.sprt.map(|s| s.status(&self.wdl(0, Some(1))))
    }

    /// The referee's mean own time per engine move over this run's games.
    pub fn overhead_per_move(&self) -> Option<Duration> {
        (self.engine_moves > 0).then(|| self.referee_time / self.engine_moves as u32)
    }

    /// Forfeits per engine: `(name, reasons)`.
    fn faults(&self) -> BTreeMap<String, BTreeMap<String, u32>> {
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

    /// The final results as text: score, Elo, LOS, draws, SPRT and faults
    /// for a match; ranking and crosstable for a tournament.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        if self.format == Format::Match {
            let wdl = self.wdl(0, Some(1));
            out += &format!(
                "Score of {} vs {}: {} - {} - {}  [{:.3}] {}\n",
                self.engines[0],
                self.engines[1],
                wdl.wins,
                wdl.losses,
                wdl.draws,
                wdl.score().unwrap_or(0.5),
                wdl.games()
            );
            out += &wdl.describe();
            out.push('\n');
            if let Some(sprt) = &self.sprt {
                out += &sprt.describe(&wdl);
                out.push('\n');
            }
        } else {
            out += &self.ranking();
            out += &self.crosstable();
        }
        for (name, kinds) in self.faults() {
            let list: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
            out += &format!("Forfeits by {name}: {}\n", list.join(", "));
        }
        out += &format!(
            "Games: {} of {} ({} played now, {} from the records file)\n",
            self.games.len(),
            self.scheduled,
            self.played,
            self.resumed
        );
        out
    }

    fn ranking(&self) -> String {
        let width = self
            .engines
            .iter()
            .map(|n| n.len())
            .max()
            .unwrap_or(4)
            .max(4);
        let mut rows: Vec<(usize, Wdl)> = (0..self.engines.len())
            .map(|i| (i, self.wdl(i, None)))
            .collect();
        rows.sort_by(|a, b| {
            let (sa, sb) = (a.1.score().unwrap_or(0.0), b.1.score().unwrap_or(0.0));
            sb.partial_cmp(&sa).unwrap_or(std::cmp::Ordering::Equal)
        });
        let mut out = format!(
            "Rank {:<width$} {:>8} {:>7} {:>6} {:>7} {:>6}\n",
            "Name", "Elo", "+/-", "Games", "Score", "Draw"
        );
        for (rank, (i, wdl)) in rows.iter().enumerate() {
            let elo = match wdl.elo() {
                Some(e) => format!("{:.1}", e + 0.0),
                None if wdl.score() == Some(1.0) => "+inf".into(),
                None if wdl.games() > 0 => "-inf".into(),
                None => "n/a".into(),
            };
            let margin = wdl.elo_margin().map_or("inf".into(), |m| format!("{m:.1}"));
            out += &format!(
                "{:>4} {:<width$} {:>8} {:>7} {:>6} {:>6.1}% {:>5.1}%\n",
                rank + 1,
                self.engines[*i],
                elo,
                margin,
                wdl.games(),
                wdl.score().unwrap_or(0.0) * 100.0,
                wdl.draw_ratio().unwrap_or(0.0) * 100.0
            );
        }
        out
    }

    fn crosstable(&self) -> String {
        let n = self.engines.len();
        let width = self
            .engines
            .iter()
            .map(|n| n.len())
            .max()
            .unwrap_or(4)
            .max(9);
        let mut out = format!(
            "Crosstable (points of the row's engine against the column's / games):\n{:<width$}",
            ""
        );
        for name in &self.engines {
            out += &format!(" {name:>width$}");
        }
        out.push('\n');
        for a in 0..n {
            out += &format!("{:<width$}", self.engines[a]);
            for b in 0..n {
                let cell = if a == b {
                    "-".to_string()
                } else {
                    let wdl = self.wdl(a, Some(b));
                    if wdl.games() == 0 {
                        ".".to_string()
                    } else {
                        format!("{}/{}", wdl.points(), wdl.games())
                    }
                };
                out += &format!(" {cell:>width$}");
            }
            out.push('\n');
        }
        out
    }
}

/// The fingerprint of the settings that make two runs the same event.
fn event_id(config: &EventConfig, openings: &Openings) -> String {
    let engines: Vec<String> = config
        .engines
        .iter()
        .map(|e| {
            format!(
                "{}|{}|{:?}|{:?}|{}|{:?}",
                e.name,
                e.cmd,
                e.args,
                e.dir,
                e.protocol.name(),
                e.options
            )
        })
        .collect();
    // Random openings also depend on the generator: since it became the
    // crate's one SplitMix64 (`crate::rng`), the same seed draws other
    // openings, so records made before cannot be resumed as the same event.
    let openings = match openings {
        Openings::Random { .. } => format!("{openings:?}|rng=splitmix64"),
        _ => format!("{openings:?}"),
    };
    fingerprint(&format!(
        "{}|{:?}|{:?}|{}|{:?}|{}|{}|{}",
        config.name,
        config.format,
        engines,
        config.variant.to_ascii_lowercase(),
        config.rule_options,
        config.time.describe(),
        openings,
        config.max_plies
    ))
}

/// Two distinct elements of a slice, mutably.
fn two_mut<T>(v: &mut [T], a: usize, b: usize) -> Option<(&mut T, &mut T)> {
    if a == b || a >= v.len() || b >= v.len() {
        return None;
    }
    if a < b {
        let (l, r) = v.split_at_mut(b);
        Some((&mut l[a], &mut r[0]))
    } else {
        let (l, r) = v.split_at_mut(a);
        Some((&mut r[0], &mut l[b]))
    }
}

/// What the workers share.
struct Shared {
    games: Vec<GameSummary>,
    records: Option<RecordsFile>,
    error: Option<RefereeError>,
    referee_time: Duration,
    engine_moves: u64,
    played: usize,
}

/// Checks the settings, then plays the event (only the games the records
/// file does not hold yet) and returns the results.
pub fn run_event(config: &EventConfig) -> Result<EventReport, RefereeError> {
    if config.engines.len() < 2 {
        return Err(RefereeError::new("at least two engines are needed"));
    }
    if config.format == Format::Match && config.engines.len() != 2 {
        return Err(RefereeError::new(
            "a match is between exactly two engines (use tournament for more)",
        ));
    }
    for (i, e) in config.engines.iter().enumerate() {
        if config.engines[..i].iter().any(|o| o.name == e.name) {
            return Err(RefereeError::new(format!(
                "two engines are called '{}': give each a name=...",
                e.name
            )));
        }
    }
    if config.games == 0 || config.concurrency == 0 {
        return Err(RefereeError::new(
            "--games and --concurrency must be at least 1",
        ));
    }
    if config.openings != OpeningsConfig::None
        && config
            .engines
            .iter()
            .any(|e| e.protocol == Protocol::Arbiter)
    {
        return Err(RefereeError::new(
            "the arbiter protocol always starts from the start position: openings cannot be used with it",
        ));
    }
    if config.sprt.is_some() && config.format != Format::Match {
        return Err(RefereeError::new(
            "--sprt is for a match between two engines",
        ));
    }

    struct Visit<'a>(&'a EventConfig);
    impl VariantVisitor for Visit<'_> {
        type Output = Result<EventReport, RefereeError>;
        fn visit<G: Game>(self, game: G) -> Self::Output {
            run_with(&game, self.0)
        }
    }
    with_variant(&config.variant, &config.rule_options, Visit(config))?
}

fn run_with<G: Game>(game: &G, config: &EventConfig) -> Result<EventReport, RefereeError> {
    let openings = match &config.openings {
        OpeningsConfig::None => Openings::None,
        OpeningsConfig::Random { plies, seed } => Openings::Random {
            plies: *plies,
            seed: *seed,
        },
        OpeningsConfig::File(path) => Openings::from_file(game, path)?,
    };
    let id = event_id(config, &openings);
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let encounters = encounters(config.format, names.len());
    let scheduled = config.games * encounters.len();

    let mut done: Vec<GameSummary> = Vec::new();
    let records = match &config.records {
        Some(path) => {
            let (file, existing) = RecordsFile::open(path)?;
            for r in existing {
                if r.tag("EventId") != Some(id.as_str()) {
                    continue;
                }
                let (Some(index), Some(result)) = (r.game(), r.result()) else {
                    continue;
                };
                let find = |tag| names.iter().position(|n| Some(n.as_str()) == r.tag(tag));
                let (Some(south), Some(north)) = (find("South"), find("North")) else {
                    continue;
                };
                let p = pairing(&encounters, index);
                if index >= scheduled
                    || (p.south, p.north) != (south, north)
                    || done.iter().any(|g| g.index == index)
                {
                    continue;
                }
                done.push(GameSummary {
                    index,
                    south,
                    north,
                    result,
                    reason: r.tag("Reason").unwrap_or("").to_string(),
                });
            }
            Some(file)
        }
        None => None,
    };
    let resumed = done.len();
    let queue: VecDeque<Pairing> = (0..scheduled)
        .filter(|k| !done.iter().any(|g| g.index == *k))
        .map(|k| pairing(&encounters, k))
        .collect();

    let mut report = EventReport {
        engines: names.clone(),
        format: config.format,
        games: done,
        resumed,
        played: 0,
        scheduled,
        sprt: config.sprt,
        referee_time: Duration::ZERO,
        engine_moves: 0,
    };
    let stop = AtomicBool::new(
        report
            .sprt_status()
            .is_some_and(|s| s != SprtStatus::Continue),
    );
    let progress = Progress::new(scheduled as u64, resumed as u64, config.quiet);
    if resumed > 0 {
        progress.println(&format!(
            "Resuming: {resumed} of {scheduled} games are already in the records file"
        ));
    }
    let settings = GameSettings {
        rule_options: config.rule_options.clone(),
        time: config.time,
        margin: config.margin,
        max_plies: config.max_plies,
        handshake_timeout: config.handshake_timeout,
    };
    let shared = Mutex::new(Shared {
        games: std::mem::take(&mut report.games),
        records,
        error: None,
        referee_time: Duration::ZERO,
        engine_moves: 0,
        played: 0,
    });
    let queue = Mutex::new(queue);
    let options_text = config
        .rule_options
        .iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect::<Vec<_>>()
        .join(" ");
    let workers = config.concurrency.min(lock(&queue).len()).max(1);

    let record_game = |p: &Pairing, g: FinishedGame| {
        let record = Record {
            tags: vec![
                ("Event".into(), config.name.clone()),
                ("EventId".into(), id.clone()),
                ("Game".into(), p.index.to_string()),
                ("Date".into(), now_utc()),
                ("Variant".into(), game.name().to_string()),
                ("Options".into(), options_text.clone()),
                ("TimeControl".into(), config.time.describe()),
                ("South".into(), names[p.south].clone()),
                ("North".into(), names[p.north].clone()),
                ("Opening".into(), g.moves[..g.opening_plies].join(" ")),
                ("Result".into(), g.result.as_str().into()),
                (
                    "Scores".into(),
                    g.scores
                        .map_or("-".into(), |s| format!("{}-{}", s[0], s[1])),
                ),
                ("Reason".into(), g.reason.clone()),
                ("Plies".into(), g.moves.len().to_string()),
            ],
            moves: g.moves.clone(),
        };
        let mut shared = lock(&shared);
        if let Some(file) = shared.records.as_mut() {
            if let Err(e) = file.append(&record) {
                shared.error.get_or_insert(e);
                stop.store(true, Ordering::SeqCst);
                return;
            }
        }
        shared.games.push(GameSummary {
            index: p.index,
            south: p.south,
            north: p.north,
            result: g.result,
            reason: g.reason.clone(),
        });
        shared.played += 1;
        shared.referee_time += g.referee_time;
        shared.engine_moves += (g.moves.len() - g.opening_plies) as u64;
        let view = EventReport {
            games: shared.games.clone(),
            ..report.clone()
        };
        let line = format!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            p.index + 1,
            names[p.south],
            names[p.north],
            g.result.as_str(),
            g.reason
        );
        let status = if config.format == Format::Match {
            let wdl = view.wdl(0, Some(1));
            let elo = wdl.elo().map_or("-".into(), |e| format!("{e:.0}"));
            format!(
                "{} vs {}: {}-{}-{}  Elo {elo}",
                names[0], names[1], wdl.wins, wdl.losses, wdl.draws
            )
        } else {
            String::new()
        };
        progress.game_done(&line, &status);
        if view
            .sprt_status()
            .is_some_and(|s| s != SprtStatus::Continue)
        {
            stop.store(true, Ordering::SeqCst);
        }
    };

    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let mut engines: Vec<Box<dyn Engine>> =
                    config.engines.iter().map(engine::create).collect();
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let Some(p) = lock(&queue).pop_front() else {
                        break;
                    };
                    let opening = openings.for_pair(game, p.opening);
                    let Some((south, north)) = two_mut(&mut engines, p.south, p.north) else {
                        break;
                    };
                    match play_game(game, [&mut **south, &mut **north], &opening, &settings) {
                        Ok(g) => record_game(&p, g),
                        Err(e) => {
                            lock(&shared).error.get_or_insert(e);
                            stop.store(true, Ordering::SeqCst);
                            break;
                        }
                    }
                }
            });
        }
    });
    progress.finish();
    let shared = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = shared.error {
        return Err(e);
    }
    report.games = shared.games;
    report.games.sort_by_key(|g| g.index);
    report.played = shared.played;
    report.referee_time = shared.referee_time;
    report.engine_moves = shared.engine_moves;
    Ok(report)
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn results_are_counted_from_each_side() {
        let report = EventReport {
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
        };
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
        let text = report.summary();
        assert!(text.contains("Crosstable"), "{text}");
        assert!(
            text.lines().nth(1).unwrap().contains(" b "),
            "b ranks first:\n{text}"
        );
    }

    #[test]
    fn two_mut_gives_both_orders() {
        let mut v = vec![1, 2, 3];
        let (a, b) = two_mut(&mut v, 2, 0).unwrap();
        std::mem::swap(a, b);
        assert_eq!(v, vec![3, 2, 1]);
        assert!(two_mut(&mut v, 1, 1).is_none());
    }
}
