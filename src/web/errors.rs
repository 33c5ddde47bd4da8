//! The API's errors: each becomes a 4xx (or 500 for a bug, 503 for a busy
//! server) answer whose body is `{"error": "<one line for a person>"}`, as
//! docs/web.md says.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// Why a request was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// 400: the request is malformed (bad JSON, a missing field, a bad
    /// position string).
    BadRequest(String),
    /// 404: no such game or path.
    NotFound(String),
    /// 409: the move is not legal now, the game is over, nothing to undo
    /// or redo, or the game changed while the engine thought.
    Conflict(String),
    /// 422: a well-formed value the rules refuse (an unknown variant or
    /// option value).
    Unprocessable(String),
    /// 500: a bug (a search that failed).
    Internal(String),
    /// 503: the server runs as many searches as it may; try again.
    Unavailable(String),
}

impl ApiError {
    /// The HTTP status of the error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// The message for a person.
    pub fn message(&self) -> &str {
        match self {
            ApiError::BadRequest(m)
            | ApiError::NotFound(m)
            | ApiError::Conflict(m)
            | ApiError::Unprocessable(m)
            | ApiError::Internal(m)
            | ApiError::Unavailable(m) => m,
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for ApiError {}

/// The JSON body of an error answer.
#[derive(serde::Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: self.message(),
        };
        (self.status(), Json(body)).into_response()
    }
}

/// The JSON error answer for a status and message (used for the
/// framework's own refusals: bad JSON, unknown paths, panics).
pub fn error_response(status: StatusCode, message: &str) -> Response {
    (status, Json(ErrorBody { error: message })).into_response()
}
