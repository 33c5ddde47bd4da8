//! The three worked examples of the `colors16` rule text (the course's
//! text, with the correction of "Cas 2.2" that `crates/awale-core/src/variants/colors16/mod.rs`
//! notes): set up the position, play the move from its notation, check the
//! seeds captured and every hole after.

use crate::common::examples::{check, Example, CASE_1, CASE_2_1, CASE_2_2};
use awale::variants::colors16::Colors16;

/// Runs one example; the holes it leaves out are empty.
fn colors16(example: &Example) {
    check(Colors16, 64, "0", example);
}

#[test]
fn case_1_blue_skips_own_holes_and_the_chain_takes_the_origin() {
    colors16(&CASE_1);
}

#[test]
fn case_2_1_blue_seeds_to_1_3_5_and_the_chain_runs_back_to_1() {
    colors16(&CASE_2_1);
}

#[test]
fn case_2_2_red_seed_to_1_and_hole_2_untouched() {
    colors16(&CASE_2_2);
}
