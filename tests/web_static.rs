//! The static web board in a real browser (issue 61): the page built by
//! `scripts/build-web.sh` into `target/web/`, with the engine compiled to
//! WebAssembly in a Web Worker, served by a plain static file server
//! inside the test (no `awale serve`), in headless Chromium through
//! chromedriver as in [`crate::web_browser`].
//!
//! It plays a move against the engine, hands the game to two people,
//! hovers a hole for its preview, flips the board, undoes, redoes and
//! asks a hint with the keys, streams an analysis, sets up a pasted
//! position and refuses a malformed one, plays a colour variant's move
//! through its choice menu, draws every variant, plays a whole game
//! against the engine, saves it as a record and as OGN and loads each
//! back, watches the engine play itself to the end and pauses it, checks
//! that the browser logged no error, that a browser without WebAssembly
//! or Web Workers is told so, and that a .wasm the server does not give
//! is said on the page with the served board offered (the checks of the
//! served board are the same functions of [`crate::web_browser`]);
//! screenshots go to `target/web-screenshots/static/`, beside the served
//! board's.
//!
//! It runs when the served board's test does (`AWALE_BROWSER_TEST=1`).
//! It builds `target/web/` when it is missing, and skips with a message
//! when the WebAssembly tools are missing (on CI, it fails instead).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use fantoccini::{Client, Locator};

use crate::web_browser::{self as browser, Res};

/// The files the static build must hold.
const FILES: [&str; 6] = [
    "index.html",
    "app.js",
    "style.css",
    "worker.js",
    "awale_wasm.js",
    "awale_wasm_bg.wasm",
];

#[test]
fn static_board_in_chromium() {
    if !browser::browser_wanted("web_static") {
        return;
    }
    let Some(dir) = static_build() else {
        return;
    };
    browser::run_browser_test("web_static", static_test(&dir));
}

/// `target/web/`, built by scripts/build-web.sh when a file is missing;
/// `None` (said) when the WebAssembly tools are not installed.
fn static_build() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("target/web");
    if FILES.iter().all(|f| dir.join(f).is_file()) {
        return Some(dir);
    }
    let tools = Command::new("wasm-bindgen").arg("--version").output();
    if !tools.is_ok_and(|o| o.status.success()) {
        assert!(
            std::env::var_os("CI").is_none(),
            "web_static: wasm-bindgen is missing on CI (scripts/install-wasm-tools.sh)"
        );
        eprintln!(
            "web_static: skipped: wasm-bindgen is missing; run scripts/install-wasm-tools.sh, \
             then scripts/build-web.sh"
        );
        return None;
    }
    let status = Command::new(root.join("scripts/build-web.sh"))
        .status()
        .expect("scripts/build-web.sh runs");
    assert!(status.success(), "scripts/build-web.sh failed");
    Some(dir)
}

/// Pages of the static build as a browser lacking a feature sees them:
/// index.html with a script, run before app.js, that deletes the global,
/// and the words the page's message must use for it.
const WITHOUT: [(&str, &str, &str); 2] = [
    ("no-wasm.html", "WebAssembly", "WebAssembly"),
    ("no-worker.html", "Worker", "Web Workers"),
];

/// A plain static file server of one directory on 127.0.0.1, on a thread
/// of its own, stopped when dropped; it also serves the pages of
/// [`WITHOUT`].
struct StaticServer {
    port: u16,
    stop: Arc<AtomicBool>,
    /// While set, the .wasm is answered 404 (a failed load).
    hide_wasm: Arc<AtomicBool>,
}

impl StaticServer {
    fn start(dir: &Path) -> Res<StaticServer> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let port = listener.local_addr()?.port();
        let stop = Arc::new(AtomicBool::new(false));
        let hide_wasm = Arc::new(AtomicBool::new(false));
        let (seen, hidden) = (Arc::clone(&stop), Arc::clone(&hide_wasm));
        let dir = dir.to_path_buf();
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                if seen.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(conn) = conn {
                    let dir = dir.clone();
                    let hide = hidden.load(Ordering::SeqCst);
                    std::thread::spawn(move || serve_one(conn, &dir, hide));
                }
            }
        });
        Ok(StaticServer {
            port,
            stop,
            hide_wasm,
        })
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accepting thread so that it sees the flag.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

/// The content type of a file of the static build.
fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        _ => "application/octet-stream",
    }
}

/// Answers one GET with a file of `dir` (by its bare name), or 404 (for
/// the .wasm too when `hide_wasm`).
fn serve_one(conn: TcpStream, dir: &Path, hide_wasm: bool) {
    let mut reader = BufReader::new(&conn);
    let mut request = String::new();
    if reader.read_line(&mut request).is_err() {
        return;
    }
    // The headers are read and ignored.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let path = request.split_whitespace().nth(1).unwrap_or("/");
    let name = path.split('?').next().unwrap_or("").trim_start_matches('/');
    let name = if name.is_empty() { "index.html" } else { name };
    let refused = name.contains('/') || name.contains("..") || hide_wasm && name.ends_with(".wasm");
    let file = match WITHOUT.iter().find(|w| w.0 == name) {
        Some(&(_, global, _)) => page_without(dir, global),
        None => (!refused)
            .then(|| std::fs::read(dir.join(name)).ok())
            .flatten(),
    };
    let mut out = &conn;
    let _ = match file {
        Some(body) => write!(
            out,
            "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            content_type(name),
            body.len()
        )
        .and_then(|()| out.write_all(&body)),
        None => write!(
            out,
            "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        ),
    };
}

/// index.html with a script before app.js's that deletes `global`.
fn page_without(dir: &Path, global: &str) -> Option<Vec<u8>> {
    let page = std::fs::read_to_string(dir.join("index.html")).ok()?;
    let app = "<script src=\"app.js\">";
    page.contains(app).then(|| {
        page.replacen(
            app,
            &format!("<script>delete window.{global};</script>{app}"),
            1,
        )
        .into_bytes()
    })
}

async fn static_test(dir: &Path) -> Res<()> {
    let server = StaticServer::start(dir)?;
    let url = server.url();
    eprintln!("web_static: {} served at {url}", dir.display());
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/web-screenshots/static");
    let (_driver, client, downloads) = browser::open_browser(&shots, "web-static-profile").await?;
    let mut result = drive(&client, &url, &shots, &downloads).await;
    if result.is_ok() {
        result = a_missing_feature_is_said(&client, &url, &shots).await;
    }
    if result.is_ok() {
        // Last: the 404 it provokes is an error in the browser's log.
        result = a_missing_wasm_is_said(&client, &server).await;
    }
    browser::close_browser(client, result, &shots).await
}

async fn drive(client: &Client, url: &str, shots: &Path, downloads: &Path) -> Res<()> {
    let opened = Instant::now();
    client.goto(url).await?;
    browser::wait_for(
        client,
        "document.querySelector('.hole.playable')",
        "a playable hole",
    )
    .await?;
    eprintln!(
        "web_static: a usable board {} ms after opening the page",
        opened.elapsed().as_millis()
    );
    let home = client
        .execute("return document.body.dataset.home;", vec![])
        .await?;
    assert_eq!(home, "worker", "the static page talks to its worker");
    browser::idle(client).await?;
    browser::screenshot(client, shots, "start.png").await?;

    browser::a_fresh_page_plays_the_engine(client).await?;
    browser::two_players_one_click_away(client).await?;
    browser::hover_shows_the_move(client, shots).await?;
    browser::flip_turns_the_board(client).await?;
    browser::shortcuts_undo_redo_hint(client).await?;
    browser::analysis_streams(client).await?;
    tables_note_goes(client).await?;
    the_book_opens_in_the_worker(client).await?;
    a_long_search_is_cut_short(client).await?;
    browser::position_is_set_up(client).await?;
    a_bad_position_is_refused(client).await?;
    browser::colour_moves_offer_a_menu(client, shots).await?;
    browser::every_variant_is_drawn(client, shots).await?;
    browser::whole_game_against_the_engine(client, shots).await?;
    browser::saved_games_load_back(client, downloads).await?;
    browser::a_reload_keeps_the_game(client).await?;
    browser::the_engine_plays_itself(client).await?;
    browser::pausing_keeps_the_page_in_step(client).await?;
    browser::no_console_errors(client).await?;
    Ok(())
}

/// The worker carries the built-in opening book: at full strength a hint
/// at the start comes from it (its depth is beyond a 200 ms search), and a
/// weaker step searches instead.
async fn the_book_opens_in_the_worker(client: &Client) -> Res<()> {
    let answers = client
        .execute(
            "return (async () => {
               const game = await window.awaleApi('POST', '/api/games', {});
               const path = '/api/games/' + game.id;
               const hint = await window.awaleApi('POST', path + '/hint', {movetime: 200});
               const weak = await window.awaleApi('POST', path + '/engine', {level: 5, movetime: 50});
               return {hint, weak: weak.engine};
             })();",
            vec![],
        )
        .await?;
    assert_eq!(
        answers["hint"]["book"],
        serde_json::json!(true),
        "{answers}"
    );
    assert!(
        answers["hint"]["depth"].as_u64().unwrap_or(0) > 20,
        "{answers}"
    );
    assert!(answers["weak"]["move"].is_string(), "{answers}");
    assert!(answers["weak"].get("book").is_none(), "{answers}");
    Ok(())
}

/// A search in the worker runs in slices, so another request on the game
/// cuts it short, as on the server: an engine move of a minute is not
/// played (409), a hint answers the move it has so far. Unsliced, each
/// stop would wait out the minute; the check allows it 10 s (a slice of
/// an engine move or a hint is 1000 ms).
async fn a_long_search_is_cut_short(client: &Client) -> Res<()> {
    let answers = client
        .execute(
            "return (async () => {
               const game = await window.awaleApi('POST', '/api/games', {variant: 'colors16'});
               const path = '/api/games/' + game.id;
               const settle = (p) => p.then((ok) => ({ok}), (e) => ({error: e.message}));
               const wait = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));
               // The stop, or a word that the search was not cut short.
               const stop = () => Promise.race([
                 window.awaleApi('POST', path + '/stop', {}),
                 wait(10000, 'not answered within 10 s of a one-minute search'),
               ]);
               const engine = settle(window.awaleApi('POST', path + '/engine', {movetime: 60000}));
               await wait(400);
               const stopped = await stop();
               if (typeof stopped === 'string') return {stopped};
               const hint = settle(window.awaleApi('POST', path + '/hint', {movetime: 60000}));
               await wait(400);
               const after = await stop();
               return {engine: await engine, stopped, hint: await hint, after};
             })();",
            vec![],
        )
        .await?;
    assert!(answers["stopped"].is_object(), "{answers}");
    let error = answers["engine"]["error"].as_str().unwrap_or_default();
    assert!(error.contains("stopped the engine"), "{answers}");
    assert_eq!(
        answers["stopped"]["moves"],
        serde_json::json!([]),
        "{answers}"
    );
    assert!(answers["hint"]["ok"]["move"].is_string(), "{answers}");
    assert_eq!(
        answers["after"]["moves"],
        serde_json::json!([]),
        "{answers}"
    );
    Ok(())
}

/// A malformed pasted position gets the served board's message (the
/// same call reads it) and changes nothing.
async fn a_bad_position_is_refused(client: &Client) -> Res<()> {
    let before = browser::api_state(client).await?;
    let input = client.find(Locator::Id("position")).await?;
    input.clear().await?;
    input.send_keys("4-4-4-banana").await?;
    client.find(Locator::Id("btn-setup")).await?.click().await?;
    let said = message_when(
        client,
        "!document.getElementById('message').hidden && \
         document.getElementById('message').classList.contains('error')",
        "the refusal",
    )
    .await?;
    assert!(said.starts_with("position: "), "{said:?}");
    browser::idle(client).await?;
    let after = browser::api_state(client).await?;
    assert_eq!(after["position"], before["position"], "nothing changed");
    client
        .execute("document.getElementById('message-close').click();", vec![])
        .await?;
    Ok(())
}

/// The page's message once `expr` holds (`what`, for a failure).
async fn message_when(client: &Client, expr: &str, what: &str) -> Res<String> {
    browser::wait_for(client, expr, what).await?;
    Ok(client
        .find(Locator::Id("message-text"))
        .await?
        .text()
        .await?)
}

/// A browser without WebAssembly, or without Web Workers, is told so by
/// name, with the served board offered; it gets no board, and a new game
/// asked for says the same again. Nothing fails in the page meanwhile.
async fn a_missing_feature_is_said(client: &Client, url: &str, shots: &Path) -> Res<()> {
    for (page, _, lacks) in WITHOUT {
        client.goto(&format!("{url}{page}")).await?;
        let said = message_when(
            client,
            "document.getElementById('message-text').textContent.includes('cannot run the engine')",
            "the message that the browser cannot run the engine",
        )
        .await?;
        assert!(
            said.contains(&format!("lacks {lacks}.")),
            "{page}: {said:?}"
        );
        assert!(said.contains("awale serve"), "{page}: {said:?}");
        browser::screenshot(
            client,
            shots,
            &format!("{}.png", page.trim_end_matches(".html")),
        )
        .await?;
        client.find(Locator::Id("btn-new")).await?.click().await?;
        client.find(Locator::Id("new-start")).await?.click().await?;
        // The page is busy from its start until an action of the person
        // has run: the new game's.
        browser::wait_for(
            client,
            "document.body.dataset.busy === '0'",
            "the new game refused",
        )
        .await?;
        let state = client
            .execute(
                "return {holes: document.querySelectorAll('.hole').length,
                         hidden: document.getElementById('message').hidden,
                         said: document.getElementById('message-text').textContent,
                         errors: window.awaleErrors};",
                vec![],
            )
            .await?;
        assert_eq!(state["holes"], 0, "{page}: no board: {state}");
        assert_eq!(
            state["said"].as_str().map(str::trim),
            Some(said.trim()),
            "{page}: the same message after Start: {state}"
        );
        assert_eq!(state["hidden"], false, "{page}: {state}");
        assert_eq!(state["errors"], serde_json::json!([]), "{page}: {state}");
    }
    Ok(())
}

/// A page whose .wasm cannot be loaded says so and offers the served
/// board (the file server answers 404 for it).
async fn a_missing_wasm_is_said(client: &Client, server: &StaticServer) -> Res<()> {
    server.hide_wasm.store(true, Ordering::SeqCst);
    client.goto(&server.url()).await?;
    let said = message_when(
        client,
        "document.getElementById('message-text').textContent.includes('could not be loaded')",
        "the message that the engine could not be loaded",
    )
    .await?;
    assert!(
        said.contains("awale serve"),
        "the served board offered: {said:?}"
    );
    server.hide_wasm.store(false, Ordering::SeqCst);
    Ok(())
}

/// The note the worker shows while it builds the endgame tables goes away
/// once they are built.
async fn tables_note_goes(client: &Client) -> Res<()> {
    browser::wait_for(
        client,
        "document.getElementById('note').hidden",
        "the tables built (the note gone)",
    )
    .await?;
    let shown = client.find(Locator::Id("note")).await?.text().await?;
    assert!(shown.is_empty() || !shown.contains("Building"), "{shown:?}");
    Ok(())
}
