//! The evaluation: symmetric, its named terms sum to it, the hand-set
//! weights written in the fitted feature set keep their values.

use crate::common::process::run_with_input;
use awale::game::Game;
use awale::variants::oware::eval::{self, evaluate_with, WEIGHTS};
use awale::variants::oware::features::{Eval, COUNT};
use awale::variants::oware::{Board, Oware};
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
        let engine = eval::Evaluation::default();
        let sum: i32 = engine.terms(b).iter().map(|t| t.1).sum();
        prop_assert_eq!(sum, engine.evaluate(b));
    }

    #[test]
    fn hand_set_in_the_feature_set_is_the_hand_set_evaluation(b in position()) {
        prop_assert_eq!(eval::hand_set().evaluate(b), evaluate_with(b, &WEIGHTS));
    }
}

/// The `Total:` values of the `eval` answers in an engine's output, and its
/// error lines.
fn totals_and_errors(args: &[&str], script: &str) -> (Vec<i32>, Vec<String>, String) {
    let out = run_with_input(args, script);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let totals = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("Total: "))
        .map(|t| t.trim().parse().unwrap())
        .collect();
    let errors = stdout
        .lines()
        .filter(|l| l.starts_with("info string error"))
        .map(str::to_string)
        .collect();
    (totals, errors, stdout)
}

#[test]
fn the_evalfile_option_changes_the_weights_and_refuses_bad_files() {
    let moves = ["C", "b", "B", "e", "C", "a", "F"];
    let game = Oware::default();
    let mut pos = game.start();
    for m in moves {
        pos = game.play(&pos, game.parse_move(&pos, m).unwrap());
    }
    // The engine scales every evaluation by the seeds on the board.
    let scaled = |v: i32| v * eval::scale(pos) / 64;
    let fitted = scaled(eval::fitted().unwrap().evaluate(pos));
    let hand = scaled(eval::hand_set().evaluate(pos));
    assert_ne!(fitted, hand, "a position where the weights disagree");

    let dir = std::env::temp_dir().join(format!("awale-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.bin");
    std::fs::write(&good, eval::EMBEDDED).unwrap();
    let mut flipped = eval::EMBEDDED.to_vec();
    flipped[60] ^= 0x10;
    let bad = dir.join("flipped.bin");
    std::fs::write(&bad, &flipped).unwrap();

    let script = format!(
        "position startpos moves {}\neval\n\
         setoption name EvalFile value <hand-set>\neval\n\
         setoption name EvalFile value {}\neval\n\
         setoption name EvalFile value /no/such/weights.bin\neval\n\
         setoption name EvalFile value {}\neval\n\
         uci\ngo depth 3\nisready\nquit\n",
        moves.join(" "),
        bad.display(),
        good.display()
    );
    let (totals, errors, stdout) = totals_and_errors(&[], &script);
    // A refused file changes nothing: the hand-set weights stay.
    assert_eq!(totals, vec![fitted, hand, hand, hand, fitted], "{stdout}");
    assert_eq!(errors.len(), 2, "{stdout}");
    assert!(
        errors[0].contains("EvalFile") && errors[0].contains("checksum"),
        "{}",
        errors[0]
    );
    assert!(errors[1].contains("/no/such/weights.bin"), "{}", errors[1]);
    assert!(
        stdout.contains(&format!(
            "option name EvalFile type string default {}",
            good.display()
        )),
        "uci shows the weights in force: {stdout}"
    );
    assert!(stdout.contains("bestmove "), "{stdout}");

    // `--eval` sets the weights the option starts from.
    let (totals, errors, stdout) = totals_and_errors(
        &["--eval", "<hand-set>"],
        &format!(
            "position startpos moves {}\neval\nuci\nquit\n",
            moves.join(" ")
        ),
    );
    assert_eq!((totals, errors), (vec![hand], vec![]), "{stdout}");
    assert!(
        stdout.contains("option name EvalFile type string default <hand-set>"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The colour variants evaluate with their own fitted weights,
/// not by the captured seeds alone: the protocol's `eval` shows the
/// library's value, split into terms that sum to it, and `EvalFile` (Oware
/// weights) leaves them alone.
#[test]
fn the_colour_variants_evaluate_with_their_own_weights() {
    use awale::game::{play_moves, History};
    use awale::variants::colors12::Colors12;
    use awale::variants::colors16::Colors16;
    use awale::variants::transparent::{Transparent80, Transparent96};

    fn after<G: Game>(game: &G, moves: &str) -> G::Position {
        let start = game.start();
        play_moves(game, start, &History::new(game.key(&start)), moves)
            .expect("legal moves")
            .0
    }

    fn check<G: Game>(game: G, moves: &str, terms: &[&str]) {
        let pos = after(&game, moves);
        let expected = game.evaluate(&pos);
        let script = format!(
            "setoption name Variant value {}\nposition startpos moves {moves}\neval\n\
             setoption name EvalFile value <hand-set>\neval\nquit\n",
            game.name()
        );
        let (totals, errors, stdout) = totals_and_errors(&[], &script);
        assert_eq!(totals, vec![expected, expected], "{stdout}");
        assert!(errors.is_empty(), "{stdout}");
        let shown: Vec<(String, i32)> = stdout
            .lines()
            .filter_map(|l| l.strip_prefix("  ")?.split_once(": "))
            .map(|(name, v)| (name.to_string(), v.trim().parse().unwrap()))
            .collect();
        let names: Vec<&str> = shown.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(&names[..terms.len()], terms, "{stdout}");
        let sum: i32 = shown[..terms.len()].iter().map(|(_, v)| v).sum();
        assert_eq!(sum, expected, "{stdout}");
        let scores = game.scores(&pos);
        let me = game.side_to_move(&pos).index();
        let captured = (scores[me] as i32 - scores[1 - me] as i32) * 100;
        assert_eq!(shown[0], ("captured".to_string(), captured), "{stdout}");
        assert_ne!(
            expected,
            captured,
            "{} weighs more than captures",
            game.name()
        );
    }

    let family = ["captured", "holes", "colours", "side total", "moves"];
    check(Colors16, "1R 2B 3B 4R 5B", &family);
    check(Transparent96, "1TR 2B 3TB 4R", &family);
    check(Transparent80, "1TR 2B 3TB 4R", &family);
    let colors12 = [
        "captured",
        "holes",
        "special seeds",
        "cells",
        "threats",
        "side total",
        "moves",
    ];
    check(Colors12, "3 9 3R7 8B 1B", &colors12);
}
