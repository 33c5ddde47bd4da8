//! `awale records convert IN OUT`: the games of a records file (`awale
//! match`, `tournament`, `play`'s `save`) written as OGN, or the games of
//! an OGN file written as records; the direction comes from what IN holds.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context};
use clap::{Args, Subcommand};

use awale::files::{read_bounded, write_atomic};
use awale::ogn;
use awale::referee::records::parse_records;

/// Arguments of `awale records`.
#[derive(Args, Debug)]
pub struct RecordsArgs {
    #[command(subcommand)]
    command: RecordsCommand,
}

#[derive(Subcommand, Debug)]
enum RecordsCommand {
    /// Convert between awale's records format and OGN (Aualé's Oware Game
    /// Notation): a records file becomes OGN, an OGN file records (the
    /// format of IN is told by its content). Only oware games have OGN;
    /// OUT is written whole or not at all.
    Convert(ConvertArgs),
}

/// Arguments of `awale records convert`.
#[derive(Args, Debug)]
struct ConvertArgs {
    /// The file to read: records or OGN.
    #[arg(value_name = "IN")]
    input: PathBuf,
    /// The file to write, in the other format.
    #[arg(value_name = "OUT")]
    output: PathBuf,
}

/// Runs `awale records ...`.
pub fn run(args: RecordsArgs) -> anyhow::Result<ExitCode> {
    match args.command {
        RecordsCommand::Convert(args) => convert(&args.input, &args.output),
    }
}

/// Reads `input`, writes its games to `output` in the other format.
fn convert(input: &Path, output: &Path) -> anyhow::Result<ExitCode> {
    let bytes = read_bounded(input, ogn::MAX_FILE_BYTES, "game file")
        .map_err(|e| anyhow!("{}: {e}", input.display()))?;
    let from_ogn = ogn::is_ogn(&String::from_utf8_lossy(&bytes));
    let (text, games, format) = if from_ogn {
        let records =
            ogn::records_of_bytes(&bytes).map_err(|e| anyhow!("'{}': {e}", input.display()))?;
        let text: String = records.iter().map(|r| r.to_text()).collect();
        (text, records.len(), "records")
    } else {
        let (records, _) = parse_records(&String::from_utf8_lossy(&bytes));
        let games = records
            .iter()
            .enumerate()
            .map(|(i, r)| {
                ogn::from_record(r)
                    .map_err(|e| anyhow!("'{}': game {}: {e}", input.display(), i + 1))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        let text = ogn::write_games(&games).map_err(|e| anyhow!("{e}"))?;
        (text, games.len(), "OGN")
    };
    if games == 0 {
        bail!("'{}': no game in the file", input.display());
    }
    write_atomic(output, text.as_bytes())
        .with_context(|| format!("cannot write '{}'", output.display()))?;
    super::stdout::line(format!(
        "{}: {games} game{} written to {} as {format}",
        input.display(),
        if games == 1 { "" } else { "s" },
        output.display()
    ))?;
    Ok(ExitCode::SUCCESS)
}
