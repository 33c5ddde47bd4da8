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
use crate::game::{Game, Line, Side};
use crate::search::oracle::Oracle;

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
    let mut engine_time = Duration::ZERO;
    // The game line validates every move with the engine's own rules; the
    // moves are also kept as text, as the engines and the records get them.
    let mut line = Line::new(game.clone());
    let mut moves: Vec<String> = Vec::new();
    for (i, text) in opening.iter().enumerate() {
        line.play_text(text)
            .map_err(|e| RefereeError::new(format!("opening move {} '{text}': {e}", i + 1)))?;
        moves.extend(line.last_move_text());
    }
    let opening_plies = moves.len();
    let [south, north] = engines;
    let mut engines: [&mut dyn Engine; 2] = [south, north];

    let forfeit = |side: Side, name: &str, fault: Fault, moves: Vec<String>| FinishedGame {
        moves,
        opening_plies,
        result: GameResult::win_for(side.opponent()),
        scores: None,
        reason: forfeit_reason(side, name, &fault),
        fault: Some((side, fault.kind)),
        referee_time: Duration::ZERO,
    };

    let setup = GameSetup {
        variant: game.name(),
        rule_options: &settings.rule_options,
        handshake_timeout: settings.handshake_timeout,
    };
    for side in Side::BOTH {
        let t0 = Instant::now();
        let ready = engines[side.index()].new_game(&setup);
        engine_time += t0.elapsed();
        if let Err(fault) = ready {
            let name = engines[side.index()].name().to_string();
            engines[side.index()].reset();
            for e in engines.iter_mut() {
                e.game_over();
            }
            return Ok(forfeit(side, &name, fault, moves));
        }
    }

    let (mut clocks, inc) = match settings.time {
        TimeControl::MoveTime(_) | TimeControl::Nodes(_) => {
            ([Clock::new(Duration::ZERO); 2], Duration::ZERO)
        }
        TimeControl::Clock { base, inc } => ([Clock::new(base); 2], inc),
    };
    let mut finished = loop {
        if let Some(end) = line.end() {
            break FinishedGame {
                moves,
                opening_plies,
                result: end.winner().map_or(GameResult::Draw, GameResult::win_for),
                scores: Some(end.scores),
                reason: end.reason.to_string(),
                fault: None,
                referee_time: Duration::ZERO,
            };
        }
        if let Some(verdict) = judge.and_then(|j| adjudication::by_tables(&line, j)) {
            break FinishedGame {
                moves,
                opening_plies,
                result: verdict.result,
                scores: verdict.scores,
                reason: verdict.reason,
                fault: None,
                referee_time: Duration::ZERO,
            };
        }
        if moves.len() >= settings.max_plies {
            let scores = ply_limit_scores(game, line.position());
            break FinishedGame {
                moves,
                opening_plies,
                result: GameResult::of_scores(scores),
                scores: Some(scores),
                reason: ply_limit_reason(settings.max_plies),
                fault: None,
                referee_time: Duration::ZERO,
            };
        }
        let side = game.side_to_move(line.position());
        // How long the answer may take, the margin included.
        let (time, allowed) = match settings.time {
            TimeControl::MoveTime(t) => (TimeRequest::MoveTime(t), t + settings.margin),
            TimeControl::Nodes(n) => (TimeRequest::Nodes(n), nodes_allowance(n) + settings.margin),
            TimeControl::Clock { .. } => (
                TimeRequest::Clock {
                    time: clocks.map(|c| c.left()),
                    inc: [inc; 2],
                },
                clocks[side.index()].allowance(settings.margin),
            ),
        };
        let t0 = Instant::now();
        let request = MoveRequest {
            moves: &moves,
            time,
            deadline: t0 + allowed,
        };
        let engine = &mut *engines[side.index()];
        let answer = engine.go(&request);
        let elapsed = t0.elapsed();
        engine_time += elapsed;
        let name = engine.name().to_string();
        let text = match answer {
            Ok(text) => text,
            Err(fault) => break forfeit(side, &name, fault, moves),
        };
        if elapsed > allowed {
            let fault = Fault::new(
                FaultKind::Timeout,
                format!(
                    "answered after {} ms, {} ms allowed (the margin included)",
                    elapsed.as_millis(),
                    allowed.as_millis()
                ),
            );
            break forfeit(side, &name, fault, moves);
        }
        if let Err(e) = line.play_text(&text) {
            let fault = Fault::new(FaultKind::IllegalMove, format!("'{text}': {e}"));
            break forfeit(side, &name, fault, moves);
        }
        if matches!(settings.time, TimeControl::Clock { .. }) {
            clocks[side.index()].charge(elapsed, inc);
        }
        moves.extend(line.last_move_text());
    };
    if let Some((side, _)) = finished.fault {
        engines[side.index()].reset();
    }
    for e in engines.iter_mut() {
        let t0 = Instant::now();
        e.game_over();
        engine_time += t0.elapsed();
    }
    finished.referee_time = started.elapsed().saturating_sub(engine_time);
    Ok(finished)
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
        let (mut a, mut b) = (Scripted { answer: None }, Scripted { answer: Some("A") });
        let g = play_game(&Oware::default(), [&mut a, &mut b], &[], &settings(400)).unwrap();
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
        let (mut a, mut b) = (Scripted { answer: None }, Scripted { answer: None });
        let g = play_game(
            &Oware::default(),
            [&mut a, &mut b],
            &["F".to_string()],
            &settings(3),
        )
        .unwrap();
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.opening_plies, 1);
        let scores = g.scores.unwrap();
        assert_eq!(scores[0] + scores[1], 48, "every seed is collected");
        assert!(g.reason.contains("3-ply limit"), "{}", g.reason);
    }

    #[test]
    fn an_illegal_opening_is_an_error() {
        let (mut a, mut b) = (Scripted { answer: None }, Scripted { answer: None });
        let err = play_game(
            &Oware::default(),
            [&mut a, &mut b],
            &["a".to_string()],
            &settings(10),
        )
        .unwrap_err();
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
