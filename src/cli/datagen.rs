//! `awale datagen`: self-play training data into a file that can be
//! stopped and resumed, or (`--stats FILE`) a summary of such a file.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{anyhow, bail, Context};
use clap::Args;
use indicatif::ProgressBar;

use awale::datagen::{self, Event, Job, Reader, Settings, Stats, Summary};
use awale::registry::Capabilities;
use awale::registry::Evaluation;
use awale::tables::loader::Source;
use awale::tables::{self, EndgameTables, Rules};
use awale::variants::oware::Oware;

use super::progress_bar::progress_bar;
use super::setup::RulesArgs;

/// Arguments of `awale datagen`.
#[derive(Args, Debug)]
#[command(mut_arg("variant", |a| super::setup::only_where(a, |e| e.training_data, "its records pack the 12 holes of oware")))]
pub struct DatagenArgs {
    /// The file to write; an existing one made with the same settings is
    /// resumed (only the missing games are played).
    #[arg(long, value_name = "FILE", required_unless_present = "stats")]
    out: Option<PathBuf>,
    /// Games wanted in the file (indices 0 to N-1).
    #[arg(long, value_name = "N", required_unless_present = "stats")]
    games: Option<u32>,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Uniformly random plies at the start of each game.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(0..=100))]
    random_plies: u32,
    /// Plies after which a game is stopped (each side then collects the
    /// seeds on its own side).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    max_plies: u32,
    /// Seed of the random plies (game i's opening depends on it and i only).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// Transposition table of each game's search, in MB.
    #[arg(long = "hash", value_name = "MB", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=1024))]
    hash_mb: u32,
    /// Where the endgame tables are: a directory, `<default>` or `<none>`
    /// (the levels up to 10 are built in memory where no file has them).
    #[arg(long, value_name = "DIR", default_value = "<default>")]
    tables: String,
    // The variant (only oware for now) and its rule options.
    #[command(flatten)]
    rules: RulesArgs,
    /// No progress bar and no summary.
    #[arg(long)]
    quiet: bool,
    /// Print what FILE holds (games, positions, results, table coverage)
    /// instead of generating.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["out", "games"])]
    stats: Option<PathBuf>,
}

/// Runs `awale datagen`.
/// `eval` is the evaluation the games are played with (`--eval`).
pub fn run(args: DatagenArgs, eval: &Evaluation) -> anyhow::Result<ExitCode> {
    if let Some(path) = &args.stats {
        return stats(path);
    }
    if !awale::registry::is_variant::<Oware>(&args.rules.variant) {
        bail!(
            "--variant {}: datagen supports only oware for now (its records pack the 12 holes of oware)",
            args.rules.variant
        );
    }
    let out = args
        .out
        .clone()
        .ok_or_else(|| anyhow!("--out is required"))?;
    let games = args.games.ok_or_else(|| anyhow!("--games is required"))?;
    let pairs = args.rules.option_pairs()?;
    let mut game: Oware = awale::registry::configured(&pairs)?;
    game.set_evaluation(eval);
    let tables = open_tables(&args.tables, &game)?;
    let job = Job {
        out: &out,
        games,
        threads: args
            .threads
            .map_or_else(rayon::current_num_threads, |t| t as usize),
        game,
        settings: Settings {
            nodes: args.nodes,
            random_plies: args.random_plies,
            max_plies: args.max_plies,
            seed: args.seed,
            hash_mb: args.hash_mb as usize,
        },
        tables,
    };
    let bar = progress_bar(
        !args.quiet && std::io::stderr().is_terminal(),
        u64::from(games),
        "[{bar:30}] {pos}/{len} games, {msg}, {elapsed} elapsed, ETA {eta}",
    );
    let summary =
        generate(&job, &bar).with_context(|| format!("datagen into {}", out.display()))?;
    bar.finish_and_clear();
    if !args.quiet {
        eprintln!(
            "{}: {} games played ({} positions), {} games in the file",
            out.display(),
            summary.played,
            summary.positions,
            summary.games_in_file
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The endgame tables of `--tables` for the rules of `game`, their
/// warnings printed.
fn open_tables(spec: &str, game: &Oware) -> anyhow::Result<Option<Arc<EndgameTables>>> {
    let source = Source::parse(spec).map_err(|e| anyhow!("--tables: {e}"))?;
    Ok(match &source {
        Source::Off => None,
        Source::Default => Some(tables::open(None, Rules::of(game))),
        Source::Dir(dir) => Some(tables::open(Some(dir), Rules::of(game))),
    }
    .map(|(tables, warnings)| {
        for w in warnings {
            eprintln!("warning: {w}");
        }
        Arc::new(tables)
    }))
}

/// Plays the job's games, its events shown on `bar`.
fn generate(job: &Job, bar: &ProgressBar) -> Result<Summary, datagen::Error> {
    let mut positions = 0u64;
    datagen::run(job, &mut |event| match event {
        Event::Truncated { why, bytes, games } => {
            let games = match games {
                1 => "1 game".to_string(),
                n => format!("{n} games"),
            };
            bar.suspend(|| {
                eprintln!(
                    "warning: {}: {why}; cut there: {bytes} bytes, {games} (the damaged one \
                     and all after it), which are played again",
                    job.out.display()
                )
            });
        }
        Event::Resumed {
            games: done,
            positions: p,
        } => {
            positions = p;
            bar.set_position(done as u64);
            bar.reset_eta();
        }
        Event::Planned { todo } => {
            bar.set_length(bar.position() + todo as u64);
            bar.set_message(format!("{positions} positions"));
        }
        Event::Written { positions: p, .. } => {
            positions += p as u64;
            bar.inc(1);
            bar.set_message(format!("{positions} positions"));
        }
    })
}

/// Prints the summary of a file on stdout.
fn stats(path: &std::path::Path) -> anyhow::Result<ExitCode> {
    let reader = Reader::open(path)?;
    let h = reader.header().clone();
    let stats = Stats::of(reader).map_err(|e| e.in_file(path))?;
    super::stdout::line(format!(
        "{}: {} ({}), {} nodes per move, {} random plies, at most {} plies, seed {}, tables {}",
        path.display(),
        h.variant,
        h.rules,
        h.nodes,
        h.random_plies,
        h.max_plies,
        h.seed,
        h.tables.map_or("none".to_string(), |n| format!("0-{n}"))
    ))?;
    for line in stats.lines() {
        super::stdout::line(line)?;
    }
    Ok(ExitCode::SUCCESS)
}
