//! `awale match`: two engines play a series of games; and the event
//! arguments `awale tournament` shares.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{anyhow, bail, Context};
use clap::Args;

use awale::referee::engine_process::EngineSpec;
use awale::referee::event::{run_event, EventConfig, OpeningsConfig};
use awale::referee::game_runner::TimeControl;
use awale::referee::report::EventReport;
use awale::referee::schedule::Format;
use awale::referee::stats::Sprt;
use awale::tables::loader::Source;

/// The settings of a match or tournament.
#[derive(Args, Debug, Clone)]
pub struct EventArgs {
    /// An engine: cmd=PROGRAM[,name=NAME][,dir=DIR][,proto=uci|aalina|arbiter][,arg=ARG...][,option.NAME=VALUE...]
    #[arg(long = "engine", value_name = "SPEC", required = true)]
    pub engines: Vec<String>,
    /// The variant played.
    #[arg(long, default_value = awale::registry::DEFAULT.name, value_parser = clap::builder::PossibleValuesParser::new(awale::registry::NAMES))]
    pub variant: String,
    /// A rule option of the variant, NAME=VALUE (repeatable), sent to every engine.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Time per move in milliseconds (the default, 100, unless --tc is given).
    #[arg(long, value_name = "MS", conflicts_with_all = ["tc", "nodes"])]
    pub movetime: Option<u64>,
    /// Search nodes per move instead of time (`go nodes N`): games that do not
    /// depend on the machine's load, for strength tests on a busy machine.
    #[arg(long, value_name = "N", conflicts_with = "tc")]
    pub nodes: Option<u64>,
    /// A clock per player: BASE+INC in seconds, e.g. 10+0.1.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<String>,
    /// How late past its time a move may come before it loses on time, in
    /// ms; with --tc, time taken past the clock uses the margin up until
    /// increments pay it back.
    #[arg(long, value_name = "MS", default_value_t = 500)]
    pub timemargin: u64,
    /// How long an engine may take to answer uci/isready, in ms.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub handshake_timeout: u64,
    /// Games per pair of engines (the length of a match).
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Start each pair of games with K random plies (drawn from --seed).
    #[arg(long, value_name = "K", conflicts_with = "openings")]
    pub openings_random: Option<usize>,
    /// Start each pair of games with a line of this file (one move sequence per line).
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// The seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Adjudicate a game after this many plies (each side collects its own seeds).
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    /// End a game as soon as the endgame tables know its winner under perfect
    /// play: tables from DIR, or `<default>` (the default directory; levels up
    /// to 10 seeds are built in memory where no file has them). Oware only.
    #[arg(long, value_name = "DIR")]
    pub adjudicate_tables: Option<String>,
    /// Stop when a sequential test decides: elo0=0,elo1=10,alpha=0.05,beta=0.05.
    #[arg(long, value_name = "SPEC")]
    pub sprt: Option<String>,
    /// Append every finished game to this file; rerunning resumes from it,
    /// after checking every record in it with the rules (a bad record
    /// stops the event, the file unchanged, unless --repair).
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// With --records: move bad records (damaged, or not a game the rules
    /// allow) to FILE.rejected and play their games again.
    #[arg(long, requires = "records")]
    pub repair: bool,
    /// The event's name (the records' Event tag).
    #[arg(long)]
    pub event: Option<String>,
    /// No progress bar and no line per game: only the final results.
    #[arg(long)]
    pub quiet: bool,
}

impl EventArgs {
    /// The library's event settings.
    pub fn config(&self, format: Format) -> anyhow::Result<EventConfig> {
        let engines = self
            .engines
            .iter()
            .map(|e| EngineSpec::parse(e).map_err(|err| anyhow!("--engine: {err}")))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let rule_options = super::setup::option_pairs(&self.options)?;
        let time = match (&self.tc, self.movetime, self.nodes) {
            (Some(tc), _, _) => TimeControl::parse_clock(tc).context("--tc")?,
            (None, _, Some(0)) => bail!("--nodes must be at least 1"),
            (None, _, Some(n)) => TimeControl::Nodes(n),
            (None, Some(0), None) => bail!("--movetime must be at least 1 ms"),
            (None, ms, None) => TimeControl::MoveTime(Duration::from_millis(ms.unwrap_or(100))),
        };
        let openings = match (&self.openings, self.openings_random) {
            (Some(path), _) => OpeningsConfig::File(path.clone()),
            (None, Some(plies)) => OpeningsConfig::Random {
                plies,
                seed: self.seed,
            },
            (None, None) => OpeningsConfig::None,
        };
        let sprt = match &self.sprt {
            Some(text) => Some(Sprt::parse(text)?),
            None => None,
        };
        let name = self.event.clone().unwrap_or_else(|| match format {
            Format::Match => "awale match".into(),
            Format::RoundRobin => "awale tournament".into(),
            Format::Gauntlet => "awale gauntlet".into(),
        });
        let adjudication = match &self.adjudicate_tables {
            Some(text) => {
                match Source::parse(text).map_err(|e| anyhow!("--adjudicate-tables: {e}"))? {
                    Source::Off => bail!(
                        "--adjudicate-tables: give a table directory or {}",
                        Source::DEFAULT
                    ),
                    source => source,
                }
            }
            None => Source::Off,
        };
        Ok(EventConfig {
            name,
            format,
            engines,
            variant: self.variant.clone(),
            rule_options,
            time,
            margin: Duration::from_millis(self.timemargin),
            handshake_timeout: Duration::from_millis(self.handshake_timeout),
            games: self.games,
            concurrency: self.concurrency,
            openings,
            max_plies: self.max_plies,
            adjudication,
            sprt,
            records: self.records.clone(),
            repair: self.repair,
            quiet: self.quiet,
        })
    }
}

/// Prints the results of a finished event.
pub fn print_report(report: &EventReport) -> std::io::Result<()> {
    let mut text = format!("\n{}", report.summary());
    if let Some(t) = report.overhead_per_move() {
        text += &format!(
            "Referee overhead: {:.1} us per engine move ({} moves)\n",
            t.as_secs_f64() * 1e6,
            report.engine_moves
        );
    }
    super::stdout::line(text.trim_end_matches('\n'))
}

/// Arguments of `awale match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    event: EventArgs,
}

/// Plays the match and prints the score, Elo, LOS, draw ratio and SPRT.
pub fn run(args: MatchArgs) -> anyhow::Result<ExitCode> {
    let config = args.event.config(Format::Match)?;
    let report = run_event(&config)?;
    print_report(&report)?;
    Ok(ExitCode::SUCCESS)
}
