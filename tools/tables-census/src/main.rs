//! awale-census: measurements of the endgame tables of `awale-core`, kept
//! out of the engine. Each subcommand prints one line per number of seeds
//! on the board; docs/tables.md and BENCHMARKS.md give the results and the
//! commands that reproduce them, e.g.
//! `cargo run --release -p awale-census -- witness --max-seeds 12`.

mod every_history;
mod fixpoint;
mod probe_cost;
mod under_history;
mod witness;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use awale_core::tables::index::MAX_SEEDS;
use awale_core::tables::{EndgameTables, Progress, Rules};
use clap::builder::RangedU64ValueParser;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "awale-census",
    about = "Measurements of awale's endgame tables (default rules, built in memory)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// A number of seeds on the board a table can hold.
fn seeds() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(0..=MAX_SEEDS as u64)
}

/// A count of at least one.
fn positive() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(1..)
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Positions a witness proves inexact (a history changes their value)
    /// against those the tables mark exact, and what a plain minimax settles.
    Witness {
        #[arg(long, default_value_t = 0, value_parser = seeds())]
        min_seeds: usize,
        #[arg(long, default_value_t = 12, value_parser = seeds())]
        max_seeds: usize,
    },
    /// Sampled positions two random histories prove inexact, by bounds
    /// under each whole history.
    History {
        #[arg(long, default_value_t = 3, value_parser = seeds())]
        min_seeds: usize,
        #[arg(long, default_value_t = 8, value_parser = seeds())]
        max_seeds: usize,
        /// Positions sampled for each number of seeds.
        #[arg(long, default_value_t = 200, value_parser = positive())]
        sample: usize,
    },
    /// Every history of every position from 1 seed up, each valued by the
    /// exhaustive reference search: the true exact share.
    EveryHistory {
        #[arg(long, default_value_t = 3, value_parser = seeds())]
        max_seeds: usize,
        /// Histories valued at most for one position.
        #[arg(long, default_value_t = 20_000, value_parser = positive())]
        cap: usize,
        /// Positions for each number of seeds, evenly spread [default: all].
        #[arg(long, value_parser = positive())]
        sample: Option<usize>,
    },
    /// The builder's statistics and time for each number of seeds, from 0 up.
    BuildStats {
        #[arg(long, default_value_t = 16, value_parser = seeds())]
        max_seeds: usize,
    },
    /// The cost of a probe as the search makes it, in nanoseconds.
    ProbeCost {
        /// Measure the table files of DIR (up to 24 seeds) instead of
        /// tables built in memory.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        /// The seeds on the board up to which tables are built in memory
        /// when no DIR is given.
        #[arg(long, default_value_t = 12, value_parser = seeds())]
        max_seeds: usize,
        /// Random covered positions probed.
        #[arg(long, default_value_t = 1_000_000, value_parser = RangedU64ValueParser::<usize>::new().range(10..))]
        positions: usize,
        /// Rounds of the probes of children, with and without a prefetch.
        #[arg(long, default_value_t = 15, value_parser = positive())]
        rounds: usize,
    },
}

/// The builder's statistics of seed counts `0..=max`, with the time each took.
fn build_stats(max: usize, out: &mut dyn Write) -> io::Result<()> {
    let mut tables = EndgameTables::empty(Rules::default());
    for n in 0..=max {
        let t = Instant::now();
        let s = tables.build_seed_count(n, &Progress::default(), false);
        writeln!(out, "{n:2} {s:?} {:.2}s", t.elapsed().as_secs_f64())?;
    }
    Ok(())
}

fn run(command: Command, out: &mut dyn Write) -> io::Result<()> {
    match command {
        Command::Witness {
            min_seeds,
            max_seeds,
        } => witness::witness_census(min_seeds, max_seeds, out),
        Command::History {
            min_seeds,
            max_seeds,
            sample,
        } => under_history::history_census(min_seeds, max_seeds, sample, out),
        Command::EveryHistory {
            max_seeds,
            cap,
            sample,
        } => every_history::every_history_census(max_seeds, cap, sample.unwrap_or(usize::MAX), out),
        Command::BuildStats { max_seeds } => build_stats(max_seeds, out),
        Command::ProbeCost {
            dir,
            max_seeds,
            positions,
            rounds,
        } => probe_cost::probe_cost(dir.as_deref(), max_seeds, positions, rounds, out),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match run(cli.command, &mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("awale-census: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The command `args` (after the program's name) parse to, as Debug
    /// writes it.
    fn parsed(args: &[&str]) -> String {
        let cli = Cli::try_parse_from(["awale-census"].iter().chain(args)).unwrap();
        format!("{:?}", cli.command)
    }

    #[test]
    fn the_arguments_have_the_documented_defaults() {
        assert_eq!(
            parsed(&["history"]),
            "History { min_seeds: 3, max_seeds: 8, sample: 200 }"
        );
        assert_eq!(
            parsed(&["every-history"]),
            "EveryHistory { max_seeds: 3, cap: 20000, sample: None }"
        );
        assert_eq!(
            parsed(&["witness", "--max-seeds", "5"]),
            "Witness { min_seeds: 0, max_seeds: 5 }"
        );
        assert!(Cli::try_parse_from(["awale-census", "witness", "--max-seeds", "32"]).is_err());
        assert!(Cli::try_parse_from(["awale-census", "history", "--sample", "0"]).is_err());
    }

    #[test]
    fn build_stats_prints_a_line_for_each_number_of_seeds() {
        let mut out = Vec::new();
        build_stats(4, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap().lines().count(), 5);
    }
}
