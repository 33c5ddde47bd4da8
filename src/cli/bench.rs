//! `awale bench`: the fixed search benchmark and signature.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use clap::Args;

use awale::registry::Evaluation;

/// Arguments of `awale bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Depth of every search (default: the bench's own).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=(awale::search::limits::MAX_DEPTH as i64)))]
    depth: Option<u32>,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=(awale::protocol::options::MAX_THREADS as i64)))]
    threads: u32,
    /// Transposition table size in MB.
    #[arg(long = "hash", value_name = "MB", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=(awale::protocol::options::MAX_HASH_MB as i64)))]
    hash_mb: u32,
}

/// Runs the bench, printing a line per position and the total.
/// `eval` is the `oware` evaluation (`--eval`).
pub fn run(args: BenchArgs, eval: &Evaluation) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    // Nothing stops a bench run from the command line.
    let never = AtomicBool::new(false);
    awale::bench::run(
        args.depth,
        args.threads as usize,
        args.hash_mb as usize,
        eval,
        &never,
        &mut out,
    )?;
    Ok(ExitCode::SUCCESS)
}
