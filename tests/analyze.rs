//! `awale analyze`: text and JSON output, and refusal of bad input.

use std::process::Command;

fn analyze(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_awale"))
        .arg("analyze")
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn text_shows_board_depths_and_best_move() {
    let (ok, out, err) = analyze(&["--depth", "5", "--moves", "A f"]);
    assert!(ok, "{err}");
    assert!(out.contains("South to move"), "{out}");
    for d in 1..=5 {
        assert!(out.contains(&format!("depth   {d}  score")), "{out}");
    }
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("best move "), "{last}");
    let mv = last.split_whitespace().nth(2).unwrap();
    assert!(["A", "B", "C", "D", "E", "F"].contains(&mv), "{last}");
}

#[test]
fn json_is_one_object() {
    let (ok, out, err) = analyze(&[
        "--json",
        "--nodes",
        "20000",
        "--position",
        "3-0-0-0-0-1-1-0-2-0-0-0-23-18-S",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(v["best"], "F");
    assert_eq!(v["score"]["kind"], "mate");
    assert_eq!(v["score"]["value"], 1);
    assert_eq!(v["lines"][0]["score"]["kind"], "mate");
    assert!(v["lines"][0]["score"]["value"].is_i64());
    assert!(v["game_over"].is_null());
    assert_eq!(v["variant"], "oware");
    assert!(!v["lines"].as_array().unwrap().is_empty());
    assert_eq!(v["lines"][0]["pv"][0], "F");
}

#[test]
fn game_over_is_reported() {
    let (ok, out, err) = analyze(&[
        "--depth",
        "3",
        "--position",
        "2-1-0-0-2-1-1-2-2-3-3-0-4-27-S",
    ]);
    assert!(ok, "{err}");
    assert_eq!(
        out.lines().last().unwrap(),
        "the game is over: a player reached the winning total; final score South 4, North 27; North wins",
        "{out}"
    );
    let (ok, out, err) = analyze(&[
        "--json",
        "--depth",
        "3",
        "--position",
        "2-1-0-0-2-1-1-2-2-3-3-0-4-27-S",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert!(v["best"].is_null());
    assert!(v["score"].is_null());
    assert_eq!(
        v["game_over"]["reason"],
        "a player reached the winning total"
    );
    assert_eq!(v["game_over"]["scores"], serde_json::json!([4, 27]));
    assert_eq!(v["game_over"]["winner"], "North");
}

#[test]
fn limits_and_moves_read_as_in_the_protocol() {
    // A letter run, as in `position ... moves FfEaCe`.
    let (ok, run, err) = analyze(&["--depth", "2", "--moves", "FfEaCe"]);
    assert!(ok, "{err}");
    let (ok, spaced, err) = analyze(&["--depth", "2", "--moves", "F f E a C e"]);
    assert!(ok, "{err}");
    let position = |out: &str| {
        out.lines()
            .find(|l| l.starts_with("Position:"))
            .map(String::from)
            .unwrap_or_else(|| panic!("no position line: {out}"))
    };
    assert_eq!(position(&run), position(&spaced));
    // Depth with a time limit, as `go depth 2 movetime 60000` allows.
    let (ok, out, err) = analyze(&["--depth", "2", "--movetime", "60000"]);
    assert!(ok, "{err}");
    assert!(
        out.lines().last().unwrap().starts_with("best move "),
        "{out}"
    );
}

#[test]
fn help_lists_the_variants_and_the_protocols() {
    let help = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_awale"))
            .args(args)
            .output()
            .expect("the binary runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    // Every subcommand with --variant lists the variants.
    for command in ["analyze", "perft", "play", "match", "tournament", "arbiter"] {
        let text = help(&[command, "--help"]);
        assert!(
            text.contains("possible values: oware, colors12"),
            "{command}: {text}"
        );
    }
    let uci = help(&["uci", "--help"]);
    assert!(
        uci.contains("bestmove") && uci.contains("protocol.md"),
        "{uci}"
    );
    let arbiter = help(&["arbiter", "--help"]);
    assert!(
        arbiter.contains("START") && arbiter.contains("RESULT"),
        "{arbiter}"
    );
}

#[test]
fn a_closed_pipe_ends_it_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_awale"))
        .args(["analyze", "--depth", "40"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is dropped here, as `| head -1` does.
    let out = child.wait_with_output().unwrap();
    assert!(!first.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?} {err}", out.status);
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn bad_input_is_refused_cleanly() {
    let cases: &[&[&str]] = &[
        &["--depth", "0"],
        &["--depth", "1000"],
        &["--movetime", "-5"],
        &["--nodes", "0"],
        &["--option", "Frobnicate=1"],
        &["--option", "GrandSlam=sometimes"],
        &["--option", "novalue"],
        &["--variant", "chess"],
        &["--moves", "A A"],
        &["--position", "1-2-3"],
        &["--threads", "0"],
        &["--threads", "257"],
        &["--hash", "4097"],
    ];
    for args in cases {
        let (ok, out, err) = analyze(args);
        assert!(!ok, "{args:?} succeeded: {out}");
        assert!(err.contains("error"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
