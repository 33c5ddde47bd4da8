//! Black-box tests of `awale arbiter`, driven by a small referee written
//! like the course's: it starts two programs, sends `START` to the first,
//! relays every line unchanged to the other and stops at a `RESULT` line.

use std::io::Write;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use crate::common::process::{exit_within, forward_lines, spawn, AWALE};
use awale::protocol::command::Start;
use awale::protocol::session::{build, Settings};

/// Only a hung player reaches this; the course's own limit (3 s) is not
/// asserted, since tests never time anything.
const PATIENCE: Duration = Duration::from_secs(60);

struct Player {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Player {
    fn start(args: &[&str]) -> Player {
        let (child, stdin, stdout) = spawn(&[&["arbiter"], args].concat());
        Player {
            child,
            stdin: Some(stdin),
            lines: forward_lines(stdout, |line| line),
        }
    }

    fn send(&mut self, line: &str) {
        // A player that has exited may have closed its input: ignore errors
        // as the referee would.
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = writeln!(stdin, "{line}").and_then(|_| stdin.flush());
        }
    }

    fn read(&mut self) -> Option<String> {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(line) => Some(line),
            Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => panic!("a player did not answer"),
        }
    }

    fn wait_exit(&mut self) -> ExitStatus {
        self.stdin = None;
        exit_within(&mut self.child, PATIENCE).expect("a player did not exit")
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The referee: returns every line relayed, the RESULT line last.
fn referee(players: &mut [Player; 2], max_plies: usize) -> Vec<String> {
    let mut transcript = Vec::new();
    players[0].send("START");
    let mut turn = 0;
    for _ in 0..max_plies {
        let line = players[turn]
            .read()
            .unwrap_or_else(|| panic!("player {} closed its output: {transcript:?}", turn + 1));
        transcript.push(line.clone());
        if line.contains("RESULT") {
            // Tell the other player the game is over, as the referee does.
            players[1 - turn].send(&line);
            return transcript;
        }
        turn = 1 - turn;
        players[turn].send(&line);
    }
    panic!("no RESULT after {max_plies} lines: {transcript:?}");
}

#[test]
fn a_complete_game_between_two_arbiter_processes() {
    let mut players = [
        Player::start(&["--movetime", "40", "--level", "9"]),
        Player::start(&["--movetime", "40", "--option", "Level=hard"]),
    ];
    let transcript = referee(&mut players, 2000);
    let result = transcript.last().unwrap();
    let words: Vec<&str> = result.split_whitespace().collect();
    assert_eq!(words.len(), 4, "{result}");
    assert_eq!(words[0], "RESULT");
    // Every other line is one move; replaying them gives the announced end.
    let mut moves: Vec<String> = transcript[..transcript.len() - 1].to_vec();
    moves.push(words[1].to_string());
    for m in &moves {
        assert!(
            m.len() == 1 && "ABCDEFabcdef".contains(m.as_str()),
            "not a move: {m:?} in {transcript:?}"
        );
    }
    let mut session = build(&Settings::default()).unwrap();
    session.set_position(&Start::StartPos, &moves).unwrap();
    let end = session.game_end().expect("the game is over");
    assert_eq!(words[2], end.scores[0].to_string(), "{result}");
    assert_eq!(words[3], end.scores[1].to_string(), "{result}");
    for p in &mut players {
        assert!(p.wait_exit().success());
    }
}

#[test]
fn an_invalid_move_is_reported_and_fails() {
    let mut p = Player::start(&["--movetime", "20"]);
    p.send("F");
    let answer = p.read().unwrap();
    assert!(
        "abcdef".contains(answer.as_str()) && answer.len() == 1,
        "{answer}"
    );
    p.send("F");
    assert_eq!(p.read().unwrap(), "RESULT invalid F");
    assert!(!p.wait_exit().success());

    let mut p = Player::start(&[]);
    p.send("hello world");
    assert_eq!(p.read().unwrap(), "RESULT invalid hello world");
    assert!(!p.wait_exit().success());
}

#[test]
fn a_result_line_ends_quietly() {
    let mut p = Player::start(&["--movetime", "20"]);
    p.send("RESULT A 25 10");
    assert_eq!(p.read(), None);
    assert!(p.wait_exit().success());
}

#[test]
fn numbers_notation_and_bad_options() {
    let mut p = Player::start(&["--movetime", "20", "--option", "Notation=numbers"]);
    p.send("START");
    let answer = p.read().unwrap();
    let n: u32 = answer.parse().expect(&answer);
    assert!((1..=6).contains(&n), "{answer}");
    p.send("RESULT");
    assert!(p.wait_exit().success());

    for bad in [["--option", "GrandSlam=sometimes"], ["--level", "99"]] {
        let status = Command::new(AWALE)
            .arg("arbiter")
            .args(bad)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(status.status.code(), Some(1), "{bad:?}");
        assert!(status.stdout.is_empty(), "stdout must hold moves only");
        assert!(!status.stderr.is_empty(), "{bad:?}: the error is said");
    }
}

#[test]
fn a_transparent96_game_between_two_arbiter_processes() {
    use awale::game::{game_end, play_moves, Game, History};
    use awale::variants::transparent::Transparent96;

    let mut players = [
        Player::start(&["--variant", "transparent96", "--movetime", "30"]),
        Player::start(&[
            "--variant",
            "transparent96",
            "--movetime",
            "30",
            "--option",
            "Level=medium",
        ]),
    ];
    let transcript = referee(&mut players, 2000);
    let result = transcript.last().unwrap();
    let words: Vec<&str> = result.split_whitespace().collect();
    assert_eq!((words.len(), words[0]), (4, "RESULT"), "{result}");
    // One move per line, in the variant's notation; replaying them gives
    // the announced end.
    let mut moves: Vec<String> = transcript[..transcript.len() - 1].to_vec();
    moves.push(words[1].to_string());
    for m in &moves {
        assert!(
            !m.is_empty() && !m.contains(char::is_whitespace),
            "not one move: {m:?} in {transcript:?}"
        );
    }
    let game = Transparent96;
    let start = game.start();
    let (end_pos, history) = play_moves(
        &game,
        start,
        &History::new(game.key(&start)),
        &moves.join(" "),
    )
    .unwrap_or_else(|e| panic!("{e}: {transcript:?}"));
    let end = game_end(&game, &end_pos, &history).expect("the game is over");
    assert_eq!(words[2], end.scores[0].to_string(), "{result}");
    assert_eq!(words[3], end.scores[1].to_string(), "{result}");
    for p in &mut players {
        assert!(p.wait_exit().success());
    }
}

#[test]
fn transparent96_with_the_default_movetime_answers_one_legal_move() {
    use awale::game::Game;
    use awale::variants::transparent::Transparent96;

    // No --movetime: the 2025/26 default (800 ms, below the referee's 1 s;
    // not timed here). The answer is one line holding one legal move.
    let mut p = Player::start(&["--variant", "transparent96"]);
    p.send("START");
    let answer = p.read().unwrap();
    let game = Transparent96;
    let start = game.start();
    assert!(game.parse_move(&start, &answer).is_ok(), "{answer:?}");
    p.send("RESULT");
    assert_eq!(p.read(), None);
    assert!(p.wait_exit().success());
}

#[test]
fn a_bad_transparent96_move_is_reported_invalid() {
    for bad in ["4T", "4TX", "4RT", "17R", "2R"] {
        let mut p = Player::start(&["--variant", "transparent96", "--movetime", "20"]);
        p.send(bad);
        assert_eq!(p.read().unwrap(), format!("RESULT invalid {bad}"));
        assert!(!p.wait_exit().success());
    }
}
