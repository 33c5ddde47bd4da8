//! Command-line parsing: each subcommand's arguments live in its own file and
//! translate text into library calls.

mod analyze;
mod bench;
mod perft;
mod setup;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// An engine for the Awale (Oware) family of games.
///
/// With no subcommand, speaks the UCI-like protocol on stdin/stdout
/// (see protocol.md).
#[derive(Parser, Debug)]
#[command(name = "awale", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count legal move paths to a depth, split by root move (divide).
    Perft(perft::PerftArgs),
    /// Search a fixed position set to a fixed depth (speed and signature).
    Bench(bench::BenchArgs),
    /// Analyse a position: one line per completed depth, then the best move.
    Analyze(analyze::AnalyzeArgs),
}

/// Parses the command line and runs what it asks for.
pub fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        None => anyhow::bail!("the protocol loop is not built yet: use a subcommand (see --help)"),
        Some(Command::Perft(args)) => perft::run(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Analyze(args)) => analyze::run(args),
    }
}
