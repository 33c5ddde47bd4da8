//! `awale book`: build an opening book, show what a book says of a
//! position, or check a book against the rules.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::{bail, Context};
use clap::{Args, Subcommand};
use serde::Serialize;

use super::progress_bar::progress_bar;
use super::setup::{option_pairs, GameArgs, RulesArgs, SetupVisitor};
use awale::book::build::{self, Config};
use awale::book::{check, Book, BUILTIN, PLAY_MARGIN};
use awale::game::Line;
use awale::registry::{self, Evaluation, Variant, Visitor};

/// Prints a line on stdout; a reader that went away is an error to rise
/// (a quiet exit), not a panic.
macro_rules! say {
    ($($arg:tt)*) => {
        super::stdout::line(format!($($arg)*))?
    };
}

/// Arguments of `awale book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand, Debug)]
enum BookCommand {
    /// Build a book by searching the first plies from the start position
    /// (see docs/book.md); the file is written whole or not at all.
    Build(BuildArgs),
    /// Show the book's moves of a position, with their scores.
    Probe(ProbeArgs),
    /// Check a book: every move legal, every position reachable from the start.
    Check(CheckArgs),
}

/// Arguments of `awale book build`.
#[derive(Args, Debug)]
struct BuildArgs {
    /// The book file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Nodes searched per position (shared by one line per legal move).
    #[arg(long, default_value_t = Config::default().nodes, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Plies from the start covered by the book.
    #[arg(long, default_value_t = Config::default().plies, value_parser = clap::value_parser!(u32).range(1..=40))]
    plies: u32,
    /// Plies over which every move is followed (not only the good ones).
    #[arg(long, default_value_t = Config::default().full_plies, value_parser = clap::value_parser!(u32).range(0..=6))]
    full_plies: u32,
    /// Past the full plies, follow the moves within this many hundredths of
    /// a seed of the best.
    #[arg(long, value_name = "CP", default_value_t = Config::default().margin as u32, value_parser = clap::value_parser!(u32).range(0..=1000))]
    margin: u32,
    /// Transposition table of each search, in MB.
    #[arg(long = "hash", value_name = "MB", default_value_t = Config::default().hash_mb as u32, value_parser = clap::value_parser!(u32).range(1..=4096))]
    hash_mb: u32,
    /// Positions searched at once (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    // The variant and its rule options (the book records the rules).
    #[command(flatten)]
    rules: RulesArgs,
    /// No progress bar and no summary.
    #[arg(long)]
    quiet: bool,
}

/// Arguments of `awale book probe`.
#[derive(Args, Debug)]
struct ProbeArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The book: a file, or `<builtin>` for the one in the binary.
    #[arg(long, value_name = "FILE", default_value = BUILTIN)]
    book: String,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Arguments of `awale book check`.
#[derive(Args, Debug)]
struct CheckArgs {
    /// The book: a file, or `<builtin>` for the one in the binary.
    #[arg(long, value_name = "FILE", default_value = BUILTIN)]
    book: String,
    /// A rule option the book should have been built under, NAME=VALUE
    /// (repeatable); the variant is the book's own.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
}

/// Runs `awale book ...`.
/// `eval` is the evaluation the book's searches play with (`--eval`).
pub fn run(args: BookArgs, eval: &Evaluation) -> anyhow::Result<ExitCode> {
    match args.command {
        BookCommand::Build(args) => build(args, eval),
        BookCommand::Probe(args) => probe(args, eval),
        BookCommand::Check(args) => check(args),
    }
}

fn open(spec: &str) -> anyhow::Result<std::sync::Arc<Book>> {
    Book::open(spec).with_context(|| format!("--book {spec}"))
}

fn build(args: BuildArgs, eval: &Evaluation) -> anyhow::Result<ExitCode> {
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    );
    let config = Config {
        nodes: args.nodes,
        plies: args.plies,
        full_plies: args.full_plies,
        margin: args.margin as i32,
        hash_mb: args.hash_mb as usize,
        threads,
    };
    if let Some(dir) = args.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            bail!(
                "--out {}: the directory {} does not exist",
                args.out.display(),
                dir.display()
            );
        }
    }
    struct Run<'a> {
        config: &'a Config,
        eval: &'a Evaluation,
        quiet: bool,
    }
    impl Visitor for Run<'_> {
        type Output = anyhow::Result<Book>;
        fn visit<G: Variant>(self, mut game: G) -> anyhow::Result<Book> {
            game.set_evaluation(self.eval);
            let bar = progress_bar(
                !self.quiet,
                1,
                "ply {msg} [{bar:30}] {pos}/{len} positions, {elapsed} elapsed, ETA {eta}",
            );
            let stop = AtomicBool::new(false);
            let book = build::build(&game, self.config, &stop, &|p| {
                bar.set_message(p.ply.to_string());
                bar.set_length(p.total as u64);
                bar.set_position(p.done as u64);
            });
            bar.finish_and_clear();
            Ok(book?)
        }
    }
    let started = Instant::now();
    if !args.quiet {
        eprintln!(
            "Building a book of {} over {} plies ({} in full, then moves within {} cp), {} nodes per position, {threads} thread(s)",
            args.rules.variant, config.plies, config.full_plies, config.margin, config.nodes
        );
    }
    let options = args.rules.option_pairs()?;
    let book = registry::visit(
        &args.rules.variant,
        &options,
        Run {
            config: &config,
            eval,
            quiet: args.quiet,
        },
    )??;
    book.save(&args.out)?;
    if !args.quiet {
        eprintln!(
            "Done: {} positions, {} moves in {:.0} s -> {}",
            book.positions(),
            book.entries().len(),
            started.elapsed().as_secs_f64(),
            args.out.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// What a probe prints as JSON.
#[derive(Serialize)]
struct ProbeReport {
    position: String,
    in_book: bool,
    moves: Vec<MoveReport>,
}

#[derive(Serialize)]
struct MoveReport {
    #[serde(rename = "move")]
    mv: String,
    /// Hundredths of a seed, for the side to move.
    score: i32,
    depth: u32,
    /// Whether a timed game may choose it (within the play margin of the best).
    playable: bool,
}

fn probe(args: ProbeArgs, eval: &Evaluation) -> anyhow::Result<ExitCode> {
    struct Probe {
        book: std::sync::Arc<Book>,
        json: bool,
    }
    impl SetupVisitor for Probe {
        type Output = ();
        fn visit<G: Variant>(self, line: Line<G>) -> anyhow::Result<()> {
            let game = line.game();
            let pos = line.position();
            if !self.book.fits(game) {
                bail!(
                    "the book is for {} ({}), not {} ({})",
                    self.book.variant(),
                    self.book.rules(),
                    game.name(),
                    awale::book::rules_text(game)
                );
            }
            let moves = self.book.moves(game, pos);
            let best = moves.first().map_or(0, |m| m.score);
            let report = ProbeReport {
                position: game.format_position(pos),
                in_book: !moves.is_empty(),
                moves: moves
                    .iter()
                    .map(|m| MoveReport {
                        mv: game.format_move(pos, m.mv),
                        score: m.score,
                        depth: m.depth,
                        playable: best - m.score <= PLAY_MARGIN,
                    })
                    .collect(),
            };
            if self.json {
                say!("{}", serde_json::to_string(&report)?);
                return Ok(());
            }
            say!("position {}", report.position);
            if report.moves.is_empty() {
                say!("not in the book");
            }
            for m in &report.moves {
                say!(
                    "{:<4} {:>+6} cp  depth {:>2}{}",
                    m.mv,
                    m.score,
                    m.depth,
                    if m.playable { "  (playable)" } else { "" }
                );
            }
            Ok(())
        }
    }
    let book = open(&args.book)?;
    args.game.run(
        eval,
        Probe {
            book,
            json: args.json,
        },
    )?;
    Ok(ExitCode::SUCCESS)
}

fn check(args: CheckArgs) -> anyhow::Result<ExitCode> {
    struct Walk<'a>(&'a Book);
    impl Visitor for Walk<'_> {
        type Output = check::Report;
        fn visit<G: Variant>(self, game: G) -> check::Report {
            check::check(self.0, &game)
        }
    }
    let book = open(&args.book)?;
    let options = option_pairs(&args.options)?;
    let variant = registry::NAMES
        .iter()
        .find(|n| **n == book.variant())
        .with_context(|| format!("the book is for an unknown variant '{}'", book.variant()))?;
    let report = registry::visit(variant, &options, Walk(&book))?;
    say!(
        "{}: {} ({}), {} positions, {} moves, {} reached from the start",
        args.book,
        book.variant(),
        book.rules(),
        report.positions,
        report.entries,
        report.reached
    );
    for p in &report.problems {
        say!("problem: {p}");
    }
    if report.problems.is_empty() {
        say!("ok: every move is legal and every position is reachable");
        Ok(ExitCode::SUCCESS)
    } else {
        Ok(ExitCode::FAILURE)
    }
}
