//! Black-box: the transparent variants through the built binary: `perft`,
//! the protocol (`setoption name Variant`, `position`, `d`, `go`, refused
//! moves), `awale play` (a whole game, refused moves) and `awale match`.

use std::io::Write;
use std::process::Command;
use std::time::Duration;

use crate::common::process::{
    exit_within, forward_lines, perft, run_with_input, spawn, succeed, AWALE, LATE_MOVE_MARGIN,
};
use awale::game::{game_end, play_moves, Game, History};
use awale::referee::records::read_records;
use awale::variants::transparent::{Transparent80, Transparent96};

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
        go depth 3\n\
        position startpos moves 1TR 2b\n\
        go depth 3\n";
    stdin.write_all(script.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let mut seen: Vec<String> = Vec::new();
    while seen.iter().filter(|l| l.starts_with("bestmove")).count() < 2 {
        let line = lines
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("no bestmove: {seen:?}"));
        seen.push(line);
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
    // The `go` after the refused command answers the null move, never a
    // move of the position kept from before; once a position is set again,
    // a legal move of it.
    let answers: Vec<&String> = seen.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(answers[0], "bestmove 0000");
    let best = answers[1].split_whitespace().nth(1).unwrap();
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

/// A position of each variant with South to move and hole 1 holding only
/// blue seeds (`2B`: no red and no transparent seed), reached from the
/// start by these moves.
const SET_UP: [(&str, &str); 2] = [
    ("transparent80", "1TR 2R 1R 4R"),
    ("transparent96", "1TR 2R"),
];

/// The bad input of issue 15 in that position, each with the words of the
/// reason it must be refused with.
const BAD_MOVES: [(&str, &str); 8] = [
    ("4T", "the colour is missing after T"),
    ("4TX", "'TX' is not a colour"),
    ("4RT", "'RT' is not a colour"),
    ("17R", "hole numbers run from 1 to 16"),
    ("2B", "hole 2 belongs to the opponent"),
    ("1R", "hole 1 holds no red seed"),
    ("1TR", "hole 1 holds no transparent seed"),
    ("1tb", "hole 1 holds no transparent seed"),
];

#[test]
fn the_protocol_refuses_each_bad_move_with_its_reason_and_keeps_the_position() {
    for (variant, set_up) in SET_UP {
        let mut script = format!(
            "setoption name Variant value {variant}\nposition startpos moves {set_up}\nd\n"
        );
        for (bad, _) in BAD_MOVES {
            script.push_str(&format!("position startpos moves {set_up} {bad}\nd\n"));
        }
        script.push_str("quit\n");
        let out = run_with_input(&[], &script);
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout);
        let errors: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("info string error: "))
            .collect();
        assert_eq!(errors.len(), BAD_MOVES.len(), "{variant}: {text}");
        let plies = set_up.split_whitespace().count();
        for ((bad, why), error) in BAD_MOVES.iter().zip(&errors) {
            let at = format!("move {} '{bad}'", plies + 1);
            assert!(
                error.contains(&at) && error.contains(why),
                "{variant} {bad}: {error}"
            );
        }
        // Every `d` shows the position the moves before the bad one reach.
        let positions: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("Position: "))
            .collect();
        assert_eq!(positions.len(), BAD_MOVES.len() + 1, "{variant}: {text}");
        assert!(
            positions[0].starts_with("2B-"),
            "{variant}: {}",
            positions[0]
        );
        assert!(
            positions.iter().all(|p| *p == positions[0]),
            "{variant}: {text}"
        );
    }
}

#[test]
fn awale_play_refuses_each_bad_move_with_its_reason_and_keeps_the_position() {
    for (variant, set_up) in SET_UP {
        let mut input = String::new();
        for (bad, _) in BAD_MOVES {
            input.push_str(bad);
            input.push('\n');
        }
        input.push_str("moves\nquit\n");
        let out = run_with_input(
            &[
                "play",
                "--variant",
                variant,
                "--human",
                "both",
                "--moves",
                set_up,
            ],
            &input,
        );
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout);
        let refusals: Vec<&str> = text
            .lines()
            .filter_map(|l| l.split_once("Not a move here: ").map(|(_, why)| why))
            .collect();
        assert_eq!(refusals.len(), BAD_MOVES.len(), "{variant}: {text}");
        for ((bad, why), refusal) in BAD_MOVES.iter().zip(&refusals) {
            assert!(
                refusal.contains(&format!("move {bad}"))
                    || refusal.contains(&format!("move '{bad}'")),
                "{variant} {bad}: {refusal}"
            );
            assert!(refusal.contains(why), "{variant} {bad}: {refusal}");
        }
        // The legal moves never change, and the moves played are the set-up's.
        let legal: Vec<&str> = text
            .lines()
            .filter_map(|l| l.split_once("Legal moves: ").map(|(_, m)| m))
            .collect();
        assert_eq!(legal.len(), BAD_MOVES.len() + 2, "{variant}: {text}");
        assert!(legal[0].starts_with("1B 3R "), "{variant}: {}", legal[0]);
        assert!(legal.iter().all(|m| *m == legal[0]), "{variant}: {text}");
        assert!(
            text.contains(&format!("Played: {set_up}\n")),
            "{variant}: {text}"
        );
    }
}

/// Replays every game of a records file under `game`'s rules and checks the
/// recorded variant, the end and the final scores.
fn check_records<G: Game>(game: &G, path: &std::path::Path, games: usize) {
    let records = read_records(path).unwrap();
    assert_eq!(records.len(), games);
    for r in &records {
        assert_eq!(r.tag("Variant"), Some(game.name()), "{}", r.to_text());
        let reason = r.tag("Reason").unwrap();
        assert!(!reason.contains("forfeits"), "{}", r.to_text());
        let start = game.start();
        let (pos, history) = play_moves(
            game,
            start,
            &History::new(game.key(&start)),
            &r.moves.join(" "),
        )
        .unwrap_or_else(|e| panic!("{e}: {}", r.to_text()));
        if !reason.contains("adjudicated") {
            let end = game_end(game, &pos, &history).expect("the game is over");
            assert_eq!(
                r.tag("Scores").unwrap(),
                format!("{}-{}", end.scores[0], end.scores[1])
            );
        }
    }
    let _ = std::fs::remove_file(path);
}

#[test]
fn awale_match_plays_both_variants() {
    let records = std::env::temp_dir().join(format!(
        "awale-transparent-match-{}.txt",
        std::process::id()
    ));
    // transparent96 as in 2025/26: a class-harness (arbiter) player against
    // a protocol one.
    let _ = std::fs::remove_file(&records);
    let arbiter = format!(
        "cmd={AWALE},name=harness,proto=arbiter,arg=arbiter,arg=--variant,arg=transparent96,arg=--movetime,arg=20"
    );
    let uci = format!("cmd={AWALE},name=uci,arg=uci,option.Level=medium");
    // Two games of `variant` between `south` and `north`, appended to the records.
    let play = |south: &str, north: &str, variant: &str| {
        let records = records.to_str().unwrap();
        let (_, out) = succeed(Command::new(AWALE).args([
            "match",
            "--engine",
            south,
            "--engine",
            north,
            "--variant",
            variant,
            "--games",
            "2",
            "--timemargin",
            LATE_MOVE_MARGIN,
            "--movetime",
            "20",
            "--records",
            records,
        ]));
        assert!(!out.contains("Forfeits"), "{out}");
        out
    };
    let out = play(&arbiter, &uci, "transparent96");
    assert!(out.contains("Score of harness vs uci: "), "{out}");
    check_records(&Transparent96, &records, 2);
    // transparent80 between two protocol players.
    let easy = format!("cmd={AWALE},name=easy,arg=uci,option.Level=easy");
    let out = play(&easy, &uci, "transparent80");
    assert!(out.contains("Score of easy vs uci: "), "{out}");
    check_records(&Transparent80, &records, 2);
}
