//! Unit tests of what every variant of the family does alike: the start
//! drawn, no rule options, no repetition rule, and the fitted weights each
//! includes.

use super::*;
use crate::variants::colors16::Colors16;
use crate::variants::testing::Written;
use crate::variants::transparent::{Transparent80, Transparent96};
use crate::variants::weight_file;

/// Checks that `R` draws its start with `hole` in every hole, has no
/// rule options and no repetition rule (a repeated position does not end
/// the game), and returns its included weights once they are checked to
/// be the ones its evaluation uses.
fn check<R: Rules>(hole: &str) -> Vec<i32> {
    let game = R::default();
    game.assert_start_renders(hole, "South (odd holes) to move");
    game.assert_no_options("MustFeed", "true");
    let pos = game.setup(&[(1, "4R"), (2, "4R"), (3, "4B")], (R::SEEDS - 12) / 2, 'S');
    assert_eq!(game.repetition_end(&pos), None, "{}", R::NAME);
    let weights = weight_file::decode(R::WEIGHTS, features::FEATURE_SET, features::COUNT)
        .expect("the included weight file is good");
    assert_eq!(R::eval().weights(), &weights[..], "{}", R::NAME);
    weights
}

#[test]
fn each_variant_draws_its_start_has_no_options_nor_repetition_rule_and_uses_its_own_weights() {
    let weights = [
        check::<Colors16>("2R2B"),
        check::<Transparent80>("2R2B1T"),
        check::<Transparent96>("2R2B2T"),
    ];
    assert_ne!(weights[1], weights[2], "each variant has its own weights");
}
