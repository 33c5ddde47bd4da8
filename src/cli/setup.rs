//! The arguments shared by every tool that starts from a position:
//! `--variant`, `--option NAME=VALUE`, `--position` and `--moves`.

use anyhow::{anyhow, Context};
use clap::Args;

use awale::game::Line;
use awale::protocol::session::expand_moves;
use awale::registry::{self, Entry, Evaluation, Variant, Visitor};

/// Which game, with which rules: `--variant` and `--option NAME=VALUE`.
#[derive(Args, Debug, Clone)]
pub struct RulesArgs {
    /// The variant to play.
    #[arg(long, default_value = awale::registry::DEFAULT.name, value_parser = clap::builder::PossibleValuesParser::new(awale::registry::NAMES))]
    pub variant: String,
    /// A rule option of the variant, NAME=VALUE (repeatable), e.g. GrandSlam=capture.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

/// `--variant` of a tool that works on the variants whose registry entry
/// satisfies `offers` alone (`datagen`, `tables probe`), `why` saying why:
/// its help and its check offer only those, rather than offering all of
/// them and refusing the others after parsing.
pub fn only_where(arg: clap::Arg, offers: fn(&Entry) -> bool, why: &'static str) -> clap::Arg {
    let names = registry::names_where(offers);
    let help = format!("The variant: {} only ({why})", names.join(", "));
    arg.value_parser(clap::builder::PossibleValuesParser::new(names))
        .help(help)
}

impl RulesArgs {
    /// The options as `(name, value)` pairs.
    pub fn option_pairs(&self) -> anyhow::Result<Vec<(String, String)>> {
        option_pairs(&self.options)
    }
}

/// Which game, with which rules, from which position.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The position string to start from (default: the variant's start).
    #[arg(long)]
    pub position: Option<String>,
    /// Moves to play from that position, separated by spaces (a run of letters
    /// such as FfEaCe reads as one move per letter, as in `position`).
    #[arg(long, default_value = "")]
    pub moves: String,
}

/// Code that runs on the set-up game (a [`Line`] from `--position` through
/// `--moves`), whatever the variant.
pub trait SetupVisitor {
    type Output;
    fn visit<G: Variant>(self, line: Line<G>) -> anyhow::Result<Self::Output>;
}

impl GameArgs {
    /// Builds the game, playing with `evaluation` (`--eval`), and the
    /// position, then runs `visitor` on them.
    pub fn run<V: SetupVisitor>(
        &self,
        evaluation: &Evaluation,
        visitor: V,
    ) -> anyhow::Result<V::Output> {
        struct Build<'a, V> {
            args: &'a GameArgs,
            evaluation: &'a Evaluation,
            visitor: V,
        }
        impl<V: SetupVisitor> Visitor for Build<'_, V> {
            type Output = anyhow::Result<V::Output>;
            fn visit<G: Variant>(self, game: G) -> Self::Output {
                self.visitor
                    .visit(self.args.line_from(game, self.evaluation)?)
            }
        }
        let options = self.rules.option_pairs()?;
        registry::visit(
            &self.rules.variant,
            &options,
            Build {
                args: self,
                evaluation,
                visitor,
            },
        )?
    }
}

impl GameArgs {
    /// The set-up game of a tool that works on the variant `G` alone: an
    /// error when `--variant` names another.
    pub fn line<G: Variant>(&self, evaluation: &Evaluation) -> anyhow::Result<Line<G>> {
        let options = self.rules.option_pairs()?;
        let game = registry::build::<G>(&self.rules.variant, &options)?;
        self.line_from(game, evaluation)
    }

    /// `game`, playing with `evaluation`, from `--position` through
    /// `--moves`.
    fn line_from<G: Variant>(
        &self,
        mut game: G,
        evaluation: &Evaluation,
    ) -> anyhow::Result<Line<G>> {
        game.set_evaluation(evaluation);
        let start = match &self.position {
            Some(text) => game.parse_position(text).context("--position")?,
            None => game.start(),
        };
        let mut line = Line::from_position(game, start);
        line.play_all(&expand_moves(self.moves.split_whitespace()))
            .context("--moves")?;
        Ok(line)
    }
}

/// Splits `--option NAME=VALUE` arguments into `(name, value)` pairs.
pub fn option_pairs(options: &[String]) -> anyhow::Result<Vec<(String, String)>> {
    options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| anyhow!("--option '{o}': expected NAME=VALUE"))
        })
        .collect()
}
