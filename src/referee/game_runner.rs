//! One game between two engines: the rules code checks every move, the
//! clocks run, and the first fault loses the game.
//!
//! Adjudication: when the game reaches the ply limit (`--max-plies`, 400 by
//! default, the limit of the class referee) without ending, it ends as the
//! rules end a game by repetition: each side collects the seeds on its own
//! side ([`Game::repetition_end`]). A variant without a repetition rule is
//! scored on the seeds captured so far. With an oracle (the endgame
//! tables, `--adjudicate-tables`), a game also ends as soon as the oracle
//! knows its winner under perfect play ([`super::adjudication`]).

use std::time::{Duration, Instant};

use super::adjudication;
use super::clock::Clock;
use super::engine_process::{Engine, Fault, FaultKind, GameSetup, MoveRequest, TimeRequest};
use super::result::GameResult;
use super::RefereeError;
use crate::game::Oracle;
use crate::game::{Game, Line, Side};

/// How much time the engines get.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// A fixed time per move.
    MoveTime(Duration),
    /// A clock per player: a base time and an increment per move.
    Clock {
        /// Time on each clock at the start.
        base: Duration,
        /// Added after each move.
        inc: Duration,
    },
    /// A fixed number of search nodes per move (`go nodes N`): the games
    /// do not depend on the machine's load, which makes strength tests on
    /// a shared machine fair and repeatable.
    Nodes(u64),
}

impl TimeControl {
    /// Parses a `--tc` value: `BASE+INC` in seconds, e.g. `10+0.1`, or `BASE`.
    pub fn parse_clock(text: &str) -> Result<TimeControl, RefereeError> {
        let seconds = |t: &str| -> Result<Duration, RefereeError> {
            let v: f64 = t.trim().parse().map_err(|_| {
                RefereeError::new(format!(
                    "time control '{text}': '{t}' is not a number of seconds (expected e.g. 10+0.1)"
                ))
            })?;
            if !v.is_finite() || !(0.0..=1e7).contains(&v) {
                return Err(RefereeError::new(format!(
                    "time control '{text}': '{t}' is out of range"
                )));
            }
            Ok(Duration::from_secs_f64(v))
        };
        let (base, inc) = match text.split_once('+') {
            Some((b, i)) => (seconds(b)?, seconds(i)?),
            None => (seconds(text)?, Duration::ZERO),
        };
        if base.is_zero() && inc.is_zero() {
            return Err(RefereeError::new(format!(
                "time control '{text}': no time at all"
            )));
        }
        Ok(TimeControl::Clock { base, inc })
    }

    /// The text form, as in the records' `TimeControl` tag.
    pub fn describe(&self) -> String {
        match self {
            TimeControl::MoveTime(t) => format!("movetime {}ms", t.as_millis()),
            TimeControl::Nodes(n) => format!("nodes {n}"),
            TimeControl::Clock { base, inc } => {
                format!("{}+{}", base.as_secs_f64(), inc.as_secs_f64())
            }
        }
    }
}

/// How long a search of `nodes` nodes may take before it counts as late:
/// a second plus 20 µs a node (50,000 nodes per second, far below any
/// engine's speed even on a loaded machine), so only a hung engine loses.
pub fn nodes_allowance(nodes: u64) -> Duration {
    Duration::from_secs(1) + Duration::from_micros(nodes.saturating_mul(20))
}

/// The final totals of a game adjudicated at the ply limit in position
/// `pos`: each side collects the seeds on its own side, as the rules end a
/// game by repetition, or, without a repetition rule, the seeds captured.
pub fn ply_limit_scores<G: Game>(game: &G, pos: &G::Position) -> [u32; 2] {
    game.repetition_end(pos)
        .map_or_else(|| game.scores(pos), |end| end.scores)
}

/// The `Reason` of a game adjudicated at the ply limit `max_plies`.
pub fn ply_limit_reason(max_plies: usize) -> String {
    format!("adjudicated at the {max_plies}-ply limit: each side collects its own seeds")
}

/// The ply limit a [`ply_limit_reason`] names; `None` for other reasons.
pub fn ply_limit_of_reason(reason: &str) -> Option<usize> {
    let rest = reason.strip_prefix("adjudicated at the ")?;
    let (limit, rest) = rest.split_once("-ply limit")?;
    (rest == ": each side collects its own seeds")
        .then(|| limit.parse().ok())
        .flatten()
}

/// The `Reason` of a game `side` (the engine `name`) lost by `fault`.
pub fn forfeit_reason(side: Side, name: &str, fault: &Fault) -> String {
    format!("{side} ({name}) forfeits: {fault}")
}

/// The side a [`forfeit_reason`] says forfeited; `None` for other reasons.
pub fn forfeiting_side(reason: &str) -> Option<Side> {
    let side = Side::BOTH
        .into_iter()
        .find(|s| reason.starts_with(&format!("{s} (")))?;
    reason.contains(") forfeits: ").then_some(side)
}

/// The settings every game of an event shares.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// The variant's rule options, sent to the engines.
    pub rule_options: Vec<(String, String)>,
    /// Time per move or clocks.
    pub time: TimeControl,
    /// How late an answer may be past its time before it is a timeout.
    pub margin: Duration,
    /// The ply limit, after which the game is adjudicated.
    pub max_plies: usize,
    /// How long the start-up handshake may take.
    pub handshake_timeout: Duration,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedGame {
    /// Every move of the game, the opening included, in the referee's notation.
    pub moves: Vec<String>,
    /// How many of those moves were the opening.
    pub opening_plies: usize,
    /// Who won.
    pub result: GameResult,
    /// The final totals `[south, north]` when the game ended on the board,
    /// or perfect play's when the tables adjudicated it and know them.
    pub scores: Option<[u32; 2]>,
    /// Why the game ended, for people.
    pub reason: String,
    /// The engine at fault, if a fault ended the game.
    pub fault: Option<(Side, FaultKind)>,
    /// Time spent outside the engines' calls (the referee's own work).
    pub referee_time: Duration,
}

/// Plays one game: `engines[0]` is South (moves first), `engines[1]` North,
/// from the start position after the `opening` moves. Engine misbehaviour
/// ends the game as a loss for that engine; only an illegal opening is an
/// error.
pub fn play_game<G: Game>(
    game: &G,
    engines: [&mut dyn Engine; 2],
    opening: &[String],
    settings: &GameSettings,
) -> Result<FinishedGame, RefereeError> {
    play_judged_game(game, engines, opening, settings, None)
}

/// [`play_game`], the game also ending as soon as `judge` (the endgame
/// tables) knows who wins it under perfect play.
pub fn play_judged_game<G: Game>(
    game: &G,
    engines: [&mut dyn Engine; 2],
    opening: &[String],
    settings: &GameSettings,
    judge: Option<&dyn Oracle<G>>,
) -> Result<FinishedGame, RefereeError> {
    let started = Instant::now();
    let mut play = Playing::new(game, opening, settings)?;
    let [south, north] = engines;
    let mut engines: [&mut dyn Engine; 2] = [south, north];

    let setup = GameSetup {
        variant: game.name(),
        rule_options: &settings.rule_options,
        handshake_timeout: settings.handshake_timeout,
    };
    for side in Side::BOTH {
        let t0 = Instant::now();
        let ready = engines[side.index()].new_game(&setup);
        play.engine_time += t0.elapsed();
        if let Err(fault) = ready {
            let name = engines[side.index()].name().to_string();
            engines[side.index()].reset();
            for e in engines.iter_mut() {
                e.game_over();
            }
            return Ok(play.forfeit(side, &name, fault));
        }
    }

    let mut finished = loop {
        if let Some(finished) = play.ending(judge) {
            break finished;
        }
        let side = game.side_to_move(play.line.position());
        if let Err((name, fault)) = play.turn(&mut *engines[side.index()], side) {
            break play.forfeit(side, &name, fault);
        }
    };
    if let Some((side, _)) = finished.fault {
        engines[side.index()].reset();
    }
    for e in engines.iter_mut() {
        let t0 = Instant::now();
        e.game_over();
        play.engine_time += t0.elapsed();
    }
    finished.referee_time = started.elapsed().saturating_sub(play.engine_time);
    Ok(finished)
}

/// A game under way: its moves checked by the rules, the clocks, and the
/// time the engines took.
struct Playing<'a, G: Game> {
    game: &'a G,
    settings: &'a GameSettings,
    /// The game line validates every move with the engine's own rules.
    line: Line<G>,
    /// The moves as text, as the engines and the records get them.
    moves: Vec<String>,
    opening_plies: usize,
    clocks: [Clock; 2],
    /// The clocks' increment (zero without clocks).
    inc: Duration,
    /// The time spent in the engines' calls.
    engine_time: Duration,
}

impl<'a, G: Game> Playing<'a, G> {
    /// The game after the `opening` moves, which must be legal.
    fn new(
        game: &'a G,
        opening: &[String],
        settings: &'a GameSettings,
    ) -> Result<Self, RefereeError> {
        let mut line = Line::new(game.clone());
        let mut moves: Vec<String> = Vec::new();
        for (i, text) in opening.iter().enumerate() {
            line.play_text(text)
                .map_err(|e| RefereeError::new(format!("opening move {} '{text}': {e}", i + 1)))?;
            moves.extend(line.last_move_text());
        }
        let (clocks, inc) = match settings.time {
            TimeControl::MoveTime(_) | TimeControl::Nodes(_) => {
                ([Clock::new(Duration::ZERO); 2], Duration::ZERO)
            }
            TimeControl::Clock { base, inc } => ([Clock::new(base); 2], inc),
        };
        Ok(Playing {
            game,
            settings,
            line,
            opening_plies: moves.len(),
            moves,
            clocks,
            inc,
            engine_time: Duration::ZERO,
        })
    }

    /// The game, ended with `result` (the moves are handed over).
    fn finished(
        &mut self,
        result: GameResult,
        scores: Option<[u32; 2]>,
        reason: String,
        fault: Option<(Side, FaultKind)>,
    ) -> FinishedGame {
        FinishedGame {
            moves: std::mem::take(&mut self.moves),
            opening_plies: self.opening_plies,
            result,
            scores,
            reason,
            fault,
            referee_time: Duration::ZERO,
        }
    }

    /// The game, lost by the engine `name` playing `side` for `fault`.
    fn forfeit(&mut self, side: Side, name: &str, fault: Fault) -> FinishedGame {
        let reason = forfeit_reason(side, name, &fault);
        let result = GameResult::win_for(side.opponent());
        self.finished(result, None, reason, Some((side, fault.kind)))
    }

    /// The game when it is over: by the rules, by the tables of `judge`
    /// or at the ply limit.
    fn ending(&mut self, judge: Option<&dyn Oracle<G>>) -> Option<FinishedGame> {
        if let Some(end) = self.line.end() {
            let result = end.winner().map_or(GameResult::Draw, GameResult::win_for);
            return Some(self.finished(result, Some(end.scores), end.reason.to_string(), None));
        }
        if let Some(verdict) = judge.and_then(|j| adjudication::by_tables(&self.line, j)) {
            return Some(self.finished(verdict.result, verdict.scores, verdict.reason, None));
        }
        let max_plies = self.settings.max_plies;
        if self.moves.len() >= max_plies {
            let scores = ply_limit_scores(self.game, self.line.position());
            let reason = ply_limit_reason(max_plies);
            return Some(self.finished(GameResult::of_scores(scores), Some(scores), reason, None));
        }
        None
    }

    /// What `side` is told of its time, and how long its answer may take,
    /// the margin included.
    fn time_for(&self, side: Side) -> (TimeRequest, Duration) {
        let margin = self.settings.margin;
        match self.settings.time {
            TimeControl::MoveTime(t) => (TimeRequest::MoveTime(t), t + margin),
            TimeControl::Nodes(n) => (TimeRequest::Nodes(n), nodes_allowance(n) + margin),
            TimeControl::Clock { .. } => (
                TimeRequest::Clock {
                    time: self.clocks.map(|c| c.left()),
                    inc: [self.inc; 2],
                },
                self.clocks[side.index()].allowance(margin),
            ),
        }
    }

    /// Asks `engine`, playing `side`, for its move and plays it; a fault
    /// (no answer, too late, an illegal move) with the engine's name.
    fn turn(&mut self, engine: &mut dyn Engine, side: Side) -> Result<(), (String, Fault)> {
        let (time, allowed) = self.time_for(side);
        let t0 = Instant::now();
        let request = MoveRequest {
            moves: &self.moves,
            time,
            deadline: t0 + allowed,
        };
        let answer = engine.go(&request);
        let elapsed = t0.elapsed();
        self.engine_time += elapsed;
        let name = engine.name().to_string();
        let text = answer.map_err(|fault| (name.clone(), fault))?;
        if elapsed > allowed {
            let fault = Fault::new(
                FaultKind::Timeout,
                format!(
                    "answered after {} ms, {} ms allowed (the margin included)",
                    elapsed.as_millis(),
                    allowed.as_millis()
                ),
            );
            return Err((name, fault));
        }
        if let Err(e) = self.line.play_text(&text) {
            let fault = Fault::new(FaultKind::IllegalMove, format!("'{text}': {e}"));
            return Err((name, fault));
        }
        if matches!(self.settings.time, TimeControl::Clock { .. }) {
            self.clocks[side.index()].charge(elapsed, self.inc);
        }
        self.moves.extend(self.line.last_move_text());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::oware::Oware;

    /// An in-process engine that plays the first legal move, or a fixed
    /// answer when told to misbehave.
    struct Scripted {
        answer: Option<&'static str>,
    }

    impl Engine for Scripted {
        fn name(&self) -> &str {
            "scripted"
        }
        fn new_game(&mut self, _: &GameSetup) -> Result<(), Fault> {
            Ok(())
        }
        fn go(&mut self, req: &MoveRequest) -> Result<String, Fault> {
            if let Some(a) = self.answer {
                return Ok(a.to_string());
            }
            let mut line = Line::new(Oware::default());
            line.play_all(&req.moves.join(" "))
                .map_err(|e| Fault::new(FaultKind::IllegalMove, e.to_string()))?;
            Ok(line.format_move(line.legal_moves()[0]))
        }
        fn game_over(&mut self) {}
        fn reset(&mut self) {}
    }

    /// A game between two scripted engines (`answers`: South's, North's)
    /// after the `opening` moves, stopped at `max_plies`.
    fn scripted_game(
        answers: [Option<&'static str>; 2],
        opening: &[&str],
        max_plies: usize,
    ) -> Result<FinishedGame, RefereeError> {
        let [mut a, mut b] = answers.map(|answer| Scripted { answer });
        let opening: Vec<String> = opening.iter().map(|m| m.to_string()).collect();
        play_game(
            &Oware::default(),
            [&mut a, &mut b],
            &opening,
            &settings(max_plies),
        )
    }

    fn settings(max_plies: usize) -> GameSettings {
        GameSettings {
            rule_options: vec![],
            time: TimeControl::MoveTime(Duration::from_millis(10)),
            margin: Duration::from_millis(1000),
            max_plies,
            handshake_timeout: Duration::from_secs(1),
        }
    }

    #[test]
    fn an_illegal_move_loses() {
        let g = scripted_game([None, Some("A")], &[], 400).unwrap();
        assert_eq!(g.result, GameResult::SouthWins);
        assert_eq!(g.fault, Some((Side::North, FaultKind::IllegalMove)));
        assert_eq!(g.moves, vec!["A"]);
        assert!(
            g.reason.contains("North (scripted) forfeits"),
            "{}",
            g.reason
        );
    }

    #[test]
    fn the_ply_limit_collects_own_seeds() {
        let g = scripted_game([None, None], &["F"], 3).unwrap();
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.opening_plies, 1);
        let scores = g.scores.unwrap();
        assert_eq!(scores[0] + scores[1], 48, "every seed is collected");
        assert!(g.reason.contains("3-ply limit"), "{}", g.reason);
    }

    #[test]
    fn an_illegal_opening_is_an_error() {
        let err = scripted_game([None, None], &["a"], 10).unwrap_err();
        assert!(err.to_string().contains("opening move 1"), "{err}");
    }

    /// A clock reads as `base+increment` in seconds; anything else is refused.
    #[test]
    fn clocks_read_as_base_plus_increment_and_bad_ones_are_refused() {
        assert_eq!(
            TimeControl::parse_clock("10+0.1").unwrap(),
            TimeControl::Clock {
                base: Duration::from_secs(10),
                inc: Duration::from_millis(100)
            }
        );
        assert!(TimeControl::parse_clock("x+1").is_err());
        assert!(TimeControl::parse_clock("0").is_err());
        assert!(TimeControl::parse_clock("-1+0").is_err());
    }
}
