//! Command-line parsing: each subcommand's arguments live in its own file and
//! translate text into library calls.

mod match_cmd;
mod perft;
mod play;
mod setup;
mod tournament;

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
    /// Play a match between two engines (Elo, LOS, SPRT, records).
    Match(match_cmd::MatchArgs),
    /// Play a round-robin or gauntlet tournament among engines.
    Tournament(tournament::TournamentArgs),
    /// Play a game in the terminal against the engine (or another person).
    Play(play::PlayArgs),
}

/// Parses the command line and runs what it asks for.
pub fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        None => anyhow::bail!("the protocol loop is not built yet: use a subcommand (see --help)"),
        Some(Command::Perft(args)) => perft::run(args),
        Some(Command::Match(args)) => match_cmd::run(args),
        Some(Command::Tournament(args)) => tournament::run(args),
        Some(Command::Play(args)) => play::run(args),
    }
}
