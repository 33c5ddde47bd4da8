//! The server's connections, bounded: a client has [`Limits::header_timeout`]
//! to send a request's headers (from the opening of the connection or the
//! end of its previous request), [`Limits::body_timeout`] to send its
//! body, and at most [`Limits::max_connections`] connections are open at
//! once (more wait in the listening queue until one closes). Without
//! these, clients that send slowly or never keep their connections, and
//! thus file descriptors, for ever, until the server stops answering.
//!
//! The connections are hyper's HTTP/1 connections with its
//! `header_read_timeout`; the body's deadline is a middleware of ours,
//! since tower-http's `RequestBodyTimeout` bounds only the wait between
//! two pieces of a body, which a client sending a byte a second never
//! reaches.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::Response;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::errors::error_response;

/// The largest request body read (the size axum's extractors allow by
/// default): a larger one is refused with 413.
const MAX_BODY: usize = 2 << 20;

/// The bounds on what a client may hold of the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Time to send a request's headers; the connection is closed past it.
    pub header_timeout: Duration,
    /// Time to send a request's body, once its headers are in; 408 past it.
    pub body_timeout: Duration,
    /// The most connections open at once.
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            max_connections: 128,
        }
    }
}

impl Limits {
    /// These limits with the most connections lowered, where needed, to
    /// half the file descriptors the process may open (the rest is left
    /// for table files, the listening socket and the like).
    pub fn within_file_limit(self) -> Limits {
        Limits {
            max_connections: self
                .max_connections
                .min(file_limit().map_or(usize::MAX, |n| (n / 2).max(1))),
            ..self
        }
    }

    /// The limits for people, as `awale serve` prints them at start.
    pub fn describe(&self) -> String {
        format!(
            "headers within {} s, bodies within {} s, at most {} connections at once (more wait)",
            self.header_timeout.as_secs_f64(),
            self.body_timeout.as_secs_f64(),
            self.max_connections
        )
    }
}

/// The soft limit on open file descriptors, where the platform says.
fn file_limit() -> Option<usize> {
    #[cfg(target_os = "linux")]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes the limit into the struct it is given.
        let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0;
        if ok && limit.rlim_cur != libc::RLIM_INFINITY {
            return usize::try_from(limit.rlim_cur).ok();
        }
    }
    None
}

/// `router` with the body deadline of `limits`.
pub fn with_body_deadline(router: Router, limits: Limits) -> Router {
    router.layer(axum::middleware::from_fn(
        move |request: Request, next: Next| body_deadline(request, next, limits.body_timeout),
    ))
}

/// Reads the whole body of `request` within `timeout` (408 past it, 413
/// past [`MAX_BODY`]), then hands the request on with that body.
async fn body_deadline(request: Request, next: Next, timeout: Duration) -> Response {
    let (parts, body) = request.into_parts();
    let bytes = match tokio::time::timeout(timeout, axum::body::to_bytes(body, MAX_BODY)).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => {
            return error_response(StatusCode::PAYLOAD_TOO_LARGE, "the body is too large")
        }
        Err(_) => {
            let why = format!("the body did not come within {} s", timeout.as_secs_f64());
            return error_response(StatusCode::REQUEST_TIMEOUT, &why);
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

/// Serves `router` on `listener` within `limits` until `shutdown` ends,
/// then waits for the open connections to finish.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        // A connection is accepted only once it has a slot: the others
        // wait in the listening queue, holding no descriptor of ours.
        let slot = tokio::select! {
            slot = Arc::clone(&slots).acquire_owned() => match slot {
                Ok(slot) => slot,
                Err(_) => break,
            },
            () = &mut shutdown => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of descriptors or a connection reset before it was
                    // accepted: wait a little rather than spin.
                    log::warn!("cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .serve_connection(
                TokioIo::new(stream),
                TowerToHyperService::new(router.clone()),
            );
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                log::debug!("connection ended: {e}");
            }
            drop(slot);
        });
    }
    graceful.shutdown().await;
    Ok(())
}
