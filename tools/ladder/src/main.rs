//! `awale-ladder`: plays strengths of the ladder (or candidate steps)
//! against each other in fast in-process games and prints the Elo
//! differences. The ladder's published table is measured with the
//! referee (`scripts/ladder.sh`); this tool is for choosing the steps.

use anyhow::{bail, Context};
use clap::{Parser, Subcommand};

use awale_core::registry::{self, Variant, Visitor};
use awale_core::search::skill::Step;
use awale_core::search::Skill;
use awale_ladder::{play_pair, random_openings, read_openings, Opening, Pairing, Tally};

#[derive(Parser)]
#[command(about = "Measures strengths of awale's ladder against each other")]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The variant played.
    #[arg(long, default_value = "oware", global = true)]
    variant: String,
    /// An openings file (a line of moves each); without one, random
    /// openings of 6 plies.
    #[arg(long, global = true)]
    openings: Option<std::path::PathBuf>,
    /// Games per pair (one opening for each two).
    #[arg(long, default_value_t = 100, global = true)]
    games: usize,
    /// The node cap of every move.
    #[arg(long, default_value_t = 20_000, global = true)]
    nodes: u64,
    /// The engines' seed.
    #[arg(long, default_value_t = 1, global = true)]
    seed: u64,
    /// Games played side by side.
    #[arg(long, default_value_t = 2, global = true)]
    threads: usize,
}

#[derive(Subcommand)]
enum Command {
    /// One strength against another: a step (0-10, a word, a level) or a
    /// candidate `d=DEPTH,n=NODES,t=TEMPERATURE,m=MARGIN`.
    Pair { first: String, second: String },
    /// Each step against the one below it, and the ratings that follow.
    Climb {
        /// The lowest step of the pairs.
        #[arg(long, default_value_t = 0)]
        from: u8,
        /// Candidate steps instead of the ladder's, a strength a line
        /// (weakest first; `#` comments).
        #[arg(long)]
        steps: Option<std::path::PathBuf>,
    },
}

/// Reads a strength: a step of the ladder, or a candidate step.
fn strength(text: &str) -> anyhow::Result<Skill> {
    if !text.contains('=') {
        return text.parse::<Skill>().map_err(anyhow::Error::msg);
    }
    let mut step = Step {
        depth: 1,
        nodes: 0,
        temperature: 0,
        margin: 0,
    };
    for part in text.split(',') {
        let (key, value) = part.split_once('=').context("expected key=value")?;
        let value: u64 = value.trim().parse().with_context(|| format!("'{part}'"))?;
        match key.trim() {
            "d" => step.depth = value as u32,
            "n" => step.nodes = value,
            "t" => step.temperature = value as u32,
            "m" => step.margin = value as u32,
            other => bail!("unknown key '{other}' (d, n, t, m)"),
        }
    }
    Ok(Skill::custom(step))
}

struct Run<'a> {
    cli: &'a Cli,
}

impl Visitor for Run<'_> {
    type Output = anyhow::Result<()>;
    fn visit<G: Variant>(self, game: G) -> anyhow::Result<()> {
        let cli = self.cli;
        let openings: Vec<Opening> = match &cli.openings {
            Some(path) => {
                let text =
                    std::fs::read_to_string(path).with_context(|| format!("{}", path.display()))?;
                read_openings(&text)
            }
            None => random_openings(&game, cli.games.div_ceil(2), 6, cli.seed),
        };
        let pairing = |skills| Pairing {
            skills,
            nodes: cli.nodes,
            games: cli.games,
            max_plies: 400,
            seed: cli.seed,
            threads: cli.threads,
        };
        match &cli.command {
            Command::Pair { first, second } => {
                let skills = [strength(first)?, strength(second)?];
                let tally = play_pair(&game, &openings, &pairing(skills))?;
                println!("{first} vs {second}: {}", line(&tally));
            }
            Command::Climb { from, steps } => {
                let ladder: Vec<(String, Skill)> = match steps {
                    Some(path) => std::fs::read_to_string(path)
                        .with_context(|| format!("{}", path.display()))?
                        .lines()
                        .map(|l| l.split('#').next().unwrap_or("").trim())
                        .filter(|l| !l.is_empty())
                        .map(|l| Ok((l.to_string(), strength(l)?)))
                        .collect::<anyhow::Result<_>>()?,
                    None => Skill::ladder().map(|s| (s.label(), s)).collect(),
                };
                let mut rating = 0.0;
                println!(
                    "step  strength                 vs below                            rating"
                );
                for n in usize::from(*from) + 1..ladder.len() {
                    let skills = [ladder[n].1, ladder[n - 1].1];
                    let tally = play_pair(&game, &openings, &pairing(skills))?;
                    rating += tally.elo();
                    println!(
                        "{n:>4}  {:<22}  {}  {rating:>6.0}",
                        ladder[n].0,
                        line(&tally)
                    );
                }
            }
        }
        Ok(())
    }
}

/// `+W =D -L  score 0.62  Elo +85 ± 40`.
fn line(t: &Tally) -> String {
    format!(
        "+{} ={} -{}  score {:.3}  Elo {:+.0} ± {:.0}",
        t.wins,
        t.draws,
        t.losses,
        t.score(),
        t.elo(),
        t.elo_margin()
    )
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    registry::visit(&cli.variant, &[], Run { cli: &cli })?
}
