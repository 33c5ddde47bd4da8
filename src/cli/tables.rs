//! `awale tables`: build the endgame tables into a directory, or probe a
//! position with them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{anyhow, bail, Context};
use clap::{Args, Subcommand};
use indicatif::ProgressBar;
use serde::Serialize;

use super::progress_bar::progress_bar;
use super::setup::GameArgs;
use awale::game::{Game, GameEnd, Line};
use awale::registry;
use awale::registry::Evaluation;
use awale::tables::loader::Source;
use awale::tables::{self, BuildEvent, EndgameTables, Progress, Rules};
use awale::variants::oware::Oware;

/// The largest level `tables build` accepts: level 24 alone has 417 million
/// positions; the build of levels 0-24 peaks at about 3.2 GB of memory and
/// takes about 20 minutes on two threads (BENCHMARKS.md).
const MAX_BUILD: usize = 24;

/// Arguments of `awale tables`.
#[derive(Args, Debug)]
pub struct TablesArgs {
    #[command(subcommand)]
    command: TablesCommand,
}

#[derive(Subcommand, Debug)]
enum TablesCommand {
    /// Build the tables of `oware` for 0 to N seeds on the board, one file
    /// per level; levels whose file is already there are kept.
    Build(BuildArgs),
    /// Show what the tables say of a position and of each of its moves.
    Probe(ProbeArgs),
}

/// Arguments of `awale tables build`.
#[derive(Args, Debug)]
struct BuildArgs {
    /// The largest number of seeds on the board to cover (0 to 24).
    #[arg(long, value_name = "N")]
    max_seeds: usize,
    /// Where to write the files (default: the default table directory, see
    /// docs/tables.md); `--dir` is an older name of it.
    #[arg(long = "tables", alias = "dir", value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// A rule option of `oware`, NAME=VALUE (repeatable): each set of rules
    /// has its own files.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// Arguments of `awale tables probe`.
#[derive(Args, Debug)]
#[command(mut_arg("variant", |a| super::setup::only_where(a, |e| e.tables, "the only variant with endgame tables")))]
struct ProbeArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Where the endgame tables are: a directory or `<default>` (levels up
    /// to 10 are built in memory when no file has them).
    #[arg(long, value_name = "DIR", default_value = Source::DEFAULT)]
    tables: String,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `awale tables ...`.
/// `eval` is the `oware` evaluation (`--eval`; the tables do not evaluate).
pub fn run(args: TablesArgs, eval: &Evaluation) -> anyhow::Result<ExitCode> {
    match args.command {
        TablesCommand::Build(args) => build(args),
        TablesCommand::Probe(args) => probe(args, eval),
    }
}

fn oware_rules(options: &[String]) -> anyhow::Result<Rules> {
    let pairs = super::setup::option_pairs(options)?;
    let game: Oware = awale::registry::configured(&pairs)?;
    Ok(Rules::of(&game))
}

fn default_dir() -> anyhow::Result<PathBuf> {
    tables::default_dir()
        .ok_or_else(|| anyhow!("no table directory: give --tables DIR (HOME is not set)"))
}

fn build(args: BuildArgs) -> anyhow::Result<ExitCode> {
    if args.max_seeds > MAX_BUILD {
        bail!(
            "--max-seeds {}: at most {MAX_BUILD} (level {MAX_BUILD} alone has 417 million positions)",
            args.max_seeds
        );
    }
    let rules = oware_rules(&args.options)?;
    let dir = match args.dir {
        Some(dir) => dir,
        None => default_dir()?,
    };
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("cannot create the table directory {}", dir.display()))?;
    check_writable(&dir)?;
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = args.threads {
        pool = pool.num_threads(t as usize);
    }
    let pool = pool.build().context("cannot start the build threads")?;
    let threads = pool.current_num_threads();
    eprintln!(
        "Building oware tables ({}) up to {} seeds in {} on {threads} thread(s)",
        rules.describe(),
        args.max_seeds,
        dir.display()
    );
    let progress = Progress::default();
    let finished = AtomicBool::new(false);
    let bar = progress_bar(
        !args.quiet,
        0,
        "level {msg:>2} [{bar:30}] {human_pos}/{human_len} steps, {elapsed} elapsed, ETA {eta}",
    );
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !finished.load(Ordering::Relaxed) {
                bar.set_message(progress.seeds.load(Ordering::Relaxed).to_string());
                bar.set_length(progress.total());
                bar.set_position(progress.done());
                std::thread::sleep(Duration::from_millis(200));
            }
        });
        let result = pool.install(|| {
            EndgameTables::build_into(&dir, rules, args.max_seeds, &progress, &mut |event| {
                report(&bar, event)
            })
        });
        finished.store(true, Ordering::Relaxed);
        result
    });
    bar.finish_and_clear();
    result.with_context(|| format!("building the tables in {}", dir.display()))?;
    eprintln!("Done: levels 0 to {} in {}", args.max_seeds, dir.display());
    Ok(ExitCode::SUCCESS)
}

/// Fails early, with the directory's name, when files cannot be created there.
fn check_writable(dir: &Path) -> anyhow::Result<()> {
    let probe = dir.join(format!(".awale-write-test{}", std::process::id()));
    std::fs::write(&probe, b"")
        .with_context(|| format!("the table directory {} is not writable", dir.display()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Prints a line above the progress bar, or plainly on stderr when the bar
/// is not drawn (not a terminal, or `--quiet`).
fn say(bar: &ProgressBar, line: String) {
    if bar.is_hidden() {
        eprintln!("{line}");
    } else {
        bar.println(line);
    }
}

fn report(bar: &ProgressBar, event: BuildEvent) {
    match event {
        BuildEvent::Loaded { n } => say(bar, format!("level {n:2}: already built")),
        BuildEvent::Rebuilding { n, why } => {
            say(bar, format!("level {n:2}: {why}; building it again"))
        }
        BuildEvent::Started { .. } => {}
        BuildEvent::Finished {
            n,
            stats,
            time,
            path,
        } => {
            let secs = time.as_secs_f64().max(1e-9);
            say(bar, format!(
                "level {n:2}: {} positions, value proved for {:.1}%, exact under every history {:.1}%, \
                 {} rounds, {:.2} s ({:.0} positions/s) -> {}",
                stats.positions,
                100.0 * stats.fresh_known as f64 / stats.positions as f64,
                100.0 * stats.exact as f64 / stats.positions as f64,
                stats.rounds,
                secs,
                stats.positions as f64 / secs,
                path.display()
            ))
        }
    }
}

/// What a probe prints as JSON (docs/tables.md): the position, then each
/// move, with the same words as the text.
#[derive(Serialize)]
struct ProbeReport {
    position: String,
    on_board: u32,
    /// The game is over: the value is what the ending gives the side to
    /// move, `final_scores` are the final totals, and there are no moves.
    over: bool,
    /// Why the game ended, when it is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    #[serde(flatten)]
    value: ValueReport,
    moves: Vec<MoveReport>,
}

/// What the tables prove of the seeds a player collects from a position to
/// the end of the game: one meaning for each word, in the text and the JSON.
#[derive(Serialize)]
struct ValueReport {
    /// The value is proved for the history given.
    known: bool,
    /// Known, and the same whatever the history since the last capture.
    exact: bool,
    /// The seeds collected, for the history given; `None` (JSON `null`)
    /// when not known.
    value: Option<u32>,
    /// Bounds on the seeds collected that hold for the history given
    /// (`[value, value]` when known).
    bounds: [u32; 2],
    /// Bounds that hold whatever the history.
    every_history: [u32; 2],
    /// Bounds if the position were reached by a capture (an empty history).
    if_reached_by_capture: [u32; 2],
    /// The final totals `[south, north]` when known.
    final_scores: Option<[u32; 2]>,
}

impl ValueReport {
    /// The report of bounds `bounds` for the history given, the others as
    /// named, final totals `final_scores` when known.
    fn new(
        bounds: [u32; 2],
        every_history: [u32; 2],
        if_reached_by_capture: [u32; 2],
        final_scores: Option<[u32; 2]>,
    ) -> ValueReport {
        let known = bounds[0] == bounds[1];
        ValueReport {
            known,
            exact: known && every_history[0] == every_history[1],
            value: known.then_some(bounds[0]),
            bounds,
            every_history,
            if_reached_by_capture,
            final_scores: if known { final_scores } else { None },
        }
    }
}

#[derive(Serialize)]
struct MoveReport {
    #[serde(rename = "move")]
    mv: String,
    /// Seeds the mover collects from the position before this move to the
    /// end of the game (what the move captures included).
    #[serde(flatten)]
    value: ValueReport,
    /// Among the moves the engine chooses from at this root: those that
    /// keep the position's outcome, the surest first (docs/tables.md).
    kept: bool,
}

fn probe(args: ProbeArgs, eval: &Evaluation) -> anyhow::Result<ExitCode> {
    if !registry::is_variant::<Oware>(&args.game.rules.variant) {
        bail!(
            "--variant {}: only oware has endgame tables",
            args.game.rules.variant
        );
    }
    let tables = match Source::parse(&args.tables).map_err(|e| anyhow!("--tables: {e}"))? {
        Source::Default => None,
        Source::Dir(dir) => Some(dir),
        Source::Off => bail!(
            "--tables {}: there is nothing to probe without tables",
            args.tables
        ),
    };
    let line = args.game.line::<Oware>(eval)?;
    let report = match line.end() {
        Some(end) => over_report(&line, end),
        None => {
            let tables = open_tables(tables.as_deref(), Rules::of(line.game()));
            probe_report(&tables, &line)?
        }
    };
    if args.json {
        super::stdout::line(serde_json::to_string(&report)?)?;
    } else {
        super::stdout::line(report_text(&report))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The tables for `rules` from `dir` (or the default directory; `--tables`
/// was checked by [`Source::parse`]), the small levels built in memory
/// where files are missing; refused files are warnings.
fn open_tables(dir: Option<&Path>, rules: Rules) -> EndgameTables {
    let (tables, warnings) = tables::open(dir, rules);
    for w in warnings {
        eprintln!("warning: {w}");
    }
    tables
}

/// The report of a finished game: its final totals, known whatever the
/// history, no tables needed.
fn over_report(line: &Line<Oware>, end: GameEnd) -> ProbeReport {
    let pos = line.position();
    let v = end.scores[pos.side()] - pos.score(pos.side());
    ProbeReport {
        position: line.game().format_position(pos),
        on_board: pos.on_board(),
        over: true,
        reason: Some(end.reason.to_string()),
        value: ValueReport::new([v, v], [v, v], [v, v], Some(end.scores)),
        moves: Vec::new(),
    }
}

fn probe_report(tables: &EndgameTables, line: &Line<Oware>) -> anyhow::Result<ProbeReport> {
    let (game, pos, history) = (line.game(), line.position(), line.history());
    let fresh = history.reversible_plies() == 0;
    let verdict = tables::verdict(tables, game, pos, fresh).ok_or_else(|| {
        anyhow!(
            "no table covers {} seeds on the board (levels present: {:?})",
            pos.on_board(),
            tables.seed_counts()
        )
    })?;
    let outcomes = tables::move_outcomes(tables, game, pos, history, false);
    let legal: Vec<_> = outcomes.iter().map(|o| o.mv).collect();
    let kept = tables::keeping_moves(tables, game, pos, history, &legal).unwrap_or_default();
    let moves = outcomes
        .into_iter()
        .map(|o| {
            // An outcome not known for this history holds only its bounds
            // whatever the history; `lo..hi` are those with an empty one.
            let known = o.final_scores.is_some();
            let bounds = if known { [o.lo, o.hi] } else { o.every_history };
            MoveReport {
                kept: kept.contains(&o.mv),
                mv: game.format_move(pos, o.mv),
                value: ValueReport::new(bounds, o.every_history, [o.lo, o.hi], o.final_scores),
            }
        })
        .collect();
    let e = verdict.entry;
    let (fresh_bounds, every) = (
        [u32::from(e.lo), u32::from(e.hi)],
        [u32::from(e.every_lo), u32::from(e.every_hi)],
    );
    Ok(ProbeReport {
        position: game.format_position(pos),
        on_board: verdict.on_board,
        over: false,
        reason: None,
        value: ValueReport::new(
            if fresh { fresh_bounds } else { every },
            every,
            fresh_bounds,
            verdict.final_scores,
        ),
        moves,
    })
}

/// `lo..hi`, or the one number when they meet.
fn span([lo, hi]: [u32; 2]) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}..{hi}")
    }
}

/// How sure a value is, in the words of docs/tables.md, with the other
/// bounds where they say more than the value shown.
fn certainty(v: &ValueReport) -> String {
    if v.exact {
        return "exact: the same whatever the history".to_string();
    }
    let mut text = if v.known {
        "known for this history".to_string()
    } else {
        "not known for this history".to_string()
    };
    if v.every_history != v.bounds {
        text += &format!("; whatever the history: {}", span(v.every_history));
    }
    if v.if_reached_by_capture != v.bounds {
        text += &format!(
            "; if reached by a capture: {}",
            span(v.if_reached_by_capture)
        );
    }
    text
}

/// `final S-N`, or that it is not known.
fn finals(v: &ValueReport) -> String {
    match v.final_scores {
        Some([s, n]) => format!("final {s}-{n}"),
        None => "final not known".to_string(),
    }
}

/// The probe's report for people, lines joined (no final line end).
fn report_text(r: &ProbeReport) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(out, "Position: {}", r.position);
    let _ = write!(out, "Seeds on the board: {}", r.on_board);
    if r.over {
        let _ = write!(
            out,
            "\nThe game is over ({}): {}",
            r.reason.as_deref().unwrap_or("the rules"),
            finals(&r.value)
        );
        return out;
    }
    let v = &r.value;
    let _ = write!(
        out,
        "\nValue: the side to move collects {} ({}), {}",
        v.value.map_or_else(|| span(v.bounds), |n| n.to_string()),
        certainty(v),
        finals(v)
    );
    for m in &r.moves {
        let shown = match m.value.value {
            Some(n) => n.to_string(),
            None => span(m.value.bounds),
        };
        let mark = if m.kept { "  (kept)" } else { "" };
        let _ = write!(
            out,
            "\n  {:>4}: {shown:>5} ({}), {}{mark}",
            m.mv,
            certainty(&m.value),
            finals(&m.value)
        );
    }
    if r.moves.iter().any(|m| m.kept) {
        let _ = write!(
            out,
            "\n(kept: the moves the engine chooses from here, those that keep the outcome most surely)"
        );
    }
    out
}
