//! The board API's errors: each becomes a 4xx (or 500 for a bug, 503 for
//! a busy server) answer whose body is `{"error": "<one line for a
//! person>"}`, as docs/web.md says, from the server and the static board's
//! worker alike.

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
    pub fn status_code(&self) -> u16 {
        match self {
            ApiError::BadRequest(_) => 400,
            ApiError::NotFound(_) => 404,
            ApiError::Conflict(_) => 409,
            ApiError::Unprocessable(_) => 422,
            ApiError::Internal(_) => 500,
            ApiError::Unavailable(_) => 503,
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
pub struct ErrorBody<'a> {
    /// The message for a person.
    pub error: &'a str,
}
