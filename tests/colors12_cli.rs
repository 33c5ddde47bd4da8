//! Black-box: `awale perft` on `colors12` through the built binary.

use crate::common::process::perft;

#[test]
fn perft_3_from_the_start_begins_with_placements() {
    let out = perft(&["3", "--variant", "colors12"]);
    assert!(out.contains("Nodes searched: 3384"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("5: ")), "{out}");
}

#[test]
fn perft_after_both_placements_lists_special_seed_positions() {
    let out = perft(&["1", "--variant", "colors12", "--moves", "3 3"]);
    // Hole 3 holds 3 red, 3 black and 2 special seeds: S runs from 1 to 7.
    assert!(out.contains("3R7: 1") && out.contains("3B1: 1"), "{out}");
    assert!(!out.contains("3R8"), "{out}");
    assert!(out.contains("Nodes searched: 24"), "{out}");
}
