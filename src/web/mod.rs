//! `awale serve`: a web board for every variant, served by the binary.
//!
//! An HTTP server (axum on tokio) serves one page, embedded in the binary
//! ([`page`]), and the JSON API of docs/web.md ([`api`], [`analysis`]).
//! The page never applies a rule: every state it draws, every legal move
//! with the holes its seeds reach and what it captures, comes from
//! [`state`], which asks the rules layer ([`crate::variants::view`]).
//! Games live in memory ([`games`]); searches run on blocking threads
//! through the thinker ([`crate::think`]), and a new request on a game
//! stops the search it runs.

pub mod analysis;
pub mod api;
pub mod connections;
pub mod errors;
pub mod limit;
pub mod page;

/// The board's games, their state and the engine's mind are the board
/// crate's, shared with the static board's worker.
pub use awale_board::{games, mind, state};

use std::sync::Arc;
use std::time::Duration;

use axum::http::{header, StatusCode};
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;

use crate::book::Book;
use crate::registry::Evaluation;
use crate::tables::loader::{self, Source};
use crate::tables::Rules;
use awale_board::calls::{self, Board};
use errors::error_response;
use games::Store;
use limit::SearchLimit;

/// What every handler shares: the board (the games, where the tables
/// come from, the book and the evaluation) and the bound on the searches.
pub struct App {
    /// What the board's calls share.
    pub board: Board,
    /// The bound on the searches run at once.
    pub searches: SearchLimit,
}

/// How to serve.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to bind (127.0.0.1 unless told otherwise).
    pub host: String,
    /// The port (0: any free port).
    pub port: u16,
    /// Whether to open the page in a browser.
    pub open: bool,
    /// Where the endgame tables come from.
    pub tables: Source,
    /// The opening book the engine plays from at the hard level (`None`:
    /// it always searches).
    pub book: Option<Arc<Book>>,
    /// The evaluation the engine plays with (`--eval`).
    pub eval: Evaluation,
    /// The most searches run at once (engine moves, hints, values and
    /// analyses of every game together).
    pub max_searches: usize,
    /// The bounds on the clients' connections.
    pub limits: connections::Limits,
}

/// The router: the page, the API and the JSON answers for unknown paths
/// and panics.
pub fn router(app: Arc<App>) -> Router {
    let games = Router::new()
        .route("/api/variants", get(api::variants))
        .route("/api/levels", get(api::levels))
        .route("/api/games", post(api::create))
        .route(
            "/api/games/{id}",
            get(api::on_game(calls::get)).delete(api::delete),
        )
        .route(
            "/api/games/{id}/move",
            post(api::on_game_with_body(calls::play)),
        )
        .route("/api/games/{id}/undo", post(api::on_game(calls::undo)))
        .route("/api/games/{id}/redo", post(api::on_game(calls::redo)))
        .route(
            "/api/games/{id}/position",
            post(api::on_game_with_body(calls::position)),
        )
        .route("/api/games/{id}/engine", post(api::engine))
        .route("/api/games/{id}/stop", post(api::on_game(calls::stop)))
        .route("/api/games/{id}/hint", post(api::hint))
        .route("/api/games/{id}/moves", post(api::moves))
        .route("/api/games/{id}/analysis", get(analysis::analysis))
        .route(
            "/api/games/{id}/record",
            get(api::get_record).post(api::on_game_with_body(calls::post_record)),
        );
    let routes = Router::new()
        .route("/", get(page::index))
        .route("/index.html", get(page::index))
        .route("/app.js", get(page::app_js))
        .route("/style.css", get(page::style_css))
        .merge(games);
    with_json_refusals(routes).with_state(app)
}

/// `routes` with JSON answers for what no handler answers: unknown paths
/// (404), wrong methods (405), the framework's own refusals (a body too
/// large: 413), and a handler that panics (500, logged; the server goes on).
fn with_json_refusals(routes: Router<Arc<App>>) -> Router<Arc<App>> {
    routes
        .fallback(|| async { error_response(StatusCode::NOT_FOUND, "no such path") })
        .method_not_allowed_fallback(|| async {
            error_response(StatusCode::METHOD_NOT_ALLOWED, "method not allowed here")
        })
        .layer(axum::middleware::map_response(json_error))
        .layer(CatchPanicLayer::custom(|_| {
            log::error!("a request handler panicked");
            error_response(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
        }))
}

/// An error answer that is not JSON (the framework's refusals are plain
/// text) rewritten as `{"error": ...}` with the same status and text.
async fn json_error(response: Response) -> Response {
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let text = axum::body::to_bytes(response.into_body(), 4096)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let message = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("refused")
            .to_lowercase()
    } else {
        text
    };
    error_response(status, &message)
}

/// Serves until Ctrl-C or SIGTERM: binds, prints
/// `listening on http://HOST:PORT/` on stdout (the one line the server
/// writes there) and its connection limits on stderr, opens the page if
/// asked, then stops every search and closes cleanly.
pub fn serve(options: ServeOptions) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_name("awale-web")
        .build()?;
    let served = runtime.block_on(run(options));
    // Searches left behind stop by themselves; nobody waits for them.
    runtime.shutdown_timeout(Duration::from_millis(500));
    served
}

async fn run(options: ServeOptions) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind((options.host.as_str(), options.port))
        .await
        .map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!("cannot listen on {}:{}: {e}", options.host, options.port),
            )
        })?;
    let local = listener.local_addr()?;
    let url = if local.is_ipv6() {
        format!("http://[{}]:{}/", local.ip(), local.port())
    } else {
        format!("http://{local}/")
    };
    let limits = options.limits.within_file_limit();
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        writeln!(out, "listening on {url}")?;
        out.flush()?;
    }
    eprintln!("limits: {}", limits.describe());
    // The default rules' tables start loading now, in the background.
    let _ = loader::load(&options.tables, Rules::default());
    if options.open {
        open_browser(&url);
    }
    let app = Arc::new(App {
        board: Board {
            store: Store::new(),
            tables: options.tables,
            book: options.book,
            eval: options.eval,
        },
        searches: SearchLimit::new(options.max_searches),
    });
    let stopping = Arc::clone(&app);
    let routes = connections::with_body_deadline(router(app), limits);
    connections::serve(listener, routes, limits, async move {
        shutdown_signal().await;
        log::info!("shutting down");
        stopping.board.store.stop_all();
        // Connections that do not close (a stream) get a few seconds.
        std::thread::spawn(|| {
            std::thread::sleep(Duration::from_secs(5));
            log::warn!("connections still open after 5 s: leaving anyway");
            std::process::exit(0);
        });
    })
    .await
}

/// Tries `xdg-open URL`; only warns when it cannot.
fn open_browser(url: &str) {
    match std::process::Command::new("xdg-open")
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        Ok(_) => {}
        Err(e) => eprintln!("warning: cannot open a browser (xdg-open: {e}); open {url}"),
    }
}

/// Waits for Ctrl-C (SIGINT) or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            log::error!("cannot listen for Ctrl-C: {e}");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(e) => {
                log::error!("cannot listen for SIGTERM: {e}");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn boom() -> &'static str {
        panic!("a deliberate panic")
    }

    /// Served on a real local port: a handler that panics gets a JSON 500,
    /// and the server answers the next requests as before.
    #[test]
    fn a_panicking_handler_gets_a_json_500_and_the_server_goes_on() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let app = Arc::new(App {
            board: Board::new(Source::Off, None),
            searches: SearchLimit::new(1),
        });
        let routes = Router::new()
            .route("/boom", get(boom))
            .route("/fine", get(|| async { "fine" }))
            .route(
                "/small",
                post(|body: axum::body::Bytes| async move { body.len().to_string() })
                    .layer(axum::extract::DefaultBodyLimit::max(10)),
            );
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .unwrap();
        let addr = listener.local_addr().unwrap();
        runtime.spawn(async move {
            axum::serve(listener, with_json_refusals(routes).with_state(app)).await
        });
        let status_and_body = |path: &str| match ureq::get(&format!("http://{addr}{path}")).call() {
            Ok(r) => (r.status(), r.into_string().unwrap()),
            Err(ureq::Error::Status(code, r)) => (code, r.into_string().unwrap()),
            Err(e) => panic!("{path}: {e}"),
        };
        for _ in 0..2 {
            let (code, body) = status_and_body("/boom");
            assert_eq!(code, 500, "{body}");
            let v: serde_json::Value = serde_json::from_str(&body).unwrap();
            assert_eq!(v["error"], "internal error", "{body}");
            assert_eq!(status_and_body("/fine"), (200, "fine".to_string()));
        }
        let (code, body) = status_and_body("/nowhere");
        assert_eq!(code, 404, "{body}");
        assert!(body.contains("no such path"), "{body}");
        // The framework's plain-text refusal of a body too large, as JSON.
        let refused =
            ureq::post(&format!("http://{addr}/small")).send_string("more than ten bytes");
        let Err(ureq::Error::Status(413, r)) = refused else {
            panic!("{refused:?}")
        };
        assert_eq!(r.header("content-type"), Some("application/json"));
        let v: serde_json::Value = serde_json::from_str(&r.into_string().unwrap()).unwrap();
        assert!(v["error"].as_str().unwrap().contains("length limit"), "{v}");
        runtime.shutdown_timeout(Duration::from_millis(200));
    }
}
