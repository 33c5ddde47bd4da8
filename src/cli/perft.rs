//! `awale perft`: move-path counts split by root move.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;

use super::setup::{GameArgs, SetupVisitor};
use super::stdout;
use awale::game::Line;
use awale::registry::Evaluation;

/// Arguments of `awale perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Plies to count (1 to 20).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=(awale::perft::MAX_DEPTH as i64)))]
    depth: u32,
    /// Threads sharing the root moves.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=(awale::protocol::options::MAX_THREADS as i64)))]
    threads: u32,
    #[command(flatten)]
    game: GameArgs,
}

/// Prints `<move>: <count>` per root move, the total, the time and the rate.
/// `eval` is the `oware` evaluation (`--eval`; perft does not evaluate).
pub fn run(args: PerftArgs, eval: &Evaluation) -> anyhow::Result<ExitCode> {
    struct Perft {
        depth: u32,
        threads: usize,
    }
    impl SetupVisitor for Perft {
        type Output = ();
        fn visit<G: awale::registry::Variant>(self, line: Line<G>) -> anyhow::Result<()> {
            let started = Instant::now();
            // Nothing stops a perft run from the command line.
            let never = AtomicBool::new(false);
            let counts = awale::perft::divide(
                line.game(),
                line.position(),
                line.history(),
                self.depth,
                self.threads,
                &never,
            )?;
            let elapsed = started.elapsed();
            let mut total = 0;
            for (mv, count) in counts {
                stdout::line(format!("{}: {count}", line.format_move(mv)))?;
                total += count;
            }
            let secs = elapsed.as_secs_f64();
            stdout::line(format!(
                "\nNodes searched: {total}\nTime: {secs:.3} s\nRate: {:.0} nodes/s",
                total as f64 / secs.max(1e-9)
            ))?;
            Ok(())
        }
    }
    args.game.run(
        eval,
        Perft {
            depth: args.depth,
            threads: args.threads as usize,
        },
    )?;
    Ok(ExitCode::SUCCESS)
}
