//! `awale analyze`: search a position and show the result for people (or,
//! with `--json`, as one JSON object for scripts).

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::setup::{GameArgs, SetupVisitor};
use awale::game::{self, Game};
use awale::search::{Limits, Score, SearchInfo, Searcher};

/// Arguments of `awale analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Search to this depth (default: 1 s of search when no limit is given).
    #[arg(long, group = "limit", value_parser = clap::value_parser!(u32).range(1..=100))]
    depth: Option<u32>,
    /// Search for this many milliseconds.
    #[arg(long, group = "limit", value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long, group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// Transposition table size in MB.
    #[arg(long = "hash", value_name = "MB", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    hash_mb: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// One completed depth, as printed.
#[derive(Serialize)]
struct Line {
    depth: u32,
    seldepth: u32,
    /// `cp X` or `mate N`, as the protocol prints it.
    score: String,
    /// The score in seeds, or `win in N` / `loss in N` plies.
    seeds: String,
    nodes: u64,
    time_ms: u64,
    nps: u64,
    pv: Vec<String>,
}

/// The whole analysis.
#[derive(Serialize)]
struct Report {
    variant: String,
    position: String,
    side_to_move: String,
    lines: Vec<Line>,
    best: Option<String>,
    score: String,
    nodes: u64,
    game_over: bool,
}

fn line_of<G: Game>(game: &G, pos: &G::Position, info: &SearchInfo<G::Move>) -> Line {
    Line {
        depth: info.depth,
        seldepth: info.seldepth,
        score: info.score.to_uci(),
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
pub fn run(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    struct Analyze {
        limits: Limits,
        threads: usize,
        hash_mb: usize,
        json: bool,
    }
    impl SetupVisitor for Analyze {
        type Output = ();
        fn visit<G: Game>(self, line: game::Line<G>) -> anyhow::Result<()> {
            let (game, pos, history) = (line.game(), *line.position(), line.history());
            if !self.json {
                print!("{}", game.render(&pos));
                println!("Position: {}", game.format_position(&pos));
            }
            let mut searcher = Searcher::new(line.game().clone(), self.hash_mb, self.threads);
            let stop = AtomicBool::new(false);
            let mut lines = Vec::new();
            let json = self.json;
            let result = searcher.search(&pos, history, &self.limits, &[], &stop, &mut |info| {
                let line = line_of(game, &pos, info);
                if !json {
                    println!(
                        "depth {:>3}  score {:>12}  nodes {:>12}  time {:>7} ms  pv {}",
                        line.depth,
                        line.seeds,
                        line.nodes,
                        line.time_ms,
                        line.pv.join(" ")
                    );
                }
                lines.push(line);
            });
            let best = result.best.map(|m| game.format_move(&pos, m));
            if json {
                let report = Report {
                    variant: game.name().to_string(),
                    position: game.format_position(&pos),
                    side_to_move: game.side_to_move(&pos).to_string(),
                    lines,
                    best,
                    score: result.score.to_uci(),
                    nodes: result.nodes,
                    game_over: result.best.is_none(),
                };
                println!("{}", serde_json::to_string(&report)?);
            } else {
                match best {
                    Some(best) => println!(
                        "best move {best} (score {}, depth {}, {} nodes)",
                        result.score.to_seeds(),
                        result.depth,
                        result.nodes
                    ),
                    None => println!(
                        "the game is over (score {})",
                        if result.score == Score(0) {
                            "draw".to_string()
                        } else {
                            result.score.to_seeds()
                        }
                    ),
                }
            }
            Ok(())
        }
    }
    let mut limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.movetime = Some(Duration::from_secs(1));
    }
    args.game.run(Analyze {
        limits,
        threads: args.threads as usize,
        hash_mb: args.hash_mb as usize,
        json: args.json,
    })?;
    Ok(ExitCode::SUCCESS)
}
