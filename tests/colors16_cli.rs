//! Black-box: `awale perft` on `colors16` through the built binary.

use std::process::Command;

use crate::common::games::engine_perft;
use crate::common::process::{perft, AWALE};
use awale::game::Game;
use awale::variants::colors16::Colors16;

#[test]
fn perft_3_from_the_start() {
    let out = perft(&["3", "--variant", "colors16"]);
    assert!(out.contains("Nodes searched: 3840"), "{out}");
    assert!(out.contains("1R: 240") && out.contains("15B: 240"), "{out}");
}

#[test]
fn perft_from_a_position_with_moves() {
    let out = perft(&[
        "2",
        "--variant",
        "colors16",
        "--position",
        "2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-0-0-S",
        "--moves",
        "1r 14B",
    ]);
    // The library's perft of the same position (no CLI, one thread).
    let game = Colors16;
    let mut pos = game
        .parse_position(
            "2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-2R2B-0-0-S",
        )
        .unwrap();
    for mv in ["1r", "14B"] {
        pos = game.play(&pos, game.parse_move(&pos, mv).unwrap());
    }
    assert_eq!(engine_perft(&game, &pos, 2), 210);
    assert!(out.contains("\nNodes searched: 210\n"), "{out}");
    assert!(out.starts_with("3R: 15\n3B: 15\n"), "{out}");
}

#[test]
fn bad_moves_are_refused_with_a_reason() {
    let out = Command::new(AWALE)
        .args(["perft", "1", "--variant", "colors16", "--moves", "2R"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("belongs to the opponent"), "{err}");
}
