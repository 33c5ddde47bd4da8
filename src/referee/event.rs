//! Running a match or a tournament: the schedule, games in parallel, the
//! records file, resuming, SPRT, and the final tables.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::engine_process::{self, Engine, EngineSpec, GameSetup, Protocol};
use super::game_runner::{play_judged_game, FinishedGame, GameSettings, TimeControl};
use super::openings::Openings;
use super::progress::Progress;
use super::records::{fingerprint, game_number, resumed_games, EventTags, RecordsFile};
use super::report::{EventReport, GameSummary};
use super::resume::open_records;
use super::schedule::{encounters, pairing, Format, Pairing};
use super::stats::{Sprt, SprtStatus};
use super::RefereeError;
use crate::game::{Game, Oracle};
use crate::registry::{self, Variant, Visitor};
use crate::sync::lock;
use crate::tables::loader::Source;

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
    /// The endgame tables that end a game once they know its result
    /// ([`Source::Off`]: none, every game is played out).
    pub adjudication: Source,
    /// Stop a match early when this test decides.
    pub sprt: Option<Sprt>,
    /// The records file, if any.
    pub records: Option<PathBuf>,
    /// Move the bad records of the records file to `FILE.rejected` and
    /// play their games again, instead of refusing the file
    /// ([`super::resume`]).
    pub repair: bool,
    /// No progress bar and no per-game lines.
    pub quiet: bool,
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
    // Records made while the `Game` tag counted from 0 number their games
    // differently: they are another event.
    let openings = format!("{openings}|games=1-based");
    // Games the tables cut short are another event; without adjudication the
    // fingerprint is the one of the records made before it existed.
    let adjudication = match &config.adjudication {
        Source::Off => String::new(),
        source => format!("|tables={source}"),
    };
    fingerprint(&format!(
        "{}|{:?}|{:?}|{}|{:?}|{}|{}|{}{}",
        config.name,
        config.format,
        engines,
        config.variant.to_ascii_lowercase(),
        config.rule_options,
        config.time.describe(),
        openings,
        config.max_plies,
        adjudication
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

impl EventConfig {
    /// How each game of the event is played.
    fn game_settings(&self) -> GameSettings {
        GameSettings {
            rule_options: self.rule_options.clone(),
            time: self.time,
            margin: self.margin,
            max_plies: self.max_plies,
            handshake_timeout: self.handshake_timeout,
        }
    }

    /// Refuses settings that cannot make an event.
    fn check(&self) -> Result<(), RefereeError> {
        if self.engines.len() < 2 {
            return Err(RefereeError::new("at least two engines are needed"));
        }
        if self.format == Format::Match && self.engines.len() != 2 {
            return Err(RefereeError::new(
                "a match is between exactly two engines (use tournament for more)",
            ));
        }
        for (i, e) in self.engines.iter().enumerate() {
            if self.engines[..i].iter().any(|o| o.name == e.name) {
                return Err(RefereeError::new(format!(
                    "two engines are called '{}': give each a name=...",
                    e.name
                )));
            }
        }
        if self.games == 0 || self.concurrency == 0 {
            return Err(RefereeError::new(
                "--games and --concurrency must be at least 1",
            ));
        }
        if self.openings != OpeningsConfig::None
            && self.engines.iter().any(|e| e.protocol == Protocol::Arbiter)
        {
            return Err(RefereeError::new(
                "the arbiter protocol always starts from the start position: openings cannot be used with it",
            ));
        }
        if self.sprt.is_some() && self.format != Format::Match {
            return Err(RefereeError::new(
                "--sprt is for a match between two engines",
            ));
        }
        Ok(())
    }

    /// Settings that work but are probably not what the user wants, for
    /// people: without openings, every pair of games of an encounter starts
    /// from the same position, so deterministic engines repeat their games.
    pub fn warnings(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        if self.openings == OpeningsConfig::None && self.games > 2 {
            warnings.push(format!(
                "no openings: all {} games of each pair of engines start from the start position, \
                 so deterministic engines play the same two games over and over \
                 (use --openings-random K or --openings FILE)",
                self.games
            ));
        }
        warnings
    }
}

/// Checks the settings, then plays the event (only the games the records
/// file does not hold yet) and returns the results.
pub fn run_event(config: &EventConfig) -> Result<EventReport, RefereeError> {
    config.check()?;
    struct Visit<'a>(&'a EventConfig);
    impl Visitor for Visit<'_> {
        type Output = Result<EventReport, RefereeError>;
        fn visit<G: Variant>(self, game: G) -> Self::Output {
            run_with(&game, self.0)
        }
    }
    registry::visit(&config.variant, &config.rule_options, Visit(config))?
}

/// Starts every engine and completes its handshake, before any game: an
/// engine that cannot start (a wrong command, a failed handshake, an option
/// it does not have) stops the event before it is recorded as losing games
/// it never played. Returns the engines, ready for their first game.
fn start_engines(
    config: &EventConfig,
    setup: &GameSetup,
    progress: &Progress,
) -> Result<Vec<Box<dyn Engine>>, RefereeError> {
    let mut engines: Vec<Box<dyn Engine>> =
        config.engines.iter().map(engine_process::create).collect();
    for engine in &mut engines {
        engine.new_game(setup).map_err(|fault| {
            RefereeError::new(format!(
                "engine '{}' cannot play, so no game was started: {fault}",
                engine.name()
            ))
        })?;
        for warning in engine.take_warnings() {
            progress.warn(&format!("engine '{}': {warning}", engine.name()));
        }
    }
    Ok(engines)
}

/// A running event: what its workers read and share.
struct Run<'a, G: Variant> {
    game: &'a G,
    config: &'a EventConfig,
    names: Vec<String>,
    openings: Openings,
    tags: EventTags,
    settings: GameSettings,
    /// The tables that end games they know the winner of (`--adjudicate-tables`).
    judge: Option<Arc<dyn Oracle<G>>>,
    /// The event's fixed facts; its games are in `shared`.
    report: EventReport,
    shared: Mutex<Shared>,
    queue: Mutex<VecDeque<Pairing>>,
    stop: AtomicBool,
    progress: Progress,
}

impl<G: Variant> Run<'_, G> {
    /// Stops the event after the games in progress, keeping the first error.
    fn fail(&self, shared: &mut Shared, error: Option<RefereeError>) {
        if let Some(e) = error {
            shared.error.get_or_insert(e);
        }
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Records a finished game, counts it, shows it and asks the SPRT.
    fn finish_game(&self, p: &Pairing, g: FinishedGame) {
        let names = &self.names;
        let record = self
            .tags
            .record(&names[p.south], &names[p.north], p.index, &g);
        let mut shared = lock(&self.shared);
        if let Some(file) = shared.records.as_mut() {
            if let Err(e) = file.append(&record) {
                // No game finishing later is written after a failed one.
                shared.records = None;
                self.fail(&mut shared, Some(e));
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
            ..self.report.clone()
        };
        let line = format!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            game_number(p.index),
            names[p.south],
            names[p.north],
            g.result.as_str(),
            g.reason
        );
        let status = if self.config.format == Format::Match {
            let wdl = view.wdl(0, Some(1));
            let elo = wdl.elo().map_or("-".into(), |e| format!("{e:.0}"));
            format!(
                "{} vs {}: {}-{}-{}  Elo {elo}",
                names[0], names[1], wdl.wins, wdl.losses, wdl.draws
            )
        } else {
            String::new()
        };
        // Nobody reads the output any more (`awale match | head`): the games
        // in progress end and are recorded, and no new one starts.
        let closed = self.progress.game_done(&line, &status).is_err();
        let decided = view
            .sprt_status()
            .is_some_and(|s| s != SprtStatus::Continue);
        if closed || decided {
            self.fail(&mut shared, None);
        }
    }

    /// Plays games from the queue with its own `engines` until the queue is
    /// empty or the event stops.
    fn worker(&self, mut engines: Vec<Box<dyn Engine>>) {
        while !self.stop.load(Ordering::SeqCst) {
            let Some(p) = lock(&self.queue).pop_front() else {
                break;
            };
            let opening = self.openings.for_pair(self.game, p.opening);
            let Some((south, north)) = two_mut(&mut engines, p.south, p.north) else {
                break;
            };
            let pair: [&mut dyn Engine; 2] = [&mut **south, &mut **north];
            let judge = self.judge.as_deref();
            match play_judged_game(self.game, pair, &opening, &self.settings, judge) {
                Ok(g) => self.finish_game(&p, g),
                Err(e) => {
                    self.fail(&mut lock(&self.shared), Some(e));
                    break;
                }
            }
        }
    }
}

/// The oracle that adjudicates an event's games (`None`: every game is
/// played out), and the problems met opening its tables (refused files,
/// one line each).
type Adjudicator<G> = (Option<Arc<dyn Oracle<G>>>, Vec<String>);

/// The adjudicator of `config` for `game`: an error when
/// `--adjudicate-tables` asks for tables the variant does not have.
fn adjudicator<G: Variant>(game: &G, config: &EventConfig) -> Result<Adjudicator<G>, RefereeError> {
    if config.adjudication == Source::Off {
        return Ok((None, Vec::new()));
    }
    let (oracle, problems) = game.oracle_when_ready(&config.adjudication);
    if oracle.is_none() {
        return Err(RefereeError::new(format!(
            "--adjudicate-tables: {} has no endgame tables (only oware with rule options that tables exist for){}",
            game.name(),
            problems.first().map_or(String::new(), |p| format!("; {p}"))
        )));
    }
    Ok((oracle, problems))
}

fn run_with<G: Variant>(game: &G, config: &EventConfig) -> Result<EventReport, RefereeError> {
    let openings = openings_of(game, config)?;
    let id = event_id(config, &openings);
    let (judge, table_problems) = adjudicator(game, config)?;
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let encounters = encounters(config.format, names.len());
    let scheduled = config.games * encounters.len();

    let (records, done, notes) = resume(config, &id, &names, &encounters, scheduled)?;
    let resumed = done.len();
    let queue: VecDeque<Pairing> = (0..scheduled)
        .filter(|k| !done.iter().any(|g| g.index == *k))
        .map(|k| pairing(&encounters, k))
        .collect();
    let report = EventReport {
        engines: names.clone(),
        format: config.format,
        games: Vec::new(),
        resumed,
        played: 0,
        scheduled,
        sprt: config.sprt,
        referee_time: Duration::ZERO,
        engine_moves: 0,
    };
    let decided = EventReport {
        games: done.clone(),
        ..report.clone()
    }
    .sprt_status()
    .is_some_and(|s| s != SprtStatus::Continue);
    let progress = Progress::new(scheduled as u64, resumed as u64, config.quiet);
    announce(
        &progress,
        config,
        &notes,
        &table_problems,
        resumed,
        scheduled,
    );
    let settings = config.game_settings();
    let first_engines = if queue.is_empty() || decided {
        None
    } else {
        let setup = GameSetup {
            variant: game.name(),
            rule_options: &settings.rule_options,
            handshake_timeout: settings.handshake_timeout,
        };
        Some(start_engines(config, &setup, &progress)?)
    };
    let workers = config.concurrency.min(queue.len()).max(1);
    let run = Run {
        game,
        config,
        names,
        openings,
        tags: event_tags(game, config, id),
        settings,
        judge,
        report,
        shared: Mutex::new(Shared {
            games: done,
            records,
            error: None,
            referee_time: Duration::ZERO,
            engine_moves: 0,
            played: 0,
        }),
        queue: Mutex::new(queue),
        stop: AtomicBool::new(decided),
        progress,
    };
    run.play(workers, first_engines);
    run.into_report()
}

/// What [`resume`] finds: the records file, if any, the games of the event
/// it holds already, and its notes.
type Resumed = (Option<RecordsFile>, Vec<GameSummary>, Vec<String>);

/// The records file, if any, with the games of the event `id` it holds
/// already and its notes (on records moved away or cut off).
fn resume(
    config: &EventConfig,
    id: &str,
    names: &[String],
    encounters: &[(usize, usize)],
    scheduled: usize,
) -> Result<Resumed, RefereeError> {
    Ok(match &config.records {
        Some(path) => {
            let resumed = open_records(path, config.repair)?;
            let done = resumed_games(&resumed.records, id, names, encounters, scheduled);
            (Some(resumed.file), done, resumed.notes)
        }
        None => (None, Vec::new(), Vec::new()),
    })
}

/// The event's openings, read from their file when they have one.
fn openings_of<G: Game>(game: &G, config: &EventConfig) -> Result<Openings, RefereeError> {
    Ok(match &config.openings {
        OpeningsConfig::None => Openings::None,
        OpeningsConfig::Random { plies, seed } => Openings::Random {
            plies: *plies,
            seed: *seed,
        },
        OpeningsConfig::File(path) => Openings::from_file(game, path)?,
    })
}

/// The warnings before the first game: the settings', the records
/// file's notes, the adjudication tables' problems, and how many games a
/// resumed event has already.
fn announce(
    progress: &Progress,
    config: &EventConfig,
    notes: &[String],
    table_problems: &[String],
    resumed: usize,
    scheduled: usize,
) {
    for warning in config.warnings().iter().chain(notes) {
        progress.warn(warning);
    }
    for problem in table_problems {
        progress.warn(&format!("adjudication tables: {problem}"));
    }
    if resumed > 0 {
        // A closed output is noticed by the first finished game.
        let _ = progress.println(&format!(
            "Resuming: {resumed} of {scheduled} games are already in the records file"
        ));
    }
}

/// The tags every record of the event carries, `id` its fingerprint.
fn event_tags<G: Game>(game: &G, config: &EventConfig, id: String) -> EventTags {
    EventTags {
        event: config.name.clone(),
        event_id: id,
        variant: game.name().to_string(),
        options: config
            .rule_options
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
            .join(" "),
        time_control: config.time.describe(),
    }
}

impl<G: Variant> Run<'_, G> {
    /// Plays the queued games on `workers` threads, the first of them with
    /// `first_engines` (already started) when there are some.
    fn play(&self, workers: usize, first_engines: Option<Vec<Box<dyn Engine>>>) {
        std::thread::scope(|scope| {
            let mut first_engines = first_engines;
            for _ in 0..workers {
                let engines = first_engines.take().unwrap_or_else(|| {
                    self.config
                        .engines
                        .iter()
                        .map(engine_process::create)
                        .collect()
                });
                scope.spawn(move || self.worker(engines));
            }
        });
    }

    /// The event's report once its games are over, or its first error.
    fn into_report(self) -> Result<EventReport, RefereeError> {
        self.progress.finish();
        let shared = self.shared.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = shared.error {
            return Err(e);
        }
        let mut report = self.report;
        report.games = shared.games;
        report.games.sort_by_key(|g| g.index);
        report.played = shared.played;
        report.referee_time = shared.referee_time;
        report.engine_moves = shared.engine_moves;
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_cut_short_by_the_tables_are_another_event() {
        let config = EventConfig {
            name: "awale match".into(),
            format: Format::Match,
            engines: vec![
                EngineSpec::parse("cmd=a,name=a").unwrap(),
                EngineSpec::parse("cmd=b,name=b").unwrap(),
            ],
            variant: "oware".into(),
            rule_options: vec![],
            time: TimeControl::Nodes(1000),
            margin: Duration::from_millis(500),
            handshake_timeout: Duration::from_secs(10),
            games: 2,
            concurrency: 1,
            openings: OpeningsConfig::None,
            max_plies: 400,
            adjudication: Source::Off,
            sprt: None,
            records: None,
            repair: false,
            quiet: true,
        };
        let judged = EventConfig {
            adjudication: Source::Default,
            ..config.clone()
        };
        let played_out = event_id(&config, &Openings::None);
        assert_ne!(played_out, event_id(&judged, &Openings::None));
        // Without adjudication the fingerprint is the one records made
        // before the option existed carry, so they still resume.
        assert_eq!(played_out, "1158ac83d49c5378");
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
