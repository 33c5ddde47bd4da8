//! `awale play` driven through a pipe, as a person at a terminal would.

use std::io::Write;
use std::process::Command;
use std::time::Duration;

use crate::common::process::{exit_within, forward_lines, run_command_with_input, spawn, text};
use crate::common::scratch;

const AWALE: &str = env!("CARGO_BIN_EXE_awale");

fn play(args: &[&str], input: &[u8]) -> (bool, String, String) {
    play_with(&mut Command::new(AWALE), args, input)
}

/// `play` with the command's own environment (e.g. `NO_COLOR`).
fn play_with(command: &mut Command, args: &[&str], input: &[u8]) -> (bool, String, String) {
    let out = run_command_with_input(command.arg("play").args(args), input);
    let (stdout, stderr) = text(&out);
    (out.status.success(), stdout, stderr)
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
    assert!(out.contains("captured 0\nSouth     4   4   4"), "{out}");
    assert!(out.contains("Move 1: South (you) to move."), "{out}");
    // The engine says it thinks before it answers.
    let thinking = out.find("North (engine) is thinking (20 ms").expect(&out);
    assert!(out[thinking..].contains("North (engine) plays "), "{out}");
    assert!(out.contains("Legal moves: A B C D E F"), "{out}");
    assert!(out.contains("South (you) plays A"), "{out}");
    assert!(out.contains("North (engine) plays "), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("Not a move here: malformed move 'Z'"), "{out}");
    assert!(out.contains("Level set to 10 (club)."), "{out}");
    assert!(out.contains("30 ms per move"), "{out}");
    assert!(out.contains("Move taken back."), "{out}");
    assert!(out.contains("South (you) plays C"), "{out}");
    assert!(out.contains("Played: C "), "{out}");
    assert!(out.trim_end().ends_with("Bye."), "{out}");
}

#[test]
fn quit_typed_while_the_engine_thinks_stops_it_at_once() {
    // A 60 s think, and `quit` typed once it has started.
    let (mut child, mut stdin, stdout) = spawn(&["play", "--movetime", "60000"]);
    let lines = forward_lines(stdout, |line| line);
    stdin.write_all(b"A\n").unwrap();
    let mut seen = Vec::new();
    loop {
        let line = lines
            .recv_timeout(Duration::from_secs(60))
            .expect("the engine's thinking line");
        let thinking = line.contains("North (engine) is thinking (60000 ms; quit stops it)");
        seen.push(line);
        if thinking {
            break;
        }
    }
    stdin.write_all(b"quit\n").unwrap();
    // A hang guard, far below the 60 s the search would take.
    let status = exit_within(&mut child, Duration::from_secs(10));
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
    seen.extend(lines.iter());
    let out = seen.join("\n");
    assert!(status.is_some_and(|s| s.success()), "{status:?}: {out}");
    assert!(out.ends_with("Bye."), "{out}");
    assert!(
        !out.contains("North (engine) plays"),
        "the move cut short: {out}"
    );
}

#[test]
fn a_whole_game_reaches_its_result() {
    // The engine plays both sides; the pipe only closes at the end.
    let (ok, out, err) = play(
        &["--human", "none", "--level", "13", "--movetime", "5"],
        b"",
    );
    assert!(ok, "{err}");
    assert!(out.contains("Engine: level 13 (advanced)"), "{out}");
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
    assert!(err.contains("invalid value 'chess'"), "{err}");
    assert!(err.contains("possible values: oware, colors12"), "{err}");
}

#[test]
fn a_move_wins_over_a_command_abbreviation() {
    // `d` used to be short for `board`: D (South's hole) and d (North's)
    // redrew the board instead of being played.
    let (ok, out, err) = play(&["--human", "both"], b"D\nd\nmoves\n");
    assert!(ok, "{err}");
    assert!(out.contains("South (player) plays D"), "{out}");
    assert!(out.contains("North (player) plays d"), "{out}");
    assert!(out.contains("Played: D d"), "{out}");
}

const ESC: &str = "\x1b[";

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let script = b"C\nf\n";
    // Through a pipe: plain text, and NO_COLOR is respected.
    let (ok, out, err) = play(&["--human", "both"], script);
    assert!(ok, "{err}");
    assert!(!out.contains(ESC), "{out}");
    let mut no_color = Command::new(AWALE);
    no_color.env("NO_COLOR", "1");
    let (ok, out, err) = play_with(&mut no_color, &["--human", "both"], script);
    assert!(ok, "{err}");
    assert!(!out.contains(ESC), "{out}");
    // Asked for: the move played is highlighted.
    let (ok, out, err) = play(&["--human", "both", "--color", "always"], script);
    assert!(ok, "{err}");
    assert!(out.contains("plays \x1b[1;33mC\x1b[0m"), "{out}");
    // Seeds in their colour in the colour variants.
    let (ok, out, err) = play(
        &[
            "--variant",
            "colors16",
            "--human",
            "both",
            "--color",
            "always",
        ],
        b"",
    );
    assert!(ok, "{err}");
    assert!(out.contains("\x1b[31m2R\x1b[0m\x1b[34m2B\x1b[0m"), "{out}");
}

#[test]
fn captures_are_announced() {
    // South's F sows 5 seeds into a, b, c, d, e, making each 2: all five
    // are captured (not a grand slam: f keeps its 4).
    let position = "4-4-4-4-4-5-1-1-1-1-1-4-7-7-S";
    let (ok, out, err) = play(
        &[
            "--human",
            "both",
            "--position",
            position,
            "--color",
            "always",
        ],
        b"F\n",
    );
    assert!(ok, "{err}");
    let line = out.lines().find(|l| l.contains("plays")).unwrap();
    assert!(line.contains("\x1b[1;32mcaptures 10 seeds"), "{out}");
}

/// Each board says once who is to move and what each side captured: the
/// variant's drawing says it, and the game adds who plays the side.
#[test]
fn every_board_says_the_captures_and_the_side_to_move_once() {
    for (variant, turn, captured) in [
        ("oware", "Move 1: South (player) to move.", 2),
        (
            "colors12",
            "Move 1: South (player) to place a special seed.",
            2,
        ),
        ("colors16", "Move 1: South (player, odd holes) to move.", 1),
    ] {
        let (ok, out, err) = play(&["--variant", variant, "--human", "both"], b"");
        assert!(ok, "{err}");
        let turns: Vec<&str> = out
            .lines()
            .filter(|l| !l.starts_with("* ") && (l.contains(" to move") || l.contains(" to place")))
            .collect();
        assert_eq!(turns, [turn], "{variant}: {out}");
        let captures = out.to_lowercase().matches("captured").count();
        assert_eq!(captures, captured, "{variant}: {out}");
    }
}

/// The `*` of the 16-hole boards is explained in the header and the help;
/// a board without it has no such line.
#[test]
fn the_star_marker_is_explained() {
    let legend = "* marks the holes of the side to move.";
    let (ok, out, err) = play(&["--variant", "colors16", "--human", "both"], b"help\n");
    assert!(ok, "{err}");
    assert!(out.contains('*'), "{out}");
    assert_eq!(out.matches(legend).count(), 2, "header and help: {out}");
    let (ok, out, err) = play(&["--human", "both"], b"help\n");
    assert!(ok, "{err}");
    assert!(!out.contains(legend), "{out}");
}

#[test]
fn the_header_help_and_board_fit_80_columns_and_there_is_a_prompt() {
    for variant in ["oware", "colors12", "colors16"] {
        let (ok, out, err) = play(&["--variant", variant, "--human", "both"], b"help\n");
        assert!(ok, "{err}");
        for line in out.lines() {
            assert!(line.chars().count() <= 80, "{variant}: {line}");
        }
        assert!(
            out.starts_with(&format!("awale play: {variant}, two players.\n")),
            "{out}"
        );
        assert!(out.contains("South> "), "the prompt: {out}");
        for command in [
            "undo",
            "hint",
            "level L",
            "movetime MS",
            "save FILE",
            "quit, q",
        ] {
            assert!(out.contains(&format!("  {command} ")), "{command}: {out}");
        }
        assert!(out.contains("Legal now:"), "{out}");
    }
}

#[test]
fn a_game_starts_from_a_given_position_and_moves() {
    let position = "1-2-3-4-5-6-7-8-0-0-0-0-5-7-N";
    let (ok, out, err) = play(
        &["--human", "both", "--position", position, "--moves", "b"],
        b"moves\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("Played: b\n"), "{out}");
    assert!(out.contains("Move 2: South (player) to move."), "{out}");
    // A run of letters is one move per letter, as everywhere else.
    let (ok, out, err) = play(&["--human", "both", "--moves", "CfA"], b"moves\n");
    assert!(ok, "{err}");
    assert!(out.contains("Played: C f A\n"), "{out}");
    // Bad starts are refused before the game.
    let (ok, _, err) = play(&["--moves", "A Z"], b"");
    assert!(!ok);
    assert!(err.contains("--position/--moves: move 2 'Z'"), "{err}");
    let (ok, _, err) = play(&["--position", "1-2-3"], b"");
    assert!(!ok);
    assert!(err.contains("position"), "{err}");
}

/// `moves` after a win on points says the game is over and why, not that
/// there is no legal move.
#[test]
fn moves_after_a_win_on_points_says_why_the_game_is_over() {
    // South captures the two seeds of North's `a` and reaches 25.
    let position = "0-0-0-0-0-1-1-1-1-1-1-1-23-18-S";
    let (ok, out, err) = play(&["--human", "both", "--position", position], b"F\nmoves\n");
    assert!(ok, "{err}");
    assert!(
        out.contains("The game is over (a player reached the winning total): final score South 25 - North 18."),
        "{out}"
    );
    assert!(!out.contains("no legal move"), "{out}");
}

#[test]
fn a_saved_game_is_a_record_and_loads_again() {
    let path = scratch::dir("play-save").join("game.txt");
    let file = path.to_str().unwrap();
    let position = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N";
    let (ok, out, err) = play(
        &[
            "--human",
            "both",
            "--option",
            "GrandSlam=capture",
            "--position",
            position,
        ],
        format!("a\nF\nsave {file}\n").as_bytes(),
    );
    assert!(ok, "{err}");
    assert!(out.contains(&format!("Saved 2 moves to {file}")), "{out}");
    // The referee's reader reads it: a game in progress.
    let records = awale::referee::records::read_records(&path).unwrap();
    assert_eq!(records.len(), 1);
    let r = &records[0];
    assert_eq!(r.moves, vec!["a", "F"]);
    assert_eq!(r.tag("Result"), Some("*"));
    assert_eq!(r.tag("Variant"), Some("oware"));
    assert_eq!(r.tag("Options"), Some("GrandSlam=capture"));
    assert_eq!(r.tag("Position"), Some(position));
    // And the game goes on from there.
    let (ok, out, err) = play(&["--human", "both", "--load", file], b"moves\n");
    assert!(ok, "{err}");
    assert!(out.contains("Played: a F\n"), "{out}");
    assert!(out.contains("Move 3: North (player) to move."), "{out}");
    // --load takes the game's own settings.
    let (ok, _, err) = play(&["--load", file, "--variant", "colors16"], b"");
    assert!(!ok);
    assert!(err.contains("cannot be used with"), "{err}");
    // The engine's name says its step of the ladder.
    let (ok, _, err) = play(
        &["--level", "7", "--movetime", "5"],
        format!("A\nsave {file}\n").as_bytes(),
    );
    assert!(ok, "{err}");
    let records = awale::referee::records::read_records(&path).unwrap();
    assert_eq!(records[0].tag("South"), Some("human"));
    assert_eq!(records[0].tag("North"), Some("awale (level 7 (improver))"));
    let _ = std::fs::remove_file(&path);
    let (ok, _, err) = play(&["--load", file], b"");
    assert!(!ok);
    assert!(err.contains("no such file"), "{err}");
}
