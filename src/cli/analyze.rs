//! `awale analyze`: search a position and show the result for people (or,
//! with `--json`, as one JSON object for scripts); with `--game FILE`,
//! every move of a game ([`super::analyze_game`]).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::Args;

use awale::registry::{Evaluation, Variant};
use awale::tables::loader::Source;
use serde::Serialize;

use super::analyze_game::{self, GameAnalysis};
use super::json_score::JsonScore;
use super::setup::{GameArgs, SetupVisitor};
use super::stdout;
use awale::game::{self, Game};
use awale::search::{Limits, SearchInfo, SearchResult, Searcher};

/// Arguments of `awale analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Search to this depth (default: 1 s of search when no limit is given).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=(awale::search::limits::MAX_DEPTH as i64)))]
    depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=(awale::protocol::options::MAX_THREADS as i64)))]
    threads: u32,
    /// Transposition table size in MB.
    #[arg(long = "hash", value_name = "MB", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=(awale::protocol::options::MAX_HASH_MB as i64)))]
    hash_mb: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Where the endgame tables are: a directory, `<default>` or `<none>`.
    #[arg(long, value_name = "DIR", default_value = "<default>")]
    tables: String,
    /// Analyse every move of the last game of FILE (OGN, a records file or
    /// a game saved by `play`; oware only) and write it as OGN with a
    /// comment after each move: its value before and after in seeds for
    /// the mover, the better move when it was worse, `?` for a move losing
    /// a seed of value or more, `??` for one turning a win or draw into a
    /// worse result (endgame tables where they know). Each position is
    /// searched within --depth, --movetime or --nodes.
    #[arg(long = "game", value_name = "FILE", conflicts_with_all = ["variant", "options", "position", "moves"])]
    game_file: Option<PathBuf>,
    /// With --game: write the annotated game (or the JSON) to FILE,
    /// atomically, instead of standard output.
    #[arg(long, value_name = "FILE", requires = "game_file")]
    out: Option<PathBuf>,
}

/// One completed depth, as printed.
#[derive(Serialize)]
struct Line {
    depth: u32,
    seldepth: u32,
    score: JsonScore,
    /// The score in seeds, or `win in N` / `loss in N` plies.
    seeds: String,
    nodes: u64,
    time_ms: u64,
    nps: u64,
    pv: Vec<String>,
}

/// How the game ended, for a finished position.
#[derive(Serialize)]
struct Ending {
    reason: String,
    /// Final totals `[south, north]`.
    scores: [u32; 2],
    /// `South`, `North`, or `null` for a draw.
    winner: Option<String>,
}

/// The whole analysis.
#[derive(Serialize)]
struct Report {
    variant: String,
    position: String,
    side_to_move: String,
    lines: Vec<Line>,
    best: Option<String>,
    /// The best move's score; `null` when the game is over.
    score: Option<JsonScore>,
    nodes: u64,
    game_over: Option<Ending>,
}

fn line_of<G: Game>(game: &G, pos: &G::Position, info: &SearchInfo<G::Move>) -> Line {
    Line {
        depth: info.depth,
        seldepth: info.seldepth,
        score: info.score.into(),
        seeds: info.score.to_seeds(),
        nodes: info.nodes,
        time_ms: info.time.as_millis() as u64,
        nps: info.nps,
        pv: pv_text(game, pos, &info.pv),
    }
}

/// The moves of a line in the variant's notation.
fn pv_text<G: Game>(game: &G, pos: &G::Position, pv: &[G::Move]) -> Vec<String> {
    let mut pos = *pos;
    pv.iter()
        .map(|&mv| {
            let text = game.format_move(&pos, mv);
            pos = game.play(&pos, mv);
            text
        })
        .collect()
}

/// Prints the board, a line per depth and the best move.
/// `eval` is the evaluation the searches play with (`--eval`).
pub fn run(args: AnalyzeArgs, eval: Evaluation) -> anyhow::Result<ExitCode> {
    let mut limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.movetime = Some(Duration::from_secs(1));
    }
    let tables = Source::parse(&args.tables).map_err(|e| anyhow::anyhow!("--tables: {e}"))?;
    if let Some(path) = &args.game_file {
        let settings = GameAnalysis {
            limits,
            threads: args.threads as usize,
            hash_mb: args.hash_mb as usize,
            tables,
            json: args.json,
            out: args.out.clone(),
            eval,
        };
        analyze_game::run(path, settings)?;
        return Ok(ExitCode::SUCCESS);
    }
    args.game.run(
        &eval,
        Analyze {
            limits,
            threads: args.threads as usize,
            hash_mb: args.hash_mb as usize,
            tables,
            json: args.json,
        },
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The analysis of one position, as the command line sets it.
struct Analyze {
    limits: Limits,
    threads: usize,
    hash_mb: usize,
    json: bool,
    tables: Source,
}

impl SetupVisitor for Analyze {
    type Output = ();
    fn visit<G: Variant>(self, line: game::Line<G>) -> anyhow::Result<()> {
        let (game, pos) = (line.game(), *line.position());
        if !self.json {
            stdout::line(game.render(&pos).trim_end_matches('\n'))?;
            stdout::line(format!("Position: {}", game.format_position(&pos)))?;
        }
        let ending = line.end();
        let mut lines = Vec::new();
        let mut result = None;
        if ending.is_none() {
            result = Some(self.search(&line, &mut lines)?);
        }
        let best = result
            .as_ref()
            .and_then(|r| r.best)
            .map(|m| game.format_move(&pos, m));
        let ended = ending.map(|end| Ending {
            reason: end.reason.to_string(),
            scores: end.scores,
            winner: end.winner().map(|side| side.to_string()),
        });
        if self.json {
            let report = Report {
                variant: game.name().to_string(),
                position: game.format_position(&pos),
                side_to_move: game.side_to_move(&pos).to_string(),
                lines,
                best,
                score: result.as_ref().map(|r| r.score.into()),
                nodes: result.as_ref().map_or(0, |r| r.nodes),
                game_over: ended,
            };
            stdout::line(serde_json::to_string(&report)?)?;
            Ok(())
        } else {
            print_outcome(best, result.as_ref(), ended)
        }
    }
}

impl Analyze {
    /// Searches the position `line` ends at, each completed depth kept in
    /// `lines` and, without `--json`, printed as it comes.
    fn search<G: Variant>(
        &self,
        line: &game::Line<G>,
        lines: &mut Vec<Line>,
    ) -> anyhow::Result<SearchResult<G::Move>> {
        let (game, pos, history) = (line.game(), *line.position(), line.history());
        let mut searcher = Searcher::new(game.clone(), self.hash_mb, self.threads);
        let (oracle, warnings) = game.oracle_when_ready(&self.tables);
        for w in warnings {
            eprintln!("warning: {w}");
        }
        searcher.set_oracle(oracle);
        let stop = AtomicBool::new(false);
        let json = self.json;
        let mut written = Ok(());
        let found = searcher.search(&pos, history, &self.limits, &[], &stop, &mut |info| {
            let line = line_of(game, &pos, info);
            if !json && written.is_ok() {
                written = stdout::line(format!(
                    "depth {:>3}  score {:>12}  nodes {:>12}  time {:>7} ms  pv {}",
                    line.depth,
                    line.seeds,
                    line.nodes,
                    line.time_ms,
                    line.pv.join(" ")
                ));
                if written.is_err() {
                    // Nobody reads any more: end the search.
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            }
            lines.push(line);
        });
        written?;
        Ok(found)
    }
}

/// The last line of the text: the best move found, or how the game ended.
fn print_outcome<M>(
    best: Option<String>,
    result: Option<&SearchResult<M>>,
    ended: Option<Ending>,
) -> anyhow::Result<()> {
    if let (Some(best), Some(result)) = (best, result) {
        stdout::line(format!(
            "best move {best} (score {}, depth {}, {} nodes)",
            result.score.to_seeds(),
            result.depth,
            result.nodes
        ))?;
    } else if let Some(end) = ended {
        let outcome = match end.winner {
            Some(side) => format!("{side} wins"),
            None => "draw".to_string(),
        };
        stdout::line(format!(
            "the game is over: {}; final score South {}, North {}; {outcome}",
            end.reason, end.scores[0], end.scores[1]
        ))?;
    }
    Ok(())
}
