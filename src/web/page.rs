//! The page: its HTML, CSS and JavaScript are embedded in the binary, so
//! `awale serve` needs nothing besides itself and works offline.

use axum::http::header;
use axum::response::IntoResponse;

/// The page's HTML.
const INDEX: &str = include_str!("page/index.html");
/// Its script.
const APP: &str = include_str!("page/app.js");
/// Its style sheet.
const STYLE: &str = include_str!("page/style.css");

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], INDEX)
}

/// `GET /app.js`.
pub async fn app_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        APP,
    )
}

/// `GET /style.css`.
pub async fn style_css() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}
