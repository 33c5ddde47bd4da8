//! The evaluation: symmetric, its named terms sum to it, the hand-set
//! weights written in the fitted feature set keep their values.

use awale::variants::oware::eval::{self, evaluate_with, WEIGHTS};
use awale::variants::oware::features::{Eval, COUNT};
use awale::variants::oware::Board;
use proptest::prelude::*;

/// A position: 12 holes and two scores summing to at most 48.
fn position() -> impl Strategy<Value = Board> {
    (
        proptest::collection::vec(0u8..=20, 14),
        any::<bool>(),
        any::<u64>(),
    )
        .prop_map(|(counts, north, _)| {
            let mut left = 48u32;
            let mut cells = [0u8; 14];
            for (cell, &c) in cells.iter_mut().zip(&counts) {
                let n = u32::from(c).min(left);
                *cell = n as u8;
                left -= n;
            }
            let holes: [u8; 12] = cells[..12].try_into().unwrap();
            Board::from_parts(holes, [cells[12], cells[13]], north)
        })
}

/// The board with the players' rows and scores swapped, side to move kept.
fn mirror(b: Board) -> Board {
    let holes: [u8; 12] = std::array::from_fn(|i| b.seeds((i + 6) % 12) as u8);
    Board::from_parts(holes, [b.score(1) as u8, b.score(0) as u8], b.side() == 1)
}

/// Some weights that are neither hand-set nor fitted.
fn odd_weights(seed: i32) -> Eval {
    Eval::new(std::array::from_fn(|i| ((i as i32 + seed) * 7919) % 301 - 150) as [i32; COUNT])
}

fn evals() -> Vec<Eval> {
    vec![
        eval::hand_set(),
        eval::fitted().expect("the embedded weights are good"),
        odd_weights(1),
        odd_weights(99),
    ]
}

proptest! {
    #[test]
    fn swapping_the_players_negates_the_evaluation(b in position()) {
        for e in evals() {
            let v = e.evaluate(b);
            // The same board seen by the other player.
            prop_assert_eq!(e.evaluate(b.flip_side()), -v);
            // The mirrored board with the other side to move is the same
            // position for the player to move.
            prop_assert_eq!(e.evaluate(mirror(b).flip_side()), v);
            prop_assert_eq!(e.evaluate(mirror(b)), -v);
        }
    }

    #[test]
    fn the_terms_sum_to_the_evaluation(b in position()) {
        for e in evals() {
            let terms = e.terms(b);
            prop_assert_eq!(terms[0].0, "captured");
            prop_assert_eq!(terms.iter().map(|t| t.1).sum::<i32>(), e.evaluate(b));
        }
        let sum: i32 = eval::terms(b).iter().map(|t| t.1).sum();
        prop_assert_eq!(sum, eval::evaluate(b));
    }

    #[test]
    fn hand_set_in_the_feature_set_is_the_hand_set_evaluation(b in position()) {
        prop_assert_eq!(eval::hand_set().evaluate(b), evaluate_with(b, &WEIGHTS));
    }
}
