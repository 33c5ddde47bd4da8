//! `GET /api/games/{id}/analysis?movetime=MS`: the engine thinks about the
//! position and streams what it finds as server-sent events: an `info`
//! event per completed depth, then one `done` event. Closing the stream
//! stops the search, and so does any new request on the game.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::IntoResponse;
use futures_util::stream;

use awale_board::calls;

use super::api::{self, StopOnDrop};
use super::errors::WebError;
use super::App;
use crate::search::Skill;

/// The handler: 404 for an unknown game, 409 when it is over, 400 for a
/// `movetime` that is not a number.
pub async fn analysis(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<impl IntoResponse, WebError> {
    let time = calls::analysis_time(query.get("movetime").map(String::as_str))?;
    let slot = app.board.store.get(&id)?;
    // No book: an analysis searches the position.
    let (prepared, held) = api::prepare(&app, &slot, Skill::FULL, false).await?;
    let (mind, stop) = (prepared.mind, prepared.stop);
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<Event>();
    let guard = StopOnDrop(Arc::clone(&stop));
    tokio::spawn(async move {
        let info = tx.clone();
        let outcome = api::search(mind, api::request(time, 1), stop, held, move |line| {
            let event = Event::default().event("info").json_data(line);
            match event {
                Ok(event) => {
                    let _ = info.send(event);
                }
                Err(e) => log::error!("an info event that cannot be written: {e}"),
            }
        })
        .await;
        match outcome {
            Ok(outcome) => {
                if let Ok(event) = Event::default().event("done").json_data(outcome.answer()) {
                    let _ = tx.send(event);
                }
            }
            Err(e) => {
                let body = serde_json::json!({ "error": e.message() });
                if let Ok(event) = Event::default().event("error").json_data(body) {
                    let _ = tx.send(event);
                }
            }
        }
    });
    // The stream owns the guard: when the page closes it, the search stops.
    let events = stream::unfold((rx, guard), |(mut rx, guard)| async move {
        let event = rx.recv().await?;
        Some((Ok::<_, Infallible>(event), (rx, guard)))
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}
