//! `awale arbiter`: the class-harness protocol (one line per turn).

use std::io;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::Args;

use awale::protocol::arbiter::{self, Config};
use awale::registry;
use awale::registry::Evaluation;

/// Arguments of `awale arbiter`.
#[derive(Args, Debug)]
pub struct ArbiterArgs {
    /// The variant to play.
    #[arg(long, default_value = awale::registry::DEFAULT.name, value_parser = clap::builder::PossibleValuesParser::new(awale::registry::NAMES))]
    variant: String,
    /// Thinking time per move in milliseconds, never exceeded [default: 800
    /// for transparent96, whose referee allows 1 s per move; 2000 otherwise].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    movetime: Option<u64>,
    /// An option NAME=VALUE as in `setoption` (repeatable): rule options such
    /// as GrandSlam=capture or Notation=numbers, or Hash, Threads, Skill, Level, Seed.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Where the endgame tables are: a directory, `<default>` or `<none>`
    /// (the `Tables` option).
    #[arg(long, value_name = "DIR")]
    tables: Option<String>,
    /// The engine's strength (the `Skill` option): a step from 0 (random)
    /// to 20 (full), a step's word, or easy, medium, hard.
    #[arg(long, value_name = "STEP")]
    level: Option<String>,
}

/// Plays one game on stdin/stdout; exit status 0, or 1 after an invalid move.
/// `eval` is the evaluation the engine plays with (`--eval`; an `EvalFile`
/// option replaces it).
pub fn run(args: ArbiterArgs, eval: Evaluation) -> anyhow::Result<ExitCode> {
    let mut options = super::setup::option_pairs(&args.options)?;
    if let Some(tables) = args.tables {
        options.push(("Tables".to_string(), tables));
    }
    if let Some(level) = args.level {
        options.push(("Skill".to_string(), level));
    }
    let movetime = args
        .movetime
        .unwrap_or_else(|| default_movetime(&args.variant));
    let config = Config::new(
        &args.variant,
        &options,
        Duration::from_millis(movetime),
        eval,
    )
    .context("arbiter")?;
    let stdin = io::stdin();
    let mut stdout = io::stdout();
    let outcome = arbiter::run(&config, stdin.lock(), &mut stdout)?;
    log::info!("arbiter: {outcome:?}");
    Ok(ExitCode::from(outcome.exit_code()))
}

/// The time per move in milliseconds when `--movetime` is not given: the
/// variant's registry entry says it (the referee it is played for sets
/// it); 2000 ms, which the earlier course referees' 3 s allowed, for a
/// name the registry does not know.
fn default_movetime(variant: &str) -> u64 {
    registry::find(variant).map_or(2000, |e| e.arbiter_movetime_ms)
}

#[cfg(test)]
mod tests {
    use super::default_movetime;

    #[test]
    fn transparent96_defaults_below_its_one_second_limit() {
        assert_eq!(default_movetime("transparent96"), 800);
        assert_eq!(default_movetime("Transparent96"), 800);
        assert_eq!(default_movetime("oware"), 2000);
        assert_eq!(default_movetime("transparent80"), 2000);
    }
}
