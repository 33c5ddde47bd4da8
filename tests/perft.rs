//! perft against the reference counts of `tests/data/oware-perft.txt`
//! (a copy of `shared/vectors/oware-perft.txt`), in the library and through
//! the built binary.

use std::process::Command;
use std::sync::atomic::AtomicBool;

use crate::common::games::engine_perft;
use crate::common::process::output;
use awale::game::{Game, History};
use awale::perft::{divide, perft, PerftError};
use awale::variants::oware::Oware;

/// The `(depth, count)` pairs of the vector file.
fn vectors() -> Vec<(u32, u64)> {
    include_str!("data/oware-perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace();
            let depth = it.next().unwrap().parse().unwrap();
            let count = it.next().unwrap().parse().unwrap();
            (depth, count)
        })
        .collect()
}

fn check_depths(range: std::ops::RangeInclusive<u32>) {
    let game = Oware::default();
    let start = game.start();
    for (depth, expected) in vectors().into_iter().filter(|(d, _)| range.contains(d)) {
        let mut history = History::new(game.key(&start));
        assert_eq!(
            perft(&game, &start, &mut history, depth),
            expected,
            "depth {depth}"
        );
    }
}

#[test]
fn start_position_depths_1_to_10() {
    check_depths(1..=10);
}

#[test]
#[ignore = "slow: about 2 s in release"]
fn start_position_depths_11_and_12() {
    check_depths(11..=12);
}

#[test]
fn divide_sums_to_perft_and_threads_agree() {
    let game = Oware::default();
    let start = game.start();
    let history = History::new(game.key(&start));
    let never = AtomicBool::new(false);
    let one = divide(&game, &start, &history, 7, 1, &never).unwrap();
    let two = divide(&game, &start, &history, 7, 2, &never).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.len(), 6);
    assert_eq!(one.iter().map(|(_, n)| n).sum::<u64>(), 139157);
}

#[test]
fn divide_gives_up_once_stopped() {
    let game = Oware::default();
    let start = game.start();
    let history = History::new(game.key(&start));
    let stop = AtomicBool::new(true);
    for threads in [1, 2] {
        // Deep enough to take hours if the flag were not read.
        let got = divide(&game, &start, &history, 30, threads, &stop);
        assert!(matches!(got, Err(PerftError::Stopped)), "{got:?}");
    }
}

#[test]
fn divide_agrees_with_perft_across_repetitions() {
    let game = Oware::default();
    let pos = game
        .parse_position("0-0-0-0-0-1-0-0-0-0-0-1-23-23-S")
        .unwrap();
    let never = AtomicBool::new(false);
    for depth in [11, 12, 13, 14] {
        let mut history = History::new(game.key(&pos));
        let split = divide(&game, &pos, &history, depth, 1, &never).unwrap();
        assert_eq!(
            split.iter().map(|(_, n)| n).sum::<u64>(),
            perft(&game, &pos, &mut history, depth),
            "depth {depth}"
        );
    }
}

#[test]
fn repetitions_cut_paths() {
    // From 23-23 with one seed a side the only game is a 12-ply cycle,
    // which ends by repetition: no path survives past ply 12.
    let game = Oware::default();
    let pos = game
        .parse_position("0-0-0-0-0-1-0-0-0-0-0-1-23-23-S")
        .unwrap();
    let mut history = History::new(game.key(&pos));
    let counts: Vec<u64> = (1..=14)
        .map(|d| perft(&game, &pos, &mut history, d))
        .collect();
    assert!(counts[11] > 0, "{counts:?}");
    assert_eq!(counts[13], 0, "{counts:?}");
}

#[test]
fn cli_prints_divide_and_the_total() {
    let out = output(&["perft", "5"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..6],
        ["A: 938", "B: 907", "C: 867", "D: 838", "E: 814", "F: 855"]
    );
    assert!(text.contains("\nNodes searched: 5219\n"), "{text}");
    assert!(
        text.contains("Time: ") && text.contains("nodes/s"),
        "{text}"
    );
}

#[test]
fn cli_takes_position_moves_options_and_threads() {
    let out = output(&[
        "perft",
        "3",
        "--moves",
        "C f",
        "--option",
        "Notation=numbers",
        "--threads",
        "2",
        "--option",
        "GrandSlam=capture",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // In numbers, per move, and the count of the library's one-thread
    // perft under the same rules.
    let mut game = Oware::default();
    game.set_option("GrandSlam", "capture").unwrap();
    let mut pos = game.start();
    for mv in ["C", "f"] {
        pos = game.play(&pos, game.parse_move(&pos, mv).unwrap());
    }
    assert_eq!(engine_perft(&game, &pos, 3), 149);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..6],
        ["1: 27", "2: 26", "3: 26", "4: 23", "5: 23", "6: 24"],
        "{text}"
    );
    assert!(text.contains("\nNodes searched: 149\n"), "{text}");
    let out = output(&[
        "perft",
        "2",
        "--position",
        "0-0-0-0-0-1-0-0-0-0-0-1-23-23-N",
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("f: 1\n") && text.contains("Nodes searched: 1\n"),
        "{text}"
    );
}

#[test]
fn cli_rejects_bad_input_with_a_message() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["perft", "3", "--position", "4-4-4-0-0-S"],
            "expected 15 fields",
        ),
        (&["perft", "3", "--moves", "C C"], "move 2 'C'"),
        (&["perft", "3", "--option", "GrandSlam=maybe"], "GrandSlam"),
        (&["perft", "3", "--option", "GrandSlam"], "NAME=VALUE"),
        (
            &["perft", "3", "--variant", "chess"],
            "possible values: oware",
        ),
    ];
    for (args, want) in cases {
        let out = output(args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let out = output(&["perft", "0"]);
    assert!(!out.status.success());
}

/// Depths that cannot finish are refused at once, with the limit, by the
/// command line and the protocol alike (`perft 64` used to run for ever).
#[test]
fn depths_that_cannot_finish_are_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_awale"))
        .args(["perft", "64"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("1..=20"), "{err}");
    let out = crate::common::process::run_with_input(&[], "perft 64\ngo perft 21\nquit\n");
    let text = String::from_utf8_lossy(&out.stdout);
    let errors = text
        .lines()
        .filter(|l| l.contains("perft: the depth must be from 1 to 20"))
        .count();
    assert_eq!(errors, 2, "{text}");
}
