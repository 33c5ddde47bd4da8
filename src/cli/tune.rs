//! `awale tune`: fits the evaluation's weights to `awale datagen` files
//! (Oware) or to game records (any variant with a feature set) and writes
//! a weight file, or with `--calibrate` reports how well a datagen file's
//! search scores predict its results (see docs/eval.md).

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;

use awale::game::Features;
use awale::registry;
use awale::tune::{self, Dataset, Selection, Settings};
use awale::variants::weight_file;

use super::setup::RulesArgs;
use super::stdout;

/// Arguments of `awale tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// A training-data file written by `awale datagen` (repeat for more;
    /// Oware only).
    #[arg(long, value_name = "FILE", required_unless_present = "records")]
    data: Vec<PathBuf>,
    /// A records file of `awale match` games (repeat for more): every
    /// position after the opening, labelled with the game's result.
    #[arg(long, value_name = "FILE")]
    records: Vec<PathBuf>,
    /// The variant whose weights are fitted and its rule options (records
    /// must have been played with the same options).
    #[command(flatten)]
    rules: RulesArgs,
    /// The weight file to write.
    #[arg(long, value_name = "FILE", required_unless_present = "calibrate")]
    out: Option<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = Settings::default().epochs)]
    epochs: usize,
    /// Weight of the game result in the target, 0 to 1 (the rest is the
    /// search score).
    #[arg(long, default_value_t = Settings::default().lambda)]
    lambda: f64,
    /// Adam's initial step size (falls to a tenth by the end): in
    /// centiseeds for the linear weights (default 2), in units of a hidden
    /// unit for a network (default 0.002).
    #[arg(long = "lr")]
    learning_rate: Option<f64>,
    /// Positions per Adam step.
    #[arg(long, default_value_t = Settings::default().batch)]
    batch: usize,
    /// Seed of the shuffling.
    #[arg(long, default_value_t = Settings::default().seed)]
    seed: u64,
    /// Train on every position, also those the endgame tables cover (by
    /// default they are left out: the tables replace the evaluation there).
    #[arg(long)]
    all_positions: bool,
    /// Print the fitted weights, one per line.
    #[arg(long)]
    show: bool,
    /// Fit a network (feature set 2, docs/eval.md) on top of fixed linear
    /// weights (--linear) instead of the linear weights (Oware, --data
    /// only).
    #[arg(long)]
    net: bool,
    /// With --net: the linear weights under the network, those of a
    /// weight file or `<linear>`, the built-in ones (the default).
    #[arg(long, value_name = "FILE")]
    linear: Option<String>,
    /// Predict the results from the evaluation multiplied by the engine's
    /// scale by seeds on the board, as the engine plays it (--data only).
    #[arg(long)]
    scaled: bool,
    /// With --scaled: multiply the files' search scores by the scale too
    /// (files written before the engine scaled its scores, 2026-11-29).
    #[arg(long)]
    scale_scores: bool,
    /// Hidden units of the network (the engine plays files of its own
    /// size only; other sizes report their losses and write nothing).
    #[arg(long, default_value_t = tune::net::NetSettings::default().hidden)]
    hidden: usize,
    /// Fit nothing: for each number of seeds on the board, print the
    /// factor by which the --data files' search scores should be
    /// multiplied to best predict their results (docs/eval.md).
    #[arg(long, conflicts_with_all = ["records", "net", "out"])]
    calibrate: bool,
    /// With --calibrate: the scale K of sigmoid(score / K) the factors are
    /// relative to (default: the one scale that best fits all positions).
    #[arg(long, value_name = "K", allow_negative_numbers = true)]
    k: Option<f64>,
    /// With --calibrate: fit the captured seeds and the rest of the score
    /// apart (two factors per seed count).
    #[arg(long)]
    split: bool,
    /// With --calibrate: leave out seed counts with fewer positions
    /// [default: 300].
    #[arg(long, value_name = "N")]
    min_positions: Option<usize>,
}

/// Reads the data, fits, prints the losses and writes the weights.
pub fn run(args: TuneArgs) -> anyhow::Result<ExitCode> {
    if !(0.0..=1.0).contains(&args.lambda) {
        bail!("--lambda must be between 0 and 1");
    }
    // (clap's `requires` takes a flag's default `false` for present.)
    if !args.calibrate && (args.k.is_some() || args.split || args.min_positions.is_some()) {
        bail!("--k, --split and --min-positions go with --calibrate");
    }
    if args.scaled && (args.calibrate || !args.records.is_empty()) {
        bail!("--scaled fits --data files only (not --records or --calibrate)");
    }
    if args.scale_scores && !args.scaled {
        bail!("--scale-scores goes with --scaled");
    }
    if args.linear.is_some() && !args.net {
        bail!("--linear names the weights under a network: it goes with --net");
    }
    if args.k.is_some_and(|k| !(k.is_finite() && k > 0.0)) {
        bail!("--k must be a positive number of centiseeds");
    }
    let options = args.rules.option_pairs()?;
    /// [`fit`] with the variant chosen.
    struct Fit<'a>(&'a TuneArgs);
    impl registry::Visitor for Fit<'_> {
        type Output = anyhow::Result<ExitCode>;
        fn visit<G: registry::Variant>(self, game: G) -> Self::Output {
            fit(self.0, game)
        }
    }
    registry::visit(&args.rules.variant, &options, Fit(&args))?
}

/// [`run`] for the variant `game`, configured with its rule options.
fn fit<G: Features>(args: &TuneArgs, game: G) -> anyhow::Result<ExitCode> {
    let offers = |what: fn(&registry::Entry) -> bool| registry::entry_of(&game).is_some_and(what);
    if !args.data.is_empty() && !offers(|e| e.training_data) {
        bail!(
            "--data files hold Oware positions; use --records for {}",
            game.name()
        );
    }
    if args.net && !offers(|e| e.weight_files) {
        bail!("--net fits the Oware network; {} has none", game.name());
    }
    let selection = if args.all_positions {
        Selection::All
    } else {
        Selection::Uncovered
    };
    let mut data = Dataset::new();
    for path in &args.data {
        data.read(path, selection)?;
    }
    if args.scaled {
        data.apply_engine_scale(args.scale_scores);
    }
    let mut seen = HashSet::new();
    for path in &args.records {
        let read = tune::records::read(&mut data, &game, path, &mut seen)?;
        say(format!(
            "{}: {} games, {} positions; left out: {} forfeits, {} repeated games",
            path.display(),
            read.games,
            read.positions,
            read.skipped,
            read.repeats
        ));
    }
    if data.is_empty() {
        bail!("no training positions in the data");
    }
    let held_out = data.validation.iter().filter(|&&v| v).count();
    say(format!(
        "positions {} (training {}, validation {}), left out (tables) {}",
        data.len(),
        data.len() - held_out,
        held_out,
        data.skipped
    ));
    if held_out == 0 {
        say(
            "nothing is held out for validation (one game in ten is, and these data have \
             fewer than ten): only training losses are shown"
                .to_string(),
        );
    }
    if args.calibrate {
        return calibrate(args, &data);
    }
    if args.net {
        return fit_net(args, &data);
    }
    let settings = Settings {
        epochs: args.epochs,
        lambda: args.lambda,
        learning_rate: args
            .learning_rate
            .unwrap_or(Settings::default().learning_rate),
        batch: args.batch,
        seed: args.seed,
    };
    let losses = Losses::of(&data);
    let report = tune::tune::<G>(&data, &settings, &mut |e, t, v| losses.epoch(e, t, v));
    say(format!("K {:.1}", report.k));
    losses.say("start:", report.initial);
    losses.say("fitted:", report.last);
    if args.show {
        let text = weight_file::describe(&report.weights, G::feature_name);
        say(text.trim_end().to_string());
    }
    write_weights(args, weight_file::encode(G::FEATURE_SET, &report.weights))
}

/// Prints a line of the report. The report is progress, the weights file
/// the product: a reader of stdout that goes away (`awale tune ... |
/// head`) must not cost the file.
fn say(text: String) {
    let _ = stdout::line(text);
}

/// How the losses are printed: with the validation loss, or without it
/// when nothing is held out (the fit then reports the training loss twice).
struct Losses {
    held_out: bool,
}

impl Losses {
    fn of(data: &Dataset) -> Losses {
        Losses {
            held_out: data.validation.iter().any(|&v| v),
        }
    }

    /// `train T validation V`, or `train T validation -`.
    fn text(&self, train: f64, valid: f64) -> String {
        if self.held_out {
            format!("train {train:.6} validation {valid:.6}")
        } else {
            format!("train {train:.6} validation -")
        }
    }

    /// Prints the losses after an epoch.
    fn epoch(&self, epoch: usize, train: f64, valid: f64) {
        say(format!("epoch {epoch:3} {}", self.text(train, valid)));
    }

    /// Prints a pair of losses (training, validation) under `label`.
    fn say(&self, label: &str, (train, valid): (f64, f64)) {
        say(format!("{label:<9} {}", self.text(train, valid)));
    }
}

/// Writes the weight file named by `--out`, whole or not at all (a full
/// disk leaves an older file there as it was).
fn write_weights(args: &TuneArgs, bytes: Vec<u8>) -> anyhow::Result<ExitCode> {
    let Some(out) = &args.out else {
        bail!("--out FILE names the weight file to write");
    };
    awale::files::write_atomic(out, &bytes)
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(ExitCode::SUCCESS)
}

/// `awale tune --calibrate`: the table of factors by seeds on the board.
fn calibrate(args: &TuneArgs, data: &Dataset) -> anyhow::Result<ExitCode> {
    let min_positions = args
        .min_positions
        .unwrap_or(tune::calibration::MIN_POSITIONS);
    let c = tune::calibration::calibrate(data, args.k, args.split, min_positions)
        .map_err(|e| anyhow::anyhow!(e))?;
    if c.rows.is_empty() {
        let (seeds, most) = c
            .left_out
            .iter()
            .max_by_key(|g| g.1)
            .copied()
            .unwrap_or_default();
        bail!(
            "no seed count has --min-positions {min_positions} positions (the most: {most} with \
             {seeds} seeds on the board); lower --min-positions or give more data"
        );
    }
    if !c.left_out.is_empty() {
        let positions: usize = c.left_out.iter().map(|g| g.1).sum();
        eprintln!(
            "left out: {} seed counts with fewer than --min-positions {min_positions} positions \
             ({positions} positions in all)",
            c.left_out.len()
        );
    }
    // The table is the product: a reader that goes away ends the command.
    stdout::line(format!(
        "K {:.1}, {} positions with a heuristic score",
        c.k, c.positions
    ))?;
    stdout::line(if args.split {
        "seeds positions captured-factor position-factor mse-before mse-after"
    } else {
        "seeds positions factor mse-before mse-after"
    })?;
    for r in &c.rows {
        let factors: Vec<String> = r.factors.iter().map(|f| format!("{f:.3}")).collect();
        stdout::line(format!(
            "{} {} {} {:.5} {:.5}",
            r.on_board,
            r.positions,
            factors.join(" "),
            r.before,
            r.after
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `awale tune --net`: fits a network on top of the linear weights of
/// `--linear` (the built-in `<linear>` by default) and writes both in a
/// feature set 2 file.
fn fit_net(args: &TuneArgs, data: &Dataset) -> anyhow::Result<ExitCode> {
    use awale::variants::oware::{eval, weights};
    let spec = args.linear.as_deref().unwrap_or(eval::LINEAR);
    let linear = *eval::load(spec)
        .map_err(|e| anyhow::anyhow!("{spec}: {e}"))?
        .weights();
    let settings = tune::net::NetSettings {
        hidden: args.hidden,
        epochs: args.epochs,
        lambda: args.lambda,
        learning_rate: args
            .learning_rate
            .unwrap_or(tune::net::NetSettings::default().learning_rate),
        batch: args.batch,
        seed: args.seed,
    };
    let losses = Losses::of(data);
    let report = tune::net::fit_net(data, &linear, &settings, &mut |e, t, v| {
        losses.epoch(e, t, v)
    })
    .map_err(|e| anyhow::anyhow!(e))?;
    say(format!("K {:.1}", report.k));
    losses.say("linear:", report.initial);
    let Some(last) = report.last else {
        say(format!(
            "{} hidden units: this build plays networks of {} only; nothing written",
            args.hidden,
            awale::variants::oware::net::HIDDEN
        ));
        return Ok(ExitCode::SUCCESS);
    };
    losses.say("network:", last);
    write_weights(args, weights::encode_net(&linear, &report.params))
}

#[cfg(test)]
mod tests {
    use super::TuneArgs;
    use clap::{Args, Command};

    /// A doc comment cannot name the constant, so the help text repeats it:
    /// this keeps the two in step.
    #[test]
    fn the_min_positions_help_names_the_default_used() {
        let command = TuneArgs::augment_args(Command::new("tune"));
        let arg = command
            .get_arguments()
            .find(|a| a.get_id() == "min_positions")
            .expect("the option exists");
        let help = arg.get_help().expect("it has help").to_string();
        let default = format!("[default: {}]", awale::tune::calibration::MIN_POSITIONS);
        assert!(help.contains(&default), "{help:?} should say {default}");
    }
}
