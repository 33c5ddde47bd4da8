//! `colors16` checked against a second, deliberately simple implementation
//! of its rules (the 16-hole family's model, `tests/common/family16.rs`):
//! perft from the start, move lists and results on random positions, and
//! property tests over random games.

use crate::common::family16::{self, matches_the_model, Rules, Simple16};
use crate::common::games::{assert_keys_exact, assert_start_perft, fixed_games};
use crate::common::models::assert_perft;
use awale::game::Game;
use awale::variants::colors16::Colors16;
use proptest::prelude::*;

/// The engine's own counts from the start, depths 1..=6, pinned when the
/// variant was written (`awale perft`); the simple model confirms every
/// one of them in the normal suite (depth 6 takes it about 2 s).
const START_PERFT: [u64; 6] = [16, 256, 3_840, 57_608, 806_528, 11_306_824];

#[test]
fn perft_from_the_start_is_pinned() {
    assert_start_perft(&Colors16, &START_PERFT);
}

#[test]
fn simple_model_agrees_on_perft_from_the_start_to_depth_6() {
    let game = Colors16;
    let start = Simple16::parse(Rules::Colors16, &game.format_position(&game.start()));
    assert_perft(&start, &START_PERFT);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Move lists, the result of every move and the end of the game (final
    /// scores) agree with the simple model, as does a shallow perft.
    #[test]
    fn engine_matches_the_simple_model(choices in prop::collection::vec(0usize..64, 0..120)) {
        matches_the_model(&Colors16, Rules::Colors16, &choices)?;
    }

    /// Seeds are conserved; moves and positions survive formatting and
    /// parsing; every generated move is accepted by the parser as itself.
    #[test]
    fn conservation_and_round_trips(choices in prop::collection::vec(0usize..64, 0..200)) {
        family16::conservation_and_round_trips(&Colors16, Rules::Colors16, &choices)?;
    }
}

#[test]
fn keys_are_equal_exactly_when_positions_are() {
    assert_keys_exact(&Colors16, &fixed_games(&Colors16, 60, 64));
}
