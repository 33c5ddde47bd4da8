//! `awale arbiter`: the class-harness protocol (one line per turn).

use std::io;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::Args;

use awale::protocol::arbiter::{self, Config};

/// Arguments of `awale arbiter`.
#[derive(Args, Debug)]
pub struct ArbiterArgs {
    /// The variant to play.
    #[arg(long, default_value = "oware", value_parser = clap::builder::PossibleValuesParser::new(awale::variants::NAMES))]
    variant: String,
    /// Thinking time per move in milliseconds, never exceeded.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    movetime: u64,
    /// An option NAME=VALUE as in `setoption` (repeatable): rule options such
    /// as GrandSlam=capture or Notation=numbers, or Hash, Threads, Level, Seed.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
}

/// Plays one game on stdin/stdout; exit status 0, or 1 after an invalid move.
pub fn run(args: ArbiterArgs) -> anyhow::Result<ExitCode> {
    let options = super::setup::option_pairs(&args.options)?;
    let config = Config::new(
        &args.variant,
        &options,
        Duration::from_millis(args.movetime),
    )
    .context("arbiter")?;
    let stdin = io::stdin();
    let mut stdout = io::stdout();
    let outcome = arbiter::run(&config, stdin.lock(), &mut stdout)?;
    log::info!("arbiter: {outcome:?}");
    Ok(ExitCode::from(outcome.exit_code()))
}
