//! Class-harness mode: the single-line protocol of the Université Côte
//! d'Azur course referee. One line in, one line out per turn, nothing else on
//! the output; `START` makes the engine play first; `RESULT ...` lines end
//! the game.

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use crate::game::{GameEnd, GameError};
use crate::search::{Clock, Limits};

use super::io::{Line, LineReader, Stop};
use super::options;
use super::session::{build, rebuild, AnySession, Settings};
use crate::think::{self as thinker, Request};

/// How the arbiter mode ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game ended on a move (ours or the opponent's) and `RESULT` was printed.
    Finished(GameEnd),
    /// A line containing `RESULT` arrived.
    ResultReceived,
    /// The input ended before the game did.
    EndOfInput,
    /// The opponent sent an illegal or malformed move; `RESULT invalid ...` was printed.
    Invalid,
}

impl Outcome {
    /// The process exit status: 0 except after an invalid move.
    pub fn exit_code(&self) -> u8 {
        match self {
            Outcome::Invalid => 1,
            _ => 0,
        }
    }
}

/// The arbiter's configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// Variant, rule options and search options.
    pub settings: Settings,
    /// Thinking time per move, from the arrival of the opponent's line to our answer.
    pub movetime: Duration,
}

impl Config {
    /// A configuration for `variant` with `options` (`NAME=VALUE` pairs,
    /// rule or engine options as in `setoption`) and `movetime`.
    pub fn new(
        variant: &str,
        options: &[(String, String)],
        movetime: Duration,
    ) -> Result<Config, GameError> {
        let (mut settings, _) = options::apply(&Settings::default(), &[], "Variant", Some(variant))
            .map_err(GameError::new)?;
        for (name, value) in options {
            let rules = build(&settings)?.rule_options();
            let (next, _) =
                options::apply(&settings, &rules, name, Some(value)).map_err(GameError::new)?;
            settings = next;
        }
        build(&settings)?;
        Ok(Config { settings, movetime })
    }
}

/// Plays one game on `input`/`output` as the course referee expects.
pub fn run<R: BufRead>(config: &Config, input: R, output: &mut dyn Write) -> io::Result<Outcome> {
    let mut session = build(&config.settings).map_err(|e| io::Error::other(e.to_string()))?;
    let mut reader = LineReader::new(input);
    let mut first = true;
    loop {
        let (text, received) = match reader.next_line()? {
            None => return Ok(Outcome::EndOfInput),
            Some(Line::Text(text)) => (text, Instant::now()),
            Some(Line::TooLong(text, _)) => {
                let head: String = text.chars().take(80).collect();
                say(output, &format!("RESULT invalid {}", clean(&head)))?;
                return Ok(Outcome::Invalid);
            }
        };
        let line = text.trim();
        if line.contains("RESULT") {
            return Ok(Outcome::ResultReceived);
        }
        if line.is_empty() {
            continue;
        }
        if !(first && line == "START") {
            if let Err(e) = session.play(line) {
                log::info!("invalid opponent move {line:?}: {e}");
                say(output, &format!("RESULT invalid {}", clean(line)))?;
                return Ok(Outcome::Invalid);
            }
            if let Some(end) = session.game_end() {
                say(
                    output,
                    &format!("RESULT {} {} {}", clean(line), end.scores[0], end.scores[1]),
                )?;
                return Ok(Outcome::Finished(end));
            }
        }
        first = false;
        let (mv, back) = think(config, session, received);
        session = back?;
        // The game is not over here, so the search has a move.
        let mv = mv.ok_or_else(|| io::Error::other("the search found no move"))?;
        if let Err(e) = session.play(&mv) {
            return Err(io::Error::other(format!("own move {mv}: {e}")));
        }
        match session.game_end() {
            Some(end) => {
                say(
                    output,
                    &format!("RESULT {mv} {} {}", end.scores[0], end.scores[1]),
                )?;
                return Ok(Outcome::Finished(end));
            }
            None => say(output, &mv)?,
        }
    }
}

/// One line, flushed.
fn say(output: &mut dyn Write, line: &str) -> io::Result<()> {
    writeln!(output, "{line}")?;
    output.flush()
}

/// The text without control characters, so an echo stays one line.
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Chooses our move within the time: the search is stopped shortly before
/// the deadline; if it has not answered by then, the best move it reported
/// is played and a fresh session replaces the one the search still holds.
fn think(
    config: &Config,
    session: Box<dyn AnySession>,
    received: Instant,
) -> (Option<String>, io::Result<Box<dyn AnySession>>) {
    let record = session.record();
    let budget = config.movetime;
    let reserve = (budget / 4).min(Duration::from_millis(60));
    let stop_at = received + budget.saturating_sub(reserve);
    let answer_at = received + budget.saturating_sub(reserve / 4);
    let request = Request {
        limits: Limits {
            movetime: Some(stop_at.saturating_duration_since(Instant::now())),
            clock: Clock::default(),
            multipv: 1,
            move_overhead: config.settings.move_overhead,
            ..Limits::default()
        },
        searchmoves: Vec::new(),
        stop_after: Some(stop_at.saturating_duration_since(Instant::now())),
        grace: answer_at.saturating_duration_since(stop_at),
    };
    let stop = Stop::new();
    let thought = thinker::think(session, request, &stop, |_| {});
    stop.trigger();
    let session = if thought.session.is_ready() {
        thought.session.wait()
    } else {
        None
    };
    let session = match session {
        Some(session) => Ok(session),
        None => rebuild(&config.settings, &record).and_then(|(session, replayed)| match replayed {
            None => Ok(session),
            Some(e) => Err(GameError::new(format!("cannot replay the game: {e}"))),
        }),
    };
    (
        thought.best.map(|best| best.mv),
        session.map_err(|e| io::Error::other(e.to_string())),
    )
}
