//! `awale play`: a person against the engine, or two people, in the terminal.

use std::process::ExitCode;
use std::time::Duration;

use anyhow::anyhow;
use clap::{Args, ValueEnum};

use awale::game::Game;
use awale::play::{parse_level, run_play, PlayConfig};
use awale::variants::{with_variant, VariantVisitor};

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

/// Arguments of `awale play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The variant to play.
    #[arg(long, default_value = "oware")]
    variant: String,
    /// A rule option of the variant, NAME=VALUE (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Which side(s) people play.
    #[arg(long, value_enum, default_value_t = Humans::South)]
    human: Humans,
    /// The engine's level: easy, medium or hard.
    #[arg(long, default_value = "hard")]
    level: String,
    /// The engine's time per move in ms.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// The seed of the engine's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Reads commands from stdin and plays until `quit` or the end of input.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let level = parse_level(&args.level)
        .ok_or_else(|| anyhow!("--level '{}': expected easy, medium or hard", args.level))?;
    if args.movetime == 0 {
        anyhow::bail!("--movetime must be at least 1 ms");
    }
    let humans = match args.human {
        Humans::South => [true, false],
        Humans::North => [false, true],
        Humans::Both => [true, true],
        Humans::None => [false, false],
    };
    let config = PlayConfig {
        humans,
        level,
        movetime: Duration::from_millis(args.movetime),
        seed: args.seed,
    };
    let options = super::setup::option_pairs(&args.options)?;

    struct Play(PlayConfig);
    impl VariantVisitor for Play {
        type Output = anyhow::Result<()>;
        fn visit<G: Game>(self, game: G) -> anyhow::Result<()> {
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            run_play(&game, self.0, &mut stdin.lock(), &mut stdout.lock())?;
            Ok(())
        }
    }
    with_variant(&args.variant, &options, Play(config))??;
    Ok(ExitCode::SUCCESS)
}
