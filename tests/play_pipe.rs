//! `awale play` driven through a pipe, as a person at a terminal would.

use std::io::Write;
use std::process::{Command, Stdio};

const AWALE: &str = env!("CARGO_BIN_EXE_awale");

fn play(args: &[&str], input: &[u8]) -> (bool, String, String) {
    let mut child = Command::new(AWALE)
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_person_plays_the_engine_through_a_pipe() {
    let (ok, out, err) = play(
        &["--level", "easy", "--movetime", "20"],
        b"A\nhint\nZ\n\xff\xfe\nlevel medium\nmovetime 30\nundo\nC\nmoves\nquit\n",
    );
    assert!(ok, "{err}");
    // The board, both rows, the scores, whose turn and the legal moves.
    assert!(out.contains("North     4   4   4   4   4   4"), "{out}");
    assert!(out.contains("Captured: South 0 - North 0"), "{out}");
    assert!(out.contains("South (you) to move."), "{out}");
    assert!(out.contains("Legal moves: A B C D E F"), "{out}");
    assert!(out.contains("South (you) plays A"), "{out}");
    assert!(out.contains("North (engine) plays "), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("Not a move here: malformed move 'Z'"), "{out}");
    assert!(out.contains("Level set to medium."), "{out}");
    assert!(out.contains("30 ms per move"), "{out}");
    assert!(out.contains("Move taken back."), "{out}");
    assert!(out.contains("South (you) plays C"), "{out}");
    assert!(out.contains("Played: C "), "{out}");
    assert!(out.trim_end().ends_with("Bye."), "{out}");
}

#[test]
fn a_whole_game_reaches_its_result() {
    // The engine plays both sides; the pipe only closes at the end.
    let (ok, out, err) = play(
        &["--human", "none", "--level", "easy", "--movetime", "5"],
        b"",
    );
    assert!(ok, "{err}");
    assert!(out.contains("Game over: "), "{out}");
    assert!(out.contains("final score South "), "{out}");
}

#[test]
fn two_people_and_the_end_of_input() {
    let (ok, out, err) = play(&["--human", "both"], b"C\nf\nA\n");
    assert!(ok, "{err}");
    assert!(out.contains("North (player) plays f"), "{out}");
    assert!(out.contains("South (player) plays A"), "{out}");
    assert!(!out.contains("engine"), "{out}");
}

#[test]
fn bad_arguments_are_refused() {
    let (ok, _, err) = play(&["--level", "extreme"], b"");
    assert!(!ok);
    assert!(err.contains("--level 'extreme'"), "{err}");
    let (ok, _, err) = play(&["--variant", "chess"], b"");
    assert!(!ok);
    assert!(err.contains("unknown variant"), "{err}");
}
