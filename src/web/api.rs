//! The JSON API's handlers (docs/web.md): each reads its request, asks the
//! game's [`AnyBoardGame`](super::state::AnyBoardGame) and answers its state, or an
//! [`ApiError`]. Searches run on blocking threads through the thinker
//! ([`crate::think`]); a new request on a game stops the search it runs.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::{FromRequest, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::errors::ApiError;
use super::games::{Slot, Thinking};
use super::limit::SearchPermit;
use super::mind::{InfoJson, MindSettings};
use super::state::{self, AnyBoardGame, Setup, StateJson};
use super::App;
use crate::search::{Level, Limits};
use crate::sync::{lock, Stop};
use crate::think::{think, BestMove, Mind, Request};

/// The shortest and longest time a search may be given, in ms.
pub const MOVETIME_RANGE: (u64, u64) = (10, 60_000);

/// The time a search gets when the request names none, in ms.
pub const DEFAULT_MOVETIME: u64 = 1000;

/// Reads a JSON body; an empty body is the type's default (every field
/// optional), anything that is not the JSON expected is 400.
pub fn parse_body<T: DeserializeOwned + Default>(body: &Bytes) -> Result<T, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(body).map_err(|e| ApiError::BadRequest(format!("bad JSON body: {e}")))
}

/// A handler's JSON body, read as [`parse_body`] reads it.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned + Default, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = Response;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Response> {
        let body = Bytes::from_request(req, state)
            .await
            .map_err(IntoResponse::into_response)?;
        parse_body(&body)
            .map(JsonBody)
            .map_err(IntoResponse::into_response)
    }
}

/// A search time from a request, clamped to [`MOVETIME_RANGE`].
pub fn movetime(ms: Option<u64>, default: u64) -> Duration {
    Duration::from_millis(
        ms.unwrap_or(default)
            .clamp(MOVETIME_RANGE.0, MOVETIME_RANGE.1),
    )
}

/// A seed for the easy and medium levels' random choices.
fn seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Triggers a stop signal when dropped: a request whose client went away
/// stops its search.
pub struct StopOnDrop(pub Arc<Stop>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.trigger();
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

/// The request the thinker gets for a search of `time` with `multipv` lines.
pub fn request(time: Duration, multipv: usize) -> Request {
    Request {
        limits: Limits {
            movetime: Some(time),
            multipv,
            ..Limits::default()
        },
        searchmoves: Vec::new(),
        stop_after: Some(time + Duration::from_millis(100)),
        grace: Duration::from_millis(200),
    }
}

/// What a search holds until its thread returns: its place among the
/// server's searches and the game's mark that it thinks.
pub struct Held {
    /// The place among the searches the server runs at once.
    pub permit: SearchPermit,
    /// The game's mark ([`Slot::thinking`]).
    pub thinking: Thinking,
}

/// Runs `mind` through the thinker on a blocking thread; `each` sees every
/// report as it comes. `held` is given back when the thread returns.
pub async fn search(
    mind: Box<dyn Mind>,
    request: Request,
    stop: Arc<Stop>,
    held: Held,
    mut each: impl FnMut(&InfoJson) + Send + 'static,
) -> Result<Outcome, ApiError> {
    let guard = StopOnDrop(Arc::clone(&stop));
    let reports = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&reports);
    let thought = tokio::task::spawn_blocking(move || {
        let _held = held;
        think(
            mind,
            request,
            &stop,
            move |report| match serde_json::from_str::<InfoJson>(&report.line) {
                Ok(info) => {
                    each(&info);
                    lock(&seen).push(info);
                }
                Err(e) => log::error!("a report that is not JSON: {e}"),
            },
        )
    })
    .await
    .map_err(|e| ApiError::Internal(format!("the search failed: {e}")))?;
    drop(guard);
    if thought.failed {
        log::error!("a search failed; answering its best move so far");
    }
    let reports = std::mem::take(&mut *lock(&reports));
    Ok(Outcome {
        best: thought.best,
        reports,
    })
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
pub async fn variants() -> Json<Vec<state::VariantJson>> {
    Json(state::variants())
}

/// The state of the game `id` in `slot`, whose `table` the caller locked.
fn state_of(game: &dyn AnyBoardGame, slot: &Slot, id: &str, app: &App) -> StateJson {
    let mut state = game.state(id, &app.tables);
    state.thinking = slot.is_thinking();
    state
}

fn answer(game: &dyn AnyBoardGame, slot: &Slot, id: &str, app: &App) -> Json<StateJson> {
    Json(state_of(game, slot, id, app))
}

/// `POST /api/games`: 201 and the state of a new game.
pub async fn create(
    State(app): State<Arc<App>>,
    JsonBody(req): JsonBody<NewGame>,
) -> Result<Response, ApiError> {
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
    let (id, slot) = app.store.insert(game);
    let state = state_of(slot.game().as_ref(), &slot, &id, &app);
    Ok((StatusCode::CREATED, Json(state)).into_response())
}

/// `GET /api/games/{id}`.
pub async fn get(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<StateJson>, ApiError> {
    current(&app, &id, false)
}

/// `POST /api/games/{id}/stop`: stops the game's search, if any, and
/// answers the state. An engine move still being thought about is not
/// played; one already played is in the state, so the page that pauses
/// its engine shows the game as it is.
pub async fn stop(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<StateJson>, ApiError> {
    current(&app, &id, true)
}

/// The state of a game, after stopping its search when `stop_search`.
fn current(app: &App, id: &str, stop_search: bool) -> Result<Json<StateJson>, ApiError> {
    let slot = app.store.get(id)?;
    // Locked first, as in `change`: an engine move found meanwhile is
    // either played before this answer or refused after it.
    let game = slot.game();
    if stop_search {
        slot.interrupt();
    }
    Ok(answer(game.as_ref(), &slot, id, app))
}

/// `DELETE /api/games/{id}`: 204.
pub async fn delete(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    app.store.remove(&id)?;
    Ok(StatusCode::NO_CONTENT)
}

/// Runs a change on a game (after stopping its search) and answers its state.
fn change(
    app: &App,
    id: &str,
    f: impl FnOnce(&mut Box<dyn AnyBoardGame>) -> Result<(), ApiError>,
) -> Result<Json<StateJson>, ApiError> {
    let slot = app.store.get(id)?;
    // The game is locked before its search is stopped: an engine move
    // found meanwhile waits for the lock, then sees the new version.
    let mut game = slot.game();
    slot.interrupt();
    f(&mut game)?;
    slot.changed();
    Ok(answer(game.as_ref(), &slot, id, app))
}

/// The body of `POST /api/games/{id}/move`.
#[derive(Debug, Default, Deserialize)]
pub struct MoveBody {
    #[serde(rename = "move")]
    mv: Option<String>,
}

/// `POST /api/games/{id}/move`.
pub async fn play(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<MoveBody>,
) -> Result<Json<StateJson>, ApiError> {
    let mv = req
        .mv
        .ok_or_else(|| ApiError::BadRequest("the body has no \"move\"".into()))?;
    change(&app, &id, |t| t.play(&mv))
}

/// `POST /api/games/{id}/undo`.
pub async fn undo(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<StateJson>, ApiError> {
    change(&app, &id, |t| t.undo())
}

/// `POST /api/games/{id}/redo`.
pub async fn redo(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<StateJson>, ApiError> {
    change(&app, &id, |t| t.redo())
}

/// The body of `POST /api/games/{id}/position`.
#[derive(Debug, Default, Deserialize)]
pub struct PositionBody {
    position: Option<String>,
    moves: Option<Vec<String>>,
}

/// The variant and options of a game, for a new line of the same rules.
fn same_rules(game: &dyn AnyBoardGame) -> Setup {
    let state = game.state("", &crate::tables::loader::Source::Off);
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
pub async fn position(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<PositionBody>,
) -> Result<Json<StateJson>, ApiError> {
    change(&app, &id, |t| {
        let setup = Setup {
            position: req.position,
            moves: req.moves.unwrap_or_default(),
            ..same_rules(t.as_ref())
        };
        *t = state::build(&setup)?;
        Ok(())
    })
}

/// The body of the calls that search.
#[derive(Debug, Default, Deserialize)]
pub struct SearchBody {
    level: Option<String>,
    movetime: Option<u64>,
}

/// A search about to start: the mind, the version of the game it thinks
/// about, its legal moves, its stop signal and what it holds.
pub struct Prepared {
    /// The engine, over a copy of the game.
    pub mind: Box<dyn Mind>,
    /// The game's version when the search starts.
    pub version: u64,
    /// The legal moves, read under the same lock as the version.
    pub legal: Vec<String>,
    /// The search's stop signal.
    pub stop: Arc<Stop>,
    /// The search's place among those the server runs at once, and the
    /// game's mark that it thinks.
    pub held: Held,
}

/// Starts a search on a game: stops the one it ran, waits for a place
/// among the server's searches ([`App::searches`]), and gives the mind
/// (with the opening book when `book`), the game's version and the new
/// stop signal. 409 when the game is over, 503 when no place frees up.
pub async fn prepare(
    app: &App,
    slot: &Slot,
    level: Level,
    book: bool,
) -> Result<Prepared, ApiError> {
    // The game's own search gives its place back first.
    slot.interrupt();
    let permit = app.searches.permit().await?;
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
    let book = app.book.as_ref().filter(|_| book);
    Ok(Prepared {
        mind: game.mind(&MindSettings {
            level,
            seed: seed(),
            tables: &app.tables,
            book,
            eval: &app.eval,
        }),
        version: slot.version(),
        legal,
        stop,
        // Marked under the game's lock: a state that says the game thinks
        // comes after the search's signal and version are set.
        held: Held {
            permit,
            thinking: slot.thinking(),
        },
    })
}

/// `POST /api/games/{id}/engine`: the engine plays one move.
pub async fn engine(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<SearchBody>,
) -> Result<Json<StateJson>, ApiError> {
    let level = match &req.level {
        Some(name) => name
            .parse::<Level>()
            .map_err(|e| ApiError::Unprocessable(format!("level: {e}")))?,
        None => Level::Hard,
    };
    let slot = app.store.get(&id)?;
    let Prepared {
        mind,
        version,
        stop,
        held,
        ..
    } = prepare(&app, &slot, level, true).await?;
    let time = movetime(req.movetime, DEFAULT_MOVETIME);
    let mine = Arc::clone(&stop);
    let outcome = search(mind, request(time, 1), stop, held, |_| {}).await?;
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
    // A hint, an analysis or a refused move stops the search without
    // changing the game: its move, found in a search cut short, is not
    // played.
    if !slot.is_current(&mine) {
        return Err(ApiError::Conflict(
            "another request on the game stopped the engine's search".into(),
        ));
    }
    game.play(&best.mv)?;
    slot.changed();
    let mut state = state_of(game.as_ref(), &slot, &id, &app);
    state.engine = Some(outcome.answer());
    Ok(Json(state))
}

/// `POST /api/games/{id}/hint`: the engine's move, nothing played.
pub async fn hint(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<SearchBody>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let (outcome, _) = analyse(&app, &id, &req, |_| 1).await?;
    Ok(Json(outcome.answer()))
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

/// `POST /api/games/{id}/moves`: the value of every legal move, best first.
pub async fn moves(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    JsonBody(req): JsonBody<SearchBody>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let (outcome, legal) = analyse(&app, &id, &req, |legal| legal.len()).await?;
    let values = move_values(&outcome.reports, legal);
    Ok(Json(serde_json::json!({ "moves": values })))
}

/// The analysis search of the game `id` that a hint and the move values
/// make: the hard level with the book, within the `req`'s movetime,
/// `lines` of the legal moves giving the number of lines. The outcome
/// and the legal moves.
async fn analyse(
    app: &App,
    id: &str,
    req: &SearchBody,
    lines: impl FnOnce(&[String]) -> usize,
) -> Result<(Outcome, Vec<String>), ApiError> {
    let slot = app.store.get(id)?;
    let Prepared {
        mind,
        legal,
        stop,
        held,
        ..
    } = prepare(app, &slot, Level::Hard, true).await?;
    let time = movetime(req.movetime, DEFAULT_MOVETIME);
    let outcome = search(mind, request(time, lines(&legal)), stop, held, |_| {}).await?;
    Ok((outcome, legal))
}

/// The value of each of the `legal` moves: the last report whose line
/// starts with it. Line numbers cannot be trusted for this: an iteration
/// cut short leaves lines of the one before, where the same move may hold
/// another number, so one move could show twice and another not at all.
/// The deepest values come first, best first among them: a move valued
/// only at the depth before is no better, by what the deepest search
/// knows, than the best move it found (whatever the older score says).
fn move_values(reports: &[InfoJson], legal: Vec<String>) -> Vec<MoveValue> {
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

/// `GET /api/games/{id}/record`: the game in the records format, or in
/// OGN with `?format=ogn` (oware games only: 422 for another variant).
pub async fn get_record(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let slot = app.store.get(&id)?;
    let text = slot.game().record();
    let text = match query.get("format").map(String::as_str) {
        None | Some("records") => text,
        Some("ogn") => state::ogn_of_record(&text)?,
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "unknown format '{other}' (records or ogn)"
            )))
        }
    };
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// `POST /api/games/{id}/record`: the game of a record (records format
/// or OGN) replaces the game.
pub async fn post_record(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<StateJson>, ApiError> {
    let text = std::str::from_utf8(&body)
        .map_err(|_| ApiError::BadRequest("the record is not UTF-8 text".into()))?;
    let setup = state::setup_from_record(text)?;
    let game = state::build(&setup)?;
    change(&app, &id, move |t| {
        *t = game;
        Ok(())
    })
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
}
