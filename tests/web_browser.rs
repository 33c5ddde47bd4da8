//! The web board in a real browser (issue 13): headless Chromium, driven
//! through chromedriver by fantoccini, against `awale serve`.
//!
//! The test checks that a fresh page plays against the engine (the person
//! South, level hard) and that the engine answers a click, switches the
//! game to two people with one click, hovers a hole and checks the
//! highlighted holes against the move's `sown` list in the API state,
//! flips the board and back, plays a move with the keyboard, undoes,
//! redoes and asks a hint with the keys, checks the page at 360 px wide
//! (12 and 16 holes), streams an analysis, sets up a pasted position,
//! opens a colour variant's choice menu, draws every variant (its holes
//! and seed kinds), plays a whole game against the engine at level `easy`
//! by clicking holes and checks the final banner against the API state's
//! `end`, saves the game with the page's buttons as a record and as OGN
//! and loads each download back, watches the engine play itself to the
//! end, pauses it while it thinks and while its move is drawn and checks
//! that the page shows the server's game, saves screenshots into
//! `target/web-screenshots/` and asserts that the browser logged no error.
//! The static board's test ([`crate::web_static`]) runs the same checks.
//!
//! `AWALE_WEB_URL=http://127.0.0.1:PORT/` runs it against a server
//! already running instead of starting `awale serve`.
//!
//! It needs Debian's `chromium` and `chromium-driver` and runs only when
//! `AWALE_BROWSER_TEST=1`; otherwise it prints a `skipped: <why>` line
//! with how to run it, and passes. Asked for on CI (`CI` set) with the
//! browser missing, it fails instead: a CI run must not skip it silently.

use std::collections::BTreeSet;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions, MouseActions, PointerAction};
use fantoccini::wd::{Capabilities, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const HOW_TO_RUN: &str = "run the real-browser test of the web board with \
     `AWALE_BROWSER_TEST=1 cargo test --release --test integration web_browser::` after \
     `apt-get install chromium chromium-driver` (scripts/install-browser.sh does it), \
     or just `.ci/run`";

/// Bound on every wait for the page (a safety net, not a measurement).
const WAIT: Duration = Duration::from_secs(60);

pub type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// A child process killed (and reaped) when dropped.
pub struct KillOnDrop(pub Child, pub &'static str);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        if let Err(e) = self.0.kill() {
            eprintln!("web_browser: could not kill {}: {e}", self.1);
        }
        let _ = self.0.wait();
    }
}

/// Whether the browser tests run: `AWALE_BROWSER_TEST=1` and the browser
/// installed; otherwise `test` prints why it is skipped (and fails on CI
/// with the browser missing: a CI run must not skip it silently).
pub fn browser_wanted(test: &str) -> bool {
    if std::env::var("AWALE_BROWSER_TEST").as_deref() != Ok("1") {
        eprintln!("{test}: skipped: AWALE_BROWSER_TEST is not 1; {HOW_TO_RUN}");
        return false;
    }
    for path in [CHROMIUM, CHROMEDRIVER] {
        if !Path::new(path).exists() {
            // Asked for on CI, a missing browser is a broken setup.
            assert!(
                std::env::var_os("CI").is_none(),
                "{test}: {path} is missing on CI with AWALE_BROWSER_TEST=1"
            );
            eprintln!("{test}: skipped: {path} is missing; {HOW_TO_RUN}");
            return false;
        }
    }
    true
}

#[test]
fn web_board_in_chromium() {
    if !browser_wanted("web_browser") {
        return;
    }
    run_browser_test("web_browser", browser_test());
}

/// Runs the browser test `test` on a tokio runtime of its own; fails with
/// its error.
pub fn run_browser_test(name: &str, test: impl std::future::Future<Output = Res<()>>) {
    let started = Instant::now();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    if let Err(e) = runtime.block_on(test) {
        panic!("{name}: {e}");
    }
    eprintln!("{name}: done in {:.1} s", started.elapsed().as_secs_f64());
}

/// Starts `awale serve --port 0` and reads the URL it prints.
fn start_server() -> Res<(KillOnDrop, String)> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_awale"));
    cmd.args(["serve", "--port", "0"]).stderr(Stdio::inherit());
    let (child, url) = crate::common::server::start(cmd);
    Ok((KillOnDrop(child, "awale serve"), url + "/"))
}

/// A free local port (bound, read, released).
pub fn free_port() -> Res<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// Starts chromedriver on a free port and waits until it answers.
async fn start_chromedriver() -> Res<(KillOnDrop, String)> {
    let port = free_port()?;
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    let guard = KillOnDrop(child, "chromedriver");
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() > deadline {
            return Err("chromedriver did not open its port".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok((guard, format!("http://127.0.0.1:{port}/")))
}

/// Chromium's `browser` log through chromedriver's log endpoint.
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/se/log", session_id.unwrap_or("")))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(r#"{"type":"browser"}"#.to_string()),
        )
    }
}

async fn browser_test() -> Res<()> {
    // AWALE_WEB_URL points the test at a server already running (to debug
    // the page); by default it starts its own.
    let (_server, url) = match std::env::var("AWALE_WEB_URL") {
        Ok(url) => (None, url),
        Err(_) => {
            let (guard, url) = start_server()?;
            (Some(guard), url)
        }
    };
    eprintln!("web_browser: server at {url}");
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/web-screenshots");
    let (_driver, client, downloads) = open_browser(&shots, "web-chromium-profile").await?;
    let result = drive(&client, &url, &shots, &downloads).await;
    close_browser(client, result, &shots).await
}

/// Starts chromedriver and a headless Chromium with a fresh profile
/// (scratch directory `profile`), screenshots going to `shots`; answers
/// with the directory the browser downloads files into.
pub async fn open_browser(shots: &Path, profile: &str) -> Res<(KillOnDrop, Client, PathBuf)> {
    let (driver, driver_url) = start_chromedriver().await?;
    let profile = crate::common::scratch::dir(profile);
    let downloads = profile.join("downloads");
    std::fs::create_dir_all(&downloads)?;
    std::fs::create_dir_all(shots)?;

    let mut caps = Capabilities::new();
    caps.insert("browserName".into(), json!("chrome"));
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--window-size=1200,900",
                format!("--user-data-dir={}", profile.display()),
            ],
            // Saved games land in `downloads`, with no prompt, one after
            // another.
            "prefs": {
                "download.default_directory": downloads.display().to_string(),
                "download.prompt_for_download": false,
                "profile.default_content_setting_values.automatic_downloads": 1,
            },
        }),
    );
    caps.insert("goog:loggingPrefs".into(), json!({"browser": "ALL"}));
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let client = ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&driver_url)
        .await?;
    Ok((driver, client, downloads))
}

/// Closes the browser after a run whose `result` is given, keeping a
/// screenshot of the page in `shots` when it failed.
pub async fn close_browser(client: Client, result: Res<()>, shots: &Path) -> Res<()> {
    if result.is_err() {
        if let Ok(png) = client.screenshot().await {
            let _ = std::fs::write(shots.join("failure.png"), png);
        }
    }
    let _ = client.close().await;
    result
}

/// Evaluates `expr` in the page until it is true.
pub async fn wait_for(client: &Client, expr: &str, what: &str) -> Res<()> {
    let deadline = Instant::now() + WAIT;
    let script = format!("return !!({expr});");
    loop {
        if client.execute(&script, vec![]).await?.as_bool() == Some(true) {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(format!("the page never got to: {what}").into());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits until the page is idle (no request, animation or engine search).
pub async fn idle(client: &Client) -> Res<()> {
    wait_for(
        client,
        "document.body.dataset.busy === '0' && window.awale && window.awale.game",
        "idle",
    )
    .await
}

/// The game state straight from the API (not the page's copy), asked
/// through the page's home: the server, or the static board's worker.
pub async fn api_state(client: &Client) -> Res<Value> {
    let state = client
        .execute(
            "return window.awaleApi('GET', '/api/games/' + window.awale.game.id);",
            vec![],
        )
        .await?;
    if state.get("id").is_none() {
        return Err(format!("GET /api/games/{{id}} answered {state}").into());
    }
    Ok(state)
}

/// The hole numbers of the elements matching `selector`.
async fn holes_matching(client: &Client, selector: &str) -> Res<BTreeSet<u64>> {
    let v = client
        .execute(
            "return Array.from(document.querySelectorAll(arguments[0])).map(h => Number(h.dataset.hole));",
            vec![json!(selector)],
        )
        .await?;
    Ok(v.as_array()
        .ok_or("not an array")?
        .iter()
        .filter_map(Value::as_u64)
        .collect())
}

/// Clicks hole `hole` of the board, which must be playable.
async fn click_hole(client: &Client, hole: u64) -> Res<()> {
    client
        .find(Locator::Css(&format!(
            ".hole.playable[data-hole=\"{hole}\"]"
        )))
        .await?
        .click()
        .await?;
    Ok(())
}

fn hole_set(v: &Value) -> BTreeSet<u64> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default()
}

pub async fn screenshot(client: &Client, dir: &Path, name: &str) -> Res<()> {
    let png = client.screenshot().await?;
    if !png.starts_with(b"\x89PNG") {
        return Err(format!("screenshot {name} is not a PNG").into());
    }
    std::fs::write(dir.join(name), png)?;
    Ok(())
}

async fn drive(client: &Client, url: &str, shots: &Path, downloads: &Path) -> Res<()> {
    client.goto(url).await?;
    wait_for(
        client,
        "document.querySelector('.hole.playable')",
        "a playable hole",
    )
    .await?;
    idle(client).await?;
    screenshot(client, shots, "start.png").await?;

    a_fresh_page_plays_the_engine(client).await?;
    two_players_one_click_away(client).await?;
    hover_shows_the_move(client, shots).await?;
    flip_turns_the_board(client).await?;
    keyboard_plays_a_move(client).await?;
    shortcuts_undo_redo_hint(client).await?;
    fits_a_phone(client, shots, "oware").await?;
    analysis_streams(client).await?;
    position_is_set_up(client).await?;
    colour_moves_offer_a_menu(client, shots).await?;
    every_variant_is_drawn(client, shots).await?;
    whole_game_against_the_engine(client, shots).await?;
    saved_games_load_back(client, downloads).await?;
    a_reload_keeps_the_game(client).await?;
    the_engine_plays_itself(client).await?;
    pausing_keeps_the_page_in_step(client).await?;
    no_console_errors(client).await?;

    let latencies = client
        .execute("return window.awale.latencies;", vec![])
        .await?;
    eprintln!("web_browser: ms from a click or key to the move on the board: {latencies}");
    Ok(())
}

/// The level picker lists every step of the ladder (`GET /api/levels`)
/// with its word, the level that names it and its rating, full strength
/// chosen, and says what the ratings are measured against.
async fn the_level_picker_shows_the_ladder(client: &Client) -> Res<()> {
    let picker = client
        .execute(
            "const s = document.getElementById('level');
             return {options: Array.from(s.options).map((o) => [o.value, o.textContent]),
                     chosen: s.value,
                     note: document.getElementById('level-note').textContent};",
            vec![],
        )
        .await?;
    let options = picker["options"].as_array().cloned().unwrap_or_default();
    assert_eq!(options.len(), 21, "{picker}");
    let option = |i: usize| {
        (
            options[i][0].as_str().unwrap_or(""),
            options[i][1].as_str().unwrap_or(""),
        )
    };
    assert_eq!(option(0).0, "0");
    assert!(option(0).1.starts_with("0 random · 0"), "{picker}");
    assert!(option(2).1.starts_with("2 beginner (easy) · "), "{picker}");
    assert!(option(10).1.starts_with("10 club (medium) · "), "{picker}");
    assert!(option(20).1.starts_with("20 full (hard) · "), "{picker}");
    assert_eq!(picker["chosen"], json!("20"), "{picker}");
    assert!(
        picker["note"]
            .as_str()
            .unwrap_or("")
            .contains("not a human rating"),
        "{picker}"
    );
    Ok(())
}

/// A fresh page is a game against the engine at level hard, the person
/// South: a click on a South hole plays it, and the engine answers with
/// North's move.
pub async fn a_fresh_page_plays_the_engine(client: &Client) -> Res<()> {
    let setup = client
        .execute(
            "return {mode: window.awale.mode, side: window.awale.humanSide, level: window.awale.level,
                     top: document.getElementById('info-top').textContent,
                     bottom: document.getElementById('info-bottom').textContent,
                     status: document.getElementById('status').textContent,
                     button: document.getElementById('btn-mode').textContent,
                     shown: !document.getElementById('btn-mode').hidden};",
            vec![],
        )
        .await?;
    assert_eq!(setup["mode"], json!("engine"), "the mode at start: {setup}");
    assert_eq!(setup["side"], json!("S"), "the person's side: {setup}");
    assert_eq!(setup["level"], json!("20"), "the level at start: {setup}");
    the_level_picker_shows_the_ladder(client).await?;
    let text = |k: &str| setup[k].as_str().unwrap_or("").to_string();
    assert!(text("top").contains("North (engine)"), "{setup}");
    assert!(text("bottom").contains("South (you)"), "{setup}");
    assert!(text("status").contains("your move"), "{setup}");
    assert!(
        setup["shown"] == json!(true) && text("button") == "Two players",
        "the two-player button on the toolbar: {setup}"
    );
    // Only South's holes answer a click.
    let playable = holes_matching(client, ".hole.playable").await?;
    let south = holes_matching(client, ".hole.south").await?;
    assert!(
        !playable.is_empty() && playable.is_subset(&south),
        "playable {playable:?}, South's holes {south:?}"
    );
    let state = api_state(client).await?;
    let m = &state["legal"][0];
    let hole = m["hole"].as_u64().ok_or("no hole")?;
    click_hole(client, hole).await?;
    wait_for(
        client,
        "window.awale.game.moves.length === 2 && !window.awale.thinking && \
         document.body.dataset.busy === '0'",
        "the engine's answer",
    )
    .await?;
    let after = api_state(client).await?;
    assert_eq!(after["moves"][0], m["move"], "the clicked move: {after}");
    assert_eq!(after["last"]["side"], json!("N"), "North answered: {after}");
    assert_eq!(after["side"], json!("S"), "South to move again: {after}");
    let status = client.find(Locator::Id("status")).await?.text().await?;
    assert!(
        status.contains("your move"),
        "status after the answer: {status:?}"
    );
    Ok(())
}

/// The toolbar's mode button turns the game into one for two people: North's
/// holes answer a click after South's move, and the engine plays nothing.
pub async fn two_players_one_click_away(client: &Client) -> Res<()> {
    client.find(Locator::Id("btn-mode")).await?.click().await?;
    wait_for(
        client,
        "window.awale.mode === 'two' && \
         document.getElementById('btn-mode').textContent === 'Play the engine' && \
         !document.getElementById('info-top').textContent.includes('engine')",
        "two people at the board",
    )
    .await?;
    let state = api_state(client).await?;
    let plies = state["moves"].as_array().map_or(0, Vec::len);
    let hole = state["legal"][0]["hole"].as_u64().ok_or("no hole")?;
    click_hole(client, hole).await?;
    // North's turn, and the person may play it.
    wait_for(
        client,
        &format!(
            "window.awale.game.moves.length === {} && window.awale.game.side === 'N' && \
             !window.awale.thinking && document.body.dataset.busy === '0' && \
             document.querySelector('.hole.north.playable')",
            plies + 1
        ),
        "North's holes playable by a person",
    )
    .await?;
    let after = api_state(client).await?;
    assert_eq!(after["side"], json!("N"), "no engine move for two people");
    Ok(())
}

/// Hovering a playable hole lights the holes of its `sown` list (and its
/// `captured` list in the other style).
pub async fn hover_shows_the_move(client: &Client, shots: &Path) -> Res<()> {
    let state = api_state(client).await?;
    let legal = state["legal"].as_array().ok_or("no legal moves")?;
    // The move that reaches the most holes makes the best check.
    let m = legal
        .iter()
        .max_by_key(|m| hole_set(&m["sown"]).len())
        .ok_or("no legal move at the start")?;
    let hole = m["hole"].as_u64().ok_or("no hole")?;
    let el = client
        .find(Locator::Css(&format!(".hole[data-hole=\"{hole}\"]")))
        .await?;
    let mouse = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: el,
        duration: Some(Duration::from_millis(50)),
        x: 0.0,
        y: 0.0,
    });
    client.perform_actions(mouse).await?;
    wait_for(
        client,
        "document.querySelector('.hole.sown')",
        "a highlighted hole",
    )
    .await?;
    let sown = holes_matching(client, ".hole.sown").await?;
    let captured = holes_matching(client, ".hole.captured").await?;
    assert_eq!(
        sown,
        hole_set(&m["sown"]),
        "hovered hole {hole}: highlighted holes"
    );
    assert_eq!(
        captured,
        hole_set(&m["captured"]),
        "hovered hole {hole}: captured holes"
    );
    let info = client.find(Locator::Id("move-info")).await?.text().await?;
    let notation = m["move"].as_str().ok_or("no notation")?;
    assert!(
        info.contains(notation),
        "the move's notation {notation} is shown: {info:?}"
    );
    screenshot(client, shots, "hover.png").await?;
    client.release_actions().await?;
    Ok(())
}

/// Typing a legal move's key plays it.
async fn keyboard_plays_a_move(client: &Client) -> Res<()> {
    let before = api_state(client).await?;
    let moves_before = before["moves"].as_array().map_or(0, Vec::len);
    let legal = before["legal"].as_array().ok_or("no legal moves")?;
    let m = legal.last().ok_or("no legal move")?;
    let key = m["key"].as_str().ok_or("no key")?;
    let mut keys = KeyActions::new("keyboard".into());
    for c in key.chars() {
        keys = keys
            .then(KeyAction::Down { value: c })
            .then(KeyAction::Up { value: c });
    }
    // Leave any input field first: keys typed there are text.
    client
        .execute(
            "document.activeElement && document.activeElement.blur();",
            vec![],
        )
        .await?;
    client.perform_actions(keys).await?;
    wait_for(
        client,
        &format!("window.awale.game.moves.length === {}", moves_before + 1),
        "the keyboard move played",
    )
    .await?;
    idle(client).await?;
    let after = api_state(client).await?;
    assert_eq!(
        after["moves"].as_array().and_then(|a| a.last()),
        Some(&m["move"]),
        "typing {key:?} played {}",
        m["move"]
    );
    Ok(())
}

/// At 360 px wide every hole is on screen and nothing scrolls sideways.
async fn fits_a_phone(client: &Client, shots: &Path, name: &str) -> Res<()> {
    client.set_window_size(360, 780).await?;
    wait_for(client, "window.innerWidth <= 400", "a narrow window").await?;
    let v = client
        .execute(
            "const w = document.documentElement.clientWidth;
             const holes = Array.from(document.querySelectorAll('.hole'));
             const out = holes.filter(h => { const r = h.getBoundingClientRect();
                 return r.left < 0 || r.right > w + 0.5 || r.width < 16; }).length;
             return {w, inner: window.innerWidth, scroll: document.documentElement.scrollWidth,
                     holes: holes.length, game: window.awale.game.holes, out};",
            vec![],
        )
        .await?;
    eprintln!("web_browser: {name} at 360 px: {v}");
    assert_eq!(v["holes"], v["game"], "all holes drawn at 360 px: {v}");
    assert_eq!(
        v["out"].as_u64(),
        Some(0),
        "holes off screen at 360 px: {v}"
    );
    assert!(
        v["scroll"].as_u64() <= v["w"].as_u64(),
        "horizontal scrolling at 360 px: {v}"
    );
    screenshot(client, shots, &format!("phone-{name}.png")).await?;
    client.set_window_size(1200, 900).await?;
    wait_for(client, "window.innerWidth > 1000", "a wide window").await?;
    Ok(())
}

/// The analysis panel shows the depth, score and line streamed by the
/// server, until its `done` event.
pub async fn analysis_streams(client: &Client) -> Res<()> {
    client
        .execute("document.getElementById('analysis').open = true;", vec![])
        .await?;
    let time = client.find(Locator::Id("analysis-time")).await?;
    time.clear().await?;
    time.send_keys("300").await?;
    client
        .find(Locator::Id("btn-analyse"))
        .await?
        .click()
        .await?;
    wait_for(
        client,
        "document.getElementById('an-depth').textContent !== '–' && \
         document.getElementById('btn-analyse').textContent === 'Start analysis'",
        "the analysis done",
    )
    .await?;
    let depth = client.find(Locator::Id("an-depth")).await?.text().await?;
    let pv = client.find(Locator::Id("an-pv")).await?.text().await?;
    eprintln!("web_browser: analysis: depth {depth}, line {pv}");
    assert!(depth.parse::<u32>().is_ok(), "a depth: {depth:?}");
    assert!(!pv.trim().is_empty(), "a line");
    Ok(())
}

/// A position pasted in the panel is set up on the server.
pub async fn position_is_set_up(client: &Client) -> Res<()> {
    idle(client).await?;
    let state = api_state(client).await?;
    let target = state["legal"][0]["position"]
        .as_str()
        .ok_or("no position")?
        .to_string();
    client
        .execute("document.getElementById('records').open = true;", vec![])
        .await?;
    let input = client.find(Locator::Id("position")).await?;
    input.clear().await?;
    input.send_keys(&target).await?;
    client.find(Locator::Id("btn-setup")).await?.click().await?;
    wait_for(
        client,
        &format!("window.awale.game.position === {}", json!(target)),
        "the pasted position",
    )
    .await?;
    idle(client).await?;
    assert_eq!(api_state(client).await?["position"], json!(target));
    Ok(())
}

/// Presses one key (on the page, not in a field).
async fn press(client: &Client, key: char) -> Res<()> {
    client
        .execute(
            "document.activeElement && document.activeElement.blur();",
            vec![],
        )
        .await?;
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    client.perform_actions(keys).await?;
    Ok(())
}

/// `u` undoes, `r` redoes, `h` shows the engine's hint on the board.
pub async fn shortcuts_undo_redo_hint(client: &Client) -> Res<()> {
    idle(client).await?;
    let plies = api_state(client).await?["moves"]
        .as_array()
        .map_or(0, Vec::len);
    assert!(plies > 0, "a move to undo");
    press(client, 'u').await?;
    wait_for(
        client,
        &format!(
            "window.awale.game.moves.length === {} && document.body.dataset.busy === '0'",
            plies - 1
        ),
        "the undo",
    )
    .await?;
    press(client, 'r').await?;
    wait_for(
        client,
        &format!(
            "window.awale.game.moves.length === {plies} && document.body.dataset.busy === '0'"
        ),
        "the redo",
    )
    .await?;
    assert_eq!(
        api_state(client).await?["moves"]
            .as_array()
            .map_or(0, Vec::len),
        plies,
        "undo then redo"
    );
    press(client, 'h').await?;
    wait_for(
        client,
        "document.querySelector('.hole.hint')",
        "the hint on the board",
    )
    .await?;
    idle(client).await?;
    Ok(())
}

/// Opens the new-game form with `variant` and the players `mode` chosen
/// (`two`, `engine` or `watch`), not yet started.
async fn fill_new_game(client: &Client, variant: &str, mode: &str) -> Res<()> {
    client.find(Locator::Id("btn-new")).await?.click().await?;
    client
        .find(Locator::Id("variant"))
        .await?
        .select_by_value(variant)
        .await?;
    client
        .find(Locator::Css(&format!(
            "input[name=\"mode\"][value=\"{mode}\"]"
        )))
        .await?
        .click()
        .await?;
    Ok(())
}

/// Starts a new game of `variant` for two people from the form.
async fn new_two_player_game(client: &Client, variant: &str) -> Res<()> {
    idle(client).await?;
    fill_new_game(client, variant, "two").await?;
    let old_id = client
        .execute("return window.awale.game.id;", vec![])
        .await?;
    client.find(Locator::Id("new-start")).await?.click().await?;
    wait_for(
        client,
        &format!(
            "window.awale.game.id !== {old_id} && window.awale.game.variant === {} && \
             document.body.dataset.busy === '0'",
            json!(variant)
        ),
        "the new game",
    )
    .await
}

/// A reload keeps the tab's game, its rule options, its moves and its
/// players: the served board finds the game on the server, the static
/// board's fresh worker plays it again from the tab's copy.
pub async fn a_reload_keeps_the_game(client: &Client) -> Res<()> {
    idle(client).await?;
    fill_new_game(client, "oware", "two").await?;
    client
        .find(Locator::Css("[data-option=\"GrandSlam\"]"))
        .await?
        .select_by_value("forbidden")
        .await?;
    client.find(Locator::Id("new-start")).await?.click().await?;
    wait_for(
        client,
        "window.awale.game.options.GrandSlam === 'forbidden' && \
         window.awale.game.moves.length === 0 && document.body.dataset.busy === '0'",
        "the new game with its option",
    )
    .await?;
    for ply in 1..=3 {
        let state = api_state(client).await?;
        let hole = state["legal"][0]["hole"].as_u64().ok_or("no hole")?;
        click_hole(client, hole).await?;
        wait_for(
            client,
            &format!(
                "window.awale.game.moves.length === {ply} && document.body.dataset.busy === '0'"
            ),
            "the move played",
        )
        .await?;
    }
    idle(client).await?;
    let before = api_state(client).await?;
    client.refresh().await?;
    wait_for(
        client,
        "window.awale && window.awale.game && window.awale.game.moves.length === 3 && \
         document.body.dataset.busy === '0' && document.querySelector('.hole.playable')",
        "the game after the reload",
    )
    .await?;
    idle(client).await?;
    let after = api_state(client).await?;
    for key in ["variant", "options", "start", "moves", "position", "side"] {
        assert_eq!(after[key], before[key], "{key} after a reload");
    }
    let mode = client.execute("return window.awale.mode;", vec![]).await?;
    assert_eq!(mode, json!("two"), "two people stay two after a reload");
    Ok(())
}

/// Every variant of `GET /api/variants` is offered by the new-game form
/// and drawn: all its holes, and seeds of each kind its start has (in the
/// colour variants their colours, among the variant's `seeds`); a 16-hole
/// board fits a phone too.
pub async fn every_variant_is_drawn(client: &Client, shots: &Path) -> Res<()> {
    let variants = client
        .execute("return window.awaleApi('GET', '/api/variants');", vec![])
        .await?;
    let variants = variants.as_array().ok_or("no variants")?;
    let offered = client
        .execute(
            "return Array.from(document.querySelectorAll('#variant option')).map(o => o.value);",
            vec![],
        )
        .await?;
    let names: Vec<&Value> = variants.iter().map(|v| &v["name"]).collect();
    assert_eq!(offered, json!(names), "the variants offered");
    for v in variants {
        let name = v["name"].as_str().ok_or("no name")?;
        new_two_player_game(client, name).await?;
        let drawn = client
            .execute(
                "return [document.querySelectorAll('.hole').length,
                         Array.from(document.querySelectorAll('.hole .seed'), s => s.className)];",
                vec![],
            )
            .await?;
        assert_eq!(drawn[0], v["holes"], "{name}: holes drawn");
        let drawn_kinds: BTreeSet<&str> = drawn[1]
            .as_array()
            .ok_or("no seeds")?
            .iter()
            .filter_map(|c| c.as_str()?.strip_prefix("seed "))
            .collect();
        let state = api_state(client).await?;
        let start_kinds: BTreeSet<&str> = state["board"]
            .as_array()
            .ok_or("no board")?
            .iter()
            .flat_map(|e| e["seeds"].as_array().into_iter().flatten())
            .filter(|s| s["count"].as_u64() > Some(0))
            .filter_map(|s| s["kind"].as_str())
            .collect();
        assert!(!start_kinds.is_empty(), "{name}: seeds at the start");
        assert_eq!(drawn_kinds, start_kinds, "{name}: the seed kinds drawn");
        let known: BTreeSet<&str> = v["seeds"]
            .as_array()
            .ok_or("no seed kinds")?
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert!(
            start_kinds.is_subset(&known),
            "{name}: kinds {start_kinds:?} not among the variant's {known:?}"
        );
        screenshot(client, shots, &format!("variant-{name}.png")).await?;
        if v["holes"] != json!(12) {
            fits_a_phone(client, shots, name).await?;
        }
    }
    Ok(())
}

/// The game saved with the page's buttons, as awale's records and as
/// OGN: each download holds the text the API gives for the game and loads
/// back through the page's file input, into a new game, with the same
/// moves and position. A colour variant's game offers no OGN.
pub async fn saved_games_load_back(client: &Client, downloads: &Path) -> Res<()> {
    idle(client).await?;
    let state = api_state(client).await?;
    let variant = state["variant"].as_str().ok_or("no variant")?;
    let plies = state["moves"].as_array().map_or(0, Vec::len);
    for (button, query, ext) in [
        ("btn-save", "", "txt"),
        ("btn-save-ogn", "?format=ogn", "ogn"),
    ] {
        let want = client
            .execute(
                "return window.awaleApi('GET', '/api/games/' + window.awale.game.id + '/record' + arguments[0]);",
                vec![json!(query)],
            )
            .await?;
        let want = want.as_str().ok_or("no record text")?;
        for old in std::fs::read_dir(downloads)? {
            std::fs::remove_file(old?.path())?;
        }
        client
            .execute("document.getElementById('records').open = true;", vec![])
            .await?;
        client.find(Locator::Id(button)).await?.click().await?;
        let file = downloaded(downloads, &format!("awale-{variant}-"), ext).await?;
        assert_eq!(
            undated(&std::fs::read_to_string(&file)?),
            undated(want),
            "{button}: {} holds the API's record",
            file.display()
        );
        new_two_player_game(client, variant).await?;
        client
            .find(Locator::Id("load-file"))
            .await?
            .send_keys(&file.display().to_string())
            .await?;
        wait_for(
            client,
            &format!(
                "window.awale.game.moves.length === {plies} && document.body.dataset.busy === '0'"
            ),
            "the loaded game",
        )
        .await?;
        let loaded = api_state(client).await?;
        assert_eq!(loaded["moves"], state["moves"], "{ext}: the loaded moves");
        assert_eq!(
            loaded["position"], state["position"],
            "{ext}: the loaded position"
        );
    }
    new_two_player_game(client, "colors16").await?;
    let ogn = client
        .execute(
            "return document.getElementById('btn-save-ogn').disabled;",
            vec![],
        )
        .await?;
    assert_eq!(ogn, json!(true), "no OGN for colors16");
    Ok(())
}

/// A saved game's text without its `Date` tag (the time it was written,
/// to the second).
fn undated(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("[Date "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The file named `prefix*.ext` the browser finishes downloading into
/// `dir`.
async fn downloaded(dir: &Path, prefix: &str, ext: &str) -> Res<PathBuf> {
    let deadline = Instant::now() + WAIT;
    loop {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.starts_with(prefix) && path.extension().is_some_and(|e| e == ext) {
                return Ok(path);
            }
        }
        if Instant::now() > deadline {
            return Err(format!("no {prefix}*.{ext} downloaded into {}", dir.display()).into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The holes of the board's rows, top and bottom, left to right, and the
/// players named above and below it.
async fn board_rows(client: &Client) -> Res<Value> {
    Ok(client
        .execute(
            "const holes = (id) => Array.from(document.querySelectorAll('#' + id + ' .hole'),
                                              h => Number(h.dataset.hole));
             const who = (id) => document.querySelector('#' + id + ' .who').textContent;
             return {top: holes('row-top'), bottom: holes('row-bottom'),
                     above: who('info-top'), below: who('info-bottom')};",
            vec![],
        )
        .await?)
}

/// Flip turns the board round: South's holes on top and North's below,
/// each row read the other way, the players' names with them; the game
/// is the same. A second flip puts it back.
pub async fn flip_turns_the_board(client: &Client) -> Res<()> {
    idle(client).await?;
    let state = api_state(client).await?;
    let holes = state["holes"].as_u64().ok_or("no hole count")?;
    let south: Vec<u64> = (1..=holes / 2).collect();
    let north: Vec<u64> = (holes / 2 + 1..=holes).rev().collect();
    let rev = |v: &[u64]| v.iter().rev().copied().collect::<Vec<u64>>();
    let before = board_rows(client).await?;
    assert_eq!(before["top"], json!(north), "North's row on top: {before}");
    assert_eq!(before["bottom"], json!(south), "South's below: {before}");
    let said = |v: &Value, k: &str| v[k].as_str().unwrap_or("").to_string();
    assert!(said(&before, "above").starts_with("North"), "{before}");
    for (flipped, top, bottom, above) in [
        (true, rev(&south), rev(&north), "South"),
        (false, north.clone(), south.clone(), "North"),
    ] {
        client.find(Locator::Id("btn-flip")).await?.click().await?;
        wait_for(
            client,
            &format!("window.awale.flipped === {flipped}"),
            "the board flipped",
        )
        .await?;
        let rows = board_rows(client).await?;
        assert_eq!(rows["top"], json!(top), "flipped {flipped}: {rows}");
        assert_eq!(rows["bottom"], json!(bottom), "flipped {flipped}: {rows}");
        assert!(said(&rows, "above").starts_with(above), "{rows}");
        assert_eq!(
            api_state(client).await?["moves"],
            state["moves"],
            "a flip plays nothing"
        );
    }
    Ok(())
}

/// The engine against itself (`watch`), with no click: no hole answers
/// one, each move the page gets shows as the last move, and the game goes
/// on to its end banner, the page's moves the API's.
pub async fn the_engine_plays_itself(client: &Client) -> Res<()> {
    idle(client).await?;
    new_quick_game(client, "watch", "10").await?;
    let mut plies = 0;
    loop {
        // Each wait is for one more move: a slow machine makes the game
        // long, never failed.
        wait_for(
            client,
            &format!("window.awale.game.end || window.awale.game.moves.length > {plies}"),
            "the engine's next move, with no click",
        )
        .await?;
        let seen = client
            .execute(
                "const g = window.awale.game;
                 return {plies: g.moves.length, move: g.moves[g.moves.length - 1] || null,
                         side: g.last && g.last.side, end: g.end,
                         said: document.getElementById('last-move').textContent,
                         playable: document.querySelectorAll('.hole.playable').length};",
                vec![],
            )
            .await?;
        assert_eq!(seen["playable"], json!(0), "a hole to click: {seen}");
        plies = seen["plies"].as_u64().ok_or("no moves")?;
        if plies > 0 {
            let side = if seen["side"] == "S" {
                "South"
            } else {
                "North"
            };
            let line = format!(
                "Last move: {side} played {}",
                seen["move"].as_str().unwrap_or("")
            );
            let said = seen["said"].as_str().unwrap_or("");
            assert!(
                said == line || said.starts_with(&(line.clone() + ",")),
                "the last move shown: {seen}"
            );
        }
        if !seen["end"].is_null() {
            break;
        }
        assert!(plies < 1000, "the game should end within 1000 plies");
    }
    let state = the_banner_states_the_end(client).await?;
    idle(client).await?;
    let moves = client
        .execute("return window.awale.game.moves;", vec![])
        .await?;
    assert_eq!(moves, state["moves"], "the page's moves and the API's");
    eprintln!("web_browser: the engine played itself for {plies} plies");
    Ok(())
}

/// Pause, while the engine playing itself thinks and while its move is
/// being drawn, leaves the page showing the game the server has, and no
/// move is played while paused.
pub async fn pausing_keeps_the_page_in_step(client: &Client) -> Res<()> {
    idle(client).await?;
    // Slow sowing, so that the pause can come during a move's drawing.
    client.execute("window.awale.seedMs = 250;", vec![]).await?;
    new_engine_game(client, "watch", "20", "400").await?;
    for (when, what) in [
        ("window.awale.thinking", "the engine thinking"),
        (
            "window.awale.anim && !window.awale.thinking",
            "an engine move drawn",
        ),
    ] {
        wait_for(client, when, what).await?;
        client.find(Locator::Id("btn-pause")).await?.click().await?;
        idle(client).await?;
        let page_moves = client
            .execute("return window.awale.game.moves;", vec![])
            .await?;
        assert_eq!(
            page_moves,
            api_state(client).await?["moves"],
            "paused during {what}: the page's moves and the server's"
        );
        // Longer than the engine's move time: a search left running
        // would have played by now.
        tokio::time::sleep(Duration::from_millis(800)).await;
        assert_eq!(
            page_moves,
            api_state(client).await?["moves"],
            "no move while paused ({what})"
        );
        client.find(Locator::Id("btn-pause")).await?.click().await?;
    }
    client.find(Locator::Id("btn-pause")).await?.click().await?;
    idle(client).await?;
    client.execute("window.awale.seedMs = 8;", vec![]).await?;
    Ok(())
}

/// In a colour variant a hole with several moves opens a menu of its
/// choices, and a choice plays that move.
pub async fn colour_moves_offer_a_menu(client: &Client, shots: &Path) -> Res<()> {
    new_two_player_game(client, "colors16").await?;
    let state = api_state(client).await?;
    let legal = state["legal"].as_array().ok_or("no legal moves")?;
    let m = legal
        .iter()
        .find(|m| !m["choice"].is_null())
        .ok_or("no move with a choice in colors16's start")?;
    let hole = m["hole"].as_u64().ok_or("no hole")?;
    let choices: BTreeSet<String> = legal
        .iter()
        .filter(|x| x["hole"] == m["hole"])
        .filter_map(|x| x["move"].as_str().map(String::from))
        .collect();
    click_hole(client, hole).await?;
    wait_for(
        client,
        "!document.getElementById('choice-menu').hidden",
        "the choice menu",
    )
    .await?;
    let offered: BTreeSet<String> = client
        .execute(
            "return Array.from(document.querySelectorAll('#choice-menu button')).map(b => b.dataset.move);",
            vec![],
        )
        .await?
        .as_array()
        .ok_or("no menu")?
        .iter()
        .filter_map(|v| v.as_str().map(String::from))
        .collect();
    assert_eq!(offered, choices, "the menu of hole {hole}");
    screenshot(client, shots, "colors16-choice.png").await?;
    let pick = m["move"].as_str().ok_or("no move")?;
    client
        .find(Locator::Css(&format!(
            "#choice-menu button[data-move=\"{pick}\"]"
        )))
        .await?
        .click()
        .await?;
    wait_for(
        client,
        "window.awale.game.moves.length === 1 && document.body.dataset.busy === '0'",
        "the chosen move played",
    )
    .await?;
    let after = api_state(client).await?;
    assert_eq!(after["moves"], json!([pick]), "the chosen move");
    Ok(())
}

/// Starts a new oware game from the form in `mode` (`engine`, the person
/// playing South, or `watch`) at `level` with `movetime` ms, and waits
/// until the page has it, before any move.
async fn new_engine_game(client: &Client, mode: &str, level: &str, movetime: &str) -> Res<()> {
    fill_new_game(client, "oware", mode).await?;
    if mode == "engine" {
        client
            .find(Locator::Id("human-side"))
            .await?
            .select_by_value("S")
            .await?;
    }
    client
        .find(Locator::Id("level"))
        .await?
        .select_by_value(level)
        .await?;
    let field = client.find(Locator::Id("movetime")).await?;
    field.clear().await?;
    field.send_keys(movetime).await?;
    let old_id = client
        .execute("return window.awale.game.id;", vec![])
        .await?;
    client.find(Locator::Id("new-start")).await?.click().await?;
    wait_for(
        client,
        &format!("window.awale.game.id !== {old_id}"),
        "the new game",
    )
    .await
}

/// A new oware game in `mode` (as [`new_engine_game`]) at level `easy`,
/// its moves sown quickly: to get through a whole game.
async fn new_quick_game(client: &Client, mode: &str, movetime: &str) -> Res<()> {
    client.execute("window.awale.seedMs = 8;", vec![]).await?;
    new_engine_game(client, mode, "2", movetime).await
}

/// A new game against the engine at `easy`, played to the end by clicking
/// legal holes; the banner states the API's winner and score.
pub async fn whole_game_against_the_engine(client: &Client, shots: &Path) -> Res<()> {
    new_quick_game(client, "engine", "50").await?;

    let mut clicks = 0;
    loop {
        // Your turn (South), or the end.
        wait_for(
            client,
            "document.body.dataset.busy === '0' && (window.awale.game.end || \
             (window.awale.game.side === 'S' && document.querySelector('.hole.playable')))",
            "the person's turn or the end",
        )
        .await?;
        let state = api_state(client).await?;
        if !state["end"].is_null() {
            break;
        }
        assert!(clicks < 300, "the game should end within 300 moves");
        let legal = state["legal"].as_array().ok_or("no legal moves")?;
        // Vary the moves a little, always a legal one.
        let m = &legal[clicks % legal.len()];
        let hole = m["hole"].as_u64().ok_or("no hole")?;
        let plies = state["moves"].as_array().map_or(0, Vec::len);
        let el = client
            .find(Locator::Css(&format!(
                ".hole.playable[data-hole=\"{hole}\"]"
            )))
            .await?;
        if clicks == 6 {
            // The board in the middle of a game, a move previewed: the
            // README's picture comes from here.
            let mouse = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
                element: el.clone(),
                duration: None,
                x: 0.0,
                y: 0.0,
            });
            client.perform_actions(mouse).await?;
            wait_for(client, "document.querySelector('.hole.sown')", "a preview").await?;
            let play = client.find(Locator::Css("section.play")).await?;
            std::fs::write(shots.join("board.png"), play.screenshot().await?)?;
            screenshot(client, shots, "game.png").await?;
        }
        el.click().await?;
        wait_for(
            client,
            &format!("window.awale.game.moves.length > {plies}"),
            "the clicked move played",
        )
        .await?;
        clicks += 1;
    }
    eprintln!("web_browser: game over after {clicks} clicks");
    the_banner_states_the_end(client).await?;
    screenshot(client, shots, "end.png").await?;
    Ok(())
}

/// Once the game is over, the end banner shows the API's final score,
/// winner and reason; answers the API's state.
async fn the_banner_states_the_end(client: &Client) -> Res<Value> {
    wait_for(
        client,
        "!document.getElementById('banner').hidden",
        "the end banner",
    )
    .await?;
    let state = api_state(client).await?;
    let end = &state["end"];
    let banner = client.find(Locator::Id("banner")).await?.text().await?;
    eprintln!("web_browser: the banner: {banner:?}");
    let scores = end["scores"].as_array().ok_or("no end scores")?;
    let (s, n) = (&scores[0], &scores[1]);
    assert!(
        banner.contains(&format!("South {s}, North {n}")),
        "the banner shows the final score {s}-{n}: {banner:?}"
    );
    let winner = match end["winner"].as_str() {
        Some("S") => "South wins",
        Some("N") => "North wins",
        _ => "A draw",
    };
    assert!(
        banner.contains(winner),
        "the banner names the winner ({winner}): {banner:?}"
    );
    let text = end["text"].as_str().unwrap_or("").to_lowercase();
    assert!(
        banner.to_lowercase().contains(&text),
        "the banner gives the reason {text:?}: {banner:?}"
    );
    Ok(state)
}

/// Neither the page's own error collector nor Chromium's log holds an error.
pub async fn no_console_errors(client: &Client) -> Res<()> {
    let errors = client.execute("return window.awaleErrors;", vec![]).await?;
    assert_eq!(errors, json!([]), "errors caught by the page");
    match client.issue_cmd(BrowserLog).await {
        Ok(Value::Array(entries)) => {
            let severe: Vec<&Value> = entries.iter().filter(|e| e["level"] == "SEVERE").collect();
            eprintln!(
                "web_browser: {} browser log entries, {} errors",
                entries.len(),
                severe.len()
            );
            assert!(severe.is_empty(), "errors in the browser log: {severe:?}");
        }
        Ok(other) => return Err(format!("the browser log is not a list: {other}").into()),
        Err(e) => return Err(format!("cannot read the browser log: {e}").into()),
    }
    Ok(())
}
