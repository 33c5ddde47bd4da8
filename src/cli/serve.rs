//! `awale serve`: the web board (see docs/web.md).

use std::process::ExitCode;

use clap::Args;

use awale::book::{self, Book};
use awale::registry::Evaluation;
use awale::tables::loader::Source;
use awale::web::connections::Limits;
use awale::web::limit::DEFAULT_SEARCHES;
use awale::web::{self, ServeOptions};

/// Arguments of `awale serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The port to listen on (0: any free port, printed at start).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Open the page in a browser (xdg-open).
    #[arg(long)]
    open: bool,
    /// Where the endgame tables are: a directory, `<default>` or `<none>`.
    #[arg(long, value_name = "DIR", default_value = "<default>")]
    tables: String,
    /// The opening book of the engine's moves at the hard level: `<builtin>`,
    /// a book file made by `awale book build`, or `<none>` to always search.
    #[arg(long, value_name = "BOOK", default_value = book::BUILTIN)]
    book: String,
    /// The most searches run at once, all games together (each takes a
    /// thread and 16 MB); a request past it waits 2 s, then gets 503.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SEARCHES,
          value_parser = clap::value_parser!(u16).range(1..=1024))]
    max_searches: u16,
    /// Seconds a client has to send a request's headers, from the opening
    /// of its connection or the end of its previous request; the
    /// connection is closed past them.
    #[arg(long, value_name = "SECS", default_value_t = Limits::default().header_timeout.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    header_timeout: u64,
    /// Seconds a client has to send a request's body once its headers are
    /// in; 408 past them.
    #[arg(long, value_name = "SECS", default_value_t = Limits::default().body_timeout.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    body_timeout: u64,
    /// The most connections open at once (more wait to be accepted);
    /// lowered to half the process's file-descriptor limit.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_connections as u32,
          value_parser = clap::value_parser!(u32).range(1..=65536))]
    max_connections: u32,
}

/// Serves until Ctrl-C or SIGTERM.
/// `eval` is the evaluation the engine plays with (`--eval`).
pub fn run(args: ServeArgs, eval: Evaluation) -> anyhow::Result<ExitCode> {
    let tables = Source::parse(&args.tables).map_err(|e| anyhow::anyhow!("--tables: {e}"))?;
    let book = match args.book.trim() {
        "<none>" => None,
        spec => Some(Book::open(spec).map_err(|e| anyhow::anyhow!("--book: {e}"))?),
    };
    web::serve(ServeOptions {
        host: args.host,
        port: args.port,
        open: args.open,
        tables,
        book,
        eval,
        max_searches: usize::from(args.max_searches),
        limits: Limits {
            header_timeout: std::time::Duration::from_secs(args.header_timeout),
            body_timeout: std::time::Duration::from_secs(args.body_timeout),
            max_connections: args.max_connections as usize,
        },
    })?;
    Ok(ExitCode::SUCCESS)
}
