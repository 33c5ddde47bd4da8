//! Black-box: the transparent variants through the built binary: `perft`,
//! the protocol (`setoption name Variant`, `position`, `d`, `go`, refused
//! moves), and `awale play`.

mod common;

use std::io::Write;
use std::process::Command;
use std::time::Duration;

use common::process::{exit_within, forward_lines, spawn, succeed, AWALE};

fn perft(args: &[&str]) -> String {
    let (_, out) = succeed(Command::new(AWALE).arg("perft").args(args));
    out
}

#[test]
fn perft_3_from_the_start_of_both() {
    let out = perft(&["3", "--variant", "transparent80"]);
    assert!(out.contains("Nodes searched: 31320"), "{out}");
    let out = perft(&["3", "--variant", "transparent96"]);
    assert!(out.contains("Nodes searched: 30856"), "{out}");
    assert!(out.contains("1TR: ") && out.contains("15TB: "), "{out}");
    let out = perft(&[
        "2",
        "--variant",
        "transparent96",
        "--position",
        &format!("{}0-0-S", "2R2B2T-".repeat(16)),
        "--moves",
        "1tr 14B 3Tb",
    ]);
    assert!(out.contains("Nodes searched:"), "{out}");
}

#[test]
fn perft_refuses_bad_moves_with_a_reason() {
    for (mv, why) in [
        ("4T", "colour is missing after T"),
        ("1R 4RT", "'RT' is not a colour"),
        ("2TR", "belongs to the opponent"),
    ] {
        let out = Command::new(AWALE)
            .args(["perft", "1", "--variant", "transparent80", "--moves", mv])
            .output()
            .unwrap();
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{mv}: {err}");
    }
}

#[test]
fn the_protocol_plays_transparent96() {
    let (mut child, mut stdin, stdout) = spawn(&[]);
    let lines = forward_lines(stdout, |line| line);
    let script = "uci\n\
        setoption name Variant value transparent96\n\
        position startpos moves 1TR 2b\n\
        position startpos moves 1TR 2b 4TX\n\
        d\n\
        go depth 3\n";
    stdin.write_all(script.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let mut seen = Vec::new();
    loop {
        let line = lines
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("no bestmove: {seen:?}"));
        let done = line.starts_with("bestmove");
        seen.push(line);
        if done {
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(exit_within(&mut child, Duration::from_secs(60)).is_some());
    let text = seen.join("\n");
    assert!(
        text.contains("var transparent80 var transparent96"),
        "{text}"
    );
    assert!(
        text.contains("info string error: ") && text.contains("'TX' is not a colour"),
        "{text}"
    );
    // The refused command left the position of the one before.
    assert!(
        text.contains(&format!(
            "Position: 2B-2R3T-2R3B3T-3R2B2T-3R3B2T-{}0-0-S",
            "2R2B2T-".repeat(11)
        )),
        "{text}"
    );
    let best = seen.last().unwrap().split_whitespace().nth(1).unwrap();
    let legal = seen
        .iter()
        .find_map(|l| l.strip_prefix("Legal moves: "))
        .expect("d lists the legal moves");
    assert!(
        legal.split_whitespace().any(|m| m == best),
        "{best} in {legal}"
    );
}

#[test]
fn a_whole_terminal_game_of_transparent80() {
    let (_, out) = succeed(
        Command::new(AWALE)
            .args(["play", "--variant", "transparent80", "--human", "none"])
            .args(["--level", "medium", "--movetime", "5"]),
    );
    assert!(out.contains("Game over: "), "{out}");
    assert!(out.contains("1T"), "{out}");
}
