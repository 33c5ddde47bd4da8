//! Black-box tests of `awale serve`: each test starts the built binary on a
//! free local port, talks HTTP to it, and kills it at the end.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::books::{one_position_book, start_text};

/// A hang guard: far longer than a stopped search takes to return, far
/// shorter than the 60 s searches the tests stop.
const HANG: Duration = Duration::from_secs(30);

/// A server started for one test, killed when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start() -> Server {
        Server::start_with(&[])
    }

    /// A server with `extra` arguments after the defaults of the tests.
    fn start_with(extra: &[&str]) -> Server {
        Server::start_command(Command::new(env!("CARGO_BIN_EXE_awale")), extra)
    }

    /// [`Server::start_with`] run by `cmd` (the binary, or a shell that
    /// execs it with the arguments that follow).
    fn start_command(mut cmd: Command, extra: &[&str]) -> Server {
        cmd.args(["serve", "--port", "0", "--tables", "<none>"])
            .args(extra)
            .stderr(Stdio::null());
        let (child, url) = crate::common::server::start(cmd);
        Server { child, url }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.url)
    }

    /// Sends a request; answers the status and the body as JSON (or as a
    /// JSON string when it is not JSON).
    fn call(&self, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
        let request = ureq::request(method, &self.url(path))
            .timeout(Duration::from_secs(60))
            .set("Content-Type", "application/json");
        let result = match body {
            Some(body) => request.send_string(body),
            None => request.call(),
        };
        let response = match result {
            Ok(response) => response,
            Err(ureq::Error::Status(_, response)) => response,
            Err(e) => panic!("{method} {path}: {e}"),
        };
        let status = response.status();
        let text = response.into_string().expect("a body");
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, value)
    }

    fn ok(&self, method: &str, path: &str, body: Value) -> Value {
        let (status, value) = self.call(method, path, Some(&body.to_string()));
        assert!(
            (200..300).contains(&status),
            "{method} {path} {body}: {status} {value}"
        );
        value
    }

    /// Starts a 60-second analysis of game `id` and reads its first line:
    /// the stream, with the search running behind it.
    fn long_analysis(&self, id: &str) -> impl BufRead {
        let response = ureq::get(&self.url(&format!("/api/games/{id}/analysis?movetime=60000")))
            .call()
            .expect("a stream");
        let mut reader = BufReader::new(response.into_reader());
        let mut line = String::new();
        reader.read_line(&mut line).expect("a first event");
        reader
    }

    fn new_game(&self, body: Value) -> (String, Value) {
        let state = self.ok("POST", "/api/games", body);
        (state["id"].as_str().expect("an id").to_string(), state)
    }

    /// Asks for game `id`'s state until its `thinking` is `want`, while
    /// `going()` holds: the event a test waits for, instead of a time.
    /// Panics (a hang guard, far above what it takes) after [`HANG`].
    fn until_thinking(&self, id: &str, want: bool, going: impl Fn() -> bool) {
        let deadline = Instant::now() + HANG;
        loop {
            let (status, state) = self.call("GET", &format!("/api/games/{id}"), None);
            assert_eq!(status, 200, "{state}");
            if state["thinking"] == json!(want) {
                return;
            }
            assert!(going(), "gave up waiting for \"thinking\": {want}: {state}");
            assert!(
                Instant::now() < deadline,
                "\"thinking\" not {want} after {HANG:?}: {state}"
            );
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn moves_of(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().unwrap_or_default().to_string())
        .collect()
}

fn first_legal(state: &Value) -> String {
    state["legal"][0]["move"]
        .as_str()
        .expect("a legal move")
        .to_string()
}

/// Asserts an error answer: its status and a JSON body with a message.
fn assert_error(answer: (u16, Value), status: u16) {
    assert_eq!(answer.0, status, "{}", answer.1);
    let message = answer.1["error"].as_str().unwrap_or_default();
    assert!(!message.is_empty(), "no error message: {}", answer.1);
}

#[test]
fn the_ladder_is_listed_and_every_way_of_naming_a_step_is_taken() {
    let server = Server::start();
    let levels = server.ok("GET", "/api/levels", json!({}));
    let levels = levels.as_array().expect("a list");
    assert_eq!(levels.len(), 21);
    assert_eq!(levels[0]["step"], json!(0));
    assert_eq!(levels[0]["rating"], json!(0));
    assert_eq!(levels[10]["word"], json!("club"));
    assert_eq!(levels[10]["level"], json!("medium"));
    assert_eq!(levels[20]["level"], json!("hard"));
    assert!(levels[5]["level"].is_null());
    let ratings: Vec<i64> = levels
        .iter()
        .map(|l| l["rating"].as_i64().unwrap())
        .collect();
    assert!(ratings.windows(2).all(|w| w[1] > w[0]), "{ratings:?}");
    let (id, _) = server.new_game(json!({}));
    let path = format!("/api/games/{id}/engine");
    for level in [json!(7), json!("7"), json!("club"), json!("Easy")] {
        let state = server.ok("POST", &path, json!({"level": level, "movetime": 10}));
        assert!(state["engine"]["move"].is_string(), "{level}: {state}");
    }
    for bad in [r#"{"level": 21}"#, r#"{"level": -1}"#, r#"{"level": [1]}"#] {
        assert_error(server.call("POST", &path, Some(bad)), 422);
    }
}

#[test]
fn the_engine_plays_a_whole_game_against_itself() {
    let server = Server::start();
    let (id, mut state) = server.new_game(json!({}));
    let path = format!("/api/games/{id}/engine");
    let mut plies = 0;
    while state["end"].is_null() {
        assert!(plies < 500, "the game does not end");
        state = server.ok("POST", &path, json!({"level": "easy", "movetime": 10}));
        plies += 1;
        assert_eq!(moves_of(&state).len(), plies);
        assert_eq!(state["engine"]["move"], state["last"]["move"]);
    }
    let end = &state["end"];
    let reasons = ["target", "even_split", "no_legal_move", "repetition"];
    assert!(
        reasons.contains(&end["reason"].as_str().unwrap_or("")),
        "{end}"
    );
    let scores: Vec<u64> = serde_json::from_value(end["scores"].clone()).unwrap();
    let winner = match scores[0].cmp(&scores[1]) {
        std::cmp::Ordering::Greater => json!("S"),
        std::cmp::Ordering::Less => json!("N"),
        std::cmp::Ordering::Equal => Value::Null,
    };
    assert_eq!(end["winner"], winner);
    assert!(state["legal"].as_array().unwrap().is_empty());
    // A finished game takes no move, and the engine has none.
    assert_error(
        server.call(
            "POST",
            &format!("/api/games/{id}/move"),
            Some(r#"{"move": "A"}"#),
        ),
        409,
    );
    assert_error(server.call("POST", &path, Some("{}")), 409);
}

#[test]
fn a_scripted_ending_shows_the_capture_and_the_result() {
    let server = Server::start();
    let (id, state) = server.new_game(json!({"position": "0-0-0-0-0-1-1-1-0-0-0-0-22-23-S"}));
    let f = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "F")
        .expect("F is legal")
        .clone();
    assert_eq!(f["sown"], json!([7]));
    assert_eq!(f["captured"], json!([7]));
    assert_eq!(f["gain"], 2);
    let mut state = server.ok(
        "POST",
        &format!("/api/games/{id}/move"),
        json!({"move": "F"}),
    );
    assert_eq!(state["last"]["captured"], json!([7]));
    assert_eq!(state["scores"], json!([24, 23]));
    let mut plies = 1;
    while state["end"].is_null() {
        assert!(plies < 60, "the game does not end");
        let mv = first_legal(&state);
        state = server.ok(
            "POST",
            &format!("/api/games/{id}/move"),
            json!({"move": mv}),
        );
        plies += 1;
    }
    assert!(state["end"]["text"].as_str().is_some_and(|t| !t.is_empty()));
}

#[test]
fn bad_requests_get_json_errors_with_their_status() {
    let server = Server::start();
    let (id, _) = server.new_game(json!({}));
    let play = format!("/api/games/{id}/move");
    assert_error(server.call("POST", &play, Some("{not json")), 400);
    assert_error(server.call("POST", &play, Some(r#"{"mv": "A"}"#)), 400);
    assert_error(server.call("POST", &play, Some(r#"{"move": 3}"#)), 400);
    assert_error(server.call("POST", &play, Some(r#"{"move": "Z"}"#)), 409);
    assert_error(server.call("POST", &play, Some(r#"{"move": "a"}"#)), 409);
    assert_error(
        server.call(
            "POST",
            "/api/games/nosuchgame/move",
            Some(r#"{"move": "A"}"#),
        ),
        404,
    );
    assert_error(server.call("GET", "/api/games/nosuchgame", None), 404);
    assert_error(server.call("GET", "/no/such/path", None), 404);
    assert_error(
        server.call("POST", &format!("/api/games/{id}/undo"), None),
        409,
    );
    assert_error(
        server.call("POST", &format!("/api/games/{id}/redo"), None),
        409,
    );
    assert_error(
        server.call("POST", "/api/games", Some(r#"{"variant": "chess"}"#)),
        422,
    );
    assert_error(
        server.call(
            "POST",
            "/api/games",
            Some(r#"{"options": {"GrandSlam": "often"}}"#),
        ),
        422,
    );
    assert_error(
        server.call("POST", "/api/games", Some(r#"{"position": "1-2-3"}"#)),
        400,
    );
    assert_error(
        server.call(
            "POST",
            &format!("/api/games/{id}/engine"),
            Some(r#"{"level": "godlike"}"#),
        ),
        422,
    );
    assert_error(
        server.call(
            "GET",
            &format!("/api/games/{id}/analysis?movetime=soon"),
            None,
        ),
        400,
    );
    assert_error(
        server.call("POST", &format!("/api/games/{id}/record"), Some("nothing")),
        400,
    );
    // The game is untouched, and goes on.
    let state = server.ok("POST", &play, json!({"move": "C"}));
    assert_eq!(moves_of(&state), ["C"]);
    let state = server.ok("POST", &format!("/api/games/{id}/undo"), json!({}));
    assert_eq!(state["redo"], json!(["C"]));
    let state = server.ok("POST", &format!("/api/games/{id}/redo"), json!({}));
    assert_eq!(moves_of(&state), ["C"]);
    let (status, _) = server.call("DELETE", &format!("/api/games/{id}"), None);
    assert_eq!(status, 204);
    assert_error(server.call("GET", &format!("/api/games/{id}"), None), 404);
}

#[test]
fn several_games_are_played_at_once() {
    let server = Server::start();
    thread::scope(|scope| {
        for t in 0..4 {
            let server = &server;
            scope.spawn(move || {
                let (id, mut state) = server.new_game(json!({}));
                let mut played = Vec::new();
                for i in 0..12 {
                    if !state["end"].is_null() {
                        break;
                    }
                    let legal = state["legal"].as_array().unwrap();
                    let mv = legal[(t + i) % legal.len()]["move"]
                        .as_str()
                        .unwrap()
                        .to_string();
                    state = server.ok(
                        "POST",
                        &format!("/api/games/{id}/move"),
                        json!({"move": mv}),
                    );
                    played.push(mv);
                }
                let state = server.ok("GET", &format!("/api/games/{id}"), json!({}));
                assert_eq!(moves_of(&state), played);
            });
        }
    });
}

/// Reads server-sent events from `reader` until a `done` event (or the end
/// of the stream); returns the events as (name, data).
fn read_events(reader: impl Read, mut each: impl FnMut(&str, &Value)) -> Vec<(String, Value)> {
    let mut events = Vec::new();
    let mut name = String::new();
    for line in BufReader::new(reader).lines() {
        let Ok(line) = line else { break };
        if let Some(rest) = line.strip_prefix("event:") {
            name = rest.trim().to_string();
        } else if let Some(rest) = line.strip_prefix("data:") {
            let data: Value = serde_json::from_str(rest.trim()).expect("JSON data");
            each(&name, &data);
            events.push((name.clone(), data));
            if name == "done" {
                break;
            }
        }
    }
    events
}

#[test]
fn analysis_streams_info_then_done() {
    let server = Server::start();
    let (id, state) = server.new_game(json!({"moves": ["F", "f"]}));
    let response = ureq::get(&server.url(&format!("/api/games/{id}/analysis?movetime=300")))
        .call()
        .expect("a stream");
    assert!(response.content_type().contains("event-stream"));
    let events = read_events(response.into_reader(), |_, _| {});
    let infos: Vec<&Value> = events
        .iter()
        .filter(|(n, _)| n == "info")
        .map(|(_, d)| d)
        .collect();
    assert!(!infos.is_empty(), "{events:?}");
    for info in &infos {
        for field in ["depth", "score", "mate", "nodes", "nps", "tbhits", "pv"] {
            assert!(info.get(field).is_some(), "{field} missing in {info}");
        }
    }
    let (name, done) = events.last().unwrap();
    assert_eq!(name, "done");
    let legal: Vec<&Value> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["move"])
        .collect();
    assert!(legal.contains(&&done["move"]), "{done}");
    assert!(done["depth"].as_u64().unwrap() >= 1);
    // The hint and the value of every move.
    let hint = server.ok(
        "POST",
        &format!("/api/games/{id}/hint"),
        json!({"movetime": 100}),
    );
    assert!(legal.contains(&&hint["move"]), "{hint}");
    let values = server.ok(
        "POST",
        &format!("/api/games/{id}/moves"),
        json!({"movetime": 200}),
    );
    let values = values["moves"].as_array().unwrap();
    let mut valued: Vec<&Value> = values.iter().map(|v| &v["move"]).collect();
    let mut all = legal.clone();
    valued.sort_by_key(|m| m.to_string());
    all.sort_by_key(|m| m.to_string());
    assert_eq!(valued, all, "each legal move once: {values:?}");
    assert!(values[0]["score"].is_number() || values[0]["mate"].is_number());
}

#[test]
fn the_hard_engine_opens_from_the_book_unless_told_not_to() {
    let dir = std::env::temp_dir().join(format!("awale-web-deep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A book deeper than any search that plays A at the start (a move no
    // search plays there), and one of depth 1 that any search outweighs.
    let deep = one_position_book(&dir, &start_text(), &[(0, 50)], 255);
    let shallow = one_position_book(&dir, &start_text(), &[(0, 50)], 1);

    let server = Server::start_with(&["--book", deep.to_str().unwrap()]);
    let (id, _) = server.new_game(json!({}));
    let hint = server.ok(
        "POST",
        &format!("/api/games/{id}/hint"),
        json!({"movetime": 200}),
    );
    assert_eq!(hint["book"], json!(true), "{hint}");
    let engine = format!("/api/games/{id}/engine");
    // The easy level does not use it (nor does an analysis, which always
    // searches: `analysis_streams_info_then_done` starts from a book
    // position).
    let easy = server.ok("POST", &engine, json!({"level": "easy", "movetime": 50}));
    assert!(easy["engine"].get("book").is_none(), "{easy}");
    let answer = first_engine_move(&server);
    assert_eq!(answer["book"], json!(true), "{answer}");
    assert_eq!(answer["move"], json!("A"), "{answer}");
    assert_eq!(answer["depth"], json!(255), "{answer}");
    assert_eq!(answer["score"], json!(0.5), "{answer}");
    assert_eq!(answer["pv"], json!(["A"]), "{answer}");

    // A search as deep as the book plays its own move, as with no book.
    for book in [shallow.to_str().unwrap(), "<none>"] {
        let answer = first_engine_move(&Server::start_with(&["--book", book]));
        assert!(answer.get("book").is_none(), "{book}: {answer}");
        assert!(answer["depth"].as_u64().unwrap() >= 1, "{book}: {answer}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The engine's answer (`"engine"`) for the first move of a new game, at
/// the hard level with 200 ms.
fn first_engine_move(server: &Server) -> Value {
    let (id, _) = server.new_game(json!({}));
    let state = server.ok(
        "POST",
        &format!("/api/games/{id}/engine"),
        json!({"movetime": 200}),
    );
    state["engine"].clone()
}

#[test]
fn a_book_that_cannot_be_read_stops_the_server_with_its_name() {
    let dir = std::env::temp_dir().join(format!("awale-web-book-{}", std::process::id()));
    let missing = dir.join("no-such-book.bin");
    let out = Command::new(env!("CARGO_BIN_EXE_awale"))
        .args(["serve", "--port", "0", "--tables", "<none>", "--book"])
        .arg(&missing)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--book") && err.contains("no-such-book.bin"),
        "{err}"
    );
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// A port already in use stops the server with the address it could not
/// listen on.
#[test]
fn a_port_in_use_is_named() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_awale"))
        .args([
            "serve", "--port", &port, "--tables", "<none>", "--book", "<none>",
        ])
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("127.0.0.1:{port}")), "{err}");
    drop(taken);
}

/// Asks the engine of game `id` for a move with 60 s, runs `meanwhile`
/// once the game's state says it thinks, and gives the engine call's
/// answer; panics if that answer takes [`HANG`] (the search was not
/// stopped).
fn engine_cut_short(server: &Server, id: &str, meanwhile: impl FnOnce()) -> (u16, Value) {
    thread::scope(|scope| {
        let engine = scope.spawn(|| {
            server.call(
                "POST",
                &format!("/api/games/{id}/engine"),
                Some(r#"{"level": "hard", "movetime": 60000}"#),
            )
        });
        server.until_thinking(id, true, || !engine.is_finished());
        let started = Instant::now();
        meanwhile();
        let answer = engine.join().unwrap();
        assert!(
            started.elapsed() < HANG,
            "the engine's 60 s search was not stopped: {:?}",
            started.elapsed()
        );
        answer
    })
}

#[test]
fn a_new_request_stops_the_running_search() {
    // No book: the engine must search the start position, not answer it.
    let server = Server::start_with(&["--book", "<none>"]);
    let (id, _) = server.new_game(json!({}));
    // A long engine search, cut short by a move.
    let engine = engine_cut_short(&server, &id, || {
        let state = server.ok(
            "POST",
            &format!("/api/games/{id}/move"),
            json!({"move": "A"}),
        );
        assert_eq!(moves_of(&state), ["A"]);
    });
    assert_error(engine, 409);
    // The game has the person's move only.
    let state = server.ok("GET", &format!("/api/games/{id}"), json!({}));
    assert_eq!(moves_of(&state), ["A"]);
    // A hint while the engine thinks stops its search without changing the
    // game: the engine does not play the move of its search cut short.
    let engine = engine_cut_short(&server, &id, || {
        let hint = server.ok(
            "POST",
            &format!("/api/games/{id}/hint"),
            json!({"movetime": 100}),
        );
        assert!(hint["move"].is_string(), "{hint}");
    });
    assert_error(engine, 409);
    let state = server.ok("GET", &format!("/api/games/{id}"), json!({}));
    assert_eq!(moves_of(&state), ["A"]);
    // Stopping the engine (the page's Pause) leaves the game as it is.
    let engine = engine_cut_short(&server, &id, || {
        let state = server.ok("POST", &format!("/api/games/{id}/stop"), json!({}));
        assert_eq!(moves_of(&state), ["A"]);
    });
    assert_error(engine, 409);
    let state = server.ok("GET", &format!("/api/games/{id}"), json!({}));
    assert_eq!(moves_of(&state), ["A"]);
    assert_error(
        server.call("POST", "/api/games/nosuchgame/stop", Some("{}")),
        404,
    );
    // A 60 s analysis, cut short by a move: its stream ends with `done`.
    let response = ureq::get(&server.url(&format!("/api/games/{id}/analysis?movetime=60000")))
        .call()
        .expect("a stream");
    let mut moved = None;
    let events = read_events(response.into_reader(), |name, _| {
        if name == "info" && moved.is_none() {
            moved = Some(Instant::now());
            server.ok(
                "POST",
                &format!("/api/games/{id}/move"),
                json!({"move": "a"}),
            );
        }
    });
    let moved = moved.unwrap_or_else(|| panic!("no info event: {events:?}"));
    assert_eq!(events.last().map(|(n, _)| n.as_str()), Some("done"));
    assert!(
        moved.elapsed() < HANG,
        "the 60 s analysis was not stopped: {:?}",
        moved.elapsed()
    );
}

#[test]
fn searches_past_the_limit_wait_then_get_503() {
    let server = Server::start_with(&["--book", "<none>", "--max-searches", "1"]);
    let (one, _) = server.new_game(json!({}));
    let (two, _) = server.new_game(json!({}));
    let hint = |id: &str| {
        server.call(
            "POST",
            &format!("/api/games/{id}/hint"),
            Some(r#"{"movetime": 100}"#),
        )
    };
    // A long analysis of game one takes the only place: game two waits,
    // then is refused.
    let stream = server.long_analysis(&one);
    let (status, body) = hint(&two);
    assert_eq!(status, 503, "{body}");
    assert!(
        body["error"].as_str().unwrap_or("").contains("(1)"),
        "{body}"
    );
    // Game one's own request stops its analysis and takes its place.
    let (status, body) = hint(&one);
    assert_eq!(status, 200, "{body}");
    // The place is free again once that search returns.
    let (status, body) = hint(&two);
    assert_eq!(status, 200, "{body}");
    drop(stream);
    // A limit of none is refused at the start.
    let out = Command::new(env!("CARGO_BIN_EXE_awale"))
        .args(["serve", "--port", "0", "--max-searches", "0"])
        .output()
        .expect("awale runs");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--max-searches"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn records_are_saved_and_loaded() {
    let server = Server::start();
    let (id, _) =
        server.new_game(json!({"options": {"GrandSlam": "capture"}, "moves": ["F", "f", "E"]}));
    let response = ureq::get(&server.url(&format!("/api/games/{id}/record")))
        .call()
        .expect("a record");
    assert!(response.content_type().starts_with("text/plain"));
    let record = response.into_string().unwrap();
    assert!(record.contains("GrandSlam=capture"), "{record}");
    let (other, _) = server.new_game(json!({"variant": "colors16"}));
    let (status, state) = server.call("POST", &format!("/api/games/{other}/record"), Some(&record));
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["id"], json!(other));
    assert_eq!(state["variant"], "oware");
    assert_eq!(state["options"]["GrandSlam"], "capture");
    assert_eq!(moves_of(&state), ["F", "f", "E"]);
}

/// OGN (Aualé's format) is imported by content and exported with
/// `?format=ogn`, for oware games only.
#[test]
fn ogn_is_imported_and_exported() {
    let server = Server::start();
    let (id, _) = server.new_game(json!({}));
    let vector = include_str!("data/oware-selfplay.ogn");
    let (status, state) = server.call("POST", &format!("/api/games/{id}/record"), Some(vector));
    assert_eq!(status, 200, "{state}");
    // The last game of the file, finished.
    assert_eq!(moves_of(&state).len(), 126);
    assert_eq!(state["end"]["scores"], json!([13, 26]));
    let ogn = ureq::get(&server.url(&format!("/api/games/{id}/record?format=ogn")))
        .call()
        .expect("an OGN text")
        .into_string()
        .unwrap();
    assert!(ogn.starts_with("[Variant \"Oware Abapa\"]\n"), "{ogn}");
    assert!(ogn.contains("[Result \"13-26\"]\n"), "{ogn}");
    assert!(ogn.ends_with(" 63. A d+2 13-26\n"), "{ogn}");
    // Read back by the library's reader: the same moves.
    let games = awale::ogn::parse(&ogn).unwrap();
    let vector_games = awale::ogn::parse(vector).unwrap();
    assert_eq!(games[0].moves_text(), vector_games[1].moves_text());
    // A wrong capture count is refused with its line, the game untouched.
    let (status, body) = server.call(
        "POST",
        &format!("/api/games/{id}/record"),
        Some("[Variant \"Oware Abapa\"]\n\n1. F f\n2. E+3 *\n"),
    );
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().unwrap().contains("line 4"), "{body}");
    // A colour variant has no OGN.
    let (colours, _) = server.new_game(json!({"variant": "colors16"}));
    assert_error(
        server.call(
            "GET",
            &format!("/api/games/{colours}/record?format=ogn"),
            None,
        ),
        422,
    );
    assert_error(
        server.call("GET", &format!("/api/games/{id}/record?format=pgn"), None),
        400,
    );
}

#[test]
fn every_variant_starts_and_plays_a_move() {
    let server = Server::start();
    let variants = server.ok("GET", "/api/variants", json!({}));
    let variants = variants.as_array().unwrap();
    assert_eq!(variants.len(), 5);
    for variant in variants {
        let name = variant["name"].as_str().unwrap();
        let (id, state) = server.new_game(json!({"variant": name}));
        assert_eq!(state["variant"], name);
        assert_eq!(state["holes"], variant["holes"]);
        assert_eq!(
            state["board"].as_array().unwrap().len() as u64,
            variant["holes"].as_u64().unwrap()
        );
        let mv = first_legal(&state);
        let after = state["legal"][0]["position"].clone();
        let state = server.ok(
            "POST",
            &format!("/api/games/{id}/move"),
            json!({"move": mv}),
        );
        assert_eq!(moves_of(&state), std::slice::from_ref(&mv), "{name}");
        assert_eq!(state["position"], after, "{name}");
        assert!(
            !state["last"]["sown"].as_array().unwrap().is_empty(),
            "{name}"
        );
        // And the engine answers in every variant.
        let state = server.ok(
            "POST",
            &format!("/api/games/{id}/engine"),
            json!({"movetime": 50}),
        );
        assert_eq!(moves_of(&state).len(), 2, "{name}");
    }
}

#[test]
fn the_page_is_served() {
    let server = Server::start();
    let page = ureq::get(&server.url("/")).call().expect("the page");
    assert!(page.content_type().starts_with("text/html"));
    assert!(page.into_string().unwrap().contains("app.js"));
    for (path, kind) in [("/app.js", "javascript"), ("/style.css", "text/css")] {
        let file = ureq::get(&server.url(path)).call().expect("a page file");
        assert!(file.content_type().contains(kind), "{path}");
    }
}

#[test]
fn sigterm_shuts_the_server_down_cleanly() {
    let mut server = Server::start();
    let (id, _) = server.new_game(json!({}));
    // A long analysis is running when the signal comes.
    let _stream = server.long_analysis(&id);
    let started = Instant::now();
    let killed = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let status = loop {
        if let Some(status) = server.child.try_wait().expect("the server's status") {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "still running after SIGTERM"
        );
        thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
}

#[test]
fn closing_the_analysis_stream_stops_its_search() {
    let server = Server::start();
    let (id, _) = server.new_game(json!({}));
    let reader = server.long_analysis(&id);
    // While the stream is open the search runs.
    server.until_thinking(&id, true, || true);
    // Closing the connection stops it, long before its 60 s: the search's
    // thread returns, and the game says it no longer thinks.
    drop(reader);
    server.until_thinking(&id, false, || true);
    // The game is still there and answers.
    let (status, _) = server.call("GET", &format!("/api/games/{id}"), None);
    assert_eq!(status, 200);
}

/// The address of `server` (`127.0.0.1:PORT`).
fn address(server: &Server) -> String {
    server.url.trim_start_matches("http://").to_string()
}

/// A connection that sends `text` and then nothing; reads time out after
/// a minute (a hang guard, far above the server's timeouts in the tests).
fn stalled(server: &Server, text: &str) -> std::net::TcpStream {
    use std::io::Write;
    let mut stream = std::net::TcpStream::connect(address(server)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    stream.write_all(text.as_bytes()).unwrap();
    stream
}

/// Reads `stream` to its end: what the server sent before it closed the
/// connection. Fails the test if the server keeps it open past the guard.
fn until_closed(stream: &mut std::net::TcpStream) -> String {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return String::from_utf8_lossy(&got).into_owned(),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                return String::from_utf8_lossy(&got).into_owned()
            }
            Err(e) => panic!("the connection was kept open ({e}): {got:?}"),
        }
    }
}

const HALF_HEADER: &str = "GET /api/variants HTTP/1.1\r\nHost: localhost\r\n";

/// A client that sends half its headers and stalls is closed once the
/// header timeout passes; a slowly sent body gets 408 and is closed.
#[test]
fn slow_headers_and_slow_bodies_are_cut_off() {
    use std::io::Write;
    let server = Server::start_with(&["--header-timeout", "1", "--body-timeout", "1"]);
    let mut half = stalled(&server, HALF_HEADER);
    until_closed(&mut half);
    // A body of 100 bytes sent a byte every 100 ms: it would take 10 s.
    let mut slow = stalled(
        &server,
        "POST /api/games HTTP/1.1\r\nHost: localhost\r\n\
         Content-Type: application/json\r\nContent-Length: 100\r\n\r\n",
    );
    for _ in 0..100 {
        if slow.write_all(b" ").is_err() {
            break;
        }
        thread::sleep(Duration::from_millis(100));
    }
    let answer = until_closed(&mut slow);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("did not come within 1 s"), "{answer}");
    // The server still answers.
    assert_eq!(server.call("GET", "/api/variants", None).0, 200);
}

/// Connections past the cap wait to be accepted: a fresh client is
/// answered only once a stalled one has been closed, and is answered.
#[test]
fn connections_past_the_cap_wait_for_a_stalled_one_to_be_shed() {
    use std::io::Write;
    let server = Server::start_with(&["--header-timeout", "2", "--max-connections", "2"]);
    let mut slow: Vec<_> = (0..2).map(|_| stalled(&server, HALF_HEADER)).collect();
    let mut fresh = stalled(&server, "");
    fresh
        .write_all(b"GET /api/variants HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .unwrap();
    let answer = until_closed(&mut fresh);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // By then a stalled connection was closed: it made room.
    let mut shed = 0;
    for stream in &mut slow {
        stream.set_nonblocking(true).unwrap();
        let mut buf = [0u8; 64];
        if matches!(stream.read(&mut buf), Ok(0)) {
            shed += 1;
        }
    }
    assert!(
        shed >= 1,
        "the fresh client was answered before any stalled one went"
    );
}

/// With few file descriptors (`ulimit -n 64`), a crowd of half-open
/// connections does not stop the server: the cap stays below the limit,
/// the stalled ones are shed, and a fresh client is answered.
#[test]
fn half_open_connections_past_the_file_limit_do_not_stop_the_server() {
    let mut cmd = Command::new("bash");
    cmd.args([
        "-c",
        "ulimit -n 64; exec \"$@\"",
        "bash",
        env!("CARGO_BIN_EXE_awale"),
    ]);
    let server = Server::start_command(cmd, &["--header-timeout", "2"]);
    let crowd: Vec<_> = (0..80).map(|_| stalled(&server, HALF_HEADER)).collect();
    assert_eq!(server.call("GET", "/api/variants", None).0, 200);
    drop(crowd);
}
