//! `awale uci` (and `awale` alone): the protocol loop on stdin/stdout.

use std::io::IsTerminal;
use std::process::ExitCode;

use anyhow::anyhow;
use clap::Args;

use awale::protocol::session::Settings;
use awale::registry::Evaluation;
use awale::tables::loader::Source;

/// Arguments of `awale uci`.
#[derive(Args, Debug, Default)]
pub struct UciArgs {
    /// Where the endgame tables are, as the `Tables` option takes it: a
    /// directory, `<default>` (see docs/tables.md) or `<none>`.
    #[arg(long, value_name = "DIR")]
    tables: Option<String>,
}

/// What a person who started the protocol loop at a terminal is told.
const NEWCOMER_HINT: &str = "This is the engine protocol, for GUIs and referees (type 'help' for its commands, 'quit' to leave).\n\
To play against the engine: 'awale play' in the terminal, or 'awale serve --open' for the board in a browser.";

impl UciArgs {
    /// Whether any argument was given (they only apply to the protocol loop).
    pub fn given(&self) -> bool {
        self.tables.is_some()
    }
}

/// Speaks the protocol until `quit` or the end of the input; exits with 0.
/// `eval` is the evaluation `EvalFile` starts from (`--eval`).
pub fn run(args: UciArgs, eval: Evaluation) -> anyhow::Result<ExitCode> {
    let mut settings = Settings {
        eval,
        ..Settings::default()
    };
    if let Some(tables) = &args.tables {
        settings.tables = Source::parse(tables).map_err(|e| anyhow!("--tables: {e}"))?;
    }
    if std::io::stdin().is_terminal() {
        // A person at the keyboard, not a GUI: say where the game is, on
        // stderr so that stdout stays the protocol's.
        eprintln!("{NEWCOMER_HINT}");
    }
    awale::protocol::engine::run_stdio(settings)?;
    Ok(ExitCode::SUCCESS)
}
