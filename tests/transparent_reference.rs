//! `transparent80` and `transparent96` checked against a second,
//! deliberately simple implementation of their rules (the 16-hole family's
//! model, `tests/common/family16.rs`, `docs/rules.md` followed line by
//! line): perft from the start; property tests on the positions of random
//! games and on scattered positions of any make (a side to move without
//! seeds, both players at 40, few seeds left), where both must agree on the
//! move list, the position after every move and the end with its final
//! scores; and any move or position text read or refused without a panic.

use crate::common::family16::{conservation_and_round_trips, matches_the_model, Rules, Simple16};
use crate::common::games::{assert_keys_exact, assert_start_perft, fixed_games, random_game};
use crate::common::models::{agrees_on_moves, assert_perft, perft, Model};
use awale::game::Game;
use awale::variants::transparent::{Transparent80, Transparent96};
use proptest::prelude::*;

/// The engine's own counts from the start, depths 1..=5 (depth 6 is in
/// `BENCHMARKS.md`), pinned when the variants were written (`awale
/// perft`); the simple models confirm every one of them in the normal
/// suite.
const START_80: [u64; 5] = [32, 1024, 31_320, 957_912, 28_037_648];
const START_96: [u64; 5] = [32, 1024, 30_856, 929_896, 26_514_320];

#[test]
fn perft_from_the_start_is_pinned() {
    assert_start_perft(&Transparent80, &START_80);
    assert_start_perft(&Transparent96, &START_96);
}

/// The model's start, read from the engine's.
fn simple_start<G: Game>(game: &G, rules: Rules) -> Simple16 {
    Simple16::parse(rules, &game.format_position(&game.start()))
}

#[test]
fn simple_models_agree_on_perft_from_the_start_to_depth_4() {
    assert_perft(&simple_start(&Transparent80, Rules::T80), &START_80[..4]);
    assert_perft(&simple_start(&Transparent96, Rules::T96), &START_96[..4]);
}

/// The deepest counts, [`START_80`]`[4]` and [`START_96`]`[4]`, from the
/// simple models: about 3 s each, one test each so that they can run side
/// by side.
#[test]
fn simple_model_agrees_on_perft_from_the_start_at_depth_5_transparent80() {
    assert_eq!(
        perft(&simple_start(&Transparent80, Rules::T80), 5),
        START_80[4]
    );
}

/// See [`simple_model_agrees_on_perft_from_the_start_at_depth_5_transparent80`].
#[test]
fn simple_model_agrees_on_perft_from_the_start_at_depth_5_transparent96() {
    assert_eq!(
        perft(&simple_start(&Transparent96, Rules::T96), 5),
        START_96[4]
    );
}

/// Positions of `rules` of any make: each seed of the game (32 red, 32
/// blue, then the transparent ones) lies in a random hole, except a random
/// share of them, spread over the three kinds by a salt (37 is prime to 80
/// and 96, so `i * 37 + salt` permutes them), that goes to a random
/// player's score: many seeds off the board make the endings common.
/// Either side is to move.
fn scattered(rules: Rules) -> impl Strategy<Value = Simple16> {
    let n = rules.seeds() as usize;
    (
        prop::collection::vec(0usize..16, n),
        prop::collection::vec(0usize..2, n),
        0..=n,
        0..n,
        0usize..2,
    )
        .prop_map(move |(holes, scores, share, salt, side)| {
            let mut position = Simple16 {
                rules,
                holes: vec![Vec::new(); 17],
                scores: [0, 0],
                side,
            };
            for i in 0..n {
                let seed = match i {
                    0..=31 => 'R',
                    32..=63 => 'B',
                    _ => 'T',
                };
                if (i * 37 + salt) % n < share {
                    position.scores[scores[i]] += 1;
                } else {
                    position.holes[holes[i] + 1].push(seed);
                }
            }
            position
        })
}

/// On a position of any make (not only one reached by play: a side to move
/// without seeds, both players at 40, few seeds left), the engine reads
/// the simple model's string and agrees with it on the end, the final
/// scores, the legal moves and the position after each.
fn scattered_position_agrees<G: Game>(game: &G, simple: &Simple16) -> Result<(), TestCaseError> {
    let text = simple.text();
    let pos = game
        .parse_position(&text)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(
        game.end(&pos).map(|end| end.scores),
        simple.result(),
        "{}",
        text
    );
    agrees_on_moves(game, &pos, simple)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn transparent80_matches_the_simple_model(choices in prop::collection::vec(0usize..64, 0..160)) {
        matches_the_model(&Transparent80, Rules::T80, &choices)?;
    }

    #[test]
    fn transparent96_matches_the_simple_model(choices in prop::collection::vec(0usize..64, 0..160)) {
        matches_the_model(&Transparent96, Rules::T96, &choices)?;
    }

    #[test]
    fn scattered_positions_of_transparent80(simple in scattered(Rules::T80)) {
        scattered_position_agrees(&Transparent80, &simple)?;
    }

    #[test]
    fn scattered_positions_of_transparent96(simple in scattered(Rules::T96)) {
        scattered_position_agrees(&Transparent96, &simple)?;
    }

    #[test]
    fn conservation_and_round_trips_80(choices in prop::collection::vec(0usize..64, 0..250)) {
        conservation_and_round_trips(&Transparent80, Rules::T80, &choices)?;
    }

    #[test]
    fn conservation_and_round_trips_96(choices in prop::collection::vec(0usize..64, 0..250)) {
        conservation_and_round_trips(&Transparent96, Rules::T96, &choices)?;
    }
}

/// Any move text is either a legal move or refused with a message, and
/// any position text either reads back as written (and can be played on)
/// or is refused with a message: no panic.
fn any_text<G: Game>(
    game: &G,
    choices: &[usize],
    mv: &str,
    position: &str,
) -> Result<(), TestCaseError> {
    let pos = *random_game(game, choices).last().unwrap();
    let mut moves = G::Moves::default();
    game.legal_moves(&pos, &mut moves);
    match game.parse_move(&pos, mv) {
        Ok(m) => prop_assert!(moves.contains(&m), "{} accepted", mv),
        Err(e) => prop_assert!(!e.to_string().is_empty()),
    }
    match game.parse_position(position) {
        Ok(p) => {
            let text = game.format_position(&p);
            prop_assert_eq!(game.parse_position(&text), Ok(p));
            game.legal_moves(&p, &mut moves);
            prop_assert_eq!(moves.is_empty(), game.end(&p).is_some());
            for &m in moves.iter() {
                let next = game.format_position(&game.play(&p, m));
                prop_assert!(game.parse_position(&next).is_ok(), "{} after {:?}", next, m);
            }
        }
        Err(e) => prop_assert!(!e.to_string().is_empty()),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_text_is_read_or_refused_80(
        choices in prop::collection::vec(0usize..64, 0..60),
        mv in "[0-9RBTrbtX ]{0,6}",
        position in "(([0-9]{1,2}[RBT]){0,3}-){15,17}[0-9]{1,2}-[0-9]{1,2}-[SNX]",
    ) {
        any_text(&Transparent80, &choices, &mv, &position)?;
    }

    #[test]
    fn any_text_is_read_or_refused_96(
        choices in prop::collection::vec(0usize..64, 0..60),
        mv in "[0-9RBTrbtX ]{0,6}",
        position in "(([0-9]{1,2}[RBT]){0,3}-){15,17}[0-9]{1,2}-[0-9]{1,2}-[SNX]",
    ) {
        any_text(&Transparent96, &choices, &mv, &position)?;
    }
}

#[test]
fn keys_are_equal_exactly_when_positions_are() {
    assert_keys_exact(&Transparent80, &fixed_games(&Transparent80, 80, 64));
    assert_keys_exact(&Transparent96, &fixed_games(&Transparent96, 80, 64));
}
