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
    assert_eq!(v["score"], "mate 1");
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
    assert!(out.contains("the game is over"), "{out}");
}

#[test]
fn bad_input_is_refused_cleanly() {
    let cases: &[&[&str]] = &[
        &["--depth", "0"],
        &["--depth", "1000"],
        &["--movetime", "-5"],
        &["--nodes", "0"],
        &["--depth", "3", "--nodes", "100"],
        &["--option", "Frobnicate=1"],
        &["--option", "GrandSlam=sometimes"],
        &["--option", "novalue"],
        &["--variant", "chess"],
        &["--moves", "A A"],
        &["--position", "1-2-3"],
        &["--threads", "0"],
    ];
    for args in cases {
        let (ok, out, err) = analyze(args);
        assert!(!ok, "{args:?} succeeded: {out}");
        assert!(err.contains("error"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
