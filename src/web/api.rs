//! The JSON API's handlers (docs/web.md): each reads its request and
//! answers what the board's call ([`awale_board::calls`]) answers, or its
//! error. Searches run on blocking threads through the thinker
//! ([`crate::think`]); a new request on a game stops the search it runs.

use std::collections::HashMap;
use std::future::{ready, Ready};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use awale_board::calls::{self, Board, Prepared, SearchBody};
pub use awale_board::calls::{movetime, Outcome, DEFAULT_MOVETIME, MOVETIME_RANGE};

use super::errors::{ApiError, WebError};
use super::games::{Slot, Thinking};
use super::limit::SearchPermit;
use super::mind::InfoJson;
use super::state::{StateJson, VariantJson};
use super::App;
use crate::search::Skill;
use crate::sync::{lock, Stop};
use crate::think::{think, Mind, Request};

/// A seed for the weaker steps' random choices.
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

/// The request the thinker gets for a search of `time` with `multipv` lines.
pub fn request(time: Duration, multipv: usize) -> Request {
    Request {
        limits: calls::limits(time, multipv),
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
        think(mind, request, &stop, move |report| {
            if let Some(info) = calls::info_of(report) {
                each(&info);
                lock(&seen).push(info);
            }
        })
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

/// `GET /api/variants`.
pub async fn variants() -> Json<Vec<VariantJson>> {
    Json(calls::variants())
}

/// `GET /api/levels`.
pub async fn levels() -> Json<Vec<calls::LevelJson>> {
    Json(calls::levels())
}

/// A handler's JSON answer.
type Answer<T> = Result<Json<T>, WebError>;

/// The handler of a call on one game that needs only the game's id
/// (`GET /api/games/{id}`, `stop`, `undo`, `redo`): the game's state, or
/// the call's error.
pub fn on_game(
    call: fn(&Board, &str) -> Result<StateJson, ApiError>,
) -> impl Fn(State<Arc<App>>, Path<String>) -> Ready<Answer<StateJson>> + Clone + Send + Sync {
    move |State(app), Path(id)| ready(call(&app.board, &id).map(Json).map_err(WebError::from))
}

/// The handler of a call on one game with a body (`move`, `position`,
/// `POST record`): the game's state, or the call's error.
pub fn on_game_with_body(
    call: fn(&Board, &str, &[u8]) -> Result<StateJson, ApiError>,
) -> impl Fn(State<Arc<App>>, Path<String>, Bytes) -> Ready<Answer<StateJson>> + Clone + Send + Sync
{
    move |State(app), Path(id), body| {
        ready(
            call(&app.board, &id, &body)
                .map(Json)
                .map_err(WebError::from),
        )
    }
}

/// `POST /api/games`: 201 and the state of a new game.
pub async fn create(State(app): State<Arc<App>>, body: Bytes) -> Result<Response, WebError> {
    let state = calls::create(&app.board, &body)?;
    Ok((StatusCode::CREATED, Json(state)).into_response())
}

/// `DELETE /api/games/{id}`: 204.
pub async fn delete(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<StatusCode, WebError> {
    calls::delete(&app.board, &id)?;
    Ok(StatusCode::NO_CONTENT)
}

/// A search about to start with what it holds.
pub type Started = (Prepared, Held);

/// Starts a search on a game: stops the one it ran, waits for a place
/// among the server's searches ([`App::searches`]), and prepares it
/// ([`calls::prepare`]), the game marked as thinking. 409 when the game is
/// over, 503 when no place frees up.
pub async fn prepare(
    app: &App,
    slot: &Slot,
    skill: Skill,
    book: bool,
) -> Result<Started, ApiError> {
    // The game's own search gives its place back first.
    slot.interrupt();
    let permit = app.searches.permit().await?;
    // Marked under the game's lock: a state that says the game thinks
    // comes after the search's signal and version are set.
    let (prepared, thinking) =
        calls::prepare(&app.board, slot, skill, book, seed(), || slot.thinking())?;
    Ok((prepared, Held { permit, thinking }))
}

/// `POST /api/games/{id}/engine`: the engine plays one move.
pub async fn engine(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Answer<StateJson> {
    let req: SearchBody = calls::parse_body(&body)?;
    let skill = req.skill()?;
    let slot = app.board.store.get(&id)?;
    let (prepared, held) = prepare(&app, &slot, skill, true).await?;
    let time = movetime(req.movetime, DEFAULT_MOVETIME);
    let mine = Arc::clone(&prepared.stop);
    let outcome = search(prepared.mind, request(time, 1), prepared.stop, held, |_| {}).await?;
    Ok(Json(calls::play_found(
        &app.board,
        &id,
        prepared.version,
        &mine,
        &outcome,
    )?))
}

/// `POST /api/games/{id}/hint`: the engine's move, nothing played.
pub async fn hint(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Answer<serde_json::Value> {
    let (outcome, _) = analyse(&app, &id, &body, |_| 1).await?;
    Ok(Json(outcome.answer()))
}

/// `POST /api/games/{id}/moves`: the value of every legal move, best first.
pub async fn moves(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Answer<serde_json::Value> {
    let (outcome, legal) = analyse(&app, &id, &body, |legal| legal.len()).await?;
    Ok(Json(calls::moves_answer(&outcome, legal)))
}

/// The analysis search of the game `id` that a hint and the move values
/// make: full strength with the book, within the `body`'s movetime,
/// `lines` of the legal moves giving the number of lines. The outcome
/// and the legal moves.
async fn analyse(
    app: &App,
    id: &str,
    body: &[u8],
    lines: impl FnOnce(&[String]) -> usize,
) -> Result<(Outcome, Vec<String>), ApiError> {
    let req: SearchBody = calls::parse_body(body)?;
    let slot = app.board.store.get(id)?;
    let (prepared, held) = prepare(app, &slot, Skill::FULL, true).await?;
    let time = movetime(req.movetime, DEFAULT_MOVETIME);
    let multipv = lines(&prepared.legal);
    let outcome = search(
        prepared.mind,
        request(time, multipv),
        prepared.stop,
        held,
        |_| {},
    )
    .await?;
    Ok((outcome, prepared.legal))
}

/// `GET /api/games/{id}/record`: the game in the records format, or in
/// OGN with `?format=ogn` (oware games only: 422 for another variant).
pub async fn get_record(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, WebError> {
    let format = query.get("format").map(String::as_str);
    let text = calls::get_record(&app.board, &id, format)?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}
