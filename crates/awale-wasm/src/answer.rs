//! What the worker sends back for a request: the status, content type and
//! body an HTTP answer of `awale serve` would have, so that the page reads
//! both homes' answers with the same code.

use awale_board::errors::ApiError;
use wasm_bindgen::prelude::wasm_bindgen;

/// The JSON content type.
const JSON: &str = "application/json";
/// The plain text content type (records).
const TEXT: &str = "text/plain; charset=utf-8";

/// An answer of the API.
#[wasm_bindgen]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    status: u16,
    kind: &'static str,
    text: String,
}

#[wasm_bindgen]
impl Answer {
    /// The HTTP status.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The content type.
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.kind.to_string()
    }

    /// The body.
    #[wasm_bindgen(getter)]
    pub fn text(&self) -> String {
        self.text.clone()
    }
}

impl Answer {
    /// A JSON answer of `status`.
    pub fn json(status: u16, value: &impl serde::Serialize) -> Answer {
        match serde_json::to_string(value) {
            Ok(text) => Answer {
                status,
                kind: JSON,
                text,
            },
            Err(e) => Answer::error(&ApiError::Internal(format!("an answer not JSON: {e}"))),
        }
    }

    /// A text answer (200).
    pub fn plain(text: String) -> Answer {
        Answer {
            status: 200,
            kind: TEXT,
            text,
        }
    }

    /// The empty answer of a deletion.
    pub fn no_content() -> Answer {
        Answer {
            status: 204,
            kind: JSON,
            text: String::new(),
        }
    }

    /// An error answer: its status, `{"error": ...}`.
    pub fn error(e: &ApiError) -> Answer {
        Answer::refusal(e.status_code(), e.message())
    }

    /// A refusal of `status` with `message`, as `{"error": ...}`.
    pub fn refusal(status: u16, message: &str) -> Answer {
        Answer {
            status,
            kind: JSON,
            text: serde_json::json!({ "error": message }).to_string(),
        }
    }

    /// The answer of `result`: `ok` of its value, or the error's.
    pub fn of<T>(result: Result<T, ApiError>, ok: impl FnOnce(T) -> Answer) -> Answer {
        match result {
            Ok(value) => ok(value),
            Err(e) => Answer::error(&e),
        }
    }
}
