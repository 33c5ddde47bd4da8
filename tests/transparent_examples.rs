//! The three worked examples of the rule texts (the 2023/24 and 2025/26
//! texts repeat those of `colors16`, with the correction of "Cas 2.2" that
//! `crates/awale-core/src/variants/colors16/mod.rs` notes) in `transparent80` and
//! `transparent96`. Each is set in a full position: the holes the example
//! leaves out hold transparent seeds (one in `transparent80`, two in
//! `transparent96`), and the seeds off the board are split between the
//! scores so that the total is the variant's. The move is played from its
//! notation; the seeds captured and every hole after are checked.

use crate::common::examples::check;
use awale::variants::transparent::{Transparent80, Transparent96};

/// Runs one example in both variants; `after` lists every hole of the
/// example, `0` for those the move emptied or captured.
fn both(before: &[(usize, &str)], mv: &str, captured: u32, after: &[(usize, &str)]) {
    check(Transparent80, 80, "1T", before, mv, captured, after);
    check(Transparent96, 96, "2T", before, mv, captured, after);
}

#[test]
fn case_1_blue_skips_own_holes_and_the_chain_takes_the_origin() {
    both(
        &[
            (1, "2R"),
            (13, "2R2B"),
            (14, "2R2B"),
            (15, "2B"),
            (16, "2R"),
        ],
        "14B",
        10,
        &[(1, "0"), (13, "2R2B"), (14, "0"), (15, "0"), (16, "0")],
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
    both(
        &CASE_2,
        "16B",
        10,
        &[
            (1, "0"),
            (2, "0"),
            (3, "0"),
            (4, "0"),
            (5, "0"),
            (14, "4B"),
            (15, "2R"),
            (16, "1R"),
        ],
    );
}

#[test]
fn case_2_2_red_seed_to_1_and_hole_2_untouched() {
    both(
        &CASE_2,
        "16R",
        7,
        &[
            (1, "0"),
            (2, "2R"),
            (3, "1B"),
            (4, "2B"),
            (5, "1R"),
            (14, "4B"),
            (15, "0"),
            (16, "0"),
        ],
    );
}
