//! `awale tournament`: a round-robin (or gauntlet) among several engines.

use std::process::ExitCode;

use clap::Args;

use super::match_cmd::{print_report, EventArgs};
use awale::referee::event::run_event;
use awale::referee::schedule::Format;

/// Arguments of `awale tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// The first engine plays each of the others (instead of everyone playing everyone).
    #[arg(long)]
    gauntlet: bool,
    #[command(flatten)]
    event: EventArgs,
}

/// Plays the tournament and prints the ranking and the crosstable.
pub fn run(args: TournamentArgs) -> anyhow::Result<ExitCode> {
    let format = if args.gauntlet {
        Format::Gauntlet
    } else {
        Format::RoundRobin
    };
    let config = args.event.config(format)?;
    let report = run_event(&config)?;
    print_report(&report)?;
    Ok(ExitCode::SUCCESS)
}
