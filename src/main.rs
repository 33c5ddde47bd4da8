//! The `awale` binary: the protocol loop by default, or one of the tools.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    // Logging is off unless RUST_LOG asks for it, and always goes to stderr:
    // stdout belongs to the protocol.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("off"))
        .target(env_logger::Target::Stderr)
        .init();
    match cli::run() {
        Ok(code) => code,
        // The reader of our output has gone (`| head`): nothing to say.
        Err(err) if cli::output::is_closed_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
