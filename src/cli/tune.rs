//! `awale tune`: fits the evaluation's weights to `awale datagen` files and
//! writes a weight file (see docs/eval.md).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;

use awale::tune::{self, Dataset, Selection, Settings};
use awale::variants::oware::weights;

use super::stdout;

/// Arguments of `awale tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// A training-data file written by `awale datagen` (repeat for more).
    #[arg(long, value_name = "FILE", required = true)]
    data: Vec<PathBuf>,
    /// The weight file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Passes over the training positions.
    #[arg(long, default_value_t = Settings::default().epochs)]
    epochs: usize,
    /// Weight of the game result in the target, 0 to 1 (the rest is the
    /// search score).
    #[arg(long, default_value_t = Settings::default().lambda)]
    lambda: f64,
    /// Adam's initial step size in centiseeds (falls to a tenth by the end).
    #[arg(long = "lr", default_value_t = Settings::default().learning_rate)]
    learning_rate: f64,
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
}

/// Reads the data, fits, prints the losses and writes the weights.
pub fn run(args: TuneArgs) -> anyhow::Result<ExitCode> {
    if !(0.0..=1.0).contains(&args.lambda) {
        bail!("--lambda must be between 0 and 1");
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
    if data.is_empty() {
        bail!("no training positions in the data");
    }
    let held_out = data.validation.iter().filter(|&&v| v).count();
    // The report is progress, the weights file the product: a reader of
    // stdout that goes away (`awale tune ... | head`) must not cost the file.
    let say = |text: String| {
        let _ = stdout::line(text);
    };
    say(format!(
        "positions {} (training {}, validation {}), left out (tables) {}",
        data.len(),
        data.len() - held_out,
        held_out,
        data.skipped
    ));
    let settings = Settings {
        epochs: args.epochs,
        lambda: args.lambda,
        learning_rate: args.learning_rate,
        batch: args.batch,
        seed: args.seed,
    };
    let report = tune::tune(&data, &settings, &mut |epoch, train, valid| {
        say(format!(
            "epoch {epoch:3} train {train:.6} validation {valid:.6}"
        ));
    });
    say(format!("K {:.1}", report.k));
    say(format!(
        "hand-set: train {:.6} validation {:.6}",
        report.initial.0, report.initial.1
    ));
    say(format!(
        "fitted:   train {:.6} validation {:.6}",
        report.last.0, report.last.1
    ));
    if args.show {
        say(weights::describe(&report.weights).trim_end().to_string());
    }
    std::fs::write(&args.out, weights::encode(&report.weights))
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    Ok(ExitCode::SUCCESS)
}
