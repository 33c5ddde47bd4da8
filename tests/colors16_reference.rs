//! `colors16` checked against a second, deliberately simple implementation
//! of its rules (the 16-hole family's model, `tests/common/family16.rs`):
//! perft from the start, move lists and results on random positions, and
//! property tests over random games.

use crate::common::family16::{Rules, Simple16};
use crate::common::games::{assert_keys_exact, engine_perft, random_game};
use crate::common::models::{perft, Model};
use awale::game::Game;
use awale::variants::colors16::Colors16;
use proptest::prelude::*;

/// The engine's own counts from the start, depths 1..=6, pinned when the
/// variant was written (`awale perft`); the simple model confirms every
/// one of them in the normal suite (depth 6 takes it about 2 s).
const START_PERFT: [u64; 6] = [16, 256, 3_840, 57_608, 806_528, 11_306_824];

#[test]
fn perft_from_the_start_is_pinned() {
    let game = Colors16;
    for (d, &expected) in START_PERFT.iter().enumerate() {
        assert_eq!(
            engine_perft(&game, &game.start(), d as u32 + 1),
            expected,
            "depth {}",
            d + 1
        );
    }
}

#[test]
fn simple_model_agrees_on_perft_from_the_start_to_depth_6() {
    let game = Colors16;
    let start = Simple16::parse(Rules::Colors16, &game.format_position(&game.start()));
    for (d, &expected) in START_PERFT.iter().enumerate() {
        assert_eq!(perft(&start, d as u32 + 1), expected, "depth {}", d + 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Move lists and the result of every move agree with the simple model,
    /// as does a shallow perft.
    #[test]
    fn engine_matches_the_simple_model(choices in prop::collection::vec(0usize..64, 0..120)) {
        let game = Colors16;
        for pos in random_game(&game, &choices) {
            let text = game.format_position(&pos);
            let simple = Simple16::parse(Rules::Colors16, &text);
            prop_assert_eq!(simple.text(), text.clone());
            let mut moves = Default::default();
            game.legal_moves(&pos, &mut moves);
            let mut listed: Vec<String> = moves.iter().map(|&m| game.format_move(&pos, m)).collect();
            listed.sort();
            let mut expected = simple.moves();
            expected.sort();
            prop_assert_eq!(&listed, &expected, "moves of {}", text);
            prop_assert_eq!(moves.is_empty(), game.end(&pos).is_some());
            for mv in &expected {
                let engine = game.play(&pos, game.parse_move(&pos, mv).unwrap());
                prop_assert_eq!(game.format_position(&engine), simple.play(mv).text(), "{} after {}", text, mv);
            }
        }
        let last = *random_game(&game, &choices).last().unwrap();
        let simple = Simple16::parse(Rules::Colors16, &game.format_position(&last));
        prop_assert_eq!(engine_perft(&game, &last, 3), perft(&simple, 3));
    }

    /// Seeds are conserved; moves and positions survive formatting and
    /// parsing; every generated move is accepted by the parser as itself.
    #[test]
    fn conservation_and_round_trips(choices in prop::collection::vec(0usize..64, 0..200)) {
        let game = Colors16;
        for pos in random_game(&game, &choices) {
            let [s, n] = game.scores(&pos);
            let text = game.format_position(&pos);
            let simple = Simple16::parse(Rules::Colors16, &text);
            prop_assert_eq!(s + n + simple.on_board(), 64);
            prop_assert_eq!(game.parse_position(&text), Ok(pos));
            prop_assert_eq!(game.key(&game.parse_position(&text).unwrap()), game.key(&pos));
            let mut moves = Default::default();
            game.legal_moves(&pos, &mut moves);
            for &mv in moves.iter() {
                let written = game.format_move(&pos, mv);
                prop_assert_eq!(game.parse_move(&pos, &written), Ok(mv));
                prop_assert_eq!(game.parse_move(&pos, &written.to_lowercase()), Ok(mv));
            }
        }
    }
}

#[test]
fn keys_are_equal_exactly_when_positions_are() {
    let game = Colors16;
    let mut positions = Vec::new();
    for seed in 0..40usize {
        let choices: Vec<usize> = (0..60)
            .map(|i| (i * 7 + seed * 13 + i * i * seed) % 64)
            .collect();
        positions.extend(random_game(&game, &choices));
    }
    assert_keys_exact(&game, &positions);
}
