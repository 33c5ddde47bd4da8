//! The three worked examples of the rule texts (the 2023/24 and 2025/26
//! texts repeat those of `colors16`, with the correction of "Cas 2.2" that
//! `crates/awale-core/src/variants/colors16/mod.rs` notes) in `transparent80` and
//! `transparent96`. Each is set in a full position: the holes the example
//! leaves out hold transparent seeds (one in `transparent80`, two in
//! `transparent96`), and the seeds off the board are split between the
//! scores so that the total is the variant's. The move is played from its
//! notation; the seeds captured and every hole after are checked.

use crate::common::examples::{check, Example, CASE_1, CASE_2_1, CASE_2_2};
use awale::variants::transparent::{Transparent80, Transparent96};

/// Runs one example in both variants.
fn both(example: &Example) {
    check(Transparent80, 80, "1T", example);
    check(Transparent96, 96, "2T", example);
}

#[test]
fn case_1_blue_skips_own_holes_and_the_chain_takes_the_origin() {
    both(&CASE_1);
}

#[test]
fn case_2_1_blue_seeds_to_1_3_5_and_the_chain_runs_back_to_1() {
    both(&CASE_2_1);
}

#[test]
fn case_2_2_red_seed_to_1_and_hole_2_untouched() {
    both(&CASE_2_2);
}
