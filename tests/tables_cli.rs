//! The endgame tables through the binary, as a user meets them: `awale
//! tables build` and `probe`, the `Tables` option of the protocol, and
//! `analyze --tables`.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::process::{spawn, AWALE};

/// A fresh scratch directory under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("tables-cli-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn awale(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(AWALE).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `awale tables probe --position P --json` (default tables), which must
/// succeed: the object it prints, and the text (for messages).
fn probe_json(position: &str) -> (serde_json::Value, String) {
    let (ok, json, err) = awale(&["tables", "probe", "--position", position, "--json"]);
    assert!(ok, "{err}");
    (serde_json::from_str(&json).unwrap(), json)
}

/// Runs the protocol on `input` and returns everything it printed.
fn protocol(args: &[&str], input: &str) -> String {
    let (mut child, mut stdin, mut stdout) = spawn(args);
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let mut out = String::new();
    stdout.read_to_string(&mut out).unwrap();
    child.wait().unwrap();
    out
}

/// Waits for the tables: each `isready` waits up to 5 s for them, which a
/// machine loaded by the rest of the suite can exceed while it builds the
/// small levels in memory (the searches and `d` then go without them).
const READY: &str = "isready\nisready\nisready\n";

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
    let dir = scratch("build");
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
    let killed = scratch("killed");
    let whole = scratch("whole");
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
    let dir = scratch("corrupt");
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
    assert!(out.contains("collects 7 (exact)"), "{out}");
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
    let keeps_five = |m: &&serde_json::Value| m["value"] == 5 && m["value_max"] == 5;
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
    let bounds = |v: &serde_json::Value, key: &str| v[key].as_u64().unwrap();
    let within = |v: &serde_json::Value| {
        let every = v["every_history"].as_array().unwrap();
        let (lo, hi) = (every[0].as_u64().unwrap(), every[1].as_u64().unwrap());
        lo <= bounds(v, "value") && bounds(v, "value_max") <= hi
    };
    assert!(within(&v), "{json}");
    let moves = v["moves"].as_array().unwrap();
    assert!(!moves.is_empty() && moves.iter().all(within), "{json}");
    let (ok, text, err) = awale(&["tables", "probe", "--position", position]);
    assert!(ok, "{err}");
    let exact = v["exact"] == true;
    assert_eq!(text.contains("Whatever the history:"), !exact, "{text}");
}

#[test]
fn the_protocol_reports_table_hits_and_table_scores() {
    let out = protocol(
        &[],
        &format!("{READY}position fen {COVERED}\ngo depth 6\nquit\n"),
    );
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
    let out = protocol(&[], &format!("{READY}position fen {COVERED}\nd\nquit\n"));
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
    let dir = scratch("use");
    build(&dir, "8");
    let dir = dir.to_str().unwrap();
    // `awale --tables DIR` is `awale uci --tables DIR`.
    for args in [&["uci", "--tables", dir][..], &["--tables", dir]] {
        let out = protocol(
            args,
            &format!("{READY}position fen {COVERED}\ngo depth 4\nquit\n"),
        );
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
