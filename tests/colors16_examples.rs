//! The three worked examples of the `colors16` rule text (the course's
//! text, with the correction of "Cas 2.2" that `crates/awale-core/src/variants/colors16/mod.rs`
//! notes): set up the position, play the move from its notation, check the
//! seeds captured and every hole after.

use awale::variants::colors16::Colors16;

/// Plays `mv` from `before` and checks North's capture and every hole.
fn check(before: &[(usize, &str)], mv: &str, captured: u32, after: &[(usize, &str)]) {
    crate::common::examples::check(Colors16, 64, "0", before, mv, captured, after);
}

#[test]
fn case_1_blue_skips_own_holes_and_the_chain_takes_the_origin() {
    check(
        &[
            (1, "2R"),
            (13, "2R2B"),
            (14, "2R2B"),
            (15, "2B"),
            (16, "2R"),
        ],
        "14B",
        10,
        &[(13, "2R2B")],
    );
}

const CASE_2: [(usize, &str); 8] = [
    (1, "1R"),
    (2, "2R"),
    (3, "1B"),
    (4, "2B"),
    (5, "1R"),
    (14, "4B"),
    (15, "2R"),
    (16, "1R3B"),
];

#[test]
fn case_2_1_blue_seeds_to_1_3_5_and_the_chain_runs_back_to_1() {
    check(&CASE_2, "16B", 10, &[(14, "4B"), (15, "2R"), (16, "1R")]);
}

#[test]
fn case_2_2_red_seed_to_1_and_hole_2_untouched() {
    check(
        &CASE_2,
        "16R",
        7,
        &[(2, "2R"), (3, "1B"), (4, "2B"), (5, "1R"), (14, "4B")],
    );
}
