//! `awale play`: a person against the engine, or two people, in the terminal.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{anyhow, bail, Context};
use clap::{Args, ValueEnum};

use awale::files::read_bounded;
use awale::ogn;
use awale::play::style::Style;
use awale::play::{run_play, PlayConfig, PlayError};
use awale::protocol::session::expand_moves;
use awale::referee::saved::SavedGame;
use awale::registry::Evaluation;
use awale::registry::{self, Variant, Visitor};

use super::setup::GameArgs;

/// Who the people are.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Humans {
    /// You play South (first); the engine North.
    South,
    /// You play North; the engine South (and moves first).
    North,
    /// Two people.
    Both,
    /// The engine against itself.
    None,
}

/// When to colour the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// When stdout is a terminal and NO_COLOR is not set.
    Auto,
    /// Always (even through a pipe, and despite NO_COLOR).
    Always,
    /// Never.
    Never,
}

/// Arguments of `awale play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The variant, rule options, position and moves the game starts from.
    #[command(flatten)]
    game: GameArgs,
    /// Continue the last game of FILE, written by `save FILE`, by the
    /// referee's --records or in OGN (Aualé's format, told by its
    /// content): its variant, options and moves. `save FILE.ogn` writes
    /// OGN, any other name the records format.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["variant", "options", "position", "moves"])]
    load: Option<PathBuf>,
    /// Which side(s) people play.
    #[arg(long, value_enum, default_value_t = Humans::South)]
    human: Humans,
    /// The engine's strength: a step of the ladder from 0 (random) to 20
    /// (full), a step's word (beginner, club, ...), or easy, medium, hard.
    #[arg(long, default_value = "hard")]
    level: String,
    /// The engine's time per move in ms.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// The seed of the engine's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Colour the seeds, the last move and captures.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

/// The game `--load FILE` continues: the last game of the file, an OGN
/// file or a records file (told apart by their content).
fn load(path: &Path) -> anyhow::Result<SavedGame> {
    if !path.exists() {
        bail!("--load '{}': no such file", path.display());
    }
    let bytes = read_bounded(path, ogn::MAX_FILE_BYTES, "game file")
        .map_err(|e| anyhow!("--load {}: {e}", path.display()))?;
    let records =
        ogn::records_of_bytes(&bytes).map_err(|e| anyhow!("--load '{}': {e}", path.display()))?;
    let last = records
        .last()
        .ok_or_else(|| anyhow!("--load '{}': no game record in the file", path.display()))?;
    SavedGame::from_record(last).map_err(|e| anyhow!("--load '{}': {e}", path.display()))
}

/// Reads commands from stdin and plays until `quit` or the end of input.
/// `eval` is the evaluation the engine plays with (`--eval`).
pub fn run(args: PlayArgs, eval: Evaluation) -> anyhow::Result<ExitCode> {
    let skill: awale::search::Skill = args.level.parse().map_err(|e| anyhow!("--level {e}"))?;
    if args.movetime == 0 {
        bail!("--movetime must be at least 1 ms");
    }
    let humans = match args.human {
        Humans::South => [true, false],
        Humans::North => [false, true],
        Humans::Both => [true, true],
        Humans::None => [false, false],
    };
    let game = match &args.load {
        Some(path) => load(path)?,
        None => SavedGame {
            variant: args.game.rules.variant.clone(),
            options: args.game.rules.option_pairs()?,
            position: args.game.position.clone(),
            moves: expand_moves(args.game.moves.split_whitespace())
                .split_whitespace()
                .map(String::from)
                .collect(),
        },
    };
    let style = match args.color {
        ColorChoice::Auto => Style::detect(),
        ColorChoice::Always => Style::COLOUR,
        ColorChoice::Never => Style::PLAIN,
    };
    let config = PlayConfig {
        humans,
        skill,
        movetime: Duration::from_millis(args.movetime),
        seed: args.seed,
        position: game.position,
        moves: game.moves,
        style,
        end_stops: std::io::stdin().is_terminal(),
        eval,
    };

    struct Play(PlayConfig);
    impl Visitor for Play {
        type Output = Result<(), PlayError>;
        fn visit<G: Variant>(self, mut game: G) -> Self::Output {
            game.set_evaluation(&self.0.eval);
            let stdout = std::io::stdout();
            run_play(&game, self.0, std::io::stdin(), &mut stdout.lock())
        }
    }
    let from = if args.load.is_some() {
        "--load"
    } else {
        "--position/--moves"
    };
    let variant = registry::visit(&game.variant, &game.options, Play(config));
    let played = match &args.load {
        Some(path) => variant.with_context(|| format!("--load '{}'", path.display()))?,
        None => variant?,
    };
    match played {
        Err(PlayError::Setup(e)) => bail!("{from}: {e}"),
        Err(e) => Err(e.into()),
        Ok(()) => Ok(ExitCode::SUCCESS),
    }
}
