//! `awale uci` (and `awale` alone): the protocol loop on stdin/stdout.

use std::process::ExitCode;

use clap::Args;

/// Arguments of `awale uci` (none).
#[derive(Args, Debug, Default)]
pub struct UciArgs {}

/// Speaks the protocol until `quit` or the end of the input; exits with 0.
pub fn run(_args: UciArgs) -> anyhow::Result<ExitCode> {
    awale::protocol::engine::run_stdio()?;
    Ok(ExitCode::SUCCESS)
}
