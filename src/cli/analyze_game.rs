//! `awale analyze --game FILE`: every position of a game searched with the
//! engine's search, the game written back as OGN with a comment after each
//! move (its value before and after, the better move, a mark for a
//! mistake), or the same per move as JSON.
//!
//! The value before a move is the search's best score of the position; the
//! value after it is the score of the same search restricted to the move
//! played (the same root and depth, so the two compare). Both are in seeds
//! from the mover's view. A move is marked `?` when it loses at least one
//! seed of value, `??` when it turns a win or a draw into a worse result:
//! results come from the endgame tables where they prove them, else from
//! a search that proves a win or a loss, else from the game's end; two
//! values with known results compare by their results alone.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use anyhow::{anyhow, Context};
use serde::Serialize;

use super::json_score::JsonScore;
use super::progress_bar::progress_bar;
use awale::files::{read_bounded, write_atomic};
use awale::game::{Game, Line, Side};
use awale::ogn::{self, OgnGame};
use awale::referee::records::parse_records;
use awale::registry::{Capabilities, Evaluation};
use awale::search::{Limits, Score, Searcher};
use awale::tables::loader::Source;
use awale::tables::{self, EndgameTables};
use awale::variants::oware::Oware;

/// What the settings of `analyze` give a whole-game analysis.
pub struct GameAnalysis {
    /// The search of each position.
    pub limits: Limits,
    pub threads: usize,
    pub hash_mb: usize,
    pub tables: Source,
    /// JSON instead of OGN.
    pub json: bool,
    /// Where to write (atomically) instead of stdout.
    pub out: Option<PathBuf>,
    /// The evaluation the searches play with (`--eval`).
    pub eval: Evaluation,
}

/// A game's result from one side's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Loss,
    Draw,
    Win,
}

impl Outcome {
    /// The outcome of final scores for `side`.
    fn of(scores: [u32; 2], side: Side) -> Outcome {
        let (mine, theirs) = (scores[side.index()], scores[1 - side.index()]);
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Less => Outcome::Loss,
        }
    }

    /// The outcome a search score proves, if it proves one.
    fn proved(score: Score) -> Option<Outcome> {
        if !score.is_proven() || score.0 == 0 {
            None
        } else if score.0 > 0 {
            Some(Outcome::Win)
        } else {
            Some(Outcome::Loss)
        }
    }
}

/// A value from the mover's view, as printed and as JSON.
#[derive(Clone, Debug, Serialize)]
pub struct Value {
    /// The search's score.
    pub score: JsonScore,
    /// For people: seeds with two decimals, `win in N`, `win by N
    /// (tables)`.
    pub text: String,
    /// The result known for it (tables, a proof, the game's end), if any.
    pub result: Option<Outcome>,
}

/// The analysis of one move.
#[derive(Clone, Debug, Serialize)]
pub struct MoveAnalysis {
    /// The ply, from 1.
    pub ply: usize,
    /// The move number as OGN writes it.
    pub number: u32,
    /// Who played it.
    pub side: String,
    /// The move played.
    #[serde(rename = "move")]
    pub played: String,
    /// The position's value before the move.
    pub before: Value,
    /// The value of the move played.
    pub after: Value,
    /// The search's best move, when the one played was worse.
    pub best: Option<String>,
    /// `?` or `??` for a mistake.
    pub mark: Option<&'static str>,
    /// The depth the search reached.
    pub depth: u32,
}

/// The whole analysis as JSON.
#[derive(Serialize)]
struct Report<'a> {
    variant: &'static str,
    start: String,
    result: String,
    moves: &'a [MoveAnalysis],
}

/// A score in seeds for comparing values whose results are not both
/// known: the heuristic value, a table result's final margin, 48 for a
/// win the search proves.
fn seeds(score: Score) -> f64 {
    if let Some((margin, _)) = score.table_margin() {
        return f64::from(margin);
    }
    if score.is_decisive() {
        return if score.0 > 0 { 48.0 } else { -48.0 };
    }
    f64::from(score.0) / 100.0
}

/// Whether the move valued `after` is worse than the best, valued
/// `before`: a worse result when both are known (a win in 1 and a win by
/// 6 seeds at the end are both wins), else a lower value.
fn worse(before: &Value, before_score: Score, after: &Value, after_score: Score) -> bool {
    match (before.result, after.result) {
        (Some(b), Some(a)) => a < b,
        _ => seeds(after_score) < seeds(before_score),
    }
}

/// The mark of a move valued `after` where the best was valued `before`:
/// `??` for a win or draw turned into a worse result (both known), `?`
/// for a seed of value lost or more (when the results are not both
/// known).
pub fn mark(
    before: &Value,
    before_score: Score,
    after: &Value,
    after_score: Score,
) -> Option<&'static str> {
    match (before.result, after.result) {
        (Some(b @ (Outcome::Win | Outcome::Draw)), Some(a)) if a < b => Some("??"),
        (Some(_), Some(_)) => None,
        _ if seeds(before_score) - seeds(after_score) >= 1.0 => Some("?"),
        _ => None,
    }
}

/// Reads the game to analyse: the last game of an OGN or records file.
fn read_game(path: &Path) -> anyhow::Result<OgnGame> {
    let bytes = read_bounded(path, ogn::MAX_FILE_BYTES, "game file")
        .map_err(|e| anyhow!("--game {}: {e}", path.display()))?;
    let fail = |e: String| anyhow!("--game '{}': {e}", path.display());
    let text = String::from_utf8_lossy(&bytes);
    let last = if ogn::is_ogn(&text) {
        ogn::parse_bytes(&bytes)
            .map_err(|e| fail(e.to_string()))?
            .pop()
    } else {
        match parse_records(&text).0.last() {
            Some(record) => Some(ogn::from_record(record).map_err(fail)?),
            None => None,
        }
    };
    last.ok_or_else(|| fail("no game in the file".into()))
}

/// The value of `score` for the mover, with the result known otherwise
/// (`known`) or proved by the score.
fn value(score: Score, known: Option<Outcome>) -> Value {
    Value {
        score: score.into(),
        text: score.to_seeds(),
        result: known.or_else(|| Outcome::proved(score)),
    }
}

/// The comment written after a move.
fn comment(m: &MoveAnalysis) -> String {
    let mut text = String::new();
    if let Some(mark) = m.mark {
        text.push_str(mark);
        text.push(' ');
    }
    text.push_str(&format!("{} -> {}", m.before.text, m.after.text));
    if let Some(best) = &m.best {
        text.push_str(&format!("; best {best}"));
    }
    text
}

/// Analyses every move of `game`.
fn analyse(game: &OgnGame, settings: &GameAnalysis) -> anyhow::Result<Vec<MoveAnalysis>> {
    let mut rules = game.rules.clone();
    rules.set_evaluation(&settings.eval);
    let (table_source, warnings) = match rules.load_tables(&settings.tables) {
        Some(loading) => {
            let tables = loading.wait();
            (Some(tables), loading.take_warnings())
        }
        None => (None, Vec::new()),
    };
    for w in warnings {
        eprintln!("warning: {w}");
    }
    let mut searcher = Searcher::new(rules.clone(), settings.hash_mb, settings.threads);
    searcher.set_oracle(table_source.as_ref().and_then(|t| rules.endgame_oracle(t)));
    let bar = progress_bar(
        std::io::stderr().is_terminal(),
        game.moves.len() as u64,
        "[{bar:30}] {pos}/{len} moves, {elapsed} elapsed, ETA {eta}",
    );
    let stop = AtomicBool::new(false);
    let north_first = rules.side_to_move(&game.start) == Side::North;
    let mut line = Line::from_position(rules.clone(), game.start);
    let mut report = Vec::with_capacity(game.moves.len());
    for (i, m) in game.moves.iter().enumerate() {
        let pos = *line.position();
        let side = rules.side_to_move(&pos);
        let all = searcher.search(
            &pos,
            line.history(),
            &settings.limits,
            &[],
            &stop,
            &mut |_| {},
        );
        let (final_before, final_after) = table_finals(table_source.as_ref(), &rules, &line, m.mv);
        let mut played_score = if all.best == Some(m.mv) {
            all.score
        } else {
            searcher
                .search(
                    &pos,
                    line.history(),
                    &settings.limits,
                    &[m.mv],
                    &stop,
                    &mut |_| {},
                )
                .score
        };
        // A search whose root the tables know answers with the root's
        // value, whatever the move it is held to: the move's own proved
        // value is the tables'.
        if let Some(f) = final_after {
            let me = side.index();
            played_score = Score::table(f[me], f[1 - me], 1);
        }
        let known_before = final_before.map(|f| Outcome::of(f, side));
        line.play(m.mv).with_context(|| format!("move {}", i + 1))?;
        let known_after = line
            .end()
            .map(|end| end.scores)
            .or(final_after)
            .map(|f| Outcome::of(f, side));
        let before = value(all.score, known_before);
        let after = value(played_score, known_after);
        let worse = worse(&before, all.score, &after, played_score);
        let best = all
            .best
            .filter(|&b| b != m.mv && worse)
            .map(|b| rules.format_move(&pos, b));
        report.push(MoveAnalysis {
            ply: i + 1,
            number: game.first_number + ((i + usize::from(north_first)) / 2) as u32,
            side: side.to_string(),
            played: rules.format_move(&pos, m.mv),
            mark: mark(&before, all.score, &after, played_score),
            before,
            after,
            best,
            depth: all.depth,
        });
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(report)
}

/// The final scores the tables prove for the position of `line` and for
/// the move `mv` there: `(before, after)`.
fn table_finals(
    tables: Option<&Arc<EndgameTables>>,
    rules: &Oware,
    line: &Line<Oware>,
    mv: awale::variants::oware::Move,
) -> (Option<[u32; 2]>, Option<[u32; 2]>) {
    let Some(tables) = tables else {
        return (None, None);
    };
    let pos = line.position();
    let fresh = line.history().reversible_plies() == 0;
    let before = tables::verdict(tables, rules, pos, fresh).and_then(|v| v.final_scores);
    let after = tables::move_outcomes(tables, rules, pos, line.history(), false)
        .into_iter()
        .find(|o| o.mv == mv && o.certain)
        .and_then(|o| o.final_scores);
    (before, after)
}

/// Runs `analyze --game FILE`.
pub fn run(path: &Path, settings: GameAnalysis) -> anyhow::Result<()> {
    let mut game = read_game(path)?;
    let report = analyse(&game, &settings)?;
    let text = if settings.json {
        let result = match game.result {
            Some([s, n]) => format!("{s}-{n}"),
            None => "*".to_string(),
        };
        let json = Report {
            variant: game.rules.name(),
            start: game.rules.format_position(&game.start),
            result,
            moves: &report,
        };
        serde_json::to_string(&json)? + "\n"
    } else {
        for (m, a) in game.moves.iter_mut().zip(&report) {
            let analysis = comment(a);
            m.comment = Some(match m.comment.take() {
                Some(before) => format!("{before} | {analysis}"),
                None => analysis,
            });
        }
        ogn::write_game(&game)?
    };
    match &settings.out {
        Some(out) => write_atomic(out, text.as_bytes())
            .with_context(|| format!("cannot write '{}'", out.display()))?,
        None => {
            use std::io::Write;
            std::io::stdout().lock().write_all(text.as_bytes())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(score: Score, result: Option<Outcome>) -> Value {
        value(score, result)
    }

    #[test]
    fn marks_follow_the_values_and_the_results() {
        let (a, b) = (Score(150), Score(40));
        assert_eq!(mark(&v(a, None), a, &v(b, None), b), Some("?"));
        let c = Score(90);
        assert_eq!(mark(&v(a, None), a, &v(c, None), c), None);
        // A proven win thrown into a proven loss; a draw into a loss.
        let (win, loss) = (Score::win_in(5), Score::loss_in(4));
        assert_eq!(mark(&v(win, None), win, &v(loss, None), loss), Some("??"));
        let z = Score(0);
        assert_eq!(
            mark(&v(z, Some(Outcome::Draw)), z, &v(z, Some(Outcome::Loss)), z),
            Some("??")
        );
        // A loss stays a loss: at most a `?`.
        assert_eq!(mark(&v(loss, None), loss, &v(loss, None), loss), None);
        // Two wins are as good: a win in 1 and a table win by 6, or by 2.
        let (w6, w2) = (Score::table(30, 18, 3), Score::table(26, 22, 3));
        assert_eq!(mark(&v(w6, None), w6, &v(w2, None), w2), None);
        assert_eq!(mark(&v(win, None), win, &v(w2, None), w2), None);
        assert!(!worse(&v(win, None), win, &v(w6, None), w6));
        // A forced win thrown into an unclear position loses value.
        assert_eq!(mark(&v(win, None), win, &v(a, None), a), Some("?"));
    }
}
