//! The endgame tables through the binary, as a user meets them: `awale
//! tables build` and `probe`, the `Tables` option of the protocol, and
//! `analyze --tables`.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::engine::Engine;
use crate::common::process::{awale, AWALE};
use crate::common::scratch::dir as scratch;

/// `awale tables probe --position P --json` (default tables), which must
/// succeed: the object it prints, and the text (for messages).
fn probe_json(position: &str) -> (serde_json::Value, String) {
    let (ok, json, err) = awale(&["tables", "probe", "--position", position, "--json"]);
    assert!(ok, "{err}");
    (serde_json::from_str(&json).unwrap(), json)
}

/// Runs the protocol on `input` and returns everything it printed.
fn protocol(args: &[&str], input: &str) -> String {
    finish(Engine::start(args), input)
}

/// Runs the protocol on `input` once the endgame tables are loaded (each
/// `isready` waits a while for them and says when they are still loading)
/// and returns everything it printed after that.
fn with_tables(args: &[&str], input: &str) -> String {
    let mut engine = Engine::start(args);
    engine.wait_for_tables();
    finish(engine, input)
}

/// Sends `input` to `engine`, closes its input and returns what it prints
/// until it exits.
fn finish(mut engine: Engine, input: &str) -> String {
    for line in input.lines() {
        engine.send(line);
    }
    engine.close_input();
    engine.rest().join("\n")
}

/// Seven seeds on the board, South to move: South wins by capturing.
const COVERED: &str = "1-0-1-2-0-1-1-0-1-0-0-0-20-21-S";

fn build(dir: &Path, max: &str) -> String {
    let (ok, _, err) = awale(&[
        "tables",
        "build",
        "--max-seeds",
        max,
        "--tables",
        dir.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(ok, "{err}");
    err
}

#[test]
fn build_reports_each_level_and_resumes() {
    let dir = scratch("tables-build");
    let err = build(&dir, "6");
    for n in 0..=6 {
        assert!(err.contains(&format!("level {n:2}: ")), "{err}");
    }
    assert!(err.contains("exact under every history"), "{err}");
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(files, 7, "one file per level");
    let again = build(&dir, "7");
    assert!(again.contains("level  6: already built"), "{again}");
    assert!(again.contains("level  7: 31824 positions"), "{again}");
}

/// A build killed (SIGKILL, no chance to clean up) while a level is in
/// progress leaves only complete files under final names, and running the
/// command again gives the same files as a build never interrupted.
#[test]
fn a_killed_build_resumes_to_the_same_files() {
    let killed = scratch("tables-killed");
    let whole = scratch("tables-whole");
    let mut child = Command::new(AWALE)
        .args([
            "tables",
            "build",
            "--max-seeds",
            "14",
            "--quiet",
            "--threads",
            "1",
        ])
        .arg("--dir")
        .arg(&killed)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it once level 11 is written, while 12 (a second or so) is built.
    let eleven = killed.join("oware-nocapture-feed-11.awtb");
    let start = Instant::now();
    while !eleven.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(600),
            "level 11 never came"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let finals: Vec<String> = std::fs::read_dir(&killed)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".awtb"))
        .collect();
    assert!(finals.len() >= 12, "{finals:?}");
    let again = build(&killed, "12");
    assert!(again.contains("level 11: already built"), "{again}");
    build(&whole, "12");
    for n in 0..=12 {
        let name = format!("oware-nocapture-feed-{n:02}.awtb");
        let resumed = std::fs::read(killed.join(&name)).unwrap();
        assert!(
            resumed == std::fs::read(whole.join(&name)).unwrap(),
            "level {n} differs after the kill"
        );
    }
    // The temporary file of the level in progress is the only leftover.
    let leftovers = std::fs::read_dir(&killed)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.ends_with(".awtb"))
        .count();
    assert!(leftovers <= 1, "{leftovers} leftovers");
}

#[test]
fn bad_requests_are_refused_with_a_clear_message() {
    let (ok, _, err) = awale(&["tables", "build", "--max-seeds", "30"]);
    assert!(!ok && err.contains("--max-seeds 30: at most 24"), "{err}");
    let (ok, _, err) = awale(&["tables", "build", "--max-seeds", "x"]);
    assert!(!ok && err.contains("--max-seeds"), "{err}");
    let (ok, _, err) = awale(&[
        "tables",
        "build",
        "--max-seeds",
        "3",
        "--dir",
        "/proc/awale-tables",
    ]);
    assert!(!ok && err.contains("/proc/awale-tables"), "{err}");
    let (ok, _, err) = awale(&["tables", "probe", "--tables", "/no/such/dir"]);
    assert!(!ok && err.contains("/no/such/dir does not exist"), "{err}");
    let (ok, _, err) = awale(&["tables", "probe", "--tables", "<none>"]);
    assert!(
        !ok && err.contains("--tables <none>: there is nothing to probe"),
        "{err}"
    );
    let (ok, _, err) = awale(&["tables", "probe", "--variant", "colors12"]);
    assert!(
        !ok && err.contains("'colors12' for '--variant")
            && err.contains("[possible values: oware]"),
        "{err}"
    );
    // The help offers only what works, and says why.
    let (ok, help, _) = awale(&["tables", "probe", "--help"]);
    assert!(
        ok && help.contains("oware only (the only variant with endgame tables)"),
        "{help}"
    );
    assert!(!help.contains("colors12"), "{help}");
}

#[test]
fn a_corrupt_file_is_refused_and_the_level_built_again_in_memory() {
    let dir = scratch("tables-corrupt");
    build(&dir, "7");
    let path = dir.join("oware-nocapture-feed-07.awtb");
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(&path, bytes).unwrap();
    let (ok, out, err) = awale(&[
        "tables",
        "probe",
        "--tables",
        dir.to_str().unwrap(),
        "--position",
        COVERED,
    ]);
    assert!(ok, "{err}");
    assert!(
        err.contains("refused, the level is built in memory instead") && err.contains("07"),
        "{err}"
    );
    assert!(out.contains("final 27-21"), "{out}");
}

#[test]
fn probe_shows_the_value_of_the_position_and_of_each_move() {
    let (ok, out, err) = awale(&["tables", "probe", "--position", COVERED]);
    assert!(ok, "{err}");
    assert!(out.contains("Seeds on the board: 7"), "{out}");
    // `<default>` is the default, spelled out as the protocol spells it.
    let (ok, spelled, err) = awale(&[
        "tables",
        "probe",
        "--position",
        COVERED,
        "--tables",
        "<default>",
    ]);
    assert!(ok && spelled == out, "{err}\n{spelled}");
    assert!(
        out.contains("collects 7 (exact: the same whatever the history)"),
        "{out}"
    );
    // F captures two seeds and keeps the value.
    assert!(
        out.lines()
            .any(|l| l.trim_start().starts_with("F:") && l.contains("final 27-21")),
        "{out}"
    );
    let (v, json) = probe_json(COVERED);
    assert_eq!(v["final_scores"], serde_json::json!([27, 21]));
    assert_eq!(v["exact"], true);
    // Only F, the capture that keeps the value for certain, is kept.
    let kept: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["kept"] == true)
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(kept, ["F"], "{json}");
    assert!(out.contains("final 27-21  (kept)"), "{out}");
}

#[test]
fn probe_keeps_the_quiet_moves_that_follow_the_proof_order() {
    // Reached by a capture: South collects the 5 seeds on the board, by
    // quiet moves first. Four quiet moves keep that value; only those into
    // positions whose bound was proved earlier are kept, so that no
    // position can come back.
    let fresh = "1-0-1-0-1-1-0-0-0-0-1-0-22-21-S";
    let (v, json) = probe_json(fresh);
    assert_eq!(v["final_scores"], serde_json::json!([27, 21]), "{json}");
    let moves = v["moves"].as_array().unwrap();
    // (Quiet moves: their value is known only if reached by a capture.)
    let keeps_five =
        |m: &&serde_json::Value| m["if_reached_by_capture"] == serde_json::json!([5, 5]);
    let kept: Vec<&serde_json::Value> = moves.iter().filter(|m| m["kept"] == true).collect();
    assert!(!kept.is_empty() && kept.iter().all(keeps_five), "{json}");
    assert!(
        kept.len() < moves.iter().filter(keeps_five).count(),
        "{json}"
    );
}

#[test]
fn probe_reports_the_bounds_whatever_the_history() {
    // Reached by quiet moves or by a capture, the position's value and
    // each move's lie within bounds that hold under every history, which
    // contain those with an empty history (equal after a capture).
    let position = "2-1-0-3-0-1-1-1-0-0-1-0-20-18-S";
    let (v, json) = probe_json(position);
    let pair = |v: &serde_json::Value, key: &str| {
        let a = v[key].as_array().unwrap_or_else(|| panic!("{key}: {v}"));
        (a[0].as_u64().unwrap(), a[1].as_u64().unwrap())
    };
    let within = |v: &serde_json::Value| {
        let (lo, hi) = pair(v, "every_history");
        let (a, b) = pair(v, "bounds");
        let (c, d) = pair(v, "if_reached_by_capture");
        lo <= a && b <= hi && lo <= c && d <= hi
    };
    assert!(within(&v), "{json}");
    let moves = v["moves"].as_array().unwrap();
    assert!(!moves.is_empty() && moves.iter().all(within), "{json}");
}

/// `awale tables probe` with `--moves`: the object it prints, and its text.
fn probe_both(position: &str, moves: &str) -> (serde_json::Value, String) {
    let args = ["tables", "probe", "--position", position, "--moves", moves];
    let (ok, text, err) = awale(&args);
    assert!(ok, "{err}");
    let (ok, json, err) = awale(&[&args[..], &["--json"]].concat());
    assert!(ok, "{err}");
    (serde_json::from_str(&json).unwrap(), text)
}

/// One meaning for each word, the same in the text and the JSON: `known`
/// (for this history, with its value) and `exact` (known whatever the
/// history); a value not known is `null`, its bounds shown instead.
#[test]
fn probe_says_known_and_exact_alike_in_text_and_json() {
    // Exact; known for this history only (a capture just reset it); not
    // known (reached by a quiet move).
    let cases = [
        ("1-0-1-2-0-1-1-0-1-0-0-0-20-21-S", "", "exact"),
        ("0-2-0-0-0-1-1-0-1-1-1-1-16-24-S", "F", "known"),
        ("0-0-1-0-0-1-0-0-1-2-0-0-22-21-S", "C", "not known"),
    ];
    let kind = |v: &serde_json::Value| match (v["known"] == true, v["exact"] == true) {
        (true, true) => "exact",
        (true, false) => "known",
        (false, false) => "not known",
        (false, true) => panic!("exact but not known: {v}"),
    };
    let words = |kind: &str| match kind {
        "exact" => "(exact: the same whatever the history)",
        "known" => "(known for this history",
        _ => "(not known for this history",
    };
    let mut moves_seen = std::collections::HashSet::new();
    for (position, moves, expected) in cases {
        let (v, text) = probe_both(position, moves);
        assert_eq!(kind(&v), expected, "{v}");
        let value_line = text.lines().find(|l| l.starts_with("Value:")).unwrap();
        assert!(value_line.contains(words(expected)), "{text}");
        for m in v["moves"].as_array().unwrap().iter().chain([&v]) {
            let known = m["known"] == true;
            assert_eq!(m["value"].is_null(), !known, "{m}");
            assert_eq!(m["final_scores"].is_null(), !known, "{m}");
            let [lo, hi] = [0, 1].map(|i| m["bounds"][i].as_u64().unwrap());
            assert_eq!(known, lo == hi, "{m}");
            if known {
                assert_eq!(m["value"].as_u64(), Some(lo), "{m}");
            }
            let Some(mv) = m["move"].as_str() else {
                continue;
            };
            moves_seen.insert(kind(m));
            let line = text
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{mv}:")))
                .unwrap_or_else(|| panic!("no line for {mv}: {text}"));
            assert!(line.contains(words(kind(m))), "{line}\n{m}");
        }
    }
    assert_eq!(
        moves_seen.len(),
        2,
        "exact and not known moves: {moves_seen:?}"
    );
}

/// A finished game: the probe prints its final score, in the text and the
/// JSON, with no tables needed and no moves.
#[test]
fn probe_on_a_finished_game_prints_the_final_score() {
    let over = "0-0-0-0-0-0-1-0-0-0-0-0-23-24-S";
    let (ok, text, err) = awale(&["tables", "probe", "--position", over]);
    assert!(ok, "{err}");
    assert!(
        text.contains("The game is over (the player to move has no legal move): final 23-25"),
        "{text}"
    );
    let (v, json) = probe_json(over);
    assert_eq!(v["over"], true, "{json}");
    assert_eq!(v["final_scores"], serde_json::json!([23, 25]), "{json}");
    assert_eq!(v["moves"], serde_json::json!([]), "{json}");
    assert_eq!(
        (v["known"].clone(), v["value"].clone()),
        (true.into(), 0.into()),
        "{json}"
    );
    let (v, _) = probe_json(COVERED);
    assert_eq!(v["over"], false);
}

#[test]
fn the_protocol_reports_table_hits_and_table_scores() {
    let out = with_tables(&[], &format!("position fen {COVERED}\ngo depth 6\nquit\n"));
    let last_info = out
        .lines()
        .rfind(|l| l.starts_with("info depth"))
        .unwrap_or_else(|| panic!("{out}"));
    let hits: u64 = last_info
        .split_whitespace()
        .skip_while(|w| *w != "tbhits")
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert!(hits > 0, "{last_info}");
    // A table win by 6 seeds: cp 20000 + 100 * 6.
    assert!(last_info.contains("score cp 20600"), "{last_info}");
    assert!(out.contains("bestmove F"), "{out}");
    let out = with_tables(&[], &format!("position fen {COVERED}\nd\nquit\n"));
    assert!(
        out.contains("Tables: final score South 27 - North 21 under perfect play (exact)"),
        "{out}"
    );

    // Without tables the same search sees no table.
    let out = protocol(
        &[],
        &format!(
            "setoption name Tables value <none>\nisready\nposition fen {COVERED}\ngo depth 6\nquit\n"
        ),
    );
    assert!(out.contains(" tbhits 0 "), "{out}");
    assert!(!out.contains("score cp 20600"), "{out}");
}

#[test]
fn a_bad_tables_option_is_an_error_and_changes_nothing() {
    let out = protocol(
        &[],
        "setoption name Tables value /no/such/dir\nisready\nuci\nquit\n",
    );
    assert!(
        out.contains(
            "info string error: setoption: option Tables: the table directory /no/such/dir does not exist"
        ),
        "{out}"
    );
    assert!(out.contains("readyok"), "{out}");
    assert!(
        out.contains("option name Tables type string default <default>"),
        "{out}"
    );
    let (ok, _, err) = awale(&["uci", "--tables", "/no/such/dir"]);
    assert!(!ok && err.contains("/no/such/dir"), "{err}");
}

#[test]
fn a_directory_of_files_is_used_by_the_protocol_and_analyze() {
    let dir = scratch("tables-use");
    build(&dir, "8");
    let dir = dir.to_str().unwrap();
    // `awale --tables DIR` is `awale uci --tables DIR`.
    for args in [&["uci", "--tables", dir][..], &["--tables", dir]] {
        let out = with_tables(args, &format!("position fen {COVERED}\ngo depth 4\nquit\n"));
        assert!(out.contains("score cp 20600"), "{args:?}: {out}");
    }
    let (ok, _, err) = awale(&["--tables", dir, "perft", "1"]);
    assert!(!ok && err.contains("after the subcommand"), "{err}");
    let (ok, json, err) = awale(&[
        "analyze",
        "--tables",
        dir,
        "--position",
        COVERED,
        "--depth",
        "4",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["best"], "F", "{v}");
    assert_eq!(
        v["score"],
        serde_json::json!({"kind": "table", "value": 6}),
        "{v}"
    );
}
