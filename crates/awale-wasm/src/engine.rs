//! The engine the worker holds: the board's games and the calls of its
//! JSON API, answered by the same code as `awale serve`'s handlers
//! ([`awale_board::calls`]), with the searches run on the calling thread
//! (the worker has no other) for the time each request gives them.

use std::collections::HashMap;
use std::sync::Arc;

use awale_board::calls::{self, Board, Outcome};
use awale_board::errors::ApiError;
use awale_board::state::StateJson;
use awale_core::sync::Stop;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::analysis::Analysis;
use crate::answer::Answer;
use crate::routes::{route, Route, Verb};
use crate::search::Thinking;
use crate::tables;

/// An engine move found and not yet played: the game's version and the
/// search's stop signal when it started, and what it found.
struct Found {
    id: String,
    version: u64,
    stop: Arc<Stop>,
    outcome: Outcome,
}

/// The engine of one page.
#[wasm_bindgen]
pub struct Engine {
    board: Board,
    analyses: HashMap<String, Analysis>,
    /// The search under way, sliced, and its game.
    thinking: Option<(String, Thinking)>,
    found: Option<Found>,
    tables_built: bool,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

#[wasm_bindgen]
impl Engine {
    /// An engine with no game, the built-in opening book, and no endgame
    /// tables until [`Engine::build_tables`].
    #[wasm_bindgen(constructor)]
    pub fn new() -> Engine {
        Engine {
            board: Board::new(tables::NONE_YET, awale_core::book::Book::builtin()),
            analyses: HashMap::new(),
            thinking: None,
            found: None,
            tables_built: false,
        }
    }

    /// Whether `method` `path` is a search ([`Engine::think_start`] starts
    /// it).
    pub fn searches(&self, method: &str, path: &str) -> bool {
        matches!(route(method, path), Ok(Route::Post(_, v)) if v.searches())
    }

    /// Whether `path` is an engine move (played by [`Engine::play_found`]
    /// once no other request came meanwhile).
    pub fn plays(&self, path: &str) -> bool {
        matches!(route("POST", path), Ok(Route::Post(_, Verb::Engine)))
    }

    /// Answers a call that does not search.
    pub fn request(&mut self, method: &str, path: &str, body: Option<String>) -> Answer {
        let body = body.unwrap_or_default();
        let b = &self.board;
        let route = match route(method, path) {
            Ok(r) => r,
            Err((status, message)) => return Answer::refusal(status, &message),
        };
        if let Some(id) = route_game(&route) {
            // As on the server, a new request on a game stops its analysis.
            self.analyses.remove(id);
        }
        let state = |r: Result<StateJson, ApiError>| Answer::of(r, |s| Answer::json(200, &s));
        match route {
            Route::Variants => Answer::json(200, &calls::variants()),
            Route::Levels => Answer::json(200, &calls::levels()),
            Route::Create => {
                Answer::of(calls::create(b, body.as_bytes()), |s| Answer::json(201, &s))
            }
            Route::Get(id) => state(calls::get(b, &id)),
            Route::Delete(id) => Answer::of(calls::delete(b, &id), |()| Answer::no_content()),
            Route::Record(id, format) => {
                Answer::of(calls::get_record(b, &id, format.as_deref()), Answer::plain)
            }
            Route::Post(id, verb) => state(post(b, &id, verb, body.as_bytes())),
            Route::Analysis(..) => Answer::refusal(400, "an analysis is a stream"),
        }
    }

    /// Starts the search a call asks for (an engine move, a hint, the
    /// values of the moves): 200 with its time in ms, or the error the
    /// server would answer. [`Engine::think_slice`] runs it.
    pub fn think_start(&mut self, path: &str, body: Option<String>) -> Answer {
        let Ok(Route::Post(id, verb)) = route("POST", path) else {
            return Answer::refusal(404, "no such path");
        };
        self.analyses.remove(&id);
        self.found = None;
        self.thinking = None;
        let body = body.unwrap_or_default();
        match Thinking::start(&self.board, &id, verb, body.as_bytes()) {
            Ok((thinking, time)) => {
                self.thinking = Some((id, thinking));
                Answer::json(200, &(time.as_millis() as u64))
            }
            Err(e) => Answer::error(&e),
        }
    }

    /// Thinks `ms` more about the search [`Engine::think_start`] started:
    /// whether more time may find more.
    pub fn think_slice(&mut self, ms: f64) -> bool {
        self.thinking
            .as_mut()
            .is_some_and(|(_, thinking)| thinking.slice(ms))
    }

    /// Answers what the search found; an engine move is kept for
    /// [`Engine::play_found`], not played.
    pub fn think_done(&mut self) -> Answer {
        let Some((id, mut thinking)) = self.thinking.take() else {
            return Answer::refusal(409, "the search was stopped");
        };
        let outcome = thinking.outcome();
        match thinking.verb {
            Verb::Engine => {
                let answer = Answer::json(200, &outcome.answer());
                self.found = Some(Found {
                    id,
                    version: thinking.prepared.version,
                    stop: thinking.prepared.stop,
                    outcome,
                });
                answer
            }
            Verb::Moves => {
                Answer::json(200, &calls::moves_answer(&outcome, thinking.prepared.legal))
            }
            _ => Answer::json(200, &outcome.answer()),
        }
    }

    /// Plays the engine move [`Engine::think_done`] answered, as the server does
    /// once its search returns: 409 when the game changed meanwhile.
    pub fn play_found(&mut self, path: &str) -> Answer {
        let Some(found) = self.found.take() else {
            return Answer::refusal(409, "the engine found no move");
        };
        let Ok(Route::Post(id, Verb::Engine)) = route("POST", path) else {
            return Answer::refusal(404, "no such path");
        };
        if id != found.id {
            return Answer::refusal(409, "the game changed while the engine was thinking");
        }
        let played =
            calls::play_found(&self.board, &id, found.version, &found.stop, &found.outcome);
        Answer::of(played, |s| Answer::json(200, &s))
    }

    /// The answer a request stopped by another gets: 409 with `message`.
    pub fn refused(&self, message: &str) -> Answer {
        Answer::refusal(409, message)
    }

    /// Starts the analysis stream `path`: 200 with its time in ms, or the
    /// error the server would answer.
    pub fn analysis_start(&mut self, path: &str) -> Answer {
        let Ok(Route::Analysis(id, movetime)) = route("GET", path) else {
            return Answer::refusal(404, "no such path");
        };
        self.found = None;
        match Analysis::start(&self.board, &id, movetime.as_deref()) {
            Ok((analysis, ms)) => {
                self.analyses.insert(id, analysis);
                Answer::json(200, &ms)
            }
            Err(e) => Answer::error(&e),
        }
    }

    /// Thinks `ms` more about the analysis `path`, then gives `info` each
    /// iteration deeper than any sent before (its JSON text); false when
    /// more time would tell nothing more (a proven result), or there is no
    /// such analysis.
    pub fn analysis_slice(&mut self, path: &str, ms: f64, info: &js_sys::Function) -> bool {
        let Some(analysis) = route_analysis(path).and_then(|id| self.analyses.get_mut(&id)) else {
            return false;
        };
        let (more, news) = analysis.slice(ms);
        for text in news {
            let _ = info.call1(&wasm_bindgen::JsValue::NULL, &text.into());
        }
        more
    }

    /// Forgets the analysis `path` (its stream was closed).
    pub fn analysis_drop(&mut self, path: &str) {
        if let Some(id) = route_analysis(path) {
            self.analyses.remove(&id);
        }
    }

    /// The `done` event of the analysis `path` (or its `error`).
    pub fn analysis_done(&mut self, path: &str) -> Answer {
        match route_analysis(path).and_then(|id| self.analyses.remove(&id)) {
            Some(analysis) => Answer::json(200, &analysis.outcome().answer()),
            None => Answer::refusal(409, "the analysis was stopped"),
        }
    }

    /// Whether the start-up endgame tables are still to be built.
    pub fn wants_tables(&self) -> bool {
        !self.tables_built
    }

    /// Builds the start-up endgame tables (the worker is busy meanwhile)
    /// and answers a line for the page.
    pub fn build_tables(&mut self) -> String {
        self.tables_built = true;
        self.board.tables = tables::build();
        tables::ready_note()
    }
}

/// A call on a game that changes it (or stops its search).
fn post(board: &Board, id: &str, verb: Verb, body: &[u8]) -> Result<StateJson, ApiError> {
    match verb {
        Verb::Move => calls::play(board, id, body),
        Verb::Undo => calls::undo(board, id),
        Verb::Redo => calls::redo(board, id),
        Verb::Position => calls::position(board, id, body),
        Verb::Stop => calls::stop(board, id),
        Verb::Record => calls::post_record(board, id, body),
        Verb::Engine | Verb::Hint | Verb::Moves => {
            Err(ApiError::Internal("a search asked as a plain call".into()))
        }
    }
}

/// The game a call is about, if any.
fn route_game(route: &Route) -> Option<&str> {
    match route {
        Route::Get(id) | Route::Delete(id) | Route::Post(id, _) | Route::Record(id, _) => Some(id),
        Route::Analysis(id, _) => Some(id),
        Route::Variants | Route::Levels | Route::Create => None,
    }
}

/// The game of the analysis stream `path`.
fn route_analysis(path: &str) -> Option<String> {
    match route("GET", path) {
        Ok(Route::Analysis(id, _)) => Some(id),
        _ => None,
    }
}
