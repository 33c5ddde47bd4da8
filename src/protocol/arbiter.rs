//! Class-harness mode: the single-line protocol of the Université Côte
//! d'Azur course referee. One line in, one line out per turn, nothing else on
//! the output; `START` makes the engine play first; `RESULT ...` lines end
//! the game.

use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::game::{GameEnd, GameError};
use crate::search::{Clock, Limits};

use super::command::Start;
use super::io::{Line, LineReader, Stop};
use super::options;
use super::session::{build, AnySession, Settings};

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
        if let Err(e) = session.play(&mv) {
            // Cannot happen: the move comes from the legal moves.
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

/// Chooses our move within the time: the search runs on its own thread and
/// is stopped shortly before the deadline; if it has not answered by then,
/// the best move it reported (or else the first legal move) is played and a
/// fresh session replaces the one the search still holds.
fn think(
    config: &Config,
    mut session: Box<dyn AnySession>,
    received: Instant,
) -> (String, io::Result<Box<dyn AnySession>>) {
    let legal = session.legal_moves();
    let record = session.record();
    let budget = config.movetime;
    let reserve = (budget / 4).min(Duration::from_millis(60));
    let stop_at = received + budget.saturating_sub(reserve);
    let answer_at = received + budget.saturating_sub(reserve / 4);
    let limits = Limits {
        movetime: Some(stop_at.saturating_duration_since(Instant::now())),
        clock: Clock::default(),
        multipv: 1,
        move_overhead: config.settings.move_overhead,
        ..Limits::default()
    };
    let stop = Stop::new();
    let (tx, rx) = mpsc::channel::<Event>();
    enum Event {
        Best(String),
        Done(Option<String>, Box<dyn AnySession>),
    }
    let spawned = {
        let stop = stop.clone();
        let tx = tx.clone();
        thread::Builder::new()
            .name("awale-arbiter-search".into())
            .spawn(move || {
                let best = session.search(&limits, &[], stop.flag(), &mut |report| {
                    if let Some(best) = report.best {
                        let _ = tx.send(Event::Best(best));
                    }
                });
                let _ = tx.send(Event::Done(best, session));
            })
    };
    drop(tx);
    let mut best_so_far: Option<String> = None;
    let mut returned: Option<Box<dyn AnySession>> = None;
    if spawned.is_ok() {
        loop {
            let now = Instant::now();
            if now >= stop_at && !stop.is_set() {
                stop.trigger();
            }
            if now >= answer_at {
                log::warn!("the search did not answer in time; playing its best move so far");
                break;
            }
            let wake = if stop.is_set() { answer_at } else { stop_at };
            match rx.recv_timeout(wake.saturating_duration_since(now)) {
                Ok(Event::Best(mv)) => best_so_far = Some(mv),
                Ok(Event::Done(best, back)) => {
                    if best.is_some() {
                        best_so_far = best;
                    }
                    returned = Some(back);
                    break;
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
    }
    stop.trigger();
    let mv = best_so_far
        .filter(|m| legal.contains(m))
        .or_else(|| legal.first().cloned())
        .unwrap_or_default();
    let session = match returned {
        Some(session) => Ok(session),
        None => rebuild(&config.settings, &record),
    };
    (mv, session)
}

/// A new session at the recorded position (after a search was left behind).
fn rebuild(settings: &Settings, record: &(Start, Vec<String>)) -> io::Result<Box<dyn AnySession>> {
    let mut session = build(settings).map_err(|e| io::Error::other(e.to_string()))?;
    session
        .set_position(&record.0, &record.1)
        .map_err(|e| io::Error::other(format!("cannot replay the game: {e}")))?;
    Ok(session)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> Config {
        Config::new("oware", &[], Duration::from_millis(100)).unwrap()
    }

    fn play(input: &str) -> (Outcome, Vec<String>) {
        let mut out = Vec::new();
        let outcome = run(&config(), input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        (outcome, text.lines().map(String::from).collect())
    }

    #[test]
    fn start_makes_us_play_first() {
        let (outcome, lines) = play("START\n");
        assert_eq!(outcome, Outcome::EndOfInput);
        assert_eq!(lines.len(), 1);
        assert!(
            ["A", "B", "C", "D", "E", "F"].contains(&lines[0].as_str()),
            "{lines:?}"
        );
    }

    #[test]
    fn answers_a_move_and_stops_at_result() {
        let (outcome, lines) = play("F\nRESULT F 0 0\nA\n");
        assert_eq!(outcome, Outcome::ResultReceived);
        assert_eq!(lines.len(), 1);
        assert!(
            ["a", "b", "c", "d", "e", "f"].contains(&lines[0].as_str()),
            "{lines:?}"
        );
    }

    #[test]
    fn invalid_moves_end_the_game() {
        let (outcome, lines) = play("Z9\n");
        assert_eq!(outcome, Outcome::Invalid);
        assert_eq!(outcome.exit_code(), 1);
        assert_eq!(lines, ["RESULT invalid Z9"]);
        let (outcome, lines) = play("a\n");
        assert_eq!(outcome, Outcome::Invalid);
        assert_eq!(lines, ["RESULT invalid a"]);
    }

    #[test]
    fn options_are_checked() {
        assert!(Config::new("chess", &[], Duration::from_millis(5)).is_err());
        let bad = vec![("GrandSlam".to_string(), "maybe".to_string())];
        assert!(Config::new("oware", &bad, Duration::from_millis(5)).is_err());
        let good = vec![
            ("Notation".to_string(), "numbers".to_string()),
            ("Level".to_string(), "easy".to_string()),
        ];
        let cfg = Config::new("oware", &good, Duration::from_millis(5)).unwrap();
        assert_eq!(
            cfg.settings.rule_options,
            vec![("Notation".into(), "numbers".into())]
        );
    }
}
