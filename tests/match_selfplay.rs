//! `awale match` with our own engine on both sides, through its protocol.
//!
//! The engine plays through the same pipes and dialects (`uci`, `aalina`,
//! `arbiter`) as any other engine would, and the records are replayed
//! through the rules.

use std::path::PathBuf;
use std::process::Command;

use crate::common::process::{succeed, AWALE, LATE_MOVE_MARGIN};
use crate::common::records::{assert_scores_tag, replay};
use awale::referee::records::read_records;

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
    let easy = format!("cmd={AWALE},arg=uci,name=easy,option.Level=easy");
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

#[test]
fn games_at_a_fixed_node_count_replay_identically() {
    // `--nodes` sends `go nodes N`: with one search thread the games depend
    // on nothing but the engines, so two runs write the same moves (a time
    // limit would let the machine's load change them).
    let play = |name: &str| {
        let records = records_path(name);
        let a = format!("cmd={AWALE},arg=uci,name=a");
        let b = format!("cmd={AWALE},arg=uci,name=b");
        run(&[
            "match",
            "--engine",
            &a,
            "--engine",
            &b,
            "--games",
            "2",
            "--nodes",
            "3000",
            "--openings-random",
            "4",
            "--quiet",
            "--records",
            records.to_str().unwrap(),
        ]);
        let mut read = read_records(&records).unwrap();
        read.sort_by_key(|r| r.game());
        assert!(read
            .iter()
            .all(|r| r.tag("TimeControl") == Some("nodes 3000")));
        let moves: Vec<Vec<String>> = read.iter().map(|r| r.moves.clone()).collect();
        check_records(&records, 2, ["a", "b"]);
        moves
    };
    let first = play("nodes-1");
    assert!(first.iter().all(|m| m.len() > 20), "{first:?}");
    assert_eq!(first, play("nodes-2"));
}
