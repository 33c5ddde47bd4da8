//! Unit tests of the `colors12` rules: placement, sowing with special
//! seeds, the colour-restricted capture chain, feeding, the grand slam, the
//! endings, notation and the refusal of bad input.

use super::*;
use crate::game::{History, Scoreboard, Side};
use crate::variants::testing::{self, Written};

/// A position from the listed holes (others empty) and South's score, South
/// to move with the special seeds placed; North gets the rest of the 74.
fn setup(holes: &[(usize, &str)], south: u32) -> Board {
    Colors12.setup(holes, south, 'S')
}

#[test]
fn setup_phase_places_both_special_seeds_then_south_sows() {
    let game = Colors12;
    let start = game.assert_start_written(&format!("{}0-0-S-2S", "3R3B-".repeat(12)));
    assert_eq!(
        game.listed(&start),
        (1..=12).map(|h| h.to_string()).collect::<Vec<_>>()
    );
    assert_eq!(game.end(&start), None);
    let err = game.parse_move(&start, "5R").unwrap_err().to_string();
    assert!(err.contains("hole number alone"), "{err}");
    let one = Colors12.played(&start, "5");
    assert_eq!(game.side_to_move(&one), Side::North);
    assert!(game.format_position(&one).ends_with("-0-0-N-1S"));
    assert!(game.is_irreversible(&start, &one));
    let both = Colors12.played(&one, "5");
    assert_eq!(game.side_to_move(&both), Side::South);
    assert_eq!(Colors12.holes(&both)[4], (5, "3R3B2S".to_string()));
    assert_eq!(both.hand(), 0);
    let err = game.parse_move(&both, "5").unwrap_err().to_string();
    assert!(err.contains("already placed"), "{err}");
    assert_eq!(game.parse_position(&game.format_position(&one)), Ok(one));
}

#[test]
fn special_seed_in_the_middle() {
    let pos = setup(&[(1, "2R2B1S"), (12, "4R4B")], 30);
    // Red, red, special, black, black into holes 2..6.
    let next = Colors12.played(&pos, "1R3");
    Colors12.assert_holes(
        &next,
        &[
            (2, "1R"),
            (3, "1R"),
            (4, "1S"),
            (5, "1B"),
            (6, "1B"),
            (12, "4R4B"),
        ],
    );
}

#[test]
fn two_special_seeds_are_sown_at_s_and_s_plus_1() {
    let pos = setup(&[(1, "1R1B2S"), (12, "4R4B")], 30);
    assert_eq!(Colors12.listed(&pos)[..3], ["1R1", "1R2", "1R3"]);
    let next = Colors12.played(&pos, "1B2");
    Colors12.assert_holes(
        &next,
        &[(2, "1B"), (3, "1S"), (4, "1S"), (5, "1R"), (12, "4R4B")],
    );
    let err = Colors12.parse_move(&pos, "1B4").unwrap_err().to_string();
    assert!(err.contains("S and S+1") && err.contains("1 to 3"), "{err}");
}

#[test]
fn special_seed_last_captures_with_red_only() {
    // The special seed lands in 7: red + special = 2 qualifies, black +
    // special = 4 does not; the chain goes on in red only, to hole 7... and
    // stops at South's side.
    let pos = setup(&[(6, "1S"), (7, "1R3B"), (10, "3R3B"), (1, "2R")], 30);
    Colors12.assert_plays(&pos, "6R1", 32, &[(1, "2R"), (7, "3B"), (10, "3R3B")]);
}

#[test]
fn special_seed_last_captures_with_black_only() {
    let pos = setup(
        &[(5, "1R1S"), (7, "2R"), (8, "4R1B"), (10, "3R3B"), (1, "2R")],
        30,
    );
    // Red to 6, the special seed to 7: red + special = 3 in 7 (taken, 3).
    // Hole 6 is South's: the chain stops there.
    Colors12.assert_plays(
        &pos,
        "5R2",
        33,
        &[(1, "2R"), (6, "1R"), (8, "4R1B"), (10, "3R3B")],
    );
    // Black qualifying alone: special last into a hole of 1 red 1 black...
    let pos = setup(&[(6, "1S"), (7, "3R1B"), (10, "3R3B"), (1, "2R")], 30);
    Colors12.assert_plays(&pos, "6B1", 32, &[(1, "2R"), (7, "3R"), (10, "3R3B")]);
}

#[test]
fn chain_narrows_from_both_colours_to_one() {
    let pos = setup(
        &[
            (1, "2R"),
            (6, "2R1S"),
            (7, "1R3B"),
            (8, "3R2B"),
            (9, "1R1B"),
            (10, "3R3B"),
        ],
        26,
    );
    // Red to 7 and 8, the special seed to 9. Hole 9 = 1R1B1S: both colours
    // qualify (3 taken). Hole 8 = 4R2B: only black (2 taken). Hole 7 =
    // 2R3B: black only now (3 taken); its 2 red stay although 2 would have
    // qualified.
    Colors12.assert_plays(
        &pos,
        "6R3",
        26 + 8,
        &[(1, "2R"), (7, "2R"), (8, "4R"), (10, "3R3B")],
    );
}

#[test]
fn a_colour_the_hole_lacks_gives_the_same_move_listed_once() {
    let pos = setup(&[(2, "3B"), (12, "4R4B")], 30);
    assert_eq!(Colors12.listed(&pos), ["2B"]);
    let named = Colors12.parse_move(&pos, "2R").unwrap();
    assert_eq!(named, Colors12.parse_move(&pos, "2b").unwrap());
    assert_eq!(named, Colors12.parse_move(&pos, "2N").unwrap());
    assert_eq!(Colors12.format_move(&pos, named), "2B");
    // A hole of special seeds only is listed under red.
    let pos = setup(&[(2, "1S"), (12, "4R4B")], 30);
    assert_eq!(Colors12.listed(&pos), ["2R1"]);
    assert_eq!(
        Colors12.parse_move(&pos, "2B1"),
        Colors12.parse_move(&pos, "2R1")
    );
}

#[test]
fn must_feed_an_empty_side() {
    let pos = setup(&[(1, "2R"), (5, "1R1B"), (6, "1B")], 34);
    assert_eq!(Colors12.listed(&pos), ["5R", "5B", "6B"]);
    let err = Colors12.parse_move(&pos, "1R").unwrap_err().to_string();
    assert!(err.contains("does not feed"), "{err}");
}

#[test]
fn no_legal_move_ends_with_each_side_collecting_its_own() {
    let pos = setup(&[(1, "2R")], 36);
    assert!(Colors12.listed(&pos).is_empty());
    let end = Colors12.end(&pos).unwrap();
    assert_eq!((end.reason, end.scores), (EndReason::NoLegalMove, [38, 36]));
}

#[test]
fn grand_slam_takes_every_seed_left() {
    // Red to 7, which then holds 1 red and 1 black: 1 red, no capture.
    let pos = setup(&[(1, "3R3B"), (5, "1R"), (6, "1R"), (7, "1B")], 30);
    assert_eq!(Colors12.played(&pos, "6R").score(0), 30);
    // Red to 7, which then holds 2 red: taken, North is left empty, so
    // South also takes the 7 seeds on its own side and the game ends.
    let pos = setup(&[(1, "3R3B"), (5, "1R"), (6, "1R"), (7, "1R")], 30);
    let next = Colors12.played(&pos, "6R");
    assert_eq!(Colors12.scores(&next), [39, 35]);
    assert!(Colors12.holes(&next).is_empty());
    let end = Colors12.end(&next).unwrap();
    assert_eq!(
        (end.reason, end.winner()),
        (EndReason::Target, Some(Side::South))
    );
}

#[test]
fn targets_draws_and_repetition() {
    let won = setup(&[(1, "2R"), (7, "2R")], 38);
    assert_eq!(Colors12.end(&won).unwrap().reason, EndReason::Target);
    assert_eq!(Colors12.count_legal_moves(&won), 0);
    let drawn = Colors12
        .parse_position(&format!("{}37-37-S", "0-".repeat(12)))
        .unwrap();
    assert_eq!(Colors12.end(&drawn).unwrap().reason, EndReason::EvenSplit);
    let pos = setup(&[(1, "2R"), (7, "3R1S")], 30);
    let end = Colors12.repetition_end(&pos).unwrap();
    assert_eq!((end.reason, end.scores), (EndReason::Repetition, [32, 42]));
}

#[test]
fn repetition_ends_the_game_through_the_history() {
    // Two lone seeds chase each other round the board without capturing
    // until a position comes back.
    let pos = setup(&[(1, "1R"), (7, "1R")], 36);
    let mut history = History::new(Colors12.key(&pos));
    let mut p = pos;
    let mut plies = 0;
    while !history.is_repetition() {
        assert!(plies < 24, "no repetition after {plies} plies");
        let next = Colors12.played(&p, &Colors12.listed(&p)[0]);
        history.push(Colors12.key(&next), Colors12.is_irreversible(&p, &next));
        p = next;
        plies += 1;
    }
    let end = crate::game::game_end(&Colors12, &p, &history).unwrap();
    assert_eq!(end.reason, EndReason::Repetition);
    assert_eq!(end.scores, p.collected_scores());
    assert_eq!(end.scores[0] + end.scores[1], SEEDS);
}

#[test]
fn bad_input_is_refused_with_the_reason_and_the_position_is_unchanged() {
    let game = Colors12;
    let pos = setup(&[(1, "2R"), (3, "3R3B1S"), (8, "3R3B"), (12, "1B")], 29);
    let cases = [
        ("14X", "hole numbers run from 1 to 12"),
        ("3X", "'X' is not a colour"),
        ("3R", "holds 1 special seed: give the position"),
        ("3R8", "beyond the 7 seeds of hole 3"),
        ("3R0", "must be a number from 1"),
        ("3Rx", "not a sowing position"),
        ("1R1", "holds no special seed"),
        ("8R", "belongs to the opponent"),
        ("4R", "hole 4 is empty"),
        ("3", "already placed"),
        ("R2", "expected a hole number"),
    ];
    testing::assert_moves_refused(&game, &pos, "", &cases);
    assert!(game.parse_move(&pos, "3r7").is_ok() && game.parse_move(&pos, "3n1").is_ok());
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    let game = Colors12;
    assert!(game
        .parse_position(&game.start_with(&["3R3B1S", "3R3B1S"], "0-0-S"))
        .is_ok());
    let cases = [
        (game.start_with(&[], "0-1-S-2S"), "add up to 75"),
        (
            game.start_with(&[], "0-0-N-2S"),
            "South (player 1) places first",
        ),
        (
            game.start_with(&[], "0-1-S-1S"),
            "North (player 2) places it",
        ),
        (game.start_with(&[], "0-0-S-3S"), "2S or 1S"),
        (game.start_with(&["3R3B3S"], "0-0-S"), "3 special seeds"),
        (game.start_with(&["4R3B"], "0-0-S"), "37 red"),
        (format!("{}0-0-S", "3R3B-".repeat(11)), "expected 15 fields"),
        (
            game.start_with(&["3R3Q"], "0-0-S"),
            "'Q' is not a seed letter",
        ),
    ];
    testing::assert_refused(&cases, |text| game.parse_position(text));
}

/// The start renders twelve `3R3B` holes and a placement to make, and the
/// variant refuses `GrandSlam=capture`.
#[test]
fn the_start_renders_its_seeds_and_grandslam_is_refused() {
    Colors12.assert_start_renders("3R3B", "South to place a special seed");
    Colors12.assert_no_options("GrandSlam", "capture");
}

#[test]
fn the_included_weights_pass_their_checks_and_are_used() {
    use super::features::{COUNT, FEATURE_SET};
    let weights = crate::variants::weight_file::decode(WEIGHTS, FEATURE_SET, COUNT)
        .expect("the included weight file is good");
    assert_eq!(Colors12::eval().weights(), &weights[..]);
    // The start is level, and the evaluation is not the captures alone.
    assert_eq!(Colors12.evaluate(&Colors12.start()), 0);
    assert!(weights.iter().any(|&w| w != 0));
}
