//! Command-line parsing: each subcommand's arguments live in its own file and
//! translate text into library calls.

mod analyze;
mod analyze_game;
mod arbiter;
mod bench;
mod book;
mod datagen;
mod json_score;
mod match_cmd;
mod perft;
mod play;
mod progress_bar;
mod records;
mod serve;
mod setup;
pub mod stdout;
mod tables;
mod tournament;
mod tune;
mod uci;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use awale::registry::Evaluation;

/// An engine for the Awale (Oware) family of games.
///
/// With no subcommand, speaks the UCI-like protocol on stdin/stdout
/// (see protocol.md).
#[derive(Parser, Debug)]
#[command(name = "awale", version, about, long_about = None)]
struct Cli {
    /// The evaluation's weights: a weight file made by `awale tune`, or
    /// `<fitted>` (the built-in network), `<linear>` (its linear weights
    /// alone) or `<hand-set>` for the built-in ones (default: `<fitted>`).
    /// A file that fails its checks is an error.
    #[arg(long, global = true, value_name = "FILE")]
    eval: Option<String>,
    /// The protocol loop's arguments, for `awale` with no subcommand
    /// (`awale --tables DIR` as `awale uci --tables DIR`).
    #[command(flatten)]
    uci: uci::UciArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Speak the UCI-like protocol on stdin/stdout (the default).
    ///
    /// The engine reads commands, one per line, and answers on stdout:
    /// `uci` (identity and options, then `uciok`), `isready`, `setoption name
    /// <name> value <value>`, `position startpos|fen <position> [moves ...]`,
    /// `go [ponder] [depth|nodes|movetime|wtime|btime|winc|binc|movestogo
    /// <n>] [infinite] [searchmoves <move>...]` (answered by `info` lines and
    /// `bestmove`), `stop`,
    /// `ponderhit`, `quit`,
    /// and the extensions `d`, `eval`, `perft <depth>`, `bench [depth]` and
    /// `help`. The whole protocol is described in protocol.md.
    Uci(uci::UciArgs),
    /// Play one game in the class-harness protocol (one line per turn).
    ///
    /// Each line read is the opponent's move; the engine answers with its
    /// own move on one line, within --movetime. The first line `START` makes
    /// the engine play first. When a move ends the game the engine prints
    /// `RESULT <move> <south total> <north total>` and exits; an illegal
    /// move from the opponent gets `RESULT invalid <move>` (exit status 1),
    /// and a line containing `RESULT` ends the game at once. See the
    /// class-harness section of protocol.md.
    Arbiter(arbiter::ArbiterArgs),
    /// Count legal move paths to a depth, split by root move (divide).
    Perft(perft::PerftArgs),
    /// Search a fixed position set to a fixed depth (speed and signature).
    Bench(bench::BenchArgs),
    /// Analyse a position: one line per completed depth, then the best
    /// move; or, with --game FILE, every move of a game, written as OGN
    /// with a comment per move (--json: as JSON).
    Analyze(analyze::AnalyzeArgs),
    /// Play a match between two engines (Elo, LOS, SPRT, records).
    Match(match_cmd::MatchArgs),
    /// Play a round-robin or gauntlet tournament among engines.
    Tournament(tournament::TournamentArgs),
    /// Play a game in the terminal against the engine (or another person).
    Play(play::PlayArgs),
    /// Build the endgame tables of `oware`, or probe a position with them.
    ///
    /// `tables build --max-seeds N` writes one file per number of seeds on
    /// the board; `tables probe --position P` prints the value of a position
    /// and of each move. See docs/tables.md.
    Tables(tables::TablesArgs),
    /// Write self-play training data (positions, search scores, results,
    /// table values), resumable; or summarise such a file with --stats.
    ///
    /// `datagen --out FILE --games N` plays the games of indices 0 to N-1
    /// missing from FILE, in parallel, and appends them in order; see
    /// docs/datagen.md for the format.
    Datagen(datagen::DatagenArgs),
    /// Serve the web board: a page and its JSON API (see docs/web.md).
    ///
    /// Binds 127.0.0.1:8080 unless told otherwise and prints
    /// `listening on http://HOST:PORT/`; Ctrl-C stops it.
    Serve(serve::ServeArgs),
    /// Build an opening book, probe a position in one, or check one.
    ///
    /// `book build --out FILE` searches the first plies from the start and
    /// writes the moves worth playing with their scores; `book probe`
    /// shows a position's book moves; `book check` walks a book from the
    /// start and checks every move. See docs/book.md.
    Book(book::BookArgs),
    /// Fit the evaluation's weights to `datagen` data (oware) or to
    /// `awale match` records (every variant).
    ///
    /// `tune --data FILE --out weights.bin` reads the positions, fits the
    /// weights of the Oware feature set Texel-style (holding out one game
    /// in ten to report a validation loss) and writes a weight file;
    /// `tune --variant V --records FILE --out w.bin` fits a variant's own
    /// feature set to the games of a self-play records file; see
    /// docs/eval.md.
    Tune(tune::TuneArgs),
    /// Convert game files: `records convert IN OUT` turns a records file
    /// into OGN (Aualé's Oware Game Notation) or an OGN file into records.
    Records(records::RecordsArgs),
}

/// Parses the command line and runs what it asks for.
pub fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    // Checked here, so that a bad file is an error before anything runs.
    let eval = match &cli.eval {
        Some(spec) => Evaluation::load(spec).map_err(|e| anyhow::anyhow!("--eval: {e}"))?,
        None => Evaluation::default(),
    };
    if cli.command.is_some() && cli.uci.given() {
        anyhow::bail!(
            "--tables before a subcommand is the protocol loop's: give it after the subcommand"
        );
    }
    match cli.command {
        None => uci::run(cli.uci, eval),
        Some(Command::Uci(args)) => uci::run(args, eval),
        Some(Command::Arbiter(args)) => arbiter::run(args, eval),
        Some(Command::Perft(args)) => perft::run(args, &eval),
        Some(Command::Bench(args)) => bench::run(args, &eval),
        Some(Command::Analyze(args)) => analyze::run(args, eval),
        Some(Command::Match(args)) => match_cmd::run(args),
        Some(Command::Tournament(args)) => tournament::run(args),
        Some(Command::Play(args)) => play::run(args, eval),
        Some(Command::Tables(args)) => tables::run(args, &eval),
        Some(Command::Datagen(args)) => datagen::run(args, &eval),
        Some(Command::Serve(args)) => serve::run(args, eval),
        Some(Command::Tune(args)) => tune::run(args),
        Some(Command::Book(args)) => book::run(args, &eval),
        Some(Command::Records(args)) => records::run(args),
    }
}
