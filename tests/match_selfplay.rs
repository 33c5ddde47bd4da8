//! `awale match` with our own engine on both sides, through its protocol.
//!
//! The engine plays through the same pipes and dialects (`uci`, `aalina`,
//! `arbiter`) as any other engine would, and the records are replayed
//! through the rules.

use std::path::PathBuf;
use std::process::Command;

use crate::common::process::{succeed, AWALE, LATE_MOVE_MARGIN};
use crate::common::records::{assert_scores_tag, replay};
use awale::referee::records::{read_records, Record};

fn records_path(name: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("awale-selfplay-{name}-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// `awale match ARGS`, a move allowed to come late (see [`LATE_MOVE_MARGIN`]).
fn run(args: &[&str]) -> String {
    let margin = ["--timemargin", LATE_MOVE_MARGIN];
    succeed(Command::new(AWALE).args(args).args(margin)).1
}

/// Every record replays legally and its result is the rules' result.
fn check_records(path: &PathBuf, games: usize, names: [&str; 2]) {
    let read = read_records(path).unwrap();
    let mut numbers: Vec<usize> = read.iter().map(|r| r.game().unwrap()).collect();
    numbers.sort();
    assert_eq!(numbers, (1..=games).collect::<Vec<_>>());
    for r in &read {
        let reason = r.tag("Reason").unwrap();
        assert!(!reason.contains("forfeits"), "{}", r.to_text());
        assert!(names.contains(&r.tag("South").unwrap()));
        assert!(names.contains(&r.tag("North").unwrap()));
        let end = replay(r);
        if !reason.contains("adjudicated") {
            assert_scores_tag(r, &end.expect("finished"));
        }
    }
    let _ = std::fs::remove_file(path);
}

#[test]
fn easy_against_medium_through_uci() {
    let records = records_path("uci");
    // A step of the ladder by number, and one by a level's name.
    let easy = format!("cmd={AWALE},arg=uci,name=easy,option.Skill=2");
    let medium = format!("cmd={AWALE},arg=uci,name=medium,option.Level=medium");
    let out = run(&[
        "match",
        "--engine",
        &easy,
        "--engine",
        &medium,
        "--games",
        "4",
        "--movetime",
        "20",
        "--openings-random",
        "2",
        "--concurrency",
        "2",
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(out.contains("Score of easy vs medium: "), "{out}");
    assert!(!out.contains("Forfeits"), "{out}");
    check_records(&records, 4, ["easy", "medium"]);
}

#[test]
fn the_engine_against_itself_in_the_aalina_dialect_and_with_a_clock() {
    let records = records_path("aalina");
    let a = format!("cmd={AWALE},arg=uci,name=a,proto=aalina,option.Level=medium");
    let b = format!("cmd={AWALE},arg=uci,name=b,option.Level=easy");
    let out = run(&[
        "match",
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        "2",
        "--tc",
        "2+0.05",
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(!out.contains("Forfeits"), "{out}");
    check_records(&records, 2, ["a", "b"]);
}

#[test]
fn two_arbiter_processes_play_a_game() {
    let records = records_path("arbiter");
    let a = format!("cmd={AWALE},arg=arbiter,arg=--movetime,arg=30,name=p1,proto=arbiter");
    let b = format!("cmd={AWALE},arg=arbiter,arg=--movetime,arg=30,name=p2,proto=arbiter");
    let out = run(&[
        "match",
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        "2",
        "--movetime",
        "30",
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(!out.contains("Forfeits"), "{out}");
    check_records(&records, 2, ["p1", "p2"]);
}

/// `games` games of the engine against itself at 3,000 nodes a move from
/// random 4-ply openings, with `extra` arguments; the records, checked and
/// sorted by game number.
fn self_play_at_nodes(name: &str, games: usize, extra: &[&str]) -> Vec<Record> {
    let records = records_path(name);
    let a = format!("cmd={AWALE},arg=uci,name=a");
    let b = format!("cmd={AWALE},arg=uci,name=b");
    let count = games.to_string();
    let mut args = vec![
        "match",
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        &count,
        "--nodes",
        "3000",
        "--openings-random",
        "4",
        "--quiet",
        "--records",
        records.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    run(&args);
    let mut read = read_records(&records).unwrap();
    read.sort_by_key(|r| r.game());
    check_records(&records, games, ["a", "b"]);
    read
}

#[test]
fn games_at_a_fixed_node_count_replay_identically() {
    // `--nodes` sends `go nodes N`: with one search thread the games depend
    // on nothing but the engines, so two runs write the same moves (a time
    // limit would let the machine's load change them).
    let play = |name: &str| {
        let read = self_play_at_nodes(name, 2, &[]);
        assert!(read
            .iter()
            .all(|r| r.tag("TimeControl") == Some("nodes 3000")));
        read.iter().map(|r| r.moves.clone()).collect::<Vec<_>>()
    };
    let first = play("nodes-1");
    assert!(first.iter().all(|m| m.len() > 20), "{first:?}");
    assert_eq!(first, play("nodes-2"));
}

#[test]
fn the_tables_end_games_whose_winner_they_know() {
    // At a fixed node count the games replay identically, so each game
    // adjudicated by the tables is the start of the same game played out.
    // Four openings (each with both colours): with fewer, a change of the
    // search could end every game by the winning total before the tables
    // have a say.
    let played = self_play_at_nodes("played-out", 8, &[]);
    let judged = self_play_at_nodes("adjudicated", 8, &["--adjudicate-tables", "<default>"]);
    let mut adjudicated = 0;
    for (full, cut) in played.iter().zip(&judged) {
        let reason = cut.tag("Reason").unwrap();
        if !reason.contains("endgame tables") {
            assert_eq!(cut.moves, full.moves, "{}", cut.to_text());
            continue;
        }
        adjudicated += 1;
        assert!(
            cut.moves.len() < full.moves.len() && full.moves.starts_with(&cut.moves),
            "an adjudicated game is cut short:\n{}\n{}",
            cut.to_text(),
            full.to_text()
        );
        // The tables, asked directly, know the result of where it stopped.
        let probe = Command::new(AWALE)
            .args(["tables", "probe", "--json", "--moves", &cut.moves.join(" ")])
            .output()
            .unwrap();
        assert!(probe.status.success(), "{probe:?}");
        let json: serde_json::Value = serde_json::from_slice(&probe.stdout).unwrap();
        let scores = cut.tag("Scores").unwrap();
        match scores.split_once('-').filter(|_| scores != "-") {
            Some((south, north)) => {
                let finals = [south.parse::<u64>().unwrap(), north.parse().unwrap()];
                assert_eq!(json["final_scores"], serde_json::json!(finals), "{json}");
                let result = match finals[0].cmp(&finals[1]) {
                    std::cmp::Ordering::Greater => "1-0",
                    std::cmp::Ordering::Less => "0-1",
                    std::cmp::Ordering::Equal => "1/2-1/2",
                };
                assert_eq!(cut.tag("Result"), Some(result), "{}", cut.to_text());
            }
            // Only a range with one winner (with an empty history, or
            // under every history): no single split known for this
            // history.
            None => assert!(json["final_scores"].is_null(), "{json}"),
        }
    }
    assert!(
        adjudicated > 0,
        "no game reached a position the tables settle"
    );
}

#[test]
fn adjudication_needs_tables_for_the_variant() {
    let fail = |args: &[&str]| {
        let out = Command::new(AWALE).args(args).output().unwrap();
        assert!(!out.status.success());
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    let a = format!("cmd={AWALE},arg=uci,name=a");
    let b = format!("cmd={AWALE},arg=uci,name=b");
    let base = ["match", "--engine", &a, "--engine", &b, "--nodes", "100"];
    let missing = std::env::temp_dir().join("awale-no-such-table-dir");
    let args = [
        &base[..],
        &["--adjudicate-tables", missing.to_str().unwrap()],
    ]
    .concat();
    let err = fail(&args);
    assert!(
        err.contains("--adjudicate-tables") && err.contains("does not exist"),
        "{err}"
    );
    let args = [&base[..], &["--adjudicate-tables", "<none>"]].concat();
    assert!(fail(&args).contains("give a table directory"));
    let args = [
        &base[..],
        &["--variant", "colors16", "--adjudicate-tables", "<default>"],
    ]
    .concat();
    let err = fail(&args);
    assert!(err.contains("colors16 has no endgame tables"), "{err}");
}
