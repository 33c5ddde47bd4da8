//! The API's errors as axum answers: [`ApiError`] (the board's, shared
//! with the static board's worker) wrapped in [`WebError`], whose answer
//! is the error's status and `{"error": ...}` body.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

pub use awale_board::errors::{ApiError, ErrorBody};

/// An [`ApiError`] a handler answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebError(pub ApiError);

impl From<ApiError> for WebError {
    fn from(e: ApiError) -> WebError {
        WebError(e)
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let status =
            StatusCode::from_u16(self.0.status_code()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        error_response(status, self.0.message())
    }
}

/// The JSON error answer for a status and message (used for the
/// framework's own refusals: bad JSON, unknown paths, panics).
pub fn error_response(status: StatusCode, message: &str) -> Response {
    (status, Json(ErrorBody { error: message })).into_response()
}
