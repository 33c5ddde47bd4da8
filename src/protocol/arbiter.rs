//! Class-harness mode: the single-line protocol of the Université Côte
//! d'Azur course referee. One line in, one line out per turn, nothing else on
//! the output; `START` makes the engine play first; `RESULT ...` lines end
//! the game.

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use crate::game::{Game, GameEnd, GameError, Line as GameLine};
use crate::registry::Evaluation;
use crate::registry::{self, Variant, Visitor};
use crate::search::{Clock, Limits};
use crate::think::{self as thinker, Mind, Request, Thought};

use super::command::Start;
use super::io::{Line as Input, LineReader, Stop};
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
    /// rule or engine options as in `setoption`) and `movetime`, playing
    /// with `eval` unless an `EvalFile` option says otherwise.
    pub fn new(
        variant: &str,
        options: &[(String, String)],
        movetime: Duration,
        eval: Evaluation,
    ) -> Result<Config, GameError> {
        let base = Settings {
            eval,
            ..Settings::default()
        };
        let (mut settings, _) =
            options::apply(&base, &[], "Variant", Some(variant)).map_err(GameError::new)?;
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
    struct Play<'a, R> {
        config: &'a Config,
        input: R,
        output: &'a mut dyn Write,
    }
    impl<R: BufRead> Visitor for Play<'_, R> {
        type Output = io::Result<Outcome>;
        fn visit<G: Variant>(self, game: G) -> io::Result<Outcome> {
            let settings = &self.config.settings;
            let fresh = || build(settings).map_err(|e| io::Error::other(e.to_string()));
            let mind = fresh()?;
            play_game(
                self.config,
                GameLine::new(game),
                mind,
                fresh,
                self.input,
                self.output,
            )
        }
    }
    let settings = &config.settings;
    let play = Play {
        config,
        input,
        output,
    };
    registry::visit(&settings.variant, &settings.rule_options, play)
        .map_err(|e| io::Error::other(e.to_string()))?
}

/// What the arbiter thinks with: a mind told the game before each move.
trait Follower: Mind {
    /// Sets the game: the moves played from the start.
    fn follow(&mut self, moves: &[String]) -> Result<(), GameError>;
}

impl Follower for dyn AnySession {
    fn follow(&mut self, moves: &[String]) -> Result<(), GameError> {
        self.set_position(&Start::StartPos, moves)
    }
}

/// The game loop: `line` is the game, `mind` thinks about it, and `fresh`
/// builds another mind when a search slow to stop keeps the last one.
fn play_game<G: Game, M: Follower + ?Sized, R: BufRead>(
    config: &Config,
    mut line: GameLine<G>,
    mut mind: Box<M>,
    mut fresh: impl FnMut() -> io::Result<Box<M>>,
    input: R,
    output: &mut dyn Write,
) -> io::Result<Outcome> {
    let mut reader = LineReader::new(input);
    let mut first = true;
    loop {
        let (text, received) = match reader.next_line()? {
            None => return Ok(Outcome::EndOfInput),
            Some(Input::Text(text)) => (text, Instant::now()),
            Some(Input::TooLong(text, _)) => {
                let head: String = text.chars().take(80).collect();
                say(output, &format!("RESULT invalid {}", clean(&head)))?;
                return Ok(Outcome::Invalid);
            }
        };
        let text = text.trim();
        if text.contains("RESULT") {
            return Ok(Outcome::ResultReceived);
        }
        if text.is_empty() {
            continue;
        }
        if !(first && text == "START") {
            if let Err(e) = line.play_text(text) {
                log::info!("invalid opponent move {text:?}: {e}");
                say(output, &format!("RESULT invalid {}", clean(text)))?;
                return Ok(Outcome::Invalid);
            }
            if let Some(end) = line.end() {
                say(
                    output,
                    &format!("RESULT {} {} {}", clean(text), end.scores[0], end.scores[1]),
                )?;
                return Ok(Outcome::Finished(end));
            }
        }
        first = false;
        mind.follow(&line.moves_text())
            .map_err(|e| io::Error::other(format!("cannot follow the game: {e}")))?;
        let thought = think(config, mind, received);
        // The game is not over here, so the thinker has a move.
        let mv = thought
            .best
            .map(|best| best.mv)
            .ok_or_else(|| io::Error::other("the search found no move"))?;
        if let Err(e) = line.play_text(&mv) {
            return Err(io::Error::other(format!("own move {mv}: {e}")));
        }
        // The move first: a fresh mind (a new hash table) costs time the
        // move cannot spare, and the opponent's turn can.
        let end = line.end();
        match end {
            Some(end) => say(
                output,
                &format!("RESULT {mv} {} {}", end.scores[0], end.scores[1]),
            )?,
            None => say(output, &mv)?,
        }
        if let Some(end) = end {
            return Ok(Outcome::Finished(end));
        }
        let back = if thought.session.is_ready() {
            thought.session.wait()
        } else {
            None
        };
        mind = match back {
            Some(mind) => mind,
            None => fresh()?,
        };
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
/// the deadline; if it has not answered by then, the answer is the best move
/// it reported (or a legal move), and the mind stays with the search.
fn think<M: Mind + ?Sized>(config: &Config, mind: Box<M>, received: Instant) -> Thought<M> {
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
    let thought = thinker::think(mind, request, &stop, |_| {});
    // Releases the search if it still runs.
    stop.trigger();
    thought
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::engine::SharedBuffer;
    use crate::think::{BestMove, Report, Task};
    use crate::variants::oware::Oware;
    use std::sync::Arc;

    /// A mind whose search reports its last legal move at once, then does
    /// not return, stop or no stop, until `release` is given.
    struct Stuck {
        line: GameLine<Oware>,
        release: Arc<Stop>,
    }

    impl Mind for Stuck {
        fn legal_moves(&self) -> Vec<String> {
            self.line.legal_moves_text()
        }

        fn search(&mut self, task: Task<'_>) -> Option<BestMove> {
            let mv = self.line.legal_moves_text().pop()?;
            let best = BestMove { mv, ponder: None };
            (task.on_report)(Report {
                line: format!("info depth 1 pv {}", best.mv),
                best: Some(best.clone()),
            });
            self.release.wait();
            Some(best)
        }
    }

    impl Follower for Stuck {
        fn follow(&mut self, moves: &[String]) -> Result<(), GameError> {
            self.line = GameLine::new(Oware::default());
            self.line.play_all(&moves.join(" "))
        }
    }

    #[test]
    fn the_move_is_printed_before_a_fresh_mind_is_built() {
        let release = Stop::new();
        let stuck = || {
            Box::new(Stuck {
                line: GameLine::new(Oware::default()),
                release: Arc::clone(&release),
            })
        };
        // The search reports at once, on a thread of its own: a second
        // leaves that thread time to run however loaded the machine (at 20
        // ms a loaded CI machine once answered before it ran, with the
        // fallback move).
        let config =
            Config::new("oware", &[], Duration::from_secs(1), Evaluation::default()).unwrap();
        let out = SharedBuffer::default();
        let mut printed_at_fresh = Vec::new();
        let fresh = || {
            printed_at_fresh.push(out.contents());
            Ok(stuck())
        };
        let outcome = play_game(
            &config,
            GameLine::new(Oware::default()),
            stuck(),
            fresh,
            &b"START\n"[..],
            &mut out.clone(),
        );
        release.trigger();
        assert_eq!(outcome.unwrap(), Outcome::EndOfInput);
        // The search's reported move, answered while it still ran...
        assert_eq!(out.contents(), "F\n");
        // ...and only then a fresh mind, once.
        assert_eq!(printed_at_fresh, ["F\n"]);
    }
}
