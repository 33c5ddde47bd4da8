//! The calls of the board's JSON API (docs/web.md) without their
//! transport: each reads its request's body, asks the game's
//! [`AnyBoardGame`] and answers its state, or an [`ApiError`]. `awale
//! serve`'s handlers wrap them in HTTP and run the searches on threads of
//! their own; the static board's worker calls them with the searches on
//! its only thread. A new request on a game stops the search it runs.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use awale_core::book::Book;
use awale_core::registry::Evaluation;
use awale_core::search::{Level, Limits, Skill};
use awale_core::sync::Stop;
use awale_core::tables::loader::Source;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::errors::ApiError;
use crate::games::{Slot, Store};
use crate::mind::{InfoJson, MindSettings};
use crate::state::{self, AnyBoardGame, Setup, StateJson, VariantJson};
use crate::think::{self, BestMove, Mind, Report};

/// The shortest and longest time a search may be given, in ms.
pub const MOVETIME_RANGE: (u64, u64) = (10, 60_000);

/// The time a search gets when the request names none, in ms.
pub const DEFAULT_MOVETIME: u64 = 1000;

/// The longest analysis, and the default one: [`MOVETIME_RANGE`]'s top.
pub const ANALYSIS_TIME: u64 = MOVETIME_RANGE.1;

/// What every call shares: the games, where the tables come from, the
/// opening book and the evaluation the engine plays with.
pub struct Board {
    /// The games.
    pub store: Store,
    /// Where the endgame tables come from.
    pub tables: Source,
    /// The opening book of the engine's moves at full strength, if any.
    pub book: Option<Arc<Book>>,
    /// The evaluation the engine plays with.
    pub eval: Evaluation,
}

impl Board {
    /// A board with no game, the default evaluation, `tables` and `book`.
    pub fn new(tables: Source, book: Option<Arc<Book>>) -> Board {
        Board {
            store: Store::new(),
            tables,
            book,
            eval: Evaluation::default(),
        }
    }
}

/// Reads a JSON body; an empty body is the type's default (every field
/// optional), anything that is not the JSON expected is 400.
pub fn parse_body<T: DeserializeOwned + Default>(body: &[u8]) -> Result<T, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(body).map_err(|e| ApiError::BadRequest(format!("bad JSON body: {e}")))
}

/// A search time from a request, clamped to [`MOVETIME_RANGE`].
pub fn movetime(ms: Option<u64>, default: u64) -> Duration {
    Duration::from_millis(
        ms.unwrap_or(default)
            .clamp(MOVETIME_RANGE.0, MOVETIME_RANGE.1),
    )
}

/// An analysis stream's time from its `movetime` query value (400 when it
/// is not a number), clamped, [`ANALYSIS_TIME`] when there is none.
pub fn analysis_time(query: Option<&str>) -> Result<Duration, ApiError> {
    let ms = match query {
        Some(text) => Some(text.trim().parse::<u64>().map_err(|_| {
            ApiError::BadRequest(format!("movetime '{text}' is not a number of milliseconds"))
        })?),
        None => None,
    };
    Ok(movetime(ms, ANALYSIS_TIME))
}

/// The limits of a search of `time` with `multipv` lines.
pub fn limits(time: Duration, multipv: usize) -> Limits {
    Limits {
        movetime: Some(time),
        multipv,
        ..Limits::default()
    }
}

/// A search's report as the API gives it (the board's minds write their
/// reports as [`InfoJson`]); `None`, logged, for one that is not.
pub fn info_of(report: &Report) -> Option<InfoJson> {
    match serde_json::from_str::<InfoJson>(&report.line) {
        Ok(info) => Some(info),
        Err(e) => {
            log::error!("a report that is not JSON: {e}");
            None
        }
    }
}

/// What a search found.
pub struct Outcome {
    /// The move chosen, `None` when the game is over.
    pub best: Option<BestMove>,
    /// Every report, in the order the search sent them.
    pub reports: Vec<InfoJson>,
}

impl Outcome {
    /// The engine's answer: `{"move", "score", "mate", "depth", "pv"}`,
    /// plus `"book": true` for a move of the opening book.
    pub fn answer(&self) -> serde_json::Value {
        let mv = self.best.as_ref().map(|b| b.mv.clone());
        match self.reports.iter().rev().find(|info| info.multipv <= 1) {
            Some(info) => {
                let mut answer = serde_json::json!({
                    "move": mv,
                    "score": info.score,
                    "mate": info.mate,
                    "depth": info.depth,
                    "pv": if info.pv.first() == mv.as_ref() { info.pv.clone() } else { mv.into_iter().collect() },
                });
                if info.book {
                    answer["book"] = serde_json::Value::Bool(true);
                }
                answer
            }
            None => serde_json::json!({
                "move": mv,
                "score": null,
                "mate": null,
                "depth": 0,
                "pv": mv.into_iter().collect::<Vec<_>>(),
            }),
        }
    }
}

/// Searches `mind` for `limits` on the calling thread ([`think::think_here`]).
pub fn think_here(mind: &mut dyn Mind, limits: &Limits) -> Outcome {
    let mut reports = Vec::new();
    let best = think::think_here(mind, limits, &mut |report| {
        reports.extend(info_of(&report));
    });
    Outcome { best, reports }
}

/// The body of `POST /api/games`.
#[derive(Debug, Default, Deserialize)]
pub struct NewGame {
    variant: Option<String>,
    options: Option<BTreeMap<String, serde_json::Value>>,
    position: Option<String>,
    moves: Option<Vec<String>>,
}

/// An option value written as a JSON string, boolean or number.
fn option_value(name: &str, value: &serde_json::Value) -> Result<String, ApiError> {
    match value {
        serde_json::Value::String(s) => Ok(s.clone()),
        serde_json::Value::Bool(b) => Ok(b.to_string()),
        serde_json::Value::Number(n) => Ok(n.to_string()),
        _ => Err(ApiError::BadRequest(format!(
            "option {name}: expected a string, a boolean or a number"
        ))),
    }
}

/// `GET /api/variants`.
pub fn variants() -> Vec<VariantJson> {
    state::variants()
}

/// A step of the strength ladder, for `GET /api/levels`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct LevelJson {
    /// Its number, the `level` a search call takes.
    pub step: u8,
    /// Its word (`beginner`, `club`, ...).
    pub word: &'static str,
    /// Its rating on the ladder's own scale (the random mover 0).
    pub rating: i32,
    /// The level's name (`easy`, `medium`, `hard`) that names it, if any.
    pub level: Option<&'static str>,
}

/// `GET /api/levels`: the strength ladder, weakest first.
pub fn levels() -> Vec<LevelJson> {
    Skill::ladder()
        .map(|skill| LevelJson {
            step: skill.number().unwrap_or_default(),
            word: skill.word(),
            rating: skill.rating().unwrap_or_default(),
            level: Level::naming(skill).map(Level::name),
        })
        .collect()
}

/// The state of the game `id` in `slot`, whose game the caller locked.
pub fn state_of(game: &dyn AnyBoardGame, slot: &Slot, id: &str, board: &Board) -> StateJson {
    let mut state = game.state(id, &board.tables);
    state.thinking = slot.is_thinking();
    state
}

/// `POST /api/games`: the state of a new game (201).
pub fn create(board: &Board, body: &[u8]) -> Result<StateJson, ApiError> {
    let req: NewGame = parse_body(body)?;
    let options = req
        .options
        .unwrap_or_default()
        .iter()
        .map(|(name, value)| Ok((name.clone(), option_value(name, value)?)))
        .collect::<Result<Vec<_>, ApiError>>()?;
    let game = state::build(&Setup {
        variant: req.variant,
        options,
        position: req.position,
        moves: req.moves.unwrap_or_default(),
    })?;
    let (id, slot) = board.store.insert(game);
    let state = state_of(slot.game().as_ref(), &slot, &id, board);
    Ok(state)
}

/// `GET /api/games/{id}`.
pub fn get(board: &Board, id: &str) -> Result<StateJson, ApiError> {
    current(board, id, false)
}

/// `POST /api/games/{id}/stop`: stops the game's search, if any, and
/// answers the state. An engine move still being thought about is not
/// played; one already played is in the state, so the page that pauses
/// its engine shows the game as it is.
pub fn stop(board: &Board, id: &str) -> Result<StateJson, ApiError> {
    current(board, id, true)
}

/// The state of a game, after stopping its search when `stop_search`.
fn current(board: &Board, id: &str, stop_search: bool) -> Result<StateJson, ApiError> {
    let slot = board.store.get(id)?;
    // Locked first, as in `change`: an engine move found meanwhile is
    // either played before this answer or refused after it.
    let game = slot.game();
    if stop_search {
        slot.interrupt();
    }
    Ok(state_of(game.as_ref(), &slot, id, board))
}

/// `DELETE /api/games/{id}` (204).
pub fn delete(board: &Board, id: &str) -> Result<(), ApiError> {
    board.store.remove(id)
}

/// Runs a change on a game (after stopping its search) and answers its state.
fn change(
    board: &Board,
    id: &str,
    f: impl FnOnce(&mut Box<dyn AnyBoardGame>) -> Result<(), ApiError>,
) -> Result<StateJson, ApiError> {
    let slot = board.store.get(id)?;
    // The game is locked before its search is stopped: an engine move
    // found meanwhile waits for the lock, then sees the new version.
    let mut game = slot.game();
    slot.interrupt();
    f(&mut game)?;
    slot.changed();
    Ok(state_of(game.as_ref(), &slot, id, board))
}

/// The body of `POST /api/games/{id}/move`.
#[derive(Debug, Default, Deserialize)]
pub struct MoveBody {
    #[serde(rename = "move")]
    mv: Option<String>,
}

/// `POST /api/games/{id}/move`.
pub fn play(board: &Board, id: &str, body: &[u8]) -> Result<StateJson, ApiError> {
    let req: MoveBody = parse_body(body)?;
    let mv = req
        .mv
        .ok_or_else(|| ApiError::BadRequest("the body has no \"move\"".into()))?;
    change(board, id, |t| t.play(&mv))
}

/// `POST /api/games/{id}/undo`.
pub fn undo(board: &Board, id: &str) -> Result<StateJson, ApiError> {
    change(board, id, |t| t.undo())
}

/// `POST /api/games/{id}/redo`.
pub fn redo(board: &Board, id: &str) -> Result<StateJson, ApiError> {
    change(board, id, |t| t.redo())
}

/// The body of `POST /api/games/{id}/position`.
#[derive(Debug, Default, Deserialize)]
pub struct PositionBody {
    position: Option<String>,
    moves: Option<Vec<String>>,
}

/// The variant and options of a game, for a new line of the same rules.
fn same_rules(game: &dyn AnyBoardGame) -> Setup {
    let state = game.state("", &Source::Off);
    Setup {
        variant: Some(state.variant.to_string()),
        options: state
            .options
            .into_iter()
            .map(|(n, v)| (n.to_string(), v))
            .collect(),
        ..Setup::default()
    }
}

/// `POST /api/games/{id}/position`: a new line of the same rules.
pub fn position(board: &Board, id: &str, body: &[u8]) -> Result<StateJson, ApiError> {
    let req: PositionBody = parse_body(body)?;
    change(board, id, |t| {
        let setup = Setup {
            position: req.position,
            moves: req.moves.unwrap_or_default(),
            ..same_rules(t.as_ref())
        };
        *t = state::build(&setup)?;
        Ok(())
    })
}

/// `GET /api/games/{id}/record`: the game in the records format, or in
/// OGN with the format `ogn` (oware games only: 422 for another variant).
pub fn get_record(board: &Board, id: &str, format: Option<&str>) -> Result<String, ApiError> {
    let slot = board.store.get(id)?;
    let text = slot.game().record();
    match format {
        None | Some("records") => Ok(text),
        Some("ogn") => state::ogn_of_record(&text),
        Some(other) => Err(ApiError::BadRequest(format!(
            "unknown format '{other}' (records or ogn)"
        ))),
    }
}

/// `POST /api/games/{id}/record`: the game of a record (records format
/// or OGN) replaces the game.
pub fn post_record(board: &Board, id: &str, body: &[u8]) -> Result<StateJson, ApiError> {
    let text = std::str::from_utf8(body)
        .map_err(|_| ApiError::BadRequest("the record is not UTF-8 text".into()))?;
    let setup = state::setup_from_record(text)?;
    let game = state::build(&setup)?;
    change(board, id, move |t| {
        *t = game;
        Ok(())
    })
}

/// The body of the calls that search.
#[derive(Debug, Default, Deserialize)]
pub struct SearchBody {
    /// The strength: a step of the ladder by number (JSON number or
    /// text), by word, or a level's name.
    level: Option<serde_json::Value>,
    /// The search's time in ms.
    pub movetime: Option<u64>,
}

impl SearchBody {
    /// The strength asked for (full by default); 422 for an unknown one.
    pub fn skill(&self) -> Result<Skill, ApiError> {
        let text = match &self.level {
            None | Some(serde_json::Value::Null) => return Ok(Skill::FULL),
            Some(serde_json::Value::String(text)) => text.clone(),
            Some(other) => other.to_string(),
        };
        text.parse::<Skill>()
            .map_err(|e| ApiError::Unprocessable(format!("level: {e}")))
    }
}

/// A search about to start: the mind, the version of the game it thinks
/// about, its legal moves and its stop signal.
pub struct Prepared {
    /// The engine, over a copy of the game.
    pub mind: Box<dyn Mind>,
    /// The game's version when the search starts.
    pub version: u64,
    /// The legal moves, read under the same lock as the version.
    pub legal: Vec<String>,
    /// The search's stop signal.
    pub stop: Arc<Stop>,
}

/// Prepares a search of the game in `slot` at `skill` (with the opening
/// book when `book`): stops the search it ran and gives the mind, the
/// game's version and the new stop signal. 409 when the game is over.
/// `mark` runs under the game's lock once the search has its signal (the
/// server marks the game as thinking there).
pub fn prepare<T>(
    board: &Board,
    slot: &Slot,
    skill: Skill,
    book: bool,
    seed: u64,
    mark: impl FnOnce() -> T,
) -> Result<(Prepared, T), ApiError> {
    // The game is locked first, as `change` does: a change cannot come
    // between the new search's signal and the version it thinks about.
    let game = slot.game();
    let stop = slot.new_search();
    let legal = game.legal_moves();
    if legal.is_empty() {
        return Err(ApiError::Conflict(
            "the game is over: no move to think about".into(),
        ));
    }
    let book = board.book.as_ref().filter(|_| book);
    let prepared = Prepared {
        mind: game.mind(&MindSettings {
            skill,
            seed,
            tables: &board.tables,
            book,
            eval: &board.eval,
        }),
        version: slot.version(),
        legal,
        stop,
    };
    Ok((prepared, mark()))
}

/// Plays the engine move `outcome` found in a search of the game `id`
/// that started at `version` with the signal `stop`, and answers the state
/// with the engine's answer: 409 when the game changed meanwhile or
/// another request stopped the search (its move, found in a search cut
/// short, is not played).
pub fn play_found(
    board: &Board,
    id: &str,
    version: u64,
    stop: &Arc<Stop>,
    outcome: &Outcome,
) -> Result<StateJson, ApiError> {
    let slot = board.store.get(id)?;
    let best = outcome
        .best
        .as_ref()
        .ok_or_else(|| ApiError::Conflict("the engine found no move".into()))?;
    let mut game = slot.game();
    if slot.version() != version {
        return Err(ApiError::Conflict(
            "the game changed while the engine was thinking".into(),
        ));
    }
    if !slot.is_current(stop) {
        return Err(ApiError::Conflict(
            "another request on the game stopped the engine's search".into(),
        ));
    }
    game.play(&best.mv)?;
    slot.changed();
    let mut state = state_of(game.as_ref(), &slot, id, board);
    state.engine = Some(outcome.answer());
    Ok(state)
}

/// One move's value, for `POST /api/games/{id}/moves`.
#[derive(Debug, Serialize)]
pub struct MoveValue {
    #[serde(rename = "move")]
    mv: String,
    score: Option<f64>,
    mate: Option<i64>,
    depth: u32,
    pv: Vec<String>,
}

impl MoveValue {
    /// A key that sorts the best first: proven wins (sooner first), then
    /// scores, then proven losses (later first), then moves not valued.
    fn rank(&self) -> f64 {
        match (self.mate, self.score) {
            (Some(m), _) if m > 0 => 1e9 - m as f64,
            (Some(m), _) => -1e9 - m as f64,
            (None, Some(s)) => s,
            (None, None) => -2e9,
        }
    }
}

/// The answer of `POST /api/games/{id}/moves`: `{"moves": [...]}`, the
/// value of each of the `legal` moves in `outcome`'s reports.
pub fn moves_answer(outcome: &Outcome, legal: Vec<String>) -> serde_json::Value {
    serde_json::json!({ "moves": move_values(&outcome.reports, legal) })
}

/// The value of each of the `legal` moves: the last report whose line
/// starts with it. Line numbers cannot be trusted for this: an iteration
/// cut short leaves lines of the one before, where the same move may hold
/// another number, so one move could show twice and another not at all.
/// The deepest values come first, best first among them: a move valued
/// only at the depth before is no better, by what the deepest search
/// knows, than the best move it found (whatever the older score says).
pub fn move_values(reports: &[InfoJson], legal: Vec<String>) -> Vec<MoveValue> {
    let mut values: Vec<MoveValue> = legal
        .into_iter()
        .map(|mv| {
            match reports
                .iter()
                .rev()
                .find(|info| info.pv.first() == Some(&mv))
            {
                Some(info) => MoveValue {
                    mv,
                    score: info.score,
                    mate: info.mate,
                    depth: info.depth,
                    pv: info.pv.clone(),
                },
                None => MoveValue {
                    mv,
                    score: None,
                    mate: None,
                    depth: 0,
                    pv: Vec::new(),
                },
            }
        })
        .collect();
    values.sort_by(|a, b| b.depth.cmp(&a.depth).then(b.rank().total_cmp(&a.rank())));
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(depth: u32, multipv: usize, score: f64, pv: &[&str]) -> InfoJson {
        InfoJson {
            depth,
            multipv,
            score: Some(score),
            mate: None,
            nodes: 0,
            nps: 0,
            tbhits: 0,
            pv: pv.iter().map(|m| m.to_string()).collect(),
            book: false,
        }
    }

    #[test]
    fn each_move_is_valued_once_by_its_last_report() {
        // Depth 17 ranks C, D, B; depth 18 is cut short after ranking B
        // first: line 3 of depth 17 still starts with B, and C, first at
        // depth 17, has no line number of its own any more.
        let reports = [
            report(17, 1, 0.5, &["C", "a"]),
            report(17, 2, -0.4, &["D", "b"]),
            report(17, 3, -0.8, &["B", "c"]),
            report(18, 1, -0.2, &["B", "c", "F"]),
        ];
        let legal = ["A", "B", "C", "D"].map(String::from).to_vec();
        let values = move_values(&reports, legal);
        let summary: Vec<(&str, u32, Option<f64>)> = values
            .iter()
            .map(|v| (v.mv.as_str(), v.depth, v.score))
            .collect();
        assert_eq!(
            summary,
            [
                ("B", 18, Some(-0.2)),
                ("C", 17, Some(0.5)),
                ("D", 17, Some(-0.4)),
                ("A", 0, None),
            ]
        );
    }

    #[test]
    fn the_answer_reads_the_last_report_of_line_one() {
        let outcome = Outcome {
            best: None,
            reports: vec![
                report(5, 1, 1.0, &["A"]),
                report(5, 2, 0.0, &["B"]),
                report(6, 1, 2.0, &["A", "b"]),
                report(6, 2, 0.5, &["B"]),
            ],
        };
        assert_eq!(outcome.answer()["score"], serde_json::json!(2.0));
        assert_eq!(outcome.answer()["depth"], serde_json::json!(6));
    }

    #[test]
    fn a_whole_game_is_played_through_the_calls() {
        let board = Board::new(Source::Off, None);
        let state = create(&board, br#"{"variant": "oware"}"#).unwrap();
        let id = state.id.clone();
        let engine = |board: &Board| {
            let slot = board.store.get(&id).unwrap();
            let (mut prepared, ()) =
                prepare(board, &slot, Level::Easy.skill(), false, 7, || ()).unwrap();
            let outcome = think_here(prepared.mind.as_mut(), &limits(movetime(Some(10), 0), 1));
            play_found(board, &id, prepared.version, &prepared.stop, &outcome)
        };
        let mut last = state;
        for _ in 0..400 {
            if last.end.is_some() {
                break;
            }
            last = engine(&board).unwrap();
            assert!(last.engine.is_some());
        }
        assert!(last.end.is_some(), "the game ends");
        let record = get_record(&board, &id, None).unwrap();
        let loaded = post_record(&board, &id, record.as_bytes()).unwrap();
        assert_eq!(loaded.moves, last.moves);
        assert_eq!(
            play(&board, &id, br#"{"move": "A"}"#).map_err(|e| e.status_code()),
            Err(409)
        );
    }
}
